package org.monkeyeval.family.rocksdb;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * RocksDB's 32-bit key hash, {@code Hash(data, n, seed)} (util/hash.cc), and {@code BloomHash(key)},
 * that hash with seed {@code 0xbc9f1d34}: the hash of RocksDB's legacy full Bloom filter
 * (format_version &lt;= 4, see {@link LegacyBloom}) and of Pebble's table filter.
 *
 * <pre>
 * facebook/rocksdb util/hash.cc Hash (commit 1dfa7297933df05237ac11376d6cb69d32591b1d), a MurmurHash1
 * variant, all arithmetic mod 2^32:
 *
 *   m = 0xc6a4a793, r = 24
 *   h = seed ^ (n * m)
 *   for each whole 4-byte group w (little-endian, DecodeFixed32):
 *       h += w;  h *= m;  h ^= h &gt;&gt;&gt; 16
 *   the 1 to 3 bytes left, t[0..]:
 *       3 left: h += sx(t[2]) &lt;&lt; 16      (then falls through)
 *       2 left: h += sx(t[1]) &lt;&lt; 8       (then falls through)
 *       1 left: h += sx(t[0]);  h *= m;  h ^= h &gt;&gt;&gt; r
 *   sx(b) = (uint32_t) (int8_t) b: the byte SIGN-EXTENDED to 32 bits
 * </pre>
 *
 * <p>The sign extension is deliberate and part of the file format. LevelDB's original code, which
 * RocksDB started from, wrote {@code h += data[2] << 16} on a {@code char}, which sign-extends where
 * {@code char} is signed (as on x86); RocksDB kept that behaviour on every platform by casting to
 * {@code int8_t} first ("The hash algorithm is part of the format definition, so we cannot change
 * it", util/hash.cc), and Pebble does the same ({@code uint32(int8(b[2]))} in
 * cockroachdb/pebble sstable/tablefilters/bloom/bloom.go {@code hash}, commit
 * f82e3ff74d10b1f33df146eefc5661518f868542). A tail byte {@code b >= 0x80} therefore adds
 * {@code 0xFFFFFF00 | b} (shifted) instead of {@code b}. Java's {@code byte} is signed, so widening it
 * to {@code int} is exactly RocksDB's {@code int8_t} cast.
 *
 * <p>LevelDB differs here. google/leveldb util/hash.cc (commit
 * 78a352f47ed6c1e9d750545e9b242289185b87e1) adds {@code static_cast<uint8_t>(data[i])}: the tail
 * bytes are ZERO-extended. That cast came with LevelDB 1.18 (commit
 * 803d69203a62faf50f1b77897310a3a1fcae712b, 2014, as {@code unsigned char}, renamed {@code uint8_t}
 * in 2019); before it LevelDB's result depended on the platform's {@code char}. So for keys whose
 * length is not a multiple of 4 and whose last {@code n % 4} bytes include one {@code >= 0x80},
 * LevelDB's Hash and RocksDB's Hash give different values; on every other key (and on the 4-byte
 * groups, decoded unsigned by both) they agree. This class is RocksDB's; LevelDB's filter is not
 * modelled here.
 *
 * <p>The values are pinned by RocksDB's util/hash_test.cc {@code HashTest.Values} (seed 0xbc9f1d34),
 * which Pebble repeats as {@code TestHash} (sstable/tablefilters/bloom/bloom_test.go); see
 * {@code RocksDbHash32Test}.
 */
public final class RocksDbHash32 {

    /** The seed of {@link #bloomHash(byte[])} (RocksDB util/hash.h BloomHash, Pebble's hash). */
    public static final int BLOOM_SEED = 0xbc9f_1d34;

    /** The multiplier m of RocksDB's Hash. */
    static final int M = 0xc6a4_a793;

    /** The final shift r after the tail bytes. */
    private static final int TAIL_SHIFT = 24;

    /** The shift after each 4-byte group. */
    private static final int GROUP_SHIFT = 16;

    /** Reads a 4-byte group as RocksDB's DecodeFixed32 does: little-endian, at any offset. */
    private static final VarHandle FIXED32 = MethodHandles.byteArrayViewVarHandle(int[].class,
            ByteOrder.LITTLE_ENDIAN);

    private RocksDbHash32() {
    }

    /** {@code Hash(data, data.length, seed)}. */
    public static int hash(byte[] data, int seed) {
        if (data == null) {
            throw new IllegalArgumentException("data must not be null");
        }
        return hash(data, 0, data.length, seed);
    }

    /** RocksDB's {@code Hash(data + offset, length, seed)}; see the class comment. */
    public static int hash(byte[] data, int offset, int length, int seed) {
        if (data == null) {
            throw new IllegalArgumentException("data must not be null");
        }
        if (offset < 0 || length < 0 || offset > data.length - length) {
            throw new IllegalArgumentException("range [" + offset + ", " + offset + " + " + length
                    + ") is not inside the " + data.length + " bytes");
        }
        int h = seed ^ (length * M); // RocksDB: n * m in size_t, then truncated to 32 bits: the same low 32 bits
        int p = offset;
        int limit = offset + length;
        while (limit - p >= 4) {
            int w = (int) FIXED32.get(data, p);
            p += 4;
            h += w;
            h *= M;
            h ^= h >>> GROUP_SHIFT;
        }
        int left = limit - p;
        // Deliberately sign-extended: a Java byte widens to int as RocksDB's (uint32_t)(int8_t) cast does.
        if (left == 3) {
            h += data[p + 2] << 16;
        }
        if (left >= 2) {
            h += data[p + 1] << 8;
        }
        if (left >= 1) {
            h += data[p];
            h *= M;
            h ^= h >>> TAIL_SHIFT;
        }
        return h;
    }

    /** RocksDB's {@code BloomHash(key)} = {@code Hash(key, n, 0xbc9f1d34)}, Pebble's {@code hash(key)}. */
    public static int bloomHash(byte[] key) {
        return hash(key, BLOOM_SEED);
    }
}
