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
    static final long PRIME_MX1 = 0x1656_6791_9E37_79F9L;
    static final long PRIME_MX2 = 0x9FB2_1C65_1E98_DF25L;

    /** XXH3's default secret (doc/xxhash_spec.md, "Seed and Secret"). */
    private static final byte[] SECRET = bytes(
            0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
            0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
            0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
            0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
            0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
            0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
            0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
            0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
            0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
            0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
            0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
            0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e);

    /** Stripes of 64 bytes per block of the large-input loop: (secret length - 64) / 8. */
    private static final int STRIPES_PER_BLOCK = (SECRET.length - 64) / 8;
    private static final int BLOCK_BYTES = 64 * STRIPES_PER_BLOCK;

    private XxHash() {
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
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
