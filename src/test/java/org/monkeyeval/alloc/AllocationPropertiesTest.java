package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties of Monkey's optimum over random cases: the budget is spent exactly; the KKT conditions
 * hold (p_i / w_i equal on active runs, inactive runs have w_i >= e^t); the optimum is never worse
 * than uniform; permuting the runs permutes the answer; R falls as the budget grows.
 */
final class AllocationPropertiesTest {

    private static final ThresholdSolver SOLVER = new ThresholdSolver();

    static Stream<Arguments> randomCases() {
        SplittableRandom random = new SplittableRandom(20_170_514);
        return LongStream.range(0, 60).mapToObj(seed -> {
            int runs = 1 + random.nextInt(12);
            long[] n = new long[runs];
            for (int i = 0; i < runs; i++) {
                // log-uniform sizes from 1 to 1e12
                n[i] = Math.max(1, (long) Math.pow(10, random.nextDouble() * 12));
            }
            double bitsPerEntry = random.nextInt(4) == 0 ? random.nextDouble() : random.nextDouble() * 24;
            return Arguments.of(seed, n, bitsPerEntry);
        });
    }

    private static double total(long[] n) {
        double s = 0;
        for (long x : n) {
            s += x;
        }
        return s;
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomCases")
    void optimum_spendsBudgetExactly(long id, long[] n, double bitsPerEntry) {
        double budget = bitsPerEntry * total(n);
        double[] b = SOLVER.solve(n, budget).bitsPerEntry();
        double spent = 0;
        for (int i = 0; i < n.length; i++) {
            assertTrue(b[i] >= 0);
            spent += n[i] * b[i];
        }
        assertEquals(budget, spent, 1e-9 * budget);
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomCases")
    void optimum_satisfiesKkt(long id, long[] n, double bitsPerEntry) {
        double total = total(n);
        ThresholdSolver.Solution s = SOLVER.solve(n, bitsPerEntry * total);
        Allocation a = Allocation.of(s.bitsPerEntry());
        double lambda = Math.exp(-s.threshold()); // p_i / w_i on every active run
        for (int i = 0; i < n.length; i++) {
            double w = n[i] / total;
            if (a.bitsPerEntry(i) > 0) {
                assertEquals(lambda, a.fpr(i) / w, 1e-7 * lambda, "run " + i + " is active: p/w must equal e^-t");
            } else {
                assertTrue(w >= Math.exp(s.threshold()) * (1 - 1e-9), "run " + i + " is inactive: w must be >= e^t");
            }
        }
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomCases")
    void optimum_neverWorseThanUniform(long id, long[] n, double bitsPerEntry) {
        double total = total(n);
        double budget = bitsPerEntry * total;
        Allocation optimized = Allocation.of(SOLVER.solve(n, budget).bitsPerEntry());
        Allocation uniform = Allocation.uniform(n.length, budget, total);
        assertTrue(optimized.expectedProbes() <= uniform.expectedProbes() * (1 + 1e-12),
                () -> optimized.expectedProbes() + " > " + uniform.expectedProbes());
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomCases")
    void optimum_permutingRunsPermutesTheAnswer(long id, long[] n, double bitsPerEntry) {
        double budget = bitsPerEntry * total(n);
        double[] b = SOLVER.solve(n, budget).bitsPerEntry();
        int r = n.length;
        long[] reversed = new long[r];
        for (int i = 0; i < r; i++) {
            reversed[i] = n[r - 1 - i];
        }
        double[] br = SOLVER.solve(reversed, budget).bitsPerEntry();
        for (int i = 0; i < r; i++) {
            assertEquals(b[i], br[r - 1 - i], "run " + i); // bit for bit: sums run in one canonical order
        }
        assertEquals(Allocation.of(b).expectedProbes(), Allocation.of(br).expectedProbes());
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomCases")
    void expectedProbes_decreasesAsBudgetGrows(long id, long[] n, double bitsPerEntry) {
        double total = total(n);
        double previous = Double.POSITIVE_INFINITY;
        for (double scale : new double[] {0, 0.25, 0.5, 1, 2, 4}) {
            double r = Allocation.of(SOLVER.solve(n, scale * (bitsPerEntry + 0.1) * total).bitsPerEntry())
                    .expectedProbes();
            assertTrue(r < previous || (r == previous && r == 0), () -> "R did not fall: " + r);
            previous = r;
        }
    }

    @ParameterizedTest(name = "{0} equal runs")
    @MethodSource("equalRunCounts")
    void optimum_equalRuns_isExactlyUniform(int runs) {
        long[] n = new long[runs];
        java.util.Arrays.fill(n, 123_457);
        double budget = 9.3 * total(n);
        double[] b = SOLVER.solve(n, budget).bitsPerEntry();
        double[] uniform = Allocation.uniform(runs, budget, total(n)).bitsPerEntry();
        assertArrayEquals(uniform, b);
    }

    static Stream<Integer> equalRunCounts() {
        return Stream.of(1, 2, 3, 7, 100);
    }
}
