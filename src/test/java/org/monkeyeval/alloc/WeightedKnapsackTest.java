package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/**
 * Guards the robust search's weighted solves against the whole hulls they no longer list:
 * {@link DeployableSolver.Hull#ofWeighted} (one scan over sizes in order) is the hull {@link DeployableSolver.Hull#ofGiven}
 * makes of the weighted costs, setting for setting and vertex for vertex; and {@link WeightedKnapsack#solve}, which
 * lists only the settings near the LP bound, gives the allocation, certified bound and vertices of
 * {@link WeightedKnapsack#whole}, bit for bit.
 */
final class WeightedKnapsackTest {

    /** A group's settings as the robust tables hold them: sizes ascending (some equal), both costs falling unevenly. */
    private static double[][] group(SplittableRandom random, int n) {
        double[] low = new double[n];
        double[] high = new double[n];
        double[] size = new double[n];
        double l = 1 + random.nextDouble();
        double h = 1 + random.nextDouble();
        double m = random.nextInt(3) * 10.0;
        for (int j = 0; j < n; j++) {
            if (j > 0) {
                m += random.nextInt(8) == 0 ? 0.0 : 1 + random.nextInt(12);
                l *= 0.72 + 0.3 * random.nextDouble();
                h *= 0.72 + 0.3 * random.nextDouble();
                if (random.nextInt(10) == 0) { // a cost equal to its neighbour's
                    l = low[j - 1];
                }
            }
            low[j] = l;
            high[j] = h;
            size[j] = m;
        }
        return new double[][] {low, high, size};
    }

    private static double theta(SplittableRandom random) {
        int pick = random.nextInt(4);
        return pick == 0 ? 0.0 : pick == 1 ? 1.0 : random.nextDouble();
    }

    private static double[] weighted(double[] low, double[] high, double theta) {
        double[] c = new double[low.length];
        for (int j = 0; j < c.length; j++) {
            c[j] = theta == 1.0 ? low[j] : theta == 0.0 ? high[j] : theta * low[j] + (1 - theta) * high[j];
        }
        return c;
    }

    private static int[] identity(int n) {
        return IntStream.range(0, n).toArray();
    }

    private static void assertSameHull(DeployableSolver.Hull expected, DeployableSolver.Hull actual, String where) {
        assertArrayEquals(expected.index, actual.index, where + ": settings");
        assertArrayEquals(expected.cost, actual.cost, where + ": costs");
        assertArrayEquals(expected.size, actual.size, where + ": sizes");
        assertArrayEquals(expected.vertex, actual.vertex, where + ": vertices");
    }

    @Test
    void ofWeighted_sizesInOrderWithEqualRuns_isTheHullOfTheWeightedCosts() {
        SplittableRandom random = new SplittableRandom(31);
        for (int trial = 0; trial < 2000; trial++) {
            double[][] g = group(random, 1 + random.nextInt(300));
            double theta = theta(random);
            if (trial % 10 == 0) { // sizes out of order: the whole computation's
                int a = random.nextInt(g[2].length);
                g[2][a] = -1.0 - a;
            }
            double[] c = weighted(g[0], g[1], theta);
            int[] identity = identity(c.length);
            DeployableSolver.Hull expected = DeployableSolver.Hull.ofGiven(c, g[2], identity);
            assertSameHull(expected, DeployableSolver.Hull.ofWeighted(g[0], g[1], theta, g[2], identity),
                    "trial " + trial);
            assertSameHull(expected.vertices(), DeployableSolver.Hull.verticesOfWeighted(g[0], g[1], theta, g[2]),
                    "trial " + trial + " vertices");
        }
    }

    @Test
    void ofWeighted_equalSizes_keepsTheFirstOfTheLeastCostOnly() {
        double[] size = {1, 2, 2, 2, 3};
        double[] low = {9, 7, 4, 4, 1};
        double[] high = {9, 7, 4, 4, 1};
        DeployableSolver.Hull hull = DeployableSolver.Hull.ofWeighted(low, high, 0.5, size, identity(5));
        assertArrayEquals(new int[] {0, 2, 4}, hull.index);
        assertArrayEquals(new int[] {0, 2, 4}, DeployableSolver.Hull.verticesOfWeighted(low, high, 0.5, size).index);
    }

