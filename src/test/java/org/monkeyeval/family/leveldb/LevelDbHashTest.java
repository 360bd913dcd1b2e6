package org.monkeyeval.family.leveldb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * LevelDbHash is LevelDB's {@code Hash}: it reproduces LevelDB's own vectors (google/leveldb
 * util/hash_test.cc, {@code HASH.SignedUnsignedIssue}, commit 78a352f47ed6c1e9d750545e9b242289185b87e1),
 * and it differs from RocksDB's copy exactly where a tail byte is 0x80 or more: the sign-extending form
 * reproduces RocksDB's vectors (facebook/rocksdb util/hash_test.cc, {@code HashTest.Values}, commit
 * 1dfa7297933df05237ac11376d6cb69d32591b1d), and LevelDB's form matches those only on keys without such a byte.
 */
final class LevelDbHashTest {

    private static final int SEED = LevelDbHash.BLOOM_SEED;

    @Test
    void hash_levelDbSignedUnsignedIssueVectors() {
        assertEquals(0xbc9f1d34, LevelDbHash.hash(new byte[0], SEED));
        assertEquals(0xef1345c4, LevelDbHash.hash(bytes(0x62), SEED));
        assertEquals(0x5b663814, LevelDbHash.hash(bytes(0xc3, 0x97), SEED));
        assertEquals(0x323c078f, LevelDbHash.hash(bytes(0xe2, 0x99, 0xa5), SEED));
        assertEquals(0xed21633a, LevelDbHash.hash(bytes(0xe1, 0x80, 0xb9, 0x32), SEED));
        byte[] data5 = bytes(
                0x01, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00,
                0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x18, 0x28, 0x00, 0x00, 0x00,
                0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00);
        assertEquals(0xf333dabb, LevelDbHash.hash(data5, 0x12345678));
    }

    @Test
    void signExtendingTail_reproducesRocksDbVectors_levelDbDiffersOnlyOnHighTailBytes() {
        // RocksDB HashTest.Values: "\x9a", "\x52\xd5", "\x91\xf7", "\x56\xdc\xd6", "\x5c\xbe\x97\x75\x54\x9a\x52"
        // have a tail byte >= 0x80; "\x08", "\x67\x53\x81\x1c", "\xd0\x7a\x6e\xea\x56" do not.
        assertRocksDb(3195034349L, true, 0x9a);
        assertRocksDb(3854228105L, true, 0x52, 0xd5);
        assertRocksDb(31066776L, true, 0x91, 0xf7);
        assertRocksDb(2157698265L, true, 0x56, 0xdc, 0xd6);
        assertRocksDb(815120748L, true, 0x5c, 0xbe, 0x97, 0x75, 0x54, 0x9a, 0x52);
        assertRocksDb(422599524L, false, 0x08);
        assertRocksDb(118283265L, false, 0x67, 0x53, 0x81, 0x1c);
        assertRocksDb(4255445370L, false, 0xd0, 0x7a, 0x6e, 0xea, 0x56);
    }

    @Test
    void hash_rangeOfALargerArray_isTheHashOfThoseBytes() {
        byte[] padded = bytes(0xff, 0xe2, 0x99, 0xa5, 0xff);
        assertEquals(0x323c078f, LevelDbHash.hash(padded, 1, 3, SEED));
        assertThrows(IllegalArgumentException.class, () -> LevelDbHash.hash(padded, 3, 3, SEED));
    }

    private static void assertRocksDb(long rocksDb, boolean highTailByte, int... key) {
        byte[] b = bytes(key);
        assertEquals((int) rocksDb, LevelDbHash.signExtendingTailHash(b, 0, b.length, SEED));
        if (highTailByte) {
            assertNotEquals((int) rocksDb, LevelDbHash.hash(b, SEED));
        } else {
            assertEquals((int) rocksDb, LevelDbHash.hash(b, SEED));
        }
    }

    static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }
}
