package org.monkeyeval.family.leveldb;

import java.util.Arrays;

import org.monkeyeval.filter.Hashing;

/**
 * Expected false-positive rate of one LevelDB Bloom filter ({@link LevelDbBloom}) over n keys at b bits
 * per key, for an absent key.
 *
 * <pre>
 * Standard estimate (Bloom 1970; what the whole-run family uses):
 *   m = LevelDbBloom.filterBits(n, b),  k = LevelDbBloom.hashes(b),  p = (1 - e^(-k n / m))^k
 * </pre>
 *
 * <p>Why that is not enough for the filters LevelDB builds. They are small (one per 2 KiB of table,
 * tens of keys), and the k probes of a key are an arithmetic progression of one 32-bit hash,
 * {@code h + j delta mod 2^32} with {@code delta = rotr(h, 17)}, reduced mod m. Measured with the real
 * filter over random keys ({@code LevelDbFilterRateTest}, 4 * 10^6 absent keys per point), at 33 keys
 * per filter the standard estimate is 30% low at 10 bits per key, 3.4x low at 16 and 44x low at 24: the
 * real rate barely falls past 20 bits per key (6.0e-4 at 20, 4.3e-4 at 24). Three mechanisms make it:
 * <ol>
 *   <li>Short periods. Mod the largest power of two 2^t dividing m the probes are exactly
 *       {@code h + j delta}, so a key whose delta has many trailing zero bits revisits few residues mod
 *       2^t; where the odd part of m is small too, such a key sets and tests only a few distinct bits.
 *       These keys (probability about 2^-t) make a floor under the rate that more bits per key barely
 *       lower; 2^32 wraps of {@code h + j delta} break most other short periods.</li>
 *   <li>The rotation. Rotating a 32-bit word multiplies it by 2^15 modulo 2^32 - 1 = 3 * 5 * 17 * 257 *
 *       65537, so where 3 (or 5, or 17) divides m, probe 1 (probe 3, probe 15) of every key lands on
 *       residues set by how often {@code h + j delta} wrapped past 2^32, not spread over all of them:
 *       at 100 keys per filter the rate is 13% above the standard estimate at 6 bits per key (m = 600,
 *       divisible by 3) and 2% above at 7 (m = 704).</li>
 *   <li>Shared patterns. Keys whose progressions have the same step, or a simple multiple of it, share
 *       several probes; in a filter of few keys this raises the rate above any estimate that treats
 *       bits as set independently.</li>
 * </ol>
 * Textbook double hashing mod m ({@code a + j d mod m}, Kirsch and Mitzenmacher 2006) does not model it
 * either: it has no 2^32 wraps, and so keeps the short periods LevelDB's wraps break.
 *
 * <p>So {@link #simulate} computes the rate numerically, with LevelDB's own probe arithmetic on uniform
 * 32-bit hashes (stored keys and queries drawn independently, which is what a good hash of distinct keys
 * gives; {@code LevelDbFilterRateTest} checks it against the real filter and Hash with real keys, at 1,
 * 10, 33 and 100 keys per filter and 1..24 bits per key: all 96 points within 3 standard errors at
 * 4 * 10^6 queries per point). Queries are stratified by the number v of trailing zero bits of delta,
 * capped at t (probability 2^-(v+1), and 2^-t for v = t; a query of stratum v draws delta uniformly
 * among those values and takes {@code h = rotl(delta, 17)}), each stratum with a share of the queries
 * proportional to the square root of its probability, so the rare short-period strata that dominate at
 * high b are measured well. R filters of fresh keys are built and every stratum is queried against each;
 * the R per-filter stratified estimates give the mean and its standard error (so filter-to-filter
 * variation, large for tiny filters, is in the error). Everything is seeded from ({@link #SEED}, n, b):
 * a call gives the same number on every machine. Cost: about {@link #QUERIES} queries and twice as many
 * probes of building, some milliseconds, for filters of at most {@link #MAX_SIMULATED_BITS} bits.
 * Larger ones take the standard estimate. There the first and third mechanisms have faded, the second
 * has not: at about 10^4 keys (4 * 10^6 queries) it is within 1% at 6, 9 and 12 bits per key and 4% at
 * 16 where gcd(m, 15) = 1, and 13% low at 6 bits per key where 3 and 5 divide m (m = 72000), 9% at 12
 * (m = 120000); {@code LevelDbFilterRateTest} checks both at its default size. LevelDB's own 2 KiB
 * filters stay far below 2^16 bits unless its blocks are made very large.
 *
 * <p>References: B. H. Bloom, CACM 13(7), 1970; A. Kirsch, M. Mitzenmacher, Less Hashing, Same
 * Performance, ESA 2006; D. Lemire, O. Kaser, N. Kurz, Faster Remainder by Direct Computation,
 * Software: Practice and Experience 49(6), 2019 ({@link #fastMod}); W. G. Cochran, Sampling Techniques,
 * 3rd ed., 1977, ch. 5 (stratified sampling).
 */
