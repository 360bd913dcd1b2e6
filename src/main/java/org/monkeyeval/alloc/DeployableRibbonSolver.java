package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.Engine;

/**
 * The best {@code filter_policy=ribbonfilter:B:L} for a column family ({@link Engine#ROCKSDB_RIBBON}):
 * one B (millibits) for every file, the fast local Bloom filter for files written below level L and
 * Ribbon from L on. RocksDB's rule ({@code RibbonFilterPolicy::GetBuilderWithContext},
 * facebook/rocksdb table/block_based/filter_policy.cc, and {@code NewRibbonFilterPolicy}'s comment in
 * include/rocksdb/filter_policy.h, both at commit 1dfa7297, 2026-08-07):
 *
 * <pre>
 *   levelish = -1                   for a file written by a memtable flush (its level_at_creation is 0)
 *            = level_at_creation    for a file written by compaction (leveled or universal), intra-L0 included
 *            = INT_MAX - 1          where the level is unknown (-1), and under FIFO compaction
 *   Bloom   if levelish &lt; L,  else Ribbon;   L = INT_MAX: Bloom always;  B &lt; 0.5: no filter
 * </pre>
 *
 * So L = -1 builds Ribbon everywhere, L = 0 (RocksDB's default) Bloom for flushes only, L = k &gt;= 1
 * Bloom for flushes and for compaction output to levels 0 .. k-1, and L = the number of levels Bloom
 * everywhere. A case's runs say their level, not how they were written: a run at level 0 is taken as a
 * flush's file (levelish -1), a run at level k &gt;= 1 as compaction output (levelish k), and a run
 * without a level at position i as level i, as the export reads it. An intra-L0 compaction's file would
 * have levelish 0, so L = 0 and L = 1 differ only on such files, which the case does not hold; on equal
 * cost the larger L is chosen (below), so L = 1 is exported rather than 0 and every L0 file is built
 * as predicted, however it was written.
 *
 * <p>The choice is exact: every (B, L) with B among the settings and L from -1 to the number of levels
 * is costed, and the cheapest that fits the budget is taken; on equal cost the smaller filters, then the
 * larger L (more Bloom, less build work: {@link DeployableBuildWork}), then the smaller B. The work is
 * O(settings x (runs + levels^2)): each run's rates once per family (once for consecutive runs of equal
 * size), summed per levelish, then every (B, L).
 */
public final class DeployableRibbonSolver {

    private DeployableRibbonSolver() {
    }

    /** RocksDB's levelish of a run: -1 for level 0 (a flush's file), else its level; position i where it has none. */
    public static int levelish(Integer level, int position) {
        int l = level == null ? position : level;
        if (l < 0) {
            throw new IllegalArgumentException("level (" + l + ") must be >= 0");
        }
        return l == 0 ? -1 : l;
    }

    /** True if RocksDB builds its Bloom filter (not Ribbon) for a file of {@code levelish} under bloom_before_level L. */
    public static boolean buildsBloom(int levelish, int bloomBeforeLevel) {
        return levelish < bloomBeforeLevel;
    }

    /** The number of levels the runs span: 1 + the largest level (a run without a level: its position). */
    public static int levels(Integer[] levels) {
        int top = 0;
        for (int i = 0; i < levels.length; i++) {
            top = Math.max(top, levels[i] == null ? i : levels[i]);
        }
        return top + 1;
    }

    /**
     * The best (B, L) over every millibit setting of the two families, L from -1 to the number of levels.
     *
     * @param bloom  the Bloom family (RocksDB's fast local Bloom)
     * @param ribbon the Ribbon family; its settings are the Bloom family's, B for B, in the same order
     * @param levels each run's level, or null where a run has none
     */
    public static Deployable solve(FilterFamily bloom, FilterFamily ribbon, long[] entries, double[] reach,
                                   Integer[] levels, double budgetBits) {
        return best(solveEachLevel(bloom, ribbon, entries, reach, levels, budgetBits));
    }

    /**
     * For each L from -1 to the number of levels, the best B at that L (index L + 1): the trade the
     * engine's guidance describes, expected reads against build work at one budget. The lists of the last
     * {@value #KEPT_EACH} inputs are kept ({@link EachKey}): a case's deployable allocation and its
     * bloom-before-level table ask for the same one.
     */
    public static List<Deployable> solveEachLevel(FilterFamily bloom, FilterFamily ribbon, long[] entries,
                                                  double[] reach, Integer[] levels, double budgetBits) {
        Paired paired = paired(bloom, ribbon);
        EachKey key = new EachKey(paired, entries.clone(), reach.clone(), levels.clone(), budgetBits);
        List<Deployable> kept = EACH.get(key);
        if (kept == null) {
            kept = List.copyOf(new Table(paired, true, entries, new double[][] {reach}, levels, budgetBits).bestEach());
            EACH.put(key, kept);
        }
        return kept;
    }

