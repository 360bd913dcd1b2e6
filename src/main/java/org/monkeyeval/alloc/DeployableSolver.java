package org.monkeyeval.alloc;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;
import java.util.stream.IntStream;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.Engine;

/**
 * The best allocation an engine can express: each group of runs (a level, or the whole tree) takes
 * one of the engine's settings, the real filter sizes add up to at most the budget M, and the
 * weighted false positives sum_i a_i p_i are as small as possible.
 *
 * <pre>
 *   group g, setting s:  C_g(s) = sum_{i in g} a_i p(n_i, s),   S_g(s) = sum_{i in g} size(n_i, s)
 *   minimize sum_g C_g(s_g)  subject to  sum_g S_g(s_g) &lt;= M
 * </pre>
 *
 * A multiple-choice knapsack, solved exactly:
 * <ol>
 *   <li>Per group, drop dominated settings (as large as another, not cheaper), and take the lower
 *       convex hull of what remains. On the hull, the Lagrangian min_s C_g(s) + lambda S_g(s) moves
 *       from one vertex to the next as lambda falls; taking the hull segments of all groups in order of
 *       slope until the budget is spent, the last one fractionally, gives the Lagrangian dual bound
 *       max_lambda [sum_g min_s (C_g(s) + lambda S_g(s)) - lambda M] (the LP relaxation; Sinha and
 *       Zoltners, <i>The multiple-choice knapsack problem</i>, Operations Research 27(3), 1979).</li>
 *   <li>The vertices reached before the fractional segment are a feasible allocation that fills the
 *       budget as far as whole hull steps go; the group of the fractional segment takes the budget left
 *       first ({@link #criticalFirst}), then the others in turn ({@link #fill}): the first incumbent.</li>
 *   <li>The exact search ({@link ChoiceKnapsack}): reduced costs at the LP's critical slope fix every
 *       setting that cannot lie in an allocation below a cut, and over the settings left the groups are
 *       dealt into two halves, each half's undominated partial allocations whose cost plus the LP bound of
 *       the groups not in them is below the cut kept, and the halves met in one pass; the cut rises in
 *       rounds from the LP bound to the incumbent.
 *       The answer is the optimum to a relative {@link #PRUNE_TOLERANCE}; tests compare it with
 *       exhaustive search on small cases of every engine.</li>
 * </ol>
 * A round that would keep more than {@code maxNodes} partial allocations stops the search: the answer
 * is then the incumbent, never a failure, with its certified lower bound ({@link Deployable#lowerBound},
 * {@link Deployable#exact}).
 */
public final class DeployableSolver {

    /** Branches are cut when their bound is at least (1 - this) times the incumbent. */
    public static final double PRUNE_TOLERANCE = 1e-12;
    /** Default cap on the partial allocations one round of the search keeps (memory within -Xmx1g). */
    public static final long DEFAULT_MAX_NODES = 4_000_000L;
    /** Children the knapsack search may merge per partial allocation it may keep ({@link ChoiceKnapsack}). */
    public static final long TRIES_PER_STATE = ChoiceKnapsack.TRIES_PER_STATE;
    /** Nodes, open and expanded, the search over equal groups' counts may make at the default cap ({@link EqualGroups}). */
    public static final long DEFAULT_MAX_EQUAL_GROUPS_NODES = DEFAULT_MAX_NODES / EqualGroups.STATES_PER_NODE;
    /** Each round's cut over the last one's, as distances from the LP bound ({@link ChoiceKnapsack}). */
    public static final double CUT_FACTOR = ChoiceKnapsack.CUT_FACTOR;
    /** Largest groups x settings table the solver builds. */
    public static final long MAX_TABLE_CELLS = 40_000_000L;

    private final long maxNodes;
    private final EngineFamilies families;

    public DeployableSolver() {
        this(DEFAULT_MAX_NODES);
    }

    /** @param maxNodes cap on the partial allocations one round of the search keeps, {@code >= 1} */
    public DeployableSolver(long maxNodes) {
        this(maxNodes, EngineFamilies.OFFERED);
    }

    /**
     * @param maxNodes cap on the partial allocations one round of the search keeps, {@code >= 1}
     * @param families the families each engine chooses from ({@link EngineFamilies#OFFERED}: all it offers)
     */
    public DeployableSolver(long maxNodes, EngineFamilies families) {
        if (maxNodes < 1) {
            throw new IllegalArgumentException("maxNodes (" + maxNodes + ") must be >= 1");
        }
        this.maxNodes = maxNodes;
        this.families = families;
    }

    /** The cap on partial allocations one round of the knapsack search keeps ({@link ChoiceKnapsack}). */
    public long maxStates() {
        return maxNodes;
    }

    /** The families each engine chooses from. */
    public EngineFamilies families() {
        return families;
    }

    /**
     * Groups the runs as the engine sets them: one group for a per-tree engine; for a per-level engine
     * one group per level, and each run without a level its own group.
     *
     * @param levels each run's level, or null where a run has none
     */
    public static int[] groups(Engine engine, Integer[] levels) {
        int[] group = new int[levels.length];
        if (!engine.perLevel()) {
            return group;
        }
        java.util.Map<Integer, Integer> byLevel = new java.util.HashMap<>();
        int next = 0;
        for (int i = 0; i < levels.length; i++) {
            if (levels[i] == null) {
                group[i] = next++;
            } else {
                Integer g = byLevel.get(levels[i]);
                if (g == null) {
                    g = next++;
                    byLevel.put(levels[i], g);
                }
                group[i] = g;
            }
        }
        return group;
    }

    /**
     * The optimum over every setting of every family the engine offers ({@link Engine#families()}, or those
     * {@link #families()} restricts it to): for
     * {@link Engine#ROCKSDB_PER_LEVEL} each level takes none, a Bloom or a Ribbon setting; for
     * {@link Engine#ROCKSDB_RIBBON} the tree takes one (B, bloom_before_level), which
     * {@link DeployableRibbonSolver} solves.
     *
     * @param engine     the engine (its families and settings)
     * @param entries    n_i in run order, each {@code >= 1}
     * @param reach      a_i in run order, each in [0, 1]
     * @param groupOfRun each run's group, 0 .. groups-1, every group used
     * @param budgetBits M, {@code >= 0}
     */
    public Deployable solve(Engine engine, long[] entries, double[] reach, int[] groupOfRun, double budgetBits) {
        return solve(engine, entries, reach, groupOfRun, ReadPath.all(entries.length), budgetBits);
    }

    /**
     * As {@link #solve(Engine, long[], double[], int[], double)}, some runs' filters unread by the engine's
     * lookup ({@link ReadPath}): their rate is 1 whatever the setting, so they get no filter.
     *
     * @param consulted whether the lookup reads each run's filter, in run order
     */
    public Deployable solve(Engine engine, long[] entries, double[] reach, int[] groupOfRun, boolean[] consulted,
                            double budgetBits) {
        return solve(engine, entries, reach, groupOfRun, consulted, new double[entries.length], budgetBits);
    }

    /**
     * As {@link #solve(Engine, long[], double[], int[], boolean[], double)}, the engine's filters holding key
     * prefixes that some absent keys share with stored ones: a consulted run's rate is s_i + (1 - s_i) p
     * ({@link ReadPath#rate(boolean, double, double)}).
     *
     * @param presentShare s_i in run order ({@link ReadPath#presentPrefixShares}), each in [0, 1]
     */
    public Deployable solve(Engine engine, long[] entries, double[] reach, int[] groupOfRun, boolean[] consulted,
                            double[] presentShare, double budgetBits) {
        if (engine == Engine.ROCKSDB_RIBBON) {
            throw new IllegalArgumentException("rocksdb-ribbon sets its filter type by level: solve it with"
                    + " the runs' levels (solve(engine, entries, reach, levels, budget))");
        }
        return solve(engine, DeployableChoice.union(families.of(engine)), entries, reach, groupOfRun, consulted,
                presentShare, budgetBits);
    }

    /**
     * As {@link #solve(Engine, long[], double[], int[], double)}, the runs grouped as the engine sets them
     * ({@link #groups}); the form {@link Engine#ROCKSDB_RIBBON} needs, since its type follows each run's level.
     *
     * @param levels each run's level, or null where a run has none
     */
    public Deployable solve(Engine engine, long[] entries, double[] reach, Integer[] levels, double budgetBits) {
        return solve(engine, entries, reach, levels, ReadPath.all(entries.length), budgetBits);
    }

