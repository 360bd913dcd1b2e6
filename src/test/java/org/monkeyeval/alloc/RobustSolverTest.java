package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The robust allocation minimizes the largest regret over an interval of zero-result shares: no
 * allocation on a fine grid of those that spend the budget has a smaller one (two and three runs); on
 * random cases it meets the KKT conditions of the minimax (it is the weighted optimum at the weights
 * theta a(zL) + (1 - theta) a(zH), and the two end regrets are equal unless an end dominates); the
 * worst regret of any allocation over the interval is at an end; and it is never worse at its worst
 * than the uniform or the nominal allocation.
 */
final class RobustSolverTest {

    private static final ThresholdSolver SOLVER = new ThresholdSolver();
    private static final RobustSolver ROBUST = new RobustSolver(SOLVER);

    static Stream<Arguments> smallCases() {
        SplittableRandom random = new SplittableRandom(167);
        return LongStream.range(0, 16).mapToObj(seed -> {
            int runs = seed < 8 ? 2 : 3;
            long[] n = new long[runs];
            for (int i = 0; i < runs; i++) {
                n[i] = (long) Math.pow(10, 2 + random.nextDouble() * 4) * (i + 1);
            }
            double low = random.nextDouble() * 0.6;
            double high = low + random.nextDouble() * (1 - low);
            double bitsPerEntry = 0.5 + random.nextDouble() * 12;
            return Arguments.of(seed, n, low, high, bitsPerEntry);
        });
    }

    static Stream<Arguments> randomCases() {
        SplittableRandom random = new SplittableRandom(2022);
        return LongStream.range(0, 60).mapToObj(seed -> {
            int runs = 1 + random.nextInt(12);
            long[] n = new long[runs];
            for (int i = 0; i < runs; i++) {
                n[i] = Math.max(1, (long) Math.pow(10, random.nextDouble() * 9));
            }
            double low = random.nextInt(5) == 0 ? 0.0 : random.nextDouble();
            double high = random.nextInt(5) == 0 ? 1.0 : low + random.nextDouble() * (1 - low);
            double bitsPerEntry = random.nextInt(4) == 0 ? random.nextDouble() : random.nextDouble() * 20;
            return Arguments.of(seed, n, low, high, bitsPerEntry);
        });
    }

    private static double total(long[] n) {
        return Arrays.stream(n).asDoubleStream().sum();
    }

