package org.monkeyeval.family.rocksdb;

import java.util.Arrays;

import org.monkeyeval.filter.FastRange;
import org.monkeyeval.filter.Filter;

/**
 * RocksDB's Standard128Ribbon filter over 64-bit key hashes, re-implemented from facebook/rocksdb at
 * commit 1dfa7297933df05237ac11376d6cb69d32591b1d: built as {@code Standard128RibbonBitsBuilder::Finish}
 * builds it, queried as {@code Standard128RibbonBitsReader::HashMayMatch} queries it, and written and
 * read in RocksDB's filter block format. Its size comes from {@link Ribbon}.
 *
 * <p>The input is the key's 64-bit hash: RocksDB's {@code GetSliceHash64(key)} (XXH3) for bytes that
 * match RocksDB's, or any well-mixed 64-bit value. {@link #mayContain(long)} takes the same hash.
 *
 * <pre>
 * A key with hash x, under ordinal seed s (util/ribbon_impl.h, StandardHasher and
 * StandardRehasherAdapter; table/block_based/filter_policy.cc, Standard128RibbonRehasherTypesAndSettings):
 *   raw    = low 32 bits of (t ^ ((t &amp; 0xf0f0f0f0f0f0f0f0) &gt;&gt; 4)),  t = s * 0xc78219a23eeadd03   (SetOrdinalSeed)
 *   h      = (x ^ raw) * 0x6193d459236a3a0d                                                   (HashFn)
 *   start  = FastRange64(h, starts) = high 64 bits of h * starts,  starts = slots - 127          (GetStart)
 *   a      = h * 0xc28f82822b650bed
 *   row    = 128 bits: high half a, low half (a ^ 0xc367844a6e52731d) | 1                     (GetCoeffRow)
 *   result = low 32 bits of bswap64(a), i.e. a's top four bytes in reverse order           (GetResultRowFromHash)
 *   The key's equation: XOR over i of row_i * S[start + i] = result, for each result bit (column).
 *
 * Build (Standard128RibbonBitsBuilder::Finish; util/ribbon_alg.h):
 *   first ordinal seed = low 32 bits of the first hash &amp; 255, then s + 1 mod 256, at most 256 seeds
 *   banding (BandingAdd): put the row at slot start; while the slot is taken, XOR that slot's row and
 *     result into the key's, and move to the row's lowest set bit; an all-zero row fails the seed unless
 *     its result is 0 too (a redundant equation). Every stored row has bit 0 set.
 *   back-substitution (InterleavedBackSubst, BackSubstBlock): from the last slot down, solution bit j of
 *     slot i = parity(row_i &amp; (solution column j of slots i+1 .. i+127)) ^ bit j of result_i; an empty
 *     slot gets 0. Blocks from upperStartBlock up keep upper result bits, lower blocks one fewer.
 *
 * Layout (SerializableInterleavedSolution; the "interleaved" storage): block b holds one 128-bit
 *   segment per result bit, bit k of segment j = solution bit j of slot 128 b + k; segments are written
 *   little-endian, low 64 bits first, blocks in order. Then 5 bytes: -2 (the Ribbon marker), the
 *   ordinal seed, and the block count in 24 bits little-endian.
 *
 * Query (InterleavedPrepareQuery, InterleavedFilterQuery): b = start / 128, k = start % 128; with c
 *   result bits in block b, its segments begin at b * upper - min(b, upperStartBlock); bit j of the
 *   answer = parity((segment j of b &amp; row &lt;&lt; k) ^ (segment j of b + 1 &amp; row &gt;&gt; (128 - k)));
 *   the key may be present iff the c answer bits equal the c low bits of result.
 * </pre>
 *
 * <p>How the build departs from RocksDB's order of work, with the same bytes: the hashes are banded in
 * order of their start (a bucket sort by the top bits of h, which orders start since FastRange is
 * monotone in h), so that banding walks the slots in order instead of at random. The bytes do not
 * depend on the order: whether a seed succeeds does not (it is whether the equations are consistent),
 * and back-substitution gives the one solution whose free slots (those no pivot row landed in) are 0,
 * and which slots are pivots is fixed by the span of the rows, not by the order they came in.
 *
 * <p>The RocksDB reader ANDs and returns at the first mismatching result bit; here all c bits are
 * computed without a branch and compared at once (same answer).
 */
