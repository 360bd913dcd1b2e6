package org.monkeyeval.family.cassandra;

/**
 * Cassandra's 128-bit Murmur3, {@code MurmurHash.hash3_x64_128}: the hash its Bloom filters take of a
 * partition key (through {@code DecoratedKey.filterHash}) and Murmur3Partitioner takes for tokens.
 * Followed from apache/cassandra tag {@code cassandra-5.0.4},
 * {@code src/java/org/apache/cassandra/utils/MurmurHash.java} ({@code hash3_x64_128}, {@code getBlock},
 * {@code fmix}), as shipped in {@code org.apache.cassandra:cassandra-all:5.0.4}.
 *
 * <pre>
 *   c1 = 0x87c37b91114253d5, c2 = 0x4cf5ad432745937f, h1 = h2 = seed
 *   body, each 16-byte block as two little-endian longs k1, k2 (bytes read unsigned):
 *     h1 ^= c2 * rotl(c1 * k1, 31);  h1 = 5 * (rotl(h1, 27) + h2) + 0x52dce729
 *     h2 ^= c1 * rotl(c2 * k2, 33);  h2 = 5 * (rotl(h2, 31) + h1) + 0x38495ab5
 *   tail, the last length mod 16 bytes t[0..]:
 *     k2 = XOR of sext(t[8 + j]) &lt;&lt; 8j,  j = 0..6     (when more than 8 bytes remain)
 *     k1 = XOR of sext(t[j]) &lt;&lt; 8j,      j = 0..7
 *     h2 ^= c1 * rotl(c2 * k2, 33);  h1 ^= c2 * rotl(c1 * k1, 31)   (each only if it has bytes)
 *   h1 ^= length; h2 ^= length; h1 += h2; h2 += h1
 *   h1 = fmix64(h1); h2 = fmix64(h2); h1 += h2; h2 += h1      -&gt; result {h1, h2}
 * </pre>
 *
 * <p>Where it departs from MurmurHash3_x64_128 (A. Appleby, smhasher {@code src/MurmurHash3.cpp}), on
 * purpose since it is Cassandra's: the tail bytes are widened with their sign ({@code sext}: Java's
 * {@code (long) byte}), where the reference widens {@code uint8_t}. A tail byte {@code >= 0x80} thus
 * XORs ones into every higher bit of its lane. Cassandra's class comment calls this a sign bug it cannot
 * fix without changing Murmur3Partitioner's tokens. Keys whose tail bytes are all below 0x80 (ASCII text,
 * for instance) hash as in the reference; block bytes are read unsigned in both.
 */
public final class CassandraMurmur3 {

    private static final long C1 = 0x87c3_7b91_1142_53d5L;
    private static final long C2 = 0x4cf5_ad43_2745_937fL;
    private static final int BLOCK_BYTES = 16;

    private CassandraMurmur3() {
    }

    /**
     * hash3_x64_128 of {@code key[offset .. offset+length-1]} with {@code seed}, as Cassandra computes
     * it, into {@code result[0]} (h1) and {@code result[1]} (h2). Cassandra's filters use seed 0.
     */
    public static void hash3x64x128(byte[] key, int offset, int length, long seed, long[] result) {
        hash(key, offset, length, seed, true, result);
    }

    /** hash3_x64_128 of the whole of {@code key} with seed 0: {h1, h2}. */
    public static long[] hash3x64x128(byte[] key) {
        if (key == null) {
            throw new IllegalArgumentException("key must not be null");
        }
        long[] result = new long[2];
        hash(key, 0, key.length, 0L, true, result);
        return result;
    }

    /**
     * hash3_x64_128 with seed 0 of the 8 bytes of {@code key} in big-endian order (the bytes
     * {@link #bigEndian(long)} gives, and what Cassandra's {@code LongType} serializes a bigint key to),
     * into {@code result}; no allocation. An 8-byte key is all tail: k1 takes the bytes low lane first,
     * each sign-extended, and k2 stays 0.
     */
    public static void hashLong(long key, long[] result) {
        long k1 = 0;
        for (int j = 7; j >= 0; j--) {
            // byte j of the big-endian form is bits 8(7-j) .. 8(7-j)+7 of key; (byte) then widening keeps the sign
            k1 ^= ((long) (byte) (key >>> (8 * (7 - j)))) << (8 * j);
        }
        long h1 = mixK1(k1);
        long h2 = 0;
        finish(h1, h2, 8, result);
    }

