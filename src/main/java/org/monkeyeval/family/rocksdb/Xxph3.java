package org.monkeyeval.family.rocksdb;

import static org.monkeyeval.family.rocksdb.Xxh3.PRIME32_1;
import static org.monkeyeval.family.rocksdb.Xxh3.PRIME64_1;
import static org.monkeyeval.family.rocksdb.Xxh3.PRIME64_2;
import static org.monkeyeval.family.rocksdb.Xxh3.PRIME64_3;
import static org.monkeyeval.family.rocksdb.Xxh3.SECRET;
import static org.monkeyeval.family.rocksdb.Xxh3.avalanche;
import static org.monkeyeval.family.rocksdb.Xxh3.mulFold64;
import static org.monkeyeval.family.rocksdb.Xxh3.readLE32;
import static org.monkeyeval.family.rocksdb.Xxh3.readLE64;

/**
 * RocksDB's {@code Hash64} / {@code GetSliceHash64}: {@code XXPH3_64bits}, the XXH3 preview of xxHash
 * 0.7.2 as RocksDB forked it into {@code util/xxph3.h}, with RocksDB's own change for the empty input.
 * This is the hash of every key added to or queried in a format_version &gt;= 5 Bloom filter (and a
 * Ribbon filter), in RocksDB 7.8.3 (commit bf2c335184de16a3cc1787fa97ef9f22f7114238) and 10.10.1
 * (commit 4595a5e95ae8525c42e172a054435782b3479c57) alike: util/hash.cc defines
 * {@code Hash64(data, n) = XXPH3_64bits(data, n)}, util/hash.h {@code GetSliceHash64(key) =
 * Hash64(key.data(), key.size())}, and table/block_based/filter_policy.cc's
 * {@code XXPH3FilterBitsBuilder::AddKey} and {@code FastLocalBloomBitsReader::MayMatch} call it. The
 * algorithm in util/xxph3.h is the same in both versions (only comments and an include differ).
 *
 * <p>It is not the released XXH3 ({@link Xxh3}): RocksDB fixed the hash as part of its file format
 * before XXH3 was final ("We are standardizing on a preview release of XXH3", util/hash.cc). It agrees
 * with the release only in the secret, {@code mix16B} and the shape of the 17..240-byte paths:
 *
 * <pre>
 *   len = 0        fold((seed + S[0]) * PRIME64_2)     RocksDB's change: "zero result for empty string can
 *                                                      be problematic"; the preview returned 0
 *   len 1..3       c = in[0] | in[len/2]&lt;&lt;8 | in[len-1]&lt;&lt;16 | len&lt;&lt;24          (32 bits)
 *                  avalanche((c ^ (S32[0] + seed)) * PRIME64_1)                   XXPH3_len_1to3_64b
 *   len 4..8       k = (in32[0] | in32[len-4] &lt;&lt; 32) ^ (S[0] + seed)
 *                  m = len + (k ^ (k &gt;&gt; 51)) * PRIME32_1
 *                  avalanche((m ^ (m &gt;&gt; 47)) * PRIME64_2)                     XXPH3_len_4to8_64b
 *   len 9..16      lo = in[0] ^ (S[0] + seed), hi = in[len-8] ^ (S[8] - seed)
 *                  avalanche(len + lo + hi + fold(lo * hi))                       XXPH3_len_9to16_64b
 *   len 17..240    as the release, but avalanche multiplies by PRIME64_3
 *   len &gt; 240     as the release, but no lane swap, blocks and stripes counted in len bytes, and
 *                  the final overlapping stripe only when len % 64 != 0          XXPH3_hashLong_internal_loop
 *   avalanche(h)   h ^= h &gt;&gt; 37; h *= PRIME64_3 (0x165667B19E3779F9); h ^= h &gt;&gt; 32   XXPH3_avalanche
 * </pre>
 *
 * Checked against RocksDB's util/hash_test.cc ({@code Hash64SmallValueSchema},
 * {@code Hash64LargeValueSchema}). Nothing is allocated per call.
 */
