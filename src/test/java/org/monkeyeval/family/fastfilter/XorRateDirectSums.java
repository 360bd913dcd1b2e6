package org.monkeyeval.family.fastfilter;

import java.util.Locale;
import java.util.SplittableRandom;

import org.fastfilter.utils.Hash;
import org.fastfilter.xor.Xor16;
import org.fastfilter.xor.Xor8;

/**
 * The measurement of {@link XorTableRate}'s approximation: for built filters, the share of uniform
 * 64-bit hashes that pass the table under the library's slot and fingerprint rules (Xor8/Xor16
 * mayContain, FastFilter 1.0.2, after the key's hash), against the computed rate; prints each filter's
 * relative difference and z-score (binomial), then their mean and variance. Not a test; run it with
 * {@code java -cp target/test-classes:target/classes:<fastfilter 1.0.2 jar>
 * org.monkeyeval.family.fastfilter.XorRateDirectSums WIDTH KEYS FILTERS HASHES}, e.g. {@code 8 1000 40
 * 250000000} (about 3 s per 10^9 hashes).
 */
public final class XorRateDirectSums {

    private XorRateDirectSums() {
    }

    public static void main(String[] args) {
        int width = Integer.parseInt(args[0]);
        int n = Integer.parseInt(args[1]);
        int filters = Integer.parseInt(args[2]);
        long hashes = Long.parseLong(args[3]);
        double sum = 0;
        double sumSquares = 0;
        for (int f = 0; f < filters; f++) {
            SplittableRandom random = new SplittableRandom(5000 + f);
            long[] keys = new long[n];
            for (int i = 0; i < n; i++) {
                keys[i] = random.nextLong();
            }
            Hash.setSeed(77 + f);
            int[] table = width == 8 ? XorTableRate.table(Xor8.construct(keys))
                    : XorTableRate.table(Xor16.construct(keys));
            double rate = XorTableRate.falsePositiveRate(table, width);
            long passed = passes(table, width, hashes, random);
            double z = (passed - hashes * rate) / Math.sqrt(hashes * rate * (1 - rate));
            sum += z;
            sumSquares += z * z;
            System.out.printf(Locale.ROOT, "filter %d: computed %.6g, direct %.6g, relative difference %+.5f, z %+.2f%n",
                    f, rate, (double) passed / hashes, passed / (hashes * rate) - 1, z);
        }
        double mean = sum / filters;
        System.out.printf(Locale.ROOT, "xor%d n=%d: mean z %.3f, variance %.3f%n", width, n, mean,
                sumSquares / filters - mean * mean);
    }

    /** Uniform hashes through the table as Xor8/Xor16.mayContain reads it after hashing the key. */
    private static long passes(int[] table, int width, long hashes, SplittableRandom random) {
        int blockLength = table.length / 3;
        int mask = (1 << width) - 1;
        long passed = 0;
        for (long j = 0; j < hashes; j++) {
            long h = random.nextLong();
            int h0 = Hash.reduce((int) h, blockLength);
            int h1 = Hash.reduce((int) Long.rotateLeft(h, 21), blockLength) + blockLength;
            int h2 = Hash.reduce((int) Long.rotateLeft(h, 42), blockLength) + 2 * blockLength;
            if ((((int) h & mask) ^ table[h0] ^ table[h1] ^ table[h2]) == 0) {
                passed++;
            }
        }
        return passed;
    }
}
