package org.monkeyeval.family.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;

import org.apache.cassandra.dht.Murmur3Partitioner;
import org.apache.cassandra.utils.BloomFilter;
import org.apache.cassandra.utils.FilterFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Guards {@link CassandraDistinctProbes}: its index identity is Cassandra's (BloomFilter.getHashBuckets),
 * its distribution is a distribution, and E[f^D] from it agrees within 4 sigma with E[f^D] over random
 * 128-bit hashes run through Cassandra's index arithmetic ({@link CassandraBloom#index}), for bit-set
 * sizes that are and are not powers of two.
 */
final class CassandraDistinctProbesTest {

    @Test
    void index_equalsCassandrasGetHashBuckets() {
        BloomFilter cassandra = (BloomFilter) FilterFactory.getFilter(1000, 0.01);
        try {
            SplittableRandom random = new SplittableRandom(5L);
            for (int trial = 0; trial < 2000; trial++) {
                byte[] key = new byte[1 + random.nextInt(30)];
                random.nextBytes(key);
                long max = 64L * (1 + random.nextInt(1 << 20));
                long[] theirs = cassandra.getHashBuckets(Murmur3Partitioner.instance.decorateKey(ByteBuffer.wrap(key)),
                        14, max);
                long[] hash = CassandraMurmur3.hash3x64x128(key);
                long[] ours = new long[14];
                for (int i = 0; i < 14; i++) {
                    ours[i] = CassandraBloom.index(hash[0], hash[1], i, max);
                }
                assertArrayEquals(theirs, ours, "max " + max);
            }
        } finally {
            cassandra.close();
        }
    }

    @Test
    void distribution_everyHashCountAndSmallSizes_isNonNegativeAndSumsToOne() {
        for (int k = 1; k <= 14; k++) {
            for (long m = 64; m <= 64 * 40; m += 64) {
                double[] p = CassandraDistinctProbes.distribution(m, k);
                double sum = 0;
                for (double x : p) {
                    assertTrue(x >= 0, "m=" + m + " K=" + k);
                    sum += x;
                }
                assertEquals(0.0, p[0]);
                assertEquals(1.0, sum, 1e-12, "m=" + m + " K=" + k);
            }
        }
    }

    @Test
    void distribution_largeBitSet_allProbesDistinctButForAboutOneInAMillion() {
        double[] p = CassandraDistinctProbes.distribution(20_000_064L, 14);
        assertTrue(1 - p[14] > 1e-7 && 1 - p[14] < 1e-5, "P(D < K) = " + (1 - p[14]));
    }

    /** m = 2048 and 1024 divide 2^64 (W = 0); 1920, 20032 and 100032 do not. */
    @ParameterizedTest(name = "m={0} K={1}")
    @CsvSource({"2048, 14", "1024, 6", "1920, 13", "20032, 14", "100032, 7", "30080, 2"})
    void expectedPassRate_agreesWithCassandrasIndexArithmeticOverRandomHashes(long m, int k) {
        double f = 0.5;
        int samples = 2_000_000;
        SplittableRandom random = new SplittableRandom(m * 31 + k);
        long[] index = new long[k];
        double sum = 0;
        double sumSquares = 0;
        for (int q = 0; q < samples; q++) {
            long h0 = random.nextLong();
            long h1 = random.nextLong();
            int distinct = 0;
            for (int i = 0; i < k; i++) {
                long x = CassandraBloom.index(h0, h1, i, m);
                boolean seen = false;
                for (int j = 0; j < distinct && !seen; j++) {
                    seen = index[j] == x;
                }
                if (!seen) {
                    index[distinct++] = x;
                }
            }
            double pass = Math.pow(f, distinct);
            sum += pass;
            sumSquares += pass * pass;
        }
        double simulated = sum / samples;
        double sigma = Math.sqrt((sumSquares / samples - simulated * simulated) / samples);
        double[] p = CassandraDistinctProbes.distribution(m, k);
        double model = 0;
        for (int d = 1; d <= k; d++) {
            model += p[d] * Math.pow(f, d);
        }
        assertTrue(Math.abs(model - simulated) <= 4 * sigma,
                "model " + model + " simulated " + simulated + " sigma " + sigma + " f^K " + Math.pow(f, k));
    }
}
