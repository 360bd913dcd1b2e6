package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.rocksdb.RocksDbFamily;

/**
 * Guards that the deployable allocation is the optimum of the engine's settings within the budget:
 * on small random cases, the branch and bound finds the same least weighted cost as trying every
 * combination of settings, never spends more than the budget, and is never below the engine bound.
 */
final class DeployableSolverTest {

    private static final DeployableSolver SOLVER = new DeployableSolver();

    static List<Arguments> smallCases() {
        List<Arguments> cases = new ArrayList<>();
        for (Engine engine : Engine.values()) {
            for (int seed = 1; seed <= 12; seed++) {
                cases.add(Arguments.of(engine, seed));
            }
        }
        return cases;
    }

    @ParameterizedTest(name = "{0}/seed={1}")
    @MethodSource("smallCases")
    void solve_smallRandomCases_matchesExhaustiveSearch(Engine engine, int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int runs = 2 + random.nextInt(3);
        long[] entries = new long[runs];
        double[] reach = new double[runs];
        Integer[] levels = new Integer[runs];
        long total = 0;
        for (int i = 0; i < runs; i++) {
            entries[i] = 50 + random.nextLong(20_000) * (i + 1);
            reach[i] = random.nextInt(4) == 0 ? random.nextDouble() : 1.0;
            levels[i] = Math.min(2, random.nextInt(2) == 0 ? i : Math.max(0, i - 1)); // at most 3 groups
            total += entries[i];
        }
        double budget = Math.floor(total * (1 + random.nextDouble() * 14));
        int[] groups = DeployableSolver.groups(engine, levels);
        FilterFamily family = engine == Engine.ROCKSDB_PER_LEVEL ? everyNthMillibit(engine.family(), 997)
                : engine.family();

        Deployable found = SOLVER.solve(engine, family, entries, reach, groups, budget);
        double exhaustive = exhaustive(family, entries, reach, groups, budget);

        assertTrue(found.usedBits() <= budget, "used " + found.usedBits() + " of " + budget);
        assertEquals(exhaustive, found.weightedFpr(), 1e-12 * exhaustive);
        assertTrue(found.engineBound() <= found.weightedFpr() * (1 + 1e-12),
                "bound " + found.engineBound() + " above " + found.weightedFpr());
        assertTrue(found.exact(), "the search stopped short");
        assertTrue(found.lpBound() <= exhaustive, "LP bound " + found.lpBound() + " above the optimum " + exhaustive);
    }

    @Test
    void solve_rocksDbPerTree_takesTheLargestMillibitsThatFit() {
        long[] entries = {10_000, 100_000, 1_000_000};
        double budget = 1_110_000 * 10.0;
        Deployable d = SOLVER.solve(Engine.ROCKSDB, entries, new double[] {1, 1, 1}, new int[3], budget);
        int millibits = RocksDbFamily.millibits(d.setting(0));
        assertTrue(d.usedBits() <= budget);
        double onMore = 0;
        for (long n : entries) {
            onMore += RocksDbFamily.INSTANCE.filterBits(n, RocksDbFamily.ofMillibits(millibits + 1));
        }
        assertTrue(onMore > budget, "one more millibit (" + (millibits + 1) + ") would still fit");
    }

    /** A search cut short still answers: an allocation within the budget, with a lower bound the optimum respects. */
    /**
     * Twelve runs without levels (four each of 10^6, 10^7 and 10^8 entries) at 16 bits per entry, every
     * family of rocksdb-per-level: the four largest runs keep about two thousand Ribbon settings each on
     * one chord of their hull, and the greedy fill had left the answer 2.7% above the LP bound, where no
     * search within the cap could prove it. The answer is proven least, within the budget, and no more
     * than a hair above the LP bound (the settings along the chord fill the budget nearly to the bit).
     */
    @Test
    void solve_equalRunsWithRibbonSettingsOnOneChord_isProvenLeast() {
        long[] entries = new long[12];
        double[] reach = new double[12];
        for (int i = 0; i < 12; i++) {
            entries[i] = (long) Math.pow(10, 6 + i / 4);
            reach[i] = 1.0;
        }
        double budget = 16.0 * 444_000_000L;

        Deployable d = SOLVER.solve(Engine.ROCKSDB_PER_LEVEL, entries, reach, new Integer[12], budget);

        assertTrue(d.exact(), "not proven: cost " + d.weightedFpr() + ", lower bound " + d.lowerBound());
        assertTrue(d.usedBits() <= budget, "used " + d.usedBits() + " of " + budget);
        assertTrue(d.weightedFpr() <= d.lpBound() * (1 + 1e-9), "cost " + d.weightedFpr() + ", LP " + d.lpBound());
    }

