package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The multiple-choice knapsack of the deployable allocation, solved exactly: one setting per group,
 * least total cost, total size at most the budget M. Numbers in (each group's undominated settings and
 * their lower convex hull, {@link DeployableSolver.Hull}), positions out.
 *
 * <pre>
 *   LP relaxation (Sinha and Zoltners 1979; found in linear time by Dyer 1984 and Zemel 1984):
 *     the hull segments of every group by slope, taken while they fit; the first that does not fit is
 *     the critical one, its slope -lambda (lambda &gt;= 0), and
 *     LP = sum_g m_g - lambda M,   m_g = min_j (C_gj + lambda S_gj)
 *   reduced cost of setting j of group g:   r_gj = C_gj + lambda S_gj - m_g  &gt;= 0
 *   every allocation x within the budget:   cost(x) = LP + sum_g r_g(x_g) + lambda (M - S(x))
 *   so cost(x) &lt; T only if r_g(x_g) &lt; T - LP in every group g           (reduced-cost fixing)
 * </pre>
 *
 * With T close to LP few settings of each group pass (for most groups only the one or two the LP
 * takes): Pisinger's core, the groups around the LP's fractional one that an improving allocation can
 * change (D. Pisinger, <i>A minimal algorithm for the multiple-choice knapsack problem</i>, EJOR 83(2),
 * 1995). Over the settings that pass, a dynamic programme group by group keeps the partial allocations
 * (size, cost) that no other is as small and cheaper than (dominance) and whose cost plus the LP bound
 * of the groups left, over their passing settings at the budget left, is below T (bound). Per partial
 * allocation only a window of the next group's settings is tried: the bound is at least a convex
 * function of the setting's size (the group's hull plus the LP bound of the rest), so the settings that
 * can pass lie between the hull vertices around where it crosses T ({@code Round.window}). The last two
 * groups are not stored: each partial allocation before them, with each setting of the next-to-last
 * group that passes, is completed by the last group's largest passing setting that fits. The cheapest
 * complete allocation below T is the optimum if there is one. Rounds raise T from just above LP
 * towards the incumbent U (the LP's whole steps, filled greedily), each half the gap it leaves nearer
 * to LP than the next (so a round overshoots the optimum by at most twice its distance from LP): a
 * round that finds nothing proves the optimum is at least its T, and the last round's T is U itself,
 * so the answer is always the optimum, to the relative {@link DeployableSolver#PRUNE_TOLERANCE}, unless
 * a round keeps more than {@code maxStates} partial allocations or one group adds more than
 * {@link #CHILDREN_PER_STATE} times as many before dominance: then the answer is the incumbent, and the
 * certified lower bound the T of the last round that found nothing (the LP bound if none did).
 */
final class ChoiceKnapsack {

    /** Rounds of the search; round k cuts at LP + (U - LP) / ROUND_FACTOR^(ROUNDS - 1 - k). */
    static final int ROUNDS = 10;
    /** Cap on the children one group adds before dominance, per partial allocation a round may keep. */
    static final long CHILDREN_PER_STATE = 4;
    static final double ROUND_FACTOR = 2.0;

    /**
     * The allocation found and its certificate.
     *
     * @param position   each group's choice, a position among its undominated settings ({@link DeployableSolver.Hull#index})
     * @param cost       sum_g C_g(position_g)
     * @param lpBound    the LP relaxation's least cost at the budget (a lower bound any reader can recompute)
     * @param lowerBound a certified lower bound on the least cost: {@code cost} where the search finished,
     *                   else the largest T a round proved nothing below (or {@code lpBound})
     * @param states     partial allocations the search kept, over all rounds
     */
    record Result(int[] position, double cost, double lpBound, double lowerBound, long states) {

        /** True when the answer is the optimum (to the relative tolerance). */
        boolean exact() {
            return lowerBound == cost;
        }
    }

    private ChoiceKnapsack() {
    }

    /**
     * @param hulls     each group's undominated settings and hull
     * @param budget    M
     * @param start     an allocation within the budget (positions), the first incumbent
     * @param maxStates cap on partial allocations kept in one round, {@code >= 1}
     */
    static Result solve(DeployableSolver.Hull[] hulls, double budget, int[] start, long maxStates) {
        int groups = hulls.length;
        DeployableSolver.Bound all = DeployableSolver.Bound.of(Arrays.asList(hulls));
        double lp = all.at(budget);
        int[] best = start.clone();
        double upper = costOf(hulls, best);
        double lambda = criticalSlope(all, budget);
        if (Double.isInfinite(lp) || Double.isNaN(lambda) || upper <= lp) {
            // nothing fits (the smallest settings are the answer the caller gave), or every group's
            // cheapest setting fits (lambda undefined: the incumbent is that, the optimum by construction, whatever
            // rounding separates the LP's sum from the incumbent's), or the incumbent meets the bound
            boolean optimal = Double.isInfinite(lp) || Double.isNaN(lambda);
            return new Result(best, upper, lp, optimal ? upper : Math.min(lp, upper), 0);
        }
        double[][] reduced = new double[groups][];
        double scale = upper + lambda * budget;
        for (int g = 0; g < groups; g++) {
            reduced[g] = reducedCosts(hulls[g], lambda);
            scale += Math.abs(hulls[g].cost[0]) + lambda * hulls[g].size[hulls[g].size.length - 1];
        }
        // rounding in r_gj and in the sums: a margin far above it keeps the fixing conservative
        double margin = 1e-12 * scale;
        double proven = lp;
        long states = 0;
        for (int round = 0; round < ROUNDS; round++) {
            boolean last = round == ROUNDS - 1;
            double cut = last ? upper * (1 - DeployableSolver.PRUNE_TOLERANCE)
                    : lp + (upper - lp) / Math.pow(ROUND_FACTOR, ROUNDS - 1 - round);
            if (cut <= proven) {
                continue;
            }
            Round r = new Round(hulls, reduced, budget, cut, cut - lp + margin, maxStates);
            int[] found = r.run();
            states += r.states;
            if (r.overflow) {
                return new Result(best, upper, lp, proven, states);
            }
            if (found != null) {
                return new Result(found, costOf(hulls, found), lp, costOf(hulls, found), states);
            }
            proven = Math.min(cut, upper);
        }
        return new Result(best, upper, lp, upper, states);
    }

    /**
     * lambda, minus the slope of the critical hull segment (the first that does not fit after the ones
     * before it); NaN when every segment fits.
     */
    static double criticalSlope(DeployableSolver.Bound bound, double budget) {
        double free = budget - bound.baseSize;
        int n = bound.stepSize.length - 1;
        if (free < 0 || free >= bound.stepSize[n]) {
            return Double.NaN;
        }
        int lo = 0;
        int hi = n; // stepSize[lo] <= free < stepSize[hi]
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (bound.stepSize[mid] <= free) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double slope = (bound.stepCost[hi] - bound.stepCost[lo]) / (bound.stepSize[hi] - bound.stepSize[lo]);
        return Math.max(0.0, -slope);
    }

    /** r_j = C_j + lambda S_j - min_k (C_k + lambda S_k) over one group's undominated settings. */
    static double[] reducedCosts(DeployableSolver.Hull hull, double lambda) {
        int k = hull.cost.length;
        double[] r = new double[k];
        double least = Double.POSITIVE_INFINITY;
        for (int j = 0; j < k; j++) {
            r[j] = hull.cost[j] + lambda * hull.size[j];
            least = Math.min(least, r[j]);
        }
        for (int j = 0; j < k; j++) {
            r[j] -= least;
        }
        return r;
    }

    static double costOf(DeployableSolver.Hull[] hulls, int[] position) {
        double c = 0.0;
        for (int g = 0; g < hulls.length; g++) {
            c += hulls[g].cost[position[g]];
        }
        return c;
    }

    /** One round: the dynamic programme over the settings whose reduced cost passes, cut at T. */
    private static final class Round {
        final DeployableSolver.Hull[] hulls;
        final double budget;
        final double cut;
        final long maxStates;
        final int maxChildren;
        final int[][] candidates;     // per group, the positions that pass, ascending size
        final int[] order;            // groups with more than one candidate, fewest first
        final double fixedSize;       // the groups with one candidate
        final double fixedCost;
        final DeployableSolver.Hull[] sub;   // hull of order[d]'s candidates, positions as in candidates
        final DeployableSolver.Bound[] rest; // LP bound of order[d..] over their candidates
        long states;
        boolean overflow;

        Round(DeployableSolver.Hull[] hulls, double[][] reduced, double budget, double cut, double slack,
              long maxStates) {
            this.hulls = hulls;
            this.budget = budget;
            this.cut = cut;
            this.maxStates = maxStates;
            this.maxChildren = (int) Math.min(Integer.MAX_VALUE - 8, CHILDREN_PER_STATE * maxStates);
            int groups = hulls.length;
            candidates = new int[groups][];
            double size = 0.0;
            double cost = 0.0;
            List<Integer> free = new ArrayList<>();
            for (int g = 0; g < groups; g++) {
                int[] pass = new int[reduced[g].length];
                int n = 0;
                for (int j = 0; j < reduced[g].length; j++) {
                    if (reduced[g][j] < slack) {
                        pass[n++] = j;
                    }
                }
                candidates[g] = Arrays.copyOf(pass, n);
                if (n == 1) {
                    size += hulls[g].size[pass[0]];
                    cost += hulls[g].cost[pass[0]];
                } else {
                    free.add(g);
                }
            }
            fixedSize = size;
            fixedCost = cost;
            free.sort((a, b) -> candidates[a].length != candidates[b].length
                    ? Integer.compare(candidates[a].length, candidates[b].length) : Integer.compare(a, b));
            order = free.stream().mapToInt(Integer::intValue).toArray();
            sub = new DeployableSolver.Hull[order.length];
            for (int d = 0; d < order.length; d++) {
                sub[d] = subHull(hulls[order[d]], candidates[order[d]]);
            }
            rest = new DeployableSolver.Bound[order.length + 1];
            for (int d = 0; d <= order.length; d++) {
                rest[d] = DeployableSolver.Bound.of(Arrays.asList(sub).subList(d, order.length));
            }
        }

        /** The positions of the cheapest allocation below the cut, or null when there is none. */
        int[] run() {
            int depth = order.length;
            double[] size = {fixedSize};
            double[] cost = {fixedCost};
            if (!(fixedSize <= budget) || fixedCost + rest[0].at(budget - fixedSize) >= cut) {
                return null;
            }
            int[][] parent = new int[depth][];
            int[][] choice = new int[depth][];
            Children next = new Children();
            for (int d = 0; d < depth; d++) {
                int g = order[d];
                DeployableSolver.Hull hull = hulls[g];
                int[] pass = candidates[g];
                DeployableSolver.Bound left = rest[d + 1];
                next.clear();
                boolean lastGroup = d == depth - 1;
                if (d == depth - 2) {
                    return lastTwo(size, cost, parent, choice);
                }
                int[] kept;
                if (lastGroup) {
                    for (int k = 0; k < size.length; k++) {
                        // the last group: its cheapest passing setting that fits is the largest that fits
                        int j = largestFitting(hull, pass, budget - size[k]);
                        if (j >= 0 && cost[k] + hull.cost[pass[j]] < cut) {
                            next.add(size[k] + hull.size[pass[j]], cost[k] + hull.cost[pass[j]], k, pass[j]);
                        }
                    }
                    kept = next.undominated();
                } else {
                    for (int k = 0; k < size.length; k++) {
                        int[] w = window(d, size[k], cost[k]);
                        for (int x = w[0]; x <= w[1]; x++) {
                            int j = pass[x];
                            double u = size[k] + hull.size[j];
                            if (u > budget) {
                                break;
                            }
                            double c = cost[k] + hull.cost[j];
                            if (c + left.at(budget - u) < cut) {
                                if (next.n == maxChildren) {
                                    overflow = true;
                                    return null;
                                }
                                next.add(u, c, k, j);
                            }
                        }
                    }
                    kept = next.undominated();
                }
                states += kept.length;
                if (kept.length == 0) {
                    return null;
                }
                if (states > maxStates) {
                    overflow = true;
                    return null;
                }
                size = new double[kept.length];
                cost = new double[kept.length];
                parent[d] = new int[kept.length];
                choice[d] = new int[kept.length];
                for (int x = 0; x < kept.length; x++) {
                    int c = kept[x];
                    size[x] = next.size[c];
                    cost[x] = next.cost[c];
                    parent[d][x] = next.parent[c];
                    choice[d][x] = next.choice[c];
                }
            }
            // states ascend in size with falling cost: the last is the cheapest
            int x = size.length - 1;
            if (!(cost[x] < cut)) {
                return null;
            }
            int[] position = new int[hulls.length];
            for (int g = 0; g < hulls.length; g++) {
                if (candidates[g].length == 1) {
                    position[g] = candidates[g][0];
                }
            }
            for (int d = depth - 1; d >= 0; d--) {
                position[order[d]] = choice[d][x];
                x = parent[d][x];
            }
            return position;
        }

        /**
         * The last two groups without storing their partial allocations: for every partial allocation of
         * the groups before them, every setting of the next-to-last group in its window ({@link #window})
         * whose bound is below the cut, completed by the last group's cheapest passing setting that fits
         * (the largest, as settings are undominated). The cheapest complete allocation below the cut is the
         * answer; among equal costs the smallest, then the first in (partial allocation, setting) order.
         */
        private int[] lastTwo(double[] size, double[] cost, int[][] parent, int[][] choice) {
            int depth = order.length;
            int d = depth - 2;
            DeployableSolver.Hull hull = hulls[order[d]];
            int[] pass = candidates[order[d]];
            DeployableSolver.Bound left = rest[d + 1];
            DeployableSolver.Hull lastHull = hulls[order[depth - 1]];
            int[] lastPass = candidates[order[depth - 1]];
            double bestCost = cut;
            double bestSize = Double.POSITIVE_INFINITY;
            int bestParent = -1;
            int bestChoice = -1;
            int bestLast = -1;
            for (int k = 0; k < size.length; k++) {
                int[] w = window(d, size[k], cost[k]);
                for (int x = w[0]; x <= w[1]; x++) {
                    int j = pass[x];
                    double u = size[k] + hull.size[j];
                    if (u > budget) {
                        break;
                    }
                    double c = cost[k] + hull.cost[j];
                    if (!(c + left.at(budget - u) < cut)) {
                        continue;
                    }
                    int y = largestFitting(lastHull, lastPass, budget - u);
                    if (y < 0) {
                        continue;
                    }
                    double total = c + lastHull.cost[lastPass[y]];
                    double used = u + lastHull.size[lastPass[y]];
                    if (total < bestCost || total == bestCost && bestParent >= 0 && used < bestSize) {
                        bestCost = total;
                        bestSize = used;
                        bestParent = k;
                        bestChoice = j;
                        bestLast = lastPass[y];
                    }
                }
            }
            if (bestParent < 0) {
                return null;
            }
            int[] position = fixedPositions();
            position[order[depth - 1]] = bestLast;
            position[order[d]] = bestChoice;
            int x = bestParent;
            for (int e = d - 1; e >= 0; e--) {
                position[order[e]] = choice[e][x];
                x = parent[e][x];
            }
            return position;
        }

        /** Positions with every group of one candidate at it (the others to be filled in). */
        private int[] fixedPositions() {
            int[] position = new int[hulls.length];
            for (int g = 0; g < hulls.length; g++) {
                if (candidates[g].length == 1) {
                    position[g] = candidates[g][0];
                }
            }
            return position;
        }

        /**
         * Positions [from, to] in {@code pass} of the settings of group {@code order[d]} that can lead below
         * the cut from a partial allocation of {@code used} bits and cost {@code spent}: with H the lower
         * convex hull of the passing settings' cost against size ({@code sub[d]}, whose settings are
         * {@code pass} in the same order), phi(u) = spent + H(u) + LP(rest, M - used - u) is convex in u
         * (the LP bound is convex in the budget) and no more than the bound of any setting of size u, so
         * the settings worth trying lie between the hull vertices next to where phi crosses the cut, or
         * next to its least vertex when none is below it. Empty (from &gt; to) when no vertex fits.
         */
        private int[] window(int d, double used, double spent) {
            DeployableSolver.Hull hull = sub[d];
            DeployableSolver.Bound left = rest[d + 1];
            int vertices = hull.vertex.length;
            int lo = 0;
            int hi = vertices - 1;
            while (lo < hi) { // phi is convex over the vertices: its least vertex by bisection on its slope
                int mid = (lo + hi) >>> 1;
                if (phi(hull, left, mid + 1, used, spent) < phi(hull, left, mid, used, spent)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            int least = lo;
            int first = least;
            int last = least;
            if (phi(hull, left, least, used, spent) < cut) {
                int a = 0;
                int b = least;
                while (a < b) {
                    int mid = (a + b) >>> 1;
                    if (phi(hull, left, mid, used, spent) < cut) {
                        b = mid;
                    } else {
                        a = mid + 1;
                    }
                }
                first = a;
                a = least;
                b = vertices - 1;
                while (a < b) {
                    int mid = (a + b + 1) >>> 1;
                    if (phi(hull, left, mid, used, spent) < cut) {
                        a = mid;
                    } else {
                        b = mid - 1;
                    }
                }
                last = a;
            } else if (phi(hull, left, least, used, spent) == Double.POSITIVE_INFINITY) {
                return new int[] {1, 0};
            }
            int from = hull.index[hull.vertex[Math.max(0, first - 1)]];
            int to = hull.index[hull.vertex[Math.min(vertices - 1, last + 1)]];
            return new int[] {from, to};
        }

        /** phi at vertex v of {@code hull}: its cost plus the LP bound of the groups left at the budget left. */
        private double phi(DeployableSolver.Hull hull, DeployableSolver.Bound left, int v, double used, double spent) {
            int j = hull.vertex[v];
            double u = used + hull.size[j];
            if (u > budget) {
                return Double.POSITIVE_INFINITY;
            }
            return spent + hull.cost[j] + left.at(budget - u);
        }

        /** Position in {@code pass} of the largest passing setting no larger than {@code free} bits, or -1. */
        private static int largestFitting(DeployableSolver.Hull hull, int[] pass, double free) {
            int lo = -1;
            int hi = pass.length; // size[pass[lo]] <= free < size[pass[hi]]
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (hull.size[pass[mid]] <= free) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        /** The hull of some of a group's undominated settings (still undominated among themselves). */
        private static DeployableSolver.Hull subHull(DeployableSolver.Hull hull, int[] pass) {
            double[] c = new double[pass.length];
            double[] m = new double[pass.length];
            for (int j = 0; j < pass.length; j++) {
                c[j] = hull.cost[pass[j]];
                m[j] = hull.size[pass[j]];
            }
            return DeployableSolver.Hull.of(c, m);
        }
    }

    /** The partial allocations one group adds, in growable primitive arrays. */
    private static final class Children {
        double[] size = new double[1024];
        double[] cost = new double[1024];
        int[] parent = new int[1024];
        int[] choice = new int[1024];
        int n;

        void clear() {
            n = 0;
        }

        void add(double u, double c, int k, int j) {
            if (n == size.length) {
                int grown = Math.max(1024, n * 2);
                size = Arrays.copyOf(size, grown);
                cost = Arrays.copyOf(cost, grown);
                parent = Arrays.copyOf(parent, grown);
                choice = Arrays.copyOf(choice, grown);
            }
            size[n] = u;
            cost[n] = c;
            parent[n] = k;
            choice[n] = j;
            n++;
        }

        /**
         * The children no other is as small and cheaper than, by size ascending (cost then strictly
         * falling): sorted by (size, cost, parent, choice), the one order that decides ties.
         */
        int[] undominated() {
            int[] idx = new int[n];
            for (int i = 0; i < n; i++) {
                idx[i] = i;
            }
            mergeSort(idx, new int[n], 0, n);
            int[] kept = new int[n];
            int k = 0;
            double lowest = Double.POSITIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                if (cost[idx[i]] < lowest) {
                    kept[k++] = idx[i];
                    lowest = cost[idx[i]];
                }
            }
            return Arrays.copyOf(kept, k);
        }

        private boolean before(int a, int b) {
            if (size[a] != size[b]) {
                return size[a] < size[b];
            }
            if (cost[a] != cost[b]) {
                return cost[a] < cost[b];
            }
            if (parent[a] != parent[b]) {
                return parent[a] < parent[b];
            }
            return choice[a] < choice[b];
        }

        private void mergeSort(int[] a, int[] tmp, int from, int to) {
            if (to - from <= 16) {
                for (int i = from + 1; i < to; i++) {
                    int x = a[i];
                    int j = i - 1;
                    while (j >= from && before(x, a[j])) {
                        a[j + 1] = a[j];
                        j--;
                    }
                    a[j + 1] = x;
                }
                return;
            }
            int mid = (from + to) >>> 1;
            mergeSort(a, tmp, from, mid);
            mergeSort(a, tmp, mid, to);
            if (!before(a[mid], a[mid - 1])) {
                return;
            }
            System.arraycopy(a, from, tmp, from, to - from);
            int i = from;
            int j = mid;
            for (int k = from; k < to; k++) {
                if (j >= to || i < mid && !before(tmp[j], tmp[i])) {
                    a[k] = tmp[i++];
                } else {
                    a[k] = tmp[j++];
                }
            }
        }
    }
}
