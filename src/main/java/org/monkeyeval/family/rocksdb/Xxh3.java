package org.monkeyeval.family.rocksdb;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import org.monkeyeval.filter.FastRange;

/**
 * XXH3 64-bit, the released form (xxHash 0.8, stable since), with the default 192-byte secret, seed 0
 * or any seed: a re-implementation written from Cyan4973/xxHash {@code xxhash.h} at commit
 * b2e9dbb05fb7f45ad662e67969e92c48b9b32247 (functions named below), checked against the
 * {@code XSUM_XXH3_testdata} vectors of that commit's {@code cli/xsum_sanity_check.c}.
 *
 * <p><b>This is not the hash RocksDB's filters use.</b> RocksDB's {@code GetSliceHash64(key)} is
 * {@code Hash64(data, n)} = {@code XXPH3_64bits}, a fork of the XXH3 <em>preview</em> of xxHash 0.7.2
 * kept in RocksDB's {@code util/xxph3.h} (util/hash.cc: "We are standardizing on a preview release of
 * XXH3"; the same in RocksDB 7.8.3 and 10.10.1). The preview differs from this function at every input
 * length; {@link Xxph3} is that one. Both share the secret and the building blocks here.
 *
 * <pre>
 *   len = 0        XXH64_avalanche(seed ^ (S[56] ^ S[64]))                         XXH3_len_0to16_64b
 *   len 1..3       c = in[0]&lt;&lt;16 | in[len/2]&lt;&lt;24 | in[len-1] | len&lt;&lt;8   (32 bits)
 *                  XXH64_avalanche(c ^ ((S32[0] ^ S32[4]) + seed))                  XXH3_len_1to3_64b
 *   len 4..8       seed' = seed ^ (bswap32(low32(seed)) &lt;&lt; 32)
 *                  x = (in32[len-4] + (in32[0] &lt;&lt; 32)) ^ ((S[8] ^ S[16]) - seed')
 *                  rrmxmx(x, len)                                                 XXH3_len_4to8_64b
 *   len 9..16      lo = in[0] ^ ((S[24] ^ S[32]) + seed), hi = in[len-8] ^ ((S[40] ^ S[48]) - seed)
 *                  avalanche(len + bswap64(lo) + hi + fold(lo * hi))              XXH3_len_9to16_64b
 *   len 17..128    avalanche(len P1 + sum of mix16B over 16-byte pairs from both ends) XXH3_len_17to128_64b
 *   len 129..240   avalanche(avalanche(len P1 + 8 x mix16B) + later mix16Bs + last)  XXH3_len_129to240_64b
 *   len &gt; 240     8 accumulators over 64-byte stripes, 16 stripes a block, then a scramble; the
 *                  last stripe (the final 64 bytes, overlapping) always; merge     XXH3_hashLong_64b_internal
 *   S[i] / S32[i]  the little-endian 64 / 32-bit word of the secret at byte i; in[i] likewise of the input
 *   fold(a * b)    low 64 bits XOR high 64 bits of the 128-bit product            XXH3_mul128_fold64
 *   avalanche(h)   h ^= h &gt;&gt; 37; h *= 0x165667919E3779F9; h ^= h &gt;&gt; 32       XXH3_avalanche
 * </pre>
 *
 * <p>A seed changes the secret only for inputs over 240 bytes ({@code XXH3_initCustomSecret}: the
 * secret's 16-byte pairs become {@code S[16i] + seed, S[16i+8] - seed}); that secret is read here word
 * by word as it is needed, so no call allocates.
 */
public final class Xxh3 {

    /** Exact name of {@link #hash64(byte[], int, int, long)}, for provenance. */
    public static final String NAME = "XXH3_64bits_withSeed (xxHash 0.8, default secret)";

