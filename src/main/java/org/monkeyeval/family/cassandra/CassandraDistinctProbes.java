package org.monkeyeval.family.cassandra;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many distinct bits a query probes in Cassandra's Bloom filter, and the false-positive rate that
 * follows. The standard estimate f^K (f = 1 - e^(-K n / m), the fraction of bits set) assumes the K
 * probes of a key land on K distinct bits. Cassandra's double hashing (BloomFilter.setIndexes: index_i =
 * abs(base % max), base += inc, signed 64-bit; see {@link CassandraBloom}) sometimes lands them on
 * fewer, D &lt; K, and then the key passes with probability f^D, far above f^K. So
 *
 * <pre>
 *   FPR = sum over d of P(D = d) f^d                  (f^K when P(D = K) = 1)
 * </pre>
 *
 * with P(D = d) computed here for max = m and K, to first order in 1/m.
 *
 * <p>Where collisions come from. Write the hash halves as unsigned U = base, C = inc and
 * Y_i = U + i C as an integer (no wrapping), h_i = floor(Y_i / 2^63), a = U mod m, s = C mod m and
 * W = 2^64 mod m. Then, exactly (Cassandra's index is |x| mod m for the signed x = Y_i mod 2^64):
 *
 * <pre>
 *   index_i = e_i (a + i s - c_i W) mod m,   e_i = +1 if h_i is even, -1 if odd,  c_i = ceil(h_i / 2)
 * </pre>
 *
 * Two probes i &lt; j coincide when
 * <ul>
 *   <li>e_i = e_j and (j - i) s = (c_j - c_i) W (mod m): a condition on the step s alone. It holds for
 *       s = 0 (no wrap between i and j) and for the few s with t s = 0 or a multiple of W; such an s
 *       makes the sequence periodic and collapses many probes at once (D near K / t).
 *   <li>e_i != e_j and 2 a + (i + j) s = (c_i + c_j) W (mod m): abs folds a negative x onto a positive
 *       one. For a given s it holds for 2 or 0 values of a (m is even), and merges the disjoint pairs
 *       (i, v - i) of one class (v = i + j, c_i + c_j).
 * </ul>
 * The pattern (e_i, c_i) depends only on the high bits: with phi = U / 2^63 and lambda = C / 2^63, both
 * uniform on [0, 2), h_i = floor(phi + i lambda); the low residues a and s are independent of them and
 * uniform on Z_m. The pattern is constant on the cells of the (phi, lambda) square cut by the lines
 * phi + i lambda = integer; between two consecutive fractions p/q (q &lt; K) in lambda the cells keep
 * their order and their widths in phi are linear in lambda, so the midpoint rule integrates them exactly.
 * Each cell contributes, with its area / 4:
 * <ul>
 *   <li>1/m for each s solving the first condition for at least one pair, with D = K minus the merges
 *       of all the pairs that s satisfies (found by union-find); and
 *   <li>(1 + [v even]) / m for each fold class: the expected number of a solving 2 a = r (mod m) when
 *       r has the parity of v s, s uniform.
 * </ul>
 * Terms in which two independent conditions hold at once are of order 1/m^2 and dropped; so is the rate
 * of a query sharing its bits with a stored key (order n / m^2), and the bits are taken as set
 * independently with probability f. P(D &lt; K) is about 35 to 45 / m for K = 14 (about 27 / m from the
 * folds, the rest from the special steps, more where m divides 2^64), so the dropped terms stay small
 * against the kept ones down to the smallest filter: at m = 64, K = 14, f = 1/2 the model gives 6.0e-3
 * for E[f^D], simulated 6.7e-3, against f^K = 6.1e-5.
 *
 * <p>Measured against the real filter (CassandraFprTest and longer runs of the same measurement):
 * <pre>
 *   n = 10^6, 10^4   model / f^K at most 1.0001, 1.014 (20 buckets); both within 4 sigma of measured
 *   n = 1000         20 buckets: f^K 6.61e-5, model 7.55e-5, measured 7.39e-5 (+-2.6 %)
 *   n = 100          20 buckets (m = 2048, W = 0): f^K 5.33e-5, model 2.35e-4, measured 2.55e-4;
 *                    every setting within 3 to 8 % below measured (the n / m^2 terms)
 *   n = 10, n = 1    model within a factor 0.7 to 1.8 of measured, where f^K is off by up to 190
 *                    and 10^6 times (n / m^2 is no longer small)
 * </pre>
 * Computing a distribution costs about a millisecond (the cells are enumerated once per K); results
 * are cached per (m, K).
 *
 * <p>References: A. Kirsch, M. Mitzenmacher, Less Hashing, Same Performance: Building a Better Bloom
 * Filter, ESA 2006 (double hashing's rate tends to the standard one as m grows; the difference at finite
 * m is what is computed here). P. C. Dillinger, P. Manolios, Bloom Filters in Probabilistic
 * Verification, FMCAD 2004 (double hashing's repeated probes, and enhanced double hashing as the fix).
 */
public final class CassandraDistinctProbes {

    /** Results per (m, K): the computation costs a few milliseconds and the solver asks again and again. */
    private static final Map<Long, double[]> CACHE = new ConcurrentHashMap<>();
    private static final int CACHE_LIMIT = 1 << 16;

    private CassandraDistinctProbes() {
    }

    /**
     * Cassandra's false-positive rate over n keys in m bits with K probes: sum of P(D = d) f^d with
     * f = 1 - e^(-K n / m).
     */
    public static double fpr(long entries, long bits, int hashes) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
        double fill = -Math.expm1(-(double) hashes * entries / checkBits(bits));
        double[] distinct = distribution(bits, hashes);
        double p = 0;
        for (int d = 1; d < distinct.length; d++) {
            p += distinct[d] * Math.pow(fill, d);
        }
        return p;
    }

    /**
     * P(D = d), d = 0..K, of a random key's distinct probes in a bit set of {@code bits} (Cassandra's
     * max, a multiple of 64) with {@code hashes} probes, to first order in 1/m. A copy; entry 0 is 0.
     */
    public static double[] distribution(long bits, int hashes) {
        checkBits(bits);
        checkHashes(hashes);
        long key = bits * 32 + hashes;
        double[] cached = CACHE.get(key);
        if (cached == null) {
            cached = compute(bits, hashes);
            if (CACHE.size() >= CACHE_LIMIT) {
                CACHE.clear();
            }
            CACHE.put(key, cached);
        }
        return cached.clone();
    }

    private static long checkBits(long bits) {
        if (bits < 64 || bits % 64 != 0) {
            throw new IllegalArgumentException("bits (" + bits + ") must be a positive multiple of 64");
        }
        return bits;
    }

    private static int checkHashes(int hashes) {
        if (hashes < 1 || hashes > 31) {
            throw new IllegalArgumentException("hashes (" + hashes + ") must be in [1, 31]");
        }
        return hashes;
    }

    /** 2^64 mod m. */
    static long wrapResidue(long m) {
        return (Long.remainderUnsigned(-1L, m) + 1) % m;
    }

    private static double[] compute(long m, int k) {
        double[] p = new double[k + 1];
        if (k == 1) {
            p[1] = 1.0;
            return p;
        }
        Cells cells = cells(k);
        for (int d = 1; d < k; d++) {
            p[d] = cells.fold()[d] / m;
        }
        // same sign: a condition on s alone, every pair that s satisfies merged (union-find per step)
        Steps steps = new Steps(m, k, wrapResidue(m));
        int[][] parent = new int[steps.count()][k];
        for (int[] row : parent) {
            resetParents(row);
        }
        int[] merges = new int[steps.count()];
        boolean[] touched = new boolean[steps.count()];
        int[] touchedList = new int[steps.count()];
        for (int c = 0; c < cells.weights().length; c++) {
            int[] h = cells.patterns()[c];
            int touchedCount = 0;
            for (int i = 0; i < k; i++) {
                for (int j = i + 1; j < k; j++) {
                    if (((h[i] ^ h[j]) & 1) != 0) {
                        continue;
                    }
                    for (int id : steps.solutions(j - i, (h[j] - h[i]) / 2)) { // (c_j - c_i): one parity
                        if (!touched[id]) {
                            touched[id] = true;
                            touchedList[touchedCount++] = id;
                        }
                        if (union(parent[id], i, j)) {
                            merges[id]++;
                        }
                    }
                }
            }
            double weight = cells.weights()[c] / m;
            for (int q = 0; q < touchedCount; q++) {
                int id = touchedList[q];
                p[k - merges[id]] += weight;
                merges[id] = 0;
                touched[id] = false;
                resetParents(parent[id]);
            }
        }
        double below = 0;
        for (int d = 1; d < k; d++) {
            below += p[d];
        }
        p[k] = 1.0 - below;
        return p;
    }

    /**
     * The distinct patterns h_0 .. h_{K-1} over the (phi, lambda) square, each with its area / 4, and the
     * fold classes' first-order mass times m by distinct count (independent of m): computed once per K.
     */
    private record Cells(int[][] patterns, double[] weights, double[] fold) {
    }

    private static final Cells[] CELLS = new Cells[32];

    private static synchronized Cells cells(int k) {
        if (CELLS[k] == null) {
            CELLS[k] = enumerateCells(k);
        }
        return CELLS[k];
    }

    private static Cells enumerateCells(int k) {
        Map<List<Integer>, Double> area = new HashMap<>();
        double[] fold = new double[k + 1];
        double[] lambdas = lambdaBreakpoints(k);
        double[] phis = new double[2 * k + 2];
        int[] h = new int[k];
        int maxClass = 4 * k + 4;
        int[] classCount = new int[(2 * k) * maxClass];
        for (int l = 0; l + 1 < lambdas.length; l++) {
            double width = lambdas[l + 1] - lambdas[l];
            double lambda = (lambdas[l] + lambdas[l + 1]) / 2;
            int count = phiBreakpoints(lambda, k, phis);
            for (int c = 0; c + 1 < count; c++) {
                double length = phis[c + 1] - phis[c];
                if (length <= 0) {
                    continue;
                }
                double phi = (phis[c] + phis[c + 1]) / 2;
                List<Integer> pattern = new ArrayList<>(k);
                for (int i = 0; i < k; i++) {
                    h[i] = (int) Math.floor(phi + i * lambda);
                    pattern.add(h[i]);
                }
                double weight = length * width / 4.0;
                area.merge(pattern, weight, Double::sum);
                // opposite sign: classes (v = i + j, c_i + c_j), each merging its disjoint pairs (i, v - i);
                // (1 + [v even]) values of a solve 2 a = r (mod m) on average over s
                for (int i = 0; i < k; i++) {
                    for (int j = i + 1; j < k; j++) {
                        if (((h[i] ^ h[j]) & 1) != 0) {
                            classCount[(i + j) * maxClass + (int) (ceilHalf(h[i]) + ceilHalf(h[j]))]++;
                        }
                    }
                }
                for (int q = 0; q < classCount.length; q++) {
                    if (classCount[q] > 0) {
                        int v = q / maxClass;
                        fold[k - classCount[q]] += weight * (v % 2 == 0 ? 2.0 : 1.0);
                        classCount[q] = 0;
                    }
                }
            }
        }
        int[][] patterns = new int[area.size()][];
        double[] weights = new double[area.size()];
        int c = 0;
        for (Map.Entry<List<Integer>, Double> e : area.entrySet()) {
            patterns[c] = e.getKey().stream().mapToInt(Integer::intValue).toArray();
            weights[c] = e.getValue();
            c++;
        }
        return new Cells(patterns, weights, fold);
    }

    private static long ceilHalf(int h) {
        return (h + 1) >> 1; // h >= 0
    }

    private static void resetParents(int[] parent) {
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
    }

    /** Union of i and j; true if they were apart (one fewer distinct probe). */
    private static boolean union(int[] parent, int i, int j) {
        int a = find(parent, i);
        int b = find(parent, j);
        if (a == b) {
            return false;
        }
        parent[Math.max(a, b)] = Math.min(a, b);
        return true;
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            i = parent[i];
        }
        return i;
    }

    /** Every p/q in [0, 2] with 1 &lt;= q &lt; K, sorted: where the cells of the (phi, lambda) square change. */
    static double[] lambdaBreakpoints(int k) {
        TreeSet<Double> points = new TreeSet<>();
        for (int q = 1; q < k; q++) {
            for (int num = 0; num <= 2 * q; num++) {
                points.add((double) num / q);
            }
        }
        return points.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** 0, 2 and every phi in (0, 2) with phi + i lambda an integer (i &lt; K), sorted into {@code out}. */
    private static int phiBreakpoints(double lambda, int k, double[] out) {
        int count = 0;
        out[count++] = 0.0;
        out[count++] = 2.0;
        for (int i = 0; i < k; i++) {
            double shift = i * lambda;
            for (long z = (long) Math.floor(shift) + 1; z < shift + 2; z++) {
                double phi = z - shift;
                if (phi > 0 && phi < 2) {
                    out[count++] = phi;
                }
            }
        }
        Arrays.sort(out, 0, count);
        return count;
    }

    /**
     * The steps s (mod m) for which t s = delta W (mod m), for 1 &lt;= t &lt; K and 0 &lt;= delta &lt;= t,
     * each given a small id: g = gcd(t, m) solutions when g divides delta W mod m, none otherwise.
     */
    private static final class Steps {
        private final int[][][] ids;
        private final int count;

        Steps(long m, int k, long w) {
            Map<Long, Integer> idOf = new HashMap<>();
            ids = new int[k][][];
            for (int t = 1; t < k; t++) {
                ids[t] = new int[t + 1][];
                for (int delta = 0; delta <= t; delta++) {
                    List<Long> sols = solve(t, Math.floorMod(delta * w, m), m);
                    int[] row = new int[sols.size()];
                    for (int q = 0; q < row.length; q++) {
                        row[q] = idOf.computeIfAbsent(sols.get(q), unused -> idOf.size());
                    }
                    ids[t][delta] = row;
                }
            }
            count = idOf.size();
        }

        int count() {
            return count;
        }

        int[] solutions(int t, int delta) {
            return ids[t][delta];
        }

        /** Every s in [0, m) with t s = r (mod m). */
        private static List<Long> solve(int t, long r, long m) {
            long g = gcd(t, m);
            List<Long> out = new ArrayList<>();
            if (r % g != 0) {
                return out;
            }
            long mg = m / g;
            long tg = t / g;
            long rg = r / g;
            // s0 with tg s0 = rg (mod mg): tg s0 = rg + j mg for the one j in [0, tg) that divides evenly
            long s0 = -1;
            for (long j = 0; j < tg; j++) {
                if ((rg + j * mg) % tg == 0) {
                    s0 = (rg + j * mg) / tg;
                    break;
                }
            }
            if (tg == 1) {
                s0 = rg;
            }
            for (long q = 0; q < g; q++) {
                out.add(s0 % mg + q * mg);
            }
            return out;
        }

        private static long gcd(long a, long b) {
            while (b != 0) {
                long r = a % b;
                a = b;
                b = r;
            }
            return a;
        }
    }
}
