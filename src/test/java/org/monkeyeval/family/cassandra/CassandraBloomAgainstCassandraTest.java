package org.monkeyeval.family.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

import org.apache.cassandra.db.DecoratedKey;
import org.apache.cassandra.dht.Murmur3Partitioner;
import org.apache.cassandra.io.util.WrappedDataOutputStreamPlus;
import org.apache.cassandra.utils.BloomFilter;
import org.apache.cassandra.utils.FilterFactory;
import org.apache.cassandra.utils.IFilter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import org.monkeyeval.family.Setting;
import org.monkeyeval.filter.KeySpace;

/**
 * Guards that {@link CassandraBloom} is the filter Cassandra 5.0.4 builds: for the same partition keys,
 * {@code FilterFactory.getFilter(n, fpChance)} filled through {@code BloomFilter.add} with
 * Murmur3Partitioner's decorated keys has the same hash count, the same bit-set size and byte for byte
 * the same serialized form (BloomFilterSerializer, the Filter.db component), and answers every absent
 * key the same; and that {@link CassandraFamily}'s sizing is FilterFactory's for every setting.
 */
final class CassandraBloomAgainstCassandraTest {

    private static final int ABSENT_QUERIES = 100_000;

    /** Cassandra's filter for n keys at fpChance holding {@code key(0) .. key(n-1)}. */
    private static BloomFilter cassandras(long n, double fpChance, IntFunction<byte[]> key) {
        BloomFilter filter = (BloomFilter) FilterFactory.getFilter(n, fpChance);
        for (int i = 0; i < n; i++) {
            filter.add(decorated(key.apply(i)));
        }
        return filter;
    }

    private static DecoratedKey decorated(byte[] key) {
        return Murmur3Partitioner.instance.decorateKey(ByteBuffer.wrap(key));
    }

