package org.monkeyeval.engine.sst;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A table's filter as stored: which kind, the policy name in its metaindex key, and the raw bytes of
 * each filter block (contents only, each block's 5-byte trailer left out). The bytes are not decoded
 * here: a filter block ends in the policy's own metadata trailer, which its family reads.
 *
 * <pre>
 * Metaindex keys (RocksDB table/block_based/block_based_table_builder.cc WriteFilterBlock and the
 * prefixes at the end of that file; table/block_based/block_based_table_reader.cc, the loop over
 * prefixes in PrefetchIndexAndFilterBlocks; commit 1dfa7297933df05237ac11376d6cb69d32591b1d):
 *
 *   "fullfilter." + policy compatibility name         one filter block for the whole table
 *   "partitionedfilter." + policy compatibility name  the top-level partition index: a block of
 *                                                     key -&gt; handle entries, one per partition, in
 *                                                     key order (table/block_based/partitioned_filter_block.cc
 *                                                     PartitionedFilterBlockBuilder::Finish)
 *   "filter." + policy name                           the obsolete block-based filter (one filter per
 *                                                     2 KiB of data, RocksDB before 7.0)
 * </pre>
 *
 * <p>The table property {@code rocksdb.filter.size} counts, for a partitioned filter, every
 * partition's contents and the top-level partition index block's contents: {@link #totalBytes()}
 * is that sum.
 */
public final class SstFilter {

    /** How the filter is laid out. */
    public enum Kind {
        /** The table has no filter. */
        NONE,
        /** One filter block for the whole table ({@code fullfilter.}). */
        FULL,
        /** Filter partitions under a top-level partition index ({@code partitionedfilter.}). */
        PARTITIONED,
        /** The obsolete per-2-KiB block-based filter ({@code filter.}); its one block is returned undecoded. */
        BLOCK_BASED
    }

    /** Metaindex key prefix of a full filter. */
    public static final String FULL_PREFIX = "fullfilter.";
    /** Metaindex key prefix of a partitioned filter. */
    public static final String PARTITIONED_PREFIX = "partitionedfilter.";
    /** Metaindex key prefix of the obsolete block-based filter. */
    public static final String BLOCK_BASED_PREFIX = "filter.";

    /** One filter partition: the separator key it is filed under, where it lies, and its contents. */
    public static final class Partition {
        private final byte[] key;
        private final BlockHandle handle;
        private final byte[] contents;

        Partition(byte[] key, BlockHandle handle, byte[] contents) {
            this.key = key.clone();
            this.handle = Objects.requireNonNull(handle, "handle");
            this.contents = contents.clone();
        }

        /**
         * The partition's key in the top-level index, as stored: an internal key (user key and 8 bytes
         * of sequence and type) unless {@link TableProperties#indexKeyIsUserKey()}.
         */
        public byte[] key() {
            return key.clone();
        }

        public BlockHandle handle() {
            return handle;
        }

        /** The partition's filter block contents, trailer excluded. */
        public byte[] contents() {
            return contents.clone();
        }

        public int size() {
            return contents.length;
        }
    }

    private final Kind kind;
    private final String metaindexKey;
    private final BlockHandle handle;
    private final byte[] contents;
    private final List<Partition> partitions;

    private SstFilter(Kind kind, String metaindexKey, BlockHandle handle, byte[] contents, List<Partition> partitions) {
        this.kind = kind;
        this.metaindexKey = metaindexKey;
        this.handle = handle;
        this.contents = contents;
        this.partitions = List.copyOf(partitions);
    }

    static SstFilter none() {
        return new SstFilter(Kind.NONE, null, null, new byte[0], List.of());
    }

    /** A full or block-based filter: one block. */
    static SstFilter single(Kind kind, String metaindexKey, BlockHandle handle, byte[] contents) {
        if (kind != Kind.FULL && kind != Kind.BLOCK_BASED) {
            throw new IllegalArgumentException("kind (" + kind + ") must be FULL or BLOCK_BASED");
        }
        return new SstFilter(kind, metaindexKey, handle, contents.clone(), List.of());
    }

    /** A partitioned filter: its top-level index block and its partitions in order. */
    static SstFilter partitioned(String metaindexKey, BlockHandle handle, byte[] partitionIndex, List<Partition> partitions) {
        return new SstFilter(Kind.PARTITIONED, metaindexKey, handle, partitionIndex.clone(), partitions);
    }

    public Kind kind() {
        return kind;
    }

    /** The metaindex key naming the filter, e.g. {@code fullfilter.rocksdb.BuiltinBloomFilter}. */
    public Optional<String> metaindexKey() {
        return Optional.ofNullable(metaindexKey);
    }

    /**
     * The policy name the metaindex key carries after its prefix: the policy's compatibility name
     * ({@code rocksdb.BuiltinBloomFilter} for both the Bloom and the Ribbon policy of RocksDB 7 on),
     * which is not the property {@link TableProperties#filterPolicyName()} (e.g.
     * {@code bloomfilter}, {@code ribbonfilter}); empty when there is no filter.
     */
    public String policyName() {
        if (metaindexKey == null) {
            return "";
        }
        String prefix = switch (kind) {
            case FULL -> FULL_PREFIX;
            case PARTITIONED -> PARTITIONED_PREFIX;
            case BLOCK_BASED -> BLOCK_BASED_PREFIX;
            case NONE -> "";
        };
        return metaindexKey.substring(prefix.length());
    }

    /** The block the metaindex points to: the filter, or for PARTITIONED the top-level partition index. */
    public Optional<BlockHandle> handle() {
        return Optional.ofNullable(handle);
    }

    /**
     * The raw filter blocks in file order, trailers excluded: one for FULL and BLOCK_BASED, every
     * partition's for PARTITIONED, none for NONE.
     */
    public List<byte[]> filterBlocks() {
        if (kind == Kind.PARTITIONED) {
            List<byte[]> out = new ArrayList<>(partitions.size());
            for (Partition p : partitions) {
                out.add(p.contents());
            }
            return out;
        }
        return kind == Kind.NONE ? List.of() : List.of(contents.clone());
    }

    /** The filter block's contents for FULL and BLOCK_BASED; empty otherwise. */
    public Optional<byte[]> contents() {
        return kind == Kind.FULL || kind == Kind.BLOCK_BASED ? Optional.of(contents.clone()) : Optional.empty();
    }

    /** The top-level partition index block's contents for PARTITIONED; empty otherwise. */
    public Optional<byte[]> partitionIndex() {
        return kind == Kind.PARTITIONED ? Optional.of(contents.clone()) : Optional.empty();
    }

    /** The partitions of a PARTITIONED filter in key order; empty otherwise. */
    public List<Partition> partitions() {
        return partitions;
    }

    /**
     * Bytes this filter occupies without trailers: the block's contents, or the partitions' plus the
     * partition index's. Equals the table property {@code rocksdb.filter.size} for tables RocksDB wrote.
     */
    public long totalBytes() {
        long total = contents.length;
        for (Partition p : partitions) {
            total += p.size();
        }
        return total;
    }

    @Override
    public String toString() {
        return kind == Kind.NONE ? "no filter"
                : kind + " filter " + metaindexKey + " (" + totalBytes() + " bytes"
                + (kind == Kind.PARTITIONED ? ", " + partitions.size() + " partitions)" : ")");
    }
}
