package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;

/**
 * Guards the two shortcuts of the deployable solver's hulls against the direct computations they replace:
 * {@link DeployableSolver#undominated} (each stretch's dominated settings dropped before the sort) gives the
 * settings the scan of every setting in (size, cost, index) order keeps, in the same order; and
 * {@link DeployableSolver.Bound#of} (segments sorted by slope with a stable radix sort) gives the same steps,
 * bit for bit, as sorting the segments by (slope, hull, vertex) with a comparator; and a run's hull kept for the
 * engine's bound ({@link DeployableSolver#runHull}, its vertices alone) gives the same bound as the whole hull;
 * and a {@link DeployableSolver.Bound.Cursor}, searching from where it last read, reads the bound's own values;
 * and {@link DeployableSolver.Hull#of} on a row already in order (sizes rising, costs falling, as the tables'
 * rows are) takes every setting with no pass of {@code undominated}, and its scan over the vertices' own
 * coordinates keeps the vertices the scan through their positions keeps.
 */
final class HullShortcutsTest {

    /** The undominated settings as first computed: scan every setting in (size, cost, index) order. */
    private static int[] undominatedByScan(double[] cost, double[] size) {
        int[] kept = new int[cost.length];
        int k = 0;
        double lowest = Double.POSITIVE_INFINITY;
        for (int s : DeployableSolver.bySizeThenCost(cost, size)) {
            if (cost[s] < lowest) {
                kept[k++] = s;
                lowest = cost[s];
            }
        }
        return Arrays.copyOf(kept, k);
    }