public final class RibbonFilter implements Filter {

    /** The Ribbon marker in the first metadata byte ({@code static_cast<char>(-2)}). */
    public static final byte MARKER = -2;

    /** Ordinal seeds tried (mask 255: the seed is stored in one byte). */
    public static final int SEED_COUNT = 256;

    static final long REHASH_FACTOR = 0x6193_d459_236a_3a0dL;
    static final long COEFF_AND_RESULT_FACTOR = 0xc28f_8282_2b65_0bedL;
    static final long COEFF_XOR_64 = 0xc367_844a_6e52_731dL;
    static final long SEED_MIX_MASK = 0xf0f0_f0f0_f0f0_f0f0L;
    static final int SEED_MIX_SHIFT = 4;
    static final long TO_RAW_SEED_FACTOR = 0xc782_19a2_3eea_dd03L;

    /** Below this many hashes the build bands them as given (all slots fit in cache anyway). */
    static final int SORT_THRESHOLD = 4096;

    /** Keys per bucket of the start-order bucket sort, at most (about 512 slots of banding per bucket). */
    private static final int KEYS_PER_BUCKET = 512;

    /** Most buckets: 2^11 write streams, few enough to stay in cache while scattering. */
    private static final int MAX_BUCKET_BITS = 11;

    private static final int LONGS_PER_SEGMENT = 2;

    private final long entries;
    private final Ribbon.Layout layout;
    private final int ordinalSeed;
    private final long rawSeed;
    private final long numStarts;
    private final int upperColumns;
    private final int upperStartBlock;
    /** Segments, low then high 64 bits each, blocks in order; then zero padding (see mayContain). */
    private final long[] segments;

    private RibbonFilter(long entries, Ribbon.Layout layout, int ordinalSeed, long[] segments) {
        this.entries = entries;
        this.layout = layout;
        this.ordinalSeed = ordinalSeed;
        this.rawSeed = rawSeed(ordinalSeed);
        this.numStarts = layout.numStarts();
        this.upperColumns = layout.upperColumns();
        this.upperStartBlock = (int) layout.upperStartBlock();
        this.segments = segments;
    }

    /**
     * Builds RocksDB's Ribbon filter over {@code keyHashes} (in the order RocksDB would add them: the
     * first decides the size's rounding and the first seed) at {@code rules}' setting.
     *
     * @param keyHashes the 64-bit key hashes, n = keyHashes.length &gt;= 1; RocksDB drops a hash equal to
     *                  the one before it (adjacent duplicate keys), so a caller wanting its bytes does too
     * @throws IllegalArgumentException if RocksDB builds its Bloom filter here ({@link Ribbon#usesBloom})
     * @throws IllegalStateException    if no seed of 256 solves (RocksDB then builds its Bloom filter)
     */
    public static RibbonFilter construct(long[] keyHashes, Ribbon rules) {
        if (keyHashes == null || rules == null) {
            throw new IllegalArgumentException("keyHashes and rules must not be null");
        }
        int n = keyHashes.length;
        if (n == 0) {
            throw new IllegalArgumentException("no key hashes: RocksDB writes an empty (always false) filter");
        }
        int bias = (int) (keyHashes[0] >>> 32);
        Ribbon.Layout layout = rules.layout(n, bias);
        long slots = layout.numSlots();
        if (slots > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("slots (" + slots + ") exceed a Java array");
        }
        Banding banding = new Banding((int) slots);
        int firstSeed = (int) keyHashes[0] & (SEED_COUNT - 1);
        for (int i = 0; i < SEED_COUNT; i++) {
            int seed = (firstSeed + i) & (SEED_COUNT - 1);
            if (banding.addAll(keyHashes, rawSeed(seed), layout.numStarts())) {
                return new RibbonFilter(n, layout, seed, backSubstitute(banding, layout));
            }
        }
        throw new IllegalStateException("no Ribbon seed of " + SEED_COUNT + " solves " + n + " keys in "
                + slots + " slots (RocksDB falls back to Bloom)");
    }

