package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.List;

import org.monkeyeval.model.LsmCase;

/**
 * One case evaluated over a range of memory budgets: the uniform and the optimized allocation at
 * every point of a grid of bits per entry (M = b * N), plus the case's own budget.
 *
 * <p>The optimized allocation is the one {@link CaseEvaluator} gives: weighted by the lookups that reach
 * each run ({@link LookupWeights}; all 1 when every lookup is for an absent key), so that at the case's
 * own budget a point equals the case's evaluation. Each point also carries both allocations' expected
 * run reads per lookup, cost = sum a_i p_i + v.
 *
 * <p>Besides the model's R = sum e^(-c b_i), a point can price each allocation with any per-run
 * false-positive prediction ({@link RunFpr}), for instance a finite filter layout's, so that the same
 * allocations are compared under a real filter's rules. Numbers in, numbers out; no I/O.
 */
public final class MemorySweep {

    /** Grid step in bits per entry. */
    public static final double STEP = 0.25;
    /** Largest bits per entry of the grid. */
    public static final double MAX_BITS_PER_ENTRY = 24.0;
    /** Points of the grid: 0, 0.25, ..., 24. */
    public static final int GRID_POINTS = (int) Math.round(MAX_BITS_PER_ENTRY / STEP) + 1;

    private final ThresholdSolver solver;

    public MemorySweep(ThresholdSolver solver) {
        this.solver = solver;
    }

    /** The false-positive rate one run of {@code entries} keys gets at {@code bitsPerEntry} bits per entry. */
    @FunctionalInterface
    public interface RunFpr {
        double fpr(long entries, double bitsPerEntry);
    }

    /**
     * One budget of the sweep.
     *
     * @param bitsPerEntry M / N
     * @param budgetBits   M
     * @param caseBudget   true for the case's own budget (which may also be a grid point)
     * @param uniform      b_i = M / N for every run
     * @param optimized    Monkey's allocation at M, weighted by the case's lookups
     * @param weights      the case's a_i and v, which price both allocations' cost
     */
    public record Point(double bitsPerEntry, double budgetBits, boolean caseBudget, Allocation uniform,
                        Allocation optimized, LookupWeights weights) {

        /** sum a_i p_i + v of the uniform allocation (without v for measured lookups). */
        public double uniformCost() {
            return weights.cost(uniform);
        }

        /** sum a_i p_i + v of the optimized allocation (without v for measured lookups). */
        public double optimizedCost() {
            return weights.cost(optimized);
        }

        /** R_uniform / R_optimized. */
        public double improvement() {
            return uniform.expectedProbes() / optimized.expectedProbes();
        }

        /** Runs that keep a filter (b_i &gt; 0) under the optimized allocation. */
        public int filteredRuns() {
            return optimized.runs() - optimized.zeroBitRuns();
        }
    }

    /**
     * The grid 0, 0.25, ..., 24 bits per entry, with the case's own budget inserted in order (once, when it
     * is not already a grid point).
     */
    public List<Point> sweep(LsmCase lsmCase) {
        long[] entries = lsmCase.entries();
        LookupWeights weights = LookupWeights.of(lsmCase);
        double totalEntries = lsmCase.totalEntries().doubleValue();
        double ownBudget = lsmCase.budgetBits();
        double ownBitsPerEntry = ownBudget / totalEntries;
        List<Point> points = new ArrayList<>(GRID_POINTS + 1);
        boolean ownPlaced = false;
        for (int i = 0; i < GRID_POINTS; i++) {
            double b = i * STEP; // exact: STEP is a power of two
            if (!ownPlaced && ownBitsPerEntry < b) {
                points.add(point(entries, weights, totalEntries, ownBitsPerEntry, ownBudget, true));
                ownPlaced = true;
            }
            boolean own = !ownPlaced && ownBitsPerEntry == b;
            // at the case's own budget, M is taken from the case (not b * N) so the row matches cases.csv
            points.add(point(entries, weights, totalEntries, b, own ? ownBudget : b * totalEntries, own));
            ownPlaced |= own;
        }
        if (!ownPlaced) {
            points.add(point(entries, weights, totalEntries, ownBitsPerEntry, ownBudget, true));
        }
        return List.copyOf(points);
    }

    private Point point(long[] entries, LookupWeights weights, double totalEntries, double bitsPerEntry,
                        double budgetBits, boolean own) {
        Allocation uniform = Allocation.uniform(entries.length, budgetBits, totalEntries);
        // the same call as CaseEvaluator, so that the case's own budget gives the case's allocation bit for bit
        Allocation optimized = Allocation.of(solver.solve(entries, weights.reach(), budgetBits).bitsPerEntry());
        return new Point(bitsPerEntry, budgetBits, own, uniform, optimized, weights);
    }

    /**
     * R = sum_i fpr(n_i, b_i) of an allocation under a per-run prediction, summed in ascending order so
     * that the order of the runs does not change the result.
     */
    public static double expectedProbes(long[] entries, Allocation allocation, RunFpr fpr) {
        if (entries.length != allocation.runs()) {
            throw new IllegalArgumentException("entries (" + entries.length + " runs) and allocation ("
                    + allocation.runs() + " runs) differ in length");
        }
        double[] p = new double[entries.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = fpr.fpr(entries[i], allocation.bitsPerEntry(i));
        }
        return Allocation.orderFreeSum(p);
    }
}