    /** Solves kept by {@link #solveEachLevel}, the least recently asked for dropped first. */
    static final int KEPT_EACH = 256;

    private static final Map<EachKey, List<Deployable>> EACH = Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<EachKey, List<Deployable>> eldest) {
                    return size() > KEPT_EACH;
                }
            });

    /** The inputs of one {@link #solveEachLevel}, compared by value (the pairs of families by identity). */
    private record EachKey(Paired paired, long[] entries, double[] reach, Integer[] levels, double budget) {

        @Override
        public boolean equals(Object o) {
            return o instanceof EachKey k && paired == k.paired && Arrays.equals(entries, k.entries)
                    && Arrays.equals(reach, k.reach) && Arrays.equals(levels, k.levels)
                    && Double.compare(budget, k.budget) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(System.identityHashCode(paired), Arrays.hashCode(entries), Arrays.hashCode(reach),
                    Arrays.hashCode(levels), Double.hashCode(budget));
        }
    }

    /**
     * The robust (B, L) over an interval of zero-result shares: of the pairs that fit the budget, the one
     * whose larger regret at the interval's two ends is least (regret is convex in the share, so its
     * largest value over the interval is at an end: {@link ShareEnds}). Every pair is costed at both ends,
     * in one table that also gives the ends' optima, so the answer is exact; on equal worst regret the
     * smaller filters, then the larger L, then the smaller B, as in
     * {@link #solve(FilterFamily, FilterFamily, long[], double[], Integer[], double)}.
     *
     * @param interval [zL, zH]
     * @param ends     the lookup weights at zL and at zH ({@link ShareEnds#weights})
     */
    public static RobustDeployable robust(FilterFamily bloom, FilterFamily ribbon, long[] entries, Integer[] levels,
                                          ShareInterval interval, LookupWeights[] ends, double budgetBits) {
        Table table = new Table(paired(bloom, ribbon), true, entries,
                new double[][] {ends[0].reach(), ends[1].reach()}, levels, budgetBits);
        ShareEnds shareEnds = new ShareEnds(interval, ends[0], ends[1], table.best(0, ends[0]),
                table.best(1, ends[1]));
        return table.robust(shareEnds, interval.point() ? 1 : 2);
    }

    /**
     * The robust (B, L) against ends whose optima are given (tests pass their own), over the given B.
     *
     * @param solves the deployable solves that found those optima
     */
    static RobustDeployable robust(List<DeployableChoice[]> pairs, long[] entries, Integer[] levels, ShareEnds ends,
                                   double budgetBits, int solves) {
        return new Table(Paired.of(pairs), false, entries, new double[][] {ends.low().reach(), ends.high().reach()},
                levels, budgetBits).robust(ends, solves);
    }

    /** As {@link #solve(FilterFamily, FilterFamily, long[], double[], Integer[], double)} over the given B (tests use subsets). */
    static Deployable solve(List<DeployableChoice[]> pairs, long[] entries, double[] reach, Integer[] levels,
                            double budgetBits) {
        return best(new Table(Paired.of(pairs), false, entries, new double[][] {reach}, levels, budgetBits)
                .bestEach());
    }

    /** Of the best (B, L) at each L, the least cost; on equal cost and size the later L. */
    private static Deployable best(List<Deployable> each) {
        Deployable best = null;
        for (Deployable d : each) {
            // ascending L: a later L replaces on equal cost and size (more Bloom, less build work)
            if (best == null || d.weightedFpr() < best.weightedFpr()
                    || d.weightedFpr() == best.weightedFpr() && d.usedBits() <= best.usedBits()) {
                best = d;
            }
        }
        return best;
    }

    /**
     * The (Bloom, Ribbon) setting of each B, index for index; the no-filter setting once, first.
     *
     * @throws IllegalArgumentException if the families' settings do not pair by knob
     */
    /**
     * The pairs of two families with each side as a list of settings, made once per pair of families so
     * that the rows of rates and sizes over each side are kept between solves ({@link RateRows#kept}).
     */
    record Paired(List<DeployableChoice[]> pairs, List<DeployableChoice> bloom, List<DeployableChoice> ribbon) {

        static Paired of(List<DeployableChoice[]> pairs) {
            return new Paired(pairs, pairs.stream().map(p -> p[0]).toList(), pairs.stream().map(p -> p[1]).toList());
        }
    }

    private static final Map<List<FilterFamily>, Paired> PAIRED = new ConcurrentHashMap<>();

    /** {@link #pairs} of the two families, with its sides, the same each time. */
    static Paired paired(FilterFamily bloom, FilterFamily ribbon) {
        return PAIRED.computeIfAbsent(List.of(bloom, ribbon), k -> Paired.of(pairs(bloom, ribbon)));
    }

    static List<DeployableChoice[]> pairs(FilterFamily bloom, FilterFamily ribbon) {
        List<Setting> b = bloom.settings();
        List<Setting> r = ribbon.settings();
        if (b.size() != r.size()) {
            throw new IllegalArgumentException(bloom.name() + " has " + b.size() + " settings, " + ribbon.name()
                    + " " + r.size());
        }
        List<DeployableChoice[]> pairs = new ArrayList<>(b.size());
        for (int s = 0; s < b.size(); s++) {
            if (!b.get(s).knob().equals(r.get(s).knob())) {
                throw new IllegalArgumentException("setting " + s + ": " + bloom.name() + " " + b.get(s).knob()
                        + " but " + ribbon.name() + " " + r.get(s).knob());
            }
            pairs.add(new DeployableChoice[] {new DeployableChoice(bloom, b.get(s)),
                    new DeployableChoice(ribbon, r.get(s))});
        }
        return pairs;
    }

    /**
     * Each run's cost (under each of the reaches given) and size at every B in both families, summed per
     * levelish; the best B per L under the first reach, and the robust (B, L) under two.
     */
    private static final class Table {
        final List<DeployableChoice[]> pairs;
        final long[] entries;
        final double[][] reaches;
        final double budget;
        final int[] levelish;
        final int levelCount;
        final int count;
        final int slots;         // levelish -1 .. levelCount - 1, at levelish + 1
        final int lCount;        // L = -1 .. levelCount, at L + 1
        final double[][][] costB; // per reach, levelish slot and B: the summed cost of its runs as Bloom
        final double[][][] costR; //   ... and as Ribbon
        final double[][] sizeB;   // per levelish slot and B: the summed size as Bloom
        final double[][] sizeR;
        final double engineBound; // under the first reach

        /**
         * @param keep whether the runs' rows over each side are kept between solves ({@link RateRows#kept}):
         *             for the pairs of two families ({@link #paired}), not for a subset made for one solve
         */
        Table(Paired paired, boolean keep, long[] entries, double[][] reaches, Integer[] levels, double budget) {
            List<DeployableChoice[]> pairs = paired.pairs();
            for (double[] reach : reaches) {
                if (reach.length != entries.length) {
                    throw new IllegalArgumentException("entries, reach and levels differ in length");
                }
            }
            if (levels.length != entries.length) {
                throw new IllegalArgumentException("entries, reach and levels differ in length");
            }
            if (entries.length == 0) {
                throw new IllegalArgumentException("no runs");
            }
            if (!(budget >= 0.0) || Double.isInfinite(budget)) {
                throw new IllegalArgumentException("budget (" + budget + ") must be finite and >= 0");
            }
            if (pairs.isEmpty() || pairs.get(0)[0].setting().hasFilter()) {
                throw new IllegalArgumentException("the settings must start with the no-filter setting");
            }
            this.pairs = pairs;
            this.entries = entries;
            this.reaches = reaches;
            this.budget = budget;
            this.levelish = new int[entries.length];
            for (int i = 0; i < entries.length; i++) {
                levelish[i] = DeployableRibbonSolver.levelish(levels[i], i);
            }
            this.levelCount = DeployableRibbonSolver.levels(levels);
            this.count = pairs.size();
            this.slots = levelCount + 1;
            this.lCount = levelCount + 2;
            int k = reaches.length;
            costB = new double[k][slots][count];
            costR = new double[k][slots][count];
            sizeB = new double[slots][count];
            sizeR = new double[slots][count];
            double[] fB = keep ? null : new double[count]; // else RateRows hands over the kept rows
            double[] mB = keep ? null : new double[count];
            double[] fR = keep ? null : new double[count];
            double[] mR = keep ? null : new double[count];
            double[] unionCost = new double[2 * count - 1];
            double[] unionSize = new double[2 * count - 1];
            List<DeployableSolver.Hull> runHulls = new ArrayList<>(entries.length);
            for (int i = 0; i < entries.length; i++) {
                if (keep) {
                    RateRows.Row b = RateRows.kept(paired.bloom(), entries[i]);
                    RateRows.Row r = RateRows.kept(paired.ribbon(), entries[i]);
                    fB = b.fpr();
                    mB = b.bits();
                    fR = r.fpr();
                    mR = r.bits();
                } else if (i == 0 || entries[i] != entries[i - 1]) { // runs of equal size (L0 files) share rates
                    for (int s = 0; s < count; s++) {
                        DeployableChoice[] pair = pairs.get(s);
                        fB[s] = pair[0].fpr(entries[i]);
                        mB[s] = pair[0].filterBits(entries[i]);
                        fR[s] = pair[1].fpr(entries[i]);
                        mR[s] = pair[1].filterBits(entries[i]);
                    }
                }
                int slot = levelish[i] + 1;
                for (int r = 0; r < k; r++) { // row by row, each sum the same terms in the same order
                    addScaled(costB[r][slot], reaches[r][i], fB);
                    addScaled(costR[r][slot], reaches[r][i], fR);
                }
                add(sizeB[slot], mB);
                add(sizeR[slot], mR);
                double a = reaches[0][i];
                double[] rowFB = fB;
                double[] rowMB = mB;
                double[] rowFR = fR;
                double[] rowMR = mR;
                Supplier<DeployableSolver.Hull> runHull = () -> { // the run's every choice: built only where not kept
                    for (int s = 0; s < count; s++) {
                        unionCost[s] = a * rowFB[s];
                        unionSize[s] = rowMB[s];
                        if (s > 0) {
                            unionCost[count - 1 + s] = a * rowFR[s];
                            unionSize[count - 1 + s] = rowMR[s];
                        }
                    }
                    return DeployableSolver.Hull.of(unionCost, unionSize);
                };
                runHulls.add(keep ? DeployableSolver.runHull(paired, entries[i], true, 0.0, a, runHull) : runHull.get());
            }
            engineBound = DeployableSolver.Bound.of(runHulls).at(budget);
        }

        /** {@code sum[s] += a * row[s]} for every setting s. */
        private static void addScaled(double[] sum, double a, double[] row) {
            for (int s = 0; s < sum.length; s++) {
                sum[s] += a * row[s];
            }
        }

        /** {@code sum[s] += row[s]} for every setting s. */
        private static void add(double[] sum, double[] row) {
            for (int s = 0; s < sum.length; s++) {
                sum[s] += row[s];
            }
        }

        /** Sum of a_i p_i under reach {@code r} of every run at setting B = {@code s} and bloom_before_level L. */
        double cost(int r, int s, int bloomBeforeLevel) {
            double c = 0.0;
            for (int slot = 0; slot < slots; slot++) {
                c += buildsBloom(slot - 1, bloomBeforeLevel) ? costB[r][slot][s] : costR[r][slot][s];
            }
            return c;
        }

        /** Filter bits of every run at setting B = {@code s} and bloom_before_level L. */
        double size(int s, int bloomBeforeLevel) {
            double m = 0.0;
            for (int slot = 0; slot < slots; slot++) {
                m += buildsBloom(slot - 1, bloomBeforeLevel) ? sizeB[slot][s] : sizeR[slot][s];
            }
            return m;
        }

        /** Each run's choice at setting B = {@code s} and bloom_before_level L. */
        List<DeployableChoice> ofRun(int s, int bloomBeforeLevel) {
            DeployableChoice[] pair = pairs.get(s);
            List<DeployableChoice> ofRun = new ArrayList<>(entries.length);
            for (int i = 0; i < entries.length; i++) {
                ofRun.add(pair[buildsBloom(levelish[i], bloomBeforeLevel) ? 0 : 1]);
            }
            return ofRun;
        }

        /**
         * Every B's {@link #cost} under reach {@code r} at bloom_before_level L into {@code c}: the same sums, added
         * slot by slot from 0.0 in the same order (the same bits), a slot's row of every B at a time.
         */
        void costsAt(int r, int bloomBeforeLevel, double[] c) {
            Arrays.fill(c, 0.0);
            for (int slot = 0; slot < slots; slot++) {
                double[] row = buildsBloom(slot - 1, bloomBeforeLevel) ? costB[r][slot] : costR[r][slot];
                for (int s = 0; s < count; s++) {
                    c[s] += row[s];
                }
            }
        }

        /** Every B's {@link #size} at bloom_before_level L into {@code m}, as {@link #costsAt} sums the costs. */
        void sizesAt(int bloomBeforeLevel, double[] m) {
            Arrays.fill(m, 0.0);
            for (int slot = 0; slot < slots; slot++) {
                double[] row = buildsBloom(slot - 1, bloomBeforeLevel) ? sizeB[slot] : sizeR[slot];
                for (int s = 0; s < count; s++) {
                    m[s] += row[s];
                }
            }
        }

        /**
         * The best B at each L (each L's choice depends on its own costs alone, taken in ascending B), and the LP
         * bound from the same costs and sizes.
         */
        List<Deployable> bestEach() {
            int[] bestB = new int[lCount];
            double[] bestCost = new double[lCount];
            double[] bestSize = new double[lCount];
            java.util.Arrays.fill(bestCost, Double.POSITIVE_INFINITY);
            double[] c = new double[count];
            double[] m = new double[count];
            DeployableSolver.Hull[] hulls = new DeployableSolver.Hull[lCount];
            for (int l = 0; l < lCount; l++) {
                costsAt(0, l - 1, c);
                sizesAt(l - 1, m);
                for (int s = 0; s < count; s++) {
                    if (m[s] <= budget && (c[s] < bestCost[l] || c[s] == bestCost[l] && m[s] < bestSize[l])) {
                        bestCost[l] = c[s];
                        bestSize[l] = m[s];
                        bestB[l] = s;
                    }
                }
                hulls[l] = DeployableSolver.Hull.of(c, m);
            }
            double lp = lpBound(hulls);
            List<Deployable> each = new ArrayList<>(lCount);
            for (int l = 0; l < lCount; l++) {
                // the no-filter setting always fits
                each.add(DeployableSolver.build(Engine.ROCKSDB_RIBBON, new int[entries.length],
                        List.of(pairs.get(bestB[l])[1].setting()), ofRun(bestB[l], l - 1), l - 1, entries, reaches[0],
                        ReadPath.all(entries.length), engineBound, lp, Double.NaN, (long) count * lCount));
            }
            return each;
        }

        /**
         * The LP relaxation of one (B, L) for the tree under the first reach: the lower convex hull of
         * every pair's (size, cost) at the budget (the hull of each L's B, {@code hulls}, then of their vertices).
         */
        double lpBound(DeployableSolver.Hull[] hulls) {
            int vertices = 0;
            for (DeployableSolver.Hull hull : hulls) {
                vertices += hull.vertex.length;
            }
            double[] vc = new double[vertices];
            double[] vm = new double[vertices];
            int j = 0;
            for (DeployableSolver.Hull hull : hulls) {
                for (int v : hull.vertex) {
                    vc[j] = hull.cost[v];
                    vm[j] = hull.size[v];
                    j++;
                }
            }
            return DeployableSolver.Bound.of(List.of(DeployableSolver.Hull.of(vc, vm))).at(budget);
        }

        /** The least cost under reach {@code r} of a pair that fits, plus the found share v of {@code w}. */
        double best(int r, LookupWeights w) {
            double best = Double.POSITIVE_INFINITY;
            for (int s = 0; s < count; s++) {
                for (int l = 0; l < lCount; l++) {
                    if (size(s, l - 1) <= budget) {
                        best = Math.min(best, cost(r, s, l - 1));
                    }
                }
            }
            return best + (w.foundShareKnown() ? w.foundShare() : 0.0);
        }

        /** The (B, L) of least worst regret at the ends (reaches 0 and 1), every pair costed. */
        RobustDeployable robust(ShareEnds ends, int solves) {
            double foundLow = ends.low().foundShareKnown() ? ends.low().foundShare() : 0.0;
            double foundHigh = ends.high().foundShareKnown() ? ends.high().foundShare() : 0.0;
            int bestS = 0;
            int bestL = lCount - 1;
            double bestWorst = Double.POSITIVE_INFINITY;
            double bestSize = Double.POSITIVE_INFINITY;
            for (int s = 0; s < count; s++) {
                for (int l = 0; l < lCount; l++) {
                    double m = size(s, l - 1);
                    if (m > budget) {
                        continue;
                    }
                    double worst = Math.max(cost(0, s, l - 1) + foundLow - ends.lowBest(),
                            cost(1, s, l - 1) + foundHigh - ends.highBest());
                    // ascending L within a B: a later L replaces on equal regret and size (more Bloom)
                    if (worst < bestWorst || worst == bestWorst && (m < bestSize || m == bestSize && l > bestL)) {
                        bestWorst = worst;
                        bestSize = m;
                        bestS = s;
                        bestL = l;
                    }
                }
            }
            return RobustDeployableSolver.of(Engine.ROCKSDB_RIBBON, new int[entries.length],
                    List.of(pairs.get(bestS)[1].setting()), ofRun(bestS, bestL - 1), bestL - 1, entries,
                    ReadPath.all(entries.length), ends, bestWorst,
                    solves, (long) count * lCount);
        }
    }
}