    /**
     * The 64-bit hashes RocksDB's builder keeps for {@code keys} added in this order
     * ({@code XXPH3FilterBitsBuilder::AddKey}): {@link Xxph3#hash64(byte[])} of each key, a hash equal to
     * the one kept before it dropped (adjacent repeats of a key, as a table's versions of one user key are).
     */
    public static long[] keyHashes(Iterable<byte[]> keys) {
        if (keys == null) {
            throw new IllegalArgumentException("keys must not be null");
        }
        long[] out = new long[16];
        int count = 0;
        for (byte[] key : keys) {
            long h = Xxph3.hash64(key);
            if (count > 0 && out[count - 1] == h) {
                continue;
            }
            if (count == out.length) {
                out = Arrays.copyOf(out, 2 * count);
            }
            out[count++] = h;
        }
        return Arrays.copyOf(out, count);
    }

    /**
     * The filter block RocksDB's Ribbon policy writes for {@code keys} added in this order, with
     * optimize_filters_for_memory false ({@code Standard128RibbonBitsBuilder::Finish}): no bytes for no
     * keys; the fast local Bloom block ({@link FastLocalBloomBuilder}) where the rules fall back to
     * Bloom, or where no seed solves; else the Ribbon block.
     */
    public static byte[] filterBlock(java.util.List<byte[]> keys, Ribbon rules) {
        if (rules == null) {
            throw new IllegalArgumentException("rules must not be null");
        }
        long[] hashes = keyHashes(keys);
        if (hashes.length == 0) {
            return new byte[0];
        }
        if (!rules.usesBloom(hashes.length, (int) (hashes[0] >>> 32))) {
            try {
                return construct(hashes, rules).toBytes();
            } catch (IllegalStateException noSeedSolves) {
                // Standard128RibbonBitsBuilder::Finish: "Too many re-seeds", then the Bloom fallback
            }
        }
        return FastLocalBloomBuilder.build(keys, rules.bitsPerKey());
    }

    /**
     * Reads a filter block RocksDB wrote (marker -2), as {@code BuiltinFilterPolicy::GetRibbonBitsReader}
     * does: the seed and block count from the trailer, the layout from the block count and the data bytes.
     *
     * @throws IllegalArgumentException if the block is not a Ribbon filter, or has fewer than 2 blocks
     *                                  (RocksDB reads such a block as always true)
     */
    public static RibbonFilter read(byte[] block) {
        if (block == null || block.length <= Ribbon.METADATA_BYTES) {
            throw new IllegalArgumentException("a filter block of " + (block == null ? 0 : block.length)
                    + " bytes has no data (RocksDB reads it as always false)");
        }
        int len = block.length - Ribbon.METADATA_BYTES;
        if (block[len] != MARKER) {
            throw new IllegalArgumentException("marker byte (" + block[len] + ") is not the Ribbon marker -2");
        }
        int seed = block[len + 1] & 0xFF;
        long numBlocks = (block[len + 2] & 0xFF) | (block[len + 3] & 0xFF) << 8 | (block[len + 4] & 0xFF) << 16;
        if (numBlocks < 2) {
            throw new IllegalArgumentException("blocks (" + numBlocks + ") < 2: RocksDB reads this filter as always true");
        }
        Ribbon.Layout layout = Ribbon.Layout.of(numBlocks, len);
        long[] segments = newSegments(layout);
        int words = (int) (layout.numSegments() * LONGS_PER_SEGMENT);
        for (int w = 0; w < words; w++) {
            segments[w] = littleEndianLong(block, w * Long.BYTES);
        }
        return new RibbonFilter(-1, layout, seed, segments);
    }

