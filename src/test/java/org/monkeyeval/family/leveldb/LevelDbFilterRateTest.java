package org.monkeyeval.family.leveldb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The family's filter rate ({@link LevelDbFilterRate#simulate}, from LevelDB's probe arithmetic on
 * uniform 32-bit hashes) agrees with the real filter ({@link LevelDbBloom} over random 16-byte keys,
 * hashed by {@link LevelDbHash}) within 4 standard errors at 1..24 bits per key for 1, 10, 33 (the
 * default layout) and 100 keys per filter; the standard Bloom estimate does not, which shows the check
 * can fail. Stored and absent keys are disjoint by construction (the low bit of the first byte), both
 * are fresh random keys for every filter, and the measured standard error is taken across filters (the rate of a small filter
 * varies a lot from one filter to the next).
 *
 * <p>{@code -Dleveldb.rate.queries=N} sets the absent keys per point (default 200000) and
 * {@code -Dleveldb.rate.print=true} prints the table: {@code mvn -q test -Dtest=LevelDbFilterRateTest
 * -Dleveldb.rate.queries=4000000 -Dleveldb.rate.print=true}.
 */
final class LevelDbFilterRateTest {

    private static final int QUERIES = Integer.getInteger("leveldb.rate.queries", 200_000);
    private static final boolean PRINT = Boolean.getBoolean("leveldb.rate.print");
    private static final int MAX_BITS = 24;
    private static final double Z_LIMIT = 4.0;

    /** A measured rate with its standard error. */
    record Measured(double rate, double standardError) {
    }

