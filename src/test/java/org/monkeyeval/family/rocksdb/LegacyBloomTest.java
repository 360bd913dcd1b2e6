package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;


/**
 * Guards that {@link LegacyBloom} writes and reads RocksDB's legacy full Bloom filter: the bit pattern
 * of Pebble's {@code TestSmallBloomFilter} (cockroachdb/pebble sstable/tablefilters/bloom/bloom_test.go,
 * commit f82e3ff74d10b1f33df146eefc5661518f868542, "from running RocksDB's
 * util/bloom_test.cc:FullBloomTest.FullSmall"), the legacy rows of RocksDB's
 * {@code FullBloomTest.Schema} and {@code RawSchema} and the sizing of {@code FilterSize}
 * (facebook/rocksdb util/bloom_test.cc, commit 1dfa7297933df05237ac11376d6cb69d32591b1d).
 */
final class LegacyBloomTest {

    /** Pebble's expected filter for "hello" and "world" at 10 bits per key, 8 bytes a row, bit 7 first. */
    private static final String SMALL_FILTER = String.join("\n",
            "........  ........  ........  .......1  ........  ........  ........  ........",
            "........  .1......  ........  .1......  ........  ........  ........  ........",
            "...1....  ........  ........  ........  ........  ........  ........  ........",
            "........  ........  ........  ........  ........  ........  ........  ...1....",
            "........  ........  ........  ........  .....1..  ........  ........  ........",
            ".......1  ........  ........  ........  ........  ........  .1......  ........",
            "........  ........  ........  ........  ........  ...1....  ........  ........",
            ".......1  ........  ........  ........  .1...1..  ........  ........  ........",
            ".....11.  .......1  ........  ........  ........") + "\n";

    @Test
    void smallFilter_isPebblesAndRocksDbsFullSmallPattern() {
        byte[] filter = LegacyBloom.build(List.of(utf8("hello"), utf8("world")), 10);
        assertEquals(SMALL_FILTER, filterString(filter));
        LegacyBloom reader = LegacyBloom.read(filter);
        assertTrue(reader.mayContain(utf8("hello")));
        assertTrue(reader.mayContain(utf8("world")));
        assertFalse(reader.mayContain(utf8("x")));
        assertFalse(reader.mayContain(utf8("foo")));
    }

    /**
     * FullBloomTest.Schema, the legacy rows (CACHE_LINE_SIZE 64): keys Key(i) = PutFixed32(i) for i
     * in [from, to), the policy's bits per key, the probes the block records and BloomHash of the
     * whole block.
     */
    @ParameterizedTest(name = "bits={0} keys=[{1},{2}) probes={3}")
    @CsvSource({
        "2, 0, 2087, 1, 1567096579",
        "3, 0, 2087, 2, 2707206547",
        "5, 0, 2087, 3, 515748486",
        "8, 0, 2087, 5, 1302145999",
        "9, 0, 2087, 6, 2092755149",
        "11, 0, 2087, 7, 3755609649",
        "14, 0, 2087, 9, 178861123",
        "16, 0, 2087, 11, 1129406313",
        "10, 0, 2087, 6, 1478976371",
        "10, 1, 2087, 6, 4205696321",
        "10, 1, 2088, 6, 2885052954",
        "9.5, 1, 2088, 6, 2885052954",
        "10.499, 1, 2088, 6, 2885052954",
    })
    void schema_legacyRows_matchRocksDbBloomTest(double bitsPerKey, int from, int to, int probes, long blockHash) {
        int whole = LegacyBloom.wholeBitsPerKey(RocksDbLocalBloom.millibitsPerKey(bitsPerKey));
        LegacyBloom.Builder builder = LegacyBloom.builder(whole);
        for (int i = from; i < to; i++) {
            builder.add(fixed32(i));
        }
        byte[] block = builder.finish();
        assertEquals(probes, block[block.length - 5]);
        assertEquals(blockHash, Integer.toUnsignedLong(RocksDbHash32.bloomHash(block)));
        LegacyBloom reader = LegacyBloom.read(block);
        for (int i = from; i < to; i++) {
            assertTrue(reader.mayContain(fixed32(i)), "key " + i);
        }
    }

    /**
     * FullBloomTest.RawSchema, legacy rows: 256 data bytes of RawFilterTester's "weird fill" with two
     * probes, read as one 256-byte line, two 128-byte lines and four 64-byte lines; the bits of the
     * answers for Key(12345 + i), i = 0..63.
     */
    @ParameterizedTest(name = "lines={0}")
    @CsvSource({
        "1, 11384799501900898790",
        "2, 10157853359773492589",
        "4, 7123594913907464682",
    })
    void rawSchema_foreignLineSizes_matchRocksDbPackedMatches(int lines, String packed) {
        LegacyBloom reader = LegacyBloom.read(weirdFill(256, lines, 2));
        assertEquals(256 / lines, reader.lineBytes());
        long matches = 0;
        for (int i = 0; i < 64; i++) {
            if (reader.mayContain(fixed32(i + 12345))) {
                matches |= 1L << i;
            }
        }
        assertEquals(Long.parseUnsignedLong(packed), matches);
    }

