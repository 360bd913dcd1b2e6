package org.monkeyeval.alloc;

import org.monkeyeval.model.LsmCase;

/**
 * The robust allocation: the allocation of the budget whose largest regret over an interval
 * [zL, zH] of zero-result shares is least, solved exactly as one weighted optimum.
 *
 * <pre>
 * regret(z, b) = cost(z, b) - opt(z) is convex in z ({@link ShareEnds}), so
 *   min_b max_{z in [zL, zH]} regret(z, b) = min_b max(rL(b), rH(b)),   rL = regret(zL, .), rH = regret(zH, .)
 *                                          = min_b max_{theta in [0, 1]} theta rL(b) + (1 - theta) rH(b)
 * rL and rH are convex in b (sum a_i e^(-c b_i) minus a constant) and the allocations that spend M
 * are a convex compact set, so the minimax theorem (Sion 1958) exchanges min and max:
 *                                          = max_theta min_b [theta rL(b) + (1 - theta) rH(b)]
 * a_i(z) and v(z) are affine in z, so theta cost(zL, b) + (1 - theta) cost(zH, b) = cost(z_theta, b)
 * with z_theta = theta zL + (1 - theta) zH: the inner minimum is the weighted optimum b(z_theta) at
 * one share, which {@link ThresholdSolver} solves in closed form. Its minimizer is unique (cost is
 * strictly convex in every b_i a lookup reaches), so by Danskin's theorem the dual
 *   g(theta) = min_b [...]  is concave with slope  h = rL(b(z_theta)) - rH(b(z_theta)),
 * and h is non-decreasing in z (falling theta). At zL, h = -rH(b(zL)) &lt;= 0; at zH, h = rL(b(zH)) &gt;= 0.
 *   - h(zL) = 0: b(zL) has no regret at either end; it is the robust allocation (an end dominates).
 *   - h(zH) = 0: likewise b(zH).
 *   - otherwise the dual optimum is the z* in (zL, zH) where h = 0, where the two end regrets are
 *     equal; the saddle point's allocation is b(z*).
 * </pre>
 *
 * z* is found by bisection on h until its bracket is two adjacent doubles (h is continuous, since
 * b(z) is); of the two, the allocation with the smaller worst regret is kept. The regrets at the ends
 * then agree to the rounding of the costs.
 *
 * <p>Reference for the regret criterion: L. J. Savage, <i>The theory of statistical decision</i>, JASA
 * 46 (1951); for the exchange of min and max: M. Sion, <i>On general minimax theorems</i>, Pacific J.
 * Math. 8 (1958).
 */
public final class RobustSolver {

    /** Cap on bisection steps; adjacent doubles in [0, 1] are reached long before (about 60 steps). */
    public static final int MAX_BISECTIONS = 2200;

    private final ThresholdSolver solver;

    public RobustSolver(ThresholdSolver solver) {
        this.solver = solver;
    }

    /**
     * @param entries    n_i in probe order (newest first), all {@code > 0}
     * @param interval   [zL, zH]
     * @param budgetBits M, finite and {@code >= 0}
     */
    public Robust solve(long[] entries, ShareInterval interval, double budgetBits) {
        return solve(entries, interval, budgetBits, null);
    }

    /**
     * As {@link #solve(long[], ShareInterval, double)}, each run's weight also times the share of lookups
     * its key ranges receive when {@code keyRanges} is given (a_i stays affine in z).
     */
    public Robust solve(long[] entries, ShareInterval interval, double budgetBits, KeyRangeReach keyRanges) {
        double total = LsmCase.sum(entries).doubleValue();
        LookupWeights[] ends = ShareEnds.weights(entries, total, interval, keyRanges);
        Allocation lowOptimum = optimum(entries, ends[0], budgetBits);
        Allocation highOptimum = interval.point() ? lowOptimum : optimum(entries, ends[1], budgetBits);
        ShareEnds shareEnds = new ShareEnds(interval, ends[0], ends[1], ends[0].cost(lowOptimum),
                ends[1].cost(highOptimum));
        int solves = interval.point() ? 1 : 2;
        if (interval.point() || slope(shareEnds, lowOptimum) >= 0.0) {
            return new Robust(shareEnds, interval.low(), lowOptimum, solves);
        }
        if (slope(shareEnds, highOptimum) <= 0.0) {
            return new Robust(shareEnds, interval.high(), highOptimum, solves);
        }
        double lo = interval.low();
        double hi = interval.high();
        Allocation atLo = lowOptimum;
        Allocation atHi = highOptimum;
        for (int step = 0; step < MAX_BISECTIONS; step++) {
            double mid = lo + (hi - lo) / 2;
            if (mid == lo || mid == hi) {
                boolean low = shareEnds.worstRegret(atLo) <= shareEnds.worstRegret(atHi);
                return new Robust(shareEnds, low ? lo : hi, low ? atLo : atHi, solves);
            }
            LookupWeights atMid = LookupWeights.ofZeroResultShare(entries, total, mid);
            Allocation b = optimum(entries, keyRanges == null ? atMid : atMid.withinKeyRanges(keyRanges), budgetBits);
            solves++;
            double h = slope(shareEnds, b);
            if (h == 0.0) {
                return new Robust(shareEnds, mid, b, solves);
            }
            if (h < 0.0) {
                lo = mid;
                atLo = b;
            } else {
                hi = mid;
                atHi = b;
            }
        }
        throw new IllegalStateException("the search for z* did not converge in " + MAX_BISECTIONS + " steps: ["
                + lo + ", " + hi + "]");
    }

    /** The weighted optimum of one share's weights. */
    private Allocation optimum(long[] entries, LookupWeights weights, double budgetBits) {
        return Allocation.of(solver.solve(entries, weights.reach(), budgetBits).bitsPerEntry());
    }

    /** h = rL(b) - rH(b): the dual's slope in theta at the theta whose optimum b is. */
    private static double slope(ShareEnds ends, Allocation b) {
        return ends.regretLow(b) - ends.regretHigh(b);
    }
}
