package org.monkeyeval.confirm;

import java.util.List;
import java.util.OptionalDouble;

/**
 * What a confirmation does.
 *
 * @param queries    absent-key queries sent through every run, {@code >= 1}
 * @param seed       seed of the keys and of the filters' hash
 * @param threads    worker threads, {@code >= 1}; results do not depend on it
 * @param layouts    layouts to build, in report order
 * @param precision  target relative half-width of every filtered run's interval, or NaN for a fixed Q
 * @param maxQueries cap on queries when a precision is set
 * @param maxFilterEntries most keys one filter is built over, {@code >= 1}: a run with more entries is
 *                   confirmed on a filter of the same bits per entry (and so the same hash count) over
 *                   its first this many keys ({@link #builtEntries}); {@link #NO_FILTER_CAP} for none
 * @param familyCases the cases built in the layouts other than {@link Layout#STANDARD} and {@link Layout#ROCKSDB}
 *                   (the families' real filters); empty: every case
 */
public record ConfirmSettings(long queries, long seed, int threads, List<Layout> layouts, double precision,
                              long maxQueries, long maxFilterEntries, List<String> familyCases) {

    /** Default Q: about 100 expected false positives for a run at p = 1e-4. */
    public static final long DEFAULT_QUERIES = 1_000_000;
    /** Default seed. */
    public static final long DEFAULT_SEED = 20_170_514;
    /** Default cap for {@code --precision}. */
    public static final long DEFAULT_MAX_QUERIES = 64_000_000;
    /**
     * Default {@code --max-filter-entries}: 10^7 keys. A filter of 10^7 keys at 10 bits per entry is
     * 12.5 MB, so a case whose three largest runs are capped keeps its 2 allocations x 2 layouts of
     * filters near 160 MB, inside a 512 MB heap, and builds in seconds. At that size the filter-to-filter
     * spread of the false-positive rate is a seventh (rocksdb layout) to a thirtieth (standard) of the
     * query noise at the default Q, and the prediction differs from that of the full-size filter by about
     * a hundredth of that spread (README, "Runs above --max-filter-entries"). Every published run is
     * below it.
     */
    public static final long DEFAULT_MAX_FILTER_ENTRIES = 10_000_000;
    /** No cap on the keys of one filter: every run is built at its own size. */
    public static final long NO_FILTER_CAP = Long.MAX_VALUE;

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
        if (maxFilterEntries < 1) {
            throw new IllegalArgumentException("max filter entries (" + maxFilterEntries + ") must be >= 1");
        }
        layouts = List.copyOf(layouts);
        familyCases = List.copyOf(familyCases);
    }

    /** Settings that build every layout for every case. */
    public ConfirmSettings(long queries, long seed, int threads, List<Layout> layouts, double precision,
                           long maxQueries, long maxFilterEntries) {
        this(queries, seed, threads, layouts, precision, maxQueries, maxFilterEntries, List.of());
    }

    /** Whether case {@code caseId}'s runs are built in {@code layout}. */
    public boolean builds(String caseId, Layout layout) {
        return layout == Layout.STANDARD || layout == Layout.ROCKSDB || familyCases.isEmpty()
                || familyCases.contains(caseId);
    }

    /**
     * The settings a command line states: layouts by label, each built once, in the order first named;
     * without a precision Q is fixed, so the cap only has to admit it (max(queries, maxQueries)), and a
     * Q above the default cap needs no {@code maxQueries} of its own.
     *
     * @param precision the target relative half-width, or empty for a fixed Q
     * @throws IllegalArgumentException for an unknown layout or a setting out of range
     */
    public static ConfirmSettings of(long queries, long seed, int threads, List<String> layoutLabels,
                                     OptionalDouble precision, long maxQueries, long maxFilterEntries,
                                     List<String> familyCases) {
        List<Layout> layouts = layoutLabels.stream().map(Layout::fromLabel).distinct().toList();
        long cap = precision.isPresent() ? maxQueries : Math.max(queries, maxQueries);
        return new ConfirmSettings(queries, seed, threads, layouts, precision.orElse(Double.NaN), cap,
                maxFilterEntries, familyCases);
    }

    /** Keys the filter of a run of {@code entries} is built over: min(entries, maxFilterEntries). */
    public long builtEntries(long entries) {
        return Math.min(entries, maxFilterEntries);
    }

    public boolean adaptive() {
        return !Double.isNaN(precision);
    }
}
