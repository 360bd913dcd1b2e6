package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Guards that {@link LegacyBloomLattice} is the rate of the legacy filter built from 32-bit hashes where
 * the line and the probes come from the same hash: its per-query sum is exact (a brute-force count over a
 * line's hashes), it follows a built filter at a line count where the uniform model is 20% low, and it
 * agrees with the uniform model where a line holds many hashes per pattern.
 */
final class LegacyBloomLatticeTest {

    private static final long HASHES = 1L << 32;

    /**
     * One stored key: the query is a false positive iff that key's hash is in the query's line and its
     * probes cover every bit the query probes. The inclusion-exclusion sum must equal that count over
     * the line's hashes, divided by 2^32. Every pass over the line is checked: at 2^17 + 3 lines the screened one
     * (6, 11 and 16 probes) and the count of starts (1 probe), at 2^20 + 7 lines hash by hash; and at 2^18 + 64
     * lines, where the line's hashes take only 8 starts (L = 64 mod 512), each pass where it applies.
     */
    @Test
    void queryRate_withOneKey_isTheShareOfHashesCoveringTheQuery() {
        SplittableRandom random = new SplittableRandom(11);
        for (long lines : new long[] {(1L << 17) + 3, (1L << 20) + 7, (1L << 18) + 64}) {
            queryRate_withOneKey_isTheShareOfHashesCoveringTheQuery(lines, random);
        }
    }

    private static void queryRate_withOneKey_isTheShareOfHashesCoveringTheQuery(long lines, SplittableRandom random) {
        for (int probes : new int[] {1, 6, 11, 16}) {
            for (int q = 0; q < 8; q++) {
                long query = random.nextLong() & 0xFFFF_FFFFL;
                long covering = 0;
                for (long h = query % lines; h < HASHES; h += lines) {
                    covering += covers(h, query, probes) ? 1 : 0;
                }
                assertTrue(covering >= 1, "the query's own hash covers it");
                assertEquals(covering / 0x1p32, LegacyBloomLattice.queryRate(1, lines, probes, query), 1e-15,
                        lines + " lines, " + probes + " probes, query " + query);
            }
        }
    }

    /**
     * At L = 312,505 (10,000,160 keys at 16 bits per key, 11 probes) the line's hashes fall on a lattice
     * that makes the filter 25% worse than the uniform model: a filter built from 10 million random
     * hashes and asked 3 million others measures the lattice rate, and lies more than 8 standard
     * deviations from the uniform model's.
     */
    @Test
    void rate_followsABuiltFilter_whereTheUniformModelIsLow() {
        long entries = 10_000_160L;
        assertEquals(312_505, LegacyBloom.numLines(entries, 16));
        LegacyBloom filter = hashFilter(entries, 16, 13L);
        assertEquals(312_505, filter.numLines());
        double lattice = LegacyBloomRate.fpr(entries, 312_505, 11);
        double uniform = LegacyBloomRate.uniformFpr(entries, 312_505, 11);
        long queries = 3_000_000;
        SplittableRandom random = new SplittableRandom(14L);
        long positives = 0;
        for (long q = 0; q < queries; q++) {
            positives += filter.mayContainHash(random.nextInt()) ? 1 : 0;
        }
        double measured = (double) positives / queries;
        double sigma = Math.sqrt(lattice * (1 - lattice) / queries);
        assertEquals(lattice, measured, 4 * sigma, "measured " + positives + " of " + queries);
        assertTrue(Math.abs(measured - uniform) > 8 * sigma, "uniform " + uniform + ", measured " + measured);
        assertTrue(lattice > 1.2 * uniform, "lattice " + lattice + ", uniform " + uniform);
    }

    /**
     * Where a line holds several hashes of every (start, step) pattern (L = 40,961 &lt; 2^16), the lattice
     * hardly differs from independent fields: the quadrature and the uniform model agree within 0.6%.
     */
    @Test
    void quadrature_agreesWithTheUniformModel_whereLinesHoldManyHashes() {
        long lines = 40_961;
        long entries = lines * 512 / 10;
        double quadrature = LegacyBloomLattice.quadrature(entries, lines, 6);
        double uniform = LegacyBloomRate.uniformFpr(entries, lines, 6);
        assertEquals(1.0, quadrature / uniform, 0.006, "quadrature " + quadrature + ", uniform " + uniform);
    }

    /** From 2^17 lines and up to 16 probes the rate is the lattice's; else the uniform model's. */
    @Test
    void fpr_takesTheLattice_from2To17Lines_upTo16Probes() {
        assertTrue(LegacyBloomLattice.applies(1L << 17, 16));
        assertTrue(!LegacyBloomLattice.applies((1L << 17) - 1, 6));
        assertTrue(!LegacyBloomLattice.applies(1L << 20, 17));
        long entries = 10_000_160L;
        assertEquals(LegacyBloomLattice.rate(entries, 312_505, 11), LegacyBloomRate.fpr(entries, 312_505, 11));
    }

    /**
     * Reading a chain of hashes that share a start as sets ({@link LegacyBloomLattice.Chains}) finds the hashes
     * that meet the query's bits that reading it hash by hash finds: the same P(q), bit for bit, over line counts
     * where every low byte's steps are distinct (140,625, Pebble's at 10 bits per key and 7.2 million keys), where
     * only some are (332,033) or none (2^17 + 3 and 2^18 + 64: L = 3 and 64 mod 2^17, so e_t climbs less than a
     * step a hash), and where the chains are short (390,625).
     */
    @Test
    void queryRate_readingChainsAsSets_isReadingThemHashByHash() {
        SplittableRandom random = new SplittableRandom(17);
        long[] lineCounts = {140_625, 332_033, (1L << 17) + 3, (1L << 18) + 64, 390_625};
        int[] distinctBytes = new int[lineCounts.length];
        for (int c = 0; c < lineCounts.length; c++) {
            long lines = lineCounts[c];
            LegacyBloomLattice.Chains chains = LegacyBloomLattice.Chains.of(lines);
            for (boolean distinct : chains.distinct) {
                distinctBytes[c] += distinct ? 1 : 0;
            }
            for (int probes : new int[] {4, 6, 11}) {
                for (int q = 0; q < 24; q++) {
                    long query = random.nextLong() & 0xFFFF_FFFFL;
                    assertEquals(LegacyBloomLattice.queryRate(7_000_000, lines, probes, query, false),
                            LegacyBloomLattice.queryRate(7_000_000, lines, probes, query, true),
                            lines + " lines, " + probes + " probes, query " + query);
                }
            }
        }
        assertEquals(256, distinctBytes[0]);
        assertTrue(distinctBytes[1] > 0 && distinctBytes[1] < 256, "some low bytes: " + distinctBytes[1]);
        assertEquals(0, distinctBytes[2]);
        assertEquals(0, distinctBytes[3]);
        assertNull(LegacyBloomLattice.Chains.of(40_961), "chains of 204 or 205 hashes, more than a byte numbers");
        assertNull(LegacyBloomLattice.Chains.of(1_171_875), "chains of 7 or 8 hashes, read hash by hash");
    }

    /** Whether hash h's k probes cover every bit the query's k probes set. */
    private static boolean covers(long h, long query, int probes) {
        return covered(probeBits(h, probes), probeBits(query, probes));
    }

    private static boolean covered(long[] set, long[] query) {
        for (int w = 0; w < 8; w++) {
            if ((query[w] & ~set[w]) != 0) {
                return false;
            }
        }
        return true;
    }

    /** The 512-bit set of a hash's probes in its line, as RocksDB's legacy filter places them. */
    private static long[] probeBits(long hash, int probes) {
        long[] bits = new long[8];
        int h = (int) hash;
        int delta = LegacyBloom.delta(h);
        for (int i = 0; i < probes; i++) {
            int position = h & 511;
            bits[position >>> 6] |= 1L << (position & 63);
            h += delta;
        }
        return bits;
    }

    private static LegacyBloom hashFilter(long entries, int bitsPerKey, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        LegacyBloom.Builder builder = LegacyBloom.builder(bitsPerKey);
        int previous = 0;
        for (long i = 0; i < entries; i++) {
            int h = random.nextInt();
            if (i > 0 && h == previous) {
                h ^= 1; // keep n hashes: the builder drops a hash equal to the one before
            }
            builder.addHash(h);
            previous = h;
        }
        assertEquals(entries, builder.entries());
        return LegacyBloom.read(builder.finish());
    }
}
