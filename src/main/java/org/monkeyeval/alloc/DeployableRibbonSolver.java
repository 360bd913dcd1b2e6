package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.List;

import org.monkeyeval.family.Engine;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;

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
        return solve(pairs(bloom, ribbon), entries, reach, levels, budgetBits);
    }

    /**
     * For each L from -1 to the number of levels, the best B at that L (index L + 1): the trade the
     * engine's guidance describes, expected reads against build work at one budget.
     */
    public static List<Deployable> solveEachLevel(FilterFamily bloom, FilterFamily ribbon, long[] entries,
                                                  double[] reach, Integer[] levels, double budgetBits) {
        return new Table(pairs(bloom, ribbon), entries, reach, levels, budgetBits).bestEach();
    }

    /** As {@link #solve(FilterFamily, FilterFamily, long[], double[], Integer[], double)} over the given B (tests use subsets). */
    static Deployable solve(List<DeployableChoice[]> pairs, long[] entries, double[] reach, Integer[] levels,
                            double budgetBits) {
        List<Deployable> each = new Table(pairs, entries, reach, levels, budgetBits).bestEach();
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

    /** Each run's cost and size at every B in both families, and the best B per L. */
    private static final class Table {
        final List<DeployableChoice[]> pairs;
        final long[] entries;
        final double[] reach;
        final double budget;
        final int[] levelish;
        final int levelCount;

        Table(List<DeployableChoice[]> pairs, long[] entries, double[] reach, Integer[] levels, double budget) {
            if (reach.length != entries.length || levels.length != entries.length) {
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
            this.reach = reach;
            this.budget = budget;
            this.levelish = new int[entries.length];
            for (int i = 0; i < entries.length; i++) {
                levelish[i] = DeployableRibbonSolver.levelish(levels[i], i);
            }
            this.levelCount = DeployableRibbonSolver.levels(levels);
        }

        List<Deployable> bestEach() {
            int runs = entries.length;
            int count = pairs.size();
            int lCount = levelCount + 2; // L = -1 .. levelCount
            int slots = levelCount + 1;  // levelish -1 .. levelCount - 1, at levelish + 1
            // per levelish and B: the summed cost and size of its runs as Bloom and as Ribbon
            double[][] costB = new double[slots][count];
            double[][] sizeB = new double[slots][count];
            double[][] costR = new double[slots][count];
            double[][] sizeR = new double[slots][count];
            double[] fB = new double[count];
            double[] mB = new double[count];
            double[] fR = new double[count];
            double[] mR = new double[count];
            double[] unionCost = new double[2 * count - 1];
            double[] unionSize = new double[2 * count - 1];
            List<DeployableSolver.Hull> runHulls = new ArrayList<>(runs);
            for (int i = 0; i < runs; i++) {
                if (i == 0 || entries[i] != entries[i - 1]) { // runs of equal size (L0 files) share their rates
                    for (int s = 0; s < count; s++) {
                        DeployableChoice[] pair = pairs.get(s);
                        fB[s] = pair[0].fpr(entries[i]);
                        mB[s] = pair[0].filterBits(entries[i]);
                        fR[s] = pair[1].fpr(entries[i]);
                        mR[s] = pair[1].filterBits(entries[i]);
                    }
                }
                int slot = levelish[i] + 1;
                for (int s = 0; s < count; s++) {
                    costB[slot][s] += reach[i] * fB[s];
                    sizeB[slot][s] += mB[s];
                    costR[slot][s] += reach[i] * fR[s];
                    sizeR[slot][s] += mR[s];
                    unionCost[s] = reach[i] * fB[s];
                    unionSize[s] = mB[s];
                    if (s > 0) {
                        unionCost[count - 1 + s] = reach[i] * fR[s];
                        unionSize[count - 1 + s] = mR[s];
                    }
                }
                runHulls.add(DeployableSolver.Hull.of(unionCost, unionSize));
            }
            double engineBound = DeployableSolver.Bound.of(runHulls).at(budget);
            int[] bestB = new int[lCount];
            double[] bestCost = new double[lCount];
            double[] bestSize = new double[lCount];
            java.util.Arrays.fill(bestCost, Double.POSITIVE_INFINITY);
            for (int s = 0; s < count; s++) {
                for (int l = 0; l < lCount; l++) {
                    int bloomBeforeLevel = l - 1;
                    double c = 0.0;
                    double m = 0.0;
                    for (int slot = 0; slot < slots; slot++) {
                        boolean useBloom = buildsBloom(slot - 1, bloomBeforeLevel);
                        c += useBloom ? costB[slot][s] : costR[slot][s];
                        m += useBloom ? sizeB[slot][s] : sizeR[slot][s];
                    }
                    if (m <= budget && (c < bestCost[l] || c == bestCost[l] && m < bestSize[l])) {
                        bestCost[l] = c;
                        bestSize[l] = m;
                        bestB[l] = s;
                    }
                }
            }
            List<Deployable> each = new ArrayList<>(lCount);
            for (int l = 0; l < lCount; l++) {
                int bloomBeforeLevel = l - 1;
                DeployableChoice[] pair = pairs.get(bestB[l]); // the no-filter setting always fits
                List<DeployableChoice> ofRun = new ArrayList<>(runs);
                for (int i = 0; i < runs; i++) {
                    ofRun.add(pair[buildsBloom(levelish[i], bloomBeforeLevel) ? 0 : 1]);
                }
                each.add(DeployableSolver.build(Engine.ROCKSDB_RIBBON, new int[runs], List.of(pair[1].setting()),
                        ofRun, bloomBeforeLevel, entries, reach, engineBound, (long) count * lCount));
            }
            return each;
        }
    }
}
