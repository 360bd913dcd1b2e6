package org.monkeyeval.family.fastfilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.fastfilter.utils.Hash;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.monkeyeval.family.RealFilter;
import org.monkeyeval.family.Setting;
import org.monkeyeval.filter.KeySpace;

/**
 * The rate {@link XorTableRate} computes from a built xor filter's table is the rate the library's
 * filter answers with: over many filters, the measured counts' z-scores against each filter's own rate
 * (binomial variance only) have mean 0 and variance 1, where 2^-w and the family's mean rate do not;
 * against it the 400 filters of the tiering case's run stay within 4.5 while the family's Gaussian is
 * skewed; and the mean of the per-filter rates over filters is the family's table.
 */
final class XorTableRateTest {

    /** Per-filter measurements: the computed rate and the positives of {@code queries} absent keys. */
    private record Sample(StaticSetFamily family, long entries, double[] rate, long[] positives, long queries) {

        int filters() {
            return rate.length;
        }

        /** z of each filter's count against {@code p[b]}, binomial variance only. */
        double[] z(double[] p) {
            double[] z = new double[filters()];
            for (int b = 0; b < z.length; b++) {
                z[b] = (positives[b] - queries * p[b]) / Math.sqrt(queries * p[b] * (1 - p[b]));
            }
            return z;
        }
    }

    private static StaticSetFamily family(String name) {
        return name.equals("xor8") ? StaticSetFamily.XOR8 : StaticSetFamily.XOR16;
    }

    private static Setting setting(StaticSetFamily family) {
        return family.settings().get(1);
    }

