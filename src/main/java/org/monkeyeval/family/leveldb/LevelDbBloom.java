package org.monkeyeval.family.leveldb;

import java.util.List;

/**
 * LevelDB's built-in Bloom filter, {@code leveldb::NewBloomFilterPolicy(int bits_per_key)}, byte for
 * byte. Re-implemented from google/leveldb {@code util/bloom.cc} ({@code BloomFilterPolicy}: the
 * constructor, {@code CreateFilter}, {@code KeyMayMatch}) at commit
 * 78a352f47ed6c1e9d750545e9b242289185b87e1; the file is unchanged since release 1.23 (commit
 * 99b3c03b3284f5886f9ef9a4ef703d57373e61be, Debian's libleveldb1d 1.23).
 *
 * <pre>
 *   k     = (size_t) (bits_per_key * 0.69), clamped to [1, 30]       rounded down on purpose ({@link #hashes})
 *   bits  = max(64, n * bits_per_key); bytes = (bits + 7) / 8; bits = 8 * bytes    ({@link #filterBits})
 *   layout: the bytes of the bit array, then one byte holding k       ({@link #filterBytes} = bytes + 1)
 *   h     = Hash(key, 0xbc9f1d34)                                     ({@link LevelDbHash})
 *   delta = (h &gt;&gt;&gt; 17) | (h &lt;&lt; 15)                                  h rotated right by 17 bits
 *   probe j = 0 .. k-1: bit (h mod bits), i.e. byte pos / 8, bit pos % 8 of that byte; then h += delta mod 2^32
 * </pre>
 *
 * <p>The reader takes k from the filter's last byte, not from the policy: a byte above 30 is
 * "reserved for potentially new encodings" and matches every key; a filter of fewer than 2 bytes
 * matches none. Both are reproduced in {@link #keyMayMatch(byte[], byte[], int, int)}.
 *
 * <p>Where this is not the textbook Bloom filter (Kirsch and Mitzenmacher 2006 double hashing,
 * here from one 32-bit hash): the k probes are an arithmetic progression mod 2^32 reduced mod m, so a
 * key whose delta is a multiple of m (or has a short period mod m) sets and tests fewer than k distinct
 * bits; on the 64-bit minimum filter, a power of two, this happens to one key in 64. Two keys with
 * the same 32-bit hash share every probe. {@link LevelDbFilterRate} measures what this does to the rate
 * of LevelDB's small filters.
 */
public final class LevelDbBloom implements FilterPolicy {

    /** {@code BloomFilterPolicy::Name()}, recorded in a table's metaindex as {@code "filter." + NAME}. */
    public static final String NAME = "leveldb.BuiltinBloomFilter2";

    /** Description of the rules and probe derivation, for provenance. */
    public static final String PROBE_DERIVATION = "leveldb bloom (util/bloom.cc): k = clamp((int)(b*0.69), 1, 30);"
            + " bits = 8*ceil(max(64, n*b)/8); h = leveldb Hash(key, 0xbc9f1d34) (tail bytes unsigned);"
            + " delta = rotr32(h, 17); probe j: bit h mod bits, then h += delta mod 2^32; last byte = k";

    /** The multiplier LevelDB takes as "0.69 =~ ln(2)". */
    public static final double PROBES_PER_BIT_PER_KEY = 0.69;

    /** The smallest bit array LevelDB builds ("for small n, we can see a very high false positive rate"). */
    public static final int MIN_BITS = 64;

    /** Most probes per key; a larger k byte is reserved and reads as "may match". */
    public static final int MAX_PROBES = 30;

    /** Rotation (right) that turns a key's hash into its probe step. */
    public static final int DELTA_ROTATION = 17;

    private final int bitsPerKey;
    private final int probes;

    private LevelDbBloom(int bitsPerKey) {
        this.bitsPerKey = bitsPerKey;
        this.probes = hashes(bitsPerKey);
    }

    /** {@code NewBloomFilterPolicy(bitsPerKey)}. */
    public static LevelDbBloom policy(int bitsPerKey) {
        checkBitsPerKey(bitsPerKey);
        return new LevelDbBloom(bitsPerKey);
    }

    // ---- rules ----

    /** k = (int) (bitsPerKey * 0.69), clamped to [1, 30]. */
    public static int hashes(int bitsPerKey) {
        checkBitsPerKey(bitsPerKey);
        int k = (int) (bitsPerKey * PROBES_PER_BIT_PER_KEY);
        return Math.max(1, Math.min(MAX_PROBES, k));
    }

