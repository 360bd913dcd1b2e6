package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

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
 *       budget as far as whole hull steps go: the first incumbent.</li>
 *   <li>Group by group (largest first), the partial allocations that are undominated (no other is as
 *       small and cheaper) and whose cost plus the bound of the groups left, at the budget left, is
 *       below the incumbent by more than a relative {@link #PRUNE_TOLERANCE}; the cheapest complete
 *       one replaces the incumbent. Only a window of each group's settings is tried per partial
 *       allocation (see {@code Search}). What is left is the optimum to that tolerance; tests compare
 *       it with exhaustive search on small cases of every engine.</li>
 * </ol>
 * The search has an evaluation budget ({@code maxNodes}); past it the solver fails rather than
 * return a solution it cannot vouch for.
 */
public final class DeployableSolver {

    /** Branches are cut when their bound is at least (1 - this) times the incumbent. */
    public static final double PRUNE_TOLERANCE = 1e-12;
    /** Default cap on search nodes. */
    public static final long DEFAULT_MAX_NODES = 20_000_000L;
    /** Largest groups x settings table the solver builds. */
    public static final long MAX_TABLE_CELLS = 40_000_000L;

    private final long maxNodes;
    private final EngineFamilies families;

    public DeployableSolver() {
        this(DEFAULT_MAX_NODES);
    }

    /** @param maxNodes cap on search nodes, {@code >= 1} */
    public DeployableSolver(long maxNodes) {
        this(maxNodes, EngineFamilies.OFFERED);
    }

    /**
     * @param maxNodes cap on search nodes, {@code >= 1}
     * @param families the families each engine chooses from ({@link EngineFamilies#OFFERED}: all it offers)
     */
    public DeployableSolver(long maxNodes, EngineFamilies families) {
        if (maxNodes < 1) {
            throw new IllegalArgumentException("maxNodes (" + maxNodes + ") must be >= 1");
        }
        this.maxNodes = maxNodes;
        this.families = families;
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
        if (engine == Engine.ROCKSDB_RIBBON) {
            throw new IllegalArgumentException("rocksdb-ribbon sets its filter type by level: solve it with"
                    + " the runs' levels (solve(engine, entries, reach, levels, budget))");
        }
        return solve(engine, DeployableChoice.union(families.of(engine)), entries, reach, groupOfRun, consulted,
                budgetBits);
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
        if (engine == Engine.ROCKSDB_RIBBON) {
            if (!ReadPath.consultsAll(consulted)) {
                throw new IllegalArgumentException("rocksdb-ribbon is solved with every run's filter read");
            }
            return DeployableRibbonSolver.solve(engine.family(), families.of(engine).get(1), entries, reach, levels,
                    budgetBits);
        }
        return solve(engine, entries, reach, groups(engine, levels), consulted, budgetBits);
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
        int runs = entries.length;
        if (reach.length != runs || groupOfRun.length != runs || consulted.length != runs) {
            throw new IllegalArgumentException("entries, reach, groups and consulted differ in length");
        }
        if (!(budgetBits >= 0.0) || Double.isInfinite(budgetBits)) {
            throw new IllegalArgumentException("budget (" + budgetBits + ") must be finite and >= 0");
        }
        int groups = 0;
        for (int g : groupOfRun) {
            groups = Math.max(groups, g + 1);
        }
        int count = settings.size();
        if ((long) Math.max(groups, 1) * count > MAX_TABLE_CELLS) {
            throw new IllegalArgumentException(groups + " groups x " + count + " settings of " + engine
                    + " is more than the solver tabulates (" + MAX_TABLE_CELLS + ")");
        }
        double[][] cost = new double[groups][count];
        double[][] size = new double[groups][count];
        List<Hull> runHulls = new ArrayList<>(runs);
        double[] runCost = new double[count];
        double[] runSize = new double[count];
        double[] runFpr = new double[count];
        for (int i = 0; i < runs; i++) {
            // runs of equal size and read path (L0 files) share their rates
            if (i == 0 || entries[i] != entries[i - 1] || consulted[i] != consulted[i - 1]) {
                for (int s = 0; s < count; s++) {
                    runFpr[s] = ReadPath.rate(consulted[i], settings.get(s).fpr(entries[i]));
                    runSize[s] = settings.get(s).filterBits(entries[i]);
                }
            }
            for (int s = 0; s < count; s++) {
                runCost[s] = reach[i] * runFpr[s];
                cost[groupOfRun[i]][s] += runCost[s];
                size[groupOfRun[i]][s] += runSize[s];
            }
            runHulls.add(Hull.of(runCost, runSize));
        }
        double engineBound = Bound.of(runHulls).at(budgetBits);

        Hull[] hulls = new Hull[groups];
        for (int g = 0; g < groups; g++) {
            hulls[g] = Hull.of(cost[g], size[g]);
        }
        Integer[] order = new Integer[groups];
        for (int g = 0; g < groups; g++) {
            order[g] = g;
        }
        double[] groupEntries = new double[groups];
        for (int i = 0; i < runs; i++) {
            groupEntries[groupOfRun[i]] += entries[i];
        }
        Arrays.sort(order, Comparator.<Integer>comparingDouble(g -> -groupEntries[g]).thenComparingInt(g -> g));
        Bound[] suffix = new Bound[groups + 1];
        suffix[groups] = Bound.of(List.of());
        for (int d = groups - 1; d >= 0; d--) {
            List<Hull> rest = new ArrayList<>();
            for (int e = d; e < groups; e++) {
                rest.add(hulls[order[e]]);
            }
            suffix[d] = Bound.of(rest);
        }

        Search search = new Search(hulls, order, suffix, budgetBits, maxNodes);
        search.incumbent = suffix[0].wholeSteps(budgetBits, hulls, order);
        search.improveIncumbent();
        search.best = search.costOf(search.incumbent);
        search.run();

        List<DeployableChoice> chosen = new ArrayList<>(groups);
        for (int g = 0; g < groups; g++) {
            chosen.add(settings.get(search.incumbent[g]));
        }
        List<DeployableChoice> ofRun = new ArrayList<>(runs);
        for (int i = 0; i < runs; i++) {
            ofRun.add(chosen.get(groupOfRun[i]));
        }
        return build(engine, groupOfRun, chosen.stream().map(DeployableChoice::setting).toList(), ofRun, null,
                entries, reach, consulted, engineBound, search.nodes);
    }

    /** The allocation of each run's choice, its rates (1 where the filter is not read), sizes and build work. */
    static Deployable build(Engine engine, int[] groupOfRun, List<Setting> settingOfGroup,
                            List<DeployableChoice> ofRun, Integer bloomBeforeLevel, long[] entries, double[] reach,
                            boolean[] consulted, double engineBound, long nodes) {
        int runs = entries.length;
        double[] fpr = new double[runs];
        double[] bits = new double[runs];
        double used = 0.0;
        double[] terms = new double[runs];
        for (int i = 0; i < runs; i++) {
            fpr[i] = ReadPath.rate(consulted[i], ofRun.get(i).fpr(entries[i]));
            bits[i] = ofRun.get(i).filterBits(entries[i]);
            used += bits[i];
            terms[i] = reach[i] * fpr[i];
        }
        return new Deployable(engine, groupOfRun, settingOfGroup,
                ofRun.stream().map(DeployableChoice::family).toList(),
                ofRun.stream().map(DeployableChoice::setting).toList(), bloomBeforeLevel, fpr, bits, used,
                Allocation.orderFreeSum(terms), engineBound, DeployableBuildWork.perEntry(entries, ofRun), nodes);
    }

    /** Undominated settings of one group (ascending size, strictly falling cost) and their lower convex hull. */
    static final class Hull {
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

        static Hull of(double[] cost, double[] size) {
            int[] kept = new int[cost.length];
            int k = 0;
            double lowest = Double.POSITIVE_INFINITY;
            for (int s : bySizeThenCost(cost, size)) {
                if (cost[s] < lowest) {
                    kept[k++] = s;
                    lowest = cost[s];
                }
            }
            int[] index = Arrays.copyOf(kept, k);
            double[] c = new double[k];
            double[] m = new double[k];
            for (int j = 0; j < k; j++) {
                c[j] = cost[index[j]];
                m[j] = size[index[j]];
            }
            int[] hull = new int[k];
            int h = 0;
            for (int j = 0; j < k; j++) {
                // keep slopes rising: drop the last vertex while it lies on or above the chord to j
                while (h >= 2 && (c[hull[h - 1]] - c[hull[h - 2]]) * (m[j] - m[hull[h - 2]])
                        >= (c[j] - c[hull[h - 2]]) * (m[hull[h - 1]] - m[hull[h - 2]])) {
                    h--;
                }
                hull[h++] = j;
            }
            return new Hull(index, c, m, Arrays.copyOf(hull, h));
        }
    }

    /**
     * Setting indices by size, then cost, then index. The families list settings by size already
     * (more bits per key never builds a smaller filter), so a scan usually suffices; otherwise a sort.
     */
    static int[] bySizeThenCost(double[] cost, double[] size) {
        int[] order = new int[cost.length];
        boolean sorted = true;
        for (int s = 0; s < order.length; s++) {
            order[s] = s;
            if (s > 0 && !(size[s - 1] < size[s] || size[s - 1] == size[s] && cost[s - 1] <= cost[s])) {
                sorted = false;
            }
        }
        if (sorted) {
            return order;
        }
        Integer[] boxed = new Integer[cost.length];
        for (int s = 0; s < boxed.length; s++) {
            boxed[s] = s;
        }
        Arrays.sort(boxed, Comparator.<Integer>comparingDouble(s -> size[s])
                .thenComparingDouble(s -> cost[s]).thenComparingInt(s -> s));
        for (int s = 0; s < boxed.length; s++) {
            order[s] = boxed[s];
        }
        return order;
    }

    /** The LP bound of a set of groups: their smallest settings, then hull segments by slope. */
    static final class Bound {
        final double baseCost;
        final double baseSize;
        final double[] stepSize;   // prefix sums of segment sizes, by slope
        final double[] stepCost;   // prefix sums of segment cost changes (negative)
        final int[][] segments;    // {hull number, vertex number reached} per segment, by slope

        private Bound(double baseCost, double baseSize, double[] stepSize, double[] stepCost, int[][] segments) {
            this.baseCost = baseCost;
            this.baseSize = baseSize;
            this.stepSize = stepSize;
            this.stepCost = stepCost;
            this.segments = segments;
        }

        static Bound of(List<Hull> hulls) {
            double baseCost = 0.0;
            double baseSize = 0.0;
            List<double[]> segs = new ArrayList<>();
            for (int h = 0; h < hulls.size(); h++) {
                Hull hull = hulls.get(h);
                baseCost += hull.cost[hull.vertex[0]];
                baseSize += hull.size[hull.vertex[0]];
                for (int v = 1; v < hull.vertex.length; v++) {
                    double dm = hull.size[hull.vertex[v]] - hull.size[hull.vertex[v - 1]];
                    double dc = hull.cost[hull.vertex[v]] - hull.cost[hull.vertex[v - 1]];
                    segs.add(new double[] {dc / dm, dm, dc, h, v});
                }
            }
            segs.sort(Comparator.<double[]>comparingDouble(x -> x[0]).thenComparingDouble(x -> x[3])
                    .thenComparingDouble(x -> x[4]));
            double[] stepSize = new double[segs.size() + 1];
            double[] stepCost = new double[segs.size() + 1];
            int[][] segments = new int[segs.size()][];
            for (int j = 0; j < segs.size(); j++) {
                stepSize[j + 1] = stepSize[j] + segs.get(j)[1];
                stepCost[j + 1] = stepCost[j] + segs.get(j)[2];
                segments[j] = new int[] {(int) segs.get(j)[3], (int) segs.get(j)[4]};
            }
            return new Bound(baseCost, baseSize, stepSize, stepCost, segments);
        }

        /** The least cost of the LP relaxation at {@code budget} bits; +infinity if even the smallest settings do not fit. */
        double at(double budget) {
            double free = budget - baseSize;
            if (free < 0) {
                return Double.POSITIVE_INFINITY;
            }
            int n = stepSize.length - 1;
            if (free >= stepSize[n]) {
                return baseCost + stepCost[n];
            }
            int lo = 0;
            int hi = n; // stepSize[lo] <= free < stepSize[hi]
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (stepSize[mid] <= free) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            double fraction = (free - stepSize[lo]) / (stepSize[hi] - stepSize[lo]);
            return baseCost + stepCost[lo] + fraction * (stepCost[hi] - stepCost[lo]);
        }

        /**
         * The allocation of whole hull steps that fit in {@code budget}, as setting indices per group
         * ({@code hulls} in search order {@code order}, which is how this bound was built).
         */
        int[] wholeSteps(double budget, Hull[] hulls, Integer[] order) {
            int[] vertexOf = new int[order.length];
            double used = baseSize;
            for (int[] seg : segments) {
                Hull hull = hulls[order[seg[0]]];
                double dm = hull.size[hull.vertex[seg[1]]] - hull.size[hull.vertex[seg[1] - 1]];
                if (used + dm > budget) {
                    break;
                }
                used += dm;
                vertexOf[seg[0]] = seg[1];
            }
            int[] setting = new int[order.length];
            for (int d = 0; d < order.length; d++) {
                Hull hull = hulls[order[d]];
                setting[order[d]] = hull.index[hull.vertex[vertexOf[d]]];
            }
            return setting;
        }
    }

    /**
     * Group by group (in {@code order}), the undominated partial allocations: a partial allocation is
     * kept only if no other is as small and cheaper (dominance), and if its cost plus the bound of the
     * groups left, at the budget left, is below the incumbent (bound). For each kept partial
     * allocation only the settings of the next group inside a window are tried: with H_g the lower
     * convex hull of the group's curve, phi(u) = H_g(u) + bound_rest(M - u) is convex in u and at most
     * the exact test, so the settings worth trying lie between the hull vertices next to where phi
     * crosses the incumbent.
     */
    private static final class Search {
        final Hull[] hulls;
        final Integer[] order;
        final Bound[] suffix;
        final double budget;
        final long maxNodes;
        int[] incumbent;
        double best;
        long nodes;

        Search(Hull[] hulls, Integer[] order, Bound[] suffix, double budget, long maxNodes) {
            this.hulls = hulls;
            this.order = order;
            this.suffix = suffix;
            this.budget = budget;
            this.maxNodes = maxNodes;
        }

        /** Cost of an allocation given as one undominated setting index per group. */
        double costOf(int[] settingOfGroup) {
            double c = 0.0;
            for (int g = 0; g < hulls.length; g++) {
                Hull hull = hulls[g];
                int position = -1;
                for (int j = 0; j < hull.index.length && position < 0; j++) {
                    if (hull.index[j] == settingOfGroup[g]) {
                        position = j;
                    }
                }
                c += hull.cost[position];
            }
            return c;
        }

        /**
         * Fills the budget the whole hull steps leave: group by group, the largest undominated setting
         * that fits beside the others, until no group changes. Where a family's curve has long straight
         * stretches (Ribbon's block mixes: rate and size both linear in where the upper blocks start)
         * the hull steps are long and the settings between them close the gap to the bound.
         */
        void improveIncumbent() {
            int groups = hulls.length;
            int[] position = new int[groups];
            double used = 0.0;
            for (int g = 0; g < groups; g++) {
                position[g] = positionOf(hulls[g], incumbent[g]);
                used += hulls[g].size[position[g]];
            }
            for (int pass = 0; pass < 2 * groups + 1; pass++) {
                boolean changed = false;
                for (int d = 0; d < groups; d++) {
                    int g = order[d];
                    Hull hull = hulls[g];
                    double others = used - hull.size[position[g]];
                    int j = largestFitting(hull, budget - others);
                    if (j >= 0 && hull.cost[j] < hull.cost[position[g]]) {
                        used = others + hull.size[j];
                        position[g] = j;
                        changed = true;
                    }
                }
                if (!changed) {
                    break;
                }
            }
            for (int g = 0; g < groups; g++) {
                incumbent[g] = hulls[g].index[position[g]];
            }
        }

        private static int positionOf(Hull hull, int setting) {
            for (int j = 0; j < hull.index.length; j++) {
                if (hull.index[j] == setting) {
                    return j;
                }
            }
            throw new IllegalStateException("setting " + setting + " is not undominated");
        }

        void run() {
            int depth = order.length;
            // layer d: partial allocations of groups order[0..d-1]
            double[] size = {0.0};
            double[] cost = {0.0};
            int[][] parent = new int[depth][];
            int[][] choice = new int[depth][];
            for (int d = 0; d < depth; d++) {
                Hull hull = hulls[order[d]];
                Bound rest = suffix[d + 1];
                double cut = best * (1 - PRUNE_TOLERANCE);
                List<double[]> next = new ArrayList<>();
                if (d == depth - 1) {
                    // the last group: its cheapest undominated setting that fits is the largest that fits
                    for (int k = 0; k < size.length; k++) {
                        if (++nodes > maxNodes) {
                            throw new IllegalStateException("the search for the deployable allocation passed its"
                                    + " budget of " + maxNodes + " nodes");
                        }
                        int j = largestFitting(hull, budget - size[k]);
                        if (j >= 0 && cost[k] + hull.cost[j] < cut) {
                            next.add(new double[] {size[k] + hull.size[j], cost[k] + hull.cost[j], k, j});
                        }
                    }
                }
                for (int k = 0; k < size.length && d < depth - 1; k++) {
                    int[] window = window(hull, rest, size[k], cost[k], cut);
                    for (int j = window[0]; j < window[1]; j++) {
                        if (++nodes > maxNodes) {
                            throw new IllegalStateException("the search for the deployable allocation passed its"
                                    + " budget of " + maxNodes + " nodes");
                        }
                        double u = size[k] + hull.size[j];
                        if (u > budget) {
                            break;
                        }
                        double c = cost[k] + hull.cost[j];
                        if (c + rest.at(budget - u) >= cut) {
                            continue;
                        }
                        next.add(new double[] {u, c, k, j});
                    }
                }
                next.sort(Comparator.<double[]>comparingDouble(x -> x[0]).thenComparingDouble(x -> x[1])
                        .thenComparingDouble(x -> x[2]).thenComparingDouble(x -> x[3]));
                List<double[]> kept = new ArrayList<>();
                double lowest = Double.POSITIVE_INFINITY;
                for (double[] x : next) {
                    if (x[1] < lowest) {
                        kept.add(x);
                        lowest = x[1];
                    }
                }
                if (kept.isEmpty()) {
                    return; // nothing beats the incumbent
                }
                size = new double[kept.size()];
                cost = new double[kept.size()];
                parent[d] = new int[kept.size()];
                choice[d] = new int[kept.size()];
                for (int k = 0; k < kept.size(); k++) {
                    size[k] = kept.get(k)[0];
                    cost[k] = kept.get(k)[1];
                    parent[d][k] = (int) kept.get(k)[2];
                    choice[d][k] = hull.index[(int) kept.get(k)[3]];
                }
            }
            int bestState = 0;
            for (int k = 1; k < cost.length; k++) {
                if (cost[k] < cost[bestState]) {
                    bestState = k;
                }
            }
            if (cost[bestState] < best) {
                best = cost[bestState];
                int[] setting = new int[order.length];
                int k = bestState;
                for (int d = depth - 1; d >= 0; d--) {
                    setting[order[d]] = choice[d][k];
                    k = parent[d][k];
                }
                incumbent = setting;
            }
        }

        /** Position of the largest undominated setting of {@code hull} no larger than {@code free} bits, or -1. */
        private static int largestFitting(Hull hull, double free) {
            int lo = -1;
            int hi = hull.size.length; // size[lo] <= free < size[hi]
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (hull.size[mid] <= free) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        /**
         * Positions [from, to) of the undominated settings of {@code hull} that can lead below
         * {@code cut} from a partial allocation of {@code used} bits and cost {@code spent}.
         */
        private int[] window(Hull hull, Bound rest, double used, double spent, double cut) {
            int vertices = hull.vertex.length;
            // phi over the hull vertices is convex: find its least vertex by the sign of its steps
            int lo = 0;
            int hi = vertices - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (phi(hull, rest, mid + 1, used, spent) < phi(hull, rest, mid, used, spent)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            int least = lo;
            if (phi(hull, rest, least, used, spent) >= cut) {
                // phi >= cut at every vertex; between vertices phi is at least the chord of H_g plus the
                // bound, so the only settings that may still pass lie next to the least vertex
                return span(hull, Math.max(0, least - 1), Math.min(vertices - 1, least + 1));
            }
            int left = least;   // leftmost vertex with phi < cut
            int a = 0;
            int b = least;
            while (a < b) {
                int mid = (a + b) >>> 1;
                if (phi(hull, rest, mid, used, spent) < cut) {
                    b = mid;
                } else {
                    a = mid + 1;
                }
            }
            left = a;
            a = least;
            b = vertices - 1;
            while (a < b) {
                int mid = (a + b + 1) >>> 1;
                if (phi(hull, rest, mid, used, spent) < cut) {
                    a = mid;
                } else {
                    b = mid - 1;
                }
            }
            int right = a;
            return span(hull, Math.max(0, left - 1), Math.min(vertices - 1, right + 1));
        }

        /** Positions of the undominated settings from hull vertex {@code v0} to vertex {@code v1}, both included. */
        private static int[] span(Hull hull, int v0, int v1) {
            return new int[] {hull.vertex[v0], hull.vertex[v1] + 1};
        }

        private double phi(Hull hull, Bound rest, int v, double used, double spent) {
            int j = hull.vertex[v];
            double u = used + hull.size[j];
            if (u > budget) {
                return Double.POSITIVE_INFINITY;
            }
            return spent + hull.cost[j] + rest.at(budget - u);
        }
    }
}