    /** The 8 bytes of {@code key}, most significant first ({@code ByteBuffer.putLong}'s default order). */
    public static byte[] bigEndian(long key) {
        byte[] b = new byte[Long.BYTES];
        for (int j = 0; j < Long.BYTES; j++) {
            b[j] = (byte) (key >>> (8 * (Long.BYTES - 1 - j)));
        }
        return b;
    }

    /**
     * The hash with the tail's byte widening chosen: {@code signedTail} true is Cassandra's, false the
     * reference MurmurHash3_x64_128 (for the tests that locate the difference).
     */
    static void hash(byte[] key, int offset, int length, long seed, boolean signedTail, long[] result) {
        if (key == null) {
            throw new IllegalArgumentException("key must not be null");
        }
        if (offset < 0 || length < 0 || offset > key.length - length) {
            throw new IllegalArgumentException("range [" + offset + ", " + offset + " + " + length
                    + ") is outside a key of " + key.length + " bytes");
        }
        if (result == null || result.length < 2) {
            throw new IllegalArgumentException("result must hold at least 2 longs");
        }
        long h1 = seed;
        long h2 = seed;
        int blocks = length / BLOCK_BYTES;
        for (int i = 0; i < blocks; i++) {
            int at = offset + i * BLOCK_BYTES;
            h1 ^= mixK1(littleEndian(key, at));
            h1 = (Long.rotateLeft(h1, 27) + h2) * 5 + 0x52dc_e729L;
            h2 ^= mixK2(littleEndian(key, at + 8));
            h2 = (Long.rotateLeft(h2, 31) + h1) * 5 + 0x3849_5ab5L;
        }
        int tail = offset + blocks * BLOCK_BYTES;
        int rest = length % BLOCK_BYTES;
        if (rest > 8) {
            h2 ^= mixK2(tailLane(key, tail + 8, rest - 8, signedTail));
        }
        if (rest > 0) {
            h1 ^= mixK1(tailLane(key, tail, Math.min(rest, 8), signedTail));
        }
        finish(h1, h2, length, result);
    }

    /** Finalization: length folded into both halves, the halves mixed together, fmix64, mixed again. */
    private static void finish(long h1, long h2, long length, long[] result) {
        h1 ^= length;
        h2 ^= length;
        h1 += h2;
        h2 += h1;
        h1 = fmix64(h1);
        h2 = fmix64(h2);
        h1 += h2;
        h2 += h1;
        result[0] = h1;
        result[1] = h2;
    }

    private static long mixK1(long k1) {
        return Long.rotateLeft(k1 * C1, 31) * C2;
    }

    private static long mixK2(long k2) {
        return Long.rotateLeft(k2 * C2, 33) * C1;
    }

    /** MurmurHash3's 64-bit finalizer (Cassandra's {@code fmix}). */
    static long fmix64(long k) {
        k ^= k >>> 33;
        k *= 0xff51_afd7_ed55_8ccdL;
        k ^= k >>> 33;
        k *= 0xc4ce_b9fe_1a85_ec53L;
        k ^= k >>> 33;
        return k;
    }

    /** Eight bytes from {@code at}, least significant first, each read unsigned ({@code getBlock}). */
    private static long littleEndian(byte[] key, int at) {
        long v = 0;
        for (int j = 0; j < 8; j++) {
            v |= (key[at + j] & 0xffL) << (8 * j);
        }
        return v;
    }

    /**
     * The {@code count} (1..8) tail bytes from {@code at} as one lane: byte j XORed in at bit 8j. With
     * {@code signed} each byte is sign-extended first (Cassandra); without, zero-extended (reference).
     * The XOR order does not matter, but the sign bits of byte j reach into the bytes above it.
     */
    private static long tailLane(byte[] key, int at, int count, boolean signed) {
        long v = 0;
        for (int j = 0; j < count; j++) {
            long b = signed ? (long) key[at + j] : key[at + j] & 0xffL;
            v ^= b << (8 * j);
        }
        return v;
    }
}
