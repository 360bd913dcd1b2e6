package org.monkeyeval.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;

class LineOccupancyTest {

    /** S(t, x), Stirling numbers of the second kind, by their recurrence. */
    private static double[][] stirling(int t) {
        double[][] s = new double[t + 1][t + 1];
        s[0][0] = 1;
        for (int n = 1; n <= t; n++) {
            for (int x = 1; x <= n; x++) {
                s[n][x] = x * s[n - 1][x] + s[n - 1][x - 1];
            }
        }
        return s;
    }

    /** E[(X/512)^k] with P(X = x) = S(t, x) 512!/(512-x)! / 512^t, t = k j throws. */
    private static double closedForm(int j, int k) {
        int t = j * k;
        double[][] s = stirling(t);
        double sum = 0;
        for (int x = 1; x <= t; x++) {
            double p = s[t][x];
            for (int i = 0; i < x; i++) {
                p *= (512.0 - i) / 512.0;
            }
            p /= Math.pow(512, t - x);
            sum += p * Math.pow(x / 512.0, k);
        }
        return sum;
    }

    @Test
    void line_equalsTheStirlingClosedForm() {
        for (int[] jk : new int[][] {{1, 1}, {1, 6}, {2, 3}, {3, 4}, {2, 8}, {5, 2}}) {
            double expected = closedForm(jk[0], jk[1]);
            assertEquals(expected, LineOccupancy.line(jk[0], jk[1]).mean(), 1e-12 * expected, jk[0] + " keys, k " + jk[1]);
        }
    }

    @Test
    void line_isAtLeastTheClassicalRate_byJensen() {
        for (int k : new int[] {1, 2, 6, 11, 24}) {
            for (int j = 1; j <= 100; j += 7) {
                double classical = Math.pow(-Math.expm1(k * j * Math.log1p(-1.0 / 512)), k);
                double exact = LineOccupancy.line(j, k).mean();
                assertTrue(exact >= classical * (1 - 1e-12), j + " keys, k " + k);
                if (k == 1) {
                    assertEquals(classical, exact, 1e-12 * classical, "one probe: E[X]/512 exactly");
                }
            }
        }
    }

    @Test
    void oneLine_isTheLineOfAllKeys() {
        assertEquals(LineOccupancy.line(40, 6).mean(), LineOccupancy.fpr(40, 1, 6));
        assertEquals(0.0, LineOccupancy.fpr(0, 10, 6));
    }

    @Test
    void saturatedLine_continuesTheExactTable() {
        int k = 2;
        int last = LineOccupancy.MAX_EXACT_THROWS / k;
        double exact = LineOccupancy.line(last, k).mean();
        double beyond = LineOccupancy.line(last + 1, k).mean();
        assertTrue(beyond >= exact && beyond - exact < 1e-6, exact + " then " + beyond);
    }

