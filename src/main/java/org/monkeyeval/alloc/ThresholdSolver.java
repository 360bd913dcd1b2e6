package org.monkeyeval.alloc;

import java.util.Arrays;

import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.exception.MathIllegalStateException;

import org.monkeyeval.model.LsmCase;

/**
 * Finds Monkey's Lagrange threshold t: the value at which b_i = max(0, (t - ln w_i)/c) spends the
 * budget M exactly (see {@link MonkeyModel}).
 *
 * <p>Two stages:
 * <ol>
 *   <li><b>Bounded search.</b> The budget spent, S(t) = sum n_i max(0, (t - ln w_i)/c), is continuous
 *       and non-decreasing in t. At t_lo = min ln w_i every run gets 0 bits, so S(t_lo) = 0 &lt;= M.
 *       At the all-runs-active closed form t_hi = (c*M + sum n_i ln w_i)/N, S(t_hi) &gt;= M because
 *       max(0, x) &gt;= x. commons-math3's {@link BrentSolver} brackets the root of S(t) - M in
 *       [t_lo, t_hi] under a fixed evaluation budget.</li>
 *   <li><b>Polish.</b> The root's active set A = {i : ln w_i &lt; t} fixes t by the closed form over A;
 *       the set is re-checked against the new t and moved by one run at a time until it is
 *       self-consistent. The result spends M to within {@link #BUDGET_TOLERANCE} * M.</li>
 * </ol>
 *
 * <p>All sums run over the runs sorted by entry count, so the answer does not depend on the order
 * of the runs in the case file: permuting the runs permutes the bits, bit for bit.
 */
public final class ThresholdSolver {

    /** Largest accepted |S(t) - M| / M after polishing. */
    public static final double BUDGET_TOLERANCE = 1e-9;

    /** Default evaluation budget of the bracketing search. */
    public static final int DEFAULT_MAX_EVALUATIONS = 200;
    /** Default absolute accuracy on t. */
    public static final double DEFAULT_ABSOLUTE_ACCURACY = 1e-13;
    /** Default relative accuracy on t. */
    public static final double DEFAULT_RELATIVE_ACCURACY = 1e-15;

    private final int maxEvaluations;
    private final double absoluteAccuracy;
    private final double relativeAccuracy;

    /** A solver with the default budget and accuracies. */
    public ThresholdSolver() {
        this(DEFAULT_MAX_EVALUATIONS, DEFAULT_ABSOLUTE_ACCURACY, DEFAULT_RELATIVE_ACCURACY);
    }

    /**
     * @param maxEvaluations   cap on evaluations of S(t) in the bracketing search, {@code >= 2}
     * @param absoluteAccuracy absolute accuracy on t, {@code > 0}
     * @param relativeAccuracy relative accuracy on t, {@code >= 0}
     */
    public ThresholdSolver(int maxEvaluations, double absoluteAccuracy, double relativeAccuracy) {
        if (maxEvaluations < 2) {
            throw new IllegalArgumentException("maxEvaluations (" + maxEvaluations + ") must be >= 2");
        }
        if (!(absoluteAccuracy > 0.0)) {
            throw new IllegalArgumentException("absoluteAccuracy (" + absoluteAccuracy + ") must be > 0");
        }
        if (!(relativeAccuracy >= 0.0)) {
            throw new IllegalArgumentException("relativeAccuracy (" + relativeAccuracy + ") must be >= 0");
        }
        this.maxEvaluations = maxEvaluations;
        this.absoluteAccuracy = absoluteAccuracy;
        this.relativeAccuracy = relativeAccuracy;
    }

    public int maxEvaluations() {
        return maxEvaluations;
    }

    public double absoluteAccuracy() {
        return absoluteAccuracy;
    }

    public double relativeAccuracy() {
        return relativeAccuracy;
    }

    /**
     * Solves one case whose lookups are all for absent keys (every a_i = 1).
     *
     * @param entries    n_i for each run, in case-file order, all {@code > 0}
     * @param budgetBits M, finite and {@code >= 0}
     * @return the threshold, per-run bits in case-file order, and the search record
     * @throws SolverException if the search fails or the polished answer misses the budget
     */
    public Solution solve(long[] entries, double budgetBits) {
        return solve(entries, null, budgetBits);
    }

