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
 * @param prefixExtractor                   the {@code prefix_extractor} the database is opened with, as RocksDB
 *                                          names it ({@code rocksdb.FixedPrefix.8}; {@link #NO_PREFIX_EXTRACTOR}
 *                                          for none), or null when the case does not say (each file's own
 *                                          extractor is then taken as the current one)
 * @param wholeKeyFiltering                 the table option {@code whole_key_filtering} the database is opened
 *                                          with (RocksDB's default true): a Get checks the whole key only where
 *                                          it and the file's own are both on
 * @param compactionStyle                   {@code compaction_style} as the OPTIONS file writes it
 *                                          ({@code kCompactionStyleLevel}, {@code kCompactionStyleUniversal},
 *                                          ...), or null when the case does not say
 * @param formatVersion                     the table option {@code format_version} (below 5, RocksDB builds the
 *                                          legacy Bloom filter for {@code bloomfilter:B}), or null
 * @param optimizeFiltersForMemory          the table option {@code optimize_filters_for_memory} (filters sized
 *                                          to the allocator's blocks, so their real size differs from the
 *                                          families' by up to a few percent), or null
 */
public record RocksDbOptions(int numLevels, boolean levelCompactionDynamicLevelBytes, boolean optimizeFiltersForHits,
                             String prefixExtractor, boolean wholeKeyFiltering, String compactionStyle,
                             Integer formatVersion, Boolean optimizeFiltersForMemory) {

    /** RocksDB's default {@code num_levels}. */
    public static final int DEFAULT_NUM_LEVELS = 7;

    /** The largest table {@code format_version} this project reads (RocksDB's newest is 7). */
    public static final int MAX_FORMAT_VERSION = 7;

    /** How RocksDB's OPTIONS file writes a column family without a prefix extractor. */
    public static final String NO_PREFIX_EXTRACTOR = "nullptr";

    public RocksDbOptions {
        if (numLevels < 1 || numLevels > 1000) {
            throw new IllegalArgumentException("numLevels (" + numLevels + ") must be in [1, 1000]");
        }
        if (prefixExtractor != null && prefixExtractor.isEmpty()) {
            throw new IllegalArgumentException("prefixExtractor must not be empty (\"" + NO_PREFIX_EXTRACTOR
                    + "\" for none)");
        }
        if (compactionStyle != null && compactionStyle.isEmpty()) {
            throw new IllegalArgumentException("compactionStyle must not be empty");
        }
        if (formatVersion != null && (formatVersion < 0 || formatVersion > MAX_FORMAT_VERSION)) {
            throw new IllegalArgumentException("formatVersion (" + formatVersion + ") must be in [0, "
                    + MAX_FORMAT_VERSION + "]");
        }
    }

    /** Options that say nothing of the compaction style and the table format. */
    public RocksDbOptions(int numLevels, boolean levelCompactionDynamicLevelBytes, boolean optimizeFiltersForHits,
                          String prefixExtractor, boolean wholeKeyFiltering) {
        this(numLevels, levelCompactionDynamicLevelBytes, optimizeFiltersForHits, prefixExtractor, wholeKeyFiltering,
                null, null, null);
    }

    /** Options that say nothing of the prefix extractor, with whole-key filtering on (RocksDB's default). */
    public RocksDbOptions(int numLevels, boolean levelCompactionDynamicLevelBytes, boolean optimizeFiltersForHits) {
        this(numLevels, levelCompactionDynamicLevelBytes, optimizeFiltersForHits, null, true);
    }
}
