package org.monkeyeval.model;

/**
 * The options of a RocksDB column family that decide where its runs sit and which filters a Get reads, as
 * {@code import} reads them from the database's OPTIONS file. A case that carries them lists its runs at
 * the database's own levels.
 *
 * @param numLevels                         {@code num_levels}, {@code >= 1} (RocksDB's default 7)
 * @param levelCompactionDynamicLevelBytes  {@code level_compaction_dynamic_level_bytes} (default true since
 *                                          RocksDB 8.4; false before, as in Debian's 7.8.3)
 * @param optimizeFiltersForHits            {@code optimize_filters_for_hits}: a Get reads no filter of the
 *                                          last non-empty level ({@code Version::IsFilterSkipped})
 */
public record RocksDbOptions(int numLevels, boolean levelCompactionDynamicLevelBytes, boolean optimizeFiltersForHits) {

    /** RocksDB's default {@code num_levels}. */
    public static final int DEFAULT_NUM_LEVELS = 7;

    public RocksDbOptions {
        if (numLevels < 1 || numLevels > 1000) {
            throw new IllegalArgumentException("numLevels (" + numLevels + ") must be in [1, 1000]");
        }
    }
}