public final class LevelDbFilterRate {

    /** Seed of every simulation; part of every simulated rate (do not change; add a new one instead). */
    public static final long SEED = 0x1e7e_1db0_b100_f11eL;

    /** Queries per simulated rate, over all strata and filters. */
    public static final int QUERIES = 1 << 19;

    /** Largest filter (bits of its array) that is simulated; larger ones take {@link #standard}. */
    public static final long MAX_SIMULATED_BITS = 1 << 16;

    /** Fewest and most filters built per simulated rate. */
    static final int MIN_FILTERS = 64;
    static final int MAX_FILTERS = 4096;

    private LevelDbFilterRate() {
    }

    /** A simulated rate and its standard error. */
    public record Estimate(double rate, double standardError) {
    }

    /** The standard estimate (1 - e^(-k n / m))^k for LevelDB's m and k. */
    public static double standard(long keys, int bitsPerKey) {
        checkKeys(keys);
        long m = LevelDbBloom.filterBits(keys, bitsPerKey);
        int k = LevelDbBloom.hashes(bitsPerKey);
        return Math.pow(-Math.expm1(-(double) k * keys / m), k);
    }

    /**
     * True if {@link #simulate} accepts this filter: at most {@link #MAX_SIMULATED_BITS} bits and keys
     * (the second matters only at 0 bits per key, where LevelDB builds 64 bits for any n).
     */
    public static boolean simulated(long keys, int bitsPerKey) {
        checkKeys(keys);
        return keys <= MAX_SIMULATED_BITS && LevelDbBloom.filterBits(keys, bitsPerKey) <= MAX_SIMULATED_BITS;
    }

    /**
     * The 32-bit floor n / 2^32: a query whose hash equals a stored key's always matches. A lower bound
     * on the rate; {@link #simulate} reports at least this.
     */
    public static double hashCollisionFloor(long keys) {
        checkKeys(keys);
        return -Math.expm1(keys * Math.log1p(-0x1p-32));
    }

