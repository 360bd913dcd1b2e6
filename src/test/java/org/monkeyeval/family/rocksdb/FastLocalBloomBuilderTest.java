package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.monkeyeval.stats.BinomialInterval;

/**
 * Guards the builder and reader beyond RocksDB's vectors: only adjacent repeats of a hash collapse;
 * the block's size and trailer follow RocksDB's sizing rules; a block sized as optimize_filters_for_memory
 * would size it takes its probes from that size; every added key is accepted; the measured rate of the
 * exact filter at 10 bits/key agrees with RocksDbLocalBloom's line-load prediction; and the reader
 * answers from the trailer as RocksDB's GetBuiltinFilterBitsReader does.
 */
final class FastLocalBloomBuilderTest {

    private static byte[] bigEndian(long key) {
        return ByteBuffer.allocate(Long.BYTES).putLong(key).array();
    }

    @Test
    void addKey_adjacentRepeat_collapsesToOneEntry() {
        FastLocalBloomBuilder repeated = new FastLocalBloomBuilder(10);
        FastLocalBloomBuilder once = new FastLocalBloomBuilder(10);
        for (long k = 0; k < 1000; k++) {
            repeated.addKey(bigEndian(k));
            repeated.addKey(bigEndian(k));
            once.addKey(bigEndian(k));
        }
        assertEquals(1000, repeated.entries());
        assertArrayEquals(once.finish(), repeated.finish());
    }

    /** At 100 bits/key 5 entries take one 64-byte line and 6 take two: a non-adjacent repeat is an entry. */
    @Test
    void addKey_nonAdjacentRepeat_countsAgainAndCanGrowTheFilter() {
        FastLocalBloomBuilder builder = new FastLocalBloomBuilder(100);
        for (long k = 0; k < 5; k++) {
            builder.addKey(k);
        }
        assertEquals(64 + 5, builder.finish().length);
        builder.addKey(0L);
        assertEquals(6, builder.entries());
        assertEquals(128 + 5, builder.finish().length);
    }

    @ParameterizedTest(name = "n={0} bits={1}")
    @CsvSource({
        "1, 10, 64, 6",
        "51, 10, 64, 6",
        "52, 10, 128, 6",
        "1000, 1, 128, 1",
        "1000, 6.5, 832, 4",
        "1000, 23, 2880, 12",
        "100000, 10, 125056, 6",
    })
    void finish_entries_sizeAndTrailerFollowRocksDbRules(int entries, double bitsPerKey, int dataBytes, int probes) {
        FastLocalBloomBuilder builder = new FastLocalBloomBuilder(bitsPerKey);
        for (long k = 0; k < entries; k++) {
            builder.addKey(k);
        }
        byte[] block = builder.finish();
        assertEquals(dataBytes, builder.dataBytes());
        assertEquals(dataBytes + 5, block.length);
        assertArrayEquals(new byte[] {-1, 0, (byte) probes, 0, 0},
                Arrays.copyOfRange(block, dataBytes, block.length));
    }

    @Test
    void finishAtSize_usualSizeAtExactMillibits_sameAsFinish() {
        // 512 keys at 10 bits: exactly 640 bytes, so the actual millibits equal the configured 10000
        FastLocalBloomBuilder builder = new FastLocalBloomBuilder(10);
        for (long k = 0; k < 512; k++) {
            builder.addKey(k);
        }
        assertArrayEquals(builder.finish(), builder.finishAtSize(640));
    }

    @Test
    void finishAtSize_smallerSize_probesFromActualMillibitsAndNoFalseNegative() {
        FastLocalBloomBuilder builder = new FastLocalBloomBuilder(10);
        for (long k = 0; k < 512; k++) {
            builder.addKey(k);
        }
        byte[] block = builder.finishAtSize(512); // 8000 millibits per key: 5 probes (<= 8300)
        assertEquals(517, block.length);
        assertEquals(5, block[514]);
        FastLocalBloomReader reader = FastLocalBloomReader.of(block);
        for (long k = 0; k < 512; k++) {
            assertTrue(reader.mayContain(k));
        }
        assertThrows(IllegalArgumentException.class, () -> builder.finishAtSize(100));
        assertThrows(IllegalStateException.class, () -> new FastLocalBloomBuilder(10).finishAtSize(64));
    }

