package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The multiple-choice knapsack of {@link ChoiceKnapsack} where every group has the same settings (equal runs
 * without levels): only how many groups take each setting matters, and branch and bound over those counts
 * proves in a few hundred nodes what the search over partial allocations cannot.
 *
 * <h2>Why the LP bound alone cannot prune here</h2>
 * With G equal groups the LP bound is G h(M / G), h the groups' lower convex hull, met by a fractional number
 * of groups at each end a, b of the critical hull segment. An allocation that rounds that number costs the
 * LP bound plus lambda times the budget it leaves unused; one that uses the budget to within a few bits does
 * so by moving many groups a little off b, each at a small reduced cost. At 64 groups of 10^6 entries and
 * 5 bits per entry (rocksdb-per-level) a and b lie 1.05 * 10^6 bits apart, lambda prices a bit at
 * 3 * 10^-8 and the whole gap U - LP is 1.9 * 10^-6: no allocation within it leaves more than 65 bits
 * unused, and some 900 settings near b pass the reduced-cost test. Lists of partial allocations over those
 * settings grow past any memory before they meet.
 *
 * <h2>Branch and bound over counts</h2>
 * A node is a list of types: t groups that take settings from one range of the passing settings (ascending
 * size). Its LP bound merges the types' hulls, each scaled by its count (Dyer; Zemel): every type at its
 * smallest setting, then the segments of all types by slope, taken while they fit. The answer of a node
 * where no type's count is split is an allocation; else the type whose groups the critical segment
 * (a, b) splits is branched on the number t of its groups at a or below: children (t, [lo, a]) and
 * (c - t, [a + 1, hi]) for every t whose bound is below the cut. The children partition the node's
 * allocations, each has a smaller range, and a child's bound is a convex function of t (the value of a
 * linear programme in its right-hand side), so t is tried outwards from the LP's own fractional count,
 * and stops in each direction at the first child the cut removes. Nodes are expanded least bound first; the
 * LP answer with the split count rounded down is a feasible allocation and updates the incumbent. Where the
 * least open bound reaches the incumbent (to {@link DeployableSolver#PRUNE_TOLERANCE}), the incumbent is the
 * optimum; past {@code maxNodes} nodes, open and expanded, it is returned with that least open bound as its
 * certified lower bound. The 64 groups above are proven in two nodes: no count of groups at a leaves an
 * LP bound below the incumbent but the one it has.
 *
 * <p>The allocation is returned in a canonical order of the (interchangeable) groups: group 0 the largest
 * setting, sizes falling with the group's number.
 */
final class EqualGroups {

    /**
     * Partial allocations of {@link ChoiceKnapsack}'s cap that one node stands for (its types and bound take
     * some sixteen times the memory of a partial allocation's size and cost): the nodes, open and expanded,
     * a search may make are its {@code maxStates} over this.
     */
    static final long STATES_PER_NODE = 16;

    private EqualGroups() {
    }

    /** t groups taking settings from {@code lo..hi} (positions in the passing settings, inclusive). */
    private record Type(int count, int lo, int hi) {
    }

    /** A node: its types, ascending range; its LP bound; the order it was made in (ties of bound). */
    private record Node(Type[] types, double bound, long made) {
    }

    /**
     * The node's LP: its bound, and where it is fractional, the type split (index in the node's types), the
     * positions a (last at or below) and the count at a or below in the LP (fractional); a rounded allocation.
     */
    private record Lp(double bound, int split, int at, double countAtOrBelow, int[] counts) {
    }

    /** True when every group has the same settings, sizes and costs (and there are at least two). */
    static boolean applies(DeployableSolver.Hull[] hulls) {
        if (hulls.length < 2) {
            return false;
        }
        for (int g = 1; g < hulls.length; g++) {
            if (hulls[g] != hulls[0] && !(Arrays.equals(hulls[g].cost, hulls[0].cost)
                    && Arrays.equals(hulls[g].size, hulls[0].size))) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param hulls    the groups' settings, all equal ({@link #applies})
     * @param budget   M
     * @param start    an allocation within the budget (positions), the first incumbent
     * @param lp       the LP bound at M
     * @param reduced  the reduced costs of the settings at the LP's lambda (one group's)
     * @param margin   the rounding margin of the reduced-cost test and of the cut
     * @param maxNodes nodes, open and expanded, before the incumbent is returned with a certified bound
     */
    static ChoiceKnapsack.Result solve(DeployableSolver.Hull[] hulls, double budget, int[] start, double lp,
                                       double[] reduced, double margin, long maxNodes) {
        return new Search(hulls, budget, start, lp, reduced, margin).run(maxNodes);
    }

    private static final class Search {
        private final DeployableSolver.Hull[] hulls;
        private final int groups;
        private final double budget;
        private final double lp;
        private final int[] position; // passing settings' positions in the hull, ascending size
        private final double[] size;
        private final double[] cost;
        private final Map<Long, int[]> vertices = new HashMap<>();
        private int[] best;
        private double upper;
        private long made;

        Search(DeployableSolver.Hull[] hulls, double budget, int[] start, double lp, double[] reduced,
               double margin) {
            this.hulls = hulls;
            this.groups = hulls.length;
            this.budget = budget;
            this.lp = lp;
            this.best = canonical(start);
            this.upper = ChoiceKnapsack.costOf(hulls, best);
            DeployableSolver.Hull h = hulls[0];
            double gap = upper - lp + margin;
            int[] pass = new int[h.cost.length];
            int n = 0;
            for (int j = 0; j < h.cost.length; j++) {
                if (reduced[j] < gap) {
                    pass[n++] = j;
                }
            }
            position = Arrays.copyOf(pass, n);
            size = new double[n];
            cost = new double[n];
            for (int i = 0; i < n; i++) {
                size[i] = h.size[position[i]];
                cost[i] = h.cost[position[i]];
            }
        }

        ChoiceKnapsack.Result run(long maxNodes) {
            PriorityQueue<Node> open = new PriorityQueue<>((x, y) -> x.bound != y.bound
                    ? Double.compare(x.bound, y.bound) : Long.compare(x.made, y.made));
            if (position.length > 0) {
                Type[] root = {new Type(groups, 0, position.length - 1)};
                Lp rootLp = lp(root);
                if (rootLp != null) {
                    open.add(new Node(root, rootLp.bound, made++));
                }
            }
            long expanded = 0;
            while (!open.isEmpty() && open.peek().bound < cut()) {
                if (expanded + open.size() >= maxNodes) {
                    double bound = Math.min(upper, Math.max(lp, open.peek().bound));
                    return new ChoiceKnapsack.Result(best, upper, lp, bound, expanded);
                }
                expanded++;
                Node node = open.poll();
                Lp relaxed = lp(node.types);
                offer(relaxed.counts);
                if (relaxed.split < 0) {
                    continue; // integral: its allocation is the node's least, offered above
                }
                branch(node.types, relaxed, open);
            }
            return new ChoiceKnapsack.Result(best, upper, lp, upper, expanded);
        }

        private double cut() {
            return upper * (1 - DeployableSolver.PRUNE_TOLERANCE);
        }

        /** The children of a node whose LP splits a type's count, outwards from that count, those below the cut. */
        private void branch(Type[] types, Lp relaxed, PriorityQueue<Node> open) {
            Type split = types[relaxed.split];
            int low = (int) Math.floor(relaxed.countAtOrBelow);
            for (int direction = 0; direction < 2; direction++) {
                for (int t = direction == 0 ? low : low + 1; t >= 0 && t <= split.count;
                     t += direction == 0 ? -1 : 1) {
                    Type[] child = splitAt(types, relaxed.split, relaxed.at, t);
                    Lp childLp = lp(child);
                    if (childLp == null) {
                        if (direction == 0) {
                            break; // fewer groups at a or below need still more room
                        }
                        continue;
                    }
                    if (childLp.bound >= cut()) {
                        break;
                    }
                    open.add(new Node(child, childLp.bound, made++));
                }
            }
        }

        /** The node's types with type {@code s} split into t groups at positions up to {@code at} and the rest above. */
        private static Type[] splitAt(Type[] types, int s, int at, int t) {
            Type type = types[s];
            List<Type> out = new ArrayList<>(types.length + 1);
            for (int i = 0; i < types.length; i++) {
                if (i != s) {
                    out.add(types[i]);
                    continue;
                }
                if (t > 0) {
                    out.add(new Type(t, type.lo, at));
                }
                if (type.count - t > 0) {
                    out.add(new Type(type.count - t, at + 1, type.hi));
                }
            }
            return out.toArray(new Type[0]);
        }

        /**
         * The LP of a node (every type at its smallest setting, then all types' hull segments by slope while
         * they fit; the first that does not, the critical one, taken in part); null when even the smallest
         * settings do not fit. Its rounded allocation: the split type's count at b rounded down.
         */
        private Lp lp(Type[] types) {
            int k = types.length;
            int[][] hull = new int[k][];
            double used = 0.0;
            double bound = 0.0;
            int segments = 0;
            for (int i = 0; i < k; i++) {
                hull[i] = vertices(types[i].lo, types[i].hi);
                used += types[i].count * size[hull[i][0]];
                bound += types[i].count * cost[hull[i][0]];
                segments += hull[i].length - 1;
            }
            if (used > budget) {
                return null;
            }
            long[] order = new long[segments]; // type << 32 | vertex, sorted by slope then type
            double[] slope = new double[segments];
            int s = 0;
            for (int i = 0; i < k; i++) {
                for (int v = 0; v + 1 < hull[i].length; v++) {
                    int a = hull[i][v];
                    int b = hull[i][v + 1];
                    slope[s] = (cost[b] - cost[a]) / (size[b] - size[a]);
                    order[s] = (long) i << 32 | v;
                    s++;
                }
            }
            Integer[] byslope = new Integer[segments];
            for (int i = 0; i < segments; i++) {
                byslope[i] = i;
            }
            Arrays.sort(byslope, (x, y) -> slope[x] != slope[y] ? Double.compare(slope[x], slope[y])
                    : Long.compare(order[x], order[y]));
            int[] at = new int[k]; // vertex each type's groups are at
            double room = budget - used;
            int split = -1;
            double fraction = 0.0;
            for (int idx : byslope) {
                int i = (int) (order[idx] >>> 32);
                int v = (int) order[idx];
                int a = hull[i][v];
                int b = hull[i][v + 1];
                double need = types[i].count * (size[b] - size[a]);
                if (need <= room) {
                    room -= need;
                    bound += types[i].count * (cost[b] - cost[a]);
                    at[i] = v + 1;
                } else {
                    fraction = room / need;
                    bound += fraction * types[i].count * (cost[b] - cost[a]);
                    split = i;
                    break;
                }
            }
            int[] counts = new int[position.length];
            for (int i = 0; i < k; i++) {
                counts[hull[i][at[i]]] += types[i].count;
            }
            if (split < 0) {
                return new Lp(bound, -1, -1, 0.0, counts);
            }
            int c = types[split].count;
            int a = hull[split][at[split]];
            int b = hull[split][at[split] + 1];
            int toB = (int) Math.floor(fraction * c);
            counts[a] -= toB;
            counts[b] += toB;
            return new Lp(bound, split, a, c - fraction * c, counts);
        }

        /** The lower convex hull of the passing settings lo..hi (ascending size, costs falling), as positions. */
        private int[] vertices(int lo, int hi) {
            return vertices.computeIfAbsent((long) lo << 32 | hi, key -> {
                int[] hull = new int[hi - lo + 1];
                int h = 0;
                for (int j = lo; j <= hi; j++) {
                    while (h >= 2 && (cost[hull[h - 1]] - cost[hull[h - 2]]) * (size[j] - size[hull[h - 2]])
                            >= (cost[j] - cost[hull[h - 2]]) * (size[hull[h - 1]] - size[hull[h - 2]])) {
                        h--;
                    }
                    hull[h++] = j;
                }
                return Arrays.copyOf(hull, h);
            });
        }

        /** An allocation of counts over the passing settings, if within the budget and cheaper, is the incumbent. */
        private void offer(int[] counts) {
            int[] allocation = new int[groups];
            int g = 0;
            for (int j = counts.length - 1; j >= 0; j--) {
                for (int n = 0; n < counts[j]; n++) {
                    allocation[g++] = position[j];
                }
            }
            if (sizeOf(allocation) > budget) {
                return;
            }
            double c = ChoiceKnapsack.costOf(hulls, allocation);
            if (c < upper) {
                upper = c;
                best = allocation;
            }
        }

        private double sizeOf(int[] allocation) {
            double s = 0.0;
            for (int g = 0; g < groups; g++) {
                s += hulls[g].size[allocation[g]];
            }
            return s;
        }

        /** The same settings, group 0 the largest. */
        private int[] canonical(int[] allocation) {
            int[] sorted = allocation.clone();
            Arrays.sort(sorted);
            for (int i = 0, j = sorted.length - 1; i < j; i++, j--) {
                int swap = sorted[i];
                sorted[i] = sorted[j];
                sorted[j] = swap;
            }
            return sorted;
        }
    }
}