    @ParameterizedTest(name = "case {0}: {1} entries, z in [{2}, {3}], {4} bits/entry")
    @MethodSource("smallCases")
    void solve_twoOrThreeRuns_noAllocationOnAGridThatSpendsTheBudgetHasASmallerWorstRegret(
            long seed, long[] n, double low, double high, double bitsPerEntry) {
        double m = bitsPerEntry * total(n);
        Robust robust = ROBUST.solve(n, new ShareInterval(low, high), m);
        ShareEnds ends = robust.ends();
        // a grid over the bits of the first runs (the last run takes what is left), zoomed five times onto
        // its best point; every point spends the budget exactly
        int steps = n.length == 2 ? 20_000 : 300;
        double[] from = new double[n.length - 1];
        double[] to = new double[n.length - 1];
        for (int k = 0; k < from.length; k++) {
            to[k] = Math.min(m / n[k], 64.0); // beyond 64 bits p < 1e-13: no visible cost
        }
        double gridBest = Double.POSITIVE_INFINITY;
        double gridLowBest = Double.POSITIVE_INFINITY;
        double gridHighBest = Double.POSITIVE_INFINITY;
        for (int round = 0; round < 6; round++) {
            double[] bestPoint = null;
            double[] b = new double[n.length];
            int[] index = new int[from.length];
            while (true) {
                double left = m;
                for (int k = 0; k < from.length; k++) {
                    b[k] = from[k] + (to[k] - from[k]) * index[k] / steps;
                    left -= n[k] * b[k];
                }
                if (left >= 0) {
                    b[n.length - 1] = left / n[n.length - 1];
                    Allocation a = Allocation.of(b);
                    double worst = ends.worstRegret(a);
                    if (worst < gridBest) {
                        gridBest = worst;
                        bestPoint = b.clone();
                    }
                    gridLowBest = Math.min(gridLowBest, ends.low().cost(a));
                    gridHighBest = Math.min(gridHighBest, ends.high().cost(a));
                }
                int k = 0;
                while (k < index.length && ++index[k] > steps) {
                    index[k++] = 0;
                }
                if (k == index.length) {
                    break;
                }
            }
            if (bestPoint != null) {
                for (int k = 0; k < from.length; k++) {
                    double step = (to[k] - from[k]) / steps;
                    from[k] = Math.max(0, bestPoint[k] - 8 * step);
                    to[k] = bestPoint[k] + 8 * step;
                }
            }
        }
        assertTrue(ends.lowBest() <= gridLowBest * (1 + 1e-12), "the optimum at zL is the least cost there");
        assertTrue(ends.highBest() <= gridHighBest * (1 + 1e-12), "the optimum at zH is the least cost there");
        assertTrue(robust.worstRegret() <= gridBest + 1e-12 * ends.highBest(),
                "robust " + robust.worstRegret() + " above the grid's " + gridBest);
        assertTrue(gridBest - robust.worstRegret() <= 1e-4 * gridBest + 1e-13,
                "the grid comes near the robust allocation: " + gridBest + " against " + robust.worstRegret());
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomCases")
    void solve_randomCases_meetsTheKktConditionsOfTheMinimax(long seed, long[] n, double low, double high,
                                                             double bitsPerEntry) {
        double m = bitsPerEntry * total(n);
        Robust robust = ROBUST.solve(n, new ShareInterval(low, high), m);
        double[] b = robust.allocation().bitsPerEntry();
        double spent = 0;
        for (int i = 0; i < n.length; i++) {
            spent += n[i] * b[i];
        }
        assertEquals(m, spent, 1e-9 * m + 1e-300, "budget spent");
        // the weights of the dual's theta, from the two ends' weights (not from z*)
        double theta = high == low ? 1.0 : (high - robust.share()) / (high - low);
        assertTrue(theta >= 0 && theta <= 1, "z* in the interval");
        double[] aLow = robust.ends().low().reach();
        double[] aHigh = robust.ends().high().reach();
        double marginal = Double.NaN;
        for (int i = 0; i < n.length; i++) {
            double a = theta * aLow[i] + (1 - theta) * aHigh[i];
            if (b[i] > 0) {
                double value = a * MonkeyModel.C * MonkeyModel.idealFpr(b[i]) / n[i];
                if (Double.isNaN(marginal)) {
                    marginal = value;
                } else {
                    assertEquals(marginal, value, 1e-7 * marginal, "equal marginal value on filtered runs");
                }
            }
        }
        for (int i = 0; i < n.length; i++) {
            double a = theta * aLow[i] + (1 - theta) * aHigh[i];
            if (b[i] == 0.0 && !Double.isNaN(marginal)) {
                assertTrue(a * MonkeyModel.C / n[i] <= marginal * (1 + 1e-7), "an unfiltered run buys no more per bit");
            }
        }
        double scale = robust.ends().highBest() + robust.ends().lowBest();
        double tolerance = 1e-9 * robust.worstRegret() + 1e-14 * scale;
        if (theta > 0 && theta < 1) {
            assertEquals(robust.regretLow(), robust.regretHigh(), tolerance, "equal end regrets inside the interval");
        } else {
            assertEquals(0.0, robust.worstRegret(), tolerance, "an end's optimum is robust only without regret");
        }
        assertTrue(robust.regretLow() >= -1e-14 * scale && robust.regretHigh() >= -1e-14 * scale, "regret >= 0");
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomCases")
    void worstRegret_overTheInterval_isAtAnEnd(long seed, long[] n, double low, double high, double bitsPerEntry) {
        double m = bitsPerEntry * total(n);
        Robust robust = ROBUST.solve(n, new ShareInterval(low, high), m);
        double nominal = low + (high - low) / 3;
        Allocation[] allocations = {robust.allocation(), Allocation.uniform(n.length, m, total(n)),
            Allocation.of(SOLVER.solve(n, LookupWeights.ofZeroResultShare(n, total(n), nominal).reach(), m)
                    .bitsPerEntry())};
        double scale = robust.ends().highBest() + robust.ends().lowBest();
        for (int k = 1; k < 8; k++) {
            double z = low + (high - low) * k / 8;
            LookupWeights w = LookupWeights.ofZeroResultShare(n, total(n), z);
            double best = w.cost(Allocation.of(SOLVER.solve(n, w.reach(), m).bitsPerEntry()));
            for (Allocation a : allocations) {
                double regret = w.cost(a) - best;
                assertTrue(regret <= robust.ends().worstRegret(a) + 1e-12 * scale,
                        "regret " + regret + " at z = " + z + " above the worse end's " + robust.ends().worstRegret(a));
            }
        }
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomCases")
    void solve_robust_isNeverWorseAtItsWorstThanUniformOrTheNominalOptimum(long seed, long[] n, double low,
                                                                           double high, double bitsPerEntry) {
        double m = bitsPerEntry * total(n);
        Robust robust = ROBUST.solve(n, new ShareInterval(low, high), m);
        ShareEnds ends = robust.ends();
        double nominal = (low + high) / 2;
        Allocation optimized = Allocation.of(SOLVER.solve(n,
                LookupWeights.ofZeroResultShare(n, total(n), nominal).reach(), m).bitsPerEntry());
        double slack = 1e-14 * (ends.highBest() + ends.lowBest());
        assertTrue(robust.worstRegret() <= ends.worstRegret(Allocation.uniform(n.length, m, total(n))) + slack);
        assertTrue(robust.worstRegret() <= ends.worstRegret(optimized) + slack);
    }

    @Test
    void solve_pointInterval_isTheWeightedOptimumThereBitForBit() {
        long[] n = {10_000, 100_000, 1_000_000};
        double m = 1_110_000 * 10.0;
        Robust robust = ROBUST.solve(n, new ShareInterval(0.3, 0.3), m);
        double[] expected = SOLVER.solve(n, LookupWeights.ofZeroResultShare(n, 1_110_000, 0.3).reach(), m)
                .bitsPerEntry();
        assertArrayEquals(expected, robust.allocation().bitsPerEntry());
        assertEquals(0.0, robust.worstRegret());
        assertEquals(0.3, robust.share());
    }

    @Test
    void solve_noMemory_hasNoRegret() {
        long[] n = {10_000, 100_000, 1_000_000};
        Robust robust = ROBUST.solve(n, new ShareInterval(0.0, 1.0), 0.0);
        assertEquals(0.0, robust.worstRegret());
        assertEquals(0, robust.allocation().runs() - 3);
    }
}
