package org.monkeyeval.family.rocksdb;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The false-positive rate of the legacy full Bloom filter ({@link LegacyBloom}: RocksDB
 * format_version &lt;= 4, and Pebble's table filter), derived from how it really places its probes.
 *
 * <h2>The probes</h2>
 * A key's 32-bit hash h picks the line {@code h mod L}; inside the 512-bit line its k probes are the
 * arithmetic progression {@code start + i * step (mod 512)}, i = 0 .. k-1, with {@code start = h & 511}
 * and {@code step = rotr(h, 17) & 511} (bits 17..25 of h). The probes are therefore not independent:
 * a step with 2^v as its largest power-of-two factor visits only {@code 512 / 2^v} distinct bits
 * before it repeats, so a key probes
 * <pre>
 *   u(step) = min(k, 512 / 2^v)  distinct bits,  v = trailing zeros of step (v = 9 for step 0)  (distinctProbes)
 * </pre>
 * and a step of 0 (1 in 512 keys) probes one bit k times. This puts a floor under the rate of about
 * fill / 512, which no amount of memory removes. RocksDB's comment on
 * {@code LegacyLocalityBloomImpl} (util/bloom_impl.h, facebook/rocksdb commit
 * 1dfa7297933df05237ac11376d6cb69d32591b1d) estimates that penalty as "about 1/2 * 1/512" and its
 * {@code EstimatedFpRate} adds an empirical {@code 0.1 / (bits_per_key * 0.75 + 22)}; the derivation
 * below replaces both.
 *
 * <h2>The bit-array rate, exactly</h2>
 * Model each stored key and the query as independent, with (line, start, step) uniform: line over L,
 * start and step over 512 each. Fix the query's step class v. Multiplying every position by an odd
 * number and translating are bijections of Z/512 that map progressions to progressions and keep
 * (start, step) uniform, so the query may be taken to probe
 * <pre>
 *   U = {0, d, 2d, ..., (u-1) d},  d = 2^v,  u = u(step)
 * </pre>
 * The query is a false positive iff every bit of U is set. By inclusion-exclusion over the subsets T
 * of U, with H(T) the probability that one random key's k probes hit T (a count over the 2^18
 * (start, step) pairs, {@link #hitCounts}), and the keys that land in the query's line being each of
 * the n keys with probability 1/L:
 * <pre>
 *   P(all of U set) = sum over T in U of (-1)^|T| * (1 - H(T) / L)^n                     (exact, binomial)
 *   lineRate(n, L, k) = sum over v = 0..9 of  w(v) / 512 * P_v,   w(v) = 2^(8-v) steps, w(9) = 1 (step 0)
 * </pre>
 * This counts every correlation the real probes have: keys whose progression shares the query's step
 * and overlaps its bits, keys that repeat bits, and the step floor, mixed over the binomial line load.
 * It is exact for up to {@value #EXACT_MAX_DISTINCT} distinct bits (2^16 subsets; the terms with the
 * same H are summed first, and the signs cancel to about 1e-11 in doubles): every class of Pebble's
 * filters, and every class of RocksDB's up to 24 bits per key (16 probes). A class with more distinct
 * bits (k &gt; 16, RocksDB at 25 or more bits per key, classes v &lt;= 4) cannot be summed over its
 * subsets; its rate is extrapolated from the exact probabilities W16 and W15 that the first 16 and
 * first 15 of its bits are set, as {@code W16 * (W16 / W15)^(u - 16)}: each further bit set with the
 * chance the 16th had given the 15 before it. That leaves out keys of the query's step that cover
 * more than 16 of its bits at once; filters built here measure within 10% of it at 25 to 100 bits per
 * key (a one-step extrapolation at 16 probes, where W16 is known, is 2 to 5% high per class). Treating
 * the bits as independent instead would be 10 times too low for those classes.
 *
 * <p>Checked against Pebble's simulated table (sstable/tablefilters/bloom/simulation.md and the table
 * in bloom.go's {@code FilterPolicy} comment, cockroachdb/pebble commit
 * f82e3ff74d10b1f33df146eefc5661518f868542: 1000 filters of 9000..11000 random 32-bit hashes, 64 n
 * queries each, the hash-collision share n / 2^32 subtracted): within 0.6% at 1..20 bits per key with
 * Pebble's probes, and within 0.4% on the 1..16-probe rows of its full table. Independent probes (the
 * Poisson mixture of Putze et al.) give 0.958% at 10 bits per key and 6 probes where Pebble measures
 * 1.14%, and 0.044% at 20 bits where Pebble measures 0.140%: the floor, not the memory, sets the rate
 * there.
 *
 * <h2>The 32-bit hash</h2>
 * A stored key whose probes are exactly the query's (same line, start and step) makes a false
 * positive whatever the other bits. The uniform model above gives each key a 1 in L * 2^18 chance of
 * that; the real hash has only 2^32 values, and RocksDB adds {@code BloomMath::FingerprintFpRate(n,
 * 32)}, about n / 2^32, for the keys that share the query's hash (its
 * {@code LegacyLocalityBloomImpl::EstimatedFpRate}). Counted exactly: a key's hash h' has the
 * query's pattern iff it agrees with h on bits 0..8 (start) and 17..25 (step) and h' = h (mod L).
 * Then h' - h = da * 2^9 + dc * 2^26 with |da| &lt; 256 (bits 9..16) and |dc| &lt; 64 (bits 26..31),
 * and with L odd, L divides that iff it divides da + dc * 2^17. Counting the pairs of free fields
 * with each difference, a uniform key shares the query's pattern with probability
 * <pre>
 *   S(L) / 2^46,   S(L) = sum over |da| &lt; 256, |dc| &lt; 64 with L | da + dc 2^17 of (256 - |da|) (64 - |dc|)   (samePatternPairs)
 * </pre>
 * whose term da = dc = 0, 2^14 / 2^46 = 2^-32, is the key with the query's very hash. What the uniform
 * model has not counted is the excess {@code e(L) = S(L) / 2^46 - 1 / (L 2^18)} per key:
 * <pre>
 *   collisionRate(n, L) = 1 - e^(-n e(L))        (FingerprintFpRate's form, n e(L) in place of n / 2^32)
 *   fpr(n, L, k)        = lineRate + collisionRate - lineRate * collisionRate   (IndependentProbabilitySum)
 * </pre>
 * For L above 2^23 only the same-hash term is left and e(L) = 2^-32 (1 - 2^14 / L): RocksDB's term,
 * less the 2^14 / L of it that the model's 1 in L 2^18 already counted. Up to L = 2^14 (a pattern has
 * 2^14 / L hashes) e(L) is a small part of 2^-32 (0.15 of it at L = 6175, 0.17 at 12351): adding
 * n / 2^32 there, as RocksDB does, overstates the rate (at 20 bits per key, 13 probes and n =
 * 316,137: 0.2675% against 0.2614% here, where filters built over four random key sets measure
 * 0.2609% on average). Where L divides some da + dc 2^17 the hash's fields line up with the line and
 * e(L) grows: L = 16383 = 2^14 - 1 shares patterns 26.7 times as often as the model (a filter of
 * 419,400 keys at 20 bits per key and 6 probes measures 0.391%, predicted 0.392%, where a line count
 * without such structure gives 0.141%).
 *
 * <p>The bit-array rate depends on n only through n / L, which tends to 512 / b; the collision term
 * is what grows with n. With e(L) = 2^-32 (1 - 2^14 / L) and L = n b / 512, n e(L) = (n - 2^23 / b)
 * / 2^32, so the rate is {@code 1 + f} times the bit-array rate from
 * <pre>
 *   n_f = 2^23 / b + 2^32 * -ln(1 - f p / (1 - p)),   p = the bit-array rate at n / L = 512 / b   (collisionDepartureEntries)
 * </pre>
 * keys on (for L whose e(L) is the same-hash term alone, which holds for most L). For f = 10%:
 * RocksDB at 10 bits per key (6 probes, p = 1.164%) departs from n =
 * {@value #DEPARTURE_10_PERCENT_ROCKSDB_10_BITS} keys, at 20 bits (13 probes, p = 0.260%) from n =
 * {@value #DEPARTURE_10_PERCENT_ROCKSDB_20_BITS}; Pebble at 20 bits (6 probes, p = 0.141%) from n =
 * {@value #DEPARTURE_10_PERCENT_PEBBLE_20_BITS}. RocksDB warns above 3 million keys when its
 * estimate is 1.5 times the 65,536-key one (LegacyBloomBitsBuilder::Finish).
 *
 * <h2>Where this departs from the real filter</h2>
 * The line rate takes (line, start, step) as uniform and independent; beyond whole-pattern collisions
 * (counted above) the line h mod L can track the in-line bits. From 2^17 lines on (and up to 16 probes)
 * that is the common case, and {@link #fpr} is {@link LegacyBloomLattice}'s rate, which draws the line and
 * the probes from one hash; below, it happens for a few L whose small multiples fall near sums of powers
 * of two. L = 3855 = 15 * 257 is one: at 10 bits per key a filter
 * measures 2.46% where the model says 1.39%; L = 1057 = 7 * 151 another (1.37% against 1.20%).
 * Sweeps of consecutive odd L, one filter of random keys each and 1 to 2 million absent-key queries
 * (at 10 bits per key L = 1001..1199, 3801..3919 and 6001..6399; at 20 bits per key with 6 probes
 * L = 16301..16379, with 13 probes L = 12101..12299), found those two among 500 line counts and the
 * model within 4 standard deviations of every other (mean measured / predicted 0.998 to 1.003).
 * Structured keys, whose 32-bit hashes are not uniform, are another departure: db_bench's keys
 * (8-byte big-endian counters padded with '0') measure about 3% below uniform ones at 20 bits per
 * key.
 *
 * <p>References:
 * <ol>
 *   <li>RocksDB util/bloom_impl.h ({@code BloomMath}, {@code LegacyLocalityBloomImpl}) and
 *       <a href="https://github.com/facebook/rocksdb/issues/4120">facebook/rocksdb#4120</a> (the
 *       step-of-zero flaw).
 *   <li>Pebble sstable/tablefilters/bloom/simulation.go, simulation.md (the simulated table).
 *   <li>F. Putze, P. Sanders, J. Singler. Cache-, Hash- and Space-Efficient Bloom Filters. WEA 2007.
 *   <li>P. C. Dillinger, P. Manolios. Bloom Filters in Probabilistic Verification. FMCAD 2004, §4
 *       (the fingerprint term).
 * </ol>
 */
public final class LegacyBloomRate {

    /** Bits in a line. */
    public static final int LINE_BITS = LegacyBloom.CACHE_LINE_BITS;

    /** Step classes: v = 0..8 trailing zeros, and v = 9 for step 0. */
    public static final int STEP_CLASSES = 10;

    /** Most distinct query bits a class is computed with exactly (2^16 subsets). */
    public static final int EXACT_MAX_DISTINCT = 16;

    /** (start, step) pairs of one key: 2^18. */
    static final int PATTERNS = LINE_BITS * LINE_BITS;

    /** 2^32: the number of hash values. */
    static final double HASH_VALUES = 0x1p32;

    /** Below this n / 2^32 RocksDB's FingerprintFpRate switches to its two-term series. */
    static final double FINGERPRINT_SERIES_BELOW = 0.0001;

    /** Values of the free field of bits 9..16 (da ranges over (-256, 256)). */
    private static final int FREE_LOW = 256;

    /** Values of the free field of bits 26..31 (dc ranges over (-64, 64)). */
    private static final int FREE_HIGH = 64;

    /** 2^26 / 2^9: the free fields' difference da 2^9 + dc 2^26 is 2^9 (da + dc 2^17). */
    private static final int STEP_SHIFT = 17;

    /** 2^23 = 2^14 * 512: n b below which the model's pattern space (L 2^18) exceeds the hash's 2^32 values. */
    private static final double UNCOUNTED_BELOW_BITS = 0x1p23;

    /** {@link #collisionDepartureEntries} at 10%: RocksDB, 10 bits per key, 6 probes (pinned by a test). */
    public static final long DEPARTURE_10_PERCENT_ROCKSDB_10_BITS = 5_899_399L;
    /** {@link #collisionDepartureEntries} at 10%: RocksDB, 20 bits per key, 13 probes (pinned by a test). */
    public static final long DEPARTURE_10_PERCENT_ROCKSDB_20_BITS = 1_540_389L;
    /** {@link #collisionDepartureEntries} at 10%: Pebble, 20 bits per key, 6 probes (pinned by a test). */
    public static final long DEPARTURE_10_PERCENT_PEBBLE_20_BITS = 1_027_024L;

    private static final ConcurrentHashMap<Integer, StepClass[]> TABLES = new ConcurrentHashMap<>();

    private LegacyBloomRate() {
    }

    // ---- the probe pattern ----

    /** Distinct bits the k probes of a step visit: min(k, 512 / 2^v), v = trailing zeros of step mod 512. */
    public static int distinctProbes(int step, int probes) {
        checkProbes(probes);
        int residue = step & (LINE_BITS - 1);
        int v = residue == 0 ? 9 : Integer.numberOfTrailingZeros(residue);
        return Math.min(probes, LINE_BITS >> v);
    }

    /** Steps in 0..511 with exactly v trailing zeros: 2^(8-v) for v &lt;= 8; 1 (step 0) for v = 9. */
    public static int stepsInClass(int v) {
        if (v < 0 || v >= STEP_CLASSES) {
            throw new IllegalArgumentException("step class (" + v + ") must be in [0, 9]");
        }
        return v == 9 ? 1 : 256 >> v;
    }

    /** Mean distinct bits per key over the 512 steps: a key sets each bit of its line with probability this / 512. */
    public static double meanDistinctProbes(int probes) {
        long sum = 0;
        for (int v = 0; v < STEP_CLASSES; v++) {
            sum += (long) stepsInClass(v) * classDistinct(v, probes);
        }
        return (double) sum / LINE_BITS;
    }

    // ---- rates ----

    /**
     * The rate of a filter of n keys in L lines with k probes: from 2^17 lines on and up to 16 probes the
     * rate with the line and the probes drawn from one hash ({@link LegacyBloomLattice}); else
     * {@link #uniformFpr}.
     */
    public static double fpr(long entries, long lines, int probes) {
        checkLines(lines);
        checkProbes(probes);
        if (LegacyBloomLattice.applies(lines, probes)) {
            return LegacyBloomLattice.rate(entries, lines, probes);
        }
        return uniformFpr(entries, lines, probes);
    }

    /**
     * The uniform model's rate: {@link #lineRate} and {@link #collisionRate} combined by
     * {@link #independentProbabilitySum}.
     */
    public static double uniformFpr(long entries, long lines, int probes) {
        return independentProbabilitySum(lineRate(entries, lines, probes), collisionRate(entries, lines));
    }

    /**
     * The bit-array rate: the probability that a query whose 32-bit hash no stored key shares finds all
     * its probed bits set; see the class comment. 0 for n = 0.
     */
    public static double lineRate(long entries, long lines, int probes) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
        checkLines(lines);
        checkProbes(probes);
        double sum = 0.0;
        for (int v = 0; v < STEP_CLASSES; v++) {
            sum += stepsInClass(v) * classRate(v, entries, lines, probes);
        }
        return Math.min(1.0, Math.max(0.0, sum / LINE_BITS));
    }

    /**
     * S(L): pairs of free-field values (bits 9..16 and 26..31 of two hashes) whose difference
     * {@code da * 2^9 + dc * 2^26} is a multiple of L, weighted by how many pairs have that difference;
     * see the class comment. A uniform key shares a query's line, start and step with probability
     * S(L) / 2^46.
     */
    public static long samePatternPairs(long lines) {
        checkLines(lines);
        long sum = 0;
        for (int dc = -(FREE_HIGH - 1); dc < FREE_HIGH; dc++) {
            long weightHigh = FREE_HIGH - Math.abs(dc);
            // da = -dc * 2^17 (mod L), da in (-256, 256): the first such da, then every L on
            long residue = Math.floorMod(-((long) dc << STEP_SHIFT), lines);
            long da = residue - ((residue + FREE_LOW - 1) / lines) * lines;
            for (; da < FREE_LOW; da += lines) {
                sum += (FREE_LOW - Math.abs(da)) * weightHigh;
            }
        }
        return sum;
    }

    /** S(L) L / 2^28: how many times as often as the uniform model two keys share line, start and step. */
    public static double patternCollisionRatio(long lines) {
        return samePatternPairs(lines) * (double) lines / 0x1p28;
    }

    /** e(L) = S(L) / 2^46 - 1 / (L 2^18): the chance per key of sharing the query's pattern that lineRate omits. */
    public static double excessCollisionProbability(long lines) {
        return Math.max(0.0, samePatternPairs(lines) / 0x1p46 - 1.0 / (lines * (double) PATTERNS));
    }

    /**
     * The chance that one of n keys shares the query's probes beyond what {@link #lineRate} counts:
     * RocksDB's FingerprintFpRate formula at x = n e(L) instead of n / 2^32 (see {@link #fingerprintFpRate}).
     */
    public static double collisionRate(long entries, long lines) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
        return fingerprintForm(entries * excessCollisionProbability(lines));
    }

    /**
     * The bit-array rate as n grows at b bits per key: lines = n b / 512, so n / L tends to 512 / b and
     * each binomial power tends to e^(-(512 / b) H).
     */
    public static double asymptoticLineRate(int bitsPerKey, int probes) {
        if (bitsPerKey < 1) {
            throw new IllegalArgumentException("bits per key (" + bitsPerKey + ") must be >= 1");
        }
        checkProbes(probes);
        double load = (double) LINE_BITS / bitsPerKey;
        double sum = 0.0;
        for (StepClass c : tables(probes)) {
            sum += c.steps() * classRatePoisson(c, load);
        }
        return Math.min(1.0, Math.max(0.0, sum / LINE_BITS));
    }

    /**
     * RocksDB's {@code BloomMath::FingerprintFpRate(n, 32)}: the chance that one of n keys shares the
     * query's 32-bit hash, {@code 1 - e^(-n / 2^32)}, or {@code x - x^2 / 2} for x = n / 2^32 &lt;= 1e-4.
     */
    public static double fingerprintFpRate(long entries) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
        return fingerprintForm(entries / HASH_VALUES);
    }

    /** FingerprintFpRate's two branches at base estimate x: 1 - e^-x, or x - x^2 / 2 for x &lt;= 1e-4. */
    private static double fingerprintForm(double base) {
        if (base > FINGERPRINT_SERIES_BELOW) {
            return -Math.expm1(-base);
        }
        return base - base * base * 0.5;
    }

    /** RocksDB's {@code BloomMath::IndependentProbabilitySum}: a + b - a b. */
    public static double independentProbabilitySum(double rate1, double rate2) {
        return rate1 + rate2 - rate1 * rate2;
    }

    /**
     * The fewest keys at which {@link #fpr} exceeds the bit-array rate by the factor {@code 1 + fraction}
     * at b bits per key, for lines whose excess collision is the same-hash term alone:
     * {@code 2^23 / b + 2^32 * -ln(1 - fraction p / (1 - p))} with p = {@link #asymptoticLineRate}; see
     * the class comment. {@link Long#MAX_VALUE} when no n gets there.
     */
    public static long collisionDepartureEntries(int bitsPerKey, int probes, double fraction) {
        if (!(fraction > 0.0) || Double.isInfinite(fraction)) {
            throw new IllegalArgumentException("fraction (" + fraction + ") must be finite and > 0");
        }
        double p = asymptoticLineRate(bitsPerKey, probes);
        double needed = fraction * p / (1.0 - p); // FingerprintFpRate(n) * (1 - p) = fraction * p
        if (!(needed < 1.0)) {
            return Long.MAX_VALUE;
        }
        double base = -Math.log1p(-needed);
        if (base <= FINGERPRINT_SERIES_BELOW) {
            base = 1.0 - Math.sqrt(1.0 - 2.0 * needed); // inverse of x - x^2 / 2
        }
        // n e(L) = (n - 2^23 / b) / 2^32 with L = n b / 512 and e(L) = 2^-32 (1 - 2^14 / L)
        return (long) Math.ceil(base * HASH_VALUES + UNCOUNTED_BELOW_BITS / bitsPerKey);
    }

    // ---- the exact classes ----

    /** The distinct values of H(T), as probabilities, with the summed signs of the subsets T that have them. */
    private record Terms(double[] hit, double[] coefficient) {
    }

    /**
     * One step class of the query, for k probes: its steps w(v), its distinct bits u, and the terms of
     * all of U (u &lt;= 16), or of its first 16 and first 15 bits (u &gt; 16).
     */
    private record StepClass(int steps, int distinct, Terms all, Terms first16, Terms first15) {
        boolean exact() {
            return all != null;
        }
    }

    private static StepClass[] tables(int probes) {
        return TABLES.computeIfAbsent(probes, LegacyBloomRate::buildTables);
    }

    private static StepClass[] buildTables(int probes) {
        StepClass[] classes = new StepClass[STEP_CLASSES];
        for (int v = 0; v < STEP_CLASSES; v++) {
            int u = classDistinct(v, probes);
            classes[v] = u <= EXACT_MAX_DISTINCT
                    ? new StepClass(stepsInClass(v), u, terms(v, probes, u), null, null)
                    : new StepClass(stepsInClass(v), u, null, terms(v, probes, EXACT_MAX_DISTINCT),
                            terms(v, probes, EXACT_MAX_DISTINCT - 1));
        }
        return classes;
    }

    /** The inclusion-exclusion terms for the first {@code window} bits of class v's U. */
    private static Terms terms(int v, int probes, int window) {
        long[] counts = hitCounts(v, probes, window);
        int[] signed = new int[PATTERNS + 1];
        for (int t = 0; t < counts.length; t++) {
            signed[(int) counts[t]] += (Integer.bitCount(t) & 1) == 0 ? 1 : -1;
        }
        int nonzero = 0;
        for (int c : signed) {
            nonzero += c != 0 ? 1 : 0;
        }
        double[] hit = new double[nonzero];
        double[] coefficient = new double[nonzero];
        int j = 0;
        for (int h = 0; h <= PATTERNS; h++) {
            if (signed[h] != 0) {
                hit[j] = (double) h / PATTERNS;
                coefficient[j] = signed[h];
                j++;
            }
        }
        return new Terms(hit, coefficient);
    }

    /** u for step class v: min(k, 512 / 2^v), 1 for step 0. */
    private static int classDistinct(int v, int probes) {
        return v == 9 ? 1 : Math.min(probes, LINE_BITS >> v);
    }

    /**
     * For the first {@code window} bits W = {0, d, .., (window-1) d} of step class v's query set U and
     * every subset T of W (bit i of the index = the bit i d), the number of the 2^18 (start, step)
     * pairs whose k probes hit T: the histogram of each pair's intersection with W, summed over
     * subsets (a zeta transform) to count the pairs that miss T, subtracted from 2^18.
     */
    static long[] hitCounts(int v, int probes, int window) {
        if (window < 1 || window > Math.min(EXACT_MAX_DISTINCT, classDistinct(v, probes))) {
            throw new IllegalArgumentException("window (" + window + ") must be in [1, min(16, "
                    + classDistinct(v, probes) + ")]");
        }
        int u = window;
        int d = v == 9 ? 0 : 1 << v;
        long[] within = new long[1 << u]; // within[S] = pairs whose probes meet U in exactly S
        int[] mask = new int[LINE_BITS];
        int[] touched = new int[LINE_BITS];
        for (int step = 0; step < LINE_BITS; step++) {
            // A start b meets bit x of U iff x - b is one of the step's offsets i * step: only those
            // starts are visited; every other start meets U nowhere.
            int count = 0;
            for (int x = 0; x < u; x++) {
                int position = (x * d) & (LINE_BITS - 1);
                int offset = 0;
                for (int i = 0; i < probes; i++) {
                    int b = (position - offset) & (LINE_BITS - 1);
                    if (mask[b] == 0) {
                        touched[count++] = b;
                    }
                    mask[b] |= 1 << x;
                    offset = (offset + step) & (LINE_BITS - 1);
                }
            }
            within[0] += LINE_BITS - count;
            for (int j = 0; j < count; j++) {
                within[mask[touched[j]]]++;
                mask[touched[j]] = 0;
            }
        }
        for (int bit = 0; bit < u; bit++) { // within[S] becomes the pairs meeting U inside S
            for (int s = 0; s < within.length; s++) {
                if ((s & (1 << bit)) != 0) {
                    within[s] += within[s ^ (1 << bit)];
                }
            }
        }
        int full = within.length - 1;
        long[] hits = new long[within.length];
        for (int t = 0; t < hits.length; t++) {
            hits[t] = PATTERNS - within[full ^ t]; // pairs missing T meet U inside U \ T
        }
        return hits;
    }

    /** sum over the terms' H values of (signs) * (1 - H / L)^n. */
    private static double inclusionExclusion(Terms t, long entries, long lines) {
        double[] hit = t.hit();
        double[] coefficient = t.coefficient();
        double n = entries;
        double sum = 0.0;
        for (int i = 0; i < hit.length; i++) {
            sum += coefficient[i] * Math.exp(n * Math.log1p(-hit[i] / lines));
        }
        return sum;
    }

    /**
     * P(all of U set) for the query's step class v, as {@link #lineRate} computes it: exact for
     * u &lt;= 16; for u &gt; 16, the exact probability W16 that the first 16 bits of U are set, times
     * (W16 / W15)^(u - 16), each further bit taken to be set with the probability the 16th had given
     * the first 15.
     */
    static double classRate(int v, long entries, long lines, int probes) {
        StepClass c = tables(probes)[v];
        if (c.exact()) {
            return inclusionExclusion(c.all(), entries, lines);
        }
        return extrapolate(inclusionExclusion(c.first16(), entries, lines),
                inclusionExclusion(c.first15(), entries, lines), c.distinct());
    }

    private static double classRatePoisson(StepClass c, double load) {
        if (c.exact()) {
            return poissonInclusionExclusion(c.all(), load);
        }
        return extrapolate(poissonInclusionExclusion(c.first16(), load), poissonInclusionExclusion(c.first15(), load),
                c.distinct());
    }

    private static double extrapolate(double first16, double first15, int distinct) {
        if (!(first15 > 0.0) || !(first16 > 0.0)) {
            return 0.0;
        }
        return first16 * Math.pow(Math.min(1.0, first16 / first15), distinct - EXACT_MAX_DISTINCT);
    }

    private static double poissonInclusionExclusion(Terms t, double load) {
        double sum = 0.0;
        for (int i = 0; i < t.hit().length; i++) {
            sum += t.coefficient()[i] * Math.exp(-load * t.hit()[i]);
        }
        return sum;
    }

    private static void checkLines(long lines) {
        if (lines < 1 || lines > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("lines (" + lines + ") must be in [1, 2^32 - 1]");
        }
    }

    private static void checkProbes(int probes) {
        if (probes < 1 || probes > Byte.MAX_VALUE) {
            throw new IllegalArgumentException("probes (" + probes + ") must be in [1, 127]");
        }
    }
}