    private static byte[] serialized(BloomFilter filter) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (WrappedDataOutputStreamPlus out = new WrappedDataOutputStreamPlus(bytes)) {
            filter.serialize(out, false);
        }
        return bytes.toByteArray();
    }

    private static void assertSameFilter(BloomFilter theirs, CassandraBloom ours, String label) throws IOException {
        assertEquals(theirs.hashCount, ours.hashes(), label + " hashes");
        assertEquals(theirs.bitset.capacity(), ours.bitCount(), label + " bits");
        byte[] expected = serialized(theirs);
        assertEquals(theirs.serializedSize(false), expected.length, label);
        assertArrayEquals(expected, ours.serialize(), label + " serialized bytes");
    }

    @ParameterizedTest(name = "n={0} fp_chance={1}")
    @CsvSource({"1, 0.01", "1000, 0.1", "10000, 0.01", "100000, 0.001", "50000, 0.5", "3000, 0.0000671", "0, 0.1"})
    void longKeys_sameHashesSizeAndBytes_sameAnswersForAbsentKeys(long n, double fpChance) throws IOException {
        KeySpace keys = new KeySpace(n * 31 + 1);
        CassandraBloom ours = CassandraBloom.create(n, fpChance);
        for (int i = 0; i < n; i++) {
            ours.add(keys.storedKey(0, i));
        }
        BloomFilter theirs = cassandras(n, fpChance, i -> CassandraMurmur3.bigEndian(keys.storedKey(0, i)));
        try {
            String label = "n=" + n + " fp_chance=" + fpChance;
            assertSameFilter(theirs, ours, label);
            int present = 0;
            for (int j = 0; j < ABSENT_QUERIES; j++) {
                long key = keys.absentKey(j);
                boolean theirAnswer = theirs.isPresent(decorated(CassandraMurmur3.bigEndian(key)));
                assertEquals(theirAnswer, ours.mayContain(key), label + " absent key " + j);
                present += theirAnswer ? 1 : 0;
            }
            for (int i = 0; i < n; i++) {
                assertTrue(ours.mayContain(keys.storedKey(0, i)), label + " stored key " + i);
            }
            // a filter that says "present" to nothing or to everything would pass the comparison idly
            assertTrue(n == 0 || present > 0 && present < ABSENT_QUERIES, label + " present " + present);
        } finally {
            theirs.close();
        }
    }

    /** Byte keys of every length 0..40, many with bytes 0x80 and above in the tail Murmur3 sign-extends. */
    @Test
    void byteKeysOfManyLengths_sameBytesAndAnswers() throws IOException {
        int n = 5_000;
        SplittableRandom random = new SplittableRandom(11L);
        byte[][] stored = new byte[n][];
        for (int i = 0; i < n; i++) {
            stored[i] = new byte[i % 41];
            random.nextBytes(stored[i]);
        }
        CassandraBloom ours = CassandraBloom.create(n, 0.01);
        for (byte[] key : stored) {
            ours.add(key);
        }
        BloomFilter theirs = cassandras(n, 0.01, i -> stored[i]);
        try {
            assertSameFilter(theirs, ours, "byte keys");
            for (int j = 0; j < ABSENT_QUERIES; j++) {
                byte[] key = new byte[17 + j % 23]; // lengths no stored key has: never stored
                random.nextBytes(key);
                assertEquals(theirs.isPresent(decorated(key)), ours.mayContain(key), "absent key " + j);
            }
        } finally {
            theirs.close();
        }
    }

    @Test
    void bitLayout_bitIndexIsByteIndexOver8AndBitIndexMod8() {
        CassandraBloom ours = CassandraBloom.create(1, 0.5);
        BloomFilter theirs = (BloomFilter) FilterFactory.getFilter(1, 0.5);
        try {
            for (long bit : new long[] {0, 7, 8, 13, 63}) {
                theirs.bitset.set(bit);
            }
            int[] set = {0, 7, 8, 13, 63};
            for (long i = 0; i < theirs.bitset.capacity(); i++) {
                final long bit = i;
                assertEquals(java.util.stream.IntStream.of(set).anyMatch(b -> b == bit), theirs.bitset.get(i));
            }
            // our serialize() writes byte i >> 3 holding bit i & 7: the same picture in bytes
            byte[] expected = new byte[8 + 8];
            ByteBuffer.wrap(expected).putInt(2).putInt(1);
            expected[8] = (byte) 0x81;   // bits 0 and 7
            expected[9] = (byte) 0x21;   // bits 8 and 13
            expected[15] = (byte) 0x80;  // bit 63
            assertArrayEquals(expected, serializedUnchecked(theirs));
            assertEquals(2, ours.hashes());
            assertEquals(64, ours.bitCount());
        } finally {
            theirs.close();
        }
    }

    private static byte[] serializedUnchecked(BloomFilter filter) {
        try {
            return serialized(filter);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void familySizing_everySettingAndManySizes_equalsFilterFactory() {
        long[] sizes = {1, 2, 63, 64, 1000, 12_345, 1_000_003};
        for (Setting s : CassandraFamily.INSTANCE.settings()) {
            if (!s.hasFilter()) {
                assertSame(FilterFactory.AlwaysPresent, FilterFactory.getFilter(1000, 1.0));
                continue;
            }
            double fpChance = Double.parseDouble(s.knob());
            for (long n : sizes) {
                BloomFilter theirs = (BloomFilter) FilterFactory.getFilter(n, fpChance);
                try {
                    assertEquals(theirs.hashCount, s.probes(), s.knob() + " n=" + n);
                    assertEquals(theirs.bitset.capacity(), CassandraFamily.bitSetBits(n, (int) s.bitsPerKey()),
                            s.knob() + " n=" + n);
                    assertEquals((double) theirs.bitset.capacity(), CassandraFamily.INSTANCE.filterBits(n, s));
                } finally {
                    theirs.close();
                }
            }
        }
    }

    /**
     * computeBloomSpec over fp_chance values between and on the table's entries: with n = 64 the
     * capacity is 64 (buckets + 1), so Cassandra's buckets per element can be read back from its filter.
     */
    @Test
    void spec_sweepOfFpChances_equalsCassandrasBucketsAndHashes() {
        int checked = 0;
        for (double fpChance = 6.71e-5; fpChance < 1.0; fpChance *= 1.013) {
            BloomFilter theirs = (BloomFilter) FilterFactory.getFilter(64, fpChance);
            try {
                Setting s = CassandraFamily.spec(fpChance);
                assertEquals(theirs.bitset.capacity() / 64 - 1, (long) s.bitsPerKey(), "fp_chance " + fpChance);
                assertEquals(theirs.hashCount, s.probes(), "fp_chance " + fpChance);
                checked++;
            } finally {
                theirs.close();
            }
        }
        assertTrue(checked > 700, "checked " + checked);
    }

    @Test
    void fpChanceBelowTheTable_bothRefuse() {
        assertThrows(UnsupportedOperationException.class, () -> FilterFactory.getFilter(10, 6.7e-5));
        assertThrows(IllegalArgumentException.class, () -> CassandraBloom.create(10, 6.7e-5));
        IFilter none = FilterFactory.getFilter(10, 1.0);
        assertFalse(none.isInformative());
        assertThrows(IllegalArgumentException.class, () -> CassandraBloom.create(10, 1.0));
    }
}
