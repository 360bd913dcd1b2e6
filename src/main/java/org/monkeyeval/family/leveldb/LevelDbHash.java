package org.monkeyeval.family.leveldb;

/**
 * LevelDB's 32-bit key hash, {@code leveldb::Hash(const char* data, size_t n, uint32_t seed)}, which
 * its Bloom filter calls with seed {@link #BLOOM_SEED}. From google/leveldb {@code util/hash.cc}
 * ({@code Hash}) at commit 78a352f47ed6c1e9d750545e9b242289185b87e1 (the same function as in release
 * 1.23, commit 99b3c03b3284f5886f9ef9a4ef703d57373e61be, which Debian's libleveldb1d ships):
 *
 * <pre>
 *   m = 0xc6a4a793, r = 24                         (a MurmurHash1-like mix; all arithmetic mod 2^32)
 *   h = seed ^ (n * m)
 *   for each whole 4-byte word w (little-endian):  h += w;  h *= m;  h ^= h &gt;&gt;&gt; 16
 *   tail of 1..3 bytes t0 [t1 [t2]]:                h += t2 &lt;&lt; 16;  h += t1 &lt;&lt; 8;  h += t0;
 *                                                  h *= m;  h ^= h &gt;&gt;&gt; 24
 * </pre>
 *
 * <p>Tail bytes are read unsigned: {@code static_cast<uint8_t>(data[i])}. That is deliberate and
 * dates from release 1.18 (commit 803d69203a62faf50f1b77897310a3a1fcae712b, "Make Hash() treat its
 * input as unsigned. Before this change LevelDB files from platforms with different signedness of char
 * were not compatible", issue 243). Before 1.18 the tail was added as a plain {@code char}, which is
 * signed on x86, so a tail byte of 0x80 or more was sign-extended. RocksDB forked the older code and
 * keeps that behaviour on purpose: facebook/rocksdb {@code util/hash.cc} ({@code Hash}, commit
 * 1dfa7297933df05237ac11376d6cb69d32591b1d) adds {@code static_cast<uint32_t>(static_cast<int8_t>(
 * data[i])) << shift}, "the hash algorithm is part of the format definition". The two agree on every
 * key whose length is a multiple of 4 and on every key whose tail bytes are all below 0x80, and differ
 * otherwise; {@link #signExtendingTailHash} is RocksDB's (and pre-1.18 LevelDB's) form, kept to show
 * that the tests can tell them apart.
 */
public final class LevelDbHash {

    /** The seed LevelDB's Bloom filter hashes keys with ({@code BloomHash} in util/bloom.cc). */
    public static final int BLOOM_SEED = 0xbc9f1d34;

    /** The multiplier m. */
    static final int MULTIPLIER = 0xc6a4a793;

    /** Shift of the final mix after the tail bytes. */
    static final int TAIL_SHIFT = 24;

    /** Shift of the mix after each whole word. */
    static final int WORD_SHIFT = 16;

    private LevelDbHash() {
    }

    /** {@code Hash(key, key.length, seed)}. */
    public static int hash(byte[] key, int seed) {
        if (key == null) {
            throw new IllegalArgumentException("key must not be null");
        }
        return hash(key, 0, key.length, seed);
    }

    /** {@code Hash(data + offset, length, seed)}, tail bytes read unsigned (LevelDB since 1.18). */
    public static int hash(byte[] data, int offset, int length, int seed) {
        checkRange(data, offset, length);
        int h = wordsHash(data, offset, length, seed);
        int tail = length & 3;
        if (tail == 0) {
            return h;
        }
        int at = offset + length - tail;
        int added = 0;
        for (int i = tail - 1; i >= 0; i--) {
            added += (data[at + i] & 0xff) << (8 * i);
        }
        return finishTail(h + added);
    }

    /**
     * RocksDB's form of the same function (and LevelDB's before 1.18 where {@code char} is signed):
     * each tail byte is sign-extended to 32 bits before its shift, so a byte of 0x80 or more adds
     * {@code 0xffffff00 | b} shifted instead of {@code b} shifted.
     */
    static int signExtendingTailHash(byte[] data, int offset, int length, int seed) {
        checkRange(data, offset, length);
        int h = wordsHash(data, offset, length, seed);
        int tail = length & 3;
        if (tail == 0) {
            return h;
        }
        int at = offset + length - tail;
        int added = 0;
        for (int i = tail - 1; i >= 0; i--) {
            added += data[at + i] << (8 * i); // Java's byte is signed: the widening sign-extends
        }
        return finishTail(h + added);
    }

    /** The seed mixed with the length, then every whole little-endian word. */
    private static int wordsHash(byte[] data, int offset, int length, int seed) {
        int h = seed ^ (length * MULTIPLIER);
        int end = offset + (length & ~3);
        for (int i = offset; i < end; i += 4) {
            int w = (data[i] & 0xff) | (data[i + 1] & 0xff) << 8 | (data[i + 2] & 0xff) << 16
                    | (data[i + 3] & 0xff) << 24;
            h += w;
            h *= MULTIPLIER;
            h ^= h >>> WORD_SHIFT;
        }
        return h;
    }

    private static int finishTail(int h) {
        h *= MULTIPLIER;
        return h ^ (h >>> TAIL_SHIFT);
    }

    private static void checkRange(byte[] data, int offset, int length) {
        if (data == null) {
            throw new IllegalArgumentException("data must not be null");
        }
        if (offset < 0 || length < 0 || offset > data.length - length) {
            throw new IllegalArgumentException("range [" + offset + ", " + offset + " + " + length
                    + ") is outside the " + data.length + " bytes");
        }
    }
}