    @Test
    void near_isTheWholeHullsSettingsBelowTheGap_withTheirReducedCostsBitForBit() {
        SplittableRandom random = new SplittableRandom(17);
        for (int trial = 0; trial < 1500; trial++) {
            double[][] g = group(random, 1 + random.nextInt(300));
            double theta = theta(random);
            double lambda = random.nextInt(5) == 0 ? 0.0 : Math.exp(-4 * random.nextDouble()) / 20;
            DeployableSolver.Hull whole = DeployableSolver.Hull.ofWeighted(g[0], g[1], theta, g[2],
                    identity(g[0].length));
            double[] reduced = ChoiceKnapsack.reducedCosts(whole, lambda).cost;
            double wide = random.nextInt(6) == 0 ? 0.0 : random.nextDouble() * random.nextDouble();
            int must = whole.index[random.nextInt(whole.index.length)];
            int[] expected = IntStream.range(0, whole.index.length)
                    .filter(j -> reduced[j] < wide || whole.index[j] == must).toArray();
            DeployableSolver.Hull.Weighted scan = DeployableSolver.Hull.Weighted.scan(g[0], g[1], theta, g[2]);
            DeployableSolver.Hull.Weighted.Near near = scan.near(lambda, wide, must);
            String where = "trial " + trial;
            assertArrayEquals(Arrays.stream(expected).map(j -> whole.index[j]).toArray(), near.hull().index, where);
            assertArrayEquals(Arrays.stream(expected).mapToDouble(j -> reduced[j]).toArray(), near.reduced(),
                    where + ": reduced costs");
            assertArrayEquals(Arrays.stream(expected).mapToDouble(j -> whole.cost[j]).toArray(), near.hull().cost,
                    where + ": costs");
            assertArrayEquals(Arrays.stream(expected).mapToDouble(j -> whole.size[j]).toArray(), near.hull().size,
                    where + ": sizes");
        }
    }

    /**
     * A group whose settings are mostly mixes (1 - s) a + s b of two neighbouring base settings, in costs at both
     * ends and in size, as Ribbon's rounding biases mix two layouts: settings on their hull's chords, up to rounding.
     */
    private static double[][] mixedGroup(SplittableRandom random, int bases, int mixes) {
        double[][] base = group(random, bases);
        int n = bases + (bases - 1) * mixes;
        double[] low = new double[n];
        double[] high = new double[n];
        double[] size = new double[n];
        int j = 0;
        for (int b = 0; b < bases; b++) {
            for (int m = 0; m <= (b + 1 < bases ? mixes : 0); m++) {
                double share = m / (mixes + 1.0);
                int next = Math.min(b + 1, bases - 1);
                low[j] = (1 - share) * base[0][b] + share * base[0][next];
                high[j] = (1 - share) * base[1][b] + share * base[1][next];
                size[j] = (1 - share) * base[2][b] + share * base[2][next];
                j++;
            }
        }
        for (int k = 1; k < n; k++) { // sizes in ascending order, as the tables hold them
            size[k] = Math.max(size[k], size[k - 1]);
        }
        return new double[][] {low, high, size};
    }

    @Test
    void near_readingOnlyTheStretchesThatMayHoldIt_gathersWhatAPassOverEveryKeptSettingDoes() {
        SplittableRandom random = new SplittableRandom(23);
        for (int trial = 0; trial < 3000; trial++) {
            double[][] g = random.nextBoolean() ? group(random, 1 + random.nextInt(400))
                    : mixedGroup(random, 2 + random.nextInt(40), random.nextInt(30));
            double theta = theta(random);
            DeployableSolver.Hull.Weighted scan = DeployableSolver.Hull.Weighted.scan(g[0], g[1], theta, g[2]);
            DeployableSolver.Hull vertices = scan.vertices();
            // the critical slope of some budget: between two neighbouring vertices' slopes, or one of them
            int v = random.nextInt(Math.max(1, vertices.index.length - 1));
            double lambda = vertices.index.length < 2 ? random.nextDouble()
                    : -(vertices.cost[v + 1] - vertices.cost[v]) / (vertices.size[v + 1] - vertices.size[v])
                    * (random.nextInt(3) == 0 ? 1.0 : 0.5 + random.nextDouble());
            double wide = new double[] {0.0, 1e-12, 1e-6, 1e-3, 0.1}[random.nextInt(5)] * random.nextDouble();
            int must = random.nextInt(g[0].length);
            DeployableSolver.Hull.Weighted.Near expected = scan.nearOverEveryKept(lambda, wide, must);
            DeployableSolver.Hull.Weighted.Near near = scan.near(lambda, wide, must);
            String where = "trial " + trial;
            assertArrayEquals(expected.hull().index, near.hull().index, where + ": settings");
            assertArrayEquals(expected.reduced(), near.reduced(), where + ": reduced costs");
            assertSameHull(expected.hull(), near.hull(), where);
        }
    }