    /**
     * The rate of LevelDB's filter over {@code keys} keys at {@code bitsPerKey}, by stratified simulation
     * of its probe arithmetic (see the class comment); at least {@link #hashCollisionFloor}.
     *
     * @param keys       n, in [1, {@code MAX_SIMULATED_BITS}]
     * @param bitsPerKey b, with {@code LevelDbBloom.filterBits(n, b) <= MAX_SIMULATED_BITS}
     */
    public static Estimate simulate(int keys, int bitsPerKey) {
        checkKeys(keys);
        if (!simulated(keys, bitsPerKey)) {
            throw new IllegalArgumentException(keys + " keys at " + bitsPerKey + " bits per key give "
                    + LevelDbBloom.filterBits(keys, bitsPerKey) + " bits, above " + MAX_SIMULATED_BITS);
        }
        int m = (int) LevelDbBloom.filterBits(keys, bitsPerKey);
        int k = LevelDbBloom.hashes(bitsPerKey);
        int t = Integer.numberOfTrailingZeros(m);
        double[] weight = new double[t + 1];
        int[] perFilter = new int[t + 1];
        int filters = (int) Math.max(MIN_FILTERS, Math.min(MAX_FILTERS, 2L * QUERIES / ((long) keys * k)));
        allocate(t, QUERIES / filters, weight, perFilter);
        long divisor = fastModMultiplier(m);
        long[] bits = new long[(m + 63) >>> 6];
        long[] state = {Hashing.hash64(((long) keys << 32) | bitsPerKey, SEED)};
        double sum = 0.0;
        double sumOfSquares = 0.0;
        for (int f = 0; f < filters; f++) {
            Arrays.fill(bits, 0L);
            for (int i = 0; i < keys; i++) {
                int h = nextHash(state);
                int delta = LevelDbBloom.delta(h);
                for (int j = 0; j < k; j++) {
                    int pos = fastMod(h, divisor, m);
                    bits[pos >>> 6] |= 1L << pos;
                    h += delta;
                }
            }
            double estimate = 0.0;
            for (int v = 0; v <= t; v++) {
                int falsePositives = 0;
                for (int i = 0; i < perFilter[v]; i++) {
                    int delta = stratumDelta(nextHash(state), v, t);
                    if (allSet(bits, Integer.rotateLeft(delta, LevelDbBloom.DELTA_ROTATION), delta, k, divisor, m)) {
                        falsePositives++;
                    }
                }
                estimate += weight[v] * falsePositives / perFilter[v];
            }
            sum += estimate;
            sumOfSquares += estimate * estimate;
        }
        double mean = sum / filters;
        double variance = Math.max(0.0, (sumOfSquares - filters * mean * mean) / (filters - 1));
        return new Estimate(Math.max(mean, hashCollisionFloor(keys)), Math.sqrt(variance / filters));
    }

    /**
     * Stratum probabilities (v trailing zero bits of delta, v &lt; t: 2^-(v+1); v = t: 2^-t) and the
     * queries per filter of each, proportional to the square root of its probability, at least 1.
     */
    static void allocate(int t, int queriesPerFilter, double[] weight, int[] perFilter) {
        double roots = 0.0;
        for (int v = 0; v <= t; v++) {
            weight[v] = v < t ? Math.scalb(1.0, -(v + 1)) : Math.scalb(1.0, -t);
            roots += Math.sqrt(weight[v]);
        }
        for (int v = 0; v <= t; v++) {
            perFilter[v] = (int) Math.max(1, Math.round(queriesPerFilter * Math.sqrt(weight[v]) / roots));
        }
    }

    /**
     * A delta uniform among those with exactly v trailing zero bits (v &lt; t), or at least t (v = t),
     * from 32 random bits.
     */
    static int stratumDelta(int random, int v, int t) {
        if (v < t) {
            int low = (2 << v) - 1;
            return (random & ~low) | (1 << v);
        }
        return random & -(1 << t);
    }

    private static boolean allSet(long[] bits, int hash, int delta, int k, long divisor, int m) {
        int h = hash;
        for (int j = 0; j < k; j++) {
            int pos = fastMod(h, divisor, m);
            if ((bits[pos >>> 6] & (1L << pos)) == 0) {
                return false;
            }
            h += delta;
        }
        return true;
    }

    /** The next uniform 32-bit hash of the stream: SplitMix64 ({@link Hashing#mix13}), upper half. */
    private static int nextHash(long[] state) {
        state[0] += Hashing.GOLDEN_GAMMA;
        return (int) (Hashing.mix13(state[0]) >>> 32);
    }

    /** ceil(2^64 / m) as an unsigned 64-bit value, for {@link #fastMod}. */
    static long fastModMultiplier(int m) {
        return Long.divideUnsigned(-1L, m) + 1;
    }

    /**
     * {@code Integer.toUnsignedLong(h) % m} without a division (Lemire, Kaser, Kurz 2019): with
     * M = ceil(2^64 / m), the remainder is the high 64 bits of (M h mod 2^64) * m. Exact for every
     * 32-bit h and 1 &lt;= m &lt; 2^32.
     */
    static int fastMod(int h, long multiplier, int m) {
        long low = multiplier * Integer.toUnsignedLong(h);
        // unsigned high half of low * m, m > 0: the signed one, plus m where low's sign bit is set
        return (int) (Math.multiplyHigh(low, m) + ((low >> 63) & m));
    }

    private static void checkKeys(long keys) {
        if (keys < 1) {
            throw new IllegalArgumentException("keys (" + keys + ") must be >= 1");
        }
    }
}