    /** FullBloomTest.FilterSize: the millibits RocksDB derives and its whole bits, (millibits + 500) / 1000. */
    @ParameterizedTest(name = "b={0}")
    @CsvSource({"0.5, 1", "1.234, 1", "3.456, 3", "9.5, 10", "10.0, 10", "10.499, 10", "21.345, 21", "99.999, 100",
        "1234.0, 100"})
    void wholeBitsPerKey_followsFilterSizeTable(double bitsPerKey, int whole) {
        assertEquals(whole, LegacyBloom.wholeBitsPerKey(RocksDbLocalBloom.millibitsPerKey(bitsPerKey)));
    }

    @Test
    void lineWithoutDivision_equalsTheUnsignedRemainder_forEveryHashKindAndLineCount() {
        // line counts: the smallest, odd counts around powers of two, the largest a legacy filter can have
        int[] counts = {1, 2, 3, 5, 7, 511, 1023, 1025, 65_535, 65_537, 1_000_003, 8_388_479, 8_388_481,
            Integer.MAX_VALUE};
        int[] edges = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x8000_0001, 0xFFFF_FFFE};
        java.util.SplittableRandom random = new java.util.SplittableRandom(17);
        for (int lines : counts) {
            long c = LegacyBloom.lineMultiplier(lines);
            for (int h : edges) {
                assertEquals(Integer.remainderUnsigned(h, lines), LegacyBloom.line(h, c, lines), h + " mod " + lines);
            }
            for (int i = 0; i < 100_000; i++) {
                int h = random.nextInt();
                assertEquals(Integer.remainderUnsigned(h, lines), LegacyBloom.line(h, c, lines), h + " mod " + lines);
            }
        }
    }

    @Test
    void chooseNumProbes_roundsDownPoint69PerBit_between1And30() {
        assertEquals(1, LegacyBloom.chooseNumProbes(1)); // 0.69 -> 0 -> 1
        assertEquals(6, LegacyBloom.chooseNumProbes(10)); // 6.9 -> 6
        assertEquals(13, LegacyBloom.chooseNumProbes(20)); // 13.8 -> 13
        assertEquals(30, LegacyBloom.chooseNumProbes(44)); // 30.36 -> 30
        assertEquals(30, LegacyBloom.chooseNumProbes(100)); // 69 -> 30
    }

    @Test
    void numLines_roundUpToOdd_andCapTheTotalBits() {
        assertEquals(1, LegacyBloom.numLines(2, 10)); // 20 bits -> 1 line
        assertEquals(41, LegacyBloom.numLines(2087, 10)); // 20870 bits -> 40.8 -> 41
        assertEquals(21, LegacyBloom.numLines(1000, 10)); // 10000 bits -> 19.5 -> 20, even -> 21
        assertEquals(0, LegacyBloom.numLines(0, 10));
        assertEquals(0, LegacyBloom.filterBytes(0, 10));
        long capped = (0xFFFF_0000L + 511) / 512 | 1;
        assertEquals(capped, LegacyBloom.numLines(1L << 40, 10));
        assertEquals(capped * 64 + 5, LegacyBloom.filterBytes(1L << 40, 10));
    }

    @Test
    void builder_dropsAHashEqualToThePrevious_andEmptyIsNoBytes() {
        LegacyBloom.Builder b = LegacyBloom.builder(10).addHash(7).addHash(7).addHash(8).addHash(7);
        assertEquals(3, b.entries());
        assertArrayEquals(new byte[0], LegacyBloom.builder(10).finish());
        assertThrows(IllegalArgumentException.class, () -> LegacyBloom.read(new byte[0]));
    }

    @Test
    void builtFilter_hasNoFalseNegatives_andItsTrailerNamesProbesAndLines() {
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            keys.add(utf8("key" + i));
        }
        byte[] block = LegacyBloom.build(keys, 7);
        LegacyBloom reader = LegacyBloom.read(block);
        assertEquals(LegacyBloom.numLines(5000, 7), reader.numLines());
        assertEquals(4, reader.numProbes());
        assertTrue(reader.nativeLines());
        assertEquals(reader.numLines() * 64L + 5, block.length);
        for (byte[] key : keys) {
            assertTrue(reader.mayContain(key));
        }
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** RocksDB's test Key(i): PutFixed32, 4 bytes little-endian. */
    static byte[] fixed32(int i) {
        byte[] b = new byte[4];
        LegacyBloom.writeFixed32(b, 0, i);
        return b;
    }

    /**
     * RawFilterTester::ResetWeirdFill: a 3000-byte array filled with (char) (0x7b7b >> (i % 7)), whose
     * last 5 bytes are the trailer; the block is the last len + 5 bytes.
     */
    static byte[] weirdFill(int len, int lines, int probes) {
        byte[] array = new byte[3000];
        for (int i = 0; i < array.length; i++) {
            array[i] = (byte) (0x7b7b >> (i % 7));
        }
        array[array.length - 5] = (byte) probes;
        LegacyBloom.writeFixed32(array, array.length - 4, lines);
        return java.util.Arrays.copyOfRange(array, array.length - 5 - len, array.length);
    }

    /** Pebble's filterStr: 8 bytes a line, two spaces between bytes, bit 7 of each byte first. */
    static String filterString(byte[] f) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < f.length; i++) {
            if (i > 0) {
                b.append(i % 8 == 0 ? "\n" : "  ");
            }
            for (int j = 0; j < 8; j++) {
                b.append((f[i] & (1 << (7 - j))) != 0 ? '1' : '.');
            }
        }
        return b.append('\n').toString();
    }
}
