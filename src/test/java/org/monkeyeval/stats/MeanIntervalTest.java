package org.monkeyeval.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The mean of counts and its interval: the mean is S1/n; the normal interval's half-width is
 * z * s / sqrt(n) with s the counts' sample standard deviation (checked against counts summed one by
 * one), it covers the true mean of simulated counts about 95% of the time, it collapses at zero
 * variance, and a zero sum gets the Poisson upper bound; impossible sums are refused.
 */
final class MeanIntervalTest {

    /** z for 95%: the standard normal's 0.975 quantile, 1.959963984540054 (any table). */
    static final double Z95 = 1.959963984540054;

    @Test
    void of_counts_halfWidthIsZTimesSampleStandardError() {
        long[] counts = {0, 1, 0, 0, 2, 0, 1, 0, 0, 0, 3, 0, 0, 1, 0, 0, 0, 0, 1, 0};
        long s1 = 0;
        long s2 = 0;
        for (long c : counts) {
            s1 += c;
            s2 += c * c;
        }
        double mean = s1 / (double) counts.length;
        double squares = 0;
        for (long c : counts) {
            squares += (c - mean) * (c - mean);
        }
        double sd = Math.sqrt(squares / (counts.length - 1));
        MeanInterval m = MeanInterval.of(counts.length, s1, s2);
        assertEquals(mean, m.mean(), 0);
        assertEquals(Math.max(0, mean - Z95 * sd / Math.sqrt(counts.length)), m.lower(), 1e-12);
        assertEquals(mean + Z95 * sd / Math.sqrt(counts.length), m.upper(), 1e-12);
    }

    @Test
    void of_simulatedCounts_coverTheTrueMeanAboutNinetyFivePercent() {
        // counts = the number of 15 runs whose filter passes an absent key at 1% each: mean 0.15
        SplittableRandom random = new SplittableRandom(42);
        int covered = 0;
        int experiments = 2_000;
        for (int e = 0; e < experiments; e++) {
            long s1 = 0;
            long s2 = 0;
            int n = 2_000;
            for (int i = 0; i < n; i++) {
                int c = 0;
                for (int r = 0; r < 15; r++) {
                    c += random.nextDouble() < 0.01 ? 1 : 0;
                }
                s1 += c;
                s2 += (long) c * c;
            }
            MeanInterval m = MeanInterval.of(n, s1, s2);
            if (m.lower() <= 0.15 && 0.15 <= m.upper()) {
                covered++;
            }
        }
        // binomial(2000, 0.95) lies within 0.95 +/- 0.015 with probability above 0.998
        assertEquals(0.95, covered / (double) experiments, 0.015);
    }

    @Test
    void of_constantCounts_collapsesToTheMean() {
        MeanInterval m = MeanInterval.of(1000, 3000, 9000);
        assertEquals(3.0, m.lower(), 0);
        assertEquals(3.0, m.upper(), 0);
    }

    @Test
    void of_zeroSum_poissonUpperBound() {
        MeanInterval m = MeanInterval.of(10_000, 0, 0);
        assertEquals(0.0, m.lower(), 0);
        assertEquals(-Math.log(0.025) / 10_000, m.upper(), 1e-15);
        assertEquals(3.689, m.upper() * 10_000, 1e-3);
    }

    @Test
    void of_impossibleSums_refusedWithTheValue() {
        assertThrows(IllegalArgumentException.class, () -> MeanInterval.of(1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> MeanInterval.of(10, -1, 0));
        IllegalArgumentException squares = assertThrows(IllegalArgumentException.class,
                () -> MeanInterval.of(10, 5, 4));
        assertTrue(squares.getMessage().contains("(4)"), squares.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MeanInterval.of(10, 3, 10));
        assertThrows(IllegalArgumentException.class, () -> MeanInterval.of(10, 3, 5, 1.0));
    }
}
