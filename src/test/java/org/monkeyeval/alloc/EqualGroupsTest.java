package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The search over counts where every group has the same settings ({@link EqualGroups}), reached through
 * {@link ChoiceKnapsack#solve}: held to a dynamic programme over whole sizes that is exact by construction
 * (the least cost of k groups at every total size), on settings made to tie: sizes on a coarse lattice,
 * costs along one chord, the budget a few lattice steps from a sum.
 */
class EqualGroupsTest {

    /** Every group the same: the search takes over; one group different: it does not. */
    @Test
    void applies_onlyWhereEveryGroupHasTheSameSettings() {
        SplittableRandom random = new SplittableRandom(5);
        DeployableSolver.Hull one = curve(random, 12, false);
        DeployableSolver.Hull copy = DeployableSolver.Hull.of(one.cost.clone(), one.size.clone());
        assertTrue(EqualGroups.applies(new DeployableSolver.Hull[] {one, copy, one}));
        DeployableSolver.Hull other = curve(random, 12, false);
        assertFalse(EqualGroups.applies(new DeployableSolver.Hull[] {one, copy, other}));
        assertFalse(EqualGroups.applies(new DeployableSolver.Hull[] {one}));
    }

    /**
     * Two to twelve equal groups of ten to forty settings, some along one chord: the answer fits the budget,
     * costs the least any allocation does (the dynamic programme), is proven so, lists the groups' settings
     * largest first, and the LP bound is no higher.
     */
    @ParameterizedTest(name = "seed={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void solve_equalGroups_costsTheLeastOfEveryAllocation(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int groups = 2 + random.nextInt(11);
        DeployableSolver.Hull one = curve(random, 10 + random.nextInt(31), seed % 2 == 0);
        DeployableSolver.Hull[] hulls = new DeployableSolver.Hull[groups];
        Arrays.fill(hulls, one);
        double budget = budgetNearASum(random, one, groups);

        ChoiceKnapsack.Result r = ChoiceKnapsack.solve(hulls, budget, new int[groups], 1_000_000);
        double least = leastByProgramme(one, groups, budget);

        assertTrue(sizeOf(hulls, r.position()) <= budget, "over the budget");
        assertEquals(least, r.cost(), 1e-12 * least, "least " + least + ", found " + r.cost());
        assertTrue(r.exact(), "not proven: lower bound " + r.lowerBound());
        assertTrue(r.lpBound() <= least * (1 + 1e-12), "LP bound " + r.lpBound() + " above " + least);
        for (int g = 1; g < groups; g++) {
            assertTrue(r.position()[g] <= r.position()[g - 1], "not largest first: " + Arrays.toString(r.position()));
        }
    }

    /**
     * Capped at its first node, the search keeps an allocation within the budget, and its certified lower
     * bound is no higher than the least cost, which is no higher than the allocation's.
     */
    @ParameterizedTest(name = "seed={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void solve_capOfOneNode_keepsAnAllocationWithABoundTheLeastRespects(int seed) {
        SplittableRandom random = new SplittableRandom(100 + seed);
        int groups = 6 + random.nextInt(7);
        DeployableSolver.Hull one = curve(random, 30, true);
        DeployableSolver.Hull[] hulls = new DeployableSolver.Hull[groups];
        Arrays.fill(hulls, one);
        double budget = budgetNearASum(random, one, groups);

        ChoiceKnapsack.Result r = ChoiceKnapsack.solve(hulls, budget, new int[groups], 1);
        double least = leastByProgramme(one, groups, budget);

        assertTrue(sizeOf(hulls, r.position()) <= budget, "over the budget");
        assertTrue(r.lowerBound() <= least * (1 + 1e-12), "bound " + r.lowerBound() + " above the least " + least);
        assertTrue(r.cost() >= least * (1 - 1e-12), "cost " + r.cost() + " below the least " + least);
        assertTrue(r.lowerBound() <= r.cost());
    }

    /**
     * Settings of falling cost at sizes on a 64-bit lattice (whole numbers, so the programme is exact); with
     * {@code chord}, the middle third on one straight line (every mix of them undominated), else each a
     * little above the convex curve.
     */
    private static DeployableSolver.Hull curve(SplittableRandom random, int n, boolean chord) {
        double[] cost = new double[n];
        double[] size = new double[n];
        double s = 64 * (1 + random.nextInt(8));
        for (int j = 0; j < n; j++) {
            size[j] = s;
            s += 64 * (1 + random.nextInt(6));
        }
        int from = n / 3;
        int to = 2 * n / 3;
        for (int j = 0; j < n; j++) {
            double convex = Math.exp(-size[j] / (64.0 * n));
            boolean onChord = chord && j > from && j < to;
            cost[j] = onChord
                    ? cost[from] + (size[j] - size[from]) * (Math.exp(-size[to] / (64.0 * n)) - cost[from])
                    / (size[to] - size[from])
                    : convex * (1 + 0.02 * random.nextDouble());
        }
        return DeployableSolver.Hull.of(cost, size);
    }

    /** A budget between the groups' least and most, a few lattice steps below a sum of sizes. */
    private static double budgetNearASum(SplittableRandom random, DeployableSolver.Hull one, int groups) {
        double sum = 0;
        for (int g = 0; g < groups; g++) {
            sum += one.size[random.nextInt(one.size.length)];
        }
        return Math.max(groups * one.size[0], sum - 64 * random.nextInt(3) + random.nextInt(64));
    }

    /** The least cost of k groups at total size exactly s, for every k and s: the least within the budget. */
    private static double leastByProgramme(DeployableSolver.Hull one, int groups, double budget) {
        int most = (int) budget;
        double[] least = new double[most + 1];
        Arrays.fill(least, Double.POSITIVE_INFINITY);
        least[0] = 0.0;
        for (int k = 0; k < groups; k++) {
            double[] next = new double[most + 1];
            Arrays.fill(next, Double.POSITIVE_INFINITY);
            for (int s = 0; s <= most; s++) {
                if (least[s] == Double.POSITIVE_INFINITY) {
                    continue;
                }
                for (int j = 0; j < one.size.length; j++) {
                    int t = s + (int) one.size[j];
                    if (t <= most) {
                        next[t] = Math.min(next[t], least[s] + one.cost[j]);
                    }
                }
            }
            least = next;
        }
        return Arrays.stream(least).min().orElseThrow();
    }

    private static double sizeOf(DeployableSolver.Hull[] hulls, int[] position) {
        double s = 0;
        for (int g = 0; g < hulls.length; g++) {
            s += hulls[g].size[position[g]];
        }
        return s;
    }
}
