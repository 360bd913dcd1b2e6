package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

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
 * The incumbent U the caller gives is first improved by pair exchanges ({@link #exchangePairs}: for
 * each pair of groups, their cheapest two settings that fit beside the others'), which lowers the last
 * cut and the reduced-cost threshold U - LP.
 * With T close to LP few settings of each group pass (for most groups only the one or two the LP
 * takes): Pisinger's core, the groups around the LP's fractional one that an improving allocation can
 * change (D. Pisinger, <i>A minimal algorithm for the multiple-choice knapsack problem</i>, EJOR 83(2),
 * 1995). Each group's passing settings are then probed: setting j of g stays only if C_gj plus the LP
 * bound of the other groups at the budget S_gj leaves is below T, which is never weaker than the
 * reduced-cost test and drops most settings of a group whose sizes are far apart (the largest level's):
 * a round whose coarse group keeps none is over before any partial allocation is built. The groups
 * with more than one passing setting are dealt into two halves; in each, a dynamic
 * programme group by group keeps the partial allocations (size, cost) that no other is as small and
 * cheaper than (dominance) and whose cost plus the LP bound of every group not yet in them, over their
 * passing settings at the budget left, is below T (bound). Per partial allocation only a window of the
 * next group's settings is tried: the bound is at least a convex function of the setting's size (the
 * group's hull plus the LP bound of the rest), so the settings that can pass lie between the hull
 * vertices around where it crosses T ({@code Round.window}), narrowed to the settings where that
 * function crosses T ({@code Round.narrowed}); within it, a setting is tried only if its height above
 * the group's hull is below what the hull stretch it lies on leaves ({@code Excess}: the LP bound's
 * tangent at the stretch's slope), found in a tree of least heights. The windows of all partial
 * allocations are merged in size order by a heap, so the dominated children are never stored, and a
 * stream of children jumps by bisection past those no cheaper than the last kept (costs fall along
 * it). The two halves' lists, each by size ascending with cost falling, meet in one pass: each
 * allocation of one half is completed by the largest of the other's that fits, its cheapest
 * completion (Horowitz and Sahni, <i>Computing partitions with applications to the knapsack
 * problem</i>, JACM 21(2), 1974). Where a
 * group's settings along a hull segment lie on its chord (Ribbon's block mixes), every sum of them is
 * undominated, and a list over all groups would hold the product of what the two halves hold.
 * Where the two halves are the same groups (equal runs), the second's list is the first's, built once.
 * The cheapest complete allocation below T is the optimum if there is one. Rounds raise T from the
 * largest cut fixing by probing refutes alone (found by bisection, no list built) towards the incumbent
 * U, T - LP growing by {@link #CUT_FACTOR} a round (so a round overshoots the optimum by at most that
 * factor of its distance from LP; the lists grow fast with T): a round that finds nothing proves the
 * optimum is at least its T, and the last round's T is U itself, so the answer is always the optimum,
 * to the relative {@link DeployableSolver#PRUNE_TOLERANCE}, unless a round keeps more than
 * {@code maxStates} partial allocations or the search tries more than {@link #TRIES_PER_STATE} times as
 * many settings: then the answer is the incumbent, and the certified lower bound the T of the last round
 * that found nothing (the LP bound if none did).
 *
 * <p>A round that finds nothing below its cut has still met its two lists: their cheapest allocation, at or above
 * the cut, fits the budget. The robust solver's weighted solves take it as the incumbent where it costs less
 * ({@code takeListsCheapest}), which lowers U: the last round's cut may then lie just above the optimum where the
 * next round's would have overshot it. Over 200 random runs in 64 levels at 16 bits per entry, the robust solve's end
 * at zH met its optimum in the lists of a round that found nothing, and proved it in a round of 31,424 partial
 * allocations where the round that would have found it kept 180,112 (its rounds' 256,452 became 107,764, and its
 * search 410 ms became 185). The answer is the least cost still, to the relative tolerance. (A lower cut does not
 * always keep fewer: the groups left more than one setting are dealt into other halves.) The deployable solver
 * does not take it: the partial allocations it counts are part of its published certificate.
 *
 * <p>Where every group has the same settings (equal runs without levels), only how many groups take each
 * setting matters, and after the pair exchanges {@link EqualGroups} searches over those counts in place of
 * the rounds.
 */
final class ChoiceKnapsack {

    /** The share of the gap U - LP above LP where the cuts start (below it, the rounds cost nothing to refute). */
    static final double FIRST_CUT_SHARE = 1.0 / 1024;
    /**
     * Each round's T - LP over the last one's: small, for a round's partial allocations multiply fast with
     * its cut, and the round that finds the optimum overshoots it by at most this factor of its distance to LP.
     */
    static final double CUT_FACTOR = 1.1;
    /** Bisections for the largest cut fixing by probing refutes alone ({@link #refutedByProbing}). */
    static final int PROBE_BISECTIONS = 6;
    /**
     * Children a whole search may look at (each taken off a merge's heap), per partial allocation it may keep:
     * the cap on its work, as {@code maxStates} is on its memory (at 4,000,000 states, 4 x 10^7 tries, some
     * seconds).
     */
    static final long TRIES_PER_STATE = 10;
    /** Most sweeps of the pair exchanges that improve the incumbent ({@link #exchangePairs}). */
    static final int EXCHANGE_SWEEPS = 8;
    /**
     * Most settings the pair exchanges look at, all sweeps together (a tenth of a second or so): hundreds of
     * groups make tens of thousands of pairs, and the search proves what they leave.
     */
    static final long EXCHANGE_WORK = 100_000_000L;
    /** Most passes of fixing by probing in a round ({@code Round.probe}). */
    static final int PROBE_PASSES = 4;
    /**
     * Rounds between the bound proved and a cut whose round passed the cap, at most ({@link #search}): as in the robust
     * search's rounds below, the least often lies a little above the bound proved, where a round's partial
     * allocations have not yet multiplied. On the benchmark generator's 200 random runs in 64 levels at 5 bits per
     * entry (seed 206), the search had passed the cap with the bound 3.7 x 10^-6 of the cost below the incumbent; the
     * second round below found the least, 2.1 x 10^-6 of the cost below the incumbent.
     */
    static final int ROUNDS_BELOW_PASSED_CUT = 16;

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
        return solve(hulls, budget, start, maxStates, false);
    }

    /**
     * As {@link #solve(DeployableSolver.Hull[], double, int[], long)}, taking the cheapest allocation of a round's lists
     * as the incumbent where {@code takeListsCheapest} ({@link #search}).
     */
    static Result solve(DeployableSolver.Hull[] hulls, double budget, int[] start, long maxStates,
                        boolean takeListsCheapest) {
        return solve(hulls, budget, start, maxStates, takeListsCheapest, ROUNDS_BELOW_PASSED_CUT);
    }

    /**
     * As {@link #solve(DeployableSolver.Hull[], double, int[], long, boolean)}, with at most {@code roundsBelow} rounds
     * below a cut whose round passed the cap (tests compare it with none).
     */
    static Result solve(DeployableSolver.Hull[] hulls, double budget, int[] start, long maxStates,
                        boolean takeListsCheapest, int roundsBelow) {
        int groups = hulls.length;
        DeployableSolver.Bound all = DeployableSolver.Bound.of(Arrays.asList(hulls));
        double lp = all.at(budget);
        double upper = costOf(hulls, start);
        double lambda = criticalSlope(all, budget);
        Result settled = settled(start, upper, lp, lambda);
        if (settled != null) {
            return settled;
        }
        Reduced[] reduced = new Reduced[groups];
        eachGroup(hulls, g -> reduced[g] = reducedCosts(hulls[g], lambda)); // own slots
        double[] firstCost = new double[groups];
        double[] lastSize = new double[groups];
        for (int g = 0; g < groups; g++) {
            firstCost[g] = hulls[g].cost[0];
            lastSize[g] = hulls[g].size[hulls[g].size.length - 1];
        }
        return search(hulls, reduced, budget, start, lp, margin(upper, lambda, budget, firstCost, lastSize), false,
                takeListsCheapest, maxStates, roundsBelow);
    }

    /**
     * The answer where no search is needed, else null: nothing fits (the smallest settings are the answer the caller
     * gave), or every group's cheapest setting fits (lambda undefined: the incumbent is that, the optimum by
     * construction, whatever rounding separates the LP's sum from the incumbent's), or the incumbent meets the bound.
     *
     * @param upper the cost of {@code start}
     * @param lp    the LP bound at the budget, over every group's whole list of settings
     * @param lambda {@link #criticalSlope} of that bound
     */
    static Result settled(int[] start, double upper, double lp, double lambda) {
        if (Double.isInfinite(lp) || Double.isNaN(lambda) || upper <= lp) {
            boolean optimal = Double.isInfinite(lp) || Double.isNaN(lambda);
            return new Result(start.clone(), upper, lp, optimal ? upper : Math.min(lp, upper), 0);
        }
        return null;
    }

    /**
     * The rounding margin of the reduced-cost test and of the cuts: far above the rounding in r_gj and in the sums,
     * so the fixing stays conservative. It reads of each group's whole list of settings its first's cost and its
     * last's size.
     *
     * @param upper the first incumbent's cost
     */
    static double margin(double upper, double lambda, double budget, double[] firstCost, double[] lastSize) {
        double scale = upper + lambda * budget;
        for (int g = 0; g < firstCost.length; g++) {
            scale += Math.abs(firstCost[g]) + lambda * lastSize[g];
        }
        return 1e-12 * scale;
    }

    /**
     * {@link #solve}'s search past its LP bound: the pair exchanges, then the rounds. Every setting it reads has a
     * reduced cost below the first incumbent's cost less the LP bound, plus {@code margin} (each gap it passes to
     * {@link Reduced#below} is at most that), or is the first incumbent's: {@code hulls} may list only such settings
     * of each group, their numbers in {@link DeployableSolver.Hull#index}, where the LP bound, {@code reduced}'s least
     * and {@code margin} were taken over the whole lists; the answer is then the same, listed alike.
     *
     * @param start    the first incumbent, within the budget, positions in {@code hulls}
     * @param distinct whether no two groups' whole lists are equal (in settings and costs), which the search would
     *                 otherwise compare, on lists that may be shortened
     * @param takeListsCheapest whether a round that finds none below its cut hands on the cheapest allocation its two
     *                 lists make, as the incumbent where it costs less ({@code Round.listsCheapest})
     * @param roundsBelow most rounds below a cut whose round passed the cap ({@link #ROUNDS_BELOW_PASSED_CUT}); none
     *                 where {@code maxStates} is 1, a search that keeps no partial allocation and answers with its bound
     */
    static Result search(DeployableSolver.Hull[] hulls, Reduced[] reduced, double budget, int[] start, double lp,
                         double margin, boolean distinct, boolean takeListsCheapest, long maxStates,
                         int roundsBelow) {
        int[] best = exchangePairs(hulls, reduced, budget, start, lp, margin);
        if (!distinct && EqualGroups.applies(hulls)) {
            return EqualGroups.solve(hulls, budget, best, lp, reduced[0].cost, margin,
                    Math.max(1, maxStates / EqualGroups.STATES_PER_NODE));
        }
        double upper = costOf(hulls, best);
        double last = upper * (1 - DeployableSolver.PRUNE_TOLERANCE);
        double proven = refutedByProbing(hulls, reduced, budget, lp, last, margin);
        long states = 0;
        long tries = 0;
        long maxTries = TRIES_PER_STATE * maxStates;
        double gap = Math.max(proven - lp, (last - lp) * FIRST_CUT_SHARE);
        // past the first round that passes the cap: up to roundsBelow rounds, each at the middle of what lies between
        // the bound proved and the lowest cut passed, with one more whole cap of tries between them. One that finds
        // an allocation below its cut has found the least (nothing lies below the bound proved, and a round finds the
        // least below its cut); one that passes the cap lowers the upper end, one that finds nothing raises the bound
        // proved (and may hand on a cheaper incumbent, as the rounds before do)
        boolean pastCap = false;
        double passed = Double.NaN; // the lowest cut whose round passed the cap, once one has
        int roundsPast = 0;
        while (proven < last) {
            double cut;
            if (!pastCap) {
                gap *= CUT_FACTOR;
                cut = Math.min(last, lp + gap);
            } else {
                double upperEnd = Math.min(passed, last);
                cut = proven + (upperEnd - proven) / 2;
                if (roundsPast++ == roundsBelow || tries >= maxTries || !(cut > proven && cut < upperEnd)) {
                    break; // the rounds below are spent, or no double lies between the two ends
                }
            }
            Round r = new Round(hulls, reduced, budget, cut, cut - lp + margin, maxStates, maxTries - tries);
            r.distinct = distinct;
            int[] found = r.run();
            states += r.states;
            tries += r.tries;
            if (r.overflow) {
                if (!pastCap) {
                    if (maxStates == 1) {
                        break; // a search that keeps no partial allocation: its bound alone
                    }
                    pastCap = true;
                    tries = 0;
                }
                passed = cut;
                continue;
            }
            if (found != null) {
                return new Result(found, costOf(hulls, found), lp, costOf(hulls, found), states);
            }
            proven = cut;
            if (takeListsCheapest && r.listsCheapest != null) {
                double c = costOf(hulls, r.listsCheapest);
                if (c < upper) {
                    best = r.listsCheapest;
                    upper = c;
                    last = upper * (1 - DeployableSolver.PRUNE_TOLERANCE);
                }
            }
        }
        return new Result(best, upper, lp, proven < last ? proven : upper, states);
    }

    /**
     * The largest cut, among {@link #PROBE_BISECTIONS} bisections of log(T - LP) between
     * {@link #FIRST_CUT_SHARE} of the gap and {@code last}, that fixing by probing alone refutes (a group left
     * with no setting: no allocation costs less); LP when it refutes none. Such rounds build no partial
     * allocation, so the search starts where they stop.
     */
    private static double refutedByProbing(DeployableSolver.Hull[] hulls, Reduced[] reduced, double budget,
                                           double lp, double last, double margin) {
        double refuted = lp;
        double lo = Math.log(FIRST_CUT_SHARE);
        double hi = 0.0;
        for (int step = 0; step < PROBE_BISECTIONS; step++) {
            double share = (lo + hi) / 2;
            double cut = lp + (last - lp) * Math.exp(share);
            if (new Round(hulls, reduced, budget, cut, cut - lp + margin, 1, 0).refuted()) {
                refuted = Math.max(refuted, cut);
                lo = share;
            } else {
                hi = share;
            }
        }
        return refuted;
    }

    /**
     * Local improvement of an allocation within the budget, by pair exchanges: for each pair of groups g, h
     * the cheapest pair of their settings that fits beside the others' (each setting of g with the largest
     * of h that fits, the cheapest of h there), over the settings whose reduced cost is below the gap U - LP
     * (no other can lie in a cheaper allocation); sweeps over all pairs, at most {@link #EXCHANGE_SWEEPS}
     * and {@link #EXCHANGE_WORK} settings looked at, until one changes nothing. A better incumbent lowers the
     * last round's cut and fixes more settings.
     *
     * @param start an allocation within the budget
     * @return an allocation within the budget no dearer than {@code start}
     */
    static int[] exchangePairs(DeployableSolver.Hull[] hulls, Reduced[] reduced, double budget, int[] start,
                               double lp, double margin) {
        int groups = hulls.length;
        int[] position = start.clone();
        double used = 0.0;
        for (int g = 0; g < groups; g++) {
            used += hulls[g].size[position[g]];
        }
        long work = 0;
        for (int sweep = 0; sweep < EXCHANGE_SWEEPS && work < EXCHANGE_WORK; sweep++) {
            double gap = costOf(hulls, position) - lp + margin;
            int[][] pass = new int[groups][];
            double[][] passSize = new double[groups][];
            double[][] passCost = new double[groups][];
            eachGroup(hulls, g -> { // own slots
                pass[g] = reduced[g].below(gap);
                passSize[g] = new double[pass[g].length];
                passCost[g] = new double[pass[g].length];
                for (int i = 0; i < pass[g].length; i++) {
                    passSize[g][i] = hulls[g].size[pass[g][i]];
                    passCost[g][i] = hulls[g].cost[pass[g][i]];
                }
            });
            boolean changed = false;
            for (int g = 0; g < groups && work < EXCHANGE_WORK; g++) {
                for (int h = g + 1; h < groups; h++) {
                    work += pass[g].length + pass[h].length;
                    double free = budget - (used - hulls[g].size[position[g]] - hulls[h].size[position[h]]);
                    long pair = cheapestPair(passSize[g], passCost[g], passSize[h], passCost[h], free,
                            hulls[g].cost[position[g]] + hulls[h].cost[position[h]]);
                    if (pair >= 0) {
                        int a = pass[g][(int) (pair >>> 32)];
                        int b = pass[h][(int) pair];
                        used += hulls[g].size[a] - hulls[g].size[position[g]]
                                + hulls[h].size[b] - hulls[h].size[position[h]];
                        position[g] = a;
                        position[h] = b;
                        changed = true;
                    }
                }
            }
            if (!changed) {
                break;
            }
        }
        return position;
    }

    /**
     * The settings {a, b} of two groups, given by their sizes and costs in ascending size (costs falling), with
     * sizes summing to at most {@code free} and costs to less than {@code now}: the cheapest such pair, as a's
     * index in the high half and b's in the low; -1 when none. For rising size of a the room for b falls, and b's
     * cheapest that fits is its largest. No b that fits beside any a costs less than the largest beside a's
     * smallest, so an a whose cost with that one is not below {@code now} pairs with none, and the pass starts at
     * the first a cheap enough (found by bisection: a's costs fall, and so does a rounded sum with them). Once a's
     * cheapest with the b reached so far costs no less than the best pair found, no later a does better (its b
     * costs no less, its own cost no less than a's cheapest, and a rounded sum never falls when its terms rise),
     * and the pass ends there. Over a robust solve of 200 random runs (the ends and the duality's steps, 64,294
     * pairs) the start skipped 46 million of a's 180 million settings, and the passes took 40 million steps of a
     * and 51 million of b where they had taken 87 and 144 million.
     */
    static long cheapestPair(double[] sizeA, double[] costA, double[] sizeB, double[] costB, double free,
                             double now) {
        double least = now;
        long pair = -1;
        int y = sizeA.length == 0 ? -1 : Sorted.firstAbove(sizeB, free - sizeA[0]) - 1;
        if (y < 0) {
            return pair;
        }
        int from = firstBelow(costA, costB[y], least);
        if (from < sizeA.length) {
            y = Sorted.firstAbove(sizeB, free - sizeA[from]) - 1;
        }
        double cheapestA = costA[costA.length - 1];
        for (int j = from; j < sizeA.length; j++) {
            double room = free - sizeA[j];
            while (y >= 0 && sizeB[y] > room) {
                y--;
            }
            if (y < 0 || !(cheapestA + costB[y] < least)) {
                break;
            }
            double c = costA[j] + costB[y];
            if (c < least) {
                least = c;
                pair = (long) j << 32 | y;
            }
        }
        return pair;
    }

    /**
     * The first position j of {@code costs} (falling) with costs[j] + other &lt; least, by bisection (the rounded sum
     * falls with costs[j]); the length where none is.
     */
    static int firstBelow(double[] costs, double other, double least) {
        int lo = 0;
        int hi = costs.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (costs[mid] + other < least) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /**
     * lambda, minus the slope of the critical hull segment (the first that does not fit after the ones
     * before it); NaN when every segment fits.
     */
    static double criticalSlope(DeployableSolver.Bound bound, double budget) {
        int lo = bound.critical(budget);
        if (lo < 0) {
            return Double.NaN;
        }
        int hi = lo + 1;
        double slope = (bound.stepCost[hi] - bound.stepCost[lo]) / (bound.stepSize[hi] - bound.stepSize[lo]);
        return Math.max(0.0, -slope);
    }

    /** Settings, all groups together, from which {@link #eachGroup} hands the groups to the common pool. */
    static final int PARALLEL_FROM = 1 << 16;

    /**
     * Runs {@code action} for every group, each writing its own slots: on the common pool where the groups hold
     * {@link #PARALLEL_FROM} settings or more (64 groups of 68,000), else in turn (a small case's many knapsacks
     * would pay more for the hand-over than the work). The same values either way.
     */
    private static void eachGroup(DeployableSolver.Hull[] hulls, java.util.function.IntConsumer action) {
        long settings = 0;
        for (DeployableSolver.Hull hull : hulls) {
            settings += hull.cost.length;
        }
        IntStream groups = IntStream.range(0, hulls.length);
        (settings >= PARALLEL_FROM ? groups.parallel() : groups).forEach(action);
    }

    /** r_j = C_j + lambda S_j - min_k (C_k + lambda S_k) over one group's undominated settings. */
    static Reduced reducedCosts(DeployableSolver.Hull hull, double lambda) {
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
        return new Reduced(r);
    }

    /**
     * One group's reduced costs, with the least of each block of {@value #BLOCK} positions: the settings below a
     * gap are found by reading the blocks' least and only the blocks whose least is below it (the same
     * comparisons on the same doubles as a scan of every setting, in the same order). Those below a gap near the
     * LP's are a few hundred of tens of thousands, most of them around the LP's own setting.
     */
    static final class Reduced {
        /** Positions a block's least stands for. */
        static final int BLOCK = 64;
        /** r_j by position (ascending size). */
        final double[] cost;
        private final double[] blockLeast;

        Reduced(double[] cost) {
            this.cost = cost;
            blockLeast = new double[(cost.length + BLOCK - 1) / BLOCK];
            for (int b = 0; b < blockLeast.length; b++) {
                double least = Double.POSITIVE_INFINITY;
                for (int j = b * BLOCK, end = Math.min(cost.length, j + BLOCK); j < end; j++) {
                    if (cost[j] < least) { // as the test below reads it: a NaN never below
                        least = cost[j];
                    }
                }
                blockLeast[b] = least;
            }
        }

        /** Positions, ascending, of the settings whose reduced cost is below {@code gap}. */
        int[] below(double gap) {
            int[] pass = new int[Math.min(cost.length, 2 * BLOCK)];
            int n = 0;
            for (int b = 0; b < blockLeast.length; b++) {
                if (!(blockLeast[b] < gap)) {
                    continue; // no r_j of the block below the gap (NaN never is)
                }
                for (int j = b * BLOCK, end = Math.min(cost.length, j + BLOCK); j < end; j++) {
                    if (cost[j] < gap) {
                        if (n == pass.length) {
                            pass = Arrays.copyOf(pass, Math.min(cost.length, 2 * n));
                        }
                        pass[n++] = j;
                    }
                }
            }
            return n == pass.length ? pass : Arrays.copyOf(pass, n);
        }
    }

    static double costOf(DeployableSolver.Hull[] hulls, int[] position) {
        double c = 0.0;
        for (int g = 0; g < hulls.length; g++) {
            c += hulls[g].cost[position[g]];
        }
        return c;
    }

    /**
     * One round: over the settings whose reduced cost passes, cut at T, the cheapest allocation below T.
     * The groups of more than one passing setting are dealt, fewest settings first, alternately into two
     * halves; each half's partial allocations are built group by group (dominance, and the bound of its
     * cost plus the LP of every group not yet in it), and the two lists, each by size ascending with
     * cost falling, are met in one pass: for each allocation of the first half, the largest of the second
     * that fits beside it is its cheapest completion (Horowitz and Sahni, <i>Computing partitions with
     * applications to the knapsack problem</i>, JACM 21(2), 1974). Where the settings along a hull
     * segment lie on its chord (Ribbon's block mixes), every size of a group's sums is undominated; two
     * halves keep about the square root of what one list over all groups would.
     */
    private static final class Round {
        final DeployableSolver.Hull[] hulls;
        final double budget;
        final double cut;
        final long maxStates;
        final long maxTries;
        long tries;
        final int[][] candidates;     // per group, the positions that pass, ascending size
        final int[][] halves;         // groups with more than one candidate, dealt fewest first into two
        final double fixedSize;       // the groups with one candidate
        final double fixedCost;
        final DeployableSolver.Hull[] sub;   // per group, the hull of its candidates, positions as in candidates
        final Excess[] excess;               // per group, its candidates' heights above that hull (built by run)
        long states;
        boolean overflow;
        boolean distinct; // no two groups' whole lists equal ({@link ChoiceKnapsack#search})
        int[] listsCheapest; // where the round found none below its cut: the cheapest allocation its two lists make

        Round(DeployableSolver.Hull[] hulls, Reduced[] reduced, double budget, double cut, double slack,
              long maxStates, long maxTries) {
            this.hulls = hulls;
            this.budget = budget;
            this.cut = cut;
            this.maxStates = maxStates;
            this.maxTries = maxTries;
            int groups = hulls.length;
            candidates = new int[groups][];
            sub = new DeployableSolver.Hull[groups];
            excess = new Excess[groups];
            double size = 0.0;
            double cost = 0.0;
            List<Integer> free = new ArrayList<>();
            eachGroup(hulls, g -> candidates[g] = reduced[g].below(slack)); // own slots
            probe();
            for (int g = 0; g < groups; g++) {
                int[] pass = candidates[g];
                int n = pass.length;
                if (n == 1) {
                    size += hulls[g].size[pass[0]];
                    cost += hulls[g].cost[pass[0]];
                } else if (n > 1) {
                    free.add(g);
                    sub[g] = subHull(hulls[g], candidates[g]);
                }
            }
            fixedSize = size;
            fixedCost = cost;
            free.sort((a, b) -> candidates[a].length != candidates[b].length
                    ? Integer.compare(candidates[a].length, candidates[b].length) : Integer.compare(a, b));
            halves = new int[2][];
            halves[0] = new int[(free.size() + 1) / 2];
            halves[1] = new int[free.size() / 2];
            for (int d = 0; d < free.size(); d++) {
                halves[d % 2][d / 2] = free.get(d);
            }
        }

        /**
         * Fixing by probing: setting j of group g can lie in an allocation below the cut only if
         * C_gj + LP_{-g}(M - S_gj) &lt; T, with LP_{-g} the LP bound of every other group over its
         * candidates; the Lagrangian at the one slope lambda is at most LP_{-g}, so this drops at least
         * what the reduced costs did. A group whose settings are far apart (the largest level's, whose
         * steps are hundreds of thousands of bits) often has none left: the round is over before any
         * partial allocation is built. Each group is probed against the others' bound at the start of a
         * pass, again while any setting is dropped (a drop raises the others' bounds), at most
         * {@link #PROBE_PASSES} times; a group left with none ends it.
         */
        private void probe() {
            int groups = hulls.length;
            if (someGroupHasNone()) {
                return;
            }
            DeployableSolver.Hull[] own = new DeployableSolver.Hull[groups];
            eachGroup(hulls, g -> own[g] = subHull(hulls[g], candidates[g])); // own slots
            for (int pass = 0; pass < PROBE_PASSES; pass++) {
                // each group's probe reads the others' bound at the start of the pass alone: all are probed side by
                // side, then taken in turn as far as the first left with none, where probing them in turn stops
                AllBut rest = new AllBut(own);
                int[][] kept = new int[groups][];
                eachGroup(hulls, g -> kept[g] = probed(g, rest)); // own slots
                boolean[] dropped = new boolean[groups];
                boolean any = false;
                for (int g = 0; g < groups; g++) {
                    if (kept[g].length < candidates[g].length) {
                        any = true;
                        candidates[g] = kept[g];
                        if (kept[g].length == 0) {
                            return;
                        }
                        dropped[g] = true;
                    }
                }
                if (!any) {
                    return;
                }
                eachGroup(hulls, g -> {
                    if (dropped[g]) {
                        own[g] = subHull(hulls[g], candidates[g]); // own slots
                    }
                });
            }
        }

        /** Whether some group has no candidate left: no allocation is below the cut. */
        private boolean someGroupHasNone() {
            for (int[] pass : candidates) {
                if (pass.length == 0) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The candidates of group g whose cost plus the LP bound of the other groups is below the cut. The
         * bound is of the candidates at the start of the pass, more than now where some were dropped since:
         * no higher, so still a bound.
         */
        private int[] probed(int g, AllBut rest) {
            int[] pass = candidates[g];
            int[] kept = new int[pass.length];
            int n = 0;
            for (int j : pass) {
                if (hulls[g].cost[j] + rest.at(g, budget - hulls[g].size[j]) < cut) {
                    kept[n++] = j;
                }
            }
            return n == pass.length ? pass : Arrays.copyOf(kept, n);
        }

        /** True when fixing by probing left some group no setting, or the fixed groups' cost alone reaches the cut. */
        boolean refuted() {
            return someGroupHasNone() || !(fixedSize <= budget)
                    || fixedCost + bound(halves[0], 0, halves[1]).at(budget - fixedSize) >= cut;
        }

        /** The positions of the cheapest allocation below the cut, or null when there is none. */
        int[] run() {
            if (refuted()) {
                return null;
            }
            for (int[] half : halves) { // what the lists' windows read, not the refutation (probing's rounds)
                for (int g : half) {
                    excess[g] = new Excess(sub[g]);
                }
            }
            Front first = front(halves[0], halves[1]);
            if (first == null) {
                return null;
            }
            Front second = mirrored() ? first.of(halves[1]) : front(halves[1], halves[0]);
            if (second == null) {
                return null;
            }
            // total size u_a + u_b - fixedSize, cost c_a + c_b - fixedCost: for rising u_a the room for the
            // second half falls, and its cheapest completion is the largest that fits
            // the cheapest allocation the lists make (the first of least cost): below the cut, the round's answer
            double cheapest = Double.POSITIVE_INFINITY;
            int cheapestFirst = -1;
            int cheapestSecond = -1;
            int y = second.size.length - 1;
            for (int x = 0; x < first.size.length && y >= 0; x++) {
                double room = budget + fixedSize - first.size[x];
                while (y >= 0 && second.size[y] > room) {
                    y--;
                }
                if (y >= 0) {
                    double total = first.cost[x] + second.cost[y] - fixedCost;
                    if (total < cheapest) {
                        cheapest = total;
                        cheapestFirst = x;
                        cheapestSecond = y;
                    }
                }
            }
            if (cheapestFirst < 0) {
                return null;
            }
            int[] position = trace(first, cheapestFirst, second, cheapestSecond);
            if (cheapest < cut) {
                return position;
            }
            listsCheapest = position;
            return null;
        }

        /** The positions of allocation x of the first half's list with y of the second's, the fixed groups too. */
        private int[] trace(Front first, int x, Front second, int y) {
            int[] position = new int[hulls.length];
            for (int g = 0; g < hulls.length; g++) {
                if (candidates[g].length == 1) {
                    position[g] = candidates[g][0];
                }
            }
            first.trace(x, position);
            second.trace(y, position);
            return position;
        }

        /**
         * True when the two halves are the same groups in the same order, group by group equal in settings and
         * candidates (RocksDB's per-level runs of equal entries, the equal levels of a uniform tree): the
         * second half's partial allocations are then the first's, built once.
         */
        private boolean mirrored() {
            if (halves[0].length != halves[1].length) {
                return false;
            }
            if (distinct) {
                return halves[0].length == 0; // the first two groups compared would differ
            }
            for (int d = 0; d < halves[0].length; d++) {
                int a = halves[0][d];
                int b = halves[1][d];
                if (!Arrays.equals(candidates[a], candidates[b]) || !Arrays.equals(hulls[a].cost, hulls[b].cost)
                        || !Arrays.equals(hulls[a].size, hulls[b].size)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The LP bound of the groups {@code mine[from..]} and {@code others}, over their candidates: what
         * a partial allocation of {@code mine[..from)} still has to pay at least.
         */
        private DeployableSolver.Bound bound(int[] mine, int from, int[] others) {
            List<DeployableSolver.Hull> left = new ArrayList<>(mine.length - from + others.length);
            for (int e = from; e < mine.length; e++) {
                left.add(sub[mine[e]]);
            }
            for (int g : others) {
                left.add(sub[g]);
            }
            return DeployableSolver.Bound.of(left);
        }

        /**
         * The undominated partial allocations of the groups {@code mine} (with the fixed groups), each
         * below the cut with the LP bound of the groups not in it; null when the cap is passed.
         */
        private Front front(int[] mine, int[] others) {
            int depth = mine.length;
            double[] size = {fixedSize};
            double[] cost = {fixedCost};
            int[][] parent = new int[depth][];
            int[][] choice = new int[depth][];
            for (int d = 0; d < depth; d++) {
                int g = mine[d];
                DeployableSolver.Bound left = bound(mine, d + 1, others);
                Merge merge = new Merge(budget, cut, hulls[g], candidates[g], left, excess[g], excess[g].floor(left),
                        size, cost, maxTries - tries);
                for (int k = 0; k < size.length; k++) {
                    int[] w = narrowed(sub[g], excess[g], left, size[k], cost[k],
                            window(sub[g], left, size[k], cost[k]));
                    merge.open(k, w[0], w[1]);
                }
                merge.run(maxStates - states);
                tries += merge.tries;
                if (merge.overflow) {
                    overflow = true;
                    return null;
                }
                states += merge.n;
                if (merge.n == 0) {
                    return null;
                }
                size = Arrays.copyOf(merge.size, merge.n);
                cost = Arrays.copyOf(merge.cost, merge.n);
                parent[d] = Arrays.copyOf(merge.parent, merge.n);
                choice[d] = Arrays.copyOf(merge.choice, merge.n);
            }
            return new Front(mine, size, cost, parent, choice);
        }

        /**
         * Positions [from, to] among a group's candidates of the settings that can lead below the cut from a
         * partial allocation of {@code used} bits and cost {@code spent}: with H the lower convex hull of the
         * candidates' cost against size ({@code hull}, whose settings are the candidates in the same order)
         * and LP the bound {@code left} of the groups not yet placed, phi(u) = spent + H(u) + LP(M - used - u)
         * is convex in u
         * (the LP bound is convex in the budget) and no more than the bound of any setting of size u, so
         * the settings worth trying lie between the hull vertices next to where phi crosses the cut, or
         * next to its least vertex when none is below it. Empty (from &gt; to) when no vertex fits.
         */
        private int[] window(DeployableSolver.Hull hull, DeployableSolver.Bound left, double used, double spent) {
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

        /**
         * The positions of {@code window} where phi, at the candidates' sizes, is below the cut: phi(u) =
         * spent + H(u) + LP(M - used - u) is convex, so over the positions (ascending in size) it falls to a
         * least one and rises after it; that one by bisection on its slope, then where it crosses the cut on
         * either side by bisection. H(S_p) = C_p - e_p ({@link Excess}). Between the window's hull vertices
         * phi is not linear (LP is not), and a stretch of Ribbon's block mixes holds thousands of settings.
         * The cut is widened by a relative {@link Merge#ROUNDING} against rounding in phi.
         */
        private int[] narrowed(DeployableSolver.Hull hull, Excess excess, DeployableSolver.Bound left, double used,
                               double spent, int[] window) {
            int lo = window[0];
            int hi = window[1];
            if (lo > hi) {
                return window;
            }
            double below = cut + Merge.ROUNDING * (Math.abs(cut) + Math.abs(spent));
            int a = lo;
            int b = hi;
            while (a < b) {
                int mid = (a + b) >>> 1;
                if (phiAt(hull, excess, left, mid + 1, used, spent) < phiAt(hull, excess, left, mid, used, spent)) {
                    a = mid + 1;
                } else {
                    b = mid;
                }
            }
            int least = a;
            if (!(phiAt(hull, excess, left, least, used, spent) < below)) {
                return new int[] {1, 0};
            }
            a = lo;
            b = least;
            while (a < b) {
                int mid = (a + b) >>> 1;
                if (phiAt(hull, excess, left, mid, used, spent) < below) {
                    b = mid;
                } else {
                    a = mid + 1;
                }
            }
            int from = a;
            a = least;
            b = hi;
            while (a < b) {
                int mid = (a + b + 1) >>> 1;
                if (phiAt(hull, excess, left, mid, used, spent) < below) {
                    a = mid;
                } else {
                    b = mid - 1;
                }
            }
            return new int[] {from, a};
        }

        /** phi at the size of candidate position p: spent + H(S_p) + LP(M - used - S_p); infinite past the budget. */
        private double phiAt(DeployableSolver.Hull hull, Excess excess, DeployableSolver.Bound left, int p,
                             double used, double spent) {
            double u = used + hull.size[p];
            if (u > budget) {
                return Double.POSITIVE_INFINITY;
            }
            return spent + hull.cost[p] - excess.at(p) + left.at(budget - u);
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

    /**
     * A group's candidates' excess over the lower hull H of their cost against size, e_p = C_p - H(S_p) &gt;= 0,
     * with what bounds a child's bound through it stretch by stretch.
     *
     * <p>For a candidate p on the stretch from hull vertex v to v+1, H is linear there, of slope -mu_v, and for
     * the LP bound L of the groups left, L(x) &gt;= L*(mu_v) - mu_v x for every x, L*(mu) = min_x (L(x) + mu x)
     * (a tangent of a convex function). So beside a partial allocation of {@code used} bits and cost
     * {@code spent}, b = M - used:
     * <pre>
     *   spent + C_p + L(b - S_p)  &gt;=  spent + (H(S_v) + mu_v S_v) + L*(mu_v) - mu_v b + e_p
     * </pre>
     * and p can lead below the cut only if e_p is below T - spent + mu_v b - floor_v, floor_v = H(S_v) + mu_v S_v
     * + L*(mu_v), the same for every allocation of the list ({@link #floor}). The settings of Ribbon's block
     * mixes lie near their chord, most of them not near enough: a tree of the least excess over ranges of
     * positions finds the next one that is, so a merge tries those alone.
     */
    private static final class Excess {
        final int[] vertex;     // positions of the hull's vertices
        final double[] mu;      // per stretch v (vertex v to v + 1), minus H's slope
        final double[] tangent; // per stretch v, H(S_v) + mu_v S_v
        final int leaves;
        final double[] least;   // the tree: least[1] over every position, least[leaves + p] = e_p

        Excess(DeployableSolver.Hull sub) {
            vertex = sub.vertex;
            int stretches = vertex.length - 1;
            mu = new double[stretches];
            tangent = new double[stretches];
            int k = sub.cost.length;
            int n = 1;
            while (n < k) {
                n *= 2;
            }
            leaves = n;
            least = new double[2 * n];
            Arrays.fill(least, Double.POSITIVE_INFINITY);
            for (int v = 0; v < stretches; v++) {
                int a = vertex[v];
                int b = vertex[v + 1];
                double slope = (sub.cost[b] - sub.cost[a]) / (sub.size[b] - sub.size[a]);
                mu[v] = -slope;
                tangent[v] = sub.cost[a] + mu[v] * sub.size[a];
                for (int p = a; p < b; p++) {
                    least[n + p] = Math.max(0.0, sub.cost[p] - (sub.cost[a] + slope * (sub.size[p] - sub.size[a])));
                }
            }
            least[n + vertex[stretches]] = 0.0;
            for (int i = n - 1; i >= 1; i--) {
                least[i] = Math.min(least[2 * i], least[2 * i + 1]);
            }
        }

        /** floor_v = H(S_v) + mu_v S_v + L*(mu_v) per stretch, L the bound of the groups left. */
        double[] floor(DeployableSolver.Bound left) {
            double[] floor = new double[mu.length];
            for (int v = 0; v < mu.length; v++) {
                floor[v] = tangent[v] + leastOfTangent(left, mu[v]);
            }
            return floor;
        }

        /** The stretch of position p: v with vertex[v] &lt;= p &lt; vertex[v + 1]; at the last vertex, its number. */
        int stretchOf(int p) {
            if (p >= vertex[vertex.length - 1]) {
                return vertex.length - 1;
            }
            int lo = 0;
            int hi = vertex.length - 1;
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (vertex[mid] <= p) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        /** e_p. */
        double at(int p) {
            return least[leaves + p];
        }

        /** The first position in [from, to] whose excess is below {@code limit}, or -1. */
        int nextBelow(int from, int to, double limit) {
            return nextBelow(1, 0, leaves - 1, from, to, limit);
        }

        private int nextBelow(int node, int lo, int hi, int from, int to, double limit) {
            if (hi < from || lo > to || !(least[node] < limit)) {
                return -1;
            }
            if (lo == hi) {
                return lo;
            }
            int mid = (lo + hi) >>> 1;
            int found = nextBelow(2 * node, lo, mid, from, to, limit);
            return found >= 0 ? found : nextBelow(2 * node + 1, mid + 1, hi, from, to, limit);
        }

        /**
         * L*(mu) = min_x (L(x) + mu x) for the LP bound L: L is convex and piecewise linear, its least budget
         * and its breakpoints the segments' ends in slope order, so the least is at the breakpoint where the
         * slope passes -mu; the neighbours are taken too, against rounding in the slopes.
         */
        private static double leastOfTangent(DeployableSolver.Bound bound, double mu) {
            int last = bound.stepSize.length - 1;
            int lo = 0;
            int hi = last; // the segments before lo fall steeper than -mu, those from hi on not
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                double slope = (bound.stepCost[mid + 1] - bound.stepCost[mid])
                        / (bound.stepSize[mid + 1] - bound.stepSize[mid]);
                if (slope < -mu) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            double least = Double.POSITIVE_INFINITY;
            for (int i = Math.max(0, lo - 1); i <= Math.min(last, lo + 1); i++) {
                least = Math.min(least, bound.baseCost + bound.stepCost[i] + mu * (bound.baseSize + bound.stepSize[i]));
            }
            return least;
        }
    }

    /**
     * The LP bound of every group but one, LP_{-g}(x), read off the bound of all ({@link DeployableSolver.Bound})
     * without building one per group: its segments in slope order less g's. A hull's segments come in the
     * order of its vertices (their slopes rise along it, and ties keep that order), so the first i segments
     * of all hold g's first cnt_g(i), and with g's share taken out the size of the first i is
     * f(i) = stepSize[i] - (S_g(cnt_g(i)) - S_g(0)), rising in i. The largest i with f(i) within the budget
     * past the others' smallest settings ends in a segment of another group, taken fractionally.
     */
    private static final class AllBut {
        final DeployableSolver.Bound all;
        final DeployableSolver.Hull[] hulls;
        final int[][] at; // per group, the places of its segments in slope order, ascending

        AllBut(DeployableSolver.Hull[] hulls) {
            this.hulls = hulls;
            all = DeployableSolver.Bound.of(Arrays.asList(hulls));
            at = new int[hulls.length][];
            int[] count = new int[hulls.length];
            for (int g = 0; g < hulls.length; g++) {
                at[g] = new int[hulls[g].vertex.length - 1];
            }
            for (int j = 0; j < all.segmentHull.length; j++) {
                int g = all.segmentHull[j];
                at[g][count[g]++] = j;
            }
        }

        /** LP_{-g}(x); +infinity where the other groups' smallest settings do not fit. */
        double at(int g, double x) {
            DeployableSolver.Hull own = hulls[g];
            double free = x - (all.baseSize - own.size[own.vertex[0]]);
            if (free < 0) {
                return Double.POSITIVE_INFINITY;
            }
            double base = all.baseCost - own.cost[own.vertex[0]];
            int lo = 0;
            int hi = all.stepSize.length - 1;
            if (sizeWithout(g, hi) <= free) {
                return base + costWithout(g, hi);
            }
            while (hi - lo > 1) { // sizeWithout(lo) <= free < sizeWithout(hi)
                int mid = (lo + hi) >>> 1;
                if (sizeWithout(g, mid) <= free) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            double fraction = (free - sizeWithout(g, lo)) / (all.stepSize[lo + 1] - all.stepSize[lo]);
            return base + costWithout(g, lo) + fraction * (all.stepCost[lo + 1] - all.stepCost[lo]);
        }

        /** f(i): the size of the first i segments less g's among them. */
        private double sizeWithout(int g, int i) {
            DeployableSolver.Hull own = hulls[g];
            return all.stepSize[i] - (own.size[own.vertex[owned(g, i)]] - own.size[own.vertex[0]]);
        }

        private double costWithout(int g, int i) {
            DeployableSolver.Hull own = hulls[g];
            return all.stepCost[i] - (own.cost[own.vertex[owned(g, i)]] - own.cost[own.vertex[0]]);
        }

        /** cnt_g(i): how many of the first i segments are g's. */
        private int owned(int g, int i) {
            int lo = 0;
            int hi = at[g].length; // at[g][..lo) < i <= at[g][hi..)
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (at[g][mid] < i) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }

    /**
     * One half's undominated partial allocations, by size ascending with cost falling, and the choices
     * that made each: {@code choice[d][x]} the setting of group {@code groups[d]} in the x-th allocation
     * after d+1 groups, {@code parent[d][x]} the allocation before it.
     */
    private record Front(int[] groups, double[] size, double[] cost, int[][] parent, int[][] choice) {

        /** The same partial allocations, of {@code equal} groups (each as the one in its place here). */
        Front of(int[] equal) {
            return new Front(equal, size, cost, parent, choice);
        }

        /** Writes the settings of allocation {@code x} into {@code position}. */
        void trace(int x, int[] position) {
            for (int d = groups.length - 1; d >= 0; d--) {
                position[groups[d]] = choice[d][x];
                x = parent[d][x];
            }
        }
    }

    /**
     * The partial allocations one group adds to a list of them, undominated, without keeping the
     * dominated ones: each allocation of the list with the group's settings in its window (ascending in
     * size, as the settings are) is one sorted stream, and a heap merges the streams by (size, cost,
     * allocation, setting), the one order that decides ties; a child is kept when it is cheaper than every
     * one before it and its bound is below the cut. A child's bound is tested when it comes off the heap,
     * only if it is cheaper than the last kept; a stream passes without looking at them the children no
     * cheaper than the last kept ({@link #skipDominated}) and the settings too far above the hull for their
     * stretch ({@link #skipAboveChord}): the merge would drop both, so the children kept are the same.
     */
    private static final class Merge {
        /** Relative room for rounding in the limits of {@link #skipAboveChord} (the bound is then tested exactly). */
        static final double ROUNDING = 1e-13;
        final double budget;
        final double cut;
        final DeployableSolver.Hull hull;
        final int[] pass;
        final DeployableSolver.Bound left;
        final Excess excess;
        final double[] floor;
        final double[] fromSize;
        final double[] fromCost;
        final int[] at;     // per stream (allocation of the list), its next position in pass
        final int[] end;
        int[] heap;         // streams with a next child, as a binary heap
        double[] heapSize;  // beside heap[i], its stream's next child's size and cost, so that sifting reads
        double[] heapCost;  // the heap's own arrays, not the streams' and the hull's
        double nextSize;    // the next child advance(k) found below the cut
        double nextCost;
        int streams;
        double[] size = new double[1024];
        double[] cost = new double[1024];
        int[] parent = new int[1024];
        int[] choice = new int[1024];
        int n;
        double lowest = Double.POSITIVE_INFINITY; // the cost of the last child kept, the least so far
        long tries;
        final long maxTries;
        boolean overflow;

        /** @param maxTries the most children the merge may take off its heap, else {@code overflow} */
        Merge(double budget, double cut, DeployableSolver.Hull hull, int[] pass, DeployableSolver.Bound left,
              Excess excess, double[] floor, double[] fromSize, double[] fromCost, long maxTries) {
            this.excess = excess;
            this.floor = floor;
            this.maxTries = maxTries;
            this.budget = budget;
            this.cut = cut;
            this.hull = hull;
            this.pass = pass;
            this.left = left;
            this.fromSize = fromSize;
            this.fromCost = fromCost;
            at = new int[fromSize.length];
            end = new int[fromSize.length];
            heap = new int[fromSize.length];
            heapSize = new double[fromSize.length];
            heapCost = new double[fromSize.length];
        }

        /** Opens the stream of allocation {@code k} over positions [from, to] of {@code pass}. */
        void open(int k, int from, int to) {
            at[k] = from;
            end[k] = to;
            if (advance(k)) {
                heap[streams] = k;
                heapSize[streams] = nextSize;
                heapCost[streams] = nextCost;
                up(streams++);
            }
        }

        /**
         * Moves stream k to its next child within the budget and, when the merge has kept any, cheaper than the
         * last kept; false when it has none left. Its bound is tested when it comes off the heap ({@link #run}).
         */
        private boolean advance(int k) {
            if (at[k] > end[k]) {
                return false;
            }
            if (!(fromCost[k] + hull.cost[pass[at[k]]] < lowest) && !skipDominated(k)) {
                return false;
            }
            int j = pass[at[k]];
            double u = fromSize[k] + hull.size[j];
            if (u > budget) {
                return false;
            }
            nextSize = u;
            nextCost = fromCost[k] + hull.cost[j];
            return true;
        }

        /**
         * Moves stream k past the children no cheaper than the cheapest kept so far, to its first cheaper one
         * (its children's costs fall along it, so by bisection); false when it has none. Every child it passes
         * comes, in the merge's order, after the one kept at that cost and is not cheaper: the merge would drop
         * it, and does the same without trying it.
         */
        private boolean skipDominated(int k) {
            int lo = at[k];
            int hi = end[k] + 1; // children before lo are no cheaper than lowest; from hi on, cheaper or none
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (fromCost[k] + hull.cost[pass[mid]] < lowest) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            at[k] = lo;
            return lo <= end[k];
        }

        /**
         * Moves stream k to its first setting, in the stretch of the hull it is in, whose excess is below that
         * stretch's limit ({@link Excess}): true when there is one; else past the stretch, false.
         */
        private boolean skipAboveChord(int k) {
            int p = at[k];
            int v = excess.stretchOf(p);
            if (v >= floor.length) {
                return true;
            }
            double room = budget - fromSize[k];
            double limit = cut - fromCost[k] + excess.mu[v] * room - floor[v];
            limit += ROUNDING * (Math.abs(cut) + Math.abs(fromCost[k]) + Math.abs(excess.mu[v] * room)
                    + Math.abs(floor[v]));
            int stretchEnd = Math.min(end[k], excess.vertex[v + 1] - 1);
            int q = excess.nextBelow(p, stretchEnd, limit);
            at[k] = q >= 0 ? q : stretchEnd + 1;
            return q >= 0;
        }

        /** Merges the streams, keeping at most {@code room} children (else {@code overflow}). */
        void run(long room) {
            while (streams > 0) {
                int k = heap[0];
                double u = heapSize[0];
                double c = heapCost[0];
                if (++tries > maxTries) {
                    overflow = true;
                    return;
                }
                if (c < lowest) {
                    int child = at[k];
                    if (skipAboveChord(k) && at[k] == child) {
                        if (c + left.at(budget - u) < cut) {
                            if (n >= room) {
                                overflow = true;
                                return;
                            }
                            add(u, c, k, pass[child]);
                            lowest = c;
                        }
                        at[k]++;
                    }
                }
                if (advance(k)) {
                    heapSize[0] = nextSize;
                    heapCost[0] = nextCost;
                    down(0);
                } else {
                    streams--;
                    heap[0] = heap[streams];
                    heapSize[0] = heapSize[streams];
                    heapCost[0] = heapCost[streams];
                    if (streams > 0) {
                        down(0);
                    }
                }
            }
        }

        private void add(double u, double c, int k, int j) {
            if (n == size.length) {
                int grown = n * 2;
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
         * Heap entry a's next child comes before entry b's: by size, then cost, then stream (so the merge takes
         * children in one order whatever the heap's shape).
         */
        private boolean before(double ua, double ca, int a, double ub, double cb, int b) {
            if (ua != ub) {
                return ua < ub;
            }
            if (ca != cb) {
                return ca < cb;
            }
            return a < b;
        }

        private void up(int i) {
            int x = heap[i];
            double u = heapSize[i];
            double c = heapCost[i];
            while (i > 0) {
                int p = (i - 1) >>> 1;
                if (!before(u, c, x, heapSize[p], heapCost[p], heap[p])) {
                    break;
                }
                heap[i] = heap[p];
                heapSize[i] = heapSize[p];
                heapCost[i] = heapCost[p];
                i = p;
            }
            heap[i] = x;
            heapSize[i] = u;
            heapCost[i] = c;
        }

        private void down(int i) {
            int x = heap[i];
            double u = heapSize[i];
            double c = heapCost[i];
            while (true) {
                int child = 2 * i + 1;
                if (child >= streams) {
                    break;
                }
                if (child + 1 < streams && before(heapSize[child + 1], heapCost[child + 1], heap[child + 1],
                        heapSize[child], heapCost[child], heap[child])) {
                    child++;
                }
                if (!before(heapSize[child], heapCost[child], heap[child], u, c, x)) {
                    break;
                }
                heap[i] = heap[child];
                heapSize[i] = heapSize[child];
                heapCost[i] = heapCost[child];
                i = child;
            }
            heap[i] = x;
            heapSize[i] = u;
            heapCost[i] = c;
        }
    }
}
