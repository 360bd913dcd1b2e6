package org.monkeyeval.confirm;

import org.monkeyeval.filter.Filter;
import org.monkeyeval.filter.Predictions;

/**
 * A filter as built for one run, with its predictions.
 *
 * @param filter            the filter, or null when the run has none (always probed)
 * @param filterBits        bits the filter really occupies (0 without a filter)
 * @param hashes            probes per key (0 without a filter)
 * @param predictedFpr      the layout's finite-filter prediction (1 without a filter)
 * @param buildVariance     filter-to-filter variance of the FPR around the prediction (see {@link Predictions})
 * @param cacheLocalFpr     RocksDB's CacheLocalFpRate, NaN for other layouts
 * @param poissonMixtureFpr Poisson mixture over keys per cache line, NaN for other layouts
 */
record BuiltFilter(Filter filter, long filterBits, int hashes, double predictedFpr, double buildVariance,
                   double cacheLocalFpr,
                   double poissonMixtureFpr) {

    static BuiltFilter none() {
        return new BuiltFilter(null, 0, 0, 1.0, 0.0, Double.NaN, Double.NaN);
    }

    boolean present() {
        return filter != null;
    }
}
