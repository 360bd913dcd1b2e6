package org.monkeyeval.family.fastfilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.monkeyeval.filter.KeySpace;

/**
 * The binary fuse filter: its sizes are FastFilter 1.0.5's (XorBinaryFuse8.construct, written out here
 * a second time as the reference writes it, with Math.log and int arithmetic), construction peels every
 * size tried and is a function of the keys and the seed, no stored key is rejected at any width, the
 * packed table holds w-bit values across word boundaries, and the rate of absent keys is 2^-w: the
 * fingerprint is independent of the slots, so the mean over filters, and each filter, sit at 2^-w.
 */
final class BinaryFuseFilterTest {

    /** XorBinaryFuse8.construct's array length (FastFilter 1.0.5), transcribed step by step for n &gt;= 2. */
    private static long referenceArrayLength(int size) {
        int segmentLength = 1 << (int) Math.floor(Math.log(size) / Math.log(3.33) + 2.11);
        if (segmentLength > (1 << 18)) {
            segmentLength = 1 << 18;
        }
        double sizeFactor = Math.max(1.125, 0.875 + 0.25 * Math.log(1000000) / Math.log(size));
        int capacity = (int) (size * sizeFactor);
        int segmentCount = (capacity + segmentLength - 1) / segmentLength - 2;
        int arrayLength = (segmentCount + 2) * segmentLength;
        segmentCount = (arrayLength + segmentLength - 1) / segmentLength;
        segmentCount = segmentCount <= 2 ? 1 : segmentCount - 2;
        return (long) (segmentCount + 2) * segmentLength;
    }

    @Test
    void slots_equalTheReferencesArrayLength_forEveryNUpTo200000() {
        for (int n = 2; n <= 200_000; n++) {
            assertEquals(referenceArrayLength(n), BinaryFuseFilter.slots(n), "n=" + n);
        }
    }

