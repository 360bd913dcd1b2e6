package org.monkeyeval.engine.rocksdb;

import java.util.List;

/**
 * What the engine check does.
 *
 * @param queries      absent-key lookups per run, {@code >= 1}
 * @param seed         seed of the keys
 * @param presentShare present-key lookups per run as a share of {@code queries}, in [0, 1], so that
 *                     T &gt; 0 exercises the FPR denominator on real counters
 * @param caseIds      the cases to check (empty: all)
 * @param maxFilterEntries most keys one run's SST holds, {@code >= 1}: a larger run is checked on an SST of
 *                     its first this many keys, as the in-process confirmation builds its filters
 *                     ({@code ConfirmSettings#builtEntries}); {@code Long.MAX_VALUE} for no cap
 * @param filters      the RocksDB filters to build, in order, at least one
 */
public record EngineSettings(long queries, long seed, double presentShare, List<String> caseIds,
                             long maxFilterEntries, List<EngineFilter> filters) {

    /** Default absent lookups per run. */
    public static final long DEFAULT_QUERIES = 500_000;
    /** Default share of present-key lookups. */
    public static final double DEFAULT_PRESENT_SHARE = 0.01;
    /** Key length in bytes. */
    public static final int KEY_BYTES = 16;
    /** Block cache of each database. */
    public static final long BLOCK_CACHE_BYTES = 64L << 20;

    public EngineSettings {
        if (queries < 1) {
            throw new IllegalArgumentException("engine queries (" + queries + ") must be >= 1");
        }
        if (!(presentShare >= 0 && presentShare <= 1)) {
            throw new IllegalArgumentException("present share (" + presentShare + ") must be in [0, 1]");
        }
        if (maxFilterEntries < 1) {
            throw new IllegalArgumentException("max filter entries (" + maxFilterEntries + ") must be >= 1");
        }
        caseIds = List.copyOf(caseIds);
        filters = List.copyOf(filters);
        if (filters.isEmpty() || filters.stream().distinct().count() != filters.size()) {
            throw new IllegalArgumentException("engine filters " + filters + " must be distinct and at least one");
        }
    }

    /** Settings that build RocksDB's default filter only, the fast local Bloom. */
    public EngineSettings(long queries, long seed, double presentShare, List<String> caseIds, long maxFilterEntries) {
        this(queries, seed, presentShare, caseIds, maxFilterEntries, List.of(EngineFilter.FAST_LOCAL_BLOOM));
    }

    /** Keys the SST of a run of {@code entries} holds: min(entries, maxFilterEntries). */
    public long builtEntries(long entries) {
        return Math.min(entries, maxFilterEntries);
    }

    /** Present-key lookups per run. */
    public long presentQueries() {
        return Math.round(queries * presentShare);
    }

    /** True when the case is selected. */
    public boolean selects(String caseId) {
        return caseIds.isEmpty() || caseIds.contains(caseId);
    }
}
