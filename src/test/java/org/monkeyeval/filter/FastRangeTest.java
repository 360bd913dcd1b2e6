package org.monkeyeval.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Guards the Java 17 unsigned multiply-high (equal to the exact 128-bit product's high word) and the
 * fastrange maps (always inside [0, range), reaching every value of a tiny range).
 */
final class FastRangeTest {

    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    private static BigInteger unsigned(long x) {
        BigInteger b = BigInteger.valueOf(x);
        return x < 0 ? b.add(TWO_TO_64) : b;
    }

    private static long exactHigh(long a, long b) {
        return unsigned(a).multiply(unsigned(b)).shiftRight(64).longValue();
    }

    @Test
    void unsignedMultiplyHigh_edgeValues_matchExactProduct() {
        long[] edges = {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0xFFFF_FFFFL, 1L << 32, 7L, -7L};
        for (long a : edges) {
            for (long b : edges) {
                assertEquals(exactHigh(a, b), FastRange.unsignedMultiplyHigh(a, b), a + " * " + b);
            }
        }
    }

    @Test
    void unsignedMultiplyHigh_randomValues_matchExactProduct() {
        SplittableRandom random = new SplittableRandom(1970);
        for (int i = 0; i < 20_000; i++) {
            long a = random.nextLong();
            long b = random.nextLong();
            assertEquals(exactHigh(a, b), FastRange.unsignedMultiplyHigh(a, b), a + " * " + b);
        }
    }

    @Test
    void fastRange64_tinyRange_staysInRangeAndReachesEveryValue() {
        SplittableRandom random = new SplittableRandom(7);
        int[] hits = new int[7];
        for (int i = 0; i < 7_000; i++) {
            long r = FastRange.fastRange64(random.nextLong(), 7);
            assertTrue(r >= 0 && r < 7, "out of range: " + r);
            hits[(int) r]++;
        }
        for (int v = 0; v < 7; v++) {
            assertTrue(hits[v] > 800, "value " + v + " hit only " + hits[v] + " times of 7000");
        }
        assertEquals(6, FastRange.fastRange64(-1L, 7), "largest hash maps to range - 1");
        assertEquals(0, FastRange.fastRange64(-1L, 1), "range 1 maps everything to 0");
    }

    @Test
    void fastRange32_extremeHashes_mapToEnds() {
        assertEquals(0, FastRange.fastRange32(0, 1954));
        assertEquals(1953, FastRange.fastRange32(-1, 1954));
        assertEquals(977, FastRange.fastRange32(Integer.MIN_VALUE, 1954));
    }

    @Test
    void fastRange64Narrow_rangesUpTo2To32_equalFastRange64() {
        long[] hashEdges = {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0xFFFF_FFFFL, 1L << 32, -(1L << 32)};
        long[] rangeEdges = {0L, 1L, 2L, 63L, 10_000_000L, 0xFFFF_FFFEL, 0xFFFF_FFFFL, 1L << 32};
        for (long h : hashEdges) {
            for (long m : rangeEdges) {
                assertEquals(FastRange.fastRange64(h, m), FastRange.fastRange64Narrow(h, m), h + " into " + m);
            }
        }
        SplittableRandom random = new SplittableRandom(2019);
        for (int i = 0; i < 200_000; i++) {
            long h = random.nextLong();
            long m = random.nextLong(1L, (1L << 32) + 1);
            assertEquals(FastRange.fastRange64(h, m), FastRange.fastRange64Narrow(h, m), h + " into " + m);
        }
    }
}
