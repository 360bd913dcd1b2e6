package org.monkeyeval.alloc;

import org.monkeyeval.model.LsmCase;

/**
 * The expected run reads per lookup of fixed allocations as the zero-result share z goes from 0 to 1,
 * and the allocation that drops the last level's filter, as small pure functions.
 *
 * <pre>
 *   cost(z) = sum_i a_i(z) p_i + (1 - z),   a_i(z) = z + (1 - z) s_i,   s_i = (sum_{j after i} n_j) / N
 *           = (1 - z) (1 + sum_i s_i p_i) + z sum_i p_i         a straight line in z for fixed p
 *   cost(0) = 1 + sum_i s_i p_i   (every lookup finds its key: one read, plus the runs it passes in vain)
 *   cost(1) = sum_i p_i = R        (every lookup is for an absent key)
 *
 *   no filter on the last level, its memory spread evenly over the other runs:
 *     p_i = 1 on the last level;  elsewhere b = M / (N - N_last), p = e^(-c b)
 *     (RocksDB's optimize_filters_for_hits, with the bits it saves given to the levels above)
 * </pre>
 *
 * Dropping the last level's filter and uniform bits are both straight lines; their difference
 * d(z) = d(0) + z (d(1) - d(0)) is negative below z = d(0) / (d(0) - d(1)) when d(0) &lt; 0 &lt; d(1):
 * below that share, dropping the filter costs fewer reads than uniform bits at the same memory.
 */
public final class ReadsAgainstShare {

    private ReadsAgainstShare() {
    }

    /** cost(z) of an allocation given by each run's rate (runs in probe order). */
    public static double cost(long[] entries, double[] fpr, double share) {
        return LookupWeights.ofZeroResultShare(entries, LsmCase.sum(entries).doubleValue(), share).cost(fpr);
    }

    /** The false positives alone, sum_i a_i(z) p_i: cost(z) less the read of a found key. */
    public static double falsePositiveReads(long[] entries, double[] fpr, double share) {
        LookupWeights w = LookupWeights.ofZeroResultShare(entries, LsmCase.sum(entries).doubleValue(), share);
        return new LookupWeights(w.reach(), Double.NaN).cost(fpr);
    }

    /**
     * Each run's rate with no filter on the last level (p = 1) and the budget spread evenly over the
     * other runs; with no other run, every run is unfiltered.
     *
     * @param entries    n_i in probe order
     * @param lastLevel  which runs are on the last level
     * @param budgetBits M
     */
    public static double[] lastLevelDropped(long[] entries, boolean[] lastLevel, double budgetBits) {
        if (lastLevel.length != entries.length) {
            throw new IllegalArgumentException("lastLevel has " + lastLevel.length + " flags for " + entries.length
                    + " runs");
        }
        double upper = 0.0;
        for (int i = 0; i < entries.length; i++) {
            if (!lastLevel[i]) {
                upper += entries[i];
            }
        }
        double p = upper > 0 ? MonkeyModel.idealFpr(budgetBits / upper) : 1.0;
        double[] fpr = new double[entries.length];
        for (int i = 0; i < fpr.length; i++) {
            fpr[i] = lastLevel[i] ? 1.0 : p;
        }
        return fpr;
    }

    /**
     * The runs on the last level: those at the largest level when any run gives one (runs without a
     * level are not on it), else the last run, as {@link HitsOptimized} takes them.
     *
     * @param levels each run's level, or null where a run has none
     */
    public static boolean[] lastLevel(Integer[] levels) {
        int maxLevel = -1;
        for (Integer l : levels) {
            if (l != null) {
                maxLevel = Math.max(maxLevel, l);
            }
        }
        boolean[] last = new boolean[levels.length];
        for (int i = 0; i < levels.length; i++) {
            last[i] = maxLevel >= 0 ? levels[i] != null && levels[i] == maxLevel : i == levels.length - 1;
        }
        return last;
    }

    /**
     * The share below which the allocation {@code candidate} costs fewer reads per lookup than
     * {@code baseline}: 1 when it does at every z in [0, 1) and is no worse at 1, 0 when it never does
     * below 1 (no worse at z = 0 is not better), else the crossing of the two lines.
     */
    public static double betterBelow(long[] entries, double[] candidate, double[] baseline) {
        double d0 = cost(entries, candidate, 0.0) - cost(entries, baseline, 0.0);
        double d1 = cost(entries, candidate, 1.0) - cost(entries, baseline, 1.0);
        if (!(d0 < 0.0)) {
            return 0.0;
        }
        if (d1 <= 0.0) {
            return 1.0;
        }
        return d0 / (d0 - d1);
    }
}
