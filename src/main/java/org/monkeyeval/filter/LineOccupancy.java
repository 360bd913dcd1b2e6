package org.monkeyeval.filter;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The false-positive rate of a cache-local Bloom filter as it is built: n keys over L lines of 512
 * bits, each key's k probes inside its own line, a query's k probes inside the line it picks.
 *
 * <pre>
 *   one line with j keys:   X = distinct bits set by t = k j probes, each uniform over the 512 bits
 *                           g_k(j) = E[(X / 512)^k]                 (a query's k probes all set)
 *   the filter:             J = load of the line a query picks ~ Binomial(n, 1/L)
 *                           p   = E_J[ g_k(J) ]
 * </pre>
 *
 * X follows the classical occupancy distribution (t balls into 512 bins; Johnson and Kotz, <i>Urn
 * Models and Their Application</i>, 1977, ch. 3), computed here exactly by its recurrence
 * {@code P_{t+1}(x) = P_t(x) x/m + P_t(x-1) (m-x+1)/m} ({@link #occupancyStep}). This is Bose et al.'s
 * exact rate of a Bloom filter (P. Bose, H. Guo, E. Kranakis, A. Maheshwari, P. Morin, J. Morrison,
 * M. Smid, Y. Tang. <i>On the false-positive rate of Bloom filters</i>, Information Processing Letters
 * 108(4), 2008) applied to one line, mixed over the line loads as Putze, Sanders and Singler (WEA
 * 2007) mix the classical rate. The classical per-line rate {@code (1 - (1 - 1/512)^(kj))^k} is
 * {@code (E[X]/512)^k}, below {@code E[(X/512)^k]} by Jensen's inequality; the gap grows with k
 * and falls with the load, so it is largest at high bits per key: at 492,356 keys the classical
 * Poisson mixture is 0.9% low at 10 bits per key and 3.9% low at 24 (see docs/families.md, where the
 * rates of filters built as RocksDB builds them are measured against both).
 *
 * <p>Where the model departs from the filter: RocksDB derives a key's k in-line positions from one
 * 32-bit value by repeated multiplication, not by k independent draws; measured rates agree with
 * independent draws within their sampling error (docs/families.md). Lines are treated as chosen
 * uniformly (fastrange over 32 bits is uniform to within L / 2^32).
 *
 * <p>Exactness: g_k(j) is exact (to rounding) for t = k j up to {@link #MAX_EXACT_THROWS}; beyond it,
 * where a line's expected empty bits are below 512 e^(-16), the classical rate is used, whose
 * relative error there is below k^2 10^-10. The load mixture stops summing where the binomial tail
 * it omits, times the most an omitted g can be (1 above the mode, the last g below it), is below
 * {@link #TAIL_TOLERANCE} of the mean summed so far: the rate is as exact at 10^-15 as at 10^-2. Only
 * multiplication, division and addition in a fixed order: the same bits on every JVM.
 */
public final class LineOccupancy {

    /** Bits in a line. */
    public static final int LINE_BITS = 512;

    /** Most probe throws into one line for which g is computed exactly (t / 512 = 16). */
    public static final int MAX_EXACT_THROWS = 16 * LINE_BITS;

    /** Most probes per key tabulated (RocksDB's readers accept up to 30). */
    public static final int MAX_PROBES = 30;

    /** Relative bound on the binomial mass the mixture leaves out. */
    public static final double TAIL_TOLERANCE = 1e-15;

    private static final AtomicReferenceArray<Table> TABLES = new AtomicReferenceArray<>(MAX_PROBES + 1);

    private LineOccupancy() {
    }

    /** Mean and variance of one filter's rate over builds (see {@link Predictions}). */
    public static Predictions.Moments moments(long n, long lines, int k) {
        return mixture(n, lines, k, true);
    }

    /** The expected rate p = E_J[g_k(J)] of a filter of n keys in {@code lines} 512-bit lines, k probes. */
    public static double fpr(long n, long lines, int k) {
        return mixture(n, lines, k, false).mean();
    }

    /**
     * The rate of one built filter, from its lines' own occupancy: the mean over the lines of (x / 512)^k,
     * x the bits a line has set, the chance that a query's k probes (uniform over the line, as in
     * {@link #fpr}) all find set bits. {@link #fpr} is this rate's expectation over builds; a built filter's
     * own rate lies around it (lines loaded more or less than their mean), by a few percent at 10^4 keys.
     *
     * @param lineBits every line's set bits, in the filter's order
     */
    public static double builtRate(int[] lineBits, int k) {
        double sum = 0.0;
        for (int x : lineBits) {
            if (x < 0 || x > LINE_BITS) {
                throw new IllegalArgumentException("a line sets " + x + " of " + LINE_BITS + " bits");
            }
            double share = (double) x / LINE_BITS;
            double g = 1.0;
            for (int i = 0; i < k; i++) {
                g *= share;
            }
            sum += g;
        }
        return lineBits.length == 0 ? 0.0 : sum / lineBits.length;
    }

    /** g_k(j) = E[(X/512)^k] for a line of j keys, and the variance of (X/512)^k. */
    public static Predictions.Moments line(long keys, int k) {
        checkProbes(k);
        if (keys < 0) {
            throw new IllegalArgumentException("keys in the line (" + keys + ") must be >= 0");
        }
        Table table = table(k);
        if (keys <= table.maxKeys) {
            return table.line((int) keys);
        }
        return classical((double) k * keys, k);
    }

    private static Predictions.Moments mixture(long n, long lines, int k, boolean variance) {
        checkProbes(k);
        if (n < 0 || lines < 0) {
            throw new IllegalArgumentException("keys (" + n + ") and lines (" + lines + ") must be >= 0");
        }
        if (n == 0 || lines == 0) {
            return new Predictions.Moments(0.0, 0.0);
        }
        if (lines == 1) {
            Predictions.Moments one = line(n, k);
            return new Predictions.Moments(one.mean(), variance ? one.variance() : 0.0);
        }
        double q = 1.0 / lines;
        double odds = q / (1.0 - q);
        long mode = Math.min(n, (long) Math.floor((n + 1) * q));
        Sum sum = new Sum(k, variance);
        sum.add(mode, 1.0);
        double w = 1.0;
        // Above the mode each omitted g is at most 1 (g grows with the load); below it, at most the last g
        // added (g falls with the load). Either side stops where the binomial tail it leaves, times that
        // bound, is below TAIL_TOLERANCE of the mean summed so far and of the weight.
        for (long j = mode; j < n; j++) { // upward: w_{j+1} / w_j = (n - j) / (j + 1) * q / (1 - q)
            double ratio = (double) (n - j) / (j + 1) * odds;
            w *= ratio;
            sum.add(j + 1, w);
            if (ratio < 1.0 && mayStop(w * ratio, sum)) {
                double tail = w * ratio / (1.0 - ratio);
                if (tail <= TAIL_TOLERANCE * sum.mean && tail <= TAIL_TOLERANCE * sum.weight) {
                    break;
                }
            }
        }
        w = 1.0;
        for (long j = mode; j > 0; j--) { // downward: w_{j-1} / w_j = j / (n - j + 1) * (1 - q) / q
            double ratio = (double) j / (n - j + 1) / odds;
            w *= ratio;
            sum.add(j - 1, w);
            if (ratio < 1.0 && mayStop(w * ratio, sum)) {
                double tail = w * ratio / (1.0 - ratio);
                if (tail * sum.last <= TAIL_TOLERANCE * sum.mean && tail <= TAIL_TOLERANCE * sum.weight) {
                    break;
                }
            }
        }
        double mean = sum.mean / sum.weight;
        if (!variance) {
            return new Predictions.Moments(mean, 0.0);
        }
        double betweenLines = Math.max(0.0, sum.meanSquares / sum.weight - mean * mean);
        return new Predictions.Moments(mean, (sum.lineVariance / sum.weight + betweenLines) / lines);
    }

    /**
     * Whether the tail w ratio / (1 - ratio) may be below {@link #TAIL_TOLERANCE} of the weight, read from w ratio
     * alone: for 0 &lt; 1 - ratio &lt;= 1 the rounded quotient is never below w ratio, so where w ratio is above the
     * bound the tail is too, and the division (the costlier half of a term) is not needed to decide.
     */
    private static boolean mayStop(double wRatio, Sum sum) {
        return wRatio <= TAIL_TOLERANCE * sum.weight;
    }

    /** Unnormalized sums over line loads. */
    private static final class Sum {
        private final int k;
        private final boolean variance;
        private final Table table;
        double weight;
        double mean;
        /** g at the load added last. */
        double last;
        double meanSquares;
        double lineVariance;

        Sum(int k, boolean variance) {
            this.k = k;
            this.variance = variance;
            this.table = table(k);
        }

        void add(long keys, double w) {
            weight += w;
            if (keys <= table.maxKeys) {
                int j = (int) keys;
                double g = table.mean[j];
                last = g;
                mean += w * g;
                if (variance) {
                    meanSquares += w * g * g;
                    lineVariance += w * (table.square[j] - g * g);
                }
            } else {
                Predictions.Moments m = classical((double) k * keys, k);
                last = m.mean();
                mean += w * m.mean();
                if (variance) {
                    meanSquares += w * m.mean() * m.mean();
                    lineVariance += w * m.variance();
                }
            }
        }
    }

    /** A saturated line: the classical rate and the occupancy delta-method variance. */
    private static Predictions.Moments classical(double throwsCount, int k) {
        return Predictions.occupancy(throwsCount, LINE_BITS, k);
    }

    /** g_k(j) and E[(X/512)^(2k)] for j = 0 .. maxKeys, with t = k j throws up to MAX_EXACT_THROWS. */
    private static final class Table {
        final int maxKeys;
        final double[] mean;
        final double[] square;

        Table(int k) {
            this.maxKeys = MAX_EXACT_THROWS / k;
            this.mean = new double[maxKeys + 1];
            this.square = new double[maxKeys + 1];
            double[] power = new double[LINE_BITS + 1];   // (x / 512)^k
            double[] power2 = new double[LINE_BITS + 1];  // (x / 512)^(2k)
            for (int x = 0; x <= LINE_BITS; x++) {
                double f = (double) x / LINE_BITS;
                double p = 1.0;
                for (int i = 0; i < k; i++) {
                    p *= f;
                }
                power[x] = p;
                power2[x] = p * p;
            }
            double[] occupied = new double[LINE_BITS + 1]; // P(X = x) after the throws so far
            occupied[0] = 1.0;
            int low = 0; // below it every P(X = x) is 0.0
            for (int j = 1; j <= maxKeys; j++) {
                for (int i = 0; i < k; i++) {
                    low = occupancyStep(occupied, (long) (j - 1) * k + i, low);
                }
                double m = 0.0;
                double s = 0.0;
                // the terms below low are 0.0, and 0.0 + 0.0 is what m and s hold until the first other term
                for (int x = Math.max(1, low); x <= Math.min(LINE_BITS, j * k); x++) {
                    m += occupied[x] * power[x];
                    s += occupied[x] * power2[x];
                }
                mean[j] = m;
                square[j] = s;
            }
        }

        Predictions.Moments line(int j) {
            return new Predictions.Moments(mean[j], Math.max(0.0, square[j] - mean[j] * mean[j]));
        }
    }

    /**
     * One more uniform throw into the 512 bins: P'(x) = P(x) x / m + P(x - 1) (m - x + 1) / m, in place
     * from the top; {@code done} throws came before, so x is at most done + 1.
     *
     * <p>Below {@code low} every P(x) is 0.0 (the lower tail underflows as the throws grow), and so is every P'(x):
     * (0.0 x + 0.0 (m - x + 1)) / m. At {@code low} itself the second product is 0.0, which leaves the first as it
     * is. So the bins from {@code low} up are the only ones computed, with the same bits as computing all of them.
     *
     * @return the least x whose P'(x) is not 0.0 (at least 1, P'(0) being 0 after a throw)
     */
    static int occupancyStep(double[] occupied, long done, int low) {
        int top = (int) Math.min(LINE_BITS, done + 1);
        for (int x = top; x >= Math.max(1, low); x--) {
            occupied[x] = (occupied[x] * x + occupied[x - 1] * (LINE_BITS - x + 1)) / LINE_BITS;
        }
        occupied[0] = 0.0;
        int least = Math.max(1, low);
        while (least < top && occupied[least] == 0.0) {
            least++;
        }
        return least;
    }

    private static Table table(int k) {
        Table t = TABLES.get(k);
        if (t == null) {
            Table built = new Table(k);
            t = TABLES.compareAndExchange(k, null, built);
            if (t == null) {
                t = built;
            }
        }
        return t;
    }

    private static void checkProbes(int k) {
        if (k < 1 || k > MAX_PROBES) {
            throw new IllegalArgumentException("probes per key (" + k + ") must be in [1, " + MAX_PROBES + "]");
        }
    }
}
