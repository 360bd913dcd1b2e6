package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.monkeyeval.family.Engine;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.model.LsmCase;

/**
 * The robust allocation at an engine's granularity, found exactly: the same minimax duality as
 * {@link RobustSolver}, each weighted problem solved by {@link DeployableSolver}, and an exact search
 * over the engine's settings for whatever gap the duality leaves.
 *
 * <pre>
 * s = one setting per group;  rL(s) = cost(zL, s) - optD(zL),  rH(s) = cost(zH, s) - optD(zH),
 * optD(z) the least cost the engine's settings reach at z (a deployable solve).
 * Regret is convex in z here too ({@link ShareEnds}), so the robust s minimizes max(rL(s), rH(s)).
 *
 * 1. Duality. For theta in [0, 1], g(theta) = min_s theta rL(s) + (1 - theta) rH(s) is one deployable
 *    solve with reach theta a(zL) + (1 - theta) a(zH), and a lower bound on the answer. Over a finite
 *    set of allocations g is concave and piecewise linear, with a vertex of the lower-left convex hull
 *    of the points (rL(s), rH(s)) per piece. Starting from the two ends' optima A = (0, rH) and
 *    B = (rL, 0), the theta whose line passes through both is solved; a point below that line
 *    replaces A or B (by the sign of rL - rH), until none is: then A-B is the hull edge that crosses
 *    the diagonal and g(theta) is the dual bound. (The search for non-inferior points of two
 *    objectives; Cohon, Church and Sheer, Water Resources Research 15(5), 1979.)
 * 2. Exact search. Unlike the continuous problem, the engine's settings are a finite set, and the
 *    least max(rL, rH) can lie above the dual bound (an unsupported point inside the hull). The best
 *    allocation seen is the incumbent; group by group (largest first), the partial allocations whose
 *    lower bound is below it are kept, the others cut:
 *      max( cL + boundL(rest) - AL,  cH + boundH(rest) - AH,
 *           theta (cL - AL) + (1 - theta)(cH - AH) + boundTheta(rest) )
 *    each bound the LP bound of the groups left at the budget left (lower convex hulls, as in
 *    {@link DeployableSolver}); a partial allocation is dropped when another is no larger and no
 *    costlier at both ends. What survives the last group is every allocation that could beat the
 *    incumbent; the best of them is the answer.
 * </pre>
 *
 * Both steps carry the deployable solver's relative tolerance ({@link DeployableSolver#PRUNE_TOLERANCE}).
 * The search has an evaluation budget; past it the solver fails rather than return an allocation it
 * cannot vouch for.
 */
public final class RobustDeployableSolver {

    /** Cap on duality steps (each finds a new hull vertex, and there are finitely many). */
    public static final int MAX_DUAL_STEPS = 200;

    private final DeployableSolver solver;
    private final long maxNodes;

    public RobustDeployableSolver() {
        this(new DeployableSolver(), DeployableSolver.DEFAULT_MAX_NODES);
    }

    /** @param maxNodes cap on nodes of the exact search, {@code >= 1} */
    public RobustDeployableSolver(DeployableSolver solver, long maxNodes) {
        if (maxNodes < 1) {
            throw new IllegalArgumentException("maxNodes (" + maxNodes + ") must be >= 1");
        }
        this.solver = solver;
        this.maxNodes = maxNodes;
    }

    /**
     * @param engine     the engine (its family and settings)
     * @param entries    n_i in probe order, each {@code >= 1}
     * @param groupOfRun each run's group, 0 .. groups-1, every group used ({@link DeployableSolver#groups})
     * @param interval   [zL, zH]
     * @param budgetBits M, {@code >= 0}
     */
    public RobustDeployable solve(Engine engine, long[] entries, int[] groupOfRun, ShareInterval interval,
                                  double budgetBits) {
        return solve(engine, engine.family(), entries, groupOfRun, interval, budgetBits);
    }

