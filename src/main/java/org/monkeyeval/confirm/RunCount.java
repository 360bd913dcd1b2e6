package org.monkeyeval.confirm;

import org.monkeyeval.filter.Predictions;
import org.monkeyeval.stats.BinomialInterval;

/**
 * What one run's filter said to Q absent-key queries, next to what the model and the layout predict.
 *
 * @param caseId         case id
 * @param allocation     "uniform" or "optimized"
 * @param layout         filter layout label ({@link Layout#label()}, or {@code rocksdb-engine})
 * @param run            1-based position of the run in the case file
 * @param entries        n_i
 * @param builtEntries   keys the filter was built over: n_i, or the cap for a run above it (the run's
 *                       first keys, see {@link ConfirmSettings#builtEntries}); filter bits and the
 *                       prediction are at this size
 * @param bitsPerEntry   allocated b_i
 * @param filterBits     bits the built filter occupies (0: no filter)
 * @param hashes         probes per key (0: no filter)
 * @param queries        Q
 * @param positives      P: the filter said "may contain"
 * @param truePositives  T: the key was really present (0 for absent-key queries)
 * @param usefulNegatives U: the filter said "no" and saved the read
 * @param probes         reads of the run: false positives, or Q when the run has no filter
 * @param modelFpr       e^(-c b_i)
 * @param predictedFpr   the layout's finite-filter prediction (1 without a filter)
 * @param buildVariance  filter-to-filter variance of the FPR around the prediction
 * @param cacheLocalFpr  RocksDB's CacheLocalFpRate (NaN for other layouts)
 * @param poissonFpr     Poisson mixture over keys per cache line (NaN for other layouts)
 */
public record RunCount(String caseId, String allocation, String layout, int run, long entries, long builtEntries,
                       double bitsPerEntry, long filterBits, int hashes, long queries, long positives,
                       long truePositives, long usefulNegatives, long probes, double modelFpr, double predictedFpr,
                       double buildVariance, double cacheLocalFpr, double poissonFpr) {

    /** Confidence of the reported intervals. */
    public static final double CONFIDENCE = 0.95;

    /** True when the filter was built over fewer keys than the run holds. */
    public boolean sampled() {
        return builtEntries < entries;
    }

    /** True when the run had a filter. */
    public boolean filtered() {
        return filterBits > 0;
    }

    /** False positives P - T. */
    public long falsePositives() {
        return positives - truePositives;
    }

    /** (P - T) / (P - T + U); NaN when the denominator is 0 (no estimate). */
    public double observedFpr() {
        long denominator = falsePositives() + usefulNegatives;
        return denominator == 0 ? Double.NaN : (double) falsePositives() / denominator;
    }

    /** 95% Clopper-Pearson interval of the observed FPR; null when there is no estimate. */
    public BinomialInterval interval() {
        long denominator = falsePositives() + usefulNegatives;
        return denominator == 0 ? null : BinomialInterval.clopperPearson(falsePositives(), denominator, CONFIDENCE);
    }

    /**
     * z of the false-positive count against the layout's prediction, with the query variance and the
     * filter-to-filter build variance (see {@link Predictions}); NaN without an estimate.
     */
    public double zScore() {
        long denominator = falsePositives() + usefulNegatives;
        return denominator == 0 ? Double.NaN
                : Predictions.zScore(falsePositives(), denominator, new Predictions.Moments(predictedFpr, buildVariance));
    }
}