    /** The filter block as RocksDB writes it: the segments, then the 5 metadata bytes. */
    public byte[] toBytes() {
        int dataBytes = (int) layout.dataBytes();
        byte[] out = new byte[dataBytes + Ribbon.METADATA_BYTES];
        for (int w = 0; w < dataBytes / Long.BYTES; w++) {
            long v = segments[w];
            for (int b = 0; b < Long.BYTES; b++) {
                out[w * Long.BYTES + b] = (byte) (v >>> (8 * b));
            }
        }
        long numBlocks = layout.numBlocks();
        out[dataBytes] = MARKER;
        out[dataBytes + 1] = (byte) ordinalSeed;
        out[dataBytes + 2] = (byte) numBlocks;
        out[dataBytes + 3] = (byte) (numBlocks >>> 8);
        out[dataBytes + 4] = (byte) (numBlocks >>> 16);
        return out;
    }

    // ---- the hasher (util/ribbon_impl.h StandardHasher) ----

    /** {@code SetOrdinalSeed}: the raw 32-bit seed (zero-extended) of an ordinal seed. */
    static long rawSeed(int ordinalSeed) {
        long t = Integer.toUnsignedLong(ordinalSeed) * TO_RAW_SEED_FACTOR;
        t ^= (t & SEED_MIX_MASK) >>> SEED_MIX_SHIFT;
        return t & 0xFFFF_FFFFL;
    }

    /** {@code StandardRehasherAdapter::HashFn}: the key hash under a raw seed. */
    static long rehash(long keyHash, long rawSeed) {
        return (keyHash ^ rawSeed) * REHASH_FACTOR;
    }

    /** Low 64 bits of the coefficient row of h (bit 0 always set). */
    static long coeffLow(long h) {
        return ((h * COEFF_AND_RESULT_FACTOR) ^ COEFF_XOR_64) | 1L;
    }

    /** High 64 bits of the coefficient row of h. */
    static long coeffHigh(long h) {
        return h * COEFF_AND_RESULT_FACTOR;
    }

    /** The 32 result bits of h. */
    static int resultRow(long h) {
        return (int) Long.reverseBytes(h * COEFF_AND_RESULT_FACTOR);
    }

    // ---- the filter ----

    /**
     * True unless the key with this 64-bit hash was certainly not added. No allocation, no branch on
     * the data: the row is shifted into a left part (against block b) and a right part (against block
     * b + 1) with masks, a start at bit 0 of a block getting an all-zero right part (the zero padding
     * after the last segment keeps those reads inside the array).
     */
    @Override
    public boolean mayContain(long keyHash) {
        long h = (keyHash ^ rawSeed) * REHASH_FACTOR;
        long start = FastRange.unsignedMultiplyHigh(h, numStarts);
        long a = h * COEFF_AND_RESULT_FACTOR;
        long lo = (a ^ COEFF_XOR_64) | 1L;
        long hi = a;
        int expected = (int) Long.reverseBytes(a);

        int block = (int) (start >>> 7);
        int k = (int) start & 127;
        int lower = (block - upperStartBlock) >>> 31; // 1 in a block with one result bit fewer
        int columns = upperColumns - lower;
        int base = (block * upperColumns - Math.min(block, upperStartBlock)) * LONGS_PER_SEGMENT;

        int t = k & 63;
        long wide = -(long) (k >>> 6); // all ones when k >= 64
        long loOut = (lo >>> 1) >>> (63 - t); // lo >>> (64 - t), 0 for t = 0
        long hiOut = (hi >>> 1) >>> (63 - t);
        long loShifted = lo << t;
        long leftLo = loShifted & ~wide;
        long leftHi = (((hi << t) | loOut) & ~wide) | (loShifted & wide);
        long rightLo = (hiOut & ~wide) | ((loOut | (hi << t)) & wide);
        long rightHi = hiOut & wide;

        long[] s = segments;
        int next = base + columns * LONGS_PER_SEGMENT;
        int found = 0;
        for (int j = 0; j < columns; j++) {
            int w = j * LONGS_PER_SEGMENT;
            long x = (s[base + w] & leftLo) ^ (s[base + w + 1] & leftHi)
                    ^ (s[next + w] & rightLo) ^ (s[next + w + 1] & rightHi);
            found |= (Long.bitCount(x) & 1) << j;
        }
        long mask = (1L << columns) - 1;
        return ((found ^ expected) & mask) == 0;
    }

