package org.monkeyeval.family.fastfilter;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

import org.fastfilter.utils.Hash;
import org.fastfilter.xor.Xor16;
import org.fastfilter.xor.Xor8;

/**
 * The computation behind {@link StaticSetFamily}'s tables of FastFilter 1.0.2 xor rates: for each key
 * count, many filters built over random 64-bit keys, each filter's rate computed from its table
 * ({@link XorTableRate}, no queries); prints the mean over filters of rate / 2^-w, its standard error,
 * the standard deviation between filters and the skewness. Not a test; run it with
 * {@code java -cp target/test-classes:target/classes:<fastfilter 1.0.2 jar>
 * org.monkeyeval.family.fastfilter.XorRateTable 8} (the width as argument; about 1 minute for xor8,
 * 3 for xor16).
 */
public final class XorRateTable {

    static final long[] SIZES = {10, 30, 100, 300, 1000, 3000, 10_000, 100_000, 1_000_000};
    static final int[] FILTERS = {2000, 2000, 2000, 2000, 2000, 2000, 1000, 400, 60};

    private XorRateTable() {
    }

    public static void main(String[] args) {
        int width = Integer.parseInt(args[0]);
        for (int s = 0; s < SIZES.length; s++) {
            int n = (int) SIZES[s];
            int filters = FILTERS[s];
            double[] excess = new double[filters];
            for (int f = 0; f < filters; f++) {
                SplittableRandom random = new SplittableRandom(n * 1_000_003L + f);
                long[] keys = new long[n];
                for (int i = 0; i < n; i++) {
                    keys[i] = random.nextLong();
                }
                Hash.setSeed(31L * f + 7);
                double rate = width == 8 ? XorTableRate.falsePositiveRate(Xor8.construct(keys))
                        : XorTableRate.falsePositiveRate(Xor16.construct(keys));
                excess[f] = Math.scalb(rate, width);
            }
            double mean = Arrays.stream(excess).average().orElseThrow();
            double variance = Arrays.stream(excess).map(x -> (x - mean) * (x - mean)).sum() / (filters - 1);
            double skew = Arrays.stream(excess).map(x -> Math.pow(x - mean, 3)).sum() / filters
                    / Math.pow(variance, 1.5);
            System.out.printf(Locale.ROOT, "xor%d n=%d filters=%d mean/2^-w=%.4f +- %.4f sd=%.4f skewness=%.2f%n",
                    width, n, filters, mean, Math.sqrt(variance / filters), Math.sqrt(variance), skew);
        }
    }
}
