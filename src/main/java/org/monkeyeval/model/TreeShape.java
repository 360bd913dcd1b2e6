package org.monkeyeval.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * An LSM-tree given by its shape rather than by its runs: compaction policy, size ratio T, levels L,
 * the entries of levels 1..L and optional L0 files. {@link #expand()} turns it into runs, newest first.
 *
 * <pre>
 * Expansion rule:
 *   level i (1..L) holds the share T^(i-1) / sum_{j=1..L} T^(j-1) of the entries, split equally
 *   over its runs:  leveling       1 run per level
 *                   tiering        T-1 runs per level
 *                   lazy-leveling  T-1 runs per level above the last, 1 at the last
 *                                  (Dayan and Idreos, Dostoevsky, SIGMOD 2018)
 *   whole entries by largest remainder: floor every run's exact share, then give the units left one
 *   each to the runs with the largest fractional part (ties: the newer run), so the runs add up to
 *   the entries exactly. A run left with 0 entries makes the tree too deep for its entries.
 *   L0 (optional): its runs come first, newest of all, each its own sorted run (as RocksDB keeps L0 files).
 * </pre>
 *
 * <p>The shares are computed exactly: T is read as the exact binary value of its double, T = p/q, and
 * every share is the rational entries * p^(i-1) q^(L-i) / (runs_i * sum_j p^(j-1) q^(L-j)).
 *
 * @param policy           compaction policy
 * @param sizeRatio        T, at least 2; a whole number for tiering and lazy leveling
 * @param levels           L, 1..{@link #MAX_LEVELS}
 * @param entries          entries of levels 1..L (L0 excluded), at least 1
 * @param l0Runs           L0 runs, 0 when the tree has no L0
 * @param l0EntriesPerRun  entries of each L0 run (ignored when {@code l0Runs} is 0)
 */
public record TreeShape(Policy policy, double sizeRatio, int levels, long entries, int l0Runs, long l0EntriesPerRun) {

    /** Largest accepted number of runs after expansion. */
    public static final int MAX_RUNS = 1_000_000;

    /**
     * Deepest accepted tree. With T &gt;= 2 level 1 holds less than 2^-(L-1) of the entries, so past 64
     * levels it rounds to nothing for any entry count up to 2^63 - 1; 128 leaves room for that check to
     * be the one that speaks.
     */
    public static final int MAX_LEVELS = 128;

    /** Compaction policies and how many runs each keeps per level. */
    public enum Policy {
        LEVELING("leveling"), TIERING("tiering"), LAZY_LEVELING("lazy-leveling");

        private final String field;

        Policy(String field) {
            this.field = field;
        }

        /** The name in case files. */
        public String field() {
            return field;
        }

        /** The policy named {@code field} in a case file, or {@code null}. */
        public static Policy byField(String field) {
            for (Policy p : values()) {
                if (p.field.equals(field)) {
                    return p;
                }
            }
            return null;
        }

        /** Runs at level {@code level} (1-based) of an {@code levels}-level tree with size ratio T. */
        long runsAt(int level, int levels, long sizeRatio) {
            return switch (this) {
                case LEVELING -> 1;
                case TIERING -> sizeRatio - 1;
                case LAZY_LEVELING -> level == levels ? 1 : sizeRatio - 1;
            };
        }
    }

    public TreeShape {
        if (policy == null) {
            throw new IllegalArgumentException("policy is required");
        }
        if (!(sizeRatio >= 2.0) || Double.isInfinite(sizeRatio)) {
            throw new IllegalArgumentException("sizeRatio (" + sizeRatio + ") must be a finite number >= 2");
        }
        if (policy != Policy.LEVELING && sizeRatio != Math.rint(sizeRatio)) {
            throw new IllegalArgumentException("sizeRatio (" + sizeRatio + ") must be a whole number for "
                    + policy.field() + " (it has T - 1 runs per level)");
        }
        if (levels < 1 || levels > MAX_LEVELS) {
            throw new IllegalArgumentException("levels (" + levels + ") must be in 1.." + MAX_LEVELS);
        }
        if (entries < 1) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 1");
        }
        if (l0Runs < 0) {
            throw new IllegalArgumentException("l0 runs (" + l0Runs + ") must be >= 0");
        }
        if (l0Runs > 0 && l0EntriesPerRun < 1) {
            throw new IllegalArgumentException("l0 entriesPerRun (" + l0EntriesPerRun + ") must be >= 1");
        }
        if (l0Runs == 0) {
            l0EntriesPerRun = 0;
        }
        double runs = l0Runs;
        for (int i = 1; i <= levels; i++) {
            runs += policy == Policy.LEVELING ? 1 : policy.runsAt(i, levels, (long) Math.min(sizeRatio, 4e18));
        }
        if (runs > MAX_RUNS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "the tree has %.0f runs, more than the limit of %d", runs, MAX_RUNS));
        }
    }

    /** Number of runs after expansion, L0 included. */
    public int runCount() {
        long runs = l0Runs;
        for (int i = 1; i <= levels; i++) {
            runs += runsAt(i);
        }
        return (int) runs;
    }

    private long runsAt(int level) {
        return policy.runsAt(level, levels, (long) sizeRatio);
    }

    /**
     * The runs of this tree, newest first: L0 runs ({@code L0.1}, ...), then level 1, 2, ... named
     * {@code L1} when a level has one run, {@code L1.1}, {@code L1.2}, ... (newest first) when it has several.
     *
     * @throws IllegalArgumentException when a run would get 0 entries (the tree is too deep for its entries)
     */
    public List<Run> expand() {
        BigInteger[] numerator = new BigInteger[levels + 1];   // entries * p^(i-1) q^(L-i)
        BigInteger[] denominator = new BigInteger[levels + 1]; // runs_i * sum_j p^(j-1) q^(L-j)
        BigDecimal exact = new BigDecimal(sizeRatio);          // the double's exact binary value
        BigInteger p;
        BigInteger q;
        if (exact.scale() > 0) {
            p = exact.unscaledValue();
            q = BigInteger.TEN.pow(exact.scale());
        } else {
            p = exact.toBigIntegerExact();
            q = BigInteger.ONE;
        }
        BigInteger sum = BigInteger.ZERO;
        BigInteger[] capacity = new BigInteger[levels + 1];
        for (int i = 1; i <= levels; i++) {
            capacity[i] = p.pow(i - 1).multiply(q.pow(levels - i));
            sum = sum.add(capacity[i]);
        }
        BigInteger total = BigInteger.valueOf(entries);
        long[] floorPerRun = new long[levels + 1];
        BigInteger[] remainder = new BigInteger[levels + 1];
        BigInteger assigned = BigInteger.ZERO;
        for (int i = 1; i <= levels; i++) {
            numerator[i] = total.multiply(capacity[i]);
            denominator[i] = sum.multiply(BigInteger.valueOf(runsAt(i)));
            BigInteger[] qr = numerator[i].divideAndRemainder(denominator[i]);
            floorPerRun[i] = qr[0].longValueExact();
            remainder[i] = qr[1];
            assigned = assigned.add(qr[0].multiply(BigInteger.valueOf(runsAt(i))));
        }
        long left = total.subtract(assigned).longValueExact();

        // Largest fractional part first; equal fractions: the newer run, i.e. the lower level, then the
        // earlier run within a level (runs of one level share one fraction).
        List<Integer> byFraction = new ArrayList<>();
        for (int i = 1; i <= levels; i++) {
            byFraction.add(i);
        }
        byFraction.sort((a, b) -> {
            int byShare = remainder[b].multiply(denominator[a]).compareTo(remainder[a].multiply(denominator[b]));
            return byShare != 0 ? byShare : Integer.compare(a, b);
        });
        long[] extra = new long[levels + 1]; // the first extra[i] runs of level i get one more entry
        for (int level : byFraction) {
            long give = remainder[level].signum() == 0 ? 0 : Math.min(left, runsAt(level));
            extra[level] = give;
            left -= give;
        }
        if (left != 0) {
            throw new IllegalStateException("largest-remainder rounding left " + left + " entries unassigned");
        }

        List<Run> out = new ArrayList<>(runCount());
        for (int k = 1; k <= l0Runs; k++) {
            out.add(new Run("L0." + k, l0EntriesPerRun, 0, null));
        }
        for (int i = 1; i <= levels; i++) {
            long runs = runsAt(i);
            for (long k = 0; k < runs; k++) {
                long n = floorPerRun[i] + (k < extra[i] ? 1 : 0);
                String name = runs == 1 ? "L" + i : "L" + i + "." + (k + 1);
                if (n == 0) {
                    throw new IllegalArgumentException("the tree is too deep for its entries: run " + name
                            + " would hold 0 of the " + entries + " entries (use fewer levels or more entries)");
                }
                out.add(new Run(name, n, i, null));
            }
        }
        return out;
    }

    /** Entries of the whole tree, L0 included. */
    public BigInteger totalEntries() {
        return BigInteger.valueOf(entries)
                .add(BigInteger.valueOf(l0EntriesPerRun).multiply(BigInteger.valueOf(l0Runs)));
    }
}