    /**
     * As {@link #solve(Engine, long[], double[], Integer[], double)}, some runs' filters unread by the engine's
     * lookup ({@link ReadPath}); rocksdb-ribbon reads every run's.
     *
     * @param consulted whether the lookup reads each run's filter, in run order
     */
    public Deployable solve(Engine engine, long[] entries, double[] reach, Integer[] levels, boolean[] consulted,
                            double budgetBits) {
        return solve(engine, entries, reach, levels, consulted, new double[entries.length], budgetBits);
    }

    /**
     * As {@link #solve(Engine, long[], double[], Integer[], boolean[], double)}, with the share s_i of each run's
     * absent-key lookups whose prefix it holds ({@link ReadPath#presentPrefixShares}; all 0 for rocksdb-ribbon).
     */
    public Deployable solve(Engine engine, long[] entries, double[] reach, Integer[] levels, boolean[] consulted,
                            double[] presentShare, double budgetBits) {
        if (engine == Engine.ROCKSDB_RIBBON) {
            if (ReadPath.anyPresent(presentShare)) {
                throw new IllegalArgumentException("rocksdb-ribbon is solved for whole-key filters (no present"
                        + " prefix share)");
            }
            if (!ReadPath.consultsAll(consulted)) {
                throw new IllegalArgumentException("rocksdb-ribbon is solved with every run's filter read");
            }
            return DeployableRibbonSolver.solve(engine.family(), families.of(engine).get(1), entries, reach, levels,
                    budgetBits);
        }
        return solve(engine, entries, reach, groups(engine, levels), consulted, presentShare, budgetBits);
    }

    /** As {@link #solve(Engine, long[], double[], int[], double)} over {@code family}'s settings alone (tests use subsets). */
    Deployable solve(Engine engine, FilterFamily family, long[] entries, double[] reach, int[] groupOfRun,
                     double budgetBits) {
        return solve(engine, DeployableChoice.union(List.of(family)), entries, reach, groupOfRun,
                ReadPath.all(entries.length), budgetBits);
    }

    /** As {@link #solve(Engine, long[], double[], int[], double)} over {@code settings} (tests use subsets). */
    Deployable solve(Engine engine, List<DeployableChoice> settings, long[] entries, double[] reach,
                     int[] groupOfRun, double budgetBits) {
        return solve(engine, settings, entries, reach, groupOfRun, ReadPath.all(entries.length), budgetBits);
    }

    /** As {@link #solve(Engine, long[], double[], int[], boolean[], double)} over {@code settings}. */
    Deployable solve(Engine engine, List<DeployableChoice> settings, long[] entries, double[] reach,
                     int[] groupOfRun, boolean[] consulted, double budgetBits) {
        return solve(engine, settings, entries, reach, groupOfRun, consulted, new double[entries.length], budgetBits);
    }

    /** As {@link #solve(Engine, long[], double[], int[], boolean[], double[], double)} over {@code settings}. */
    Deployable solve(Engine engine, List<DeployableChoice> settings, long[] entries, double[] reach,
                     int[] groupOfRun, boolean[] consulted, double[] presentShare, double budgetBits) {
        int runs = entries.length;
        if (reach.length != runs || groupOfRun.length != runs || consulted.length != runs
                || presentShare.length != runs) {
            throw new IllegalArgumentException("entries, reach, groups, consulted and present shares differ in length");
        }
        for (double share : presentShare) {
            if (!(share >= 0.0 && share <= 1.0)) {
                throw new IllegalArgumentException("present prefix share (" + share + ") must be in [0, 1]");
            }
        }
        if (!(budgetBits >= 0.0) || Double.isInfinite(budgetBits)) {
            throw new IllegalArgumentException("budget (" + budgetBits + ") must be finite and >= 0");
        }
        int groups = 0;
        for (int g : groupOfRun) {
            groups = Math.max(groups, g + 1);
        }
        Tables tables = tables(engine, settings, entries, reach, groupOfRun, groups, consulted, presentShare);
        Hull[] hulls = tables.hulls();
        Integer[] order = tables.order();
        double engineBound = tables.runBound().at(budgetBits);
        int[] start = tables.ordered().wholeSteps(budgetBits, hulls, order);
        int[] position = new int[groups];
        for (int g = 0; g < groups; g++) {
            position[g] = positionOf(hulls[g], start[g]);
        }
        fill(hulls, criticalFirst(tables.ordered(), budgetBits, order), position, budgetBits);
        ChoiceKnapsack.Result found = ChoiceKnapsack.solve(hulls, budgetBits, position, maxNodes);

        List<DeployableChoice> chosen = new ArrayList<>(groups);
        for (int g = 0; g < groups; g++) {
            chosen.add(settings.get(hulls[g].index[found.position()[g]]));
        }
        List<DeployableChoice> ofRun = new ArrayList<>(runs);
        for (int i = 0; i < runs; i++) {
            ofRun.add(chosen.get(groupOfRun[i]));
        }
        return build(engine, groupOfRun, chosen.stream().map(DeployableChoice::setting).toList(), ofRun, null,
                entries, reach, consulted, presentShare, engineBound, found.lpBound(), found.exact() ? Double.NaN
                        : found.lowerBound(), found.states());
    }

    /**
     * The budget-free part of a solve: each group's undominated settings and hull, the LP bound of the runs' own
     * hulls (the engine's bound), the groups by entries, largest first, and the LP bound of their hulls in that order.
     */
    private record Tables(Hull[] hulls, Bound runBound, Integer[] order, Bound ordered) {
    }

    /** What {@link Tables} are a function of: the settings list (by identity) and the runs' numbers. */
    private record TablesKey(Engine engine, List<DeployableChoice> settings, long[] entries, double[] reach,
                             int[] groupOfRun, boolean[] consulted, double[] presentShare) {
        @Override
        public boolean equals(Object o) {
            return o instanceof TablesKey k && k.engine == engine && k.settings == settings
                    && Arrays.equals(k.entries, entries) && Arrays.equals(k.reach, reach)
                    && Arrays.equals(k.groupOfRun, groupOfRun) && Arrays.equals(k.consulted, consulted)
                    && Arrays.equals(k.presentShare, presentShare);
        }

        @Override
        public int hashCode() {
            return Objects.hash(engine, System.identityHashCode(settings), Arrays.hashCode(entries),
                    Arrays.hashCode(reach), Arrays.hashCode(groupOfRun));
        }
    }

    /**
     * Per thread, the tables of the last solve over each settings list (by identity), kept softly: a case's anchor at
     * another memory (the engine's own setting for every run, beside the optimum at what it spends,
     * {@link EngineAnchors}) solves the case's runs again, after other anchors over other lists, and takes them from
     * here. A pure function of its key, so the same bits as tables built again.
     */
    private static final ThreadLocal<Map<List<DeployableChoice>, Map.Entry<TablesKey, SoftReference<Tables>>>>
            LAST_TABLES = ThreadLocal.withInitial(IdentityHashMap::new);

    private static Tables tables(Engine engine, List<DeployableChoice> settings, long[] entries, double[] reach,
                                 int[] groupOfRun, int groups, boolean[] consulted, double[] presentShare) {
        TablesKey key = new TablesKey(engine, settings, entries.clone(), reach.clone(), groupOfRun.clone(),
                consulted.clone(), presentShare.clone());
        Map.Entry<TablesKey, SoftReference<Tables>> last = LAST_TABLES.get().get(settings);
        Tables kept = last != null && last.getKey().equals(key) ? last.getValue().get() : null;
        if (kept == null) {
            kept = buildTables(engine, settings, entries, reach, groupOfRun, groups, consulted, presentShare);
            LAST_TABLES.get().put(settings, Map.entry(key, new SoftReference<>(kept)));
        }
        return kept;
    }