    /** Bytes in the default secret ({@code XXH_SECRET_DEFAULT_SIZE}). */
    static final int SECRET_SIZE = 192;
    /** Bytes every secret has at least ({@code XXH3_SECRET_SIZE_MIN}). */
    static final int SECRET_SIZE_MIN = 136;
    /** Longest input hashed by the mid-size path ({@code XXH3_MIDSIZE_MAX}). */
    static final int MIDSIZE_MAX = 240;
    static final int STRIPE_LEN = 64;
    /** Secret bytes consumed per stripe ({@code XXH_SECRET_CONSUME_RATE}). */
    static final int SECRET_CONSUME_RATE = 8;
    static final int STRIPES_PER_BLOCK = (SECRET_SIZE - STRIPE_LEN) / SECRET_CONSUME_RATE;
    static final int BLOCK_LEN = STRIPE_LEN * STRIPES_PER_BLOCK;
    /** Offset of the secret the last stripe reads ({@code - XXH_SECRET_LASTACC_START}). */
    static final int LAST_STRIPE_SECRET = SECRET_SIZE - STRIPE_LEN - 7;
    /** Offset of the secret the merge reads ({@code XXH_SECRET_MERGEACCS_START}). */
    static final int MERGE_SECRET = 11;
    static final int MIDSIZE_START_OFFSET = 3;
    static final int MIDSIZE_LAST_OFFSET = 17;

    static final long PRIME32_1 = 0x9E37_79B1L;
    static final long PRIME32_2 = 0x85EB_CA77L;
    static final long PRIME32_3 = 0xC2B2_AE3DL;
    static final long PRIME64_1 = 0x9E37_79B1_85EB_CA87L;
    static final long PRIME64_2 = 0xC2B2_AE3D_27D4_EB4FL;
    static final long PRIME64_3 = 0x1656_67B1_9E37_79F9L;
    static final long PRIME64_4 = 0x85EB_CA77_C2B2_AE63L;
    static final long PRIME64_5 = 0x27D4_EB2F_1656_67C5L;
    /** XXH3_avalanche's multiplier in the release; the preview used {@link #PRIME64_3} (one digit apart). */
    static final long PRIME_MX1 = 0x1656_6791_9E37_79F9L;
    static final long PRIME_MX2 = 0x9FB2_1C65_1E98_DF25L;

    private static final long LOW_32 = 0xFFFF_FFFFL;

    /** The default secret {@code XXH3_kSecret}; the preview's {@code kSecret} is byte for byte the same. */
    static final byte[] SECRET = hex(
            "b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671f"
            + "cb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c"
            + "3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8"
            + "a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364"
            + "eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e"
            + "2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e");

    private static final VarHandle LE64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LE32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    // Secret words of the short paths, read once (the JIT does not fold array contents into constants).
    private static final long BITFLIP_0 = readLE64(SECRET, 56) ^ readLE64(SECRET, 64);
    private static final long BITFLIP_1TO3 = readLE32(SECRET, 0) ^ readLE32(SECRET, 4);
    private static final long BITFLIP_4TO8 = readLE64(SECRET, 8) ^ readLE64(SECRET, 16);
    private static final long BITFLIP_9TO16_LO = readLE64(SECRET, 24) ^ readLE64(SECRET, 32);
    private static final long BITFLIP_9TO16_HI = readLE64(SECRET, 40) ^ readLE64(SECRET, 48);

    private Xxh3() {
    }

    /** XXH3_64bits of all of {@code data}, seed 0. */
    public static long hash64(byte[] data) {
        return hash64(data, 0, checkedLength(data), 0L);
    }

    /** XXH3_64bits of {@code data[offset .. offset+length-1]}, seed 0. */
    public static long hash64(byte[] data, int offset, int length) {
        return hash64(data, offset, length, 0L);
    }

    /**
     * XXH3_64bits_withSeed of {@code data[offset .. offset+length-1]}; seed 0 is XXH3_64bits.
     *
     * @throws IndexOutOfBoundsException if the range is not inside {@code data}
     */
    public static long hash64(byte[] data, int offset, int length, long seed) {
        checkRange(data, offset, length);
        if (length <= 16) {
            return shortInput(data, offset, length, seed);
        } else if (length <= 128) {
            return upTo128(data, offset, length, SECRET, seed, PRIME_MX1);
        } else if (length <= MIDSIZE_MAX) {
            return upTo240(data, offset, length, SECRET, seed, PRIME_MX1);
        }
        return longInput(data, offset, length, seed, false);
    }