    /** As {@link #solve(Engine, long[], int[], ShareInterval, double)} over {@code family}'s settings (tests use subsets). */
    RobustDeployable solve(Engine engine, FilterFamily family, long[] entries, int[] groupOfRun,
                           ShareInterval interval, double budgetBits) {
        double total = LsmCase.sum(entries).doubleValue();
        LookupWeights[] w = ShareEnds.weights(entries, total, interval);
        double[] reachLow = w[0].reach();
        double[] reachHigh = w[1].reach();
        Deployable a = solver.solve(engine, family, entries, reachLow, groupOfRun, budgetBits);
        Deployable b = interval.point() ? a : solver.solve(engine, family, entries, reachHigh, groupOfRun, budgetBits);
        ShareEnds ends = new ShareEnds(interval, w[0], w[1], w[0].cost(a.fpr()), w[1].cost(b.fpr()));
        int solves = interval.point() ? 1 : 2;

        Deployable best = ends.worstRegret(a.fpr()) <= ends.worstRegret(b.fpr()) ? a : b;
        double theta = 1.0;
        double dual = 0.0;
        if (ends.worstRegret(best.fpr()) > 0.0) {
            for (int step = 0; ; step++) {
                if (step == MAX_DUAL_STEPS) {
                    throw new IllegalStateException("the duality step found no hull edge in " + MAX_DUAL_STEPS
                            + " solves");
                }
                double xa = ends.regretLow(a.fpr());
                double ya = ends.regretHigh(a.fpr());
                double xb = ends.regretLow(b.fpr());
                double yb = ends.regretHigh(b.fpr());
                // the theta whose line theta x + (1 - theta) y takes the same value at A and at B
                theta = (yb - ya) / ((xa - ya) - (xb - yb));
                double line = theta * xa + (1 - theta) * ya;
                double[] reach = new double[entries.length];
                for (int i = 0; i < reach.length; i++) {
                    reach[i] = theta * reachLow[i] + (1 - theta) * reachHigh[i];
                }
                Deployable c = solver.solve(engine, family, entries, reach, groupOfRun, budgetBits);
                solves++;
                double xc = ends.regretLow(c.fpr());
                double yc = ends.regretHigh(c.fpr());
                if (Math.max(xc, yc) < ends.worstRegret(best.fpr())) {
                    best = c;
                }
                double value = theta * xc + (1 - theta) * yc;
                if (!(value < line - DeployableSolver.PRUNE_TOLERANCE * Math.abs(line)) || xc == yc) {
                    dual = Math.min(value, line);
                    break;
                }
                if (xc - yc < 0) {
                    a = c;
                } else {
                    b = c;
                }
            }
        }
        double incumbent = ends.worstRegret(best.fpr());
        int[] settingOfGroup = settingIndices(family, best);
        long nodes = 0;
        if (incumbent > dual + DeployableSolver.PRUNE_TOLERANCE * incumbent) {
            Search search = new Search(family, entries, reachLow, reachHigh, groupOfRun, budgetBits, ends, theta,
                    maxNodes);
            int[] found = search.run(incumbent * (1 - DeployableSolver.PRUNE_TOLERANCE));
            nodes = search.nodes;
            if (found != null) {
                settingOfGroup = found;
            }
        }
        return build(engine, family, entries, groupOfRun, settingOfGroup, ends, dual, solves, nodes);
    }

    /** Each group's setting in {@code d} as an index into the family's settings. */
    private static int[] settingIndices(FilterFamily family, Deployable d) {
        List<Setting> settings = family.settings();
        int[] index = new int[d.settingOfGroup().size()];
        for (int g = 0; g < index.length; g++) {
            index[g] = settings.indexOf(d.settingOfGroup().get(g));
        }
        return index;
    }

    private static RobustDeployable build(Engine engine, FilterFamily family, long[] entries, int[] groupOfRun,
                                          int[] settingOfGroup, ShareEnds ends, double dual, int solves,
                                          long nodes) {
        List<Setting> chosen = new ArrayList<>(settingOfGroup.length);
        for (int s : settingOfGroup) {
            chosen.add(family.settings().get(s));
        }
        double[] fpr = new double[entries.length];
        double[] bits = new double[entries.length];
        double used = 0.0;
        for (int i = 0; i < entries.length; i++) {
            Setting s = chosen.get(groupOfRun[i]);
            fpr[i] = family.fpr(entries[i], s);
            bits[i] = family.filterBits(entries[i], s);
            used += bits[i];
        }
        return new RobustDeployable(ends, engine, groupOfRun, chosen, fpr, bits, used, dual, solves, nodes);
    }

    /**
     * The exact search of step 2: layer by layer over the groups (largest first), the partial
     * allocations (size, cost at zL, cost at zH) that no other dominates and whose lower bound is below
     * the cut.
     */
    private static final class Search {
        final int groups;
        final double[][] costLow;   // per group and setting: sum_{i in g} a_i(zL) p(n_i, s)
        final double[][] costHigh;
        final double[][] size;
        final int[][] bySize;       // per group: setting indices by size, then cost
        final double[][] sortedSize; // per group: sizes in that order
        final DeployableSolver.Hull[] thetaHull;
        final Integer[] order;
        final DeployableSolver.Bound[] restLow;
        final DeployableSolver.Bound[] restHigh;
        final DeployableSolver.Bound[] restTheta;
        final double budget;
        final double theta;
        final double offsetLow;     // AL = optD(zL) - vL: rL = cost at zL without v, minus AL
        final double offsetHigh;
        final long maxNodes;
        long nodes;

