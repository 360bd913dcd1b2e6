package org.monkeyeval.bench;

import java.util.Locale;
import java.util.SplittableRandom;

import org.fastfilter.utils.Hash;
import org.fastfilter.xor.Xor16;
import org.fastfilter.xor.Xor8;

/**
 * The simulation behind {@code StaticSetFamily}'s table of FastFilter 1.0.2 xor rates: for each key
 * count, many filters built over fresh random 64-bit keys, each asked fresh random keys (absent with
 * probability 1 - n / 2^64); prints the mean rate over 2^-w and the filter-to-filter standard deviation
 * with the part the queries alone explain. Run:
 * {@code mvn -q -Pbench test-compile exec:exec -Dbench.args="-cp %classpath org.monkeyeval.bench.XorRateSimulation"}
 * is not how JMH runs; run it with {@code java -cp target/test-classes:target/classes:<fastfilter jar>
 * org.monkeyeval.bench.XorRateSimulation 8} (the width as argument).
 */
public final class XorRateSimulation {

    private XorRateSimulation() {
    }

    public static void main(String[] args) {
        int width = Integer.parseInt(args[0]);
        long[] sizes = {10, 30, 100, 300, 1000, 3000, 10_000, 100_000, 1_000_000};
        int[] builds = {1000, 1000, 800, 600, 400, 300, 200, 60, 16};
        for (int s = 0; s < sizes.length; s++) {
            int n = (int) sizes[s];
            long queries = width == 8 ? 400_000 : 2_000_000;
            int filters = width == 8 ? builds[s] : Math.max(4, builds[s] / 5);
            SplittableRandom random = new SplittableRandom(0x5EED_0000L + 31L * n + width);
            double sum = 0;
            double sumSquares = 0;
            for (int b = 0; b < filters; b++) {
                long[] keys = new long[n];
                for (int i = 0; i < n; i++) {
                    keys[i] = random.nextLong();
                }
                Hash.setSeed(random.nextLong());
                org.fastfilter.Filter f = width == 8 ? Xor8.construct(keys) : Xor16.construct(keys);
                long positives = 0;
                for (long j = 0; j < queries; j++) {
                    if (f.mayContain(random.nextLong())) {
                        positives++;
                    }
                }
                double excess = Math.scalb((double) positives / queries, width);
                sum += excess;
                sumSquares += excess * excess;
            }
            double mean = sum / filters;
            double variance = (sumSquares - filters * mean * mean) / (filters - 1);
            double queryVariance = Math.scalb(mean, -width) * (1 - Math.scalb(mean, -width)) / queries
                    * Math.scalb(1.0, 2 * width);
            System.out.printf(Locale.ROOT, "xor%d n=%d builds=%d mean/2^-w=%.4f +- %.4f sd=%.4f filter-sd=%.4f%n",
                    width, n, filters, mean, Math.sqrt(variance / filters), Math.sqrt(variance),
                    Math.sqrt(Math.max(0, variance - queryVariance)));
        }
    }
}