    /**
     * {@link #hash64(byte[], int, int, long)} of the 8 bytes of {@code key} written big-endian (most
     * significant byte first, the order in which unsigned keys sort bytewise), seed 0, computed without
     * the bytes: the 4..8-byte rule with in32[0] = the key's upper half and in32[4] = its lower half,
     * each byte-reversed.
     */
    public static long hash64(long key) {
        long upper = Integer.reverseBytes((int) (key >>> 32)) & LOW_32; // in32[0]
        long lower = Integer.reverseBytes((int) key) & LOW_32; // in32[len - 4], len = 8
        return rrmxmx((lower + (upper << 32)) ^ BITFLIP_4TO8, Long.BYTES);
    }

    // ---- lengths 0 to 16 ----

    private static long shortInput(byte[] in, int off, int len, long seed) {
        if (len > 8) {
            long bitflip1 = BITFLIP_9TO16_LO + seed;
            long bitflip2 = BITFLIP_9TO16_HI - seed;
            long lo = readLE64(in, off) ^ bitflip1;
            long hi = readLE64(in, off + len - 8) ^ bitflip2;
            return avalanche(len + Long.reverseBytes(lo) + hi + mulFold64(lo, hi), PRIME_MX1);
        } else if (len >= 4) {
            long s = seed ^ ((Integer.reverseBytes((int) seed) & LOW_32) << 32);
            long input1 = readLE32(in, off);
            long input2 = readLE32(in, off + len - 4);
            long bitflip = BITFLIP_4TO8 - s;
            return rrmxmx((input2 + (input1 << 32)) ^ bitflip, len);
        } else if (len > 0) {
            int c1 = in[off] & 0xFF;
            int c2 = in[off + (len >> 1)] & 0xFF;
            int c3 = in[off + len - 1] & 0xFF;
            long combined = ((c1 << 16) | (c2 << 24) | c3 | (len << 8)) & LOW_32;
            long bitflip = BITFLIP_1TO3 + seed;
            return xxh64Avalanche(combined ^ bitflip);
        }
        return xxh64Avalanche(seed ^ BITFLIP_0);
    }

    /** XXH64's final mix ({@code XXH64_avalanche}). */
    static long xxh64Avalanche(long h) {
        h ^= h >>> 33;
        h *= PRIME64_2;
        h ^= h >>> 29;
        h *= PRIME64_3;
        return h ^ (h >>> 32);
    }

    /** {@code XXH3_rrmxmx}: the release's mix for 4..8-byte inputs. */
    private static long rrmxmx(long h, long len) {
        h ^= Long.rotateLeft(h, 49) ^ Long.rotateLeft(h, 24);
        h *= PRIME_MX2;
        h ^= (h >>> 35) + len;
        h *= PRIME_MX2;
        return h ^ (h >>> 28);
    }

    // ---- shared by the release and the preview ----

    /**
     * {@code XXH3_avalanche} with the release's ({@link #PRIME_MX1}) or the preview's ({@link #PRIME64_3})
     * multiplier.
     */
    static long avalanche(long h, long multiplier) {
        h ^= h >>> 37;
        h *= multiplier;
        return h ^ (h >>> 32);
    }

    /** {@code XXH3_mul128_fold64}: the low and high halves of the unsigned 128-bit product, XORed. */
    static long mulFold64(long a, long b) {
        return (a * b) ^ FastRange.unsignedMultiplyHigh(a, b);
    }

    /**
     * {@code XXH3_mix16B}: 16 input bytes against 16 secret bytes, the seed added to one half and taken
     * from the other.
     */
    static long mix16B(byte[] in, int off, byte[] secret, int secretOffset, long seed) {
        return mulFold64(readLE64(in, off) ^ (readLE64(secret, secretOffset) + seed),
                readLE64(in, off + 8) ^ (readLE64(secret, secretOffset + 8) - seed));
    }

    /** {@code XXH3_len_17to128_64b}, the same in the release and the preview but for the avalanche multiplier. */
    static long upTo128(byte[] in, int off, int len, byte[] secret, long seed, long avalancheMultiplier) {
        long acc = len * PRIME64_1;
        if (len > 32) {
            if (len > 64) {
                if (len > 96) {
                    acc += mix16B(in, off + 48, secret, 96, seed);
                    acc += mix16B(in, off + len - 64, secret, 112, seed);
                }
                acc += mix16B(in, off + 32, secret, 64, seed);
                acc += mix16B(in, off + len - 48, secret, 80, seed);
            }
            acc += mix16B(in, off + 16, secret, 32, seed);
            acc += mix16B(in, off + len - 32, secret, 48, seed);
        }
        acc += mix16B(in, off, secret, 0, seed);
        acc += mix16B(in, off + len - 16, secret, 16, seed);
        return avalanche(acc, avalancheMultiplier);
    }