    /**
     * Solves one case weighted by the lookups that reach each run: minimizes sum a_i p_i subject to
     * sum n_i b_i = M, which gives b_i = max(0, (t - ln(w_i / a_i)) / c) (see {@link LookupWeights}).
     * The weights are first divided by their largest, which leaves the optimum unchanged and makes
     * all-equal weights exactly 1, so that they give the unweighted answer bit for bit (ln 1 = 0).
     * A run with a_i = 0 gets no filter and takes no part in t; when no run is reached the budget
     * stays unspent.
     *
     * @param entries    n_i for each run, in case-file order, all {@code > 0}
     * @param reach      a_i &gt;= 0 for each run, or {@code null} for all 1
     * @param budgetBits M, finite and {@code >= 0}
     */
    public Solution solve(long[] entries, double[] reach, double budgetBits) {
        if (entries.length == 0) {
            throw new IllegalArgumentException("a case needs at least one run");
        }
        if (!(budgetBits >= 0.0) || Double.isInfinite(budgetBits)) {
            throw new IllegalArgumentException("budget (" + budgetBits + " bits) must be finite and >= 0");
        }
        for (long n : entries) {
            if (n <= 0) {
                throw new IllegalArgumentException("entries (" + n + ") must be > 0");
            }
        }
        if (reach != null) {
            if (reach.length != entries.length) {
                throw new IllegalArgumentException("reach has " + reach.length + " weights for "
                        + entries.length + " runs");
            }
            for (double a : reach) {
                if (!(a >= 0.0) || Double.isInfinite(a)) {
                    throw new IllegalArgumentException("reach (" + a + ") must be finite and >= 0");
                }
            }
        }
        int r = entries.length;
        if (budgetBits == 0.0) {
            // No memory: every run is unfiltered and t is undefined (any t <= min ln w_i spends 0).
            return new Solution(Double.NaN, new double[r], Double.NaN, Double.NaN, 0, 0, 0.0, 0);
        }
        Canonical runs = Canonical.of(entries, reach);
        int eligible = runs.entries.length;
        if (eligible == 0) {
            // No lookup reaches any filter: no bit can lower the cost, and none is spent.
            return new Solution(Double.NaN, new double[r], Double.NaN, Double.NaN, 0, 0, -budgetBits, 0);
        }

        double tLow = runs.lnWeight[0];
        double tHigh = runs.threshold(budgetBits, eligible);
        UnivariateFunction excess = t -> runs.spent(t) - budgetBits;

        int evaluations = 2;
        double searched;
        if (excess.value(tHigh) <= 0.0) {
            // S(t_hi) >= M holds exactly; a non-positive value here is rounding, and t_hi
            // (all runs active) is then already the root.
            searched = tHigh;
        } else {
            BrentSolver brent = new BrentSolver(relativeAccuracy, absoluteAccuracy, BUDGET_TOLERANCE * budgetBits * 1e-3);
            try {
                searched = brent.solve(maxEvaluations, excess, tLow, tHigh);
            } catch (MathIllegalStateException e) {
                throw new SolverException("threshold search failed: " + e.getMessage(),
                        tLow, tHigh, excess.value(tLow), excess.value(tHigh));
            }
            evaluations = brent.getEvaluations();
        }

        // Polish: closed form over the active prefix, moved until it is self-consistent.
        int active = Math.max(1, runs.activeCount(searched)); // M > 0 always activates the first run
        int polishIterations = 0;
        for (int guard = 0; guard <= eligible + 1; guard++) {
            polishIterations++;
            double t = runs.threshold(budgetBits, active);
            if (active > 1 && !(runs.lnWeight[active - 1] < t)) {
                active--; // the last run of the prefix would get no bits: drop it
            } else if (active < eligible && runs.lnWeight[active] < t) {
                active++; // the next run would get bits: take it in
            } else {
                break;
            }
        }
        double t = runs.threshold(budgetBits, active);
        double meanBits = budgetBits / runs.prefixEntries(active);
        double meanLnW = runs.meanLnWeight(active);
        double[] bits = new double[r];
        double spent = 0.0;
        for (int k = 0; k < eligible; k++) {
            double b = k < active ? MonkeyModel.bitsOnActiveSet(meanBits, meanLnW, runs.lnWeight[k]) : 0.0;
            bits[runs.order[k]] = b;
            spent += runs.entries[k] * b;
        }
        double residual = spent - budgetBits;
        if (!(Math.abs(residual) <= BUDGET_TOLERANCE * budgetBits)) {
            // Tiny budgets over skewed runs: the deviations n_k (mean ln w - ln w_k) / c cancel only to
            // about N·ε·|ln w_min| / c bits, more than 1e-9·M once M/N falls below ~1e-5 bits per
            // entry (runs of 1 and 17,538,805 entries at 2e-6 bits per entry miss by 1e-7 of 35 bits).
            // One equal shift of the active runs' bits spends M again and keeps p_k/w_k equal on
            // them. Applied only here, so answers already within tolerance keep every digit.
            double shift = residual / runs.prefixEntries(active);
            spent = 0.0;
            for (int k = 0; k < active; k++) {
                double b = Math.max(0.0, bits[runs.order[k]] - shift);
                bits[runs.order[k]] = b;
                spent += runs.entries[k] * b;
            }
            residual = spent - budgetBits;
        }
        if (!(Math.abs(residual) <= BUDGET_TOLERANCE * budgetBits)) {
            throw new SolverException("polished threshold misses the budget by " + residual + " bits",
                    tLow, tHigh, excess.value(tLow), excess.value(tHigh));
        }
        return new Solution(t, bits, tLow, tHigh, evaluations, polishIterations, residual, active);
    }