    /** {@code filters} filters over other keys and hash seeds, each queried with its own absent keys. */
    private static Sample sample(StaticSetFamily family, long n, int filters, long queries, long keySeed) {
        double[] rate = new double[filters];
        long[] positives = new long[filters];
        for (int b = 0; b < filters; b++) {
            KeySpace keys = new KeySpace(keySeed + b);
            RealFilter f = family.build(n, setting(family), i -> keys.storedKey(0, i), keySeed ^ (b * 0x9E37L));
            assertEquals(0.0, f.buildVariance(), "a built filter is predicted at its own rate");
            rate[b] = f.predictedFpr();
            for (long j = 0; j < queries; j++) {
                if (f.filter().mayContain(keys.absentKey(j))) {
                    positives[b]++;
                }
            }
        }
        return new Sample(family, n, rate, positives, queries);
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).average().orElseThrow();
    }

    private static double variance(double[] x) {
        double m = mean(x);
        return Arrays.stream(x).map(v -> (v - m) * (v - m)).sum() / (x.length - 1);
    }

    private static double skewness(double[] x) {
        double m = mean(x);
        double sd = Math.sqrt(variance(x));
        return Arrays.stream(x).map(v -> Math.pow((v - m) / sd, 3)).sum() / x.length;
    }

    /**
     * True when z-scores look standard: mean within 4 standard errors of 0 and sample variance within
     * [0.6, 1.6] (for 100 filters the sample variance's own spread is about 0.15).
     */
    private static boolean standard(double[] z) {
        return Math.abs(mean(z)) < 4 / Math.sqrt(z.length) && variance(z) > 0.6 && variance(z) < 1.6;
    }

    private static String describe(double[] z) {
        return String.format("mean z %.3f, variance %.3f", mean(z), variance(z));
    }

    /**
     * 100 filters per row. The two wrong rates fail the same check where the queries can tell them apart:
     * 2^-w wherever the excess over it is several standard errors of the mean count; the family's mean as
     * every filter's rate wherever the filters' spread is large against the queries' own noise.
     */
    @ParameterizedTest(name = "{0}/n={1}/{2} queries")
    @CsvSource({
        "xor8,10,500000,true,true",
        "xor8,1000,500000,true,true",
        "xor8,6349,500000,true,true",
        "xor8,100000,500000,true,true",
        "xor16,10,1000000,true,true",
        "xor16,1000,1000000,true,false",
        "xor16,6349,1000000,true,false",
        "xor16,100000,1000000,false,false"})
    void computedRate_ofEachBuiltFilter_isItsMeasuredRate(String name, long n, long queries,
                                                          boolean idealFails, boolean familyMeanFails) {
        StaticSetFamily family = family(name);
        Sample s = sample(family, n, 100, queries, 7_000 + n);
        double[] own = s.z(s.rate());
        assertTrue(standard(own), name + " n=" + n + " against each filter's computed rate: " + describe(own));

        double[] ideal = new double[s.filters()];
        Arrays.fill(ideal, Math.scalb(1.0, -(name.equals("xor8") ? 8 : 16)));
        double[] familyMean = new double[s.filters()];
        Arrays.fill(familyMean, family.fpr(n, setting(family)));
        if (idealFails) {
            assertFalse(standard(s.z(ideal)), name + " n=" + n + " against 2^-w: " + describe(s.z(ideal)));
        }
        if (familyMeanFails) {
            assertFalse(standard(s.z(familyMean)),
                    name + " n=" + n + " against the family's mean: " + describe(s.z(familyMean)));
        }
    }

    /**
     * The tiering case's run of 6349 keys (tiering-4-l3, run 5, at 10 bits per key: xor8): over 400
     * filters, against each filter's own rate no |z| exceeds 4.5 and the z-scores are symmetric, while
     * against the family's mean with its between-filter spread as a Gaussian (the prediction before
     * per-filter rates) the z-scores are right-skewed, with more above 3 than a Gaussian gives (0.5 of
     * 400 expected).
     */
    @Test
    void tieringRun_400Filters_withinFourAndAHalfOfTheirOwnRate_whileTheFamilyGaussianIsSkewed() {
        StaticSetFamily family = StaticSetFamily.XOR8;
        long n = 6349;
        Sample s = sample(family, n, 400, 500_000, 90_000);
        double[] own = s.z(s.rate());
        double maxOwn = Arrays.stream(own).map(Math::abs).max().orElseThrow();
        assertTrue(maxOwn < 4.5, "largest |z| against the filters' own rates: " + maxOwn);
        assertTrue(Math.abs(skewness(own)) < 0.5, "skewness against own rates " + skewness(own));

        double p = family.fpr(n, setting(family));
        double spread = family.rateSpread(n, setting(family));
        double q = s.queries();
        double[] gaussian = new double[s.filters()];
        for (int b = 0; b < gaussian.length; b++) {
            gaussian[b] = (s.positives()[b] - q * p) / Math.sqrt(q * p * (1 - p) + q * q * spread * spread);
        }
        assertTrue(skewness(gaussian) > 1, "skewness against the family's Gaussian " + skewness(gaussian));
        long above3 = Arrays.stream(gaussian).filter(z -> z > 3).count();
        assertTrue(above3 >= 3, above3 + " of 400 above z = 3 against the family's Gaussian");
    }

    /**
     * The mean over filters of the computed per-filter rate is the family's table (its {@link
     * StaticSetFamily#fpr}) within four standard errors: these filters' own and the table's stated one.
     */
    @ParameterizedTest(name = "{0}/n={1}/{2} filters")
    @CsvSource({
        "xor8,10,400", "xor8,100,400", "xor8,1000,400", "xor8,10000,200", "xor8,100000,30",
        "xor16,10,400", "xor16,100,400", "xor16,1000,400", "xor16,10000,200", "xor16,100000,30"})
    void meanOfPerFilterRates_isTheFamilysTable(String name, long n, int filters) {
        StaticSetFamily family = family(name);
        Setting s = setting(family);
        double[] rate = new double[filters];
        for (int b = 0; b < filters; b++) {
            KeySpace keys = new KeySpace(300_000 + 977 * n + b);
            rate[b] = family.build(n, s, i -> keys.storedKey(0, i), 41 + b).predictedFpr();
        }
        double ownError = Math.sqrt(variance(rate) / filters);
        double tableError = family.tableStandardError(n, s);
        double error = Math.hypot(ownError, tableError);
        assertTrue(Math.abs(mean(rate) - family.fpr(n, s)) < 4 * error, name + " n=" + n + ": mean of "
                + filters + " filters " + mean(rate) + ", table " + family.fpr(n, s) + ", standard error " + error);
    }

    /**
     * A table whose every slot holds 0: a key passes exactly when its fingerprint is 0, which its hash's
     * low w bits make 2^-w; a block of ones moves the match to F = 1, 2^-w too.
     */
    @ParameterizedTest(name = "w={0}/L={1}")
    @CsvSource({"8,1", "8,3", "8,2604", "16,7", "16,41000"})
    void uniformTable_hasRateTwoToMinusW(int w, int blockLength) {
        int[] zeros = new int[3 * blockLength];
        assertEquals(Math.scalb(1.0, -w), XorTableRate.falsePositiveRate(zeros, w), 1e-18);
        int[] ones = zeros.clone();
        Arrays.fill(ones, 0, blockLength, 1);
        assertEquals(Math.scalb(1.0, -w), XorTableRate.falsePositiveRate(ones, w), 1e-18);
    }

    /**
     * Worked by hand from the library's layout. With one slot per block every key reads the same three
     * slots, so the rate is P(F = B0 ^ B1 ^ B2) = 2^-w whatever they hold. With L = 16 slot 1 is r1's top
     * four bits, hash bits 10..7 (r1 = rotateLeft(h, 21)), so h1 mod 2 is hash bit 7, which is also F's
     * bit 7: block 1 = (j mod 2) 2^7 and zeros elsewhere pass F = 0 (bit 7 clear) and F = 2^7 (bit 7 set),
     * 2^-7 in all, twice 2^-8. With L = 2 slot 1 is hash bit 10, inside xor16's fingerprint: block 1 =
     * (0, 2^10) passes F = 0 and F = 2^10, 2^-15. An independent slot would give 2^-w in both.
     */
    @Test
    void fingerprintAndSlotOne_shareBits_asTheLibraryLaysThemOut() {
        assertEquals(Math.scalb(1.0, -8), XorTableRate.falsePositiveRate(new int[] {3, 200, 77}, 8), 1e-15);
        int[] xor8 = new int[3 * 16];
        for (int j = 0; j < 16; j++) {
            xor8[16 + j] = (j & 1) << 7;
        }
        assertEquals(Math.scalb(1.0, -7), XorTableRate.falsePositiveRate(xor8, 8), 1e-15);
        int[] xor16 = {0, 0, 0, 1 << 10, 0, 0};
        assertEquals(Math.scalb(1.0, -15), XorTableRate.falsePositiveRate(xor16, 16), 1e-18);
    }

    /** The first argument of each slot is where the library's Hash.reduce steps to that slot. */
    @ParameterizedTest(name = "L={0}")
    @CsvSource({"1", "3", "2604", "41000", "4100001"})
    void slotStart_isWhereTheLibrarysReduceSteps(int blockLength) {
        for (int j = 1; j < blockLength; j += Math.max(1, blockLength / 997)) {
            long start = XorTableRate.slotStart(j, blockLength);
            assertEquals(j, Hash.reduce((int) start, blockLength), "slot " + j);
            assertEquals(j - 1, Hash.reduce((int) (start - 1), blockLength), "slot " + j);
        }
        assertEquals(0, XorTableRate.slotStart(0, blockLength));
        assertEquals(1L << 32, XorTableRate.slotStart(blockLength, blockLength));
    }

    @Test
    void falsePositiveRate_rejectsWideFingerprints() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> XorTableRate.falsePositiveRate(new int[] {0, 256, 0}, 8));
        assertTrue(e.getMessage().contains("256"), e.getMessage());
    }
}