    @Test
    void build_keysOfManyLengths_everyKeyAcceptedWithItsOwnBytes() {
        List<byte[]> keys = new ArrayList<>();
        byte[] buffer = Xxh3Test.sanityBuffer(3000);
        for (int length = 0; length <= 3000; length += 7) {
            keys.add(Arrays.copyOfRange(buffer, 3000 - length, 3000));
        }
        FastLocalBloomReader reader = FastLocalBloomReader.of(FastLocalBloomBuilder.build(keys, 6.5));
        assertEquals(4, reader.numProbes());
        for (byte[] key : keys) {
            assertTrue(reader.mayContain(key), () -> "key of " + key.length + " bytes");
            assertTrue(reader.mayContain(buffer, 3000 - key.length, key.length));
        }
    }

    /**
     * 100,000 keys at 10 bits/key (6 probes, 1954 lines), 1,000,000 disjoint queries: the measured rate
     * lies within 4 binomial standard deviations of {@link RocksDbLocalBloom#poissonMixtureFpr}.
     */
    @Test
    void mayContain_100kKeysAt10Bits_measuredRateWithinFourSigmaOfPrediction() {
        int n = 100_000;
        FastLocalBloomBuilder builder = new FastLocalBloomBuilder(10);
        for (long k = 0; k < n; k++) {
            builder.addKey(k * 0x9E37_79B9_7F4A_7C15L);
        }
        FastLocalBloomReader reader = FastLocalBloomReader.of(builder.finish());
        for (long k = 0; k < n; k++) {
            assertTrue(reader.mayContain(k * 0x9E37_79B9_7F4A_7C15L));
        }
        int queries = 1_000_000;
        long counted = 0;
        for (long q = 0; q < queries; q++) {
            if (reader.mayContain(query(q))) {
                counted++;
            }
        }
        long falsePositives = counted;
        int millibits = RocksDbLocalBloom.millibitsPerKey(10);
        double predicted = RocksDbLocalBloom.poissonMixtureFpr(
                (double) n / RocksDbLocalBloom.lines(n, millibits), RocksDbLocalBloom.chooseNumProbes(millibits));
        double z = BinomialInterval.zScore(falsePositives, queries, predicted);
        assertTrue(Math.abs(z) <= 4.0, () -> "measured " + falsePositives + "/" + queries + " predicted " + predicted
                + " z " + z);
    }

    /**
     * Query q: {@code (100000 + q) * 0x9E3779B97F4A7C15}, never a key, which are the multiples by the
     * same odd constant of 0 .. 99999 (multiplying by an odd number is one to one mod 2^64).
     */
    private static long query(long q) {
        return (100_000 + q) * 0x9E37_79B9_7F4A_7C15L;
    }

    @ParameterizedTest(name = "bits={0}")
    @ValueSource(doubles = {0.0, 0.49})
    void constructor_belowHalfBit_throws(double bitsPerKey) {
        assertThrows(IllegalArgumentException.class, () -> new FastLocalBloomBuilder(bitsPerKey));
    }

    // ---- the reader's dispatch on the trailer ----

    private static byte[] block(int marker, int subImplementation, int blockAndProbes, int reserved) {
        byte[] block = new byte[64 + 5];
        block[64] = (byte) marker;
        block[65] = (byte) subImplementation;
        block[66] = (byte) blockAndProbes;
        block[67] = (byte) reserved;
        return block;
    }

    @ParameterizedTest(name = "marker={0} sub={1} blockAndProbes={2} reserved={3}")
    @CsvSource({
        "-1, 0, 0, 0",
        "-1, 0, 31, 0",
        "-1, 0, 6, 1",
        "-1, 1, 6, 0",
        "-1, 0, 38, 0",
    })
    void of_reservedNewBloomMetadata_alwaysTrueAsRocksDb(int marker, int sub, int blockAndProbes, int reserved) {
        FastLocalBloomReader reader = FastLocalBloomReader.of(block(marker, sub, blockAndProbes, reserved));
        assertEquals(FastLocalBloomReader.Kind.ALWAYS_TRUE, reader.kind());
        assertTrue(reader.mayContain(12345L));
    }

    @ParameterizedTest(name = "marker={0}")
    @ValueSource(ints = {0, 3, -2, -3})
    void of_otherMarker_throwsNamingIt(int marker) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FastLocalBloomReader.of(block(marker, 0, 6, 0)));
        assertTrue(e.getMessage().contains("marker byte " + marker), e.getMessage());
    }

    @Test
    void of_dataNotWholeLines_throws() {
        byte[] block = new byte[100 + 5];
        block[100] = -1;
        block[102] = 6;
        assertThrows(IllegalArgumentException.class, () -> FastLocalBloomReader.of(block));
    }
}