    @Test
    void undominated_randomStretchesWithTies_keepsWhatTheFullScanKeeps() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 400; trial++) {
            int stretches = 1 + random.nextInt(3 * DeployableSolver.MAX_MERGED_STRETCHES);
            int n = stretches * (1 + random.nextInt(60));
            RandomStretches settings = new RandomStretches(random, stretches, n, 8);
            double[] size = settings.size;
            double[] cost = settings.cost;
            assertArrayEquals(undominatedByScan(cost, size), DeployableSolver.undominated(cost, size),
                    "trial " + trial);
        }
    }

    @Test
    void undominated_rocksDbRows_keepsWhatTheFullScanKeeps() {
        List<DeployableChoice> union = DeployableChoice.union(List.of(RocksDbFamily.INSTANCE,
                RocksDbRibbonFamily.INSTANCE));
        long[] entries = {100, 2_500, 60_000, 1_000_000};
        double[] reach = {1.0, 0.37, 1.0, 0.9};
        RateRows.forEachRun(union, entries, new boolean[] {true, true, true, true}, (run, fpr, bits) -> {
            double[] cost = new double[fpr.length];
            for (int s = 0; s < cost.length; s++) {
                cost[s] = reach[run] * fpr[s];
            }
            assertArrayEquals(undominatedByScan(cost, bits), DeployableSolver.undominated(cost, bits),
                    "run of " + entries[run] + " entries");
        });
    }

    @Test
    void vertices_randomHulls_giveTheSameBoundBitForBit() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 100; trial++) {
            List<DeployableSolver.Hull> full = new ArrayList<>();
            List<DeployableSolver.Hull> vertices = new ArrayList<>();
            for (int g = 1 + random.nextInt(6); g > 0; g--) {
                int n = 1 + random.nextInt(300);
                double[] cost = new double[n];
                double[] size = new double[n];
                for (int s = 0; s < n; s++) {
                    size[s] = 64 * random.nextInt(40);
                    cost[s] = random.nextInt(16) / 16.0;
                }
                DeployableSolver.Hull hull = DeployableSolver.Hull.of(cost, size);
                full.add(hull);
                vertices.add(hull.vertices());
            }
            DeployableSolver.Bound expected = DeployableSolver.Bound.of(full);
            DeployableSolver.Bound actual = DeployableSolver.Bound.of(vertices);
            assertArrayEquals(expected.stepSize, actual.stepSize, 0.0, "trial " + trial);
            assertArrayEquals(expected.stepCost, actual.stepCost, 0.0, "trial " + trial);
            assertEquals(expected.baseCost, actual.baseCost, 0.0);
            assertEquals(expected.baseSize, actual.baseSize, 0.0);
            assertArrayEquals(expected.segmentHull, actual.segmentHull, "trial " + trial);
            assertArrayEquals(expected.segmentVertex, actual.segmentVertex, "trial " + trial);
            for (double budget = 0; budget < 64 * 40 * 7; budget += 333) {
                assertEquals(expected.at(budget), actual.at(budget), 0.0, "trial " + trial + " budget " + budget);
            }
        }
    }

    /**
     * A cursor searches from the segment it found last, galloping: over random hulls and budgets that wander, jump
     * both ways, fall below the base and pass the last step, it reads the same doubles as the bound's own search.
     */
    @Test
    void cursor_wanderingAndJumpingBudgets_readsTheBoundBitForBit() {
        SplittableRandom random = new SplittableRandom(19);
        for (int trial = 0; trial < 200; trial++) {
            List<DeployableSolver.Hull> hulls = new ArrayList<>();
            for (int g = 1 + random.nextInt(8); g > 0; g--) {
                int n = 1 + random.nextInt(400);
                double[] cost = new double[n];
                double[] size = new double[n];
                for (int s = 0; s < n; s++) {
                    size[s] = 64 * random.nextInt(200);
                    cost[s] = random.nextDouble();
                }
                hulls.add(DeployableSolver.Hull.of(cost, size));
            }
            DeployableSolver.Bound bound = DeployableSolver.Bound.of(hulls);
            double top = bound.baseSize + bound.stepSize[bound.stepSize.length - 1];
            DeployableSolver.Bound.Cursor cursor = bound.cursor();
            double budget = random.nextDouble() * top;
            for (int read = 0; read < 300; read++) {
                budget = switch (random.nextInt(4)) {
                    case 0 -> random.nextDouble() * 1.2 * top - 0.1 * top; // anywhere, past both ends
                    case 1 -> bound.baseSize + bound.stepSize[random.nextInt(bound.stepSize.length)]; // a step's end
                    default -> budget + (random.nextDouble() - 0.6) * 0.02 * top; // near the last, mostly falling
                };
                assertEquals(bound.at(budget), cursor.at(budget), 0.0, "trial " + trial + " read " + read);
            }
        }
    }

    @Test
    void runHull_keptForARowAndReach_isTheVerticesOfTheHullComputedAgain() {
        double[] cost = {1.0, 0.5, 0.25, 0.2, 0.125};
        double[] size = {0, 64, 128, 192, 256};
        Object rows = new Object();
        DeployableSolver.Hull kept = DeployableSolver.runHull(rows, 1_000, true, 0.0, 0.5,
                () -> DeployableSolver.Hull.of(cost, size));
        DeployableSolver.Hull again = DeployableSolver.runHull(rows, 1_000, true, 0.0, 0.5,
                () -> { throw new AssertionError("a kept hull is not computed again"); });
        DeployableSolver.Hull direct = DeployableSolver.Hull.of(cost, size).vertices();
        assertArrayEquals(direct.index, again.index);
        assertArrayEquals(direct.cost, again.cost, 0.0);
        assertArrayEquals(direct.size, again.size, 0.0);
        assertArrayEquals(direct.vertex, kept.vertex);
        DeployableSolver.Hull otherReach = DeployableSolver.runHull(rows, 1_000, true, 0.0, 0.25,
                () -> DeployableSolver.Hull.of(new double[] {1.0, 0.0}, new double[] {0, 64}));
        assertEquals(2, otherReach.vertex.length);
    }

    @Test
    void boundOf_randomHulls_takesTheStepsOfTheComparatorSort() {
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 100; trial++) {
            List<DeployableSolver.Hull> hulls = new ArrayList<>();
            int groups = 1 + random.nextInt(6);
            for (int g = 0; g < groups; g++) {
                int n = 1 + random.nextInt(300);
                double[] cost = new double[n];
                double[] size = new double[n];
                for (int s = 0; s < n; s++) { // coarse values: equal slopes across and within hulls
                    size[s] = 64 * random.nextInt(40);
                    cost[s] = random.nextInt(16) / 16.0;
                }
                hulls.add(DeployableSolver.Hull.of(cost, size));
            }
            DeployableSolver.Bound bound = DeployableSolver.Bound.of(hulls);
            List<double[]> segs = new ArrayList<>();
            for (int h = 0; h < hulls.size(); h++) {
                DeployableSolver.Hull hull = hulls.get(h);
                for (int v = 1; v < hull.vertex.length; v++) {
                    double dm = hull.size[hull.vertex[v]] - hull.size[hull.vertex[v - 1]];
                    double dc = hull.cost[hull.vertex[v]] - hull.cost[hull.vertex[v - 1]];
                    segs.add(new double[] {dc / dm, dm, dc, h, v});
                }
            }
            segs.sort(Comparator.<double[]>comparingDouble(x -> x[0]).thenComparingDouble(x -> x[3])
                    .thenComparingDouble(x -> x[4]));
            assertEquals(segs.size(), bound.segmentHull.length, "trial " + trial);
            double stepSize = 0.0;
            double stepCost = 0.0;
            for (int j = 0; j < segs.size(); j++) {
                stepSize += segs.get(j)[1];
                stepCost += segs.get(j)[2];
                assertArrayEquals(new int[] {(int) segs.get(j)[3], (int) segs.get(j)[4]},
                        new int[] {bound.segmentHull[j], bound.segmentVertex[j]}, "trial " + trial + " segment " + j);
                assertEquals(stepSize, bound.stepSize[j + 1], 0.0);
                assertEquals(stepCost, bound.stepCost[j + 1], 0.0);
            }
        }
    }

    /** The hull as first computed: the undominated settings by scan, and the vertex test read through positions. */
    private record ScannedHull(int[] index, double[] cost, double[] size, int[] vertex) {
    }

    private static ScannedHull hullByScan(double[] cost, double[] size) {
        int[] index = undominatedByScan(cost, size);
        int k = index.length;
        double[] c = new double[k];
        double[] m = new double[k];
        for (int j = 0; j < k; j++) {
            c[j] = cost[index[j]];
            m[j] = size[index[j]];
        }
        int[] hull = new int[k];
        int h = 0;
        for (int j = 0; j < k; j++) {
            while (h >= 2 && (c[hull[h - 1]] - c[hull[h - 2]]) * (m[j] - m[hull[h - 2]])
                    >= (c[j] - c[hull[h - 2]]) * (m[hull[h - 1]] - m[hull[h - 2]])) {
                h--;
            }
            hull[h++] = j;
        }
        return new ScannedHull(index, c, m, Arrays.copyOf(hull, h));
    }

    @Test
    void of_rowsInOrderAndRowsBrokenOnce_isTheHullOfTheScan() {
        SplittableRandom random = new SplittableRandom(23);
        for (int trial = 0; trial < 2_000; trial++) {
            int n = 1 + random.nextInt(300);
            double[] size = new double[n];
            double[] cost = new double[n];
            double m = random.nextInt(1_000);
            double c = 1.0;
            for (int j = 0; j < n; j++) {
                m += 1 + random.nextInt(random.nextBoolean() ? 3 : 400); // near-collinear runs and far jumps
                c *= random.nextBoolean() ? 0.999 : 0.5 + 0.5 * random.nextDouble();
                size[j] = m;
                cost[j] = c;
            }
            int at = random.nextInt(n);
            switch (trial % 6) { // 0: in order; else the order broken once, where undominated must drop or sort
                case 1 -> size[at] = at > 0 ? size[at - 1] : size[at];
                case 2 -> cost[at] = at > 0 ? cost[at - 1] : cost[at];
                case 3 -> cost[0] = trial % 12 == 3 ? Double.POSITIVE_INFINITY : Double.NaN;
                case 4 -> cost[at] = cost[at] * 4;
                case 5 -> size[at] = size[at] - 2;
                default -> { }
            }
            ScannedHull expected = hullByScan(cost, size);
            DeployableSolver.Hull hull = DeployableSolver.Hull.of(cost, size);
            boolean everyInPlace = java.util.stream.IntStream.range(0, n).boxed().toList()
                    .equals(Arrays.stream(expected.index()).boxed().toList());
            if (trial % 6 == 0) {
                assertTrue(DeployableSolver.Hull.inOrder(cost, size), "trial " + trial + ": a row in order");
            } else if (!everyInPlace) {
                assertFalse(DeployableSolver.Hull.inOrder(cost, size), "trial " + trial + ": the scan drops or moves");
            }
            assertArrayEquals(expected.index(), hull.index, "trial " + trial);
            assertArrayEquals(expected.cost(), hull.cost, 0.0, "trial " + trial);
            assertArrayEquals(expected.size(), hull.size, 0.0, "trial " + trial);
            assertArrayEquals(expected.vertex(), hull.vertex, "trial " + trial);
        }
    }
}
