package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The robust search's undominated settings of a group are exactly those that no setting before them in
 * (size, cost at zL, cost at zH, index) order dominates, in that order, whichever settings the stretches'
 * screen lets through first: checked against every pair, on settings laid out as families lay them out
 * (ascending stretches, sizes shared by several settings, costs equal at one end and not the other, and
 * groups whose two ends are one cost scaled twice).
 */
final class UndominatedBySizeTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24})
    void undominatedBySize_isEverySettingNoEarlierOneDominates_inOrder(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int count = 50 + random.nextInt(400);
        double[] size = new double[count];
        double[] low = new double[count];
        double[] high = new double[count];
        boolean scaled = seed % 2 == 0; // both ends a_L p and a_H p of one rate, as for a group of one run size
        int stretch = 0;
        for (int s = 0; s < count; s++) {
            // seeds past 20 start a new stretch every few settings: more than are merged, so they are sorted
            if (s == 0 || random.nextInt(seed > 20 ? 4 : 60) == 0) {
                stretch = random.nextInt(20); // a new stretch starts lower
            }
            stretch += random.nextInt(3); // sizes rise, some repeat
            size[s] = stretch;
            double p = Math.pow(0.5, stretch / 4.0) * (1 + random.nextInt(4) / 8.0);
            low[s] = scaled ? 0.3 * p : Math.rint(p * 64) / 64;
            high[s] = scaled ? 0.7 * p : Math.rint(p * (0.5 + random.nextDouble()) * 64) / 64;
        }
        int[] screened = RobustDeployableSolver.stretchCandidates(low, high, size);
        int[] expected = byBruteForce(low, high, size);
        assertArrayEquals(expected, RobustDeployableSolver.undominatedBySize(low, high, size));
        assertTrue(Arrays.stream(expected).allMatch(s -> Arrays.stream(screened).anyMatch(c -> c == s)),
                "the screen dropped a setting no earlier one dominates");
        if (scaled) {
            assertTrue(screened.length < count, "the screen let every setting through: " + screened.length);
        }
    }

    /**
     * The scan's order of a group's candidates is (size, cost at zL, cost at zH, index), whether their ascending
     * stretches are merged or, past {@link RobustDeployableSolver#MAX_MERGED_STRETCHES}, sorted: checked against a
     * comparison sort on settings with many ties in every key.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8, 15, 16, 17, 40})
    void inScanOrder_mergedOrSorted_isTheOrderOfTheFourKeys(int stretches) {
        SplittableRandom random = new SplittableRandom(stretches);
        int count = 600;
        double[][] keys = new double[count][];
        for (int s = 0; s < count; s++) { // few values, so ties in every key
            keys[s] = new double[] {random.nextInt(40), random.nextInt(3) / 4.0, random.nextInt(3) / 4.0};
        }
        Comparator<double[]> byKeys = Comparator.<double[]>comparingDouble(k -> k[0]).thenComparingDouble(k -> k[1])
                .thenComparingDouble(k -> k[2]);
        int step = count / stretches;
        for (int r = 0; r < stretches; r++) { // each stretch ascending, the next starting lower
            Arrays.sort(keys, r * step, r == stretches - 1 ? count : (r + 1) * step, byKeys);
        }
        double[] size = Arrays.stream(keys).mapToDouble(k -> k[0]).toArray();
        double[] low = Arrays.stream(keys).mapToDouble(k -> k[1]).toArray();
        double[] high = Arrays.stream(keys).mapToDouble(k -> k[2]).toArray();
        long descents = IntStream.range(1, count).filter(s -> byKeys.compare(keys[s], keys[s - 1]) < 0)
                .count();
        assertTrue(stretches <= RobustDeployableSolver.MAX_MERGED_STRETCHES
                ? descents + 1 <= RobustDeployableSolver.MAX_MERGED_STRETCHES
                : descents + 1 > RobustDeployableSolver.MAX_MERGED_STRETCHES, descents + 1 + " stretches");
        Integer[] expected = IntStream.range(0, count).boxed().toArray(Integer[]::new);
        Arrays.sort(expected, Comparator.<Integer>comparingDouble(s -> size[s]).thenComparingDouble(s -> low[s])
                .thenComparingDouble(s -> high[s]).thenComparingInt(s -> s));
        assertArrayEquals(Arrays.stream(expected).mapToInt(Integer::intValue).toArray(),
                RobustDeployableSolver.inScanOrder(IntStream.range(0, count).toArray(), low, high,
                        size));
    }

    /** Every setting in (size, low, high, index) order that no earlier one dominates (no costlier at both ends). */
    private static int[] byBruteForce(double[] low, double[] high, double[] size) {
        List<Integer> order = new ArrayList<>();
        for (int s = 0; s < size.length; s++) {
            order.add(s);
        }
        order.sort(Comparator.<Integer>comparingDouble(s -> size[s]).thenComparingDouble(s -> low[s])
                .thenComparingDouble(s -> high[s]).thenComparingInt(s -> s));
        List<Integer> kept = new ArrayList<>();
        for (int j = 0; j < order.size(); j++) {
            int s = order.get(j);
            boolean dominated = false;
            for (int i = 0; i < j && !dominated; i++) {
                int t = order.get(i);
                dominated = low[t] <= low[s] && high[t] <= high[s];
            }
            if (!dominated) {
                kept.add(s);
            }
        }
        return kept.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Groups of one run of one size share their undominated settings when their costs 0 + a p and 0 + b p order the
     * settings as the row p does: then every comparison the scan makes comes out as on (p, p), so the settings and
     * their order are those of (p, p). Checked over random reaches; and a reach that rounds two rates apart to one
     * cost, or is 0, is caught.
     */
    @Test
    void undominatedBySize_costsOrderingTheRowAlike_keepTheRowsOwnSettings() {
        SplittableRandom random = new SplittableRandom(5);
        int count = 3_000;
        double[] p = new double[count];
        double[] size = new double[count];
        for (int s = 0; s < count; s++) {
            size[s] = 64 * (s / 3 + random.nextInt(4));
            p[s] = Math.pow(0.5, size[s] / 4_000.0) * (1 + random.nextInt(3) / 16.0);
        }
        double[] sortedRate = Arrays.stream(p).sorted().toArray();
        int[] own = RobustDeployableSolver.undominatedBySize(p, p, size);
        int alike = 0;
        for (int trial = 0; trial < 200; trial++) {
            double a = random.nextDouble();
            double b = random.nextDouble();
            double[] low = new double[count];
            double[] high = new double[count];
            for (int s = 0; s < count; s++) {
                low[s] = 0.0 + a * p[s];
                high[s] = 0.0 + b * p[s];
            }
            if (RobustDeployableSolver.scaledOrdersAlike(sortedRate, a)
                    && RobustDeployableSolver.scaledOrdersAlike(sortedRate, b)) {
                alike++;
                assertArrayEquals(own, RobustDeployableSolver.undominatedBySize(low, high, size), "a " + a + ", b " + b);
            }
        }
        assertTrue(alike > 150, alike + " of 200 reaches ordered the row alike");

        double[] row = {0.5, Math.nextUp(0.5), 0.75};
        assertTrue(RobustDeployableSolver.scaledOrdersAlike(row, 1.0));
        assertFalse(RobustDeployableSolver.scaledOrdersAlike(row, 0.0), "reach 0");
        // two rates a unit in the last place apart, one cost once scaled into the subnormals
        assertFalse(RobustDeployableSolver.scaledOrdersAlike(row, Double.MIN_NORMAL * 0x1p-50));
    }

    @Test
    void firstAlike_groupsOfOneRunOfOneSizeAndReadPath_pointToTheFirst() {
        long[] entries = {100, 100, 200, 100, 100, 100};
        int[] groupOfRun = {0, 1, 2, 3, 4, 4};            // group 4 holds two runs
        boolean[] consulted = {true, true, true, false, true, true};
        double[] presentShare = {0, 0, 0, 0, 0, 0};
        assertArrayEquals(new int[] {0, 0, 2, 3, -1},
                RobustDeployableSolver.firstAlike(entries, groupOfRun, consulted, presentShare, 5));
        presentShare[1] = 0.25;
        assertArrayEquals(new int[] {0, 1, 2, 3, -1},
                RobustDeployableSolver.firstAlike(entries, groupOfRun, consulted, presentShare, 5));
    }

    /**
     * The search's states are swept over the same stairs: those kept are exactly the states that no state before
     * them in (size, cost at zL, cost at zH, origin, setting) order dominates, in that order, with costs on a
     * coarse grid so that many tie at one end or both; from {@code SORTED_IN_HALVES_FROM} states (even seeds), put in
     * order in two halves and merged.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void searchUndominated_isEveryStateNoEarlierOneDominates_inOrder(int seed) {
        SplittableRandom random = new SplittableRandom(100 + seed);
        List<double[]> states = new ArrayList<>();
        int count = seed % 2 == 0 ? RobustDeployableSolver.Search.Layer.SORTED_IN_HALVES_FROM + random.nextInt(3000)
                : 20 + random.nextInt(600);
        for (int x = 0; x < count; x++) {
            states.add(new double[] {random.nextInt(40), random.nextInt(24) / 8.0, random.nextInt(24) / 8.0,
                    random.nextInt(5), x});
        }
        List<double[]> sorted = new ArrayList<>(states);
        sorted.sort(Comparator.<double[]>comparingDouble(a -> a[0]).thenComparingDouble(a -> a[1])
                .thenComparingDouble(a -> a[2]).thenComparingDouble(a -> a[3]).thenComparingDouble(a -> a[4]));
        List<double[]> expected = new ArrayList<>();
        for (int j = 0; j < sorted.size(); j++) {
            double[] s = sorted.get(j);
            boolean dominated = false;
            for (int i = 0; i < j && !dominated; i++) {
                dominated = sorted.get(i)[1] <= s[1] && sorted.get(i)[2] <= s[2];
            }
            if (!dominated) {
                expected.add(s);
            }
        }
        RobustDeployableSolver.Search.Layer layer = new RobustDeployableSolver.Search.Layer();
        for (double[] state : states) {
            layer.add(state[0], state[1], state[2], (int) state[3], (int) state[4], 0.0);
        }
        int[] kept = layer.undominated();
        assertArrayEquals(expected.stream().mapToDouble(a -> a[4]).toArray(),
                Arrays.stream(kept).mapToDouble(x -> layer.setting[x]).toArray(), 0.0);
    }

    /**
     * Where a dominating state's bound exceeds the one it dominates by at most a margin, the undominated states of
     * bound at most a threshold, swept over the states within the margin of it alone, are those of the whole sweep, in
     * its order.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6})
    void searchUndominatedUpTo_isTheWholeSweepsUpToTheThreshold(int seed) {
        SplittableRandom random = new SplittableRandom(200 + seed);
        double margin = 1.0 / 64;
        RobustDeployableSolver.Search.Layer layer = new RobustDeployableSolver.Search.Layer();
        int count = 200 + random.nextInt(3000);
        for (int x = 0; x < count; x++) {
            double size = random.nextInt(40);
            double low = (40 - size) / 8 + random.nextInt(16) / 8.0; // costs fall as size grows: a wide front
            double high = (40 - size) / 8 + random.nextInt(16) / 8.0;
            double bound = (size + low + high) / 8 + random.nextInt(5) * margin / 4; // at most margin out of order
            layer.add(size, low, high, random.nextInt(5), x, bound);
        }
        int[] all = layer.undominated();
        int narrowed = 0;
        for (double threshold = 0; threshold < 10; threshold += 1.0 / 256) {
            double t = threshold;
            int[] expected = Arrays.stream(all).filter(x -> layer.bound[x] <= t).toArray();
            assertArrayEquals(expected, layer.undominatedUpTo(threshold, margin), "threshold " + threshold);
            narrowed += expected.length > 0 && expected.length < all.length ? 1 : 0;
        }
        assertTrue(narrowed > 50, "thresholds that leave some states out: " + narrowed);
    }
}
