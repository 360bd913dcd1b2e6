package org.monkeyeval.family.rocksdb;

import java.util.Arrays;

/**
 * RocksDB's legacy full Bloom filter, the one {@code BloomFilterPolicy} builds for
 * {@code format_version <= 4}, written from its rules: the builder produces RocksDB's exact bytes and
 * {@link #read(byte[])} answers as RocksDB's reader does. Pebble's table filter is the same filter with
 * another probe count ({@link #builder(int, int)}).
 *
 * <pre>
 * facebook/rocksdb at commit 1dfa7297933df05237ac11376d6cb69d32591b1d:
 *
 * table/block_based/filter_policy.cc
 *   BloomLikeFilterPolicy            millibits = (int)(b*1000 + 0.500001) after sanitizing;
 *                                    whole_bits_per_key = (millibits + 500) / 1000   (wholeBitsPerKey)
 *   LegacyBloomBitsBuilder           num_probes = LegacyNoLocalityBloomImpl::ChooseNumProbes(whole bits)
 *     AddKey                         h = BloomHash(key); appended unless equal to the previous hash
 *     CalculateSpace(n)              total = min(n * bits, 0xffff0000); lines = ceil(total / 512),
 *                                    made odd ("more bits are involved when determining which block")
 *     Finish                         n = 0: no bytes at all (FinishAlwaysFalse); else
 *                                    lines*64 bytes of bits, then 1 byte num_probes, then
 *                                    4 bytes num_lines little-endian                  (filterBytes)
 *   GetBuiltinFilterBitsReader       the trailer decides the reader (RocksDbFilterMetadata); a legacy
 *                                    Bloom's line size is len / num_lines, any power of two
 *
 * util/bloom_impl.h
 *   LegacyNoLocalityBloomImpl::ChooseNumProbes(b) = clamp((int)(b * 0.69), 1, 30)   (chooseNumProbes)
 *   LegacyLocalityBloomImpl&lt;ExtraRotates = false&gt;::AddHash / HashMayMatchPrepared, h = BloomHash(key):
 *     line   = h mod num_lines                         (unsigned 32-bit remainder)
 *     delta  = (h &gt;&gt;&gt; 17) | (h &lt;&lt; 15)                  (h rotated right by 17)
 *     probe i = 0 .. k-1: bit (h &amp; 511) of the line, byte bitpos / 8, bit bitpos % 8; h += delta
 * </pre>
 *
 * <p>cockroachdb/pebble sstable/tablefilters/bloom/bloom.go and bits.go (commit
 * f82e3ff74d10b1f33df146eefc5661518f868542) build the same bytes: the same hash
 * ({@link RocksDbHash32#bloomHash}), {@code calculateNumLines} = ceil(n*b/512) | 1, the same
 * {@code probe}/{@code set} loop and the same trailer; only {@code calculateProbes} differs (see
 * {@code PebbleFamily}). Pebble's {@code hashCollector.Add} also drops a hash equal to the one before.
 *
 * <p>The probe pattern inside a line is an arithmetic progression mod 512 with start {@code h & 511}
 * and step {@code delta & 511}: a step with many factors of 2 probes few distinct bits (a step of 0
 * probes one bit k times). RocksDB's comment on {@code LegacyLocalityBloomImpl} calls this "notably
 * deficient in accuracy"; {@link LegacyBloomRate} works out what it costs.
 */
public final class LegacyBloom {

    /** Bytes in RocksDB's native cache line (CACHE_LINE_SIZE on x86). */
    public static final int CACHE_LINE_BYTES = 64;

    /** Bits in a cache line. */
    public static final int CACHE_LINE_BITS = 8 * CACHE_LINE_BYTES;

    /** The trailer: one byte of probes and four of lines (kMetadataLen). */
    public static final int METADATA_BYTES = 5;

    /** Cap on n * bits per key in CalculateSpace ("cannot exceed 2^32 for compatibility"). */
    public static final long MAX_TOTAL_BITS = 0xFFFF_0000L;

    /** Most probes ChooseNumProbes gives. */
    public static final int MAX_PROBES = 30;

    /** The 0.69 (about ln 2) that ChooseNumProbes multiplies by, rounding down on purpose. */
    static final double PROBES_PER_BIT = 0.69;

    /** Right rotation of h that gives the probe step. */
    static final int DELTA_ROTATION = 17;

    private static final int LOG2_NATIVE_LINE_BYTES = 6;

    private final byte[] block;
    private final int numProbes;
    private final int numLines;
    private final int log2LineBytes;
    private final long lineMultiplier;

