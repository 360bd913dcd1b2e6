package org.monkeyeval.family;

import org.monkeyeval.filter.Filter;

/**
 * A family's real filter as built over a run's keys, with what its family predicts for it.
 *
 * @param filter        the filter, or null when the setting builds none (every lookup reads the run)
 * @param filterBits    bits the filter really occupies, metadata included (0 without a filter)
 * @param predictedFpr  the family's rate for this filter (1 without a filter)
 * @param buildVariance filter-to-filter variance of the rate around the prediction (0 where negligible)
 */
public record RealFilter(Filter filter, long filterBits, double predictedFpr, double buildVariance) {

    /** No filter: rate 1, size 0. */
    public static RealFilter none() {
        return new RealFilter(null, 0, 1.0, 0.0);
    }

    /** True unless this is {@link #none()}. */
    public boolean present() {
        return filter != null;
    }
}