        Search(FilterFamily family, long[] entries, double[] reachLow, double[] reachHigh, int[] groupOfRun,
               double budget, ShareEnds ends, double theta, long maxNodes) {
            List<Setting> settings = family.settings();
            int count = settings.size();
            int g = 0;
            for (int x : groupOfRun) {
                g = Math.max(g, x + 1);
            }
            groups = g;
            if ((long) Math.max(groups, 1) * count * 3 > DeployableSolver.MAX_TABLE_CELLS) {
                throw new IllegalArgumentException(groups + " groups x " + count + " settings is more than the"
                        + " robust search tabulates (" + DeployableSolver.MAX_TABLE_CELLS + " cells)");
            }
            costLow = new double[groups][count];
            costHigh = new double[groups][count];
            size = new double[groups][count];
            double[] groupEntries = new double[groups];
            for (int i = 0; i < entries.length; i++) {
                int k = groupOfRun[i];
                groupEntries[k] += entries[i];
                for (int s = 0; s < count; s++) {
                    double p = family.fpr(entries[i], settings.get(s));
                    costLow[k][s] += reachLow[i] * p;
                    costHigh[k][s] += reachHigh[i] * p;
                    size[k][s] += family.filterBits(entries[i], settings.get(s));
                }
            }
            DeployableSolver.Hull[] hullLow = new DeployableSolver.Hull[groups];
            DeployableSolver.Hull[] hullHigh = new DeployableSolver.Hull[groups];
            thetaHull = new DeployableSolver.Hull[groups];
            bySize = new int[groups][];
            sortedSize = new double[groups][];
            for (int k = 0; k < groups; k++) {
                double[] weighted = new double[count];
                for (int s = 0; s < count; s++) {
                    weighted[s] = theta * costLow[k][s] + (1 - theta) * costHigh[k][s];
                }
                hullLow[k] = DeployableSolver.Hull.of(costLow[k], size[k]);
                hullHigh[k] = DeployableSolver.Hull.of(costHigh[k], size[k]);
                thetaHull[k] = DeployableSolver.Hull.of(weighted, size[k]);
                bySize[k] = DeployableSolver.bySizeThenCost(weighted, size[k]);
                sortedSize[k] = new double[count];
                for (int j = 0; j < count; j++) {
                    sortedSize[k][j] = size[k][bySize[k][j]];
                }
            }
            order = new Integer[groups];
            for (int k = 0; k < groups; k++) {
                order[k] = k;
            }
            Arrays.sort(order, Comparator.<Integer>comparingDouble(k -> -groupEntries[k]).thenComparingInt(k -> k));
            restLow = suffixBounds(hullLow);
            restHigh = suffixBounds(hullHigh);
            restTheta = suffixBounds(thetaHull);
            this.budget = budget;
            this.theta = theta;
            this.offsetLow = ends.lowBest() - (ends.low().foundShareKnown() ? ends.low().foundShare() : 0.0);
            this.offsetHigh = ends.highBest() - (ends.high().foundShareKnown() ? ends.high().foundShare() : 0.0);
            this.maxNodes = maxNodes;
        }

        /** bound[d]: the LP bound of the groups order[d..] (bound[groups] of none). */
        private DeployableSolver.Bound[] suffixBounds(DeployableSolver.Hull[] hulls) {
            DeployableSolver.Bound[] suffix = new DeployableSolver.Bound[groups + 1];
            for (int d = groups; d >= 0; d--) {
                List<DeployableSolver.Hull> rest = new ArrayList<>();
                for (int e = d; e < groups; e++) {
                    rest.add(hulls[order[e]]);
                }
                suffix[d] = DeployableSolver.Bound.of(rest);
            }
            return suffix;
        }

        /** A lower bound on max(rL, rH) of every completion of a partial allocation through depth d. */
        private double bound(int d, double used, double low, double high) {
            double left = budget - used;
            double l = low + restLow[d].at(left) - offsetLow;
            double h = high + restHigh[d].at(left) - offsetHigh;
            double t = theta * (low - offsetLow) + (1 - theta) * (high - offsetHigh) + restTheta[d].at(left);
            return Math.max(Math.max(l, h), t);
        }