    private LegacyBloom(byte[] block, int numProbes, int numLines, int log2LineBytes) {
        this.block = block;
        this.numProbes = numProbes;
        this.numLines = numLines;
        this.log2LineBytes = log2LineBytes;
        this.lineMultiplier = lineMultiplier(numLines);
    }

    // ---- rules ----

    /** {@code (millibits + 500) / 1000}: the whole bits per key a legacy filter is built with. */
    public static int wholeBitsPerKey(int millibits) {
        if (millibits < 0) {
            throw new IllegalArgumentException("millibits per key (" + millibits + ") must be >= 0");
        }
        return (millibits + 500) / 1000;
    }

    /** LegacyNoLocalityBloomImpl::ChooseNumProbes: (int) (bits * 0.69), at least 1, at most 30. */
    public static int chooseNumProbes(int bitsPerKey) {
        checkBitsPerKey(bitsPerKey);
        int probes = (int) (bitsPerKey * PROBES_PER_BIT); // rounds down, as RocksDB intends
        return Math.max(1, Math.min(MAX_PROBES, probes));
    }

    /** 64-byte lines for n hashes: ceil(min(n * bits, 0xffff0000) / 512), made odd; 0 for n = 0. */
    public static long numLines(long entries, int bitsPerKey) {
        checkEntries(entries);
        checkBitsPerKey(bitsPerKey);
        if (entries == 0) {
            return 0;
        }
        long total = entries > MAX_TOTAL_BITS / bitsPerKey ? MAX_TOTAL_BITS : entries * bitsPerKey;
        long lines = (total + CACHE_LINE_BITS - 1) / CACHE_LINE_BITS;
        return lines | 1L; // even -> next odd; the same as RocksDB's "if (num_lines % 2 == 0) num_lines++"
    }

    /** Bytes of the filter block for n hashes: lines * 64 + 5, or 0 for n = 0 (the always-false filter). */
    public static long filterBytes(long entries, int bitsPerKey) {
        long lines = numLines(entries, bitsPerKey);
        return lines == 0 ? 0 : lines * CACHE_LINE_BYTES + METADATA_BYTES;
    }

    /** The line a hash picks: h mod lines, h read unsigned. */
    static int line(int h, int lines) {
        return Integer.remainderUnsigned(h, lines);
    }

    /**
     * The multiplier of {@link #line(int, long, int)} for {@code lines} in [1, 2^31): ceil(2^64 / lines),
     * as an unsigned 64-bit number (0 for one line, where every remainder is 0).
     */
    static long lineMultiplier(int lines) {
        if (lines < 1) {
            throw new IllegalArgumentException("lines (" + lines + ") must be >= 1");
        }
        return Long.divideUnsigned(-1L, lines) + 1;
    }

    /**
     * {@link #line(int, int)} without a division: Lemire, Kaser and Kurz, "Faster remainder by direct
     * computation" (Software: Practice and Experience 49(6), 2019), exact for every 32-bit h and divisor:
     * with c = {@link #lineMultiplier}(lines), h mod lines = high 64 bits of (c h mod 2^64) x lines.
     */
    static int line(int h, long multiplier, int lines) {
        long low = multiplier * Integer.toUnsignedLong(h);
        // unsigned high word of low x lines, lines > 0: the signed one, plus lines where low's top bit is set
        return (int) (Math.multiplyHigh(low, lines) + ((low >> 63) & lines));
    }

    /** The probe step, h rotated right by 17 bits. */
    static int delta(int h) {
        return Integer.rotateRight(h, DELTA_ROTATION);
    }

    // ---- building ----

    /** A builder with RocksDB's probes for {@code bitsPerKey} ({@link #chooseNumProbes}). */
    public static Builder builder(int bitsPerKey) {
        return new Builder(bitsPerKey, chooseNumProbes(bitsPerKey));
    }

    /** A builder with a given probe count (Pebble's {@code calculateProbes}, or a test's), 1 to 127. */
    public static Builder builder(int bitsPerKey, int numProbes) {
        return new Builder(bitsPerKey, numProbes);
    }

    /** Collects key hashes as LegacyBloomBitsBuilder does and writes the filter block on {@link #finish}. */
    public static final class Builder {
        private final int bitsPerKey;
        private final int numProbes;
        private int[] hashes = new int[16];
        private int count;

        private Builder(int bitsPerKey, int numProbes) {
            checkBitsPerKey(bitsPerKey);
            if (numProbes < 1 || numProbes > Byte.MAX_VALUE) {
                throw new IllegalArgumentException("probes (" + numProbes + ") must be in [1, 127]");
            }
            this.bitsPerKey = bitsPerKey;
            this.numProbes = numProbes;
        }