    @Test
    void solve_stateCapTooSmall_returnsTheIncumbentWithACertifiedBound() {
        // runs of like sizes: neither the pair exchanges nor fixing by probing settle it without a search
        long[] entries = {20_000, 30_000, 40_000};
        double[] reach = {1, 1, 1};
        int[] groups = {0, 1, 2};
        double budget = 90_000 * 8.0;
        FilterFamily family = everyNthMillibit(RocksDbFamily.INSTANCE, 97);
        Deployable capped = new DeployableSolver(1).solve(Engine.ROCKSDB_PER_LEVEL, family, entries, reach, groups,
                budget);
        Deployable full = SOLVER.solve(Engine.ROCKSDB_PER_LEVEL, family, entries, reach, groups, budget);
        double exhaustive = exhaustive(family, entries, reach, groups, budget);

        assertTrue(capped.usedBits() <= budget, "used " + capped.usedBits() + " of " + budget);
        assertFalse(capped.exact(), "a search of one state proved its answer");
        assertTrue(capped.lpBound() <= capped.lowerBound() && capped.lowerBound() <= exhaustive * (1 + 1e-12),
                "lp " + capped.lpBound() + ", lower " + capped.lowerBound() + ", optimum " + exhaustive);
        assertTrue(capped.weightedFpr() >= exhaustive * (1 - 1e-12));
        assertTrue(full.exact());
        assertEquals(exhaustive, full.weightedFpr(), 1e-12 * exhaustive);
        assertEquals(full.weightedFpr(), full.lowerBound());
    }

    @Test
    void groups_perLevelEngine_groupsByLevelAndRunsWithoutLevelAlone() {
        int[] g = DeployableSolver.groups(Engine.PEBBLE, new Integer[] {0, 0, 1, null, 2, null});
        assertEquals(List.of(0, 0, 1, 2, 3, 4), toList(g));
        int[] tree = DeployableSolver.groups(Engine.ROCKSDB, new Integer[] {0, 0, 1, null});
        assertEquals(List.of(0, 0, 0, 0), toList(tree));
    }

    private static List<Integer> toList(int[] a) {
        List<Integer> l = new ArrayList<>();
        for (int x : a) {
            l.add(x);
        }
        return l;
    }

    /** Every combination of settings over the groups. */
    private static double exhaustive(FilterFamily family, long[] entries, double[] reach, int[] groups, double budget) {
        int groupCount = 0;
        for (int g : groups) {
            groupCount = Math.max(groupCount, g + 1);
        }
        List<Setting> settings = family.settings();
        double[][] runCost = new double[entries.length][settings.size()];
        double[][] runSize = new double[entries.length][settings.size()];
        for (int i = 0; i < entries.length; i++) {
            for (int s = 0; s < settings.size(); s++) {
                runCost[i][s] = reach[i] * family.fpr(entries[i], settings.get(s));
                runSize[i][s] = family.filterBits(entries[i], settings.get(s));
            }
        }
        int[] choice = new int[groupCount];
        double best = Double.POSITIVE_INFINITY;
        while (true) {
            double cost = 0;
            double size = 0;
            for (int i = 0; i < entries.length; i++) {
                cost += runCost[i][choice[groups[i]]];
                size += runSize[i][choice[groups[i]]];
            }
            if (size <= budget && cost < best) {
                best = cost;
            }
            int g = 0;
            while (g < groupCount && ++choice[g] == settings.size()) {
                choice[g++] = 0;
            }
            if (g == groupCount) {
                return best;
            }
        }
    }

    /** RocksDB's settings thinned to every n-th millibit value, so that exhaustive search stays small. */
    private static FilterFamily everyNthMillibit(FilterFamily rocksdb, int n) {
        List<Setting> thin = new ArrayList<>();
        thin.add(Setting.none());
        for (int m = RocksDbFamily.MIN_MILLIBITS; m <= 40_000; m += n) {
            thin.add(RocksDbFamily.ofMillibits(m));
        }
        return new FilterFamily() {
            @Override
            public String name() {
                return rocksdb.name();
            }

            @Override
            public List<Setting> settings() {
                return thin;
            }

            @Override
            public Setting settingFor(double bitsPerEntry) {
                return rocksdb.settingFor(bitsPerEntry);
            }

            @Override
            public double fpr(long entries, Setting setting) {
                return rocksdb.fpr(entries, setting);
            }

            @Override
            public double filterBits(long entries, Setting setting) {
                return rocksdb.filterBits(entries, setting);
            }
        };
    }
}
