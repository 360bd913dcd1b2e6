package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.EngineLevels;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.model.LsmCase;

/**
 * {@code export --engine pebble} writes settings for Pebble's Get, which reads no L6 filter (cockroachdb/pebble
 * {@code file_cache.go}: {@code NeverUseFilterBlock} at level 6 unless {@code IterOptions.UseL6Filters}): on
 * every published case Pebble can hold that has runs below L0, L6 gets {@code NoFilterPolicy} in the OPTIONS
 * and in Go, and the expected cost counts every run at L6 as read. {@code --engine pebble-use-l6-filters}
 * (iterators with UseL6Filters) costs no more, and gives L6 a filter exactly where that lowers the cost.
 */
final class ExportPebbleReadPathTest {

    private static final Pattern COST = Pattern.compile("expected cost \\(run reads per lookup\\) (\\S+)");
    private static final String L6_NONE = "[Level \"6\"]\n  filter_policy=none\n";
    private static final String L6_GO_NONE = "opts.Levels[6].TableFilterPolicy = func() pebble.TableFilterPolicy"
            + " { return pebble.NoFilterPolicy }";

    static Stream<String> pebbleCases() throws Exception {
        List<String> ids = new ArrayList<>();
        for (CaseFile f : CaseFolder.read(Path.of("cases"))) {
            LsmCase c = f.lsmCase();
            try {
                EngineLevels.map(Engine.PEBBLE, c.runs());
            } catch (EngineLevels.ShapeException tooDeep) {
                continue;
            }
            boolean[] last = EngineLevels.lastLevelRuns(c.runs());
            boolean belowL0 = false;
            for (boolean b : last) {
                belowL0 |= b;
            }
            if (belowL0) {
                ids.add(c.id());
            }
        }
        return ids.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pebbleCases")
    void exportPebble_publishedCase_buildsNoL6FilterAndCountsL6AsRead(String caseId) throws Exception {
        Cli.Outcome get = Cli.run("export", "--engine", "pebble", "--case", caseId);
        assertEquals(0, get.exitCode(), get.err());
        assertTrue(get.out().contains(L6_NONE) && get.out().contains(L6_GO_NONE), get.out());

        LsmCase lsmCase = CaseFolder.readCase(Path.of("cases"), caseId);
        CaseResult r = new CaseEvaluator(new ThresholdSolver(), Engine.PEBBLE).evaluate(lsmCase);
        boolean[] last = EngineLevels.lastLevelRuns(lsmCase.runs());
        double lastReach = 0.0;
        for (int i = 0; i < last.length; i++) {
            if (last[i]) {
                assertEquals(1.0, r.deployable().fpr(i), "run " + (i + 1) + " at L6 is read by every lookup");
                assertEquals(0.0, r.deployable().filterBits(i), "run " + (i + 1) + " at L6 holds no filter");
                lastReach += r.weights().reach()[i];
            }
        }
        double cost = cost(get.out());
        assertEquals(r.deployableCost(), cost, 1e-12 * cost);
        assertTrue(cost >= lastReach, cost + " < the reach of L6, " + lastReach);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pebbleCases")
    void exportPebbleUseL6Filters_publishedCase_filtersL6ExactlyWhereThatLowersTheCost(String caseId) {
        Cli.Outcome get = Cli.run("export", "--engine", "pebble", "--case", caseId);
        Cli.Outcome iter = Cli.run("export", "--engine", "pebble-use-l6-filters", "--case", caseId);
        assertEquals(0, iter.exitCode(), iter.err());
        double getCost = cost(get.out());
        double iterCost = cost(iter.out());
        assertTrue(iterCost <= getCost * (1 + 1e-12), iterCost + " > " + getCost);
        boolean l6Filtered = !iter.out().contains(L6_NONE);
        assertEquals(l6Filtered, iterCost < getCost * (1 - 1e-12),
                "L6 " + (l6Filtered ? "filtered" : "unfiltered") + " at cost " + iterCost + " (Get: " + getCost + ")");
    }

    private static double cost(String export) {
        Matcher m = COST.matcher(export);
        assertTrue(m.find(), export);
        return Double.parseDouble(m.group(1));
    }
}