    /**
     * The answer for one case.
     *
     * @param threshold        t, or NaN when M = 0 (undefined)
     * @param bitsPerEntry     b_i in case-file order
     * @param bracketLow       t_lo = min ln w_i (NaN when M = 0)
     * @param bracketHigh      t_hi, the all-active closed form (NaN when M = 0)
     * @param evaluations      evaluations of S(t) by the bracketing search
     * @param polishIterations closed-form evaluations while polishing
     * @param residualBits     S(t) - M at the returned t
     * @param activeRuns       runs with b_i &gt; 0
     */
    public record Solution(double threshold, double[] bitsPerEntry, double bracketLow, double bracketHigh,
                           int evaluations, int polishIterations, double residualBits, int activeRuns) {
        public Solution {
            bitsPerEntry = bitsPerEntry.clone();
        }

        @Override
        public double[] bitsPerEntry() {
            return bitsPerEntry.clone();
        }
    }

    /**
     * The runs a lookup reaches (a_i &gt; 0), sorted by ln(w_i / a_i) ascending (then by entries and
     * position), with prefix sums, so every sum has one fixed order. For a_i = 1 this is the order by
     * entry count.
     */
    private static final class Canonical {
        final int[] order;       // order[k] = case-file index of the k-th run
        final double[] entries;  // n in canonical order
        final double[] lnWeight; // ln(w / a) in canonical order, ascending
        final double[] prefixN;  // prefixN[k] = sum of the first k entries
        final double[] prefixDeviation; // sum of n (ln w - ln w_min): exact zero for equal runs

        private Canonical(int[] order, double[] entries, double[] lnWeight, double[] prefixN,
                          double[] prefixDeviation) {
            this.order = order;
            this.entries = entries;
            this.lnWeight = lnWeight;
            this.prefixN = prefixN;
            this.prefixDeviation = prefixDeviation;
        }

        static Canonical of(long[] n, double[] reach) {
            int r = n.length;
            // N exactly, then rounded once: one number per case whatever the weights and the order
            // (the same double as a sum in ascending order whenever N < 2^53, as in every published case)
            double lnTotal = Math.log(LsmCase.sum(n).doubleValue());
            double maxReach = 0.0;
            if (reach != null) {
                for (double a : reach) {
                    maxReach = Math.max(maxReach, a);
                }
            }
            double[] key = new double[r];
            int eligible = 0;
            for (int i = 0; i < r; i++) {
                // ln(n/N) without forming a tiny quotient; minus ln(a/max a), an exact 0 for a = max a
                double lnW = Math.log(n[i]) - lnTotal;
                if (reach == null) {
                    key[i] = lnW;
                    eligible++;
                } else if (reach[i] > 0.0) {
                    key[i] = lnW - Math.log(reach[i] / maxReach);
                    eligible++;
                } else {
                    key[i] = Double.POSITIVE_INFINITY; // never reached: no filter
                }
            }
            int[] order = new int[eligible];
            for (int i = 0, k = 0; i < r; i++) {
                if (key[i] != Double.POSITIVE_INFINITY) {
                    order[k++] = i;
                }
            }
            IndexSort.sort(order, key, n);
            double[] sorted = new double[eligible];
            double[] lnW = new double[eligible];
            double[] prefixN = new double[eligible + 1];
            double[] prefixDeviation = new double[eligible + 1];
            for (int k = 0; k < eligible; k++) {
                sorted[k] = n[order[k]];
                lnW[k] = key[order[k]];
                prefixN[k + 1] = prefixN[k] + sorted[k];
            }
            for (int k = 0; k < eligible; k++) {
                prefixDeviation[k + 1] = prefixDeviation[k] + sorted[k] * (lnW[k] - lnW[0]);
            }
            return new Canonical(order, sorted, lnW, prefixN, prefixDeviation);
        }

        double prefixEntries(int k) {
            return prefixN[k];
        }

        /** Mean of ln w over the first k runs, weighted by n; summed as deviations from min ln w. */
        double meanLnWeight(int k) {
            return lnWeight[0] + prefixDeviation[k] / prefixN[k];
        }

        /** Closed-form t over the first k runs: mean ln w + c * M / N_A (see MonkeyModel). */
        double threshold(double budgetBits, int k) {
            return MonkeyModel.closedFormThreshold(budgetBits, prefixN[k], meanLnWeight(k));
        }

        /** Number of runs with ln w_i &lt; t (a prefix, since ln w is ascending). */
        int activeCount(double t) {
            int k = Arrays.binarySearch(lnWeight, t);
            if (k < 0) {
                return -k - 1;
            }
            while (k > 0 && lnWeight[k - 1] == t) {
                k--;
            }
            return k;
        }

        /** S(t) = sum n_i max(0, (t - ln w_i)/c). */
        double spent(double t) {
            double sum = 0.0;
            for (int k = 0; k < entries.length; k++) {
                sum += entries[k] * MonkeyModel.bitsAtThreshold(t, lnWeight[k]);
            }
            return sum;
        }
    }
}