    /** The published run sizes of cases/ (every run of every case) and the confirmation's cap of 10^7. */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1_000, 6_349, 10_000, 25_000, 60_000, 100_000, 1_000_000, 5_000_000, 10_000_000,
            100_000_000, 1_000_000_000})
    void slots_equalTheReferencesArrayLength_atLargeSizes(int n) {
        assertEquals(referenceArrayLength(n), BinaryFuseFilter.slots(n));
    }

    /**
     * The references' constants for large n (arity 3): segments of at most 2^18 slots (FastFilter's
     * 18-bit limit), and the size factor's floor 1.125, so 1.125 n slots plus at most three segments.
     */
    @Test
    void slots_atLargeN_areOnePointOneTwoFiveNPlusTheSegmentPadding() {
        assertEquals(1 << 18, BinaryFuseFilter.segmentLength(1_000_000_000));
        for (long n : new long[] {10_000_000, 100_000_000, 1_000_000_000}) {
            long length = BinaryFuseFilter.segmentLength(n);
            long slots = BinaryFuseFilter.slots(n);
            assertTrue(slots >= (long) (1.125 * n) && slots < (long) (1.125 * n) + 3 * length,
                    "n=" + n + ": " + slots + " slots, segment " + length);
        }
    }

    @Test
    void slots_ofOneKey_areThreeSegmentsOfFour() {
        assertEquals(4, BinaryFuseFilter.segmentLength(1));
        assertEquals(12, BinaryFuseFilter.slots(1));
    }

    @ParameterizedTest(name = "w={0}")
    @ValueSource(ints = {4, 8, 10, 12, 16})
    void construct_everySizeTo1500_peelsAndRejectsNoStoredKey(int w) {
        KeySpace keys = new KeySpace(w);
        for (int n = 1; n <= 1_500; n++) {
            int run = n;
            BinaryFuseFilter f = BinaryFuseFilter.construct(n, w, i -> keys.storedKey(run, i), n);
            assertEquals(BinaryFuseFilter.slots(n) * w, f.bitCount());
            assertEquals(-1, f.firstRejected(storedKeys(keys, run, n), n), "w=" + w + " n=" + n);
        }
    }

    /** Seeds retried: fewer than one build in 20 needs a second seed, from 100 to 100,000 keys. */
    @Test
    void construct_retriesAreRare() {
        KeySpace keys = new KeySpace(3);
        int builds = 0;
        int retries = 0;
        for (int n = 100; n <= 100_000; n = n * 11 / 10) {
            for (int seed = 0; seed < 4; seed++) {
                int run = n + seed;
                BinaryFuseFilter f = BinaryFuseFilter.construct(n, 8, i -> keys.storedKey(run, i), seed);
                builds++;
                retries += f.attempts() - 1;
            }
        }
        assertTrue(retries * 20 < builds, retries + " retries in " + builds + " builds");
    }

    @Test
    void construct_sameKeysAndSeed_buildsTheSameTable_otherSeedAnother() {
        KeySpace keys = new KeySpace(5);
        BinaryFuseFilter a = BinaryFuseFilter.construct(50_000, 10, i -> keys.storedKey(0, i), 7);
        BinaryFuseFilter b = BinaryFuseFilter.construct(50_000, 10, i -> keys.storedKey(0, i), 7);
        BinaryFuseFilter c = BinaryFuseFilter.construct(50_000, 10, i -> keys.storedKey(0, i), 8);
        assertEquals(a.tableChecksum(), b.tableChecksum());
        assertEquals(a.hashSeed(), b.hashSeed());
        assertNotEquals(a.tableChecksum(), c.tableChecksum());
    }

    /**
     * Golden value: the table of one filter, pinned so that a change of hashing, slots, peeling order or
     * packing (which would move every measured binary fuse row) fails here, on JDK 17 and 25 alike.
     */
    @Test
    void construct_pinnedFilter_keepsItsTable() {
        KeySpace keys = new KeySpace(20170514);
        BinaryFuseFilter f = BinaryFuseFilter.construct(10_000, 8, i -> keys.storedKey(1, i), 20170514);
        assertEquals(1, f.attempts());
        assertEquals(512, f.segmentLength());
        assertEquals(GOLDEN_TABLE_CHECKSUM, f.tableChecksum());
    }

    private static final long GOLDEN_TABLE_CHECKSUM = 311884463582579977L;

    @ParameterizedTest(name = "w={0}")
    @ValueSource(ints = {1, 3, 4, 7, 8, 10, 12, 13, 16})
    void packedTable_holdsEveryWidthAcrossWordBoundaries(int w) {
        BinaryFuseFilter f = BinaryFuseFilter.construct(1_000, w, i -> i * 0x9E3779B97F4A7C15L, 1);
        SplittableRandom random = new SplittableRandom(w);
        int[] values = new int[f.slotCount()];
        for (int s = 0; s < values.length; s++) {
            values[s] = random.nextInt(1 << w);
            f.set(s, values[s]);
        }
        for (int s = 0; s < values.length; s++) {
            assertEquals(values[s], f.get(s), "slot " + s);
        }
    }

    /**
     * The rate of absent keys, over 40 filters per width: the mean measured rate is 2^-w within four
     * standard errors of the queries' noise alone (no filter-to-filter spread is allowed for), and so is
     * every filter within 4.5 of its own.
     */
    @ParameterizedTest(name = "w={0}/n={1}")
    @CsvSource({"4,1000", "8,1000", "8,30000", "10,3000", "12,3000", "16,30000"})
    void measuredRate_isTwoToMinusW(int w, int n) {
        int filters = 40;
        long queries = w >= 12 ? 1_000_000 : 200_000;
        double p = BinaryFuseFilter.falsePositiveRate(w);
        long total = 0;
        for (int b = 0; b < filters; b++) {
            KeySpace keys = new KeySpace(100 + b);
            BinaryFuseFilter f = BinaryFuseFilter.construct(n, w, i -> keys.storedKey(0, i), b);
            long positives = 0;
            for (long j = 0; j < queries; j++) {
                if (f.mayContain(keys.absentKey(j))) {
                    positives++;
                }
            }
            double sd = Math.sqrt(queries * p * (1 - p));
            assertTrue(Math.abs(positives - queries * p) < 4.5 * sd + 1, "filter " + b + ": " + positives);
            total += positives;
        }
        double expected = p * queries * filters;
        double sd = Math.sqrt(expected * (1 - p));
        assertTrue(Math.abs(total - expected) < 4 * sd, w + " bits, n=" + n + ": " + total + " positives, expected "
                + expected + " +- " + sd);
    }

    @Test
    void construct_badWidthOrSize_isRefusedWithTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BinaryFuseFilter.construct(10, 17, i -> i, 1));
        assertTrue(e.getMessage().contains("17"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BinaryFuseFilter.construct(0, 8, i -> i, 1));
        assertTrue(e.getMessage().contains("(0)"), e.getMessage());
    }

    @Test
    void construct_duplicateKeys_failAfterEverySeed() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> BinaryFuseFilter.construct(100, 8, i -> i % 50, 1));
        assertTrue(e.getMessage().contains("duplicate"), e.getMessage());
    }

    private static long[] storedKeys(KeySpace keys, int run, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = keys.storedKey(run, i);
        }
        return out;
    }
}
