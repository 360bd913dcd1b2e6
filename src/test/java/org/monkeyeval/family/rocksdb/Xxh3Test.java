package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Guards the released XXH3 64-bit: it gives xxHash's own sanity values over xxHash's generated test
 * buffer at every length class and at seeds 0 and PRIME64, its 8-byte key form equals the general
 * function on the key's big-endian bytes, and it reads only the range it is given.
 */
final class Xxh3Test {

    /**
     * xxHash's {@code PRIME64} of cli/xsum_sanity_check.c, 11400714785074694797: the sanity buffer's
     * multiplier and the vectors' non-zero seed (6 more than XXH_PRIME64_1, not the same constant).
     */
    static final long PRIME64 = 0x9E37_79B1_85EB_CA8DL;

    /**
     * {@code XSUM_fillTestBuffer} of Cyan4973/xxHash cli/xsum_sanity_check.c (commit
     * b2e9dbb05fb7f45ad662e67969e92c48b9b32247): byte i is the top byte of PRIME32 * PRIME64^i mod 2^64.
     */
    static byte[] sanityBuffer(int length) {
        byte[] buffer = new byte[length];
        long generator = 2_654_435_761L; // PRIME32
        for (int i = 0; i < length; i++) {
            buffer[i] = (byte) (generator >>> 56);
            generator *= PRIME64;
        }
        return buffer;
    }

    /** {@code XSUM_XXH3_testdata} of cli/xsum_sanity_check.c at the commit above (SANITY_BUFFER_SIZE 2367). */
    @ParameterizedTest(name = "len={0} seed={1}")
    @CsvSource({
        "0, 0, 2D06800538D394C2",
        "0, 9E3779B185EBCA8D, A8A6B918B2F0364A",
        "1, 0, C44BDFF4074EECDB",
        "1, 9E3779B185EBCA8D, 032BE332DD766EF8",
        "6, 0, 27B56A84CD2D7325",
        "6, 9E3779B185EBCA8D, 84589C116AB59AB9",
        "12, 0, A713DAF0DFBB77E7",
        "12, 9E3779B185EBCA8D, E7303E1B2336DE0E",
        "24, 0, A3FE70BF9D3510EB",
        "24, 9E3779B185EBCA8D, 850E80FC35BDD690",
        "48, 0, 397DA259ECBA1F11",
        "48, 9E3779B185EBCA8D, ADC2CBAA44ACC616",
        "80, 0, BCDEFBBB2C47C90A",
        "80, 9E3779B185EBCA8D, C6DD0CB699532E73",
        "195, 0, CD94217EE362EC3A",
        "195, 9E3779B185EBCA8D, BA68003D370CB3D9",
        "403, 0, CDEB804D65C6DEA4",
        "403, 9E3779B185EBCA8D, 6259F6ECFD6443FD",
        "512, 0, 617E49599013CB6B",
        "512, 9E3779B185EBCA8D, 3CE457DE14C27708",
        "2048, 0, DD59E2C3A5F038E0",
        "2048, 9E3779B185EBCA8D, 66F81670669ABABC",
        "2099, 0, C6B9D9B3FC9AC765",
        "2099, 9E3779B185EBCA8D, 184F316843663974",
        "2240, 0, 6E73A90539CF2948",
        "2240, 9E3779B185EBCA8D, 757BA8487D1B5247",
        "2367, 0, CB37AEB9E5D361ED",
        "2367, 9E3779B185EBCA8D, D2DB3415B942B42A",
    })
    void hash64_sanityBuffer_givesXxHashSanityValue(int length, String seedHex, String expectedHex) {
        long seed = Long.parseUnsignedLong(seedHex, 16);
        long expected = Long.parseUnsignedLong(expectedHex, 16);
        byte[] buffer = sanityBuffer(2367);
        assertEquals(expected, Xxh3.hash64(buffer, 0, length, seed));
        if (seed == 0) {
            assertEquals(expected, Xxh3.hash64(Arrays.copyOf(buffer, length)));
            assertEquals(expected, Xxh3.hash64(buffer, 0, length));
        }
    }

    @Test
    void hash64_offsetRange_sameAsCopyOfTheRange() {
        byte[] buffer = sanityBuffer(3000);
        for (int length : new int[] {0, 3, 8, 16, 100, 200, 240, 241, 1024, 1025, 2500}) {
            for (int offset : new int[] {1, 7, 13}) {
                byte[] copy = Arrays.copyOfRange(buffer, offset, offset + length);
                assertEquals(Xxh3.hash64(copy, 0, length, PRIME64), Xxh3.hash64(buffer, offset, length, PRIME64),
                        "length " + length + " offset " + offset);
            }
        }
    }

    @Test
    void hash64OfLong_anyKey_equalsGeneralHashOfBigEndianBytes() {
        SplittableRandom random = new SplittableRandom(20_240_601L);
        long[] edges = {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x0102_0304_0506_0708L};
        for (int i = 0; i < 10_000 + edges.length; i++) {
            long key = i < edges.length ? edges[i] : random.nextLong();
            byte[] bytes = ByteBuffer.allocate(Long.BYTES).putLong(key).array();
            assertEquals(Xxh3.hash64(bytes), Xxh3.hash64(key), () -> Long.toHexString(key));
        }
    }

    @Test
    void hash64_rangeOutsideArray_throws() {
        byte[] buffer = new byte[10];
        assertThrows(IndexOutOfBoundsException.class, () -> Xxh3.hash64(buffer, 5, 6));
        assertThrows(IndexOutOfBoundsException.class, () -> Xxh3.hash64(buffer, -1, 2));
        assertThrows(IndexOutOfBoundsException.class, () -> Xxh3.hash64(buffer, 0, -1));
        assertThrows(IllegalArgumentException.class, () -> Xxh3.hash64(null));
    }
}