    @ParameterizedTest(name = "{0} keys per filter")
    @ValueSource(ints = {1, 10, 33, 100})
    void simulatedRate_agreesWithTheRealFilter_within4StandardErrors(int keys) {
        List<String> failures = new ArrayList<>();
        for (int b = 1; b <= MAX_BITS; b++) {
            Measured real = measure(keys, b, QUERIES, 17L * keys + b);
            LevelDbFilterRate.Estimate model = LevelDbFilterRate.simulate(keys, b);
            double z = z(real, model.rate(), model.standardError(), QUERIES);
            if (PRINT) {
                System.out.printf(Locale.ROOT, "keys=%d b=%d m=%d k=%d measured=%.4e se=%.1e simulated=%.4e se=%.1e"
                        + " z=%.2f standard=%.4e z_standard=%.1f%n", keys, b, LevelDbBloom.filterBits(keys, b),
                        LevelDbBloom.hashes(b), real.rate(), real.standardError(), model.rate(),
                        model.standardError(), z, LevelDbFilterRate.standard(keys, b),
                        z(real, LevelDbFilterRate.standard(keys, b), 0.0, QUERIES));
            }
            if (Math.abs(z) > Z_LIMIT) {
                failures.add("b=" + b + " measured " + real + " simulated " + model + " z=" + z);
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void standardEstimate_isRejectedByTheSameMeasurement() {
        for (int b : new int[] {10, 16, 24}) {
            Measured real = measure(33, b, QUERIES, 5000L + b);
            double z = z(real, LevelDbFilterRate.standard(33, b), 0.0, QUERIES);
            assertTrue(z > Z_LIMIT, "b=" + b + " measured " + real + " standard "
                    + LevelDbFilterRate.standard(33, b) + " z=" + z);
        }
    }

    /**
     * Above 2^16 bits the family takes the standard estimate: right where gcd(m, 15) = 1, low where 3
     * and 5 divide m (the rotation's departure, see LevelDbFilterRate), as its class comment says.
     */
    @Test
    void standardEstimate_largeFilters_rightUnless3Or5DividesM() {
        int[][] coprime = {{11_001, 6}, {10_001, 9}, {10_001, 12}}; // m = 66008, 90016, 120016
        for (int[] point : coprime) {
            assertFalse(LevelDbFilterRate.simulated(point[0], point[1]));
            Measured real = measure(point[0], point[1], QUERIES, 7000L + point[1]);
            double z = z(real, LevelDbFilterRate.standard(point[0], point[1]), 0.0, QUERIES);
            assertTrue(Math.abs(z) <= Z_LIMIT, point[0] + " keys, b=" + point[1] + " measured " + real + " z=" + z);
        }
        Measured divisible = measure(12_000, 6, QUERIES, 7100L); // m = 72000 = 2^6 * 3^2 * 5^3
        double z = z(divisible, LevelDbFilterRate.standard(12_000, 6), 0.0, QUERIES);
        assertTrue(z > Z_LIMIT, divisible + " standard " + LevelDbFilterRate.standard(12_000, 6) + " z=" + z);
    }

    @Test
    void simulate_isDeterministic_andAtLeastTheHashCollisionFloor() {
        assertEquals(LevelDbFilterRate.simulate(33, 12), LevelDbFilterRate.simulate(33, 12));
        LevelDbFilterRate.Estimate wide = LevelDbFilterRate.simulate(600, 100);
        assertTrue(wide.rate() >= LevelDbFilterRate.hashCollisionFloor(600), wide.toString());
    }

    @Test
    void fastMod_equalsTheUnsignedRemainder() {
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 200_000; i++) {
            int m = 1 + random.nextInt(1 << 16);
            int h = i < 4 ? new int[] {0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}[i] : random.nextInt();
            assertEquals((int) (Integer.toUnsignedLong(h) % m),
                    LevelDbFilterRate.fastMod(h, LevelDbFilterRate.fastModMultiplier(m), m), h + " mod " + m);
        }
    }

    @Test
    void stratumDelta_hasExactlyVTrailingZeros_orAtLeastT() {
        SplittableRandom random = new SplittableRandom(4);
        for (int i = 0; i < 10_000; i++) {
            int t = 3 + random.nextInt(14);
            int v = random.nextInt(t + 1);
            int delta = LevelDbFilterRate.stratumDelta(random.nextInt(), v, t);
            if (v < t) {
                assertEquals(v, Integer.numberOfTrailingZeros(delta));
            } else {
                assertTrue(Integer.numberOfTrailingZeros(delta) >= t);
            }
        }
        double[] weight = new double[10];
        LevelDbFilterRate.allocate(9, 1000, weight, new int[10]);
        assertEquals(1.0, Arrays.stream(weight).sum(), 1e-15);
    }

    /**
     * The rate of LevelDB's filter over {@code keys} random keys at {@code bits}, over about
     * {@code queries} absent keys: filters of fresh keys, 64 absent keys each (as many as the filter has
     * keys above 1000).
     */
    static Measured measure(int keys, int bits, int queries, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        LevelDbBloom policy = LevelDbBloom.policy(bits);
        int perFilter = keys > 1000 ? keys : 64;
        int filters = Math.max(2, queries / perFilter);
        double sum = 0.0;
        double sumOfSquares = 0.0;
        List<byte[]> stored = new ArrayList<>(keys);
        byte[] query = new byte[16];
        for (int f = 0; f < filters; f++) {
            stored.clear();
            for (int i = 0; i < keys; i++) {
                stored.add(key(random, 0));
            }
            byte[] filter = policy.createFilter(stored);
            int falsePositives = 0;
            for (int i = 0; i < perFilter; i++) {
                random.nextBytes(query);
                query[0] |= 1;
                if (LevelDbBloom.keyMayMatch(query, filter)) {
                    falsePositives++;
                }
            }
            double rate = (double) falsePositives / perFilter;
            sum += rate;
            sumOfSquares += rate * rate;
        }
        double mean = sum / filters;
        double variance = Math.max(0.0, (sumOfSquares - filters * mean * mean) / (filters - 1));
        return new Measured(mean, Math.sqrt(variance / filters));
    }

    private static byte[] key(SplittableRandom random, int lowBit) {
        byte[] k = new byte[16];
        random.nextBytes(k);
        k[0] = (byte) ((k[0] & ~1) | lowBit);
        return k;
    }

    /**
     * (measured - predicted) over the combined standard error; where nothing was measured the error is
     * taken as that of a binomial count at the predicted rate, so a zero count is not infinitely sure.
     */
    static double z(Measured real, double predicted, double predictedError, int queries) {
        double binomial = Math.sqrt(predicted * (1 - predicted) / queries);
        double measuredError = Math.max(real.standardError(), binomial);
        return (real.rate() - predicted) / Math.sqrt(measuredError * measuredError + predictedError * predictedError);
    }
}
