package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import org.monkeyeval.filter.LineOccupancy;

/**
 * A built fast local Bloom filter's own rate, from its lines' occupancy, is the share of absent keys its
 * query lets through, counted; over many builds it averages to the family's expected rate, around which
 * single builds spread by a few percent; a filter of another family has none (its family rate stands).
 */
final class BuiltRateTest {

    private static byte[] build(long seed, int keys, double bitsPerKey) {
        FastLocalBloomBuilder b = new FastLocalBloomBuilder(bitsPerKey);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < keys; i++) {
            b.addKey(random.nextLong());
        }
        return b.finish();
    }

    @Test
    void builtRate_isTheShareOfAbsentKeysTheFilterPasses() {
        for (double bits : new double[] {6, 10, 16}) {
            byte[] block = build(7, 8_000, bits);
            double rate = RocksDbFileFilter.builtRate(List.of(block)).orElseThrow();
            FastLocalBloomReader reader = FastLocalBloomReader.of(block);
            SplittableRandom random = new SplittableRandom(11);
            int probes = 4_000_000;
            long passed = 0;
            for (int i = 0; i < probes; i++) {
                if (reader.mayContainHash(random.nextLong())) {
                    passed++;
                }
            }
            double counted = (double) passed / probes;
            double se = Math.sqrt(rate * (1 - rate) / probes);
            assertTrue(Math.abs(counted - rate) <= 3.5 * se, () -> bits + " bits/key: counted " + counted
                    + ", built rate " + rate + " (" + (counted - rate) / se + " standard errors)");
        }
    }

    @Test
    void builtRates_averageToTheFamilyRate_singleBuildsSpreadAroundIt() {
        int builds = 200;
        int keys = 8_000;
        double sum = 0;
        double sumSquares = 0;
        long lines = 0;
        int k = 0;
        for (int s = 0; s < builds; s++) {
            byte[] block = build(1_000 + s, keys, 10);
            double r = RocksDbFileFilter.builtRate(List.of(block)).orElseThrow();
            sum += r;
            sumSquares += r * r;
            FastLocalBloomReader reader = FastLocalBloomReader.of(block);
            lines = reader.lines();
            k = reader.numProbes();
        }
        double mean = sum / builds;
        double sd = Math.sqrt((sumSquares - builds * mean * mean) / (builds - 1));
        double family = LineOccupancy.fpr(keys, lines, k);
        assertEquals(family, mean, 3.5 * sd / Math.sqrt(builds));
        assertTrue(sd > 0.005 * family, "single builds spread: sd " + sd / family + " of the rate");
    }

    @Test
    void builtRate_ofLineCounts_isTheMeanOfEachLinesShareToTheK() {
        assertEquals((Math.pow(0.5, 3) + Math.pow(0.25, 3)) / 2, LineOccupancy.builtRate(new int[] {256, 128}, 3), 1e-15);
        assertEquals(0.0, LineOccupancy.builtRate(new int[] {0, 0}, 6));
    }

    @Test
    void ribbonFilter_noBuiltRate() {
        List<byte[]> keys = new java.util.ArrayList<>();
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 3_000; i++) {
            keys.add(java.nio.ByteBuffer.allocate(8).putLong(random.nextLong()).array());
        }
        byte[] ribbon = RibbonFilter.filterBlock(keys, Ribbon.of(10));
        assertTrue(RocksDbFileFilter.builtRate(List.of(ribbon)).isEmpty());
    }
}
