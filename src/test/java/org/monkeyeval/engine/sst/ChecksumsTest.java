package org.monkeyeval.engine.sst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * RocksDB's checksum rules: CRC-32C of the standard check string, Mask/Unmask inverse and never the
 * identity (util/crc32c_test.cc, TEST(CRC, Mask)), the context modifier off for a zero base and
 * different for nearby offsets (table/format.h ChecksumModifierForContext properties 2 and 3).
 */
final class ChecksumsTest {

    @Test
    void crc32c_checkString_isStandardCheckValue() {
        // The CRC-32C (Castagnoli) check value of "123456789".
        assertEquals(0xE3069283, Checksums.crc32c("123456789".getBytes(StandardCharsets.US_ASCII), 0, 9));
    }

    @Test
    void mask_randomCrcs_unmaskInvertsAndMaskChanges() {
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 1_000; i++) {
            int crc = random.nextInt();
            assertNotEquals(crc, Checksums.mask(crc));
            assertNotEquals(crc, Checksums.mask(Checksums.mask(crc)));
            assertEquals(crc, Checksums.unmask(Checksums.mask(crc)));
            assertEquals(crc, Checksums.unmask(Checksums.unmask(Checksums.mask(Checksums.mask(crc)))));
        }
    }

    @Test
    void contextModifier_zeroBase_isZero() {
        assertEquals(0, Checksums.contextModifier(0, 123_456_789L));
    }

    @Test
    void contextModifier_nearbyOffsets_differ() {
        int base = 0x1234_5678;
        for (long offset = 0; offset < 10_000; offset++) {
            assertNotEquals(Checksums.contextModifier(base, offset), Checksums.contextModifier(base, offset + 1));
        }
    }

    @Test
    void compute_xxh3_mixesLastByteSeparately() {
        byte[] data = "block contents\0".getBytes(StandardCharsets.US_ASCII);
        int expected = (int) XxHash.xxh3(data, 0, data.length - 1) ^ (data[data.length - 1] & 0xFF) * 0x6b9083d9;
        assertEquals(expected, Checksums.compute(ChecksumType.XXH3, data, 0, data.length));
    }
}