        /** Adds a key: its {@link RocksDbHash32#bloomHash}. */
        public Builder add(byte[] key) {
            return addHash(RocksDbHash32.bloomHash(key));
        }

        /** Adds a hash, unless it equals the hash added just before (RocksDB's AddKey). */
        public Builder addHash(int h) {
            if (count > 0 && hashes[count - 1] == h) {
                return this;
            }
            if (count == hashes.length) {
                hashes = Arrays.copyOf(hashes, Math.multiplyExact(hashes.length, 2));
            }
            hashes[count++] = h;
            return this;
        }

        /** Hashes kept so far: RocksDB's num_entries, the n the filter is sized for. */
        public int entries() {
            return count;
        }

        /** The filter block: lines * 64 bytes, then the probes byte and the lines as 4 bytes little-endian. */
        public byte[] finish() {
            long lines = numLines(count, bitsPerKey);
            if (lines == 0) {
                return new byte[0];
            }
            int dataBytes = Math.toIntExact(lines * CACHE_LINE_BYTES);
            byte[] out = new byte[dataBytes + METADATA_BYTES];
            for (int i = 0; i < count; i++) {
                set(out, hashes[i], (int) lines);
            }
            out[dataBytes] = (byte) numProbes;
            writeFixed32(out, dataBytes + 1, (int) lines);
            return out;
        }

        private void set(byte[] data, int h, int lines) {
            int base = line(h, lines) * CACHE_LINE_BYTES;
            int d = delta(h);
            for (int i = 0; i < numProbes; i++) {
                int bitpos = h & (CACHE_LINE_BITS - 1);
                data[base + (bitpos >>> 3)] |= (byte) (1 << (bitpos & 7));
                h += d;
            }
        }
    }

    /** RocksDB's bytes for {@code keys} at {@code bitsPerKey}, with its probe rule. */
    public static byte[] build(Iterable<byte[]> keys, int bitsPerKey) {
        Builder b = builder(bitsPerKey);
        for (byte[] key : keys) {
            b.add(key);
        }
        return b.finish();
    }

    // ---- reading ----

    /**
     * A reader over a filter block whose trailer says legacy Bloom (see {@link RocksDbFilterMetadata}),
     * at any power-of-two line size as RocksDB reads filters written on other platforms. The block is
     * not copied.
     *
     * @throws IllegalArgumentException if the trailer says another filter, or an always-true or
     *     always-false one (RocksDB answers those without a Bloom reader)
     */
    public static LegacyBloom read(byte[] block) {
        RocksDbFilterMetadata m = RocksDbFilterMetadata.decode(block);
        if (!(m instanceof RocksDbFilterMetadata.Legacy legacy)) {
            throw new IllegalArgumentException("not a legacy Bloom filter block: " + m);
        }
        return new LegacyBloom(block, legacy.numProbes(), legacy.numLines(), legacy.log2LineBytes());
    }

    /** False only if the key was certainly not added (LegacyBloomBitsReader::MayMatch). */
    public boolean mayContain(byte[] key) {
        return mayContainHash(RocksDbHash32.bloomHash(key));
    }

    /** As {@link #mayContain} for a key whose {@link RocksDbHash32#bloomHash} is {@code h}. */
    public boolean mayContainHash(int h) {
        int base = line(h, lineMultiplier, numLines) << log2LineBytes;
        int mask = (1 << (log2LineBytes + 3)) - 1;
        int d = delta(h);
        for (int i = 0; i < numProbes; i++) {
            int bitpos = h & mask;
            if ((block[base + (bitpos >>> 3)] & (1 << (bitpos & 7))) == 0) {
                return false;
            }
            h += d;
        }
        return true;
    }

    /** Probes per key, from the trailer. */
    public int numProbes() {
        return numProbes;
    }

    /** Lines, from the trailer. */
    public int numLines() {
        return numLines;
    }

    /** Bytes per line: 64 for filters written on x86, len / num_lines in general. */
    public int lineBytes() {
        return 1 << log2LineBytes;
    }

    /** True if the block was written with RocksDB's native 64-byte lines. */
    public boolean nativeLines() {
        return log2LineBytes == LOG2_NATIVE_LINE_BYTES;
    }

    static void writeFixed32(byte[] out, int at, int value) {
        out[at] = (byte) value;
        out[at + 1] = (byte) (value >>> 8);
        out[at + 2] = (byte) (value >>> 16);
        out[at + 3] = (byte) (value >>> 24);
    }

    private static void checkBitsPerKey(int bitsPerKey) {
        if (bitsPerKey < 1) {
            throw new IllegalArgumentException("bits per key (" + bitsPerKey + ") must be >= 1");
        }
    }

    private static void checkEntries(long entries) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
    }
}
