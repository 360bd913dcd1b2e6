package org.monkeyeval.engine.sst;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

import org.monkeyeval.engine.sst.Coding.MalformedException;

/**
 * A table's properties block ("rocksdb.properties"): every entry as written, name to raw bytes, with
 * typed accessors for the ones this project reads.
 *
 * <pre>
 * Encoding (RocksDB table/meta_blocks.cc PropertyBlockBuilder::Add, ReadTablePropertiesHelper;
 * names from table/table_properties.cc TablePropertiesNames and
 * table/block_based/block_based_table_factory.cc BlockBasedTablePropertyNames; commit
 * 1dfa7297933df05237ac11376d6cb69d32591b1d):
 *
 *   one block entry per property, sorted by name, one restart point for the whole block
 *   numeric properties RocksDB lists in predefined_uint64_properties     varint64
 *   rocksdb.block.based.table.index.type                                 fixed32 (IndexType)
 *   rocksdb.block.based.table.whole.key.filtering / .prefix.filtering    "1" or "0"
 *   rocksdb.external_sst_file.version                                    fixed32 (SstFileWriter)
 *   rocksdb.external_sst_file.global_seqno                               fixed64 (SstFileWriter)
 *   everything else (names, options, identities)                         bytes as written
 * </pre>
 *
 * <p>The {@code long} accessors return 0 for a property the file does not have, as RocksDB's own
 * {@code TableProperties} struct does; the {@code Optional} ones say whether it is there.
 */
public final class TableProperties {

    public static final String NUM_ENTRIES = "rocksdb.num.entries";
    public static final String DELETED_KEYS = "rocksdb.deleted.keys";
    public static final String MERGE_OPERANDS = "rocksdb.merge.operands";
    public static final String NUM_RANGE_DELETIONS = "rocksdb.num.range-deletions";
    public static final String RAW_KEY_SIZE = "rocksdb.raw.key.size";
    public static final String RAW_VALUE_SIZE = "rocksdb.raw.value.size";
    public static final String DATA_SIZE = "rocksdb.data.size";
    public static final String INDEX_SIZE = "rocksdb.index.size";
    public static final String INDEX_PARTITIONS = "rocksdb.index.partitions";
    public static final String TOP_LEVEL_INDEX_SIZE = "rocksdb.top-level.index.size";
    public static final String INDEX_KEY_IS_USER_KEY = "rocksdb.index.key.is.user.key";
    public static final String INDEX_VALUE_IS_DELTA_ENCODED = "rocksdb.index.value.is.delta.encoded";
    public static final String FILTER_SIZE = "rocksdb.filter.size";
    public static final String NUM_FILTER_ENTRIES = "rocksdb.num.filter_entries";
    public static final String NUM_DATA_BLOCKS = "rocksdb.num.data.blocks";
    public static final String FORMAT_VERSION = "rocksdb.format.version";
    public static final String FIXED_KEY_LENGTH = "rocksdb.fixed.key.length";
    public static final String FILTER_POLICY = "rocksdb.filter.policy";
    public static final String COLUMN_FAMILY_NAME = "rocksdb.column.family.name";
    public static final String COLUMN_FAMILY_ID = "rocksdb.column.family.id";
    public static final String COMPARATOR = "rocksdb.comparator";
    public static final String MERGE_OPERATOR = "rocksdb.merge.operator";
    public static final String PREFIX_EXTRACTOR_NAME = "rocksdb.prefix.extractor.name";
    public static final String PROPERTY_COLLECTORS = "rocksdb.property.collectors";
    public static final String COMPRESSION = "rocksdb.compression";
    public static final String COMPRESSION_OPTIONS = "rocksdb.compression_options";
    public static final String CREATION_TIME = "rocksdb.creation.time";
    public static final String OLDEST_KEY_TIME = "rocksdb.oldest.key.time";
    public static final String NEWEST_KEY_TIME = "rocksdb.newest.key.time";
    public static final String FILE_CREATION_TIME = "rocksdb.file.creation.time";
    public static final String DB_ID = "rocksdb.creating.db.identity";
    public static final String DB_SESSION_ID = "rocksdb.creating.session.identity";
    public static final String ORIGINAL_FILE_NUMBER = "rocksdb.original.file.number";
    public static final String TAIL_START_OFFSET = "rocksdb.tail.start.offset";
    public static final String INDEX_TYPE = "rocksdb.block.based.table.index.type";
    public static final String WHOLE_KEY_FILTERING = "rocksdb.block.based.table.whole.key.filtering";
    public static final String PREFIX_FILTERING = "rocksdb.block.based.table.prefix.filtering";
    public static final String DECOUPLED_PARTITIONED_FILTERS = "rocksdb.block.based.table.decoupled.partitioned.filters";
    public static final String EXTERNAL_SST_FILE_VERSION = "rocksdb.external_sst_file.version";
    public static final String EXTERNAL_SST_FILE_GLOBAL_SEQNO = "rocksdb.external_sst_file.global_seqno";