    /**
     * {@code XXH3_len_129to240_64b}. The release sums the later rounds and the last 16 bytes apart
     * ({@code acc_end}) and adds them to the avalanched first eight; the preview adds them one by one to
     * the avalanched value. Addition mod 2^64 makes the two the same number, so one form serves both.
     */
    static long upTo240(byte[] in, int off, int len, byte[] secret, long seed, long avalancheMultiplier) {
        long acc = len * PRIME64_1;
        int rounds = len / 16;
        for (int i = 0; i < 8; i++) {
            acc += mix16B(in, off + 16 * i, secret, 16 * i, seed);
        }
        acc = avalanche(acc, avalancheMultiplier);
        for (int i = 8; i < rounds; i++) {
            acc += mix16B(in, off + 16 * i, secret, 16 * (i - 8) + MIDSIZE_START_OFFSET, seed);
        }
        acc += mix16B(in, off + len - 16, secret, SECRET_SIZE_MIN - MIDSIZE_LAST_OFFSET, seed);
        return avalanche(acc, avalancheMultiplier);
    }

    /**
     * Inputs over 240 bytes ({@code XXH3_hashLong_64b_internal}), in the release's form or the preview's.
     * The two differ in three places:
     * <ul>
     *   <li>a lane's input word is added to its neighbour's accumulator ({@code acc[i ^ 1]}) in the
     *       release, to its own in the preview ({@code XXPH3_acc_64bits});
     *   <li>the release counts whole blocks and stripes in {@code len - 1} bytes and always adds the
     *       last 64 bytes as a final stripe; the preview counts them in {@code len} bytes and adds the
     *       final stripe only when {@code len} is not a multiple of 64;
     *   <li>the final avalanche multiplier ({@link #PRIME_MX1} against {@link #PRIME64_3}).
     * </ul>
     * The eight accumulators are locals and the secret is read a word at a time, so nothing is allocated.
     */
    static long longInput(byte[] in, int off, int len, long seed, boolean preview) {
        long a0 = PRIME32_3;
        long a1 = PRIME64_1;
        long a2 = PRIME64_2;
        long a3 = PRIME64_3;
        long a4 = PRIME64_4;
        long a5 = PRIME32_2;
        long a6 = PRIME64_5;
        long a7 = PRIME32_1;
        int counted = preview ? len : len - 1;
        int blocks = counted / BLOCK_LEN;
        int blockStripes = blocks * STRIPES_PER_BLOCK;
        int stripes = blockStripes + (counted - blocks * BLOCK_LEN) / STRIPE_LEN;
        boolean lastStripe = !preview || len % STRIPE_LEN != 0;
        int total = stripes + (lastStripe ? 1 : 0);
        for (int n = 0; n < total; n++) {
            int p;
            int s;
            if (n < stripes) {
                p = off + n * STRIPE_LEN;
                s = (n % STRIPES_PER_BLOCK) * SECRET_CONSUME_RATE;
            } else {
                p = off + len - STRIPE_LEN;
                s = LAST_STRIPE_SECRET;
            }
            // XXH3_accumulate_512, lane pairs (0,1), (2,3), (4,5), (6,7)
            long d0 = readLE64(in, p);
            long d1 = readLE64(in, p + 8);
            long d2 = readLE64(in, p + 16);
            long d3 = readLE64(in, p + 24);
            long d4 = readLE64(in, p + 32);
            long d5 = readLE64(in, p + 40);
            long d6 = readLE64(in, p + 48);
            long d7 = readLE64(in, p + 56);
            a0 += (preview ? d0 : d1) + lowTimesHigh(d0 ^ secret64(s, seed));
            a1 += (preview ? d1 : d0) + lowTimesHigh(d1 ^ secret64(s + 8, seed));
            a2 += (preview ? d2 : d3) + lowTimesHigh(d2 ^ secret64(s + 16, seed));
            a3 += (preview ? d3 : d2) + lowTimesHigh(d3 ^ secret64(s + 24, seed));
            a4 += (preview ? d4 : d5) + lowTimesHigh(d4 ^ secret64(s + 32, seed));
            a5 += (preview ? d5 : d4) + lowTimesHigh(d5 ^ secret64(s + 40, seed));
            a6 += (preview ? d6 : d7) + lowTimesHigh(d6 ^ secret64(s + 48, seed));
            a7 += (preview ? d7 : d6) + lowTimesHigh(d7 ^ secret64(s + 56, seed));
            if (n < blockStripes && n % STRIPES_PER_BLOCK == STRIPES_PER_BLOCK - 1) {
                // XXH3_scrambleAcc after each whole block, with the secret's last 64 bytes
                int k = SECRET_SIZE - STRIPE_LEN;
                a0 = scramble(a0, secret64(k, seed));
                a1 = scramble(a1, secret64(k + 8, seed));
                a2 = scramble(a2, secret64(k + 16, seed));
                a3 = scramble(a3, secret64(k + 24, seed));
                a4 = scramble(a4, secret64(k + 32, seed));
                a5 = scramble(a5, secret64(k + 40, seed));
                a6 = scramble(a6, secret64(k + 48, seed));
                a7 = scramble(a7, secret64(k + 56, seed));
            }
        }
        // XXH3_mergeAccs
        int m = MERGE_SECRET;
        long result = len * PRIME64_1;
        result += mulFold64(a0 ^ secret64(m, seed), a1 ^ secret64(m + 8, seed));
        result += mulFold64(a2 ^ secret64(m + 16, seed), a3 ^ secret64(m + 24, seed));
        result += mulFold64(a4 ^ secret64(m + 32, seed), a5 ^ secret64(m + 40, seed));
        result += mulFold64(a6 ^ secret64(m + 48, seed), a7 ^ secret64(m + 56, seed));
        return avalanche(result, preview ? PRIME64_3 : PRIME_MX1);
    }