        /** The setting of each group of the best allocation below {@code cut}, or null when there is none. */
        int[] run(double cut) {
            double[] used = {0.0};
            double[] low = {0.0};
            double[] high = {0.0};
            int[][] parent = new int[groups][];
            int[][] choice = new int[groups][];
            for (int d = 0; d < groups; d++) {
                int k = order[d];
                List<double[]> next = new ArrayList<>();
                for (int state = 0; state < used.length; state++) {
                    int[] window = window(d, used[state], low[state], high[state], cut);
                    for (int j = window[0]; j < window[1]; j++) {
                        if (++nodes > maxNodes) {
                            throw new IllegalStateException("the search for the robust deployable allocation passed"
                                    + " its budget of " + maxNodes + " nodes");
                        }
                        int s = bySize[k][j];
                        double u = used[state] + size[k][s];
                        if (u > budget) {
                            break;
                        }
                        double l = low[state] + costLow[k][s];
                        double h = high[state] + costHigh[k][s];
                        if (bound(d + 1, u, l, h) >= cut) {
                            continue;
                        }
                        next.add(new double[] {u, l, h, state, s});
                    }
                }
                List<double[]> kept = undominated(next);
                if (kept.isEmpty()) {
                    return null; // nothing beats the incumbent
                }
                used = new double[kept.size()];
                low = new double[kept.size()];
                high = new double[kept.size()];
                parent[d] = new int[kept.size()];
                choice[d] = new int[kept.size()];
                for (int x = 0; x < kept.size(); x++) {
                    double[] state = kept.get(x);
                    used[x] = state[0];
                    low[x] = state[1];
                    high[x] = state[2];
                    parent[d][x] = (int) state[3];
                    choice[d][x] = (int) state[4];
                }
            }
            int bestState = -1;
            double best = cut;
            for (int x = 0; x < used.length; x++) {
                double worst = Math.max(low[x] - offsetLow, high[x] - offsetHigh);
                if (worst < best) {
                    best = worst;
                    bestState = x;
                }
            }
            if (bestState < 0) {
                return null;
            }
            int[] setting = new int[groups];
            int x = bestState;
            for (int d = groups - 1; d >= 0; d--) {
                setting[order[d]] = choice[d][x];
                x = parent[d][x];
            }
            return setting;
        }

        /**
         * The states no other dominates: none other is as small and no costlier at both ends. A sweep by
         * size (then cost at zL, then cost at zH, then the state's origin) over a staircase of the
         * (cost at zL, cost at zH) pairs kept so far.
         */
        private static List<double[]> undominated(List<double[]> states) {
            states.sort(Comparator.<double[]>comparingDouble(x -> x[0]).thenComparingDouble(x -> x[1])
                    .thenComparingDouble(x -> x[2]).thenComparingDouble(x -> x[3]).thenComparingDouble(x -> x[4]));
            TreeMap<Double, Double> stairs = new TreeMap<>(); // cost at zL -> least cost at zH, falling
            List<double[]> kept = new ArrayList<>();
            for (double[] x : states) {
                Map.Entry<Double, Double> below = stairs.floorEntry(x[1]);
                if (below != null && below.getValue() <= x[2]) {
                    continue;
                }
                kept.add(x);
                stairs.put(x[1], x[2]);
                Map.Entry<Double, Double> above = stairs.higherEntry(x[1]);
                while (above != null && above.getValue() >= x[2]) {
                    stairs.remove(above.getKey());
                    above = stairs.higherEntry(x[1]);
                }
            }
            return kept;
        }

        /**
         * Positions [from, to) in group order[d]'s size order of the settings that can lead below the
         * cut from a partial allocation: with H the lower convex hull of the group's theta-weighted cost
         * against size, phi(u) = theta-part of the partial cost + H(u) + boundTheta(rest, M - used - u)
         * is convex in u and no more than the bound's theta term of any setting of size u (a setting
         * larger than every undominated one costs at least the cheapest, whose size is the hull's end,
         * with less budget left), so the settings worth trying have sizes between the hull vertices next
         * to where phi crosses the cut, and beyond the last vertex when it is one of them.
         */
        private int[] window(int d, double used, double low, double high, double cut) {
            int k = order[d];
            DeployableSolver.Hull hull = thetaHull[k];
            DeployableSolver.Bound rest = restTheta[d + 1];
            double spent = theta * (low - offsetLow) + (1 - theta) * (high - offsetHigh);
            int vertices = hull.vertex.length;
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
            int left = least;
            int right = least;
            if (phi(hull, rest, least, used, spent) < cut) {
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
                right = a;
            }
            int v0 = Math.max(0, left - 1);
            int v1 = Math.min(vertices - 1, right + 1);
            double fromSize = hull.size[hull.vertex[v0]];
            double toSize = v1 == vertices - 1 ? Double.POSITIVE_INFINITY : hull.size[hull.vertex[v1]];
            double[] sizes = sortedSize[k];
            return new int[] {firstAtLeast(sizes, fromSize), firstAbove(sizes, toSize)};
        }

        private double phi(DeployableSolver.Hull hull, DeployableSolver.Bound rest, int v, double used, double spent) {
            int j = hull.vertex[v];
            double u = used + hull.size[j];
            if (u > budget) {
                return Double.POSITIVE_INFINITY;
            }
            return spent + hull.cost[j] + rest.at(budget - u);
        }

        private static int firstAtLeast(double[] sorted, double value) {
            int lo = 0;
            int hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted[mid] < value) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        private static int firstAbove(double[] sorted, double value) {
            int lo = 0;
            int hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted[mid] <= value) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }
}
