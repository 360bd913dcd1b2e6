package org.monkeyeval.family.rocksdb;

import java.util.Arrays;

import org.monkeyeval.filter.FastRange;

/**
 * Builds, byte for byte, the full filter block RocksDB writes for a table with format_version &gt;= 5 and
 * {@code BloomFilterPolicy(bitsPerKey)}: the "fast local Bloom" data followed by its 5-byte metadata
 * trailer. Keys are added in the order the table holds them; {@link #finish()} gives the block.
 *
 * <pre>
 * Followed (facebook/rocksdb v7.8.3 bf2c335184de and v10.10.1 4595a5e95ae8, the same in both):
 *   table/block_based/filter_policy.cc
 *     BloomLikeFilterPolicy(bits_per_key)   millibits_per_key       RocksDbLocalBloom.millibitsPerKey
 *     GetFastLocalBloomBuilderWithContext   optimize_filters_for_memory decides aggregate_rounding_balance
 *     XXPH3FilterBitsBuilder::AddKey        h = GetSliceHash64(key) (Xxph3.hash64); h is kept unless it
 *                                           equals the hash kept last (adjacent repetition collapses)
 *     FastLocalBloomBitsBuilder::Finish     n = hashes kept; n = 0 -&gt; an empty block (FinishAlwaysFalse;
 *                                           in 7.8.3 FullFilterBlockBuilder::Finish does this)
 *       CalculateSpace(n)                   roundUp64(min(ceil(n millibits / 8000), 0xFFFFFFC0)) + 5
 *                                                                   RocksDbLocalBloom.filterBytes + 5
 *       GetNumProbes(n, len)                ChooseNumProbes(millibits_per_key) when
 *                                           optimize_filters_for_memory is false;
 *                                           ChooseNumProbes(len * 8000 / n) when it is true
 *                                                                   RocksDbLocalBloom.chooseNumProbes
 *       AddAllEntries                       FastLocalBloomImpl::AddHash(Lower32of64(h), Upper32of64(h))
 *       trailer (5 bytes after the data)    -1 (newer-Bloom marker), 0 (sub-implementation
 *                                           FastLocalBloom), num_probes (top 3 bits 0: 64-byte lines),
 *                                           0, 0 (reserved)
 *   util/bloom_impl.h FastLocalBloomImpl
 *     AddHash(h1, h2, len)                  line = FastRange32(h1, len &gt;&gt; 6): byte offset line * 64
 *     AddHashPrepared(h2, k)                probe i: bitpos = x &gt;&gt; 23 (x = h2 * 0x9E3779B9^i mod 2^32);
 *                                           byte bitpos &gt;&gt; 3 of the line |= 1 &lt;&lt; (bitpos &amp; 7)
 * </pre>
 *
 * <p>optimize_filters_for_memory. RocksDB 7.8 defaults it to false; RocksDB 9.2 and later, 10.10
 * included, default it to true (facebook/rocksdb 45c105104b, "Set optimize_filters_for_memory by
 * default", #12377; include/rocksdb/table.h and RocksJava's BlockBasedTableConfig alike). When true, the
 * builder (AllocateMaybeRounding) picks the data size from {@code malloc_usable_size} of the buffer it
 * allocates and from a false-positive "rounding balance" that the filter policy carries across every
 * filter it has built: it rounds up to what the allocator gave and, once the balance is negative, may
 * shrink to 3/4, 13/16, 7/8 or 15/16 of the usual size. num_probes is then chosen from the bits per key
 * of the size it settled on, not from the setting, so it can differ even where the size does not: the
 * rounding up to whole 64-byte lines raises the bits per key of a small filter (100 keys at 10 bits/key
 * get 128 bytes, 10.24 bits/key, 7 probes instead of 6). The size depends on the allocator and on the
 * history of the writing process, not on the file's keys, so {@link #finish()} reproduces the false case
 * (RocksDB 7.8's default) only. Given the size a file's block has, {@link #finishAtSize(long)} reproduces
 * the true case too: the bits and probes follow from the keys and that size alone.
 *
 * <p>What a table adds: BlockBasedTableBuilder::Add passes the user key of every entry, without any
 * user-defined timestamp ({@code ExtractUserKeyAndStripTimestamp}), to FullFilterBlockBuilder::Add,
 * which adds it whole when whole_key_filtering is on and there is no prefix extractor (the defaults).
 * Several versions of one user key are adjacent entries, so they collapse to one hash. Add the keys so.
 *
 * <p>Where this re-implementation sets the bits differently from RocksDB, with the same result: RocksDB
 * adds the hashes eight at a time with prefetching; the bits set are the same, as OR does not depend on
 * the order. Not modelled: prefix extractors and {@code AddKeyAndAlt} (keys and prefixes in one
 * filter), partitioned filters, and {@code detect_filter_construct_corruption} (it only verifies).
 */