    private static Tables buildTables(Engine engine, List<DeployableChoice> settings, long[] entries, double[] reach,
                                      int[] groupOfRun, int groups, boolean[] consulted, double[] presentShare) {
        int runs = entries.length;
        int count = settings.size();
        if ((long) Math.max(groups, 1) * count > MAX_TABLE_CELLS) {
            throw new IllegalArgumentException(groups + " groups x " + count + " settings of " + engine
                    + " is more than the solver tabulates (" + MAX_TABLE_CELLS + ")");
        }
        double[][] cost = new double[groups][count];
        double[][] size = new double[groups][count];
        // a run's hull not kept is computed on the common pool from copies of its row while the next runs are
        // summed here; at most HULLS_AT_ONCE wait (3.2 MB each at rocksdb-per-level), and they are read in run order
        List<CompletableFuture<Hull>> runHulls = new ArrayList<>(runs);
        double[] runCost = new double[count];
        RateRows.forEachRun(settings, entries, consulted, presentShare, (i, runFpr, runSize) -> {
            for (int s = 0; s < count; s++) {
                runCost[s] = reach[i] * runFpr[s];
                cost[groupOfRun[i]][s] += runCost[s];
                size[groupOfRun[i]][s] += runSize[s];
            }
            Hull kept = keptRunHull(settings, entries[i], consulted[i], presentShare[i], reach[i]);
            if (kept != null) {
                runHulls.add(CompletableFuture.completedFuture(kept));
                return;
            }
            double[] c = runCost.clone();
            double[] m = runSize.clone();
            runHulls.add(CompletableFuture.supplyAsync(() -> runHull(settings, entries[i], consulted[i],
                    presentShare[i], reach[i], () -> Hull.of(c, m))));
            if (i >= HULLS_AT_ONCE) {
                runHulls.get(i - HULLS_AT_ONCE).join();
            }
        });
        Bound runBound = Bound.of(runHulls.stream().map(CompletableFuture::join).toList());

        Hull[] hulls = new Hull[groups];
        IntStream.range(0, groups).parallel().forEach(g -> hulls[g] = Hull.of(cost[g], size[g])); // each its own slot
        Integer[] order = new Integer[groups];
        for (int g = 0; g < groups; g++) {
            order[g] = g;
        }
        double[] groupEntries = new double[groups];
        for (int i = 0; i < runs; i++) {
            groupEntries[groupOfRun[i]] += entries[i];
        }
        Arrays.sort(order, Comparator.<Integer>comparingDouble(g -> -groupEntries[g]).thenComparingInt(g -> g));
        List<Hull> inOrder = new ArrayList<>(groups);
        for (int d = 0; d < groups; d++) {
            inOrder.add(hulls[order[d]]);
        }
        return new Tables(hulls, runBound, order, Bound.of(inOrder));
    }

    /**
     * {@code order} with the group of the LP's critical segment first: the budget the whole hull steps leave
     * lies along that segment, so that group is the one to take it (where its settings between the two
     * vertices lie near the chord, as Ribbon's block mixes do, it takes nearly all of it at the LP's slope).
     *
     * @param bound the LP bound of the groups in {@code order}
     */
    static Integer[] criticalFirst(Bound bound, double budget, Integer[] order) {
        int segment = bound.critical(budget);
        if (segment < 0) {
            return order;
        }
        Integer[] first = new Integer[order.length];
        int critical = order[bound.segmentHull[segment]];
        first[0] = critical;
        int k = 1;
        for (Integer g : order) {
            if (g != critical) {
                first[k++] = g;
            }
        }
        return first;
    }

    /** The position of {@code setting} among the hull's undominated settings. */
    static int positionOf(Hull hull, int setting) {
        for (int j = 0; j < hull.index.length; j++) {
            if (hull.index[j] == setting) {
                return j;
            }
        }
        throw new IllegalStateException("setting " + setting + " is not undominated");
    }

    /**
     * Fills the budget the whole hull steps leave: group by group (in {@code order}), the largest
     * undominated setting that fits beside the others, until no group changes. Where a family's curve
     * has long straight stretches (Ribbon's block mixes: rate and size both linear in where the upper
     * blocks start) the hull steps are long and the settings between them close the gap to the bound.
     *
     * @param position each group's position among its undominated settings (changed in place)
     */
    static void fill(Listed[] hulls, Integer[] order, int[] position, double budget) {
        int groups = hulls.length;
        double used = 0.0;
        for (int g = 0; g < groups; g++) {
            used += hulls[g].size(position[g]);
        }
        for (int pass = 0; pass < 2 * groups + 1; pass++) {
            boolean changed = false;
            for (int d = 0; d < groups; d++) {
                int g = order[d];
                Listed hull = hulls[g];
                double others = used - hull.size(position[g]);
                int j = hull.largestFitting(budget - others);
                if (j >= 0 && hull.cost(j) < hull.cost(position[g])) {
                    used = others + hull.size(j);
                    position[g] = j;
                    changed = true;
                }
            }
            if (!changed) {
                break;
            }
        }
    }

    /** What {@link #fill} reads of a group's undominated settings (ascending size, falling cost), by position. */
    interface Listed {
        double size(int position);

        double cost(int position);

        /** Position of the largest undominated setting no larger than {@code free} bits, or -1. */
        int largestFitting(double free);
    }

    /**
     * The allocation of each run's choice, its rates (1 where the filter is not read), sizes and build work.
     *
     * @param lpBound    the LP relaxation at the engine's granularity
     * @param lowerBound the certified lower bound of a search that stopped short, or NaN where the answer is exact
     */
    static Deployable build(Engine engine, int[] groupOfRun, List<Setting> settingOfGroup,
                            List<DeployableChoice> ofRun, Integer bloomBeforeLevel, long[] entries, double[] reach,
                            boolean[] consulted, double engineBound, double lpBound, double lowerBound,
                            long nodes) {
        return build(engine, groupOfRun, settingOfGroup, ofRun, bloomBeforeLevel, entries, reach, consulted,
                new double[entries.length], engineBound, lpBound, lowerBound, nodes);
    }

    /**
     * As {@link #build(Engine, int[], List, List, Integer, long[], double[], boolean[], double, double, double,
     * long)}, each consulted run's rate s_i + (1 - s_i) p ({@link ReadPath#rate(boolean, double, double)}).
     */
    static Deployable build(Engine engine, int[] groupOfRun, List<Setting> settingOfGroup,
                            List<DeployableChoice> ofRun, Integer bloomBeforeLevel, long[] entries, double[] reach,
                            boolean[] consulted, double[] presentShare, double engineBound, double lpBound,
                            double lowerBound, long nodes) {
        int runs = entries.length;
        double[] fpr = new double[runs];
        double[] bits = new double[runs];
        double used = 0.0;
        double[] terms = new double[runs];
        for (int i = 0; i < runs; i++) {
            DeployableChoice choice = ofRun.get(i);
            long n = entries[i];
            fpr[i] = ReadPath.rate(consulted[i], presentShare[i], () -> choice.fpr(n));
            bits[i] = choice.filterBits(n);
            used += bits[i];
            terms[i] = reach[i] * fpr[i];
        }
        double cost = Allocation.orderFreeSum(terms);
        // the bounds were summed group by group, the cost run by run: where the answer meets the LP they
        // differ by rounding alone, so neither bound is let above the cost
        return new Deployable(engine, groupOfRun, settingOfGroup,
                ofRun.stream().map(DeployableChoice::family).toList(),
                ofRun.stream().map(DeployableChoice::setting).toList(), bloomBeforeLevel, fpr, bits, used,
                cost, engineBound, DeployableBuildWork.perEntry(entries, ofRun), Math.min(lpBound, cost),
                Double.isNaN(lowerBound) ? cost : Math.min(lowerBound, cost), nodes);
    }

    /** A run's row (its settings list or pair of families, by identity, entries, read path) and reach. */
    private record RunKey(Object rows, long entries, boolean consulted, long presentShareBits, long reachBits) {
        @Override
        public boolean equals(Object o) {
            return o instanceof RunKey k && k.rows == rows && k.entries == entries && k.consulted == consulted
                    && k.presentShareBits == presentShareBits && k.reachBits == reachBits;
        }

        @Override
        public int hashCode() {
            return Objects.hash(System.identityHashCode(rows), entries, consulted, presentShareBits, reachBits);
        }
    }

    private static final Map<RunKey, SoftReference<Hull>> RUN_HULLS = new ConcurrentHashMap<>();