    /** Bits of the array for n keys: max(64, n b), rounded up to a whole number of bytes. */
    public static long filterBits(long entries, int bitsPerKey) {
        checkEntries(entries);
        checkBitsPerKey(bitsPerKey);
        long bits = Math.max(MIN_BITS, Math.multiplyExact(entries, (long) bitsPerKey));
        return (bits + 7) / 8 * 8;
    }

    /** Bytes {@code CreateFilter} appends for n keys: the array and the byte of k. */
    public static long filterBytes(long entries, int bitsPerKey) {
        return filterBits(entries, bitsPerKey) / 8 + 1;
    }

    /** A key's probe step: its hash rotated right by 17 bits. */
    public static int delta(int hash) {
        return Integer.rotateRight(hash, DELTA_ROTATION);
    }

    // ---- the filter ----

    @Override
    public String name() {
        return NAME;
    }

    /** The bits per key the policy was made with. */
    public int bitsPerKey() {
        return bitsPerKey;
    }

    /** k, the probes per key this policy writes. */
    public int probes() {
        return probes;
    }

    /** {@code CreateFilter(keys, n, dst)} into an empty {@code dst}: the bit array, then the byte of k. */
    @Override
    public byte[] createFilter(List<byte[]> keys) {
        if (keys == null) {
            throw new IllegalArgumentException("keys must not be null");
        }
        long length = filterBytes(keys.size(), bitsPerKey);
        if (length > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(keys.size() + " keys at " + bitsPerKey
                    + " bits per key need " + length + " bytes, more than a Java array holds");
        }
        byte[] filter = new byte[(int) length];
        long bits = 8 * (length - 1);
        for (byte[] key : keys) {
            int h = LevelDbHash.hash(key, LevelDbHash.BLOOM_SEED);
            int delta = delta(h);
            for (int j = 0; j < probes; j++) {
                long pos = Integer.toUnsignedLong(h) % bits; // below 2^32, which can exceed an int
                filter[(int) (pos >>> 3)] |= (byte) (1 << (pos & 7));
                h += delta;
            }
        }
        filter[filter.length - 1] = (byte) probes;
        return filter;
    }

    /** {@link #keyMayMatch(byte[], byte[], int, int)} over the whole of {@code filter}. */
    public static boolean keyMayMatch(byte[] key, byte[] filter) {
        if (filter == null) {
            throw new IllegalArgumentException("filter must not be null");
        }
        return hashMayMatch(LevelDbHash.hash(key, LevelDbHash.BLOOM_SEED), filter, 0, filter.length);
    }

    /** {@code KeyMayMatch(key, filter)}; k is read from the filter, so any policy reads any filter. */
    @Override
    public boolean keyMayMatch(byte[] key, byte[] filter, int offset, int length) {
        return hashMayMatch(LevelDbHash.hash(key, LevelDbHash.BLOOM_SEED), filter, offset, length);
    }

    /**
     * {@code KeyMayMatch} for a key whose {@code Hash(key, 0xbc9f1d34)} is {@code hash}: false for a
     * filter of fewer than 2 bytes, true for a k byte above 30 (reserved), else true if every probed
     * bit is set.
     */
    public static boolean hashMayMatch(int hash, byte[] filter, int offset, int length) {
        if (filter == null) {
            throw new IllegalArgumentException("filter must not be null");
        }
        if (offset < 0 || length < 0 || offset > filter.length - length) {
            throw new IllegalArgumentException("range [" + offset + ", " + offset + " + " + length
                    + ") is outside the " + filter.length + " bytes");
        }
        if (length < 2) {
            return false;
        }
        int k = filter[offset + length - 1] & 0xff; // LevelDB reads a char: either sign gives k > 30 here
        if (k > MAX_PROBES) {
            return true;
        }
        long bits = 8L * (length - 1);
        int h = hash;
        int delta = delta(hash);
        for (int j = 0; j < k; j++) {
            long pos = Integer.toUnsignedLong(h) % bits;
            if ((filter[offset + (int) (pos >>> 3)] & (1 << (pos & 7))) == 0) {
                return false;
            }
            h += delta;
        }
        return true;
    }

    private static void checkBitsPerKey(int bitsPerKey) {
        if (bitsPerKey < 0) {
            throw new IllegalArgumentException("bits per key (" + bitsPerKey + ") must be >= 0");
        }
    }

    private static void checkEntries(long entries) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
    }
}