public final class FastLocalBloomBuilder {

    /** The block of a filter with no keys: no bytes at all (RocksDB's FinishAlwaysFalse). */
    private static final byte[] EMPTY = new byte[0];

    /** Newer-Bloom implementation marker, the trailer's first byte (-1). */
    public static final byte NEW_BLOOM_MARKER = -1;
    /** Sub-implementation byte of FastLocalBloom (0). */
    public static final byte SUB_IMPLEMENTATION = 0;

    private static final int INITIAL_CAPACITY = 64;
    /** Longest data a Java array here can hold: lines of 64 bytes, plus the trailer, within an int. */
    private static final long MAX_ARRAY_DATA_BYTES = (Integer.MAX_VALUE - 8 - RocksDbLocalBloom.METADATA_BYTES)
            & -(long) RocksDbLocalBloom.CACHE_LINE_BYTES;

    private final int millibitsPerKey;
    private long[] hashes = new long[INITIAL_CAPACITY];
    private int count;

    /**
     * A builder for {@code BloomFilterPolicy(bitsPerKey)} at format_version &gt;= 5.
     *
     * @param bitsPerKey requested bits per key, {@code >= 0.5} (below, RocksDB builds no filter; see
     *                   {@link RocksDbLocalBloom#hasFilter(double)})
     */
    public FastLocalBloomBuilder(double bitsPerKey) {
        if (!RocksDbLocalBloom.hasFilter(bitsPerKey)) {
            throw new IllegalArgumentException("bits per key (" + bitsPerKey
                    + ") < 0.5: RocksDB builds no filter (see RocksDbLocalBloom.hasFilter)");
        }
        this.millibitsPerKey = RocksDbLocalBloom.millibitsPerKey(bitsPerKey);
    }

    /**
     * The block RocksDB writes for {@code keys}, added in this order, with optimize_filters_for_memory
     * false.
     */
    public static byte[] build(Iterable<byte[]> keys, double bitsPerKey) {
        if (keys == null) {
            throw new IllegalArgumentException("keys must not be null");
        }
        FastLocalBloomBuilder builder = new FastLocalBloomBuilder(bitsPerKey);
        for (byte[] key : keys) {
            builder.addKey(key);
        }
        return builder.finish();
    }

    /** Adds a key (RocksDB's {@code AddKey}): its hash, unless it repeats the hash added last. */
    public void addKey(byte[] key) {
        addHash(Xxph3.hash64(key));
    }

    /** Adds the key {@code key[offset .. offset+length-1]}. */
    public void addKey(byte[] key, int offset, int length) {
        addHash(Xxph3.hash64(key, offset, length));
    }

    /** Adds the 8-byte big-endian encoding of {@code key} ({@link Xxph3#hash64(long)}), without the bytes. */
    public void addKey(long key) {
        addHash(Xxph3.hash64(key));
    }

    /** Adjacent repetition collapses, as in XXPH3FilterBitsBuilder::AddKey: equal hashes, not only equal keys. */
    private void addHash(long hash) {
        if (count > 0 && hashes[count - 1] == hash) {
            return;
        }
        if (count == hashes.length) {
            if (count == Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("more than " + count + " keys in one filter");
            }
            hashes = Arrays.copyOf(hashes, (int) Math.min(Integer.MAX_VALUE - 8, 2L * count));
        }
        hashes[count++] = hash;
    }

    /** The number of hashes kept, RocksDB's {@code num_entries}: keys added less adjacent repeats. */
    public int entries() {
        return count;
    }

    /** Thousandths of a bit per key after RocksDB's sanitizing and rounding. */
    public int millibitsPerKey() {
        return millibitsPerKey;
    }