    /** {@link #mayContain(long)} of the key's RocksDB hash, {@link Xxph3#hash64(byte[])}. */
    public boolean mayContainKey(byte[] key) {
        return mayContain(Xxph3.hash64(key));
    }

    /** Data bits (the 5 metadata bytes are not counted). */
    @Override
    public long bitCount() {
        return layout.dataBytes() * Byte.SIZE;
    }

    /** Result bits of the upper blocks (a Ribbon filter has no probes; this is its closest analogue). */
    @Override
    public int hashes() {
        return upperColumns;
    }

    /** The layout: blocks, result bits, where the upper blocks start. */
    public Ribbon.Layout layout() {
        return layout;
    }

    /** The ordinal seed that solved (0..255), as stored in the trailer. */
    public int ordinalSeed() {
        return ordinalSeed;
    }

    /** n, the hashes added; -1 for a filter {@link #read} from bytes. */
    public long entries() {
        return entries;
    }

    /** Filter bytes with metadata, the size RocksDB writes. */
    public long filterBytes() {
        return layout.dataBytes() + Ribbon.METADATA_BYTES;
    }

    /** The layout's expected rate (RocksDB's ExpectedFpRate) without the hash collision term. */
    public double expectedFpRate() {
        return layout.expectedFpRate();
    }

    // ---- construction ----

    private static long[] newSegments(Ribbon.Layout layout) {
        long words = (layout.numSegments() + layout.upperColumns()) * LONGS_PER_SEGMENT; // + padding
        if (words > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("segments (" + layout.numSegments() + ") exceed a Java array");
        }
        return new long[(int) words];
    }

    /**
     * InterleavedBackSubst: from the last block down, each block's result columns as 128-bit shift
     * registers (low, high), stored when the block is done. A block below upperStartBlock keeps one
     * column fewer, dropping the last.
     */
    private static long[] backSubstitute(Banding banding, Ribbon.Layout layout) {
        long[] out = newSegments(layout);
        int columns = layout.upperColumns();
        int upperStart = (int) layout.upperStartBlock();
        long[] stateLo = new long[Ribbon.MAX_RESULT_BITS];
        long[] stateHi = new long[Ribbon.MAX_RESULT_BITS];
        long[] rowLo = banding.rowLo;
        long[] rowHi = banding.rowHi;
        int[] result = banding.result;
        int segment = (int) layout.numSegments();
        for (int block = (int) layout.numBlocks() - 1; block >= 0; block--) {
            if (block == upperStart - 1) {
                columns--;
            }
            int first = block * Ribbon.COEFF_BITS;
            for (int i = first + Ribbon.COEFF_BITS - 1; i >= first; i--) {
                long cLo = rowLo[i];
                long cHi = rowHi[i];
                int r = result[i];
                for (int j = 0; j < columns; j++) {
                    long sLo = stateLo[j];
                    long tHi = (stateHi[j] << 1) | (sLo >>> 63);
                    long tLo = sLo << 1;
                    long bit = (Long.bitCount((tLo & cLo) ^ (tHi & cHi)) ^ (r >>> j)) & 1L;
                    stateLo[j] = tLo | bit;
                    stateHi[j] = tHi;
                }
            }
            segment -= columns;
            for (int j = 0; j < columns; j++) {
                out[(segment + j) * LONGS_PER_SEGMENT] = stateLo[j];
                out[(segment + j) * LONGS_PER_SEGMENT + 1] = stateHi[j];
            }
        }
        return out;
    }

