package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.RunFile;
import org.monkeyeval.model.Workload;

/**
 * Guards that the robust deployable allocation chooses the filter's type as well as its bits: at
 * rocksdb-per-level each level may take none, Bloom or Ribbon, and the answer equals trying every
 * combination of the union (regrets against the union's own optima at both ends); at rocksdb-ribbon
 * the answer is the (B, L) of least worst regret, rated here run by run with RocksDB's rule written out;
 * with a point interval it is the deployable optimum; and runs given with key ranges weigh both ends by
 * the lookups their ranges receive.
 */
final class RobustTypeChoiceTest {

    private static final FilterFamily BLOOM = TypeChoices.BLOOM;
    private static final FilterFamily RIBBON = TypeChoices.RIBBON;

    /** A random case: 2 or 3 runs on distinct levels, the first at level 0, an interval and a budget. */
    private record Shape(long[] entries, Integer[] levels, ShareInterval interval, double budget) {
        static Shape random(int seed) {
            SplittableRandom random = new SplittableRandom(seed);
            int runs = 2 + random.nextInt(2);
            long[] entries = new long[runs];
            Integer[] levels = new Integer[runs];
            long total = 0;
            for (int i = 0; i < runs; i++) {
                levels[i] = i;
                entries[i] = 200 + random.nextLong(5_000) * (i + 1) * (i + 1) * (i + 1);
                total += entries[i];
            }
            double low = random.nextDouble() * 0.6;
            double high = low + random.nextDouble() * (1 - low);
            return new Shape(entries, levels, new ShareInterval(low, high),
                    Math.floor(total * (1 + random.nextDouble() * 11)));
        }