    /**
     * A run's hull for the engine's bound ({@link Bound#at}), which reads its vertices alone ({@link Hull#vertices}):
     * kept (softly) by the run's row, its settings over {@code rows} (a settings list or a pair of families, by
     * identity) at its entries, read path and share of present prefixes, and its reach a_i, so a run priced again
     * (an L0 file beside its equals, an anchor's solve of the case's runs, another case with a run of that size and
     * reach) takes it from there. A pure function of its key: the same bits as one computed again.
     *
     * @param hull the run's hull over its costs a_i p and sizes, computed where none is kept
     */
    static Hull runHull(Object rows, long entries, boolean consulted, double presentShare, double reach,
                        Supplier<Hull> hull) {
        Hull kept = keptRunHull(rows, entries, consulted, presentShare, reach);
        if (kept == null) {
            kept = hull.get().vertices();
            RUN_HULLS.put(runKey(rows, entries, consulted, presentShare, reach), new SoftReference<>(kept));
        }
        return kept;
    }

    /** The run's hull {@link #runHull} keeps, or null where none is kept. */
    static Hull keptRunHull(Object rows, long entries, boolean consulted, double presentShare, double reach) {
        SoftReference<Hull> ref = RUN_HULLS.get(runKey(rows, entries, consulted, presentShare, reach));
        return ref == null ? null : ref.get();
    }

    private static RunKey runKey(Object rows, long entries, boolean consulted, double presentShare, double reach) {
        return new RunKey(rows, entries, consulted, Double.doubleToLongBits(presentShare),
                Double.doubleToLongBits(reach));
    }

    /** Runs' hulls {@link #buildTables} lets wait to be computed at once: the common pool's threads, and one more. */
    private static final int HULLS_AT_ONCE = ForkJoinPool.getCommonPoolParallelism() + 1;

    /** Undominated settings of one group (ascending size, strictly falling cost) and their lower convex hull. */
    static final class Hull implements Listed {
        final int[] index;    // undominated settings, ascending size
        final double[] cost;
        final double[] size;
        final int[] vertex;   // positions in index[] on the lower convex hull

        private Hull(int[] index, double[] cost, double[] size, int[] vertex) {
            this.index = index;
            this.cost = cost;
            this.size = size;
            this.vertex = vertex;
        }

        @Override
        public double size(int position) {
            return size[position];
        }

        @Override
        public double cost(int position) {
            return cost[position];
        }

        @Override
        public int largestFitting(double free) {
            return Sorted.firstAbove(size, free) - 1;
        }

        static Hull of(double[] cost, double[] size) {
            if (inOrder(cost, size)) { // every setting undominated, in place: undominated's answer, without its passes
                int[] index = new int[cost.length];
                Arrays.setAll(index, j -> j);
                double[] c = Arrays.copyOf(cost, cost.length);
                double[] m = Arrays.copyOf(size, size.length);
                return new Hull(index, c, m, lowerHull(c, m));
            }
            return ofUndominated(cost, size);
        }

        /** The hull of {@link #undominated}'s settings, their costs and sizes gathered in that order. */
        private static Hull ofUndominated(double[] cost, double[] size) {
            int[] index = undominated(cost, size);
            int k = index.length;
            double[] c = new double[k];
            double[] m = new double[k];
            for (int j = 0; j < k; j++) {
                c[j] = cost[index[j]];
                m[j] = size[index[j]];
            }
            return new Hull(index, c, m, lowerHull(c, m));
        }