    /**
     * The banding storage (StandardBanding): per slot a 128-bit row and a 32-bit result; a slot is empty
     * while its row's low half is 0 (a stored row always has bit 0 set).
     */
    private static final class Banding {
        final long[] rowLo;
        final long[] rowHi;
        final int[] result;
        private long[] rehashed = new long[0];
        private long[] sorted = new long[0];
        private int[] bucketStart = new int[0];

        Banding(int slots) {
            rowLo = new long[slots];
            rowHi = new long[slots];
            result = new int[slots];
        }

        /** Resets and adds every hash under {@code rawSeed}; false if the equations are inconsistent. */
        boolean addAll(long[] keyHashes, long rawSeed, long numStarts) {
            Arrays.fill(rowLo, 0L);
            Arrays.fill(rowHi, 0L);
            Arrays.fill(result, 0);
            long[] order = inStartOrder(keyHashes, rawSeed);
            for (long h : order) {
                if (!add((int) FastRange.unsignedMultiplyHigh(h, numStarts), coeffLow(h), coeffHigh(h),
                        resultRow(h))) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The rehashed keys, in order of their top bits (so of their start) when there are many:
         * a counting sort into up to 2^11 buckets of about 512 keys.
         */
        private long[] inStartOrder(long[] keyHashes, long rawSeed) {
            int n = keyHashes.length;
            if (rehashed.length != n) {
                rehashed = new long[n];
            }
            for (int i = 0; i < n; i++) {
                rehashed[i] = rehash(keyHashes[i], rawSeed);
            }
            if (n < SORT_THRESHOLD) {
                return rehashed;
            }
            int bits = Math.min(MAX_BUCKET_BITS, 32 - Integer.numberOfLeadingZeros(n / KEYS_PER_BUCKET));
            int shift = Long.SIZE - bits;
            int buckets = 1 << bits;
            if (bucketStart.length != buckets + 1) {
                bucketStart = new int[buckets + 1];
            } else {
                Arrays.fill(bucketStart, 0);
            }
            for (int i = 0; i < n; i++) {
                bucketStart[(int) (rehashed[i] >>> shift) + 1]++;
            }
            for (int b = 0; b < buckets; b++) {
                bucketStart[b + 1] += bucketStart[b];
            }
            if (sorted.length != n) {
                sorted = new long[n];
            }
            for (int i = 0; i < n; i++) {
                long h = rehashed[i];
                sorted[bucketStart[(int) (h >>> shift)]++] = h;
            }
            return sorted;
        }

        /**
         * BandingAdd with kFirstCoeffAlwaysOne: the row (lo, hi) with bit 0 set, starting at slot i.
         * Each step XORs the slot's row away, clearing bit 0, then shifts to the next set bit (tz &gt;= 1).
         */
        private boolean add(int start, long lo, long hi, int r) {
            int i = start;
            while (true) {
                long atLo = rowLo[i];
                if (atLo == 0) {
                    rowLo[i] = lo;
                    rowHi[i] = hi;
                    result[i] = r;
                    return true;
                }
                lo ^= atLo;
                hi ^= rowHi[i];
                r ^= result[i];
                if (lo == 0) {
                    if (hi == 0) {
                        return r == 0; // redundant if consistent (a repeated hash), else this seed fails
                    }
                    int tz = Long.numberOfTrailingZeros(hi);
                    i += 64 + tz;
                    lo = hi >>> tz;
                    hi = 0;
                } else {
                    int tz = Long.numberOfTrailingZeros(lo);
                    i += tz;
                    lo = (lo >>> tz) | ((hi << 1) << (63 - tz)); // hi << (64 - tz), tz in [1, 63]
                    hi >>>= tz;
                }
            }
        }
    }

    private static long littleEndianLong(byte[] b, int off) {
        long v = 0;
        for (int i = Long.BYTES - 1; i >= 0; i--) {
            v = (v << 8) | (b[off + i] & 0xFFL);
        }
        return v;
    }
}
