package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.catalog.Engine;

/**
 * Guards the allocation of the filter type with its bits: on small random cases the per-level optimum
 * over none / Bloom / Ribbon equals exhaustive search over those settings and is never worse than the
 * best allocation of one type at the same budget; rocksdb-ribbon's (B, L) equals exhaustive search over
 * every B and bloom_before_level with RocksDB's rule written out here; build work is the entries'
 * weighted mean of the families' build times.
 */
final class DeployableTypeTest {

    private static final DeployableSolver SOLVER = new DeployableSolver();
    private static final FilterFamily BLOOM = TypeChoices.BLOOM;
    private static final FilterFamily RIBBON = TypeChoices.RIBBON;

    /** A random case: 2 to 5 runs on levels 0 .. 3, some L0 runs, budgets from 1 to 12 bits per entry. */
    private record Shape(long[] entries, double[] reach, Integer[] levels, double budget) {
        static Shape random(int seed) {
            SplittableRandom random = new SplittableRandom(seed);
            int runs = 2 + random.nextInt(4);
            long[] entries = new long[runs];
            double[] reach = new double[runs];
            Integer[] levels = new Integer[runs];
            long total = 0;
            for (int i = 0; i < runs; i++) {
                levels[i] = i == 0 ? 0 : Math.min(3, levels[i - 1] + random.nextInt(2));
                entries[i] = 200 + random.nextLong(5_000) * (levels[i] + 1) * (levels[i] + 1);
                reach[i] = random.nextInt(3) == 0 ? random.nextDouble() : 1.0;
                total += entries[i];
            }
            return new Shape(entries, reach, levels, Math.floor(total * (1 + random.nextDouble() * 11)));
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void perLevel_randomCases_matchesExhaustiveAndNoWorseThanOneType(int seed) {
        Shape c = Shape.random(seed);
        int[] m = TypeChoices.millibits(1000 + seed);
        int[] groups = DeployableSolver.groups(Engine.ROCKSDB_PER_LEVEL, c.levels());

        Deployable found = SOLVER.solve(Engine.ROCKSDB_PER_LEVEL, TypeChoices.union(m), c.entries(), c.reach(), groups,
                c.budget());
        double both = exhaustive(TypeChoices.union(m), c, groups);
        double bloomOnly = exhaustive(TypeChoices.onlyOf(BLOOM, m), c, groups);
        double ribbonOnly = exhaustive(TypeChoices.onlyOf(RIBBON, m), c, groups);

        assertTrue(found.usedBits() <= c.budget(), "used " + found.usedBits() + " of " + c.budget());
        assertEquals(both, found.weightedFpr(), 1e-12 * both);
        assertTrue(found.weightedFpr() <= Math.min(bloomOnly, ribbonOnly) * (1 + 1e-12),
                found.weightedFpr() + " above one type: Bloom " + bloomOnly + ", Ribbon " + ribbonOnly);
        for (int i = 0; i < c.entries().length; i++) {
            double p = found.family(i).fpr(c.entries()[i], found.setting(i));
            assertEquals(p, found.fpr(i), 0.0, "run " + i + " rated with its own family and setting");
        }
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void rocksDbRibbon_randomCases_matchesExhaustiveOverBAndL(int seed) {
        Shape c = Shape.random(seed);
        int[] m = TypeChoices.millibits(1000 + seed);
        List<DeployableChoice[]> pairs = TypeChoices.pairs(m);
        Deployable found = DeployableRibbonSolver.solve(pairs, c.entries(), c.reach(), c.levels(), c.budget());

        // RocksDB's RibbonFilterPolicy::GetBuilderWithContext (filter_policy.cc, 1dfa7297): a flush's
        // file is levelish -1, a compaction's its level; Bloom iff levelish < bloom_before_level
        int top = 0;
        for (Integer l : c.levels()) {
            top = Math.max(top, l);
        }
        double best = Double.POSITIVE_INFINITY;
        int bestL = Integer.MIN_VALUE;
        for (int s = 0; s < pairs.size(); s++) {
            for (int bbl = -1; bbl <= top + 1; bbl++) {
                double cost = 0;
                double size = 0;
                for (int i = 0; i < c.entries().length; i++) {
                    int levelish = c.levels()[i] == 0 ? -1 : c.levels()[i];
                    DeployableChoice d = pairs.get(s)[levelish < bbl ? 0 : 1];
                    cost += c.reach()[i] * d.fpr(c.entries()[i]);
                    size += d.filterBits(c.entries()[i]);
                }
                if (size <= c.budget() && cost < best * (1 - 1e-12)) {
                    best = cost;
                    bestL = bbl;
                }
            }
        }
        assertTrue(found.usedBits() <= c.budget(), "used " + found.usedBits() + " of " + c.budget());
        assertEquals(best, found.weightedFpr(), 1e-12 * best);
        assertTrue(found.bloomBeforeLevel() >= -1 && found.bloomBeforeLevel() <= top + 1,
                "L " + found.bloomBeforeLevel() + " (exhaustive: " + bestL + ")");
        for (int i = 0; i < c.entries().length; i++) {
            int levelish = c.levels()[i] == 0 ? -1 : c.levels()[i];
            boolean bloomRun = levelish < found.bloomBeforeLevel();
            if (found.setting(i).hasFilter()) {
                assertSame(bloomRun ? BLOOM : RIBBON, found.family(i), "run " + i + " at level " + c.levels()[i]);
            }
        }
        // one type is a special case of (B, L): L = -1 (Ribbon everywhere), L = top + 1 (Bloom everywhere)
        assertTrue(found.weightedFpr() <= exhaustiveOneB(TypeChoices.onlyOf(BLOOM, m), c) * (1 + 1e-12));
        assertTrue(found.weightedFpr() <= exhaustiveOneB(TypeChoices.onlyOf(RIBBON, m), c) * (1 + 1e-12));
    }

    @Test
    void buildsBloom_rocksDbDocumentedLevels_followTheRule() {
        // include/rocksdb/filter_policy.h, NewRibbonFilterPolicy: -1 always Ribbon; 0 Bloom for flushes only;
        // 1 Bloom in level 0 including flushes, Ribbon elsewhere
        int flush = DeployableRibbonSolver.levelish(0, 0);
        assertEquals(-1, flush);
        assertFalse(DeployableRibbonSolver.buildsBloom(flush, -1));
        assertTrue(DeployableRibbonSolver.buildsBloom(flush, 0));
        assertFalse(DeployableRibbonSolver.buildsBloom(DeployableRibbonSolver.levelish(1, 1), 0));
        assertFalse(DeployableRibbonSolver.buildsBloom(0, 0), "intra-L0 compaction output at L = 0 is Ribbon");
        assertTrue(DeployableRibbonSolver.buildsBloom(0, 1), "intra-L0 compaction output at L = 1 is Bloom");
        assertFalse(DeployableRibbonSolver.buildsBloom(DeployableRibbonSolver.levelish(1, 1), 1));
        assertTrue(DeployableRibbonSolver.buildsBloom(DeployableRibbonSolver.levelish(6, 6), Integer.MAX_VALUE));
        assertEquals(4, DeployableRibbonSolver.levelish(null, 4), "a run without a level at its position");
    }

    @Test
    void rocksDbRibbon_equalCostAtL0AndL1_exportsL1() {
        // only L0 (flush) runs and L2: L = 0 and L = 1 build the same, and L = 1 builds Bloom at L0 however
        // the file was written
        long[] entries = {10_000, 10_000, 200_000};
        Integer[] levels = {0, 0, 2};
        double[] reach = {1, 1, 1};
        List<Deployable> each = DeployableRibbonSolver.solveEachLevel(BLOOM, RIBBON, entries, reach, levels,
                220_000 * 6.0);
        assertEquals(5, each.size(), "L = -1 .. 3");
        assertEquals(each.get(1).weightedFpr(), each.get(2).weightedFpr(), 0.0);
        Deployable best = DeployableRibbonSolver.solve(BLOOM, RIBBON, entries, reach, levels, 220_000 * 6.0);
        assertTrue(best.bloomBeforeLevel() != 0, "L = 0 never beats L = 1 here; chose " + best.bloomBeforeLevel());
    }

    /**
     * The solves kept by their inputs' values: the caller's arrays changed after a solve give the solve of the
     * new values (as the pairs themselves solve them), and the same values again give the list kept.
     */
    @Test
    void solveEachLevel_keptByTheInputsValues_sameValuesGiveTheKeptList_changedOnesAreSolvedAnew() {
        long[] entries = {10_000, 10_000, 200_000};
        Integer[] levels = {0, 0, 2};
        double[] reach = {1, 1, 1};
        double budget = 220_000 * 6.0;
        List<Deployable> first = DeployableRibbonSolver.solveEachLevel(BLOOM, RIBBON, entries, reach, levels, budget);
        assertSame(first, DeployableRibbonSolver.solveEachLevel(BLOOM, RIBBON, entries.clone(), reach.clone(),
                levels.clone(), budget));
        reach[2] = 0.25; // the caller reuses its array
        List<Deployable> changed = DeployableRibbonSolver.solveEachLevel(BLOOM, RIBBON, entries, reach, levels, budget);
        Deployable direct = DeployableRibbonSolver.solve(DeployableRibbonSolver.pairs(BLOOM, RIBBON), entries, reach,
                levels, budget);
        assertEquals(direct.weightedFpr(), DeployableRibbonSolver.solve(BLOOM, RIBBON, entries, reach, levels, budget)
                .weightedFpr(), 0.0);
        assertTrue(changed.get(0).weightedFpr() < first.get(0).weightedFpr(), "the last run weighs a quarter now");
    }

    @Test
    void buildWork_mixedFamilies_isTheEntriesWeightedMean() {
        long[] entries = {1_000, 3_000, 6_000};
        List<DeployableChoice> ofRun = List.of(new DeployableChoice(BLOOM, BLOOM.settingFor(10)),
                new DeployableChoice(RIBBON, RIBBON.settingFor(10)), new DeployableChoice(BLOOM, BLOOM.settings().get(0)));
        double w = DeployableBuildWork.perEntry(entries, ofRun);
        double expected = (1_000 * DeployableBuildWork.FAST_LOCAL_BLOOM_NANOS_PER_KEY
                + 3_000 * DeployableBuildWork.RIBBON_NANOS_PER_KEY) / 10_000;
        assertEquals(expected, w, 1e-12 * expected);
        assertTrue(Double.isNaN(DeployableBuildWork.perEntry(new long[] {5},
                List.of(new DeployableChoice(org.monkeyeval.family.pebble.PebbleFamily.INSTANCE,
                        org.monkeyeval.family.pebble.PebbleFamily.INSTANCE.settingFor(10))))), "no figure for Pebble");
        assertThrows(IllegalArgumentException.class, () -> DeployableBuildWork.perEntry(entries, ofRun.subList(0, 2)));
    }

    @Test
    void solve_perLevelRealFamilies_choosesRibbonWhereMemoryIsShort() {
        // a leveled tree at about 5 bits per entry: Ribbon's smaller filters at the same rate pay at the
        // largest level, so the optimum over both types beats Bloom alone
        long[] entries = {100_000, 1_000_000, 10_000_000};
        Integer[] levels = {1, 2, 3};
        double[] reach = {1, 1, 1};
        double budget = 11_100_000 * 5.0;
        Deployable both = SOLVER.solve(Engine.ROCKSDB_PER_LEVEL, entries, reach, levels, budget);
        Deployable bloom = SOLVER.solve(Engine.ROCKSDB, BLOOM, entries, reach,
                DeployableSolver.groups(Engine.ROCKSDB_PER_LEVEL, levels), budget);
        assertTrue(both.weightedFpr() < bloom.weightedFpr(), both.weightedFpr() + " vs Bloom " + bloom.weightedFpr());
        assertSame(RIBBON, both.family(2));
    }

    /** Every combination of the choices over the groups. */
    private static double exhaustive(List<DeployableChoice> choices, Shape c, int[] groups) {
        int groupCount = 0;
        for (int g : groups) {
            groupCount = Math.max(groupCount, g + 1);
        }
        int[] choice = new int[groupCount];
        double best = Double.POSITIVE_INFINITY;
        while (true) {
            double cost = 0;
            double size = 0;
            for (int i = 0; i < c.entries().length; i++) {
                DeployableChoice d = choices.get(choice[groups[i]]);
                cost += c.reach()[i] * d.fpr(c.entries()[i]);
                size += d.filterBits(c.entries()[i]);
            }
            if (size <= c.budget() && cost < best) {
                best = cost;
            }
            int g = 0;
            while (g < groupCount && ++choice[g] == choices.size()) {
                choice[g++] = 0;
            }
            if (g == groupCount) {
                return best;
            }
        }
    }

    /** The best one setting of the list for the whole tree. */
    private static double exhaustiveOneB(List<DeployableChoice> choices, Shape c) {
        return exhaustive(choices, c, new int[c.entries().length]);
    }
}
