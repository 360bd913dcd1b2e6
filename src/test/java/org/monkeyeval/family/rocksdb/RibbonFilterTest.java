package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.monkeyeval.stats.BinomialInterval;

/**
 * Guards the Ribbon filter built from 64-bit hashes: every added hash is accepted, the bytes are
 * RocksDB's size and survive a write and a read, they do not depend on the order the hashes are
 * banded in (which the start-ordered build relies on), and the measured false-positive rate on
 * hashes never added is the rate the layout predicts.
 */
final class RibbonFilterTest {

    private static long[] hashes(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] h = new long[n];
        for (int i = 0; i < n; i++) {
            h[i] = random.nextLong();
        }
        return h;
    }

    @ParameterizedTest(name = "n={0} b={1}")
    @CsvSource({
        "2087, 2", "2087, 10", "3000, 16", "5000, 6", "20000, 10", "20000, 23", "100000, 1",
        "100000, 16", "70000, 100",
    })
    void construct_addedHashes_allAccepted(int n, double bitsPerKey) {
        long[] keys = hashes(n, n * 31L + (long) bitsPerKey);
        Ribbon rules = Ribbon.of(bitsPerKey);
        RibbonFilter filter = RibbonFilter.construct(keys, rules);
        assertEquals(-1, filter.firstRejected(keys, n));
        assertEquals(rules.filterBytes(n, (int) (keys[0] >>> 32)), filter.filterBytes());
        assertEquals(rules.layout(n, (int) (keys[0] >>> 32)), filter.layout());
    }

    @Test
    void construct_typicalHashes_solvesWithinAFewSeedsOfTheFirst() {
        // Seeds start at the low byte of the first hash; a build that solves at once keeps it.
        long[] keys = hashes(50_000, 5);
        RibbonFilter filter = RibbonFilter.construct(keys, Ribbon.of(10));
        int first = (int) keys[0] & 255;
        int tries = (filter.ordinalSeed() - first) & 255;
        assertTrue(tries < 10, "seed " + filter.ordinalSeed() + " after first " + first);
    }

    /**
     * The start-ordered build gives the bytes of banding in the order given: a permutation that keeps
     * the first hash (which picks the first seed and the rounding) changes nothing, above and below
     * {@link RibbonFilter#SORT_THRESHOLD} (where the build bands in the order given).
     */
    @ParameterizedTest(name = "n={0}")
    @CsvSource({"2500", "9000", "60000"})
    void construct_permutedHashes_sameBytes(int n) {
        long[] keys = hashes(n, 77);
        long[] permuted = keys.clone();
        SplittableRandom random = new SplittableRandom(78);
        for (int i = permuted.length - 1; i > 1; i--) {
            int j = 1 + random.nextInt(i);
            long t = permuted[i];
            permuted[i] = permuted[j];
            permuted[j] = t;
        }
        Ribbon rules = Ribbon.of(10);
        assertArrayEquals(RibbonFilter.construct(keys, rules).toBytes(), RibbonFilter.construct(permuted, rules).toBytes());
    }

    /**
     * A banding that tried one seed and is tried again with another (as after a failed seed) gives
     * what a fresh banding gives for that seed: the first attempt's rows are cleared. The seeds are the
     * first two that both solve, so the second attempt is not cut short.
     */
    @Test
    void addAll_reusedBanding_sameAsFresh() {
        long[] keys = hashes(20_000, 13);
        Ribbon.Layout layout = Ribbon.of(10).layout(keys.length, (int) (keys[0] >>> 32));
        int slots = (int) layout.numSlots();
        RibbonFilter.Banding reused = new RibbonFilter.Banding(slots);
        int first = 0;
        while (!new RibbonFilter.Banding(slots).addAll(keys, RibbonFilter.rawSeed(first), layout.numStarts())) {
            first++;
        }
        int second = first + 1;
        while (!new RibbonFilter.Banding(slots).addAll(keys, RibbonFilter.rawSeed(second), layout.numStarts())) {
            second++;
        }
        assertTrue(reused.addAll(keys, RibbonFilter.rawSeed(first), layout.numStarts()));
        assertTrue(reused.addAll(keys, RibbonFilter.rawSeed(second), layout.numStarts()));
        RibbonFilter.Banding fresh = new RibbonFilter.Banding(slots);
        assertTrue(fresh.addAll(keys, RibbonFilter.rawSeed(second), layout.numStarts()));
        assertArrayEquals(fresh.rows, reused.rows);
        assertArrayEquals(fresh.result, reused.result);
    }

    @Test
    void construct_repeatedHashes_accepted() {
        long[] keys = hashes(30_000, 9);
        System.arraycopy(keys, 0, keys, 15_000, 10_000); // 10,000 hashes twice
        RibbonFilter filter = RibbonFilter.construct(keys, Ribbon.of(8));
        assertEquals(-1, filter.firstRejected(keys, keys.length));
    }

    @Test
    void toBytes_read_sameBytesSameAnswers() {
        long[] keys = hashes(40_000, 11);
        RibbonFilter built = RibbonFilter.construct(keys, Ribbon.of(9.5));
        byte[] bytes = built.toBytes();
        assertEquals(built.filterBytes(), bytes.length);
        assertEquals(RibbonFilter.MARKER, bytes[bytes.length - 5]);
        assertEquals(built.ordinalSeed(), bytes[bytes.length - 4] & 0xFF);
        assertEquals(built.layout().numBlocks(),
                (bytes[bytes.length - 3] & 0xFF) | (bytes[bytes.length - 2] & 0xFF) << 8 | (bytes[bytes.length - 1] & 0xFF) << 16);
        RibbonFilter read = RibbonFilter.read(bytes);
        assertArrayEquals(bytes, read.toBytes());
        assertEquals(built.layout(), read.layout());
        for (long q : hashes(20_000, 12)) {
            assertEquals(built.mayContain(q), read.mayContain(q));
        }
    }

    @Test
    void read_notRibbon_rejected() {
        byte[] bloom = new byte[64 + 5];
        bloom[64] = -1; // the fast local Bloom marker
        assertThrows(IllegalArgumentException.class, () -> RibbonFilter.read(bloom));
        byte[] oneBlock = new byte[16 + 5];
        oneBlock[16] = RibbonFilter.MARKER;
        oneBlock[18] = 1; // one block: RocksDB reads this as always true
        assertThrows(IllegalArgumentException.class, () -> RibbonFilter.read(oneBlock));
        assertThrows(IllegalArgumentException.class, () -> RibbonFilter.read(new byte[5]));
    }

    @Test
    void construct_bloomFallbackSize_rejected() {
        assertThrows(IllegalArgumentException.class, () -> RibbonFilter.construct(hashes(50, 1), Ribbon.of(10)));
        assertThrows(IllegalArgumentException.class, () -> RibbonFilter.construct(new long[0], Ribbon.of(10)));
    }

    /**
     * Over 200,000 added hashes, the rate on 2,000,000 (10 bits) or 8,000,000 (16 bits) hashes never
     * added is the family's rate within 4 standard deviations, and RocksDB's EstimatedFpRate (which
     * leaves out the n / 2^64 collision term, below 1e-13 here) is that rate.
     */
    @ParameterizedTest(name = "b={0}")
    @CsvSource({"10, 2000000", "16, 8000000"})
    void mayContain_absentHashes_rateOfTheFamily(double bitsPerKey, int queries) {
        int n = 200_000;
        long[] keys = hashes(n, 2021);
        Ribbon rules = Ribbon.of(bitsPerKey);
        RibbonFilter filter = RibbonFilter.construct(keys, rules);
        int bias = (int) (keys[0] >>> 32);
        double predicted = rules.fpr(n, bias);
        assertEquals(rules.estimatedFpRate(n, filter.filterBytes()), predicted, 1e-12);
        SplittableRandom absent = new SplittableRandom(2022); // a different stream: disjoint with overwhelming odds
        long positives = 0;
        for (int i = 0; i < queries; i++) {
            positives += filter.mayContain(absent.nextLong()) ? 1 : 0;
        }
        double z = BinomialInterval.zScore(positives, queries, predicted);
        assertTrue(Math.abs(z) < 4, "measured " + (double) positives / queries + " predicted " + predicted + " z " + z);
    }
}
