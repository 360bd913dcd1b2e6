package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/**
 * Guards the solver on the worked example, the edge budgets and extreme sizes: the polished
 * threshold spends the budget to 1e-9 * M, the search stays within its evaluation cap, and the
 * published numbers of the seed case come out.
 */
final class ThresholdSolverTest {

    private static final long[] SEED = {10_000, 100_000, 1_000_000};

    private static double spent(long[] n, double[] b) {
        double s = 0;
        for (int i = 0; i < n.length; i++) {
            s += n[i] * b[i];
        }
        return s;
    }

    @Test
    void solve_workedExample_matchesPublishedAllocation() {
        ThresholdSolver.Solution s = new ThresholdSolver().solve(SEED, 11_100_000);
        double[] b = s.bitsPerEntry();
        assertEquals(19.0669, b[0], 5e-5);
        assertEquals(14.2744, b[1], 5e-5);
        assertEquals(9.4819, b[2], 5e-5);
        Allocation optimized = Allocation.of(b);
        Allocation uniform = Allocation.uniform(3, 11_100_000, 1_110_000);
        assertEquals(0.0245776, uniform.expectedProbes(), 5e-8);
        assertEquals(0.0116641, optimized.expectedProbes(), 5e-8);
        assertEquals(2.107, uniform.expectedProbes() / optimized.expectedProbes(), 5e-4);
        // the largest run gets a worse FPR than uniform while the sum improves
        assertEquals(0.01051, optimized.fpr(2), 5e-6);
        assertEquals(0.00819, uniform.fpr(2), 5e-6);
    }

    @Test
    void solve_workedExample_recordsBracketEvaluationsAndResidual() {
        ThresholdSolver solver = new ThresholdSolver();
        ThresholdSolver.Solution s = solver.solve(SEED, 11_100_000);
        assertEquals(Math.log(10_000.0 / 1_110_000.0), s.bracketLow(), 1e-12);
        assertTrue(s.bracketLow() <= s.threshold() && s.threshold() <= s.bracketHigh(),
                () -> "t=" + s.threshold() + " outside " + s.bracketLow() + ".." + s.bracketHigh());
        assertTrue(s.evaluations() >= 2 && s.evaluations() <= solver.maxEvaluations());
        assertTrue(Math.abs(s.residualBits()) <= 1e-9 * 11_100_000);
        assertEquals(3, s.activeRuns());
    }

    @Test
    void solve_zeroBudget_everyRunUnfilteredAndThresholdUndefined() {
        ThresholdSolver.Solution s = new ThresholdSolver().solve(SEED, 0.0);
        assertArrayEquals(new double[3], s.bitsPerEntry());
        assertTrue(Double.isNaN(s.threshold()));
        assertEquals(3.0, Allocation.of(s.bitsPerEntry()).expectedProbes());
        assertEquals(0, s.evaluations());
    }

    @Test
    void solve_halfBitPerEntry_largestRunGetsNoFilter() {
        ThresholdSolver.Solution s = new ThresholdSolver().solve(SEED, 0.5 * 1_110_000);
        double[] b = s.bitsPerEntry();
        assertEquals(0.0, b[2]);
        assertTrue(b[0] > b[1] && b[1] > 0);
        assertEquals(2, s.activeRuns());
        assertEquals(0.5 * 1_110_000, spent(SEED, b), 1e-9 * 0.5 * 1_110_000);
        // the inactive run's weight is at least e^t (KKT for b = 0)
        assertTrue(1_000_000.0 / 1_110_000.0 >= Math.exp(s.threshold()));
    }

    @Test
    void solve_singleRun_getsTheWholeBudget() {
        ThresholdSolver.Solution s = new ThresholdSolver().solve(new long[] {12_345}, 12_345 * 7.0);
        assertEquals(7.0, s.bitsPerEntry()[0], 1e-12);
    }

    @Test
    void solve_hugeCounts_spendBudgetExactly() {
        long[] n = {1_000, 1_000_000_000L, 100_000_000_000_000L, 100_000_000_000_000L};
        double total = Arrays.stream(n).asDoubleStream().sum();
        double budget = 10 * total;
        ThresholdSolver.Solution s = new ThresholdSolver().solve(n, budget);
        assertEquals(budget, spent(n, s.bitsPerEntry()), 1e-9 * budget);
        assertTrue(s.bitsPerEntry()[0] > s.bitsPerEntry()[1] && s.bitsPerEntry()[1] > s.bitsPerEntry()[2]);
        assertEquals(s.bitsPerEntry()[2], s.bitsPerEntry()[3]);
    }

    @Test
    void solve_maxLongEntries_doesNotOverflow() {
        long[] n = {Long.MAX_VALUE, Long.MAX_VALUE, 1};
        ThresholdSolver.Solution s = new ThresholdSolver().solve(n, 2.0 * Long.MAX_VALUE * 3);
        double[] b = s.bitsPerEntry();
        assertTrue(b[2] > b[0]);
        assertEquals(b[0], b[1]);
        assertTrue(Arrays.stream(b).allMatch(Double::isFinite));
    }

    @Test
    void solve_millionRuns_spendsBudgetWithinEvaluationCap() {
        int r = 1_000_000;
        long[] n = new long[r];
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        for (int i = 0; i < r; i++) {
            n[i] = 1 + random.nextLong(10_000_000);
        }
        double total = Arrays.stream(n).asDoubleStream().sum();
        ThresholdSolver solver = new ThresholdSolver();
        ThresholdSolver.Solution s = solver.solve(n, 3 * total);
        assertEquals(3 * total, spent(n, s.bitsPerEntry()), 1e-9 * 3 * total);
        assertTrue(s.evaluations() <= solver.maxEvaluations());
    }

    @Test
    void solve_negativeBudget_isRefusedWithTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ThresholdSolver().solve(SEED, -1));
        assertTrue(e.getMessage().contains("-1"));
    }

    @Test
    void solver_tinyEvaluationCap_failsWithBracketInMessage() {
        ThresholdSolver solver = new ThresholdSolver(2, 1e-13, 1e-15);
        SolverException e = assertThrows(SolverException.class, () -> solver.solve(SEED, 0.5 * 1_110_000));
        assertTrue(e.low() < e.high());
        assertTrue(e.valueAtLow() < 0 && e.valueAtHigh() > 0);
    }

    @Test
    void solve_tinyBudgetOverSkewedRuns_spendsBudgetWithinTolerance() {
        // smallest failing case found by ThresholdSolverPropertiesTest: the closed form's rounding alone
        // missed the budget by 1e-7 of 35 bits
        long[] n = {1, 17_538_805};
        double budget = 2.0e-6 * 17_538_806;
        ThresholdSolver.Solution s = new ThresholdSolver().solve(n, budget);
        double spent = n[0] * s.bitsPerEntry()[0] + n[1] * s.bitsPerEntry()[1];
        assertEquals(budget, spent, ThresholdSolver.BUDGET_TOLERANCE * budget);
        assertTrue(Math.abs(s.residualBits()) <= ThresholdSolver.BUDGET_TOLERANCE * budget);
    }
}