    /** Index type {@code kTwoLevelIndexSearch}: the index is partitioned (BlockBasedTableOptions::IndexType). */
    public static final int INDEX_TYPE_TWO_LEVEL = 2;
    /** Index type {@code kBinarySearchWithFirstKey}: index values carry each block's first key. */
    public static final int INDEX_TYPE_WITH_FIRST_KEY = 3;

    /**
     * The properties RocksDB decodes as varint64 ({@code predefined_uint64_properties} in
     * table/meta_blocks.cc ReadTablePropertiesHelper).
     */
    static final Set<String> UINT64_PROPERTIES = Set.of(
            ORIGINAL_FILE_NUMBER, DATA_SIZE, INDEX_SIZE, INDEX_PARTITIONS, TOP_LEVEL_INDEX_SIZE,
            INDEX_KEY_IS_USER_KEY, INDEX_VALUE_IS_DELTA_ENCODED, "rocksdb.udi.is.primary.index", FILTER_SIZE,
            RAW_KEY_SIZE, RAW_VALUE_SIZE, NUM_DATA_BLOCKS, "rocksdb.num.data.blocks.compression.rejected",
            "rocksdb.num.data.blocks.compression.bypassed", "rocksdb.num.uniform.blocks", NUM_ENTRIES,
            NUM_FILTER_ENTRIES, DELETED_KEYS, MERGE_OPERANDS, NUM_RANGE_DELETIONS, FORMAT_VERSION,
            FIXED_KEY_LENGTH, COLUMN_FAMILY_ID, CREATION_TIME, OLDEST_KEY_TIME, NEWEST_KEY_TIME,
            FILE_CREATION_TIME, "rocksdb.sample_for_compression.slow.data.size",
            "rocksdb.sample_for_compression.fast.data.size", TAIL_START_OFFSET,
            "rocksdb.user.defined.timestamps.persisted", "rocksdb.key.largest.seqno",
            "rocksdb.key.smallest.seqno", "rocksdb.data.block.restart.interval",
            "rocksdb.index.block.restart.interval", "rocksdb.separate.key.value.in.data.block");

    private final Map<String, byte[]> raw;
    private final Map<String, Long> numbers;

    private TableProperties(Map<String, byte[]> raw, Map<String, Long> numbers) {
        this.raw = raw;
        this.numbers = numbers;
    }

    /**
     * Decodes a properties block's contents.
     *
     * @throws MalformedException if the block or a numeric property does not decode
     */
    static TableProperties decode(byte[] contents) {
        Map<String, byte[]> raw = new LinkedHashMap<>();
        Map<String, Long> numbers = new LinkedHashMap<>();
        for (Block.Entry e : Block.entries(contents)) {
            String name = new String(e.key(), StandardCharsets.UTF_8);
            byte[] value = e.value();
            raw.put(name, value);
            if (UINT64_PROPERTIES.contains(name)) {
                Coding in = new Coding(value, 0, value.length);
                long v;
                try {
                    v = in.varint64();
                } catch (MalformedException ex) {
                    throw new MalformedException("property " + name + " is not a varint64: " + ex.getMessage());
                }
                if (in.hasRemaining()) {
                    throw new MalformedException("property " + name + " has " + in.remaining() + " bytes after its varint64");
                }
                numbers.put(name, v);
            }
        }
        return new TableProperties(Collections.unmodifiableMap(raw), Collections.unmodifiableMap(numbers));
    }

