package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.monkeyeval.family.rocksdb.RocksDbFilterMetadata.AlwaysTrue;
import org.monkeyeval.family.rocksdb.RocksDbFilterMetadata.Reason;

/**
 * Guards that {@link RocksDbFilterMetadata#decode} reads a trailer as RocksDB's
 * {@code GetBuiltinFilterBitsReader} does, on the configurations of RocksDB's util/bloom_test.cc
 * {@code FullBloomTest.CorruptFilters} and {@code RawSchema} (facebook/rocksdb commit
 * 1dfa7297933df05237ac11376d6cb69d32591b1d): RawFilterTester writes {@code len} data bytes, then the
 * probes byte, then a 32-bit little-endian word (legacy: the lines; new Bloom and Ribbon: the next
 * four trailer bytes). Blocks RocksJava writes are checked in {@code LegacyBloomRocksJavaTest}.
 */
final class RocksDbFilterMetadataTest {

    /** Legacy configurations that CorruptFilters reads as a working Bloom filter. */
    @ParameterizedTest(name = "len={0} lines={1} probes={2}")
    @CsvSource({
        "64, 1, 6, 6", "192, 3, 6, 6", "768, 3, 6, 8", "64, 1, 30, 6", "64, 1, 1, 6", "64, 1, 31, 6",
        "64, 1, 127, 6", "256, 1, 2, 8", "256, 2, 2, 7", "256, 4, 2, 6",
    })
    void legacyTrailer_givesProbesLinesAndLineSize(int len, int lines, int probes, int log2LineBytes) {
        RocksDbFilterMetadata.Legacy m = assertInstanceOf(RocksDbFilterMetadata.Legacy.class,
                RocksDbFilterMetadata.decode(raw(len, lines, probes)));
        assertEquals(new RocksDbFilterMetadata.Legacy(len, probes, lines, log2LineBytes), m);
    }

    /** CorruptFilters' "always true" cases, each with the reason RocksDB's reader takes it for. */
    @ParameterizedTest(name = "len={0} word={1} marker={2}")
    @CsvSource({
        "64, 1, 0, ZERO_PROBES",            // type 1 trivial: zero probes
        "64, 0, 6, LEGACY_GEOMETRY",        // no solution to 0 * x == 64
        "4, 3, 6, LEGACY_GEOMETRY",         // 3 * x == 4
        "291, 3, 6, LEGACY_GEOMETRY",       // 97-byte lines: not a power of two
        "195, 3, 6, LEGACY_GEOMETRY",       // 65-byte lines
        "64, 1, 128, RESERVED_MARKER",      // -128
        "64, 1, 253, RESERVED_MARKER",      // -3
        "64, 1537, 255, NEW_BLOOM_UNSUPPORTED",     // (6 << 8) | 1: sub-implementation 1
        "64, 67072, 255, NEW_BLOOM_RESERVED",       // (6 << 8) | (1 << 16): reserved byte set
        "64, 16778752, 255, NEW_BLOOM_RESERVED",    // (6 << 8) | (1 << 24)
        "64, 7936, 255, NEW_BLOOM_RESERVED",        // 31 << 8: 31 probes
        "64, 8448, 255, NEW_BLOOM_UNSUPPORTED",     // 33 << 8: 128-byte blocks
        "64, 16896, 255, NEW_BLOOM_UNSUPPORTED",    // 66 << 8: 256-byte blocks
        "64, 33280, 255, NEW_BLOOM_UNSUPPORTED",    // 130 << 8: 1024-byte blocks
        "128, 379, 254, RIBBON_BLOCKS",     // (1 << 8) + 123: one block
        "128, 123, 254, RIBBON_BLOCKS",     // zero blocks
    })
    void unusableTrailer_isAlwaysTrue(int len, long word, int marker, Reason reason) {
        assertEquals(new AlwaysTrue(len, reason), RocksDbFilterMetadata.decode(raw(len, (int) word, marker)));
    }

    @Test
    void fewerThanSixBytes_isAlwaysFalse_andSixZeroBytesAlwaysTrue() {
        for (int length = 0; length <= 5; length++) {
            assertInstanceOf(RocksDbFilterMetadata.AlwaysFalse.class, RocksDbFilterMetadata.decode(new byte[length]));
        }
        // "Type 2 trivial": no data bytes, whatever the trailer says (0 size trumps 0 probes)
        assertInstanceOf(RocksDbFilterMetadata.AlwaysFalse.class, RocksDbFilterMetadata.decode(raw(0, 37, 6)));
        assertInstanceOf(RocksDbFilterMetadata.AlwaysFalse.class, RocksDbFilterMetadata.decode(raw(0, 0, 0)));
        // FinishAlwaysTrue's six zero bytes
        assertEquals(new AlwaysTrue(1, Reason.ZERO_PROBES), RocksDbFilterMetadata.decode(new byte[6]));
    }

    @Test
    void newBloomAndRibbonTrailers_giveTheirParameters() {
        assertEquals(new RocksDbFilterMetadata.FastLocalBloom(64, 6), RocksDbFilterMetadata.decode(raw(64, 6 << 8, 255)));
        assertEquals(new RocksDbFilterMetadata.FastLocalBloom(64, 30), RocksDbFilterMetadata.decode(raw(64, 30 << 8, 255)));
        assertEquals(new RocksDbFilterMetadata.Ribbon(128, 123, 2),
                RocksDbFilterMetadata.decode(raw(128, (2 << 8) + 123, 254)));
        assertEquals(new RocksDbFilterMetadata.Ribbon(128, 123, 5000),
                RocksDbFilterMetadata.decode(raw(128, (5000 << 8) + 123, 254)));
    }

    /** RawFilterTester::Reset: len zero bytes, the probes (or marker) byte, the 32-bit word little-endian. */
    private static byte[] raw(int len, int word, int marker) {
        byte[] b = new byte[len + 5];
        b[len] = (byte) marker;
        LegacyBloom.writeFixed32(b, len + 1, word);
        return b;
    }
}
