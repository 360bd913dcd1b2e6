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
 * monotone in h), two at a time, so that banding walks the slots in order instead of at random. The
 * bytes do not depend on the order: whether a seed succeeds does not (it is whether the equations are
 * consistent), and back-substitution gives the one solution whose free slots (those no pivot row
 * landed in) are 0, and which slots are pivots is fixed by the span of the rows, not by the order they
 * came in. (The elimination steps, 6.8 per key at 10 bits per key and 10^6 keys, do not depend on the
 * order either.)
 *
 * <p>How the query departs from RocksDB's, with the same answers: the solution is held column by
 * column ({@link Columns}) rather than in RocksDB's blocks of segments, which {@link #toBytes} and
 * {@link #read} convert to and from; and the first three result bits are tested together before a
 * branch, where RocksDB returns at the first mismatching bit.
 *
 * <p>Key hashes: {@link #keyHashes} gives RocksDB's for byte[] keys ({@link Xxph3}); hashes from
 * elsewhere need to be well mixed in all 64 bits (the start comes from the high bits of h, the row
 * and result from the product a).
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

    /** Result bits a query reads before its first branch (see mayContain). */
    private static final int FIRST_COLUMNS = 3;

    private final long entries;
    private final Ribbon.Layout layout;
    private final int ordinalSeed;
    private final long rawSeed;
    private final long numStarts;
    private final int upperColumns;
    private final int upperStartBlock;
    /** Width of the first group (3, or 0 when upper blocks have at most 3 result bits), see {@link Columns}. */
    private final int firstGroup;
    /** Width of the second group: the other result bits. */
    private final int secondGroup;
    /** Index in {@link #words} where the second group starts. */
    private final int secondOffset;
    /** The solution in the query layout of {@link Columns}. */
    private final long[] words;

    private RibbonFilter(long entries, Ribbon.Layout layout, int ordinalSeed, Columns columns) {
        this.entries = entries;
        this.layout = layout;
        this.ordinalSeed = ordinalSeed;
        this.rawSeed = rawSeed(ordinalSeed);
        this.numStarts = layout.numStarts();
        this.upperColumns = layout.upperColumns();
        this.upperStartBlock = (int) layout.upperStartBlock();
        this.firstGroup = columns.firstGroup;
        this.secondGroup = columns.secondGroup;
        this.secondOffset = columns.secondOffset;
        this.words = columns.words;
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
     * {@link #construct(long[], Ribbon)} over RocksDB's hashes of {@code keys} added in this order
     * ({@link #keyHashes}).
     *
     * @throws IllegalArgumentException if there are no keys, or RocksDB builds its Bloom filter for them
     */
    public static RibbonFilter construct(java.util.List<byte[]> keys, Ribbon rules) {
        return construct(keyHashes(keys), rules);
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
        Columns columns = new Columns(layout);
        int offset = 0;
        for (int b = 0; b < numBlocks; b++) {
            for (int j = 0; j < layout.columnsOfBlock(b); j++) {
                columns.set(j, b, littleEndianLong(block, offset), littleEndianLong(block, offset + Long.BYTES));
                offset += Ribbon.SEGMENT_BYTES;
            }
        }
        return new RibbonFilter(-1, layout, seed, columns);
    }

    /** The filter block as RocksDB writes it: the segments, then the 5 metadata bytes. */
    public byte[] toBytes() {
        int dataBytes = (int) layout.dataBytes();
        byte[] out = new byte[dataBytes + Ribbon.METADATA_BYTES];
        Columns columns = new Columns(layout, firstGroup, secondGroup, secondOffset, words);
        long numBlocks = layout.numBlocks();
        int offset = 0;
        for (int b = 0; b < numBlocks; b++) {
            for (int j = 0; j < layout.columnsOfBlock(b); j++) {
                putLittleEndianLong(out, offset, words[columns.index(j, 2 * b)]);
                putLittleEndianLong(out, offset + Long.BYTES, words[columns.index(j, 2 * b + 1)]);
                offset += Ribbon.SEGMENT_BYTES;
            }
        }
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
     * True unless the key with this 64-bit hash was certainly not added. No allocation.
     *
     * <p>How the row meets the data: a result column holds the solution bits of all slots as 64-bit
     * words, so the 128 slots from the key's start are three consecutive words w, w + 1, w + 2
     * (w = start / 64), against which the row sits shifted left by t = start % 64 ({@code c0, c1, c2},
     * the row's 192-bit shift by t); the parity of the AND is the result bit. In {@link Columns}' layout
     * the first three result bits' words are interleaved, so those nine words lie side by side (one or
     * two cache lines); they are read without a branch and tested at once, and only when all three
     * match (1 in 8 absent keys) does the query go on to the others ({@link #laterColumnsMatch}). For
     * absent keys that branch is predictable and the other columns are seldom read. A block below
     * upperStartBlock has one result bit fewer, masked off at the end.
     */
    @Override
    public boolean mayContain(long keyHash) {
        long h = (keyHash ^ rawSeed) * REHASH_FACTOR;
        // FastRange64: numStarts < 2^31 is non-negative, so only h's sign needs the unsigned correction
        long start = Math.multiplyHigh(h, numStarts) + ((h >> 63) & numStarts);
        long a = h * COEFF_AND_RESULT_FACTOR;
        long lo = (a ^ COEFF_XOR_64) | 1L;
        int expected = (int) Long.reverseBytes(a);
        int w = (int) (start >>> 6);
        int t = (int) start & 63;
        long c0 = lo << t;
        long c1 = (a << t) | ((lo >>> 1) >>> (63 - t)); // lo >>> (64 - t), 0 for t = 0
        long c2 = (a >>> 1) >>> (63 - t);
        if (firstGroup == 0) {
            return laterColumnsMatch(w, c0, c1, c2, expected, start);
        }
        long[] s = words;
        int i = FIRST_COLUMNS * w;
        long x0 = (s[i] & c0) ^ (s[i + 3] & c1) ^ (s[i + 6] & c2);
        long x1 = (s[i + 1] & c0) ^ (s[i + 4] & c1) ^ (s[i + 7] & c2);
        long x2 = (s[i + 2] & c0) ^ (s[i + 5] & c1) ^ (s[i + 8] & c2);
        int first = (Long.bitCount(x0) & 1) | (Long.bitCount(x1) & 1) << 1 | (Long.bitCount(x2) & 1) << 2;
        return ((first ^ expected) & 7) == 0 && laterColumnsMatch(w, c0, c1, c2, expected, start);
    }

    /**
     * The result bits of the second group (all of them when there is no first group) of a key whose
     * first group matched, up to the bits its block has. The loop runs over the whole group (a constant
     * count, so its exit is predicted); a lower block's missing bit is masked off.
     */
    private boolean laterColumnsMatch(int w, long c0, long c1, long c2, int expected, long start) {
        long[] s = words;
        int g = secondGroup;
        int i = secondOffset + g * w;
        int found = 0;
        for (int j = 0; j < g; j++) {
            long x = (s[i + j] & c0) ^ (s[i + g + j] & c1) ^ (s[i + 2 * g + j] & c2);
            found |= (Long.bitCount(x) & 1) << j;
        }
        int block = (int) (start >>> 7);
        int columns = upperColumns - ((block - upperStartBlock) >>> 31); // one fewer below upperStartBlock
        long mask = ((1L << columns) - 1) >>> firstGroup;
        return (((found << firstGroup) ^ expected) >>> firstGroup & mask) == 0;
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

    /**
     * The solution as queries read it, not as RocksDB stores it: result column j is a bit array over
     * all slots (bit k of word m is slot 64 m + k), two words per block and two of zero padding at the
     * end, so that a window of three words from any start stays inside. Columns are grouped, and within
     * a group their words interleaved (word m of every column of the group, then word m + 1): the first
     * group holds result bits 0, 1, 2, which every block has when upper blocks have four or more, the
     * second the others. Lower blocks leave their last column's words zero (an extra 16 bytes per lower
     * block; {@link #bitCount()} is RocksDB's size). {@link #toBytes} and {@link #read} convert to and
     * from RocksDB's blocks of segments.
     */
    static final class Columns {
        final int firstGroup;
        final int secondGroup;
        final int secondOffset;
        final long[] words;

        Columns(Ribbon.Layout layout) {
            this.firstGroup = layout.upperColumns() > FIRST_COLUMNS ? FIRST_COLUMNS : 0;
            this.secondGroup = layout.upperColumns() - firstGroup;
            long columnWords = 2 * layout.numBlocks() + 2;
            long total = columnWords * layout.upperColumns();
            if (total > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("a filter of " + layout.numBlocks() + " blocks and "
                        + layout.upperColumns() + " result bits exceeds a Java array");
            }
            this.secondOffset = (int) (columnWords * firstGroup);
            this.words = new long[(int) total];
        }

        Columns(Ribbon.Layout layout, int firstGroup, int secondGroup, int secondOffset, long[] words) {
            this.firstGroup = firstGroup;
            this.secondGroup = secondGroup;
            this.secondOffset = secondOffset;
            this.words = words;
        }

        /** Index in {@link #words} of word {@code m} of result column {@code j}. */
        int index(int j, int m) {
            return j < firstGroup ? firstGroup * m + j : secondOffset + secondGroup * m + (j - firstGroup);
        }

        /** Sets column j's two words of block b: its low and high 64 slots. */
        void set(int j, int b, long low, long high) {
            words[index(j, 2 * b)] = low;
            words[index(j, 2 * b + 1)] = high;
        }
    }

    /**
     * InterleavedBackSubst: from the last block down, each block's result columns as 128-bit shift
     * registers (low, high), stored when the block is done; a block below upperStartBlock keeps one
     * column fewer, dropping the last. Solution bit j of slot i is parity(row_i &amp; (state_j &lt;&lt; 1)) ^
     * bit j of result_i, shifted into state_j (BackSubstBlock). Here the parity is taken as
     * parity((row_i &gt;&gt;&gt; 1) &amp; state_j), the same bits (bit 127 of state_j meets no row bit), with the
     * row shifted once per slot instead of each column's register before its parity.
     */
    static Columns backSubstitute(Banding banding, Ribbon.Layout layout) {
        Columns out = new Columns(layout);
        int columns = layout.upperColumns();
        int upperStart = (int) layout.upperStartBlock();
        long[] state = new long[2 * Ribbon.MAX_RESULT_BITS]; // low, high per column
        long[] rows = banding.rows;
        int[] result = banding.result;
        for (int block = (int) layout.numBlocks() - 1; block >= 0; block--) {
            if (block == upperStart - 1) {
                columns--;
            }
            int first = block * Ribbon.COEFF_BITS;
            for (int i = first + Ribbon.COEFF_BITS - 1; i >= first; i--) {
                long cLo = rows[2 * i];
                long cHi = rows[2 * i + 1];
                stepColumns(state, columns, (cLo >>> 1) | (cHi << 63), cHi >>> 1, result[i]);
            }
            for (int j = 0; j < columns; j++) {
                out.set(j, block, state[2 * j], state[2 * j + 1]);
            }
        }
        return out;
    }

    /**
     * One slot for columns {@code columns - 1} down to 0: each register takes the parity of its AND with
     * the shifted row (dLo, dHi), XOR that column's result bit, as its new bit 0. Written out as a switch
     * that falls through, one case per column with constant indexes, instead of a loop over the columns:
     * measured 0.85 to 0.88 of the loop's time at 10 and 16 bits per key (10^6 keys), the loop's set-up
     * and exit costing more than its seven or eleven short iterations.
     */
    @SuppressWarnings("fallthrough")
    private static void stepColumns(long[] s, int columns, long dLo, long dHi, int r) {
        long lo;
        long hi;
        switch (columns) {
                case 32:
                    lo = s[62];
                    hi = s[63];
                    s[63] = (hi << 1) | (lo >>> 63);
                    s[62] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 31)) & 1L);
                case 31:
                    lo = s[60];
                    hi = s[61];
                    s[61] = (hi << 1) | (lo >>> 63);
                    s[60] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 30)) & 1L);
                case 30:
                    lo = s[58];
                    hi = s[59];
                    s[59] = (hi << 1) | (lo >>> 63);
                    s[58] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 29)) & 1L);
                case 29:
                    lo = s[56];
                    hi = s[57];
                    s[57] = (hi << 1) | (lo >>> 63);
                    s[56] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 28)) & 1L);
                case 28:
                    lo = s[54];
                    hi = s[55];
                    s[55] = (hi << 1) | (lo >>> 63);
                    s[54] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 27)) & 1L);
                case 27:
                    lo = s[52];
                    hi = s[53];
                    s[53] = (hi << 1) | (lo >>> 63);
                    s[52] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 26)) & 1L);
                case 26:
                    lo = s[50];
                    hi = s[51];
                    s[51] = (hi << 1) | (lo >>> 63);
                    s[50] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 25)) & 1L);
                case 25:
                    lo = s[48];
                    hi = s[49];
                    s[49] = (hi << 1) | (lo >>> 63);
                    s[48] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 24)) & 1L);
                case 24:
                    lo = s[46];
                    hi = s[47];
                    s[47] = (hi << 1) | (lo >>> 63);
                    s[46] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 23)) & 1L);
                case 23:
                    lo = s[44];
                    hi = s[45];
                    s[45] = (hi << 1) | (lo >>> 63);
                    s[44] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 22)) & 1L);
                case 22:
                    lo = s[42];
                    hi = s[43];
                    s[43] = (hi << 1) | (lo >>> 63);
                    s[42] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 21)) & 1L);
                case 21:
                    lo = s[40];
                    hi = s[41];
                    s[41] = (hi << 1) | (lo >>> 63);
                    s[40] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 20)) & 1L);
                case 20:
                    lo = s[38];
                    hi = s[39];
                    s[39] = (hi << 1) | (lo >>> 63);
                    s[38] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 19)) & 1L);
                case 19:
                    lo = s[36];
                    hi = s[37];
                    s[37] = (hi << 1) | (lo >>> 63);
                    s[36] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 18)) & 1L);
                case 18:
                    lo = s[34];
                    hi = s[35];
                    s[35] = (hi << 1) | (lo >>> 63);
                    s[34] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 17)) & 1L);
                case 17:
                    lo = s[32];
                    hi = s[33];
                    s[33] = (hi << 1) | (lo >>> 63);
                    s[32] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 16)) & 1L);
                case 16:
                    lo = s[30];
                    hi = s[31];
                    s[31] = (hi << 1) | (lo >>> 63);
                    s[30] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 15)) & 1L);
                case 15:
                    lo = s[28];
                    hi = s[29];
                    s[29] = (hi << 1) | (lo >>> 63);
                    s[28] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 14)) & 1L);
                case 14:
                    lo = s[26];
                    hi = s[27];
                    s[27] = (hi << 1) | (lo >>> 63);
                    s[26] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 13)) & 1L);
                case 13:
                    lo = s[24];
                    hi = s[25];
                    s[25] = (hi << 1) | (lo >>> 63);
                    s[24] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 12)) & 1L);
                case 12:
                    lo = s[22];
                    hi = s[23];
                    s[23] = (hi << 1) | (lo >>> 63);
                    s[22] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 11)) & 1L);
                case 11:
                    lo = s[20];
                    hi = s[21];
                    s[21] = (hi << 1) | (lo >>> 63);
                    s[20] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 10)) & 1L);
                case 10:
                    lo = s[18];
                    hi = s[19];
                    s[19] = (hi << 1) | (lo >>> 63);
                    s[18] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 9)) & 1L);
                case 9:
                    lo = s[16];
                    hi = s[17];
                    s[17] = (hi << 1) | (lo >>> 63);
                    s[16] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 8)) & 1L);
                case 8:
                    lo = s[14];
                    hi = s[15];
                    s[15] = (hi << 1) | (lo >>> 63);
                    s[14] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 7)) & 1L);
                case 7:
                    lo = s[12];
                    hi = s[13];
                    s[13] = (hi << 1) | (lo >>> 63);
                    s[12] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 6)) & 1L);
                case 6:
                    lo = s[10];
                    hi = s[11];
                    s[11] = (hi << 1) | (lo >>> 63);
                    s[10] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 5)) & 1L);
                case 5:
                    lo = s[8];
                    hi = s[9];
                    s[9] = (hi << 1) | (lo >>> 63);
                    s[8] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 4)) & 1L);
                case 4:
                    lo = s[6];
                    hi = s[7];
                    s[7] = (hi << 1) | (lo >>> 63);
                    s[6] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 3)) & 1L);
                case 3:
                    lo = s[4];
                    hi = s[5];
                    s[5] = (hi << 1) | (lo >>> 63);
                    s[4] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 2)) & 1L);
                case 2:
                    lo = s[2];
                    hi = s[3];
                    s[3] = (hi << 1) | (lo >>> 63);
                    s[2] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 1)) & 1L);
                case 1:
                    lo = s[0];
                    hi = s[1];
                    s[1] = (hi << 1) | (lo >>> 63);
                    s[0] = (lo << 1) | ((Long.bitCount((lo & dLo) ^ (hi & dHi)) ^ (r >>> 0)) & 1L);
                default:
                    break; // no columns (a filter of no data bytes)
        }
    }

    /**
     * The banding storage (StandardBanding): per slot a 128-bit row (low and high halves side by side
     * in {@link #rows}) and a 32-bit result; a slot is empty while its row's low half is 0 (a stored
     * row always has bit 0 set).
     */
    static final class Banding {
        final long[] rows;
        final int[] result;
        private final int slots;
        private boolean used;
        private long[] sorted = new long[0];
        private int[] bucketStart = new int[0];

        Banding(int slots) {
            this.slots = slots;
            rows = new long[2 * slots];
            result = new int[slots];
        }

        /** Resets and adds every hash under {@code rawSeed}; false if the equations are inconsistent. */
        boolean addAll(long[] keyHashes, long rawSeed, long numStarts) {
            if (used) {
                Arrays.fill(rows, 0L);
                Arrays.fill(result, 0);
            }
            used = true;
            long[] order = inStartOrder(keyHashes, rawSeed);
            int n = order.length;
            if (n < SORT_THRESHOLD) {
                for (long h : order) {
                    if (!add(start(h, numStarts), coeffLow(h), coeffHigh(h), resultRow(h))) {
                        return false;
                    }
                }
                return true;
            }
            return addInTwoLanes(order, numStarts);
        }

        static int start(long h, long numStarts) {
            return (int) (Math.multiplyHigh(h, numStarts) + ((h >> 63) & numStarts));
        }

        /**
         * The rehashed keys, in order of their top bits (so of their start) when there are many:
         * a counting sort into up to 2^11 buckets of about 512 keys. The rehash (two operations) is
         * done in both passes rather than kept, which saves an array of n longs.
         */
        long[] inStartOrder(long[] keyHashes, long rawSeed) {
            int n = keyHashes.length;
            if (sorted.length != n) {
                sorted = new long[n];
            }
            if (n < SORT_THRESHOLD) {
                for (int i = 0; i < n; i++) {
                    sorted[i] = rehash(keyHashes[i], rawSeed);
                }
                return sorted;
            }
            int bits = Math.min(MAX_BUCKET_BITS, 32 - Integer.numberOfLeadingZeros(n / KEYS_PER_BUCKET));
            int shift = Long.SIZE - bits;
            int buckets = 1 << bits;
            if (bucketStart.length != buckets + 1) {
                bucketStart = new int[buckets + 1];
            } else {
                Arrays.fill(bucketStart, 0);
            }
            int[] count = bucketStart;
            for (long x : keyHashes) {
                count[(int) (rehash(x, rawSeed) >>> shift) + 1]++;
            }
            for (int b = 0; b < buckets; b++) {
                count[b + 1] += count[b];
            }
            long[] out = sorted;
            for (long x : keyHashes) {
                long h = rehash(x, rawSeed);
                out[count[(int) (h >>> shift)]++] = h;
            }
            return out;
        }

        /**
         * BandingAdd with kFirstCoeffAlwaysOne: the row (lo, hi) with bit 0 set, starting at slot i
         * (a key's start, or where a row in flight has got to).
         * Each step XORs the slot's row away, clearing bit 0, then shifts to the next set bit (tz &gt;= 1).
         */
        boolean add(int start, long lo, long hi, int r) {
            long[] w = rows;
            int i = start;
            while (true) {
                long atLo = w[2 * i];
                if (atLo == 0) {
                    w[2 * i] = lo;
                    w[2 * i + 1] = hi;
                    result[i] = r;
                    return true;
                }
                lo ^= atLo;
                hi ^= w[2 * i + 1];
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

        /**
         * {@link #add} for the keys in start order, two at a time: lane A takes the first half, lane B
         * the second, and the loop advances each by one elimination step in turn, so that the CPU
         * overlaps the two chains of dependent loads. This is still one sequence of steps on one
         * banding (each step sees every row stored before it), so it is Gaussian elimination in some
         * order of the keys, and gives the same solution (see the class comment). When a lane runs out,
         * the other finishes alone.
         */
        boolean addInTwoLanes(long[] order, long numStarts) {
            long[] w = rows;
            int[] res = result;
            int half = order.length >>> 1;
            int nextA = 0;
            int nextB = half;
            long h = order[nextA++];
            int iA = start(h, numStarts);
            long loA = coeffLow(h);
            long hiA = coeffHigh(h);
            int rA = resultRow(h);
            h = order[nextB++];
            int iB = start(h, numStarts);
            long loB = coeffLow(h);
            long hiB = coeffHigh(h);
            int rB = resultRow(h);
            while (true) {
                // lane A: one step
                long atA = w[2 * iA];
                if (atA == 0) {
                    w[2 * iA] = loA;
                    w[2 * iA + 1] = hiA;
                    res[iA] = rA;
                    if (nextA == half) {
                        break;
                    }
                    h = order[nextA++];
                    iA = start(h, numStarts);
                    loA = coeffLow(h);
                    hiA = coeffHigh(h);
                    rA = resultRow(h);
                } else {
                    loA ^= atA;
                    hiA ^= w[2 * iA + 1];
                    rA ^= res[iA];
                    if (loA != 0) {
                        int tz = Long.numberOfTrailingZeros(loA);
                        iA += tz;
                        loA = (loA >>> tz) | ((hiA << 1) << (63 - tz));
                        hiA >>>= tz;
                    } else if (hiA != 0) {
                        int tz = Long.numberOfTrailingZeros(hiA);
                        iA += 64 + tz;
                        loA = hiA >>> tz;
                        hiA = 0;
                    } else {
                        if (rA != 0) {
                            return false;
                        }
                        if (nextA == half) {
                            break;
                        }
                        h = order[nextA++];
                        iA = start(h, numStarts);
                        loA = coeffLow(h);
                        hiA = coeffHigh(h);
                        rA = resultRow(h);
                    }
                }
                // lane B: one step
                long atB = w[2 * iB];
                if (atB == 0) {
                    w[2 * iB] = loB;
                    w[2 * iB + 1] = hiB;
                    res[iB] = rB;
                    if (nextB == order.length) {
                        return finishLane(order, nextA, half, iA, loA, hiA, rA, numStarts);
                    }
                    h = order[nextB++];
                    iB = start(h, numStarts);
                    loB = coeffLow(h);
                    hiB = coeffHigh(h);
                    rB = resultRow(h);
                } else {
                    loB ^= atB;
                    hiB ^= w[2 * iB + 1];
                    rB ^= res[iB];
                    if (loB != 0) {
                        int tz = Long.numberOfTrailingZeros(loB);
                        iB += tz;
                        loB = (loB >>> tz) | ((hiB << 1) << (63 - tz));
                        hiB >>>= tz;
                    } else if (hiB != 0) {
                        int tz = Long.numberOfTrailingZeros(hiB);
                        iB += 64 + tz;
                        loB = hiB >>> tz;
                        hiB = 0;
                    } else {
                        if (rB != 0) {
                            return false;
                        }
                        if (nextB == order.length) {
                            return finishLane(order, nextA, half, iA, loA, hiA, rA, numStarts);
                        }
                        h = order[nextB++];
                        iB = start(h, numStarts);
                        loB = coeffLow(h);
                        hiB = coeffHigh(h);
                        rB = resultRow(h);
                    }
                }
            }
            // lane A is done; lane B holds a key in flight
            return finishLane(order, nextB, order.length, iB, loB, hiB, rB, numStarts);
        }

        /** Finishes the key in flight (at slot i with row lo, hi and result r), then adds order[next .. end). */
        private boolean finishLane(long[] order, int next, int end, int i, long lo, long hi, int r, long numStarts) {
            if (!add(i, lo, hi, r)) {
                return false;
            }
            for (int j = next; j < end; j++) {
                long h = order[j];
                if (!add(start(h, numStarts), coeffLow(h), coeffHigh(h), resultRow(h))) {
                    return false;
                }
            }
            return true;
        }
    }

    private static void putLittleEndianLong(byte[] b, int off, long v) {
        for (int i = 0; i < Long.BYTES; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
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