    /** Every property's name, in the block's (bytewise sorted) order. */
    public List<String> names() {
        return List.copyOf(raw.keySet());
    }

    /** Every property as name to a copy of its raw bytes, in the block's order. */
    public Map<String, byte[]> raw() {
        Map<String, byte[]> copy = new LinkedHashMap<>();
        raw.forEach((k, v) -> copy.put(k, v.clone()));
        return Collections.unmodifiableMap(copy);
    }

    /** A copy of one property's raw bytes. */
    public Optional<byte[]> raw(String name) {
        byte[] v = raw.get(name);
        return v == null ? Optional.empty() : Optional.of(v.clone());
    }

    public boolean has(String name) {
        return raw.containsKey(name);
    }

    /**
     * Every property decoded to text: numbers in decimal (varint64 ones, and the fixed-width index type
     * and external-file fields), text as UTF-8 when it is printable ASCII, anything else as
     * {@code 0x} and lower-case hex.
     */
    public Map<String, String> readable() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> e : raw.entrySet()) {
            out.put(e.getKey(), readable(e.getKey(), e.getValue()));
        }
        return Collections.unmodifiableMap(out);
    }

    private String readable(String name, byte[] v) {
        Long n = numbers.get(name);
        if (n != null) {
            return Long.toUnsignedString(n);
        }
        if ((name.equals(INDEX_TYPE) || name.equals(EXTERNAL_SST_FILE_VERSION)) && v.length == 4) {
            return Long.toString(Coding.fixed32(v, 0));
        }
        if (name.equals(EXTERNAL_SST_FILE_GLOBAL_SEQNO) && v.length == 8) {
            return Long.toUnsignedString(Coding.fixed64(v, 0));
        }
        for (byte b : v) {
            if (b < 0x20 || b > 0x7e) {
                return "0x" + HexFormat.of().formatHex(v);
            }
        }
        return new String(v, StandardCharsets.US_ASCII);
    }

    /** A varint64 property, if the file has it. */
    public OptionalLong uint64(String name) {
        Long v = numbers.get(name);
        return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /** A property as UTF-8 text, if the file has it. */
    public Optional<String> string(String name) {
        byte[] v = raw.get(name);
        return v == null ? Optional.empty() : Optional.of(new String(v, StandardCharsets.UTF_8));
    }

    private long orZero(String name) {
        return numbers.getOrDefault(name, 0L);
    }

    private String orEmpty(String name) {
        return string(name).orElse("");
    }

    public long numEntries() {
        return orZero(NUM_ENTRIES);
    }

    /** Deletions (point tombstones); written by every RocksDB since 5.x, absent in older files. */
    public OptionalLong numDeletions() {
        return uint64(DELETED_KEYS);
    }

    public OptionalLong numMergeOperands() {
        return uint64(MERGE_OPERANDS);
    }

    public long numRangeDeletions() {
        return orZero(NUM_RANGE_DELETIONS);
    }

    public long rawKeySize() {
        return orZero(RAW_KEY_SIZE);
    }

    public long rawValueSize() {
        return orZero(RAW_VALUE_SIZE);
    }

    public long dataSize() {
        return orZero(DATA_SIZE);
    }

    public long numDataBlocks() {
        return orZero(NUM_DATA_BLOCKS);
    }

    /**
     * Bytes of the filter: the filter block's contents, or for a partitioned filter every partition's
     * contents plus the top-level partition index block's; trailers not counted
     * (BlockBasedTableBuilder::WriteFilterBlock adds each Finish() slice).
     */
    public long filterSize() {
        return orZero(FILTER_SIZE);
    }

    /** Keys (or prefixes) added to the filter; absent before RocksDB 8.x. */
    public OptionalLong numFilterEntries() {
        return uint64(NUM_FILTER_ENTRIES);
    }

    /** Bytes of the index, partitions and top level together, with one 5-byte trailer counted. */
    public long indexSize() {
        return orZero(INDEX_SIZE);
    }

    /** Index partitions, written only when the index is partitioned (kTwoLevelIndexSearch). */
    public OptionalLong indexPartitions() {
        return uint64(INDEX_PARTITIONS);
    }

    /** Size of a partitioned index's top level, written only when the index is partitioned. */
    public OptionalLong topLevelIndexSize() {
        return uint64(TOP_LEVEL_INDEX_SIZE);
    }

    /** Whether index keys (and a partitioned filter's partition keys) are user keys, not internal keys. */
    public boolean indexKeyIsUserKey() {
        return orZero(INDEX_KEY_IS_USER_KEY) != 0;
    }

    /** Whether index values are delta-encoded (format_version &gt;= 4). */
    public boolean indexValueIsDeltaEncoded() {
        return orZero(INDEX_VALUE_IS_DELTA_ENCODED) != 0;
    }

    /** BlockBasedTableOptions::IndexType as written by the table's property collector. */
    public OptionalInt indexType() {
        byte[] v = raw.get(INDEX_TYPE);
        return v == null || v.length != 4 ? OptionalInt.empty() : OptionalInt.of((int) Coding.fixed32(v, 0));
    }

    /** Whether whole keys were added to the filter ({@value #WHOLE_KEY_FILTERING}). */
    public Optional<Boolean> wholeKeyFiltering() {
        return flag(WHOLE_KEY_FILTERING);
    }

    /** Whether key prefixes were added to the filter ({@value #PREFIX_FILTERING}). */
    public Optional<Boolean> prefixFiltering() {
        return flag(PREFIX_FILTERING);
    }

    /** Whether filter partitions were cut independently of index partitions (RocksDB 9.x on). */
    public boolean decoupledPartitionedFilters() {
        return flag(DECOUPLED_PARTITIONED_FILTERS).orElse(false);
    }

    private Optional<Boolean> flag(String name) {
        return string(name).map("1"::equals);
    }

    public long formatVersion() {
        return orZero(FORMAT_VERSION);
    }

    /** The filter policy's name ({@code FilterPolicy::Name()}), empty if the table has no filter. */
    public String filterPolicyName() {
        return orEmpty(FILTER_POLICY);
    }

    public String comparatorName() {
        return orEmpty(COMPARATOR);
    }

    public String mergeOperatorName() {
        return orEmpty(MERGE_OPERATOR);
    }

    /** The column family's name as UTF-8 text; {@link #raw(String)} gives the bytes. */
    public String columnFamilyName() {
        return orEmpty(COLUMN_FAMILY_NAME);
    }

    /** The column family's id; RocksDB writes 2^31 - 1 for files not made in a column family (SstFileWriter). */
    public long columnFamilyId() {
        return orZero(COLUMN_FAMILY_ID);
    }

    /** The prefix extractor's name, {@code nullptr} when there is none. */
    public String prefixExtractorName() {
        return orEmpty(PREFIX_EXTRACTOR_NAME);
    }

    public String compressionName() {
        return orEmpty(COMPRESSION);
    }

    public String compressionOptions() {
        return orEmpty(COMPRESSION_OPTIONS);
    }

    /** Seconds since the epoch of the oldest data the file holds (ancestor time), 0 if unknown. */
    public long creationTime() {
        return orZero(CREATION_TIME);
    }

    /** Seconds since the epoch when the file was written; written only when non-zero. */
    public OptionalLong fileCreationTime() {
        return uint64(FILE_CREATION_TIME);
    }

    public long oldestKeyTime() {
        return orZero(OLDEST_KEY_TIME);
    }

    public Optional<String> dbId() {
        return string(DB_ID);
    }

    public Optional<String> dbSessionId() {
        return string(DB_SESSION_ID);
    }

    @Override
    public String toString() {
        return readable().toString();
    }
}