    /** {@code XXH_mult32to64(dk & 0xFFFFFFFF, dk >> 32)}: the product of a word's two 32-bit halves. */
    private static long lowTimesHigh(long dataKey) {
        return (dataKey & LOW_32) * (dataKey >>> 32);
    }

    /** One accumulator of {@code XXH3_scrambleAcc}. */
    private static long scramble(long acc, long key) {
        return ((acc ^ (acc >>> 47)) ^ key) * PRIME32_1;
    }

    /**
     * The little-endian word at byte {@code offset} of the secret a seed derives
     * ({@code XXH3_initCustomSecret}): the default secret's aligned words with the seed added to the
     * even ones and subtracted from the odd ones; an unaligned word is cut from its two aligned
     * neighbours. Seed 0 leaves the default secret.
     */
    static long secret64(int offset, long seed) {
        if (seed == 0) {
            return readLE64(SECRET, offset);
        }
        int word = offset >>> 3;
        int shift = (offset & 7) * 8;
        long low = derivedWord(word, seed);
        if (shift == 0) {
            return low;
        }
        return (low >>> shift) | (derivedWord(word + 1, seed) << (Long.SIZE - shift));
    }

    private static long derivedWord(int word, long seed) {
        long base = readLE64(SECRET, word * 8);
        return (word & 1) == 0 ? base + seed : base - seed;
    }

    static long readLE64(byte[] b, int offset) {
        return (long) LE64.get(b, offset);
    }

    /** The unsigned little-endian 32-bit word at {@code offset}. */
    static long readLE32(byte[] b, int offset) {
        return ((int) LE32.get(b, offset)) & LOW_32;
    }

    static int checkedLength(byte[] data) {
        if (data == null) {
            throw new IllegalArgumentException("data must not be null");
        }
        return data.length;
    }

    static void checkRange(byte[] data, int offset, int length) {
        if (data == null) {
            throw new IllegalArgumentException("data must not be null");
        }
        if (offset < 0 || length < 0 || offset > data.length - length) {
            throw new IndexOutOfBoundsException("range [" + offset + ", " + offset + " + " + length
                    + ") is not inside an array of " + data.length + " bytes");
        }
    }

    private static byte[] hex(String digits) {
        byte[] bytes = new byte[digits.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(digits, 2 * i, 2 * i + 2, 16);
        }
        return bytes;
    }
}
