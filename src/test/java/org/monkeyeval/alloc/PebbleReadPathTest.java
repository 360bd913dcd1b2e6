package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.model.Run;

/**
 * Pebble's Get reads no filter of level 6 (cockroachdb/pebble {@code file_cache.go}: a table at
 * {@code manifest.Level(6)} is opened with {@code sstable.NeverUseFilterBlock} unless
 * {@code IterOptions.UseL6Filters}, which Get does not set), and Pebble fills its levels from the bottom, so
 * the runs of a case's deepest level below L0 are at L6. Under {@code pebble} those runs cost their reach
 * whatever their filter, get no filter, and the rest of the tree is solved as before; under
 * {@code pebble-use-l6-filters} every filter counts, which can only lower the cost at the same memory.
 */
final class PebbleReadPathTest {

    private static List<Run> levels(Integer... levels) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < levels.length; i++) {
            runs.add(new Run("r" + i, 1000L * (i + 1), levels[i], null));
        }
        return runs;
    }

    @Test
    void consulted_pebbleGet_skipsTheRunsOfTheDeepestLevelBelowL0() {
        assertArrayEquals(new boolean[] {true, true, true, true, false, false},
                ReadPath.consulted(Engine.PEBBLE, levels(0, 0, 1, 2, 3, 3)));
    }

    @Test
    void consulted_pebbleGetRunsWithoutLevels_skipsTheLastRun() {
        assertArrayEquals(new boolean[] {true, true, false},
                ReadPath.consulted(Engine.PEBBLE, levels(null, null, null)));
    }

    @Test
    void consulted_pebbleGetOnlyL0Files_readsEveryFilter() {
        assertArrayEquals(new boolean[] {true, true}, ReadPath.consulted(Engine.PEBBLE, levels(0, 0)));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Engine.class, names = "PEBBLE", mode = EnumSource.Mode.EXCLUDE)
    void consulted_everyOtherEngine_readsEveryFilter(Engine engine) {
        boolean[] consulted = ReadPath.consulted(engine, levels(0, 1, 2, 3));
        assertTrue(ReadPath.consultsAll(consulted), engine + ": " + Arrays.toString(consulted));
    }

    @Test
    void deployable_pebbleGet_givesTheLastLevelNoFilterAndPricesItAsRead() {
        long[] entries = {10_000, 100_000, 1_000_000};
        double[] reach = {1.0, 1.0, 1.0};
        Integer[] lv = {1, 2, 3};
        boolean[] consulted = ReadPath.consulted(Engine.PEBBLE, levels(lv));
        Deployable d = new DeployableSolver().solve(Engine.PEBBLE, entries, reach, lv, consulted, 10.0 * 1_110_000);
        assertFalse(d.setting(2).hasFilter(), d.setting(2).toString());
        assertEquals(0.0, d.filterBits(2));
        assertEquals(1.0, d.fpr(2));
        assertEquals(d.fpr(0) + d.fpr(1) + 1.0, d.weightedFpr(), 1e-15);
        assertTrue(d.engineBound() >= 1.0, "the bound counts the unread run too: " + d.engineBound());
    }

    /**
     * An unread filter is only sized, never rated, and Pebble's sizes refuse what its rates refuse: a last level
     * whose filter would pass 2^32 - 1 lines leaves no Pebble allocation, read or not.
     */
    @Test
    void deployable_pebbleGetUnreadRunPastPebblesLines_refusedAsAReadOneIs() {
        long keys = 200_000_000_000L; // 25 bits per key: 9.8 * 10^9 lines
        Setting most = PebbleFamily.INSTANCE.settings().get(PebbleFamily.GAIN_CAP_BITS);
        assertThrows(IllegalArgumentException.class, () -> PebbleFamily.INSTANCE.fpr(keys, most));
        assertThrows(IllegalArgumentException.class, () -> PebbleFamily.INSTANCE.filterBits(keys, most));
        long[] entries = {10_000, keys};
        Integer[] lv = {1, 2};
        boolean[] consulted = ReadPath.consulted(Engine.PEBBLE, levels(lv));
        assertFalse(consulted[1]);
        assertThrows(IllegalArgumentException.class, () -> new DeployableSolver().solve(Engine.PEBBLE, entries,
                new double[] {1.0, 1.0}, lv, consulted, 1.0 * keys));
    }

    /** Every combination of Pebble's knob per level, the last level's filter priced as never read. */
    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void deployable_pebbleGet_equalsExhaustiveSearchWithTheLastLevelUnread(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] entries = {500 + random.nextInt(5_000), 20_000 + random.nextInt(50_000), 300_000 + random.nextInt(500_000)};
        double[] reach = {1.0, 0.6 + 0.4 * random.nextDouble(), 0.3 + 0.7 * random.nextDouble()};
        Integer[] lv = {1, 2, 3};
        double budget = (1 + random.nextInt(12)) * (double) (entries[0] + entries[1] + entries[2]);
        boolean[] consulted = ReadPath.consulted(Engine.PEBBLE, levels(lv));
        List<Setting> knob = PebbleFamily.INSTANCE.knobSettings().subList(0, 25);
        List<DeployableChoice> choices = knob.stream().map(s -> new DeployableChoice(PebbleFamily.INSTANCE, s)).toList();
        Deployable found = new DeployableSolver().solve(Engine.PEBBLE, choices, entries, reach,
                DeployableSolver.groups(Engine.PEBBLE, lv), consulted, budget);

        double best = Double.POSITIVE_INFINITY;
        for (DeployableChoice a : choices) {
            for (DeployableChoice b : choices) {
                for (DeployableChoice c : choices) {
                    DeployableChoice[] pick = {a, b, c};
                    double size = 0.0;
                    double cost = 0.0;
                    for (int i = 0; i < 3; i++) {
                        size += pick[i].filterBits(entries[i]);
                        cost += reach[i] * (consulted[i] ? pick[i].fpr(entries[i]) : 1.0);
                    }
                    if (size <= budget) {
                        best = Math.min(best, cost);
                    }
                }
            }
        }
        assertEquals(best, found.weightedFpr(), 1e-12 * best);
        assertFalse(found.setting(2).hasFilter());
    }

    /** Reading more filters never costs more: the Get path's allocation is also one the iterator path may take. */
    @ParameterizedTest(name = "seed={0}")
    @MethodSource("seeds")
    void deployable_useL6Filters_neverCostsMoreThanGet(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int runs = 2 + random.nextInt(5);
        long[] entries = new long[runs];
        Integer[] lv = new Integer[runs];
        double[] reach = new double[runs];
        long total = 0;
        for (int i = 0; i < runs; i++) {
            entries[i] = 1_000 + random.nextLong(10_000) * (long) Math.pow(8, i);
            lv[i] = i + 1;
            reach[i] = 1.0 - 0.5 * random.nextDouble() * i / runs;
            total += entries[i];
        }
        double budget = random.nextDouble() * 16 * total;
        List<Run> asRuns = levels(lv);
        Deployable get = new DeployableSolver().solve(Engine.PEBBLE, entries, reach, lv,
                ReadPath.consulted(Engine.PEBBLE, asRuns), budget);
        Deployable iter = new DeployableSolver().solve(Engine.PEBBLE_USE_L6_FILTERS, entries, reach, lv,
                ReadPath.consulted(Engine.PEBBLE_USE_L6_FILTERS, asRuns), budget);
        assertTrue(iter.weightedFpr() <= get.weightedFpr() * (1 + 1e-12),
                "use-L6 " + iter.weightedFpr() + " > get " + get.weightedFpr());
        assertEquals(reach[runs - 1], get.fpr(runs - 1) * reach[runs - 1]);
    }

    static IntStream seeds() {
        return IntStream.range(0, 12);
    }
}
