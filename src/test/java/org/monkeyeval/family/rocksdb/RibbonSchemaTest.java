package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Guards the Ribbon filter's bytes and answers against RocksDB's own vectors: the Standard128Ribbon
 * rows of {@code FullBloomTest.Schema} (facebook/rocksdb util/bloom_test.cc at v10.10.1, commit
 * 4595a5e95ae8525c42e172a054435782b3479c57; the same at v7.8.3 and at 1dfa7297933d), which pin the seed
 * in the trailer, a 32-bit hash of the whole filter block and the first false-positive query indexes,
 * and the Ribbon rows of {@code RawSchema}, which pin the answers over hand-filled blocks. Keys are
 * hashed with {@link Xxph3} (RocksDB's GetSliceHash64).
 */
final class RibbonSchemaTest {

    private static List<byte[]> keys(int from, int to) {
        List<byte[]> keys = new ArrayList<>(to - from);
        for (int k = from; k < to; k++) {
            keys.add(FastLocalBloomSchemaTest.key(k));
        }
        return keys;
    }

    /** bloom_test.cc {@code FirstFPs(count)}: the first i with a match for {@code Key(i + 1000000)}. */
    private static String firstFalsePositives(RibbonFilter filter, int count) {
        StringJoiner found = new StringJoiner(",");
        int seen = 0;
        for (int i = 0; i < 1_000_000 && seen < count; i++) {
            if (filter.mayContainKey(FastLocalBloomSchemaTest.key(i + 1_000_000))) {
                found.add(Integer.toString(i));
                seen++;
            }
        }
        return found.toString();
    }

    /**
     * Rows of {@code FullBloomTest.Schema} for {@code kStandard128Ribbon} (optimize_filters_for_memory
     * false): bits per key, keys [first, end) as {@code Key(k)}, seed ({@code GetRibbonSeedFromFilterData}),
     * {@code BloomHash(FilterData())}, {@code FirstFPs}. The seed 61 and 184 are the first ordinal seeds
     * (low byte of the first key's hash): every row solves at once.
     */
    @ParameterizedTest(name = "bits={0} keys=[{1},{2}) seed={3}")
    @CsvSource(delimiter = ';', value = {
        "2; 0; 2087; 61; 1705851228; 3,8,10,17,19,20,23,28,31,32",
        "3; 0; 2087; 61; 1095342358; 3,17,20,28,32,33,36,43,49,54",
        "5; 0; 2087; 61; 3971337699; 3,33,36,43,67,70,76,78,84,102",
        "8; 0; 2087; 61; 3651449053; 33,187,203,296,300,322,411,419,547,582",
        "9; 0; 2087; 61; 1005676675; 33,187,203,296,411,419,604,612,615,619",
        "11; 0; 2087; 61; 3129900846; 411,419,623,665,727,794,955,1052,1323,1330",
        "14; 0; 2087; 61; 1855638875; 665,727,1323,1755,3866,4232,4442,4492,4736",
        "16; 0; 2087; 61; 459379967; 727,1323,1755,4442,4736,5386,6974,7154,8222",
        "10; 0; 2087; 61; 1273231667; 296,411,419,612,619,623,630,665,686,727",
        "10; 1; 2087; 184; 3007790572; 33,152,383,497,589,633,737,781,911,990",
        "10; 1; 2088; 184; 1942323379; 33,95,360,589,737,911,990,1048,1081,1414",
        "9.5; 1; 2088; 184; 1148258663; 33,54,95,360,589,693,737,911,990,1048",
        "10.499; 1; 2088; 184; 792138188; 33,95,360,589,737,990,1048,1081,1414,1643",
    })
    void filterBlock_rocksDbSchemaRow_givesPinnedSeedBlockHashAndFirstFalsePositives(double bitsPerKey, int first,
            int end, int seed, long blockHash, String falsePositives) {
        Ribbon rules = Ribbon.of(bitsPerKey);
        byte[] block = RibbonFilter.filterBlock(keys(first, end), rules);
        assertEquals(RibbonFilter.MARKER, block[block.length - 5]);
        assertEquals(seed, block[block.length - 4] & 0xFF);
        assertEquals((int) blockHash, FastLocalBloomSchemaTest.bloomHash(block));
        RibbonFilter filter = RibbonFilter.read(block);
        assertEquals(falsePositives, firstFalsePositives(filter, falsePositives.split(",").length));
        long[] hashes = RibbonFilter.keyHashes(keys(first, end));
        assertEquals(rules.filterBytes(hashes.length, (int) (hashes[0] >>> 32)), block.length);
    }

    /**
     * {@code FullBloomTest.Schema}'s first row: 87 keys at 5 bits per key, where "Ribbon config will fall
     * back on fast Bloom filter and generate the same data" (BloomHash 4130687756, three probes).
     */
    @Test
    void filterBlock_87KeysAt5Bits_theBloomBlock() {
        byte[] block = RibbonFilter.filterBlock(keys(0, 87), Ribbon.of(5));
        assertArrayEquals(FastLocalBloomBuilder.build(keys(0, 87), 5), block);
        assertEquals((int) 4130687756L, FastLocalBloomSchemaTest.bloomHash(block));
        assertEquals(3, block[block.length - 3]);
    }

    /**
     * {@code FullBloomTest.RawSchema}, Ribbon configurations: {@code ResetWeirdFill(len, 2U << 8, 254)}
     * is the tail of a 3000-byte fill with byte i = {@code (char) (0x7b7b >> (i % 7))}, then the trailer
     * 254 (-2), seed 0 and 2 blocks in 24 bits; {@code PackedMatches} sets bit i for a match of
     * {@code Key(12345 + i)}. 32 bytes are two segments, one result bit in each block (about half
     * match); 112 bytes are seven segments, 3 bits in block 0 and 4 in block 1 (about one in ten).
     */
    @ParameterizedTest(name = "{0} data bytes")
    @CsvSource({"32, 1, 0, 6193930559317665002", "112, 4, 1, 9007200345328128"})
    void mayContain_rocksDbRawSchemaBlock_givesPinnedPackedMatches(int dataBytes, int upperColumns,
            long upperStartBlock, String packedMatches) {
        byte[] fill = new byte[3000];
        for (int i = 0; i < fill.length; i++) {
            fill[i] = (byte) (0x7b7b >> (i % 7));
        }
        byte[] block = new byte[dataBytes + 5];
        System.arraycopy(fill, fill.length - block.length, block, 0, block.length);
        block[dataBytes] = (byte) 254;
        block[dataBytes + 1] = 0; // EncodeFixed32(2U << 8) over the four bytes after the marker
        block[dataBytes + 2] = 2;
        block[dataBytes + 3] = 0;
        block[dataBytes + 4] = 0;
        RibbonFilter filter = RibbonFilter.read(block);
        assertEquals(new Ribbon.Layout(2, upperColumns, upperStartBlock), filter.layout());
        assertEquals(0, filter.ordinalSeed());
        long packed = 0;
        for (int i = 0; i < 64; i++) {
            if (filter.mayContainKey(FastLocalBloomSchemaTest.key(i + 12345))) {
                packed |= 1L << i;
            }
        }
        assertEquals(Long.parseUnsignedLong(packedMatches), packed);
        assertArrayEquals(block, filter.toBytes());
    }

    /** Every Schema row's keys are accepted by the filter built over them, read or built. */
    @Test
    void filterBlock_schemaKeys_allAccepted() {
        byte[] block = RibbonFilter.filterBlock(keys(1, 2088), Ribbon.of(10));
        RibbonFilter read = RibbonFilter.read(block);
        RibbonFilter built = RibbonFilter.construct(keys(1, 2088), Ribbon.of(10));
        assertArrayEquals(block, built.toBytes());
        for (byte[] key : keys(1, 2088)) {
            assertTrue(read.mayContainKey(key));
            assertTrue(built.mayContainKey(key));
        }
    }
}