public final class Xxph3 {

    /** Exact name of {@link #hash64(byte[], int, int, long)}, for provenance. */
    public static final String NAME = "XXPH3_64bits_withSeed (RocksDB util/xxph3.h: XXH3 preview of xxHash 0.7.2,"
            + " RocksDB's empty-input rule; RocksDB Hash64/GetSliceHash64 at seed 0)";

    private static final long LOW_32 = 0xFFFF_FFFFL;
    /** The secret's first words, read once (the JIT does not fold array contents into constants). */
    private static final long SECRET_0 = readLE64(SECRET, 0);
    private static final long SECRET_8 = readLE64(SECRET, 8);
    private static final long SECRET32_0 = readLE32(SECRET, 0);

    private Xxph3() {
    }

    /** RocksDB's {@code GetSliceHash64}: the hash of all of {@code key}, seed 0. */
    public static long hash64(byte[] key) {
        return hash64(key, 0, Xxh3.checkedLength(key), 0L);
    }

    /** RocksDB's {@code Hash64(data + offset, length)}, seed 0. */
    public static long hash64(byte[] data, int offset, int length) {
        return hash64(data, offset, length, 0L);
    }

    /**
     * RocksDB's {@code Hash64(data + offset, length, seed)} ({@code XXPH3_64bits_withSeed}).
     *
     * @throws IndexOutOfBoundsException if the range is not inside {@code data}
     */
    public static long hash64(byte[] data, int offset, int length, long seed) {
        Xxh3.checkRange(data, offset, length);
        if (length <= 16) {
            return shortInput(data, offset, length, seed);
        } else if (length <= 128) {
            return Xxh3.upTo128(data, offset, length, SECRET, seed, PRIME64_3);
        } else if (length <= Xxh3.MIDSIZE_MAX) {
            return Xxh3.upTo240(data, offset, length, SECRET, seed, PRIME64_3);
        }
        return Xxh3.longInput(data, offset, length, seed, true);
    }

    /**
     * {@link #hash64(byte[])} of the 8 bytes of {@code key} written big-endian (most significant byte
     * first, so that unsigned keys sort bytewise as RocksDB's default comparator orders them), computed
     * without the bytes: the 4..8-byte rule reads the 8 bytes as one little-endian word,
     * {@code Long.reverseBytes(key)}.
     */
    public static long hash64(long key) {
        return fourToEight(Long.reverseBytes(key), Long.BYTES, 0L);
    }

    private static long shortInput(byte[] in, int off, int len, long seed) {
        if (len > 8) {
            long lo = readLE64(in, off) ^ (SECRET_0 + seed);
            long hi = readLE64(in, off + len - 8) ^ (SECRET_8 - seed);
            return avalanche(len + (lo + hi) + mulFold64(lo, hi), PRIME64_3);
        } else if (len >= 4) {
            long word = readLE32(in, off) | (readLE32(in, off + len - 4) << 32);
            return fourToEight(word, len, seed);
        } else if (len > 0) {
            int c1 = in[off] & 0xFF;
            int c2 = in[off + (len >> 1)] & 0xFF;
            int c3 = in[off + len - 1] & 0xFF;
            long combined = (c1 | (c2 << 8) | (c3 << 16) | (len << 24)) & LOW_32;
            long keyed = combined ^ (SECRET32_0 + seed);
            return avalanche(keyed * PRIME64_1, PRIME64_3);
        }
        return mulFold64(seed + SECRET_0, PRIME64_2);
    }

    /** {@code XXPH3_len_4to8_64b} of the word {@code in32[0] | in32[len-4] << 32}. */
    private static long fourToEight(long word, int len, long seed) {
        long keyed = word ^ (SECRET_0 + seed);
        long mix = len + (keyed ^ (keyed >>> 51)) * PRIME32_1;
        return avalanche((mix ^ (mix >>> 47)) * PRIME64_2, PRIME64_3);
    }
}
