package org.monkeyeval.engine.sst;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.EnvOptions;
import org.rocksdb.IndexType;
import org.rocksdb.Options;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileWriter;

import org.monkeyeval.engine.rocksdb.RocksDbNative;

/**
 * Writes RocksDB block-based tables with RocksJava's {@code SstFileWriter} for tests: a chosen
 * format_version, checksum, filter (none, Bloom, Ribbon), full or partitioned, no compression.
 *
 * <p>Bloom goes through {@code BlockBasedTableConfig.setFilterPolicy(new BloomFilter(bits, false))}.
 * RocksJava 10.10 has no Ribbon filter class, so a Ribbon table's options come from an options string
 * ({@code filter_policy=ribbonfilter:BITS}) through {@code ColumnFamilyOptions.getColumnFamilyOptionsFromProps}.
 * {@code optimize_filters_for_memory} is set false explicitly (RocksDB 10 defaults it to true, which
 * rounds filter sizes to allocator sizes).
 */
public final class SstFixtures {

    /** The filter a table is written with. */
    public enum FilterKind {
        NONE, BLOOM, RIBBON
    }

    /** Metadata block size for partitioned fixtures: small, so a few thousand keys give several partitions. */
    public static final long PARTITION_BYTES = 1024;

    /**
     * How to write one table.
     *
     * @param formatVersion      BlockBasedTableOptions::format_version (2..7)
     * @param checksum           the block checksum type
     * @param filter             the filter policy
     * @param bitsPerKey         the policy's bits per key (ignored for NONE)
     * @param partitioned        partitioned filter and two-level index ({@code kTwoLevelIndexSearch})
     * @param wholeKeyFiltering  whole keys go into the filter
     */
    public record Spec(int formatVersion, org.rocksdb.ChecksumType checksum, FilterKind filter, double bitsPerKey,
                       boolean partitioned, boolean wholeKeyFiltering) {
        public Spec {
            Objects.requireNonNull(checksum, "checksum");
            Objects.requireNonNull(filter, "filter");
            if (formatVersion < 2 || formatVersion > 7) {
                throw new IllegalArgumentException("format version (" + formatVersion + ") must be in 2..7");
            }
            if (filter != FilterKind.NONE && !(bitsPerKey > 0)) {
                throw new IllegalArgumentException("bits per key (" + bitsPerKey + ") must be > 0 with a filter");
            }
        }

        /** A Bloom table with whole-key filtering and CRC-32C checksums. */
        public static Spec bloom(int formatVersion, double bitsPerKey, boolean partitioned) {
            return new Spec(formatVersion, org.rocksdb.ChecksumType.kCRC32c, FilterKind.BLOOM, bitsPerKey, partitioned, true);
        }

        public Spec withChecksum(org.rocksdb.ChecksumType type) {
            return new Spec(formatVersion, type, filter, bitsPerKey, partitioned, wholeKeyFiltering);
        }

        public Spec withFilter(FilterKind kind, double bits) {
            return new Spec(formatVersion, checksum, kind, bits, partitioned, wholeKeyFiltering);
        }

        public Spec withWholeKeyFiltering(boolean whole) {
            return new Spec(formatVersion, checksum, filter, bitsPerKey, partitioned, whole);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "fv%d/%s/%s%s/%s%s", formatVersion, checksum, filter,
                    filter == FilterKind.NONE ? "" : "@" + bitsPerKey, partitioned ? "partitioned" : "full",
                    wholeKeyFiltering ? "" : "/prefix-only");
        }
    }

    private SstFixtures() {
    }

    /**
     * {@code count} distinct 16-byte keys, sorted bytewise (unsigned), each two big-endian longs drawn
     * from {@code new SplittableRandom(seed)}.
     */
    public static List<byte[]> keys(long seed, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count (" + count + ") must be >= 0");
        }
        SplittableRandom random = new SplittableRandom(seed);
        TreeSet<byte[]> set = new TreeSet<>(Arrays::compareUnsigned);
        while (set.size() < count) {
            set.add(ByteBuffer.allocate(16).putLong(random.nextLong()).putLong(random.nextLong()).array());
        }
        return new ArrayList<>(set);
    }

    /** The small value stored under the {@code i}-th key: {@code v} and {@code i} in decimal. */
    public static byte[] value(int i) {
        return ("v" + i).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** Writes {@code keys} (sorted, distinct) as {@code dir/fileName} and returns its path. */
    public static Path write(Path dir, String fileName, Spec spec, List<byte[]> keys) throws RocksDBException {
        Path out = dir.resolve(fileName);
        try (Options options = options(spec);
             EnvOptions env = new EnvOptions();
             SstFileWriter writer = new SstFileWriter(env, options)) {
            writer.open(out.toString());
            for (int i = 0; i < keys.size(); i++) {
                writer.put(keys.get(i), value(i));
            }
            writer.finish();
        }
        return out;
    }

    /**
     * The options {@link #write} uses; the caller closes them. Loads RocksJava's native library first;
     * where it cannot load, throws {@link IllegalStateException} saying why (tests should first
     * {@code assumeTrue(RocksDbNative.available())}).
     */
    public static Options options(Spec spec) {
        if (!RocksDbNative.available()) {
            throw new IllegalStateException(RocksDbNative.problem().orElse("RocksJava's native library is not loaded"));
        }
        if (spec.filter() == FilterKind.RIBBON) {
            Properties props = new Properties();
            props.setProperty("compression", "kNoCompression");
            props.setProperty("block_based_table_factory", "{" + String.join(";",
                    "filter_policy=ribbonfilter:" + spec.bitsPerKey(),
                    "format_version=" + spec.formatVersion(),
                    "checksum=" + spec.checksum().name(),
                    "whole_key_filtering=" + spec.wholeKeyFiltering(),
                    "optimize_filters_for_memory=false",
                    "partition_filters=" + spec.partitioned(),
                    "index_type=" + (spec.partitioned() ? "kTwoLevelIndexSearch" : "kBinarySearch"),
                    "metadata_block_size=" + PARTITION_BYTES) + "}");
            ColumnFamilyOptions cf = ColumnFamilyOptions.getColumnFamilyOptionsFromProps(props);
            if (cf == null) {
                throw new IllegalStateException("RocksJava refused the options " + props);
            }
            try (DBOptions db = new DBOptions()) {
                Options options = new Options(db, cf);
                cf.close();
                return options;
            }
        }
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setFormatVersion(spec.formatVersion())
                .setChecksumType(spec.checksum())
                .setWholeKeyFiltering(spec.wholeKeyFiltering())
                .setOptimizeFiltersForMemory(false);
        if (spec.filter() == FilterKind.BLOOM) {
            table.setFilterPolicy(new BloomFilter(spec.bitsPerKey(), false));
        }
        if (spec.partitioned()) {
            table.setPartitionFilters(true).setIndexType(IndexType.kTwoLevelIndexSearch)
                    .setMetadataBlockSize(PARTITION_BYTES);
        }
        return new Options().setCompressionType(CompressionType.NO_COMPRESSION).setTableFormatConfig(table);
    }
}
