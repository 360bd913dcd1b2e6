package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.StringJoiner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Guards the byte layout against RocksDB's own filter vectors: the fast local Bloom rows of
 * {@code FullBloomTest.Schema} (facebook/rocksdb util/bloom_test.cc at v10.10.1, commit
 * 4595a5e95ae8525c42e172a054435782b3479c57; the same values at v7.8.3, bf2c335184de), which pin for each
 * setting the number of probes, a 32-bit hash of the whole filter block (data and trailer) and the first
 * false-positive query indexes; the fast local Bloom row of {@code RawSchema}, which pins the answers the
 * reader gives over a hand-filled block; and {@code FullEmptyFilter} / {@code FullSmall}.
 */
final class FastLocalBloomSchemaTest {

    /** bloom_test.cc {@code Key(i)}: PutFixed32, the 4 little-endian bytes of i. */
    static byte[] key(int i) {
        return new byte[] {(byte) i, (byte) (i >>> 8), (byte) (i >>> 16), (byte) (i >>> 24)};
    }

    /**
     * RocksDB's {@code BloomHash(s) = Hash(s.data(), s.size(), 0xbc9f1d34)} (util/hash.h, util/hash.cc
     * {@code Hash}: MurmurHash1 over little-endian 32-bit words, the trailing bytes sign-extended), which
     * the schema test applies to the filter block.
     */
    static int bloomHash(byte[] data) {
        int m = 0xC6A4_A793;
        int h = 0xBC9F_1D34 ^ (data.length * m);
        int i = 0;
        for (; i + 4 <= data.length; i += 4) {
            int w = (data[i] & 0xFF) | (data[i + 1] & 0xFF) << 8 | (data[i + 2] & 0xFF) << 16
                    | (data[i + 3] & 0xFF) << 24;
            h += w;
            h *= m;
            h ^= h >>> 16;
        }
        int rest = data.length - i;
        if (rest == 3) {
            h += data[i + 2] << 16;
        }
        if (rest >= 2) {
            h += data[i + 1] << 8;
        }
        if (rest >= 1) {
            h += data[i];
            h *= m;
            h ^= h >>> 24;
        }
        return h;
    }

    /** bloom_test.cc {@code FirstFPs(count)}: the first indexes i with a match for {@code Key(i + 1000000)}. */
    private static String firstFalsePositives(FastLocalBloomReader reader, int count) {
        StringJoiner found = new StringJoiner(",");
        int seen = 0;
        for (int i = 0; i < 1_000_000 && seen < count; i++) {
            if (reader.mayContain(key(i + 1_000_000))) {
                found.add(Integer.toString(i));
                seen++;
            }
        }
        return found.toString();
    }

    /** Rows of {@code FullBloomTest.Schema} that check the fast local Bloom (optimize_filters_for_memory false). */
    @ParameterizedTest(name = "bits={0} keys=[{1},{2}) probes={3}")
    @CsvSource(delimiter = ';', value = {
        "5; 0; 87; 3; 4130687756; 31,38,40,43,61,83,86,112,125,131",
        "2; 0; 2087; 1; 3817481309; 11,13,17,25,29,30,35,37,45,53",
        "3; 0; 2087; 2; 2807269961; 4,15,17,24,27,28,29,53,63,70",
        "5; 0; 2087; 3; 204628445; 15,24,29,39,53,87,89,100,103,104",
        "8; 0; 2087; 5; 355564975; 16,60,66,126,220,238,244,256,265,287",
        "9; 0; 2087; 6; 2137566013; 156,367,791,872,945,1015,1139,1159,1265",
        "11; 0; 2087; 7; 2561502687; 34,74,130,236,643,882,962,1015,1035,1110",
        "14; 0; 2087; 8; 3709876890; 130,240,522,565,989,2002,2526,3147,3543",
        "16; 0; 2087; 9; 1087138490; 3299,3611,3916,6620,7822,8079,8482,8942",
        "10; 0; 2087; 6; 2498541272; 16,126,133,422,466,472,813,1002,1035",
        "10; 1; 2087; 6; 2058382345; 16,126,133,422,466,472,813,1002,1035",
        "10; 1; 2088; 6; 23699164; 16,126,133,422,466,472,813,1002,1035",
        "9.5; 1; 2088; 6; 3166884174; 126,156,367,444,458,791,813,976,1015",
        "10.499; 1; 2088; 7; 4098502778; 16,236,240,472,1015,1045,1111,1409,1465",
    })
    void finish_rocksDbSchemaRow_givesPinnedProbesBlockHashAndFirstFalsePositives(double bitsPerKey, int firstKey,
            int endKey, int probes, long blockHash, String falsePositives) {
        FastLocalBloomBuilder builder = new FastLocalBloomBuilder(bitsPerKey);
        for (int k = firstKey; k < endKey; k++) {
            builder.addKey(key(k));
        }
        byte[] block = builder.finish();
        // GetNumProbesFromFilterData: the trailer's third byte
        assertEquals(probes, block[block.length - 3] & 0xFF);
        assertEquals((int) blockHash, bloomHash(block));
        FastLocalBloomReader reader = FastLocalBloomReader.of(block);
        assertEquals(probes, reader.numProbes());
        assertEquals(falsePositives, firstFalsePositives(reader, falsePositives.split(",").length));
    }

