package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HexFormat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Guards that {@link RocksDbHash32#bloomHash} is RocksDB's BloomHash: the vectors of RocksDB's
 * util/hash_test.cc {@code HashTest.Values} (facebook/rocksdb commit
 * 1dfa7297933df05237ac11376d6cb69d32591b1d), which Pebble repeats as {@code TestHash} in
 * sstable/tablefilters/bloom/bloom_test.go (cockroachdb/pebble commit
 * f82e3ff74d10b1f33df146eefc5661518f868542) "from RocksDB's util/hash_test.cc".
 */
final class RocksDbHash32Test {

    @ParameterizedTest(name = "key={0}")
    @CsvSource({
        "'', 3164544308",
        "08, 422599524",
        "17, 3168152998",
        "9a, 3195034349",
        "1c, 2651681383",
        "4d76, 2447836956",
        "52d5, 3854228105",
        "91f7, 31066776",
        "d627, 1806091603",
        "30460b, 3808221797",
        "56dcd6, 2157698265",
        "d45233, 1721992661",
        "6ab5f4, 2469105222",
        "6753811c, 118283265",
        "69b8c088, 3416318611",
        "1e84af2d, 3315003572",
        "46dc54be, 447346355",
        "d07a6eea56, 4255445370",
        "8683d5a4d8, 2390603402",
        "b746bb77ce, 2048907743",
        "6ca8bce599, 2177978500",
        "5c5ee1a07381, 1036846008",
        "085d731ce52e, 229980482",
        "42fbf252b410, 3655585422",
        "73e1ff569cce, 3502708029",
        "5cbe9775549a52, 815120748",
        "16823949882b36, 3056033698",
        "5977f0a724f478, 587205227",
        "d3a57c0ec00207, 2030937252",
        "311b98759622d39a, 469635402",
        "38d6f72820b48ae9, 3530274698",
        "bb185df41203f799, 1974545809",
        "80d43b3bae22a278, 3563570120",
        "1ab5d0feabc361b299, 2706087434",
        "8e4ac318202f06e63c, 1534654151",
        "b6c0dd053fc4864cef, 2355554696",
        "9a5f780daf50e11f55, 1400800912",
        "226f391ff8dd4f521794, 3420325137",
        "32892a75483a4a0269dd, 3427803584",
        "06925cf4880e7e68383e, 1152407945",
        "bd2c6338bfe978b7bf15, 3382479516",
    })
    void bloomHash_matchesRocksDbHashTestValues(String hex, long expected) {
        assertEquals(expected, Integer.toUnsignedLong(RocksDbHash32.bloomHash(HexFormat.of().parseHex(hex))));
    }

    /**
     * The vectors whose tail bytes reach 0x80 ("\x9a", "\x91\xf7", "\x56\xdc\xd6") hold only with the
     * tail sign-extended, as RocksDB does; LevelDB's zero-extending Hash (google/leveldb util/hash.cc)
     * gives other values for them, and the same values where every tail byte is below 0x80.
     */
    @Test
    void tailBytesAbove0x7f_areSignExtended_unlikeLevelDb() {
        for (String hex : new String[] {"9a", "91f7", "56dcd6", "8683d5a4d8"}) {
            byte[] key = HexFormat.of().parseHex(hex);
            assertNotEquals(zeroExtendingHash(key, RocksDbHash32.BLOOM_SEED), RocksDbHash32.bloomHash(key), hex);
        }
        for (String hex : new String[] {"08", "4d76", "30460b", "6753811c", "d07a6eea56"}) {
            byte[] key = HexFormat.of().parseHex(hex);
            assertEquals(zeroExtendingHash(key, RocksDbHash32.BLOOM_SEED), RocksDbHash32.bloomHash(key), hex);
        }
    }

    @Test
    void hash_ofARange_isTheHashOfThoseBytes() {
        byte[] padded = HexFormat.of().parseHex("ff226f391ff8dd4f521794ff");
        assertEquals(3420325137L, Integer.toUnsignedLong(RocksDbHash32.hash(padded, 1, 10, RocksDbHash32.BLOOM_SEED)));
        assertThrows(IllegalArgumentException.class, () -> RocksDbHash32.hash(padded, 5, 10, 0));
    }

    /** LevelDB 1.18+'s Hash, tail bytes as uint8_t; for the comparison above only. */
    private static int zeroExtendingHash(byte[] data, int seed) {
        int m = 0xc6a4a793;
        int h = seed ^ (data.length * m);
        int p = 0;
        for (; data.length - p >= 4; p += 4) {
            h += (data[p] & 0xFF) | (data[p + 1] & 0xFF) << 8 | (data[p + 2] & 0xFF) << 16 | (data[p + 3] & 0xFF) << 24;
            h *= m;
            h ^= h >>> 16;
        }
        int left = data.length - p;
        if (left == 3) {
            h += (data[p + 2] & 0xFF) << 16;
        }
        if (left >= 2) {
            h += (data[p + 1] & 0xFF) << 8;
        }
        if (left >= 1) {
            h += data[p] & 0xFF;
            h *= m;
            h ^= h >>> 24;
        }
        return h;
    }
}
