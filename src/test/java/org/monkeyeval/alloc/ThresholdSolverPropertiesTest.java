package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;

/**
 * Properties of {@link ThresholdSolver} over generated cases (jqwik): the budget is spent; the KKT
 * conditions of min Σ e^(−c·b_i) s.t. Σ n_i·b_i = M hold (Monkey, SIGMOD 2017, §4.1: the marginal
 * value c·p_i/n_i is equal on every filtered run, so p_i/w_i = e^(−t) there, and no unfiltered run
 * would gain more from its first bit: p_i/w_i = 1/w_i ≤ e^(−t)); the optimum is never worse than
 * uniform; permuting the runs permutes the answer bit for bit; R falls as M grows; scaling every
 * n_i and M by the same factor leaves the bits per entry unchanged.
 *
 * <p>Run sizes are drawn log-uniformly from 1 to 10^12, one to twelve runs. On a failure jqwik
 * shrinks towards one run of one entry and small budgets, so the report shows the smallest case
 * that still fails.
 */
final class ThresholdSolverPropertiesTest {

    private static final ThresholdSolver SOLVER = new ThresholdSolver();

    @Provide
    Arbitrary<long[]> runs() {
        Arbitrary<Long> size = Arbitraries.integers().between(0, 12_000)
                .map(e -> Math.max(1L, (long) Math.pow(10, e / 1000.0)));
        return size.list().ofMinSize(1).ofMaxSize(12)
                .map(list -> list.stream().mapToLong(Long::longValue).toArray());
    }

    private static double total(long[] n) {
        double s = 0;
        for (long x : n) {
            s += x;
        }
        return s;
    }

    private static double expectedProbes(long[] n, double budget) {
        return Allocation.of(SOLVER.solve(n, budget).bitsPerEntry()).expectedProbes();
    }

    @Property
    void solve_spendsTheBudget(@ForAll("runs") long[] n, @ForAll @Scale(6) @DoubleRange(min = 0, max = 40) double bitsPerEntry) {
        double budget = bitsPerEntry * total(n);
        double[] b = SOLVER.solve(n, budget).bitsPerEntry();
        double spent = 0;
        for (int i = 0; i < n.length; i++) {
            assertTrue(b[i] >= 0, "run " + i + " got " + b[i] + " bits per entry");
            spent += n[i] * b[i];
        }
        assertEquals(budget, spent, 1e-9 * budget);
    }

    @Property
    void solve_satisfiesKkt(@ForAll("runs") long[] n,
                            @ForAll @Scale(6) @DoubleRange(min = 0.001, max = 40) double bitsPerEntry) {
        double total = total(n);
        ThresholdSolver.Solution s = SOLVER.solve(n, bitsPerEntry * total);
        Allocation a = Allocation.of(s.bitsPerEntry());
        double marginal = Math.exp(-s.threshold()); // p_i / w_i on every filtered run
        for (int i = 0; i < n.length; i++) {
            double ratio = a.fpr(i) / (n[i] / total);
            if (a.bitsPerEntry(i) > 0) {
                assertEquals(marginal, ratio, 1e-7 * marginal, "filtered run " + i + ": p/w must equal e^-t");
            } else {
                assertTrue(ratio <= marginal * (1 + 1e-9), "unfiltered run " + i + ": p/w = " + ratio
                        + " exceeds e^-t = " + marginal);
            }
        }
    }

    @Property
    void solve_neverWorseThanUniform(@ForAll("runs") long[] n,
                                     @ForAll @Scale(6) @DoubleRange(min = 0, max = 40) double bitsPerEntry) {
        double total = total(n);
        double budget = bitsPerEntry * total;
        double optimized = expectedProbes(n, budget);
        double uniform = Allocation.uniform(n.length, budget, total).expectedProbes();
        assertTrue(optimized <= uniform * (1 + 1e-12), optimized + " > " + uniform);
    }

    @Property
    void solve_permutedRuns_permutedAnswer(@ForAll("runs") long[] n,
                                           @ForAll @Scale(6) @DoubleRange(min = 0, max = 40) double bitsPerEntry,
                                           @ForAll long seed) {
        int r = n.length;
        int[] order = new int[r];
        for (int i = 0; i < r; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = r - 1; i > 0; i--) { // Fisher-Yates
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        long[] permuted = new long[r];
        for (int i = 0; i < r; i++) {
            permuted[i] = n[order[i]];
        }
        double budget = bitsPerEntry * total(n);
        double[] b = SOLVER.solve(n, budget).bitsPerEntry();
        double[] bp = SOLVER.solve(permuted, budget).bitsPerEntry();
        for (int i = 0; i < r; i++) {
            assertEquals(b[order[i]], bp[i], "run " + order[i]); // bit for bit: sums run in one canonical order
        }
    }

    @Property
    void expectedProbes_monotoneInBudget(@ForAll("runs") long[] n,
                                         @ForAll @Scale(6) @DoubleRange(min = 0, max = 40) double lower,
                                         @ForAll @Scale(6) @DoubleRange(min = 0, max = 40) double higher) {
        double total = total(n);
        double small = Math.min(lower, higher) * total;
        double large = Math.max(lower, higher) * total;
        assertTrue(expectedProbes(n, large) <= expectedProbes(n, small) * (1 + 1e-12),
                () -> "R rose from M = " + small + " to M = " + large);
    }

    @Property
    void solve_scalingEntriesAndBudgetTogether_sameBitsPerEntry(
            @ForAll("runs") long[] n, @ForAll @Scale(6) @DoubleRange(min = 0.001, max = 40) double bitsPerEntry,
            @ForAll @IntRange(min = 2, max = 1000) int factor) {
        long[] scaled = new long[n.length];
        for (int i = 0; i < n.length; i++) {
            scaled[i] = n[i] * factor;
        }
        double[] b = SOLVER.solve(n, bitsPerEntry * total(n)).bitsPerEntry();
        double[] bs = SOLVER.solve(scaled, bitsPerEntry * total(scaled)).bitsPerEntry();
        for (int i = 0; i < n.length; i++) {
            assertEquals(b[i], bs[i], 1e-9 * Math.max(1, b[i]), "run " + i + " scaled by " + factor);
        }
    }
}
