package org.monkeyeval.alloc;

/**
 * The two ends of an interval of zero-result shares, each with its lookup weights and the least cost
 * any allocation reaches there, so that the regret of an allocation can be read at either end.
 *
 * <pre>
 *   cost(z, b)   = sum_i a_i(z) p_i + (1 - z),   a_i(z) = z + (1 - z) s_i,  s_i = (sum_{j after i} n_j) / N
 *                  (see {@link LookupWeights}): affine in z for a fixed allocation b
 *   opt(z)       = min_b cost(z, b): a minimum of affine functions of z, so concave in z
 *   regret(z, b) = cost(z, b) - opt(z) &gt;= 0: affine minus concave, so convex in z
 *   =&gt; over [zL, zH] an allocation's largest regret is at an end: max(regret(zL, b), regret(zH, b))
 * </pre>
 *
 * The same holds at an engine's granularity, with the minimum taken over the engine's settings: a
 * minimum of finitely many affine functions is concave too.
 *
 * @param interval [zL, zH]
 * @param low      a_i(zL) and v = 1 - zL
 * @param high     a_i(zH) and v = 1 - zH
 * @param lowBest  opt(zL): the cost of the best allocation for zL
 * @param highBest opt(zH)
 */
public record ShareEnds(ShareInterval interval, LookupWeights low, LookupWeights high, double lowBest,
                        double highBest) {

    /**
     * The weights of both ends of {@code interval} over runs of {@code entries} (probe order), each a_i
     * also times the share of lookups run i's key ranges receive when {@code keyRanges} is given
     * ({@link LookupWeights#withinKeyRanges}; null: none): still affine in z, so the regret stays convex.
     */
    static LookupWeights[] weights(long[] entries, double totalEntries, ShareInterval interval,
                                   KeyRangeReach keyRanges) {
        LookupWeights low = LookupWeights.ofZeroResultShare(entries, totalEntries, interval.low());
        LookupWeights high = LookupWeights.ofZeroResultShare(entries, totalEntries, interval.high());
        if (keyRanges == null) {
            return new LookupWeights[] {low, high};
        }
        return new LookupWeights[] {low.withinKeyRanges(keyRanges), high.withinKeyRanges(keyRanges)};
    }

    /** regret(zL, b). */
    public double regretLow(Allocation allocation) {
        return low.cost(allocation) - lowBest;
    }

    /** regret(zH, b). */
    public double regretHigh(Allocation allocation) {
        return high.cost(allocation) - highBest;
    }

    /** The largest regret of the allocation over the interval: that of the worse end. */
    public double worstRegret(Allocation allocation) {
        return Math.max(regretLow(allocation), regretHigh(allocation));
    }

    /** regret(zL, .) of an allocation given by each run's rate. */
    public double regretLow(double[] fpr) {
        return low.cost(fpr) - lowBest;
    }

    /** regret(zH, .) of an allocation given by each run's rate. */
    public double regretHigh(double[] fpr) {
        return high.cost(fpr) - highBest;
    }

    /** The largest regret over the interval of an allocation given by each run's rate. */
    public double worstRegret(double[] fpr) {
        return Math.max(regretLow(fpr), regretHigh(fpr));
    }
}
