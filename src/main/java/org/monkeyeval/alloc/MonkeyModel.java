package org.monkeyeval.alloc;

import org.monkeyeval.family.IdealFamily;

/**
 * Monkey's cost model for lookups of absent keys, as small pure functions. The curve itself,
 * p = e^(-c b), lives with the other filter families in {@link IdealFamily}.
 *
 * <pre>
 * Cheat sheet (Dayan, Athanassoulis, Idreos, SIGMOD 2017, eq. 2 and section 4.1):
 *
 *   n_i = entries in run i,   N = sum n_i,   w_i = n_i / N
 *   b_i = filter bits per entry of run i,    M = sum n_i * b_i  (the budget)
 *   c   = ln(2)^2 ~= 0.4805
 *   p_i = exp(-c * b_i)        ideal FPR of a Bloom filter with the optimal number of hashes,
 *                              continuous in b (not a finite-filter formula)
 *   R   = sum p_i              expected probes of an absent-key lookup (linearity of expectation;
 *                              not P(at least one false positive), so R can exceed 1)
 *
 *   minimize R subject to sum n_i b_i = M, b_i >= 0
 *   => b_i = max(0, (t - ln w_i) / c)   for the Lagrange threshold t that spends exactly M
 *   => on the active set A = {i : ln w_i < t}:  p_i / w_i = e^(-t) is equal across A
 *      and   t = (c*M + sum_A n_i ln w_i) / N_A,  N_A = sum_A n_i   (closed form)
 *      i.e.  b_i = M/N_A + (mean_A(ln w) - ln w_i)/c   on A
 * </pre>
 *
 * <p>b_i = 0 means the run gets no filter and is always probed: p_i = e^0 = 1, which is what the
 * formula gives. It does not mean an empty filter that rejects every query.
 */
public final class MonkeyModel {

    /** ln 2. */
    public static final double LN_2 = IdealFamily.LN_2;

    /** c = ln(2)^2, the exponent scale of the ideal Bloom FPR (Monkey eq. 2). */
    public static final double C = IdealFamily.C;

    private MonkeyModel() {
    }

    /** Ideal FPR p = e^(-c*b) of a filter with b bits per entry (Monkey eq. 2). */
    public static double idealFpr(double bitsPerEntry) {
        return IdealFamily.idealFpr(bitsPerEntry);
    }

    /** b_i = max(0, (t - ln w_i) / c): the optimal bits per entry of a run of weight w_i at threshold t. */
    public static double bitsAtThreshold(double threshold, double lnWeight) {
        double b = (threshold - lnWeight) / C;
        return b > 0.0 ? b : 0.0;
    }

    /**
     * Closed form of t over a fixed active set A: t = (c*M + sum_A n_i ln w_i) / N_A, written as
     * t = mean_A(ln w) + c * M / N_A with the n-weighted mean, which keeps the large terms apart.
     *
     * @param budgetBits    M
     * @param activeEntries N_A = sum over the active runs of n_i
     * @param meanLnWeight  sum_A n_i ln w_i / N_A
     */
    public static double closedFormThreshold(double budgetBits, double activeEntries, double meanLnWeight) {
        if (!(activeEntries > 0.0)) {
            throw new IllegalArgumentException("active entries (" + activeEntries + ") must be > 0");
        }
        return meanLnWeight + C * budgetBits / activeEntries;
    }

    /**
     * b_i on a fixed active set, computed without forming t: b_i = M/N_A + (mean_A(ln w) - ln w_i)/c.
     * Algebraically equal to (t - ln w_i)/c; numerically it gives every run of equal size exactly
     * M/N_A, so equal runs come out exactly uniform (the deviation term is an exact zero).
     */
    public static double bitsOnActiveSet(double meanBits, double meanLnWeight, double lnWeight) {
        double b = meanBits + (meanLnWeight - lnWeight) / C;
        return b > 0.0 ? b : 0.0;
    }
}
