package org.monkeyeval.family.hbase;

/**
 * HBase's {@code MurmurHash} (hash type {@code murmur}, {@code hbase.hash.type}'s default): Austin
 * Appleby's 32-bit MurmurHash2 as HBase ports it. Followed from HBase 2.6.1
 * ({@code org.apache.hbase:hbase-common:2.6.1}), {@code org/apache/hadoop/hbase/util/MurmurHash.java}
 * ({@code hash(HashKey, int seed)}):
 *
 * <pre>
 *   m = 0x5bd1e995, r = 24, h = seed ^ length             (32-bit, wrapping)
 *   each 4-byte block, little-endian:  k *= m; k ^= k &gt;&gt;&gt; r; k *= m; h *= m; h ^= k
 *   tail (length mod 4 bytes t[0..2]):  h ^= t[2] &lt;&lt; 16; h ^= t[1] &lt;&lt; 8; h ^= t[0]; h *= m
 *   h ^= h &gt;&gt;&gt; 13; h *= m; h ^= h &gt;&gt;&gt; 15
 * </pre>
 *
 * <p>Where it departs from the reference (smhasher {@code MurmurHash2.cpp}), on purpose since it is
 * HBase's: the tail bytes are widened with their sign (Java's {@code byte << 16}), where the reference
 * widens {@code unsigned char}; a tail byte {@code >= 0x80} thus XORs ones into the bits above it. The
 * block's top byte is sign-extended too, but shifted out. Keys of a multiple of 4 bytes (the 16-byte
 * {@link org.monkeyeval.filter.KeyBytes}) hash as in the reference.
 */
public final class HBaseMurmurHash {

    private static final int M = 0x5bd1_e995;
    private static final int R = 24;

    private HBaseMurmurHash() {
    }

    /** The hash of {@code key[offset .. offset + length - 1]} with {@code seed}, as HBase computes it. */
    public static int hash(byte[] key, int offset, int length, int seed) {
        if (key == null) {
            throw new IllegalArgumentException("key must not be null");
        }
        if (offset < 0 || length < 0 || offset > key.length - length) {
            throw new IllegalArgumentException("range [" + offset + ", " + offset + " + " + length
                    + ") is outside a key of " + key.length + " bytes");
        }
        int h = seed ^ length;
        int blocks = length >> 2;
        for (int i = 0; i < blocks; i++) {
            int at = offset + (i << 2);
            int k = key[at + 3];
            k = (k << 8) | (key[at + 2] & 0xff);
            k = (k << 8) | (key[at + 1] & 0xff);
            k = (k << 8) | (key[at] & 0xff);
            k *= M;
            k ^= k >>> R;
            k *= M;
            h *= M;
            h ^= k;
        }
        int tail = offset + (blocks << 2);
        int left = length - (blocks << 2);
        if (left != 0) {
            if (left >= 3) {
                h ^= key[tail + 2] << 16; // sign-extended, as HBase's get(int) returns a byte
            }
            if (left >= 2) {
                h ^= key[tail + 1] << 8;
            }
            h ^= key[tail];
            h *= M;
        }
        h ^= h >>> 13;
        h *= M;
        h ^= h >>> 15;
        return h;
    }

    /** The hash of the whole of {@code key} with {@code seed}. */
    public static int hash(byte[] key, int seed) {
        if (key == null) {
            throw new IllegalArgumentException("key must not be null");
        }
        return hash(key, 0, key.length, seed);
    }
}