        double total() {
            return LsmCase.sum(entries).doubleValue();
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void perLevel_unionOfBloomAndRibbon_matchesExhaustiveSearchOfTheWorstRegret(int seed) {
        Shape c = Shape.random(seed);
        List<DeployableChoice> choices = TypeChoices.union(TypeChoices.millibits(2000 + seed));
        int[] groups = DeployableSolver.groups(Engine.ROCKSDB_PER_LEVEL, c.levels());
        RobustDeployable found = new RobustDeployableSolver().solve(Engine.ROCKSDB_PER_LEVEL, choices, c.entries(),
                groups, c.interval(), c.budget(), null);

        LookupWeights low = LookupWeights.ofZeroResultShare(c.entries(), c.total(), c.interval().low());
        LookupWeights high = LookupWeights.ofZeroResultShare(c.entries(), c.total(), c.interval().high());
        int runs = c.entries().length;
        List<double[]> fits = new ArrayList<>();
        int[] pick = new int[runs];
        int count = choices.size();
        for (long k = 0; k < pow(count, runs); k++) {
            long x = k;
            double[] fpr = new double[runs];
            double size = 0;
            for (int i = 0; i < runs; i++) {
                pick[i] = (int) (x % count);
                x /= count;
                fpr[i] = choices.get(pick[i]).fpr(c.entries()[i]);
                size += choices.get(pick[i]).filterBits(c.entries()[i]);
            }
            if (size <= c.budget()) {
                fits.add(fpr);
            }
        }
        Regrets all = Regrets.of(fits, low, high);

        assertTrue(found.usedBits() <= c.budget(), "used " + found.usedBits() + " of " + c.budget());
        assertEquals(all.lowBest(), found.ends().lowBest(), 1e-12 * all.lowBest(), "the union's optimum at zL");
        assertEquals(all.highBest(), found.ends().highBest(), 1e-12 * all.highBest(), "the union's optimum at zH");
        assertEquals(all.worst(), found.worstRegret(), 1e-12 * (all.lowBest() + all.highBest()), "least worst regret");
        for (int i = 0; i < runs; i++) {
            assertEquals(found.family(i).fpr(c.entries()[i], found.setting(i)), found.fpr(i), 0.0,
                    "run " + i + " rated with its own family and setting");
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void rocksDbRibbon_robustBAndL_isTheLeastWorstRegretOfEveryPair(int seed) {
        Shape c = Shape.random(seed);
        int[] m = TypeChoices.millibits(2000 + seed);
        List<DeployableChoice[]> pairs = TypeChoices.pairs(m);
        LookupWeights low = LookupWeights.ofZeroResultShare(c.entries(), c.total(), c.interval().low());
        LookupWeights high = LookupWeights.ofZeroResultShare(c.entries(), c.total(), c.interval().high());

        // RocksDB's RibbonFilterPolicy::GetBuilderWithContext (filter_policy.cc, 1dfa7297): a flush's file
        // is levelish -1, a compaction's its level; Bloom iff levelish < bloom_before_level
        int top = c.levels().length - 1;
        List<double[]> fits = new ArrayList<>();
        for (int s = 0; s < pairs.size(); s++) {
            for (int bbl = -1; bbl <= top + 1; bbl++) {
                double[] fpr = new double[c.entries().length];
                double size = 0;
                for (int i = 0; i < fpr.length; i++) {
                    int levelish = c.levels()[i] == 0 ? -1 : c.levels()[i];
                    DeployableChoice d = pairs.get(s)[levelish < bbl ? 0 : 1];
                    fpr[i] = d.fpr(c.entries()[i]);
                    size += d.filterBits(c.entries()[i]);
                }
                if (size <= c.budget()) {
                    fits.add(fpr);
                }
            }
        }
        Regrets all = Regrets.of(fits, low, high);
        ShareEnds ends = new ShareEnds(c.interval(), low, high, all.lowBest(), all.highBest());
        RobustDeployable found = DeployableRibbonSolver.robust(pairs, c.entries(), c.levels(), ends, c.budget(), 2);

        double scale = all.lowBest() + all.highBest();
        assertTrue(found.usedBits() <= c.budget(), "used " + found.usedBits() + " of " + c.budget());
        assertEquals(all.worst(), found.worstRegret(), 1e-12 * scale, "least worst regret");
        assertEquals(found.worstRegret(), found.dualBound(), 1e-12 * scale, "every pair costed: no gap");
        int l = found.bloomBeforeLevel();
        for (int i = 0; i < c.entries().length; i++) {
            int levelish = c.levels()[i] == 0 ? -1 : c.levels()[i];
            if (found.setting(i).hasFilter()) {
                assertEquals(levelish < l ? BLOOM : RIBBON, found.family(i), "run " + i + " under L = " + l);
            }
        }
    }

    @Test
    void rocksDbRibbon_pointInterval_isTheDeployableOptimumWithoutRegret() {
        long[] entries = {100_000, 100_000, 1_000_000, 10_000_000};
        Integer[] levels = {0, 0, 1, 2};
        double budget = 11_200_000 * 6.0;
        RobustDeployable r = new RobustDeployableSolver().solve(Engine.ROCKSDB_RIBBON, entries, levels,
                new ShareInterval(0.7, 0.7), budget, null);
        Deployable d = new DeployableSolver().solve(Engine.ROCKSDB_RIBBON, entries,
                LookupWeights.ofZeroResultShare(entries, 11_200_000, 0.7).reach(), levels, budget);
        assertEquals(0.0, r.worstRegret(), 1e-15);
        assertEquals(d.bloomBeforeLevel(), r.bloomBeforeLevel());
        assertEquals(d.settingOfGroup(), r.settingOfGroup());
        for (int i = 0; i < entries.length; i++) {
            assertEquals(d.family(i), r.family(i), "run " + i);
        }
    }

    @Test
    void runsWithKeyRanges_bothEndsWeighedByTheLookupsTheirRangesReceive() {
        // run 0 covers the lower half of the key space, run 1 all of it
        RunFile a = new RunFile("a", 2_000, null, "none", Map.of(), 0, false, true, null, "6b00", "6b80");
        RunFile b = new RunFile("b", 10_000, null, "none", Map.of(), 0, false, true, null, "6b00", "6bff");
        List<Run> runs = List.of(new Run("r0", 2_000, 0, null, null, List.of(a)),
                new Run("r1", 10_000, 1, null, null, List.of(b)));
        LsmCase c = new LsmCase("ranges", null, runs, new Budget.BitsPerEntry(8), null,
                new Workload.ZeroResultShare(0.5, new Workload.ShareRange(0.2, 0.9)), "rocksdb-per-level");
        CaseResult result = new CaseEvaluator(new ThresholdSolver()).evaluate(c);
        KeyRangeReach k = KeyRangeReach.of(c);
        long[] entries = c.entries();
        for (int i = 0; i < 2; i++) {
            assertEquals(LookupWeights.ofZeroResultShare(entries, 12_000, 0.2).reach(i) * k.runReach(i),
                    result.robustDeployable().ends().low().reach(i), 1e-15, "zL, run " + i);
            assertEquals(LookupWeights.ofZeroResultShare(entries, 12_000, 0.9).reach(i) * k.runReach(i),
                    result.robust().ends().high().reach(i), 1e-15, "zH, run " + i);
        }
        assertTrue(k.runReach(0) < 1.0, "run 0 is reached by part of the lookups: " + k.runReach(0));
    }

    /** The least cost at each end over the allocations that fit, and the least worst regret against them. */
    private record Regrets(double lowBest, double highBest, double worst) {
        static Regrets of(List<double[]> fits, LookupWeights low, LookupWeights high) {
            double lowBest = Double.POSITIVE_INFINITY;
            double highBest = Double.POSITIVE_INFINITY;
            for (double[] fpr : fits) {
                lowBest = Math.min(lowBest, low.cost(fpr));
                highBest = Math.min(highBest, high.cost(fpr));
            }
            double worst = Double.POSITIVE_INFINITY;
            for (double[] fpr : fits) {
                worst = Math.min(worst, Math.max(low.cost(fpr) - lowBest, high.cost(fpr) - highBest));
            }
            return new Regrets(lowBest, highBest, worst);
        }
    }

    private static long pow(int base, int exponent) {
        long p = 1;
        for (int i = 0; i < exponent; i++) {
            p *= base;
        }
        return p;
    }
}