        /**
         * Whether sizes rise strictly and costs fall strictly from a finite first cost: then {@link #undominated}
         * keeps every setting in its own order (one stretch, each setting cheaper than all before it), and the
         * settings' order is {@code 0 .. n-1} with no pass of its. The tables' undominated settings of one run, at
         * one end or at most weights of the two, are so.
         */
        static boolean inOrder(double[] cost, double[] size) {
            if (cost.length > 0 && !(cost[0] < Double.POSITIVE_INFINITY)) {
                return false;
            }
            for (int j = 1; j < cost.length; j++) {
                if (!(size[j] > size[j - 1] && cost[j] < cost[j - 1])) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The positions of the lower convex hull of the points (m_j, c_j), m ascending: a scan that keeps the
         * slopes rising, dropping the last vertex while it lies on or above the chord to the next point. The
         * vertices' coordinates are kept beside their positions, so the test reads them in order, not through
         * the positions.
         */
        static int[] lowerHull(double[] c, double[] m) {
            int k = c.length;
            int room = Math.min(k, 256); // the hull's vertices are few of the settings: the stack grows as needed
            int[] hull = new int[room];
            double[] hc = new double[room];
            double[] hm = new double[room];
            int h = 0;
            for (int j = 0; j < k; j++) {
                double cj = c[j];
                double mj = m[j];
                while (h >= 2 && (hc[h - 1] - hc[h - 2]) * (mj - hm[h - 2])
                        >= (cj - hc[h - 2]) * (hm[h - 1] - hm[h - 2])) {
                    h--;
                }
                if (h == room) {
                    room = Math.min(k, 2 * room);
                    hull = Arrays.copyOf(hull, room);
                    hc = Arrays.copyOf(hc, room);
                    hm = Arrays.copyOf(hm, room);
                }
                hull[h] = j;
                hc[h] = cj;
                hm[h] = mj;
                h++;
            }
            return h == hull.length ? hull : Arrays.copyOf(hull, h);
        }

        /**
         * As {@link #of}, for arrays the caller gives up (neither is changed after): where they are in order
         * ({@link #inOrder}) the hull keeps them as they are, with {@code identity} (0 .. n-1, shared by hulls
         * of n settings) as its settings, in place of copies.
         */
        static Hull ofGiven(double[] cost, double[] size, int[] identity) {
            if (identity.length != cost.length) {
                return of(cost, size);
            }
            return inOrder(cost, size) ? new Hull(identity, cost, size, lowerHull(cost, size))
                    : ofUndominated(cost, size); // the order is read once
        }

        /**
         * {@link #ofGiven} of the costs {@code theta low_j + (1 - theta) high_j} ({@code low} itself at theta 1,
         * {@code high} at 0) over sizes in ascending {@link Double#compare} order, in one scan that neither sorts nor
         * keeps the weighted costs of every setting. Over sizes in that order, {@link #undominated}'s (size, cost,
         * index) order takes each run of equal sizes at its least cost (the first such) and the rest of the run
         * after it, so it keeps that one where it is cheaper than every setting before it and none of the others
         * (none is cheaper than it): the scan keeps the same settings, drops the same, and builds the same chain
         * of {@link #lowerHull} over the kept ones, the same comparisons on the same doubles. Sizes out of that
         * order are left to {@link #ofGiven}.
         *
         * @param identity 0 .. n-1 over the n settings, kept as the hull's settings where none is dropped
         */
        static Hull ofWeighted(double[] low, double[] high, double theta, double[] size, int[] identity) {
            return ofWeighted(Weighted.scan(low, high, theta, size), low, high, theta, size, identity);
        }

        /** {@link #ofWeighted(double[], double[], double, double[], int[])} from its scan, made already (or null). */
        static Hull ofWeighted(Weighted w, double[] low, double[] high, double theta, double[] size, int[] identity) {
            if (w == null) {
                return ofGiven(weightedCosts(low, high, theta), size, identity);
            }
            int n = size.length;
            int kept = n - w.droppedCount;
            if (kept == n) {
                double[] c = theta == 1.0 ? low : theta == 0.0 ? high : weightedCosts(low, high, theta);
                return new Hull(identity, c, size, w.vertexRanks());
            }
            int[] index = new int[kept];
            double[] c = new double[kept];
            double[] m = new double[kept];
            for (int j = 0, u = 0, d = 0; j < n; j++) {
                if (d < w.droppedCount && w.dropped[d] == j) {
                    d++;
                    continue;
                }
                index[u] = j;
                c[u] = w.cost(j);
                m[u] = size[j];
                u++;
            }
            return new Hull(index, c, m, w.vertexRanks());
        }

        /**
         * {@link #vertices} of {@link #ofWeighted}, from the same scan, without the hull's settings: what
         * {@link Bound} reads of it.
         */
        static Hull verticesOfWeighted(double[] low, double[] high, double theta, double[] size) {
            Weighted w = Weighted.scan(low, high, theta, size);
            return w == null ? of(weightedCosts(low, high, theta), size).vertices() : w.vertices();
        }

        /** theta low_j + (1 - theta) high_j of every setting (low, high themselves at theta 1 and 0). */
        private static double[] weightedCosts(double[] low, double[] high, double theta) {
            double[] c = new double[low.length];
            for (int j = 0; j < c.length; j++) {
                c[j] = Weighted.cost(low, high, theta, j);
            }
            return c;
        }

        /**
         * One scan of {@link #ofWeighted}: the settings it drops (positions, ascending), and the chain of
         * {@link #lowerHull} over those it keeps, each vertex's rank among the kept, position, cost and size.
         * What a knapsack reads of the hull's whole list of settings besides a few near its LP's (the first's
         * cost, the last's size, the largest that fits in a budget) it reads here, without the list.
         */
        static final class Weighted implements Listed {
            private double[] low;
            private double[] high;
            private double theta;
            private double[] size;
            private int[] dropped;
            private int droppedCount;
            private int[] rank;
            private int[] position;
            private double[] vertexCost;
            private double[] vertexSize;
            private int vertices;
            private int first = -1; // the first kept setting's position, and the last's
            private int last = -1;

            static double cost(double[] low, double[] high, double theta, int j) {
                return theta == 1.0 ? low[j] : theta == 0.0 ? high[j] : theta * low[j] + (1 - theta) * high[j];
            }

            /** The weighted cost of the setting at position j, as the hull holds it. */
            @Override
            public double cost(int j) {
                return cost(low, high, theta, j);
            }

            @Override
            public double size(int j) {
                return size[j];
            }

            /** Whether the hull keeps the setting at position j. */
            boolean kept(int j) {
                return Arrays.binarySearch(dropped, 0, droppedCount, j) < 0;
            }

            /** The cost of the hull's first setting (its smallest). */
            double firstCost() {
                return cost(first);
            }

            /** The size of the hull's last setting (its largest). */
            double lastSize() {
                return size[last];
            }

            /** The kept position of largest size at most {@code free}, or -1: the hull's largest fitting. */
            @Override
            public int largestFitting(double free) {
                int j = Sorted.firstAbove(size, free) - 1;
                while (j >= 0 && !kept(j)) {
                    j--;
                }
                return j;
            }

            /**
             * The kept settings whose reduced cost r_j = (C_j + lambda S_j) - min_k (C_k + lambda S_k), the least over
             * every kept setting, is below {@code wide}, and the one at {@code must}: a hull over them, their
             * positions its settings, and their reduced costs, the sums {@link ChoiceKnapsack#reducedCosts} makes of
             * the whole hull.
             *
             * <p>The least over the hull's vertices, v, is no less than the least over every kept setting, so a
             * setting with (C_j + lambda S_j) - v not below {@code wide} has r_j not below it either (a rounded
             * difference never rises as what is taken away grows), and the setting of the least has
             * C_j + lambda S_j at most v: those below {@code wide} or v are gathered, the least is theirs, and r_j is
             * taken of them (a NaN cost makes the least NaN, as it makes the whole hull's). Only the stretches
             * between neighbouring vertices that may hold such a setting are read ({@link #mayHoldNear}); the others
             * hold none, so the same settings are gathered in the same order as a pass over every kept setting
             * ({@link #nearOverEveryKept}).
             */
            Near near(double lambda, double wide, int must) {
                double bound = leastOverVertices(lambda);
                if (vertices == 0 || !(Double.isFinite(bound) && Double.isFinite(lambda) && wide > 0.0
                        && Double.isFinite(wide))) {
                    return nearOverEveryKept(lambda, wide, must);
                }
                Gathered near = new Gathered(lambda, wide, bound, must);
                near.read(position[0], position[0] + 1);
                for (int v = 0; v + 1 < vertices; v++) {
                    int from = position[v] + 1;
                    int to = position[v + 1];
                    if (mayHoldNear(vertexCost[v] + lambda * vertexSize[v],
                            vertexCost[v + 1] + lambda * vertexSize[v + 1], bound, wide)) {
                        near.read(from, to + 1);
                    } else {
                        if (must >= from && must < to) {
                            near.read(must, must + 1);
                        }
                        near.read(to, to + 1);
                    }
                }
                return near.listed();
            }

            /** {@link #near} by one pass over every kept setting. */
            Near nearOverEveryKept(double lambda, double wide, int must) {
                Gathered near = new Gathered(lambda, wide, leastOverVertices(lambda), must);
                near.read(0, size.length);
                return near.listed();
            }

            /** The least C_j + lambda S_j over the hull's vertices (with none, infinite). */
            private double leastOverVertices(double lambda) {
                double bound = Double.POSITIVE_INFINITY;
                for (int v = 0; v < vertices; v++) {
                    bound = Math.min(bound, vertexCost[v] + lambda * vertexSize[v]);
                }
                return bound;
            }

            /**
             * Relative room {@link #mayHoldNear} leaves for the chain's rounding: a kept setting between two
             * neighbouring vertices lies on or above their chord where the chain's comparisons are exact, and below
             * it by at most a few units in the last place of the costs per comparison that dropped it where they
             * are not (a million such comparisons would not reach a millionth of this room).
             */
            static final double CHORD_ROOM = 1e-9;

            /**
             * Whether the kept settings strictly between two neighbouring vertices, whose C + lambda S are
             * {@code xa} and {@code xb}, may hold one {@link #near} gathers. C + lambda S is linear along their chord,
             * so each of them has C_j + lambda S_j at least min(xa, xb), less the chain's rounding
             * ({@link #CHORD_ROOM}); where that is at least {@code bound + wide}, none is below {@code wide} or
             * {@code bound}.
             */
            static boolean mayHoldNear(double xa, double xb, double bound, double wide) {
                double room = CHORD_ROOM * (Math.abs(xa) + Math.abs(xb) + Math.abs(bound));
                return !(Math.min(xa, xb) - bound >= wide + room);
            }

            /** What {@link #near} gathers, read in ascending positions. */
            private final class Gathered {
                private final double lambda;
                private final double wide;
                private final double bound;
                private final int must;
                private int[] index = new int[256];
                private double[] x = new double[256];
                private int u;
                private double least = Double.POSITIVE_INFINITY;

                Gathered(double lambda, double wide, double bound, int must) {
                    this.lambda = lambda;
                    this.wide = wide;
                    this.bound = bound;
                    this.must = must;
                }

                /** Reads the kept settings at positions from (inclusive) to (exclusive), after those read before. */
                void read(int from, int to) {
                    int d = Arrays.binarySearch(dropped, 0, droppedCount, from);
                    d = d < 0 ? -d - 1 : d;
                    for (int j = from; j < to; j++) {
                        if (d < droppedCount && dropped[d] == j) {
                            d++;
                            continue;
                        }
                        double xj = cost(j) + lambda * size[j];
                        if (xj != xj) {
                            least = Double.NaN; // the least over every kept setting is NaN, and so is every r_j
                        }
                        if (xj - bound < wide || xj <= bound || j == must) { // the least's setting among them
                            if (u == index.length) {
                                index = Arrays.copyOf(index, 2 * u);
                                x = Arrays.copyOf(x, 2 * u);
                            }
                            index[u] = j;
                            x[u] = xj;
                            u++;
                            least = Math.min(least, xj);
                        }
                    }
                }

                /** The gathered settings whose reduced cost is below {@code wide}, and {@code must}'s. */
                Near listed() {
                    int kept = 0;
                    for (int i = 0; i < u; i++) {
                        double r = x[i] - least;
                        if (r < wide || index[i] == must) {
                            index[kept] = index[i];
                            x[kept] = r;
                            kept++;
                        }
                    }
                    return Weighted.this.listed(Arrays.copyOf(index, kept), Arrays.copyOf(x, kept));
                }
            }

            /** The near settings at {@code index} (positions, ascending) with their reduced costs. */
            private Near listed(int[] index, double[] reduced) {
                double[] c = new double[index.length];
                double[] m = new double[index.length];
                for (int i = 0; i < index.length; i++) {
                    c[i] = cost(index[i]);
                    m[i] = size[index[i]];
                }
                return new Near(new Hull(index, c, m, lowerHull(c, m)), reduced);
            }

            /** {@link #near}'s settings, and their reduced costs. */
            record Near(Hull hull, double[] reduced) {
            }

            /** The hull's vertices as {@link Hull#vertices} gives them. */
            Hull vertices() {
                int v = vertices;
                int[] all = new int[v];
                Arrays.setAll(all, j -> j);
                return new Hull(Arrays.copyOf(position, v), Arrays.copyOf(vertexCost, v),
                        Arrays.copyOf(vertexSize, v), all);
            }

            /** The scan, or null where the sizes are not in ascending {@link Double#compare} order. */
            static Weighted scan(double[] low, double[] high, double theta, double[] size) {
                int n = size.length;
                int room = Math.min(n, 256); // the chain's stack, grown as needed (as lowerHull's)
                int[] rank = new int[room];
                int[] position = new int[room];
                double[] hc = new double[room];
                double[] hm = new double[room];
                int h = 0;
                int[] dropped = new int[16];
                int d = 0;
                double lowest = Double.POSITIVE_INFINITY;
                int kept = 0;
                int lastKept = -1;
                int j = 0;
                while (j < n) {
                    double mj = size[j];
                    int least = j; // the run of equal sizes from j, at its least cost (the first such)
                    double cj = cost(low, high, theta, j);
                    int end = j + 1;
                    if (end < n && !(size[end] > mj)) { // a run of equal sizes, or sizes out of order
                        for (; end < n; end++) {
                            int order = Double.compare(size[end], mj);
                            if (order < 0) {
                                return null;
                            }
                            if (order > 0) {
                                break;
                            }
                            double ce = cost(low, high, theta, end);
                            if (Double.compare(ce, cj) < 0) {
                                least = end;
                                cj = ce;
                            }
                        }
                    }
                    boolean keep = cj < lowest;
                    if (!keep || end - j > 1) {
                        if (d + (end - j) > dropped.length) {
                            dropped = Arrays.copyOf(dropped, Math.max(2 * dropped.length, d + (end - j)));
                        }
                        for (int s = j; s < end; s++) {
                            if (s != least || !keep) {
                                dropped[d++] = s;
                            }
                        }
                    }
                    if (keep) {
                        lowest = cj;
                        lastKept = least;
                        double xm = size[least];
                        while (h >= 2 && (hc[h - 1] - hc[h - 2]) * (xm - hm[h - 2])
                                >= (cj - hc[h - 2]) * (hm[h - 1] - hm[h - 2])) {
                            h--;
                        }
                        if (h == room) {
                            room = 2 * room;
                            rank = Arrays.copyOf(rank, room);
                            position = Arrays.copyOf(position, room);
                            hc = Arrays.copyOf(hc, room);
                            hm = Arrays.copyOf(hm, room);
                        }
                        rank[h] = kept++;
                        position[h] = least;
                        hc[h] = cj;
                        hm[h] = xm;
                        h++;
                    }
                    j = end;
                }
                Weighted w = new Weighted();
                w.low = low;
                w.high = high;
                w.theta = theta;
                w.size = size;
                w.first = h > 0 ? position[0] : -1;
                w.last = lastKept;
                w.dropped = dropped;
                w.droppedCount = d;
                w.rank = rank;
                w.position = position;
                w.vertexCost = hc;
                w.vertexSize = hm;
                w.vertices = h;
                return w;
            }

            int[] vertexRanks() {
                return Arrays.copyOf(rank, vertices);
            }
        }

        /**
         * This hull's vertices alone, as a hull whose every setting is a vertex: what {@link Bound} reads of it, so
         * the same segments, numbered alike, at the same bits.
         */
        Hull vertices() {
            int v = vertex.length;
            int[] i = new int[v];
            double[] c = new double[v];
            double[] m = new double[v];
            int[] all = new int[v];
            for (int j = 0; j < v; j++) {
                i[j] = index[vertex[j]];
                c[j] = cost[vertex[j]];
                m[j] = size[vertex[j]];
                all[j] = j;
            }
            return new Hull(i, c, m, all);
        }
    }

    /**
     * The undominated settings, ascending in size with strictly falling cost: in (size, cost, index) order
     * ({@link #bySizeThenCost}), each setting cheaper than every one before it.
     *
     * <p>Found stretch by stretch. The settings fall into a few ascending stretches (see {@link #bySizeThenCost});
     * a setting not cheaper than an earlier one of its own stretch also comes after that one in the whole order,
     * so the scan of the whole order would drop it. Each stretch is scanned first, keeping only the settings
     * cheaper than every earlier one of their stretch, and only those (for RocksDB's 99,001 settings, from tens at
     * a hundred keys to the number of distinct filters) are put in order and scanned: every setting the whole scan
     * would keep is among them, and each dropped one had a kept one before it at no higher cost, so the least cost
     * before each candidate is the same and the result is the same settings in the same order.
     */
    static int[] undominated(double[] cost, double[] size) {
        // each stretch's candidates, in a buffer grown as they come (a hundred keys leave tens of 99,001 settings)
        int[] candidate = new int[Math.min(cost.length, 1024)];
        int[] starts = new int[MAX_MERGED_STRETCHES + 1];
        int stretches = 0;
        int k = 0;
        double lowest = Double.POSITIVE_INFINITY;
        for (int s = 0; s < cost.length; s++) {
            if (s == 0 || before(s, s - 1, cost, size)) { // a new stretch
                lowest = Double.POSITIVE_INFINITY;
                if (stretches < starts.length) {
                    starts[stretches] = k;
                }
                stretches++;
            }
            if (cost[s] < lowest) {
                if (k == candidate.length) {
                    candidate = Arrays.copyOf(candidate, Math.min(cost.length, 2 * k));
                }
                candidate[k++] = s;
                lowest = cost[s];
            }
        }
        int[] ordered;
        if (stretches <= MAX_MERGED_STRETCHES) {
            starts[stretches] = k;
            ordered = mergeStretches(candidate, k, starts, stretches, cost, size);
        } else {
            ordered = Arrays.copyOf(candidate, k); // ascending, as IndexSort takes them
            IndexSort.sort(ordered, size, cost);
        }
        int u = 0;
        lowest = Double.POSITIVE_INFINITY;
        for (int j = 0; j < k; j++) { // in place: the j-th setting is read before the u-th (u <= j) is written
            int s = ordered[j];
            if (cost[s] < lowest) {
                ordered[u++] = s;
                lowest = cost[s];
            }
        }
        return u == ordered.length ? ordered : Arrays.copyOf(ordered, u);
    }

    /** An order of settings by their keys (the index is the last key, which the merge's ties keep). */
    interface KeyOrder {
        /** Whether setting a comes strictly before setting b by the keys. */
        boolean before(int a, int b);
    }

    /**
     * {@code index[0 .. k)}, ascending stretches starting at {@code starts[0 .. stretches)} ({@code starts[stretches]
     * = k}), merged two at a time into (size, cost, index) order, the earlier stretch first on ties (its indices
     * are the smaller). The array returned may be {@code index} itself.
     */
    private static int[] mergeStretches(int[] index, int k, int[] starts, int stretches, double[] cost,
                                        double[] size) {
        return mergeStretches(index, k, starts, stretches, (a, b) -> before(a, b, cost, size));
    }

    /**
     * {@code index[0 .. k)}, ascending stretches by {@code order} starting at {@code starts[0 .. stretches)}
     * ({@code starts[stretches] = k}) and in ascending index order one after the other, merged two at a time, the
     * earlier stretch first on ties (its indices are the smaller): by the keys, then index. {@code starts} is
     * overwritten; the array returned may be {@code index} itself.
     */
    static int[] mergeStretches(int[] index, int k, int[] starts, int stretches, KeyOrder order) {
        int[] from = index;
        int[] to = stretches > 1 ? new int[k] : null;
        while (stretches > 1) {
            int merged = 0;
            for (int r = 0; r < stretches; r += 2) {
                int lo = starts[r];
                int mid = starts[Math.min(r + 1, stretches)];
                int hi = starts[Math.min(r + 2, stretches)];
                int a = lo;
                int b = mid;
                for (int j = lo; j < hi; j++) {
                    to[j] = b >= hi || a < mid && !order.before(from[b], from[a]) ? from[a++] : from[b++];
                }
                starts[merged++] = lo;
            }
            starts[merged] = k;
            stretches = merged;
            int[] t = from;
            from = to;
            to = t;
        }
        return from;
    }

    /** Most ascending stretches {@link #bySizeThenCost} merges rather than sorting. */
    static final int MAX_MERGED_STRETCHES = 8;

    /**
     * Setting indices by size, then cost, then index (sizes and costs in {@link Double#compare}'s order).
     * The families list settings by size already (more bits per key never builds a smaller filter), so the
     * settings fall into a few ascending stretches (the union of two families' settings is two): up to
     * {@link #MAX_MERGED_STRETCHES} are merged, two at a time, the earlier stretch first on ties (its
     * indices are the smaller), in linear time; more are sorted by a radix sort ({@link IndexSort}).
     */
    static int[] bySizeThenCost(double[] cost, double[] size) {
        int n = cost.length;
        int[] order = new int[n];
        int[] starts = new int[MAX_MERGED_STRETCHES + 1];
        int stretches = n == 0 ? 0 : 1;
        for (int s = 0; s < n; s++) {
            order[s] = s;
            if (s > 0 && before(s, s - 1, cost, size)) {
                if (stretches == MAX_MERGED_STRETCHES) {
                    for (int t = s; t < n; t++) {
                        order[t] = t;
                    }
                    IndexSort.sort(order, size, cost);
                    return order;
                }
                starts[stretches++] = s;
            }
        }
        starts[stretches] = n;
        return mergeStretches(order, n, starts, stretches, cost, size);
    }

    /** Setting a comes strictly before setting b by (size, cost). */
    private static boolean before(int a, int b, double[] cost, double[] size) {
        int bySize = Double.compare(size[a], size[b]);
        return bySize < 0 || bySize == 0 && Double.compare(cost[a], cost[b]) < 0;
    }

    /** The LP bound of a set of groups: their smallest settings, then hull segments by slope. */
    static final class Bound {
        final double baseCost;
        final double baseSize;
        final double[] stepSize;   // prefix sums of segment sizes, by slope
        final double[] stepCost;   // prefix sums of segment cost changes (negative)
        final int[] segmentHull;   // per segment, by slope: the hull number
        final int[] segmentVertex; // and the vertex number it reaches (two arrays, not a pair per segment: a search
                                   // builds a bound per depth and weight, millions of segments a round)
        final Parts parts;         // where the cost is a sum of two parts: each part's steps, else null

        private Bound(double baseCost, double baseSize, double[] stepSize, double[] stepCost, int[] segmentHull,
                      int[] segmentVertex) {
            this(baseCost, baseSize, stepSize, stepCost, segmentHull, segmentVertex, null);
        }

        private Bound(double baseCost, double baseSize, double[] stepSize, double[] stepCost, int[] segmentHull,
                      int[] segmentVertex, Parts parts) {
            this.baseCost = baseCost;
            this.baseSize = baseSize;
            this.stepSize = stepSize;
            this.stepCost = stepCost;
            this.segmentHull = segmentHull;
            this.segmentVertex = segmentVertex;
            this.parts = parts;
        }

        /**
         * Two parts of each hull vertex's cost (the robust search's costs at the two ends, whose weighted sum the hull
         * is of), summed along the bound's segments as its costs are: base and prefix sums, segment by segment in the
         * bound's order. At a budget they give the two parts' sums of the LP's fractional allocation there.
         */
        record Parts(double baseA, double baseB, double[] stepA, double[] stepB) {
        }

        /**
         * The hulls' segments by slope, ties in hull then vertex order: the order they are listed in here, so a
         * stable sort by slope alone ({@link IndexSort}, in {@link Double#compare}'s order, over primitive
         * arrays: the runs' hulls of a large case hold a million segments).
         */
        static Bound of(List<Hull> hulls) {
            double baseCost = 0.0;
            double baseSize = 0.0;
            int count = 0;
            for (Hull hull : hulls) {
                count += hull.vertex.length - 1;
            }
            double[] slope = new double[count];
            double[] segSize = new double[count];
            double[] segCost = new double[count];
            int[] segHull = new int[count];
            int[] segVertex = new int[count];
            int n = 0;
            for (int h = 0; h < hulls.size(); h++) {
                Hull hull = hulls.get(h);
                baseCost += hull.cost[hull.vertex[0]];
                baseSize += hull.size[hull.vertex[0]];
                segments(hull, slope, segSize, segCost, n);
                for (int v = 1; v < hull.vertex.length; v++) {
                    segHull[n] = h;
                    segVertex[n] = v;
                    n++;
                }
            }
            int[] order = new int[count];
            for (int j = 0; j < count; j++) {
                order[j] = j;
            }
            IndexSort.sort(order, slope, new long[count]); // equal slopes keep (hull, vertex) order
            double[] stepSize = new double[count + 1];
            double[] stepCost = new double[count + 1];
            int[] hullOf = new int[count];
            int[] vertexOf = new int[count];
            for (int j = 0; j < count; j++) {
                int seg = order[j];
                stepSize[j + 1] = stepSize[j] + segSize[seg];
                stepCost[j + 1] = stepCost[j] + segCost[seg];
                hullOf[j] = segHull[seg];
                vertexOf[j] = segVertex[seg];
            }
            return new Bound(baseCost, baseSize, stepSize, stepCost, hullOf, vertexOf);
        }

        /**
         * The bounds of every suffix of {@code hulls}: {@code suffix[d]} holds the values of
         * {@link #of}{@code (hulls[d..])} ({@code suffix[n]} of none), bit for bit, for reading by {@link #at} and its
         * {@link Cursor}s alone (they carry no segment's hull and vertex). Each is built from the next by merging one
         * hull's segments into it, not by sorting all of them again: a stable sort by slope of A's segments then B's
         * is the merge of the two, each sorted stably, ties taken from A first. A hull's segments come in slope order
         * (it is convex), and are sorted where the rounding of dc / dm says otherwise. The bases are summed in hull
         * order, as {@link #of} sums them.
         */
        static Bound[] suffixes(List<Hull> hulls) {
            return suffixes(hulls, null, null);
        }

        /**
         * {@link #suffixes(List)}, each bound carrying two parts of its costs ({@link Parts}) where
         * {@code partA} and {@code partB} are given: per hull, each of its settings' (positions') two parts.
         */
        static Bound[] suffixes(List<Hull> hulls, List<double[]> partA, List<double[]> partB) {
            int n = hulls.size();
            boolean withParts = partA != null;
            Bound[] suffix = new Bound[n + 1];
            suffix[n] = withParts ? new Bound(0.0, 0.0, new double[1], new double[1], null, null,
                    new Parts(0.0, 0.0, new double[1], new double[1])) : of(List.of());
            double[] slope = new double[0]; // the segments of suffix[d + 1] in its order
            double[] segSize = new double[0];
            double[] segCost = new double[0];
            double[] segA = new double[0];
            double[] segB = new double[0];
            for (int d = n - 1; d >= 0; d--) {
                Hull hull = hulls.get(d);
                int m = hull.vertex.length - 1;
                double[] ownSlope = new double[m];
                double[] ownSize = new double[m];
                double[] ownCost = new double[m];
                segments(hull, ownSlope, ownSize, ownCost, 0);
                double[] ownA = withParts ? partSteps(hull, partA.get(d)) : null;
                double[] ownB = withParts ? partSteps(hull, partB.get(d)) : null;
                boolean sorted = true;
                for (int j = 1; j < m; j++) {
                    sorted &= Double.compare(ownSlope[j - 1], ownSlope[j]) <= 0;
                }
                if (!sorted) {
                    int[] order = new int[m];
                    Arrays.setAll(order, j -> j);
                    IndexSort.sort(order, ownSlope, new long[m]); // equal slopes keep vertex order
                    ownSlope = gather(ownSlope, order);
                    ownSize = gather(ownSize, order);
                    ownCost = gather(ownCost, order);
                    if (withParts) {
                        ownA = gather(ownA, order);
                        ownB = gather(ownB, order);
                    }
                }
                int count = m + slope.length;
                double[] mergedSlope = new double[count];
                double[] mergedSize = new double[count];
                double[] mergedCost = new double[count];
                double[] mergedA = withParts ? new double[count] : null;
                double[] mergedB = withParts ? new double[count] : null;
                double[] stepSize = new double[count + 1];
                double[] stepCost = new double[count + 1];
                int a = 0;
                int b = 0;
                for (int j = 0; j < count; j++) {
                    if (b == slope.length || (a < m && Double.compare(ownSlope[a], slope[b]) <= 0)) {
                        mergedSlope[j] = ownSlope[a];
                        mergedSize[j] = ownSize[a];
                        mergedCost[j] = ownCost[a];
                        if (withParts) {
                            mergedA[j] = ownA[a];
                            mergedB[j] = ownB[a];
                        }
                        a++;
                    } else {
                        mergedSlope[j] = slope[b];
                        mergedSize[j] = segSize[b];
                        mergedCost[j] = segCost[b];
                        if (withParts) {
                            mergedA[j] = segA[b];
                            mergedB[j] = segB[b];
                        }
                        b++;
                    }
                    stepSize[j + 1] = stepSize[j] + mergedSize[j];
                    stepCost[j + 1] = stepCost[j] + mergedCost[j];
                }
                double baseCost = 0.0;
                double baseSize = 0.0;
                for (int e = d; e < n; e++) {
                    Hull h = hulls.get(e);
                    baseCost += h.cost[h.vertex[0]];
                    baseSize += h.size[h.vertex[0]];
                }
                Parts parts = null;
                if (withParts) {
                    double baseA = 0.0;
                    double baseB = 0.0;
                    for (int e = d; e < n; e++) {
                        Hull h = hulls.get(e);
                        baseA += partA.get(e)[h.vertex[0]];
                        baseB += partB.get(e)[h.vertex[0]];
                    }
                    parts = new Parts(baseA, baseB, prefixSums(mergedA), prefixSums(mergedB));
                    segA = mergedA;
                    segB = mergedB;
                }
                suffix[d] = new Bound(baseCost, baseSize, stepSize, stepCost, null, null, parts);
                slope = mergedSlope;
                segSize = mergedSize;
                segCost = mergedCost;
            }
            return suffix;
        }

        /** A hull's segments in vertex order: the change of one part of the cost along each. */
        private static double[] partSteps(Hull hull, double[] part) {
            double[] steps = new double[hull.vertex.length - 1];
            for (int v = 1; v < hull.vertex.length; v++) {
                steps[v - 1] = part[hull.vertex[v]] - part[hull.vertex[v - 1]];
            }
            return steps;
        }

        /** 0, then the running sums of {@code values}. */
        private static double[] prefixSums(double[] values) {
            double[] sums = new double[values.length + 1];
            for (int j = 0; j < values.length; j++) {
                sums[j + 1] = sums[j] + values[j];
            }
            return sums;
        }

        /** A hull's segments in vertex order, from position {@code at}: slope dc / dm, size dm and cost dc. */
        private static void segments(Hull hull, double[] slope, double[] size, double[] cost, int at) {
            for (int v = 1; v < hull.vertex.length; v++) {
                double dm = hull.size[hull.vertex[v]] - hull.size[hull.vertex[v - 1]];
                double dc = hull.cost[hull.vertex[v]] - hull.cost[hull.vertex[v - 1]];
                slope[at + v - 1] = dc / dm;
                size[at + v - 1] = dm;
                cost[at + v - 1] = dc;
            }
        }

        private static double[] gather(double[] values, int[] order) {
            double[] out = new double[order.length];
            for (int j = 0; j < order.length; j++) {
                out[j] = values[order[j]];
            }
            return out;
        }

        /** The segment the budget ends in (the LP's fractional one), or -1 when none does. */
        int critical(double budget) {
            double free = budget - baseSize;
            return free < 0 || free >= stepSize[stepSize.length - 1] ? -1 : segmentAt(free);
        }

        /** The segment j with stepSize[j] <= free < stepSize[j + 1], for 0 <= free < the last step. */
        private int segmentAt(double free) {
            return Sorted.firstAbove(stepSize, free) - 1; // stepSize[0] = 0 <= free: the first above is past 0
        }

        /** The least cost of the LP relaxation at {@code budget} bits; +infinity if even the smallest settings do not fit. */
        double at(double budget) {
            return at(budget, null);
        }

        /** {@link #at(double)}, the segment searched from the cursor's last one where a cursor is given. */
        private double at(double budget, Cursor cursor) {
            double free = budget - baseSize;
            if (free < 0) {
                return Double.POSITIVE_INFINITY;
            }
            int n = stepSize.length - 1;
            if (free >= stepSize[n]) {
                return baseCost + stepCost[n];
            }
            int lo;
            if (cursor == null) {
                lo = segmentAt(free);
            } else {
                lo = segmentNear(free, cursor.near);
                cursor.near = lo;
            }
            return interpolated(baseCost, stepCost, lo, fraction(free, lo));
        }

        /** The share of segment j that {@code free} bits past the base take. */
        private double fraction(double free, int j) {
            return (free - stepSize[j]) / (stepSize[j + 1] - stepSize[j]);
        }

        /** base + steps[j] + fraction (steps[j + 1] - steps[j]): a prefix sum interpolated within segment j. */
        private static double interpolated(double base, double[] steps, int j, double fraction) {
            return base + steps[j] + fraction * (steps[j + 1] - steps[j]);
        }

        /**
         * {@link #segmentAt}'s segment, searched from segment {@code near} ({@link Sorted#firstAboveNear}): the same
         * j, in O(log distance) look-ups where a search's budgets come near one another.
         */
        private int segmentNear(double free, int near) {
            return Sorted.firstAboveNear(stepSize, free, near + 1) - 1;
        }

        /**
         * A reader of this bound that remembers the segment it last found and searches from there: the same values
         * as {@link #at}, bit for bit, for a search that asks at budgets near one another (the settings of one group
         * tried in size order leave budgets a few segments apart). One thread's.
         */
        final class Cursor {
            private int near;

            /** {@link Bound#at}{@code (budget)}. */
            double at(double budget) {
                return Bound.this.at(budget, this);
            }

            /**
             * The two parts' sums ({@link Parts}) of the LP's fractional allocation at {@code budget}, into
             * {@code sums}, as {@link #at} finds it: the vertices' parts before the budget's segment and that
             * segment's share of its own. False (sums untouched) where the smallest settings do not fit.
             */
            boolean partsAt(double budget, double[] sums) {
                double free = budget - baseSize;
                if (free < 0) {
                    return false;
                }
                int n = stepSize.length - 1;
                if (free >= stepSize[n]) {
                    sums[0] = parts.baseA() + parts.stepA()[n];
                    sums[1] = parts.baseB() + parts.stepB()[n];
                    return true;
                }
                int lo = segmentNear(free, near);
                near = lo;
                double fraction = fraction(free, lo);
                sums[0] = interpolated(parts.baseA(), parts.stepA(), lo, fraction);
                sums[1] = interpolated(parts.baseB(), parts.stepB(), lo, fraction);
                return true;
            }
        }

        /** A {@link Cursor} at the first segment. */
        Cursor cursor() {
            return new Cursor();
        }

        /**
         * The allocation of whole hull steps that fit in {@code budget}, as setting indices per group
         * ({@code hulls} in search order {@code order}, which is how this bound was built).
         */
        int[] wholeSteps(double budget, Hull[] hulls, Integer[] order) {
            int[] vertexOf = new int[order.length];
            double used = baseSize;
            for (int j = 0; j < segmentHull.length; j++) {
                int h = segmentHull[j];
                int v = segmentVertex[j];
                Hull hull = hulls[order[h]];
                double dm = hull.size[hull.vertex[v]] - hull.size[hull.vertex[v - 1]];
                if (used + dm > budget) {
                    break;
                }
                used += dm;
                vertexOf[h] = v;
            }
            int[] setting = new int[order.length];
            for (int d = 0; d < order.length; d++) {
                Hull hull = hulls[order[d]];
                setting[order[d]] = hull.index[hull.vertex[vertexOf[d]]];
            }
            return setting;
        }
    }
}