    /**
     * Data bytes of the block {@link #finish()} writes, {@link RocksDbLocalBloom#filterBytes}, 0 when no
     * key was added.
     */
    public long dataBytes() {
        return RocksDbLocalBloom.filterBytes(count, millibitsPerKey);
    }

    /**
     * The full filter block RocksDB writes with optimize_filters_for_memory false: an empty array for no
     * keys; otherwise {@link #dataBytes()} bytes of lines and the 5-byte trailer. The builder is left as
     * it was, so keys can still be added.
     */
    public byte[] finish() {
        if (count == 0) {
            return EMPTY.clone();
        }
        return write(dataBytes(), RocksDbLocalBloom.chooseNumProbes(millibitsPerKey));
    }

    /**
     * The block RocksDB writes with optimize_filters_for_memory true once it has settled on
     * {@code dataBytes} bytes of lines (a file's block length less 5): num_probes follows from the size
     * reached, {@code ChooseNumProbes(dataBytes * 8000 / n)} (GetNumProbes).
     *
     * @param dataBytes a positive multiple of 64, at most 0xFFFFFFC0 (and what a Java array holds)
     * @throws IllegalStateException if no key was added (RocksDB then writes an empty block whatever the option)
     */
    public byte[] finishAtSize(long dataBytes) {
        checkDataBytes(dataBytes);
        if (count == 0) {
            throw new IllegalStateException("no key was added: RocksDB writes an empty block, of no size");
        }
        return write(dataBytes, numProbesForSize(count, dataBytes));
    }

    /**
     * num_probes RocksDB picks with optimize_filters_for_memory true for n hashes in {@code dataBytes}
     * data bytes: {@code ChooseNumProbes(floor(dataBytes * 8000 / max(n, 1)))}.
     */
    public static int numProbesForSize(long entries, long dataBytes) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
        if (dataBytes < 0 || dataBytes > RocksDbLocalBloom.MAX_DATA_BYTES) {
            throw new IllegalArgumentException("data bytes (" + dataBytes + ") must be in [0, "
                    + RocksDbLocalBloom.MAX_DATA_BYTES + "]");
        }
        long millibits = dataBytes * 8000 / Math.max(entries, 1);
        // RocksDB casts to int: millibits stays below 2^31 unless fewer than 16 keys fill over 256 MB.
        return RocksDbLocalBloom.chooseNumProbes((int) Math.min(Integer.MAX_VALUE, millibits));
    }

    private byte[] write(long dataBytes, int numProbes) {
        if (dataBytes > MAX_ARRAY_DATA_BYTES) {
            throw new IllegalStateException("a filter of " + dataBytes + " data bytes does not fit a Java array");
        }
        int length = (int) dataBytes;
        byte[] block = new byte[length + RocksDbLocalBloom.METADATA_BYTES];
        long lines = dataBytes / RocksDbLocalBloom.CACHE_LINE_BYTES;
        for (int j = 0; j < count; j++) {
            long h = hashes[j];
            int lineStart = (int) FastRange.fastRange32((int) h, lines) * RocksDbLocalBloom.CACHE_LINE_BYTES;
            int x = (int) (h >>> 32);
            for (int i = 0; i < numProbes; i++) {
                int bitpos = x >>> 23;
                block[lineStart + (bitpos >>> 3)] |= (byte) (1 << (bitpos & 7));
                x *= RocksDbLocalBloom.PROBE_MULTIPLIER;
            }
        }
        block[length] = NEW_BLOOM_MARKER;
        block[length + 1] = SUB_IMPLEMENTATION;
        block[length + 2] = (byte) numProbes; // top 3 bits 0: 64-byte lines
        // block[length + 3], block[length + 4]: reserved, zero
        return block;
    }

    private static void checkDataBytes(long dataBytes) {
        if (dataBytes <= 0 || dataBytes % RocksDbLocalBloom.CACHE_LINE_BYTES != 0
                || dataBytes > RocksDbLocalBloom.MAX_DATA_BYTES) {
            throw new IllegalArgumentException("data bytes (" + dataBytes + ") must be a positive multiple of "
                    + RocksDbLocalBloom.CACHE_LINE_BYTES + ", at most " + RocksDbLocalBloom.MAX_DATA_BYTES);
        }
    }
}
