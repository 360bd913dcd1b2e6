package org.monkeyeval.family;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigInteger;
import java.util.BitSet;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.monkeyeval.stats.BinomialInterval;

import org.monkeyeval.filter.Hashing;
import org.monkeyeval.filter.KeySpace;

import org.monkeyeval.filter.FilterChecks;

/**
 * Guards the standard Bloom layout: m = max(1, round(n b)) and k = max(1, round(b ln 2)) exactly;
 * every probe lands in [0, m) and is the bit the documented derivation names; inserted keys are never
 * rejected; the FPR measured on disjoint absent keys agrees with (1 - e^(-kn/m))^k; queries allocate
 * nothing.
 */
final class StandardBloomTest {

    private static final long HASH_SEED = 1970L;
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    private static StandardBloom build(KeySpace keys, long entries, double bitsPerEntry) {
        return StandardBloom.construct(entries, bitsPerEntry, i -> keys.storedKey(0, i), HASH_SEED);
    }

    @ParameterizedTest(name = "n={0}, b={1} -> m={2}")
    @CsvSource({
        "100000, 10, 1000000",
        "100000, 19.07, 1907000",
        "3, 3.3, 10",
        "7, 1, 7",
        "12345, 0.5, 6173",
        "10, 0.05, 1",
        "1, 0.3, 1",
        "0, 10, 1",
    })
    void bitsFor_nAndB_isMaxOfOneAndRoundedProduct(long n, double b, long expectedBits) {
        assertEquals(expectedBits, StandardBloom.bitsFor(n, b));
    }

    @ParameterizedTest(name = "b={0} -> k={1}")
    @CsvSource({"0.5, 1", "1, 1", "2.2, 2", "3.3, 2", "10, 7", "19.07, 13", "0.01, 1"})
    void hashesFor_b_isMaxOfOneAndRoundedBLn2(double b, int expectedHashes) {
        assertEquals(expectedHashes, StandardBloom.hashesFor(b));
    }

    @Test
    void construct_builtFilter_reportsExactBitCountAndHashes() {
        KeySpace keys = new KeySpace(1);
        StandardBloom filter = build(keys, 1_234, 3.3);
        assertEquals(Math.round(1_234 * 3.3), filter.bitCount());
        assertEquals(2, filter.hashes());
        assertEquals(1_234, filter.entries());
        assertTrue(filter.bitsSet() <= filter.bitCount());
    }

