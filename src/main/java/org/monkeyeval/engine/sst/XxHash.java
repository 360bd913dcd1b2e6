package org.monkeyeval.engine.sst;

import org.monkeyeval.family.rocksdb.Xxh3;

/**
 * XXH32, XXH64 and XXH3-64 (default secret, seed 0): the hashes behind RocksDB's {@code kxxHash},
 * {@code kxxHash64} and {@code kXXH3} block checksums. Written from the xxHash specification
 * (Cyan4973/xxHash doc/xxhash_spec.md v0.2.0, commit b2e9dbb05fb7f45ad662e67969e92c48b9b32247),
 * checked against the sanity vectors of cli/xsum_sanity_check.c. Arithmetic is modulo 2^32 or
 * 2^64, as Java's int and long give it; every multi-byte read is little-endian.
 *
 * <p>XXH3 is {@link Xxh3}'s, the released XXH3 that RocksDB's {@code kXXH3} checksums use (seed 0, the
 * default secret); its filters hash keys with the preview variant instead ({@code Xxph3}).
 */
final class XxHash {

    static final int PRIME32_1 = 0x9E37_79B1;
    static final int PRIME32_2 = 0x85EB_CA77;
    static final int PRIME32_3 = 0xC2B2_AE3D;
    static final int PRIME32_4 = 0x27D4_EB2F;
    static final int PRIME32_5 = 0x1656_67B1;

    static final long PRIME64_1 = 0x9E37_79B1_85EB_CA87L;
    static final long PRIME64_2 = 0xC2B2_AE3D_27D4_EB4FL;
    static final long PRIME64_3 = 0x1656_67B1_9E37_79F9L;
    static final long PRIME64_4 = 0x85EB_CA77_C2B2_AE63L;
    static final long PRIME64_5 = 0x27D4_EB2F_1656_67C5L;

    private XxHash() {
    }

    private static int u32(byte[] b, int at) {
        return (int) Coding.fixed32(b, at);
    }

    private static long u32L(byte[] b, int at) {
        return Coding.fixed32(b, at);
    }

    private static long u64(byte[] b, int at) {
        return Coding.fixed64(b, at);
    }

    // ---------------------------------------------------------------- XXH32

    static int xxh32(byte[] data, int offset, int length, int seed) {
        int p = offset;
        int end = offset + length;
        int acc;
        if (length >= 16) {
            int a1 = seed + PRIME32_1 + PRIME32_2;
            int a2 = seed + PRIME32_2;
            int a3 = seed;
            int a4 = seed - PRIME32_1;
            for (; p <= end - 16; p += 16) {
                a1 = round32(a1, u32(data, p));
                a2 = round32(a2, u32(data, p + 4));
                a3 = round32(a3, u32(data, p + 8));
                a4 = round32(a4, u32(data, p + 12));
            }
            acc = Integer.rotateLeft(a1, 1) + Integer.rotateLeft(a2, 7) + Integer.rotateLeft(a3, 12)
                    + Integer.rotateLeft(a4, 18);
        } else {
            acc = seed + PRIME32_5;
        }
        acc += length;
        for (; p <= end - 4; p += 4) {
            acc = Integer.rotateLeft(acc + u32(data, p) * PRIME32_3, 17) * PRIME32_4;
        }
        for (; p < end; p++) {
            acc = Integer.rotateLeft(acc + (data[p] & 0xFF) * PRIME32_5, 11) * PRIME32_1;
        }
        acc ^= acc >>> 15;
        acc *= PRIME32_2;
        acc ^= acc >>> 13;
        acc *= PRIME32_3;
        acc ^= acc >>> 16;
        return acc;
    }

    private static int round32(int acc, int lane) {
        return Integer.rotateLeft(acc + lane * PRIME32_2, 13) * PRIME32_1;
    }

    // ---------------------------------------------------------------- XXH64

    static long xxh64(byte[] data, int offset, int length, long seed) {
        int p = offset;
        int end = offset + length;
        long acc;
        if (length >= 32) {
            long a1 = seed + PRIME64_1 + PRIME64_2;
            long a2 = seed + PRIME64_2;
            long a3 = seed;
            long a4 = seed - PRIME64_1;
            for (; p <= end - 32; p += 32) {
                a1 = round64(a1, u64(data, p));
                a2 = round64(a2, u64(data, p + 8));
                a3 = round64(a3, u64(data, p + 16));
                a4 = round64(a4, u64(data, p + 24));
            }
            acc = Long.rotateLeft(a1, 1) + Long.rotateLeft(a2, 7) + Long.rotateLeft(a3, 12) + Long.rotateLeft(a4, 18);
            acc = merge64(acc, a1);
            acc = merge64(acc, a2);
            acc = merge64(acc, a3);
            acc = merge64(acc, a4);
        } else {
            acc = seed + PRIME64_5;
        }
        acc += length;
        for (; p <= end - 8; p += 8) {
            acc ^= round64(0, u64(data, p));
            acc = Long.rotateLeft(acc, 27) * PRIME64_1 + PRIME64_4;
        }
        if (p <= end - 4) {
            acc ^= u32L(data, p) * PRIME64_1;
            acc = Long.rotateLeft(acc, 23) * PRIME64_2 + PRIME64_3;
            p += 4;
        }
        for (; p < end; p++) {
            acc ^= (data[p] & 0xFFL) * PRIME64_5;
            acc = Long.rotateLeft(acc, 11) * PRIME64_1;
        }
        return avalancheXxh64(acc);
    }

    private static long round64(long acc, long lane) {
        return Long.rotateLeft(acc + lane * PRIME64_2, 31) * PRIME64_1;
    }

    private static long merge64(long acc, long lane) {
        return (acc ^ round64(0, lane)) * PRIME64_1 + PRIME64_4;
    }

    private static long avalancheXxh64(long x) {
        x ^= x >>> 33;
        x *= PRIME64_2;
        x ^= x >>> 29;
        x *= PRIME64_3;
        x ^= x >>> 32;
        return x;
    }

    // ---------------------------------------------------------------- XXH3-64, seed 0

    /** XXH3-64 with the default secret and seed 0: the one implementation, {@link Xxh3}. */
    static long xxh3(byte[] data, int offset, int length) {
        return Xxh3.hash64(data, offset, length);
    }
}
