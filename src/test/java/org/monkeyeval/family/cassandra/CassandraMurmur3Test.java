package org.monkeyeval.family.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.apache.cassandra.utils.MurmurHash;
import org.junit.jupiter.api.Test;

/**
 * Guards that {@link CassandraMurmur3} is Cassandra's {@code MurmurHash.hash3_x64_128} (compared with
 * the class itself from cassandra-all 5.0.4) and that it departs from the reference MurmurHash3_x64_128
 * exactly where Cassandra's sign extension of the tail bytes says: the reference variant reproduces
 * SMHasher's verification value, and the two agree unless a tail byte is 0x80 or more.
 */
final class CassandraMurmur3Test {

    /** Cassandra's own hash of {@code key[offset .. offset+length-1]}. */
    private static long[] cassandras(byte[] key, int offset, int length, long seed) {
        long[] out = new long[2];
        MurmurHash.hash3_x64_128(ByteBuffer.wrap(key), offset, length, seed, out);
        return out;
    }

    private static long[] ours(byte[] key, int offset, int length, long seed) {
        long[] out = new long[2];
        CassandraMurmur3.hash3x64x128(key, offset, length, seed, out);
        return out;
    }

    private static long[] reference(byte[] key, int offset, int length, long seed) {
        long[] out = new long[2];
        CassandraMurmur3.hash(key, offset, length, seed, false, out);
        return out;
    }

    @Test
    void hash_everyLengthTo100_randomBytesAndSeeds_equalsCassandrasMurmurHash() {
        SplittableRandom random = new SplittableRandom(20250407L);
        for (int length = 0; length <= 100; length++) {
            for (int trial = 0; trial < 20; trial++) {
                byte[] key = new byte[length + 7];
                random.nextBytes(key);
                int offset = random.nextInt(8);
                long seed = trial == 0 ? 0L : random.nextLong();
                assertArrayEquals(cassandras(key, offset, length, seed), ours(key, offset, length, seed),
                        "length " + length + " offset " + offset + " seed " + seed);
            }
        }
    }

    @Test
    void hashLong_equalsCassandrasHashOfTheBigEndianBytes() {
        SplittableRandom random = new SplittableRandom(7L);
        long[] special = {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x80L, 0x8000_0000_0000_0000L, 0x7f80L};
        for (int i = 0; i < 10_000 + special.length; i++) {
            long key = i < special.length ? special[i] : random.nextLong();
            byte[] bytes = ByteBuffer.allocate(8).putLong(key).array();
            assertArrayEquals(bytes, CassandraMurmur3.bigEndian(key));
            long[] viaLong = new long[2];
            CassandraMurmur3.hashLong(key, viaLong);
            assertArrayEquals(cassandras(bytes, 0, 8, 0L), viaLong, Long.toHexString(key));
        }
    }

    /**
     * SMHasher's VerificationTest (smhasher {@code src/KeysetTest.cpp}) for MurmurHash3_x64_128: key i
     * is bytes {@code 0, 1, .., i-1} hashed with seed {@code 256 - i}, for i = 0..255; the 256 hashes,
     * each h1 then h2 little-endian, are hashed with seed 0; the low 32 bits of that h1 are 0x6384BA69
     * (smhasher {@code src/main.cpp}, the "Murmur3F" row). The keys' tails hold bytes up to 0xFE.
     */
    @Test
    void referenceVariant_reproducesSmhashersVerificationValue_cassandrasDoesNot() {
        assertEquals(0x6384BA69, verification(false));
        int cassandra = verification(true);
        assertFalse(cassandra == 0x6384BA69, Integer.toHexString(cassandra));
    }

    private static int verification(boolean signedTail) {
        byte[] key = new byte[256];
        byte[] hashes = new byte[256 * 16];
        long[] out = new long[2];
        for (int i = 0; i < 256; i++) {
            key[i] = (byte) i;
            CassandraMurmur3.hash(key, 0, i, 256 - i, signedTail, out);
            ByteBuffer.wrap(hashes, i * 16, 16).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(out[0]).putLong(out[1]);
        }
        CassandraMurmur3.hash(hashes, 0, hashes.length, 0L, signedTail, out);
        return (int) out[0];
    }

    @Test
    void tailBytesBelow0x80_cassandraAgreesWithTheReference() {
        SplittableRandom random = new SplittableRandom(3L);
        for (int length = 0; length <= 64; length++) {
            byte[] key = new byte[length];
            random.nextBytes(key);
            for (int j = length - length % 16; j < length; j++) {
                key[j] &= 0x7f; // only the tail is cleared of high bits; block bytes keep theirs
            }
            assertArrayEquals(reference(key, 0, length, 0L), cassandras(key, 0, length, 0L), "length " + length);
        }
    }

    @Test
    void aTailByteOf0x80OrMore_cassandraDepartsFromTheReference() {
        for (int length = 1; length <= 40; length++) {
            int tail = length % 16;
            if (tail == 0) {
                continue;
            }
            for (int at = length - tail; at < length; at++) {
                byte[] key = new byte[length];
                Arrays.fill(key, (byte) 0x41);
                key[at] = (byte) 0x80;
                boolean highestLaneByte = (at - (length - tail)) % 8 == 7; // sign bits shift out past bit 63
                long[] c = cassandras(key, 0, length, 0L);
                long[] r = reference(key, 0, length, 0L);
                assertEquals(!highestLaneByte, !Arrays.equals(c, r), "length " + length + " byte " + at);
                assertArrayEquals(c, ours(key, 0, length, 0L));
            }
        }
    }

    @Test
    void blockBytesOf0x80OrMore_readUnsignedInBoth() {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) 0xff);
        assertArrayEquals(reference(key, 0, 32, 0L), cassandras(key, 0, 32, 0L));
    }
}