    /**
     * {@code FullBloomTest.RawSchema}, fast local Bloom configuration: {@code ResetWeirdFill(256, 2U << 8,
     * 255)} is 256 data bytes, byte j = {@code (char) (0x7b7b >> ((2739 + j) % 7))} (the tail of a 3000-byte
     * fill), then the trailer -1, 0, 2, 0, 0 (two probes); {@code PackedMatches} packs the answers for
     * {@code Key(12345 + i)}, i = 0..63, into bit i.
     */
    @Test
    void mayContain_rocksDbRawSchemaBlock_givesPinnedPackedMatches() {
        byte[] fill = new byte[3000];
        for (int i = 0; i < fill.length; i++) {
            fill[i] = (byte) (0x7b7b >> (i % 7));
        }
        byte[] block = new byte[261];
        System.arraycopy(fill, fill.length - block.length, block, 0, block.length);
        block[256] = (byte) 255;
        block[257] = 0;
        block[258] = 2; // EncodeFixed32(2U << 8): bytes 0x00, 0x02, 0x00, 0x00 after the marker
        block[259] = 0;
        block[260] = 0;
        // RocksDB's test writes the marker and the fixed32 over the fill; this block is that one.
        FastLocalBloomReader reader = FastLocalBloomReader.of(block);
        assertEquals(FastLocalBloomReader.Kind.FAST_LOCAL_BLOOM, reader.kind());
        assertEquals(2, reader.numProbes());
        assertEquals(4, reader.lines());
        long packed = 0;
        for (int i = 0; i < 64; i++) {
            if (reader.mayContain(key(i + 12345))) {
                packed |= 1L << i;
            }
        }
        assertEquals(Long.parseUnsignedLong("9957045189927952471"), packed);
    }

    /** {@code FullEmptyFilter}: nothing added gives an empty block, which matches nothing. */
    @Test
    void finish_noKeys_emptyBlockMatchingNothing() {
        byte[] block = new FastLocalBloomBuilder(10).finish();
        assertEquals(0, block.length);
        FastLocalBloomReader reader = FastLocalBloomReader.of(block);
        assertEquals(FastLocalBloomReader.Kind.ALWAYS_FALSE, reader.kind());
        assertFalse(reader.mayContain(ascii("hello")));
        assertFalse(reader.mayContain(ascii("world")));
    }

    /** {@code FullSmall}: "hello" and "world" match, "x" and "foo" do not. */
    @Test
    void mayContain_rocksDbFullSmall_matchesAddedOnly() {
        FastLocalBloomBuilder builder = new FastLocalBloomBuilder(10);
        builder.addKey(ascii("hello"));
        builder.addKey(ascii("world"));
        FastLocalBloomReader reader = FastLocalBloomReader.of(builder.finish());
        assertTrue(reader.mayContain(ascii("hello")));
        assertTrue(reader.mayContain(ascii("world")));
        assertFalse(reader.mayContain(ascii("x")));
        assertFalse(reader.mayContain(ascii("foo")));
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