    @Test
    void badArguments_refused() {
        assertThrows(IllegalArgumentException.class, () -> LineOccupancy.fpr(10, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> LineOccupancy.fpr(10, 1, LineOccupancy.MAX_PROBES + 1));
        assertThrows(IllegalArgumentException.class, () -> LineOccupancy.fpr(-1, 1, 6));
    }

    /**
     * 200 filters built by RocksDB's rules (20,000 keys at 20 bits per key, 11 probes: 782 lines), each
     * asked 500,000 absent keys: the false positives counted agree with the occupancy rate within 4
     * standard errors (query and build variance), and RocksDB's own CacheLocalFpRate estimate, 14% low
     * here, is far outside them.
     */
    @Test
    void builtFilters_measureTheOccupancyRate_notRocksDbsEstimate() {
        long n = 20_000;
        int filters = 200;
        long queriesEach = 500_000;
        long positives = 0;
        RocksDbLocalBloom first = null;
        for (int f = 0; f < filters; f++) {
            RocksDbLocalBloom filter = RocksDbLocalBloom.construct(n, 20, i -> i, 1_000 + f);
            first = first == null ? filter : first;
            for (long q = 0; q < queriesEach; q++) {
                if (filter.mayContain(n + q)) {
                    positives++;
                }
            }
        }
        long queries = filters * queriesEach;
        Predictions.Moments m = LineOccupancy.moments(n, first.lines(), first.numProbes());
        double se = Math.sqrt(queries * m.mean() * (1 - m.mean())
                + (double) queries * queries * m.variance() / filters);
        double z = (positives - queries * m.mean()) / se;
        assertTrue(Math.abs(z) < 4, "z " + z + ": " + positives + " of " + queries + " against " + m.mean());
        double estimate = RocksDbLocalBloom.cacheLocalFpRate(512.0 * first.lines() / n, first.numProbes());
        double zEstimate = (positives - queries * estimate) / se;
        assertTrue(zEstimate > 8, "CacheLocalFpRate z " + zEstimate);
    }

    /**
     * The load mixture as first written: every term's tail w ratio / (1 - ratio) divided out before the stop
     * test. The mixture that divides only where w ratio is within the bound stops at the same term and sums the
     * same bits.
     */
    private static double mixtureDividingEveryTerm(long n, long lines, int k) {
        double q = 1.0 / lines;
        double odds = q / (1.0 - q);
        long mode = Math.min(n, (long) Math.floor((n + 1) * q));
        double g = LineOccupancy.line(mode, k).mean();
        double weight = 1.0;
        double mean = g;
        double last = g;
        double w = 1.0;
        for (long j = mode; j < n; j++) {
            double ratio = (double) (n - j) / (j + 1) * odds;
            w *= ratio;
            g = LineOccupancy.line(j + 1, k).mean();
            weight += w;
            mean += w * g;
            last = g;
            double tail = w * ratio / (1.0 - ratio);
            if (ratio < 1.0 && tail <= LineOccupancy.TAIL_TOLERANCE * mean
                    && tail <= LineOccupancy.TAIL_TOLERANCE * weight) {
                break;
            }
        }
        w = 1.0;
        for (long j = mode; j > 0; j--) {
            double ratio = (double) j / (n - j + 1) / odds;
            w *= ratio;
            g = LineOccupancy.line(j - 1, k).mean();
            weight += w;
            mean += w * g;
            last = g;
            double tail = w * ratio / (1.0 - ratio);
            if (ratio < 1.0 && tail * last <= LineOccupancy.TAIL_TOLERANCE * mean
                    && tail <= LineOccupancy.TAIL_TOLERANCE * weight) {
                break;
            }
        }
        return mean / weight;
    }

    @Test
    void fpr_divisionOnlyNearTheStop_sameBitsAsDividingEveryTerm() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        for (int trial = 0; trial < 3_000; trial++) {
            long n = (long) Math.pow(10, 1 + 8 * random.nextDouble());
            double bitsPerKey = 0.5 + 40 * random.nextDouble();
            long lines = Math.max(2, (long) Math.ceil(n * bitsPerKey / LineOccupancy.LINE_BITS));
            int k = 1 + random.nextInt(LineOccupancy.MAX_PROBES);
            assertEquals(Double.doubleToRawLongBits(mixtureDividingEveryTerm(n, lines, k)),
                    Double.doubleToRawLongBits(LineOccupancy.fpr(n, lines, k)),
                    "n " + n + ", lines " + lines + ", k " + k);
        }
    }

    /**
     * The occupancy step computes only the bins from the least one holding a probability other than 0.0 up: after
     * each of 8,192 throws (the table's most, 16 a bin) every bin holds the bits of the step that computes all
     * of them, and the lower tail does underflow to 0.0 on the way (else the shortcut would never be taken).
     */
    @Test
    void occupancyStep_fromTheLeastNonZeroBin_sameBitsAsEveryBin() {
        int m = LineOccupancy.LINE_BITS;
        double[] every = new double[m + 1];
        double[] fromLow = new double[m + 1];
        every[0] = 1.0;
        fromLow[0] = 1.0;
        int low = 0;
        int mostSkipped = 0;
        for (long done = 0; done < LineOccupancy.MAX_EXACT_THROWS; done++) {
            int top = (int) Math.min(m, done + 1);
            for (int x = top; x >= 1; x--) {
                every[x] = (every[x] * x + every[x - 1] * (m - x + 1)) / m;
            }
            every[0] = 0.0;
            low = LineOccupancy.occupancyStep(fromLow, done, low);
            for (int x = 0; x <= m; x++) {
                assertEquals(Double.doubleToRawLongBits(every[x]), Double.doubleToRawLongBits(fromLow[x]),
                        "bin " + x + " after " + (done + 1) + " throws");
            }
            mostSkipped = Math.max(mostSkipped, low - 1);
        }
        assertTrue(mostSkipped > 100, "the least non-zero bin reached only " + (mostSkipped + 1));
    }
}