    @Test
    void mayHoldNear_leavesRoomForTheChainsRounding() {
        // a stretch whose ends are exactly wide above the bound may still hold a setting a rounding below its chord
        assertTrue(DeployableSolver.Hull.Weighted.mayHoldNear(1.5, 2.0, 1.0, 0.5));
        assertTrue(DeployableSolver.Hull.Weighted.mayHoldNear(1.5 + 1e-12, 2.0, 1.0, 0.5));
        assertFalse(DeployableSolver.Hull.Weighted.mayHoldNear(1.6, 2.0, 1.0, 0.5));
    }

    @Test
    void solve_overTheNearSettings_isTheWholeHullsAnswerBoundAndVertices() {
        SplittableRandom random = new SplittableRandom(5);
        int near = 0;
        for (int trial = 0; trial < 600; trial++) {
            int groups = 1 + random.nextInt(7);
            double[][] low = new double[groups][];
            double[][] high = new double[groups][];
            double[][] size = new double[groups][];
            int[][] identity = new int[groups][];
            double least = 0.0;
            double most = 0.0;
            for (int k = 0; k < groups; k++) {
                double[][] g = k > 0 && random.nextInt(12) == 0 ? group(new SplittableRandom(trial), 40) // twins
                        : group(random, 2 + random.nextInt(150));
                if (k > 0 && g[0].length == 40 && random.nextBoolean()) {
                    g = new double[][] {low[0].clone(), high[0].clone(), size[0].clone()};
                }
                low[k] = g[0];
                high[k] = g[1];
                size[k] = g[2];
                identity[k] = identity(g[0].length);
                least += size[k][0];
                most += size[k][size[k].length - 1];
            }
            Integer[] order = IntStream.range(0, groups).boxed()
                    .sorted(Comparator.comparingDouble((Integer k) -> -size[k][size[k].length - 1]))
                    .toArray(Integer[]::new);
            double theta = theta(random);
            double budget = least + (most - least) * random.nextDouble();
            long maxStates = new long[] {1, 20, 1_000, 1_000_000}[random.nextInt(4)];
            WeightedKnapsack.Answer whole = WeightedKnapsack.whole(low, high, size, identity, order, theta, budget,
                    maxStates);
            WeightedKnapsack.Answer answer = WeightedKnapsack.solve(low, high, size, identity, order, theta, budget,
                    maxStates);
            String where = "trial " + trial;
            assertArrayEquals(whole.position(), answer.position(), where + ": allocation");
            assertEquals(Double.doubleToLongBits(whole.lowerCost()), Double.doubleToLongBits(answer.lowerCost()),
                    where + ": bound");
            for (int k = 0; k < groups; k++) {
                assertSameHull(whole.vertices()[k], answer.vertices()[k], where + " group " + k);
            }
            if (WeightedKnapsack.distinct(answer.vertices())) {
                near++;
            }
        }
        assertTrue(near > 400, near + " trials over the near settings");
    }

    @Test
    void distinct_twoGroupsOfTheSameHull_isFalse() {
        double[][] g = group(new SplittableRandom(3), 30);
        DeployableSolver.Hull a = DeployableSolver.Hull.ofWeighted(g[0], g[1], 0.3, g[2], identity(30)).vertices();
        DeployableSolver.Hull b = DeployableSolver.Hull.ofWeighted(g[0].clone(), g[1].clone(), 0.3, g[2].clone(),
                identity(30)).vertices();
        assertFalse(WeightedKnapsack.distinct(new DeployableSolver.Hull[] {a, b}));
        assertTrue(WeightedKnapsack.distinct(new DeployableSolver.Hull[] {a}));
    }
}