    @Test
    void construct_zeroOrNegativeBits_rejectedAsNoFilter() {
        KeySpace keys = new KeySpace(1);
        assertFalse(StandardBloom.hasFilter(0.0));
        assertTrue(StandardBloom.hasFilter(1e-9));
        assertThrows(IllegalArgumentException.class, () -> build(keys, 10, 0.0));
        assertThrows(IllegalArgumentException.class, () -> build(keys, 10, -1.0));
        assertThrows(IllegalArgumentException.class, () -> build(keys, 10, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> build(keys, -1, 10));
    }

    @Test
    void probeIndex_tinyFilterOfSevenBits_staysInRangeAndCoversEveryBit() {
        SplittableRandom random = new SplittableRandom(7);
        BitSet hit = new BitSet();
        for (int trial = 0; trial < 5_000; trial++) {
            long hash = random.nextLong();
            for (int i = 0; i < 13; i++) {
                long bit = StandardBloom.probeIndex(hash, i, 7);
                assertTrue(bit >= 0 && bit < 7, "probe " + i + " of hash " + hash + " -> " + bit);
                hit.set((int) bit);
            }
        }
        assertEquals(7, hit.cardinality());
    }

    @Test
    void tinyFilter_sevenBits_setsOnlyBitsBelowSevenAndKeepsKeys() {
        KeySpace keys = new KeySpace(3);
        StandardBloom filter = build(keys, 2, 3.5);
        assertEquals(7, filter.bitCount());
        assertEquals(2, filter.hashes());
        assertTrue(filter.bitsSet() >= 1 && filter.bitsSet() <= 4, "bits set: " + filter.bitsSet());
        assertEquals(0, FilterChecks.falseNegatives(filter, keys, 2));
    }

    /** Independent reference: probe bits from the documented formula with BigInteger arithmetic. */
    private static long[] referenceProbes(long key, long m, int k) {
        long h1 = Hashing.hash64(key, HASH_SEED);
        BigInteger g = unsigned(h1);
        BigInteger h2 = unsigned(Long.rotateLeft(h1, 32) | 1L);
        long[] bits = new long[k];
        for (int i = 0; i < k; i++) {
            BigInteger gi = g.add(h2.multiply(BigInteger.valueOf(i))).mod(TWO_TO_64);
            BigInteger mixed = unsigned(Hashing.mix13(gi.longValue()));
            bits[i] = mixed.multiply(BigInteger.valueOf(m)).shiftRight(64).longValueExact();
        }
        return bits;
    }

    private static BigInteger unsigned(long x) {
        BigInteger b = BigInteger.valueOf(x);
        return x < 0 ? b.add(TWO_TO_64) : b;
    }

    @Test
    void mayContain_smallFilter_agreesWithReferenceProbeModel() {
        KeySpace keys = new KeySpace(11);
        int entries = 30;
        StandardBloom filter = build(keys, entries, 8);
        long m = filter.bitCount();
        int k = filter.hashes();
        BitSet model = new BitSet();
        for (int i = 0; i < entries; i++) {
            for (long bit : referenceProbes(keys.storedKey(0, i), m, k)) {
                model.set((int) bit);
            }
        }
        assertEquals(model.cardinality(), filter.bitsSet());
        int positives = 0;
        for (long j = 0; j < 20_000; j++) {
            long key = keys.absentKey(j);
            boolean expected = true;
            for (long bit : referenceProbes(key, m, k)) {
                expected &= model.get((int) bit);
            }
            assertEquals(expected, filter.mayContain(key), "absent key " + j);
            positives += expected ? 1 : 0;
        }
        assertTrue(positives > 0 && positives < 20_000, "model should accept some but not all: " + positives);
    }

    @ParameterizedTest(name = "b={0}")
    @ValueSource(doubles = {0.5, 1, 3.3, 10, 19.07})
    void mayContain_insertedKeys_neverFalseNegative(double bitsPerEntry) {
        KeySpace keys = new KeySpace(42);
        long entries = 20_000;
        StandardBloom filter = build(keys, entries, bitsPerEntry);
        assertEquals(0, FilterChecks.falseNegatives(filter, keys, entries));
    }

    @Test
    void measuredFpr_tenBitsPerKey_agreesWithPredictionWithinFourStandardErrors() {
        KeySpace keys = new KeySpace(20_170_514);
        long entries = 100_000;
        long queries = 200_000;
        StandardBloom filter = build(keys, entries, 10);
        double predicted = filter.predictedFpr();
        assertEquals(0.0081937, predicted, 1e-7, "(1 - e^-0.7)^7");
        long falsePositives = FilterChecks.falsePositives(filter, keys, queries);
        double z = BinomialInterval.zScore(falsePositives, queries, predicted);
        assertTrue(Math.abs(z) < 4, "measured " + falsePositives + "/" + queries + " vs predicted " + predicted
                + ": z = " + z);
    }

    @Test
    void predictedFpr_knownCases() {
        assertEquals(0.0, StandardBloom.predictedFpr(0, 100, 3));
        // n = m, k = 1: 1 - e^-1
        assertEquals(1 - Math.exp(-1), StandardBloom.predictedFpr(1000, 1000, 1), 1e-15);
        // tiny load: (k n / m)^k to leading order
        assertEquals(Math.pow(1e-6, 2), StandardBloom.predictedFpr(1, 2_000_000, 2), 1e-17);
        assertThrows(IllegalArgumentException.class, () -> StandardBloom.predictedFpr(1, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> StandardBloom.predictedFpr(1, 10, 0));
    }

    @Test
    void mayContain_manyQueries_allocatesNothing() {
        KeySpace keys = new KeySpace(9);
        StandardBloom filter = build(keys, 10_000, 10);
        FilterChecks.bytesAllocatedByQueries(filter, keys, 50_000); // warm up
        long bytes = FilterChecks.bytesAllocatedByQueries(filter, keys, 200_000);
        assumeTrue(bytes >= 0, "per-thread allocation not measurable on this JVM");
        // One 16-byte object per query would be 3.2 MB; allow a little for the measurement itself.
        assertTrue(bytes < 64 * 1024, "allocated " + bytes + " bytes over 200000 queries");
    }
}
