package org.monkeyeval.confirm;

import java.util.List;

/**
 * What a confirmation does.
 *
 * @param queries    absent-key queries sent through every run, {@code >= 1}
 * @param seed       seed of the keys and of the filters' hash
 * @param threads    worker threads, {@code >= 1}; results do not depend on it
 * @param layouts    layouts to build, in report order
 * @param precision  target relative half-width of every filtered run's interval, or NaN for a fixed Q
 * @param maxQueries cap on queries when a precision is set
 */
public record ConfirmSettings(long queries, long seed, int threads, List<Layout> layouts, double precision,
                              long maxQueries) {

    /** Default Q: about 100 expected false positives for a run at p = 1e-4. */
    public static final long DEFAULT_QUERIES = 1_000_000;
    /** Default seed. */
    public static final long DEFAULT_SEED = 20_170_514;
    /** Default cap for {@code --precision}. */
    public static final long DEFAULT_MAX_QUERIES = 64_000_000;

    public ConfirmSettings {
        if (queries < 1) {
            throw new IllegalArgumentException("queries (" + queries + ") must be >= 1");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads (" + threads + ") must be >= 1");
        }
        if (layouts == null || layouts.isEmpty()) {
            throw new IllegalArgumentException("at least one layout is needed");
        }
        if (!Double.isNaN(precision) && !(precision > 0 && precision < 1)) {
            throw new IllegalArgumentException("precision (" + precision + ") must be in (0, 1)");
        }
        if (maxQueries < queries) {
            throw new IllegalArgumentException("max queries (" + maxQueries + ") must be >= queries (" + queries + ")");
        }
        layouts = List.copyOf(layouts);
    }

    public boolean adaptive() {
        return !Double.isNaN(precision);
    }
}
