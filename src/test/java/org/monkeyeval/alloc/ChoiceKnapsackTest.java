package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Guards the knapsack under the deployable allocation: on random groups of settings (convex and
 * non-convex curves, some groups equal, sizes on a lattice as real filters' are), the answer is the
 * least cost of every combination within the budget, the LP bound is no higher, and a search cut short
 * by its cap keeps an allocation within the budget whose certified lower bound the optimum respects.
 */
final class ChoiceKnapsackTest {

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void solve_randomGroups_withOrWithoutTheListsCheapest_matchesExhaustiveSearch(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        DeployableSolver.Hull[] hulls = randomHulls(random);
        double budget = randomBudget(random, hulls);
        double exhaustive = exhaustive(hulls, budget);

        for (boolean takeListsCheapest : new boolean[] {false, true}) {
            ChoiceKnapsack.Result r = ChoiceKnapsack.solve(hulls, budget, smallest(hulls.length), 1_000_000,
                    takeListsCheapest);
            String way = takeListsCheapest ? "the lists' cheapest taken: " : "";
            assertTrue(used(hulls, r.position()) <= budget, way + "over the budget");
            assertEquals(exhaustive, r.cost(), 1e-12 * exhaustive, way);
            assertTrue(r.exact(), way + "the search stopped short");
            assertTrue(r.lpBound() <= exhaustive * (1 + 1e-12), way + "LP bound " + r.lpBound() + " above " + exhaustive);
        }
    }

    /**
     * Twelve groups of 16 to 40 settings, too many to try every combination: taken as the incumbent, the cheapest
     * allocation of the lists of a round that found none below its cut leads to the same least cost, proven, as the
     * rounds without it; on some of these cases the search then keeps fewer partial allocations in all, so the lists'
     * cheapest does come into play (not on every one: a lower cut can deal the groups into other halves).
     */
    @Test
    void solve_takingTheListsCheapest_provesTheSameLeast() {
        int fewer = 0;
        for (int seed = 1; seed <= 40; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            DeployableSolver.Hull[] hulls = new DeployableSolver.Hull[12];
            for (int g = 0; g < hulls.length; g++) {
                hulls[g] = curve(random, 16 + random.nextInt(25), 64, 8, 0.8, 0.19);
            }
            double budget = randomBudget(random, hulls);

            ChoiceKnapsack.Result without = ChoiceKnapsack.solve(hulls, budget, smallest(hulls.length), 1_000_000);
            ChoiceKnapsack.Result with = ChoiceKnapsack.solve(hulls, budget, smallest(hulls.length), 1_000_000, true);

            assertTrue(without.exact() && with.exact(), "seed " + seed + ": unproven");
            assertTrue(used(hulls, with.position()) <= budget, "seed " + seed + ": over the budget");
            assertEquals(without.cost(), with.cost(), DeployableSolver.PRUNE_TOLERANCE * without.cost(),
                    "seed " + seed);
            if (with.states() < without.states()) {
                fewer++;
            }
        }
        assertTrue(fewer > 0, "the lists' cheapest never lowered the partial allocations kept");
    }

    /**
     * Rounds between the bound proved and a cut whose round passed the cap prove the least or raise the bound: on
     * twelve groups of 16 to 40 settings, at caps below the partial allocations a cap of a million takes, an answer
     * proven without them is the same answer with the same partial allocations; with them the bound is never below
     * the bound without, nor above the least a cap of a million proves, an answer they prove is that least, and some
     * answers are proven only by them.
     */
    @Test
    void solve_roundsBelowTheCutPassed_proveTheLeastOrRaiseTheBound() {
        int provenOnlyBelow = 0;
        for (int seed = 1; seed <= 60; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            DeployableSolver.Hull[] hulls = new DeployableSolver.Hull[12];
            for (int g = 0; g < hulls.length; g++) {
                hulls[g] = curve(random, 16 + random.nextInt(25), 64, 8, 0.8, 0.19);
            }
            double budget = randomBudget(random, hulls);
            ChoiceKnapsack.Result least = ChoiceKnapsack.solve(hulls, budget, smallest(hulls.length), 1_000_000);
            assertTrue(least.exact(), "seed " + seed + ": a cap of a million proves nothing");
            long cap = 2 + random.nextLong(Math.max(1, least.states())); // below what the least took, some of them
            ChoiceKnapsack.Result without = ChoiceKnapsack.solve(hulls, budget, smallest(hulls.length), cap, false, 0);
            ChoiceKnapsack.Result with = ChoiceKnapsack.solve(hulls, budget, smallest(hulls.length), cap, false);
            String at = "seed " + seed + ", cap " + cap + ": ";
            assertTrue(used(hulls, with.position()) <= budget, at + "over the budget");
            if (without.exact()) {
                assertArrayEquals(without.position(), with.position(), at + "answer");
                assertEquals(without.states(), with.states(), at + "partial allocations");
                continue;
            }
            double tolerance = DeployableSolver.PRUNE_TOLERANCE * least.cost();
            assertTrue(with.lowerBound() >= without.lowerBound(), at + "bound " + with.lowerBound() + " below "
                    + without.lowerBound());
            assertTrue(with.lowerBound() <= least.cost() + tolerance, at + "bound " + with.lowerBound()
                    + " above the least " + least.cost());
            if (with.exact()) {
                assertEquals(least.cost(), with.cost(), tolerance, at + "least");
                provenOnlyBelow++;
            }
        }
        assertTrue(provenOnlyBelow > 0, "no answer proven by the rounds below the cut passed alone");
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void solve_capOfOneState_keepsTheIncumbentWithABoundTheOptimumRespects(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        DeployableSolver.Hull[] hulls = randomHulls(random);
        double budget = randomBudget(random, hulls);

        ChoiceKnapsack.Result r = ChoiceKnapsack.solve(hulls, budget, smallest(hulls.length), 1);
        double exhaustive = exhaustive(hulls, budget);

        assertTrue(used(hulls, r.position()) <= budget, "over the budget");
        assertTrue(r.lowerBound() <= exhaustive * (1 + 1e-12), "bound " + r.lowerBound() + " above " + exhaustive);
        assertTrue(r.cost() >= exhaustive * (1 - 1e-12));
        assertTrue(r.lpBound() <= r.lowerBound());
        if (r.cost() > exhaustive * (1 + 1e-9)) {
            assertFalse(r.exact(), "a non-optimal answer claimed exact");
        }
    }

    /**
     * Four equal groups whose settings after the first lie on one chord (cost falling linearly with size,
     * as Ribbon's block mixes do), the size steps uneven on a 64-bit lattice so that sums rarely
     * coincide, then a shallower stretch: every sum along the chord is undominated. The answer is the
     * least of every combination and proven so.
     */
    @ParameterizedTest(name = "seed={0}")
    @ValueSource(ints = {1, 2, 3, 4})
    void solve_equalGroupsWithSettingsOnOneChord_matchesExhaustiveSearch(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = 40;
        double[] cost = new double[n];
        double[] size = new double[n];
        cost[0] = 1.0;
        size[0] = 0.0;
        double slope = 1e-5;
        for (int j = 1; j < n; j++) {
            size[j] = j == 1 ? 20_000 : size[j - 1] + 64 * (20 + random.nextInt(5));
            cost[j] = j < 30 ? 0.6 - slope * (size[j] - 20_000) : cost[j - 1] - slope / 4 * (size[j] - size[j - 1]);
        }
        DeployableSolver.Hull hull = DeployableSolver.Hull.of(cost, size);
        DeployableSolver.Hull[] hulls = {hull, hull, hull, hull};
        double budget = 4 * 20_000 + 64 * 22 * (40 + random.nextInt(30)) + random.nextInt(64);

        assertProvenLeast(hulls, budget);
    }

    /**
     * One coarse group (few settings, size steps far larger than the others': the largest level's) among
     * fine ones with many settings: fixing by probing drops the coarse group's settings that no allocation
     * below a cut can take. The answer is the least of every combination and proven so.
     */
    @ParameterizedTest(name = "seed={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6})
    void solve_coarseGroupAmongFineOnes_matchesExhaustiveSearch(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        DeployableSolver.Hull[] hulls = new DeployableSolver.Hull[4];
        hulls[0] = curve(random, 6, 40_000);
        for (int g = 1; g < hulls.length; g++) {
            hulls[g] = curve(random, 30, 512);
        }
        double budget = randomBudget(random, hulls);

        assertProvenLeast(hulls, budget);
    }

    /**
     * Six equal groups (the equal runs of a uniform tree): both halves of the search are the same groups,
     * and the second's partial allocations are the first's, built once. The answer is the least of every
     * combination and proven so.
     */
    @ParameterizedTest(name = "seed={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6})
    void solve_equalGroupsInBothHalves_matchesExhaustiveSearch(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        DeployableSolver.Hull one = curve(random, 10, 512);
        DeployableSolver.Hull[] hulls = new DeployableSolver.Hull[6];
        for (int g = 0; g < hulls.length; g++) {
            hulls[g] = DeployableSolver.Hull.of(one.cost.clone(), one.size.clone());
        }
        double budget = randomBudget(random, hulls);

        assertProvenLeast(hulls, budget);
    }

    /**
     * The pair exchanges that improve the incumbent: on two groups, from the smallest settings, one sweep
     * over the one pair finds the least of every combination; on more, the allocation stays within the
     * budget and is no dearer than the start.
     */
    @ParameterizedTest(name = "seed={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void exchangePairs_staysWithinTheBudgetAndOnTwoGroupsFindsTheOptimum(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        DeployableSolver.Hull[] hulls = randomHulls(random);
        double budget = randomBudget(random, hulls);
        DeployableSolver.Hull[] two = {hulls[0], hulls[1]};
        double budgetOfTwo = Math.floor(randomBudget(random, two));

        int[] better = ChoiceKnapsack.exchangePairs(hulls, lagrangian(hulls, budget), budget,
                smallest(hulls.length), lowerOf(hulls, budget), 0.0);
        int[] pair = ChoiceKnapsack.exchangePairs(two, lagrangian(two, budgetOfTwo), budgetOfTwo, smallest(2),
                lowerOf(two, budgetOfTwo), 0.0);

        assertTrue(used(hulls, better) <= budget, "over the budget");
        assertTrue(ChoiceKnapsack.costOf(hulls, better) <= ChoiceKnapsack.costOf(hulls, smallest(hulls.length)));
        assertTrue(used(two, pair) <= budgetOfTwo, "over the budget");
        assertEquals(exhaustive(two, budgetOfTwo), ChoiceKnapsack.costOf(two, pair), 0.0);
    }

    /**
     * The cheapest pair of two groups' settings that fits and costs less than now is the one trying every pair finds:
     * least cost, the first a in size order at a tie, with b's cheapest that fits beside it. Costs on a coarse grid, so
     * that sums tie; budgets from none fitting to all; now from below every pair to above them all.
     */
    @Test
    void cheapestPair_startedWhereAIsCheapEnough_isWhatTryingEveryPairFinds() {
        SplittableRandom random = new SplittableRandom(47);
        for (int trial = 0; trial < 2_000; trial++) {
            double[][] a = staircase(random, random.nextInt(40));
            double[][] b = staircase(random, random.nextInt(40));
            double free = random.nextInt(120);
            double now = random.nextInt(60) / 2.0;
            long expected = -1;
            double least = now;
            for (int j = 0; j < a[0].length; j++) {
                for (int y = b[0].length - 1; y >= 0; y--) {
                    if (a[0][j] + b[0][y] <= free) { // b's largest that fits: its cheapest
                        if (a[1][j] + b[1][y] < least) {
                            least = a[1][j] + b[1][y];
                            expected = (long) j << 32 | y;
                        }
                        break;
                    }
                }
            }
            assertEquals(expected, ChoiceKnapsack.cheapestPair(a[0], a[1], b[0], b[1], free, now), "trial " + trial);
        }
    }

    /** Sizes rising strictly and costs falling strictly, on a grid of halves: {sizes, costs}. */
    private static double[][] staircase(SplittableRandom random, int n) {
        double[] size = new double[n];
        double[] cost = new double[n];
        double s = random.nextInt(5);
        double c = n + random.nextInt(10);
        for (int j = 0; j < n; j++) {
            size[j] = s;
            cost[j] = c / 2.0;
            s += 1 + random.nextInt(4);
            c -= 1 + random.nextInt(2);
        }
        return new double[][] {size, cost};
    }

    /**
     * The settings below a gap, found through the blocks' least reduced costs, are those a scan of every setting
     * finds, in the same order: at lengths on and off a block's, with NaNs, zeros and infinities among them, and
     * gaps from below every cost to above them all.
     */
    @Test
    void reducedBelow_blocksPassedOver_findsWhatTheScanOfEverySettingFinds() {
        SplittableRandom random = new SplittableRandom(31);
        for (int trial = 0; trial < 1_000; trial++) {
            int n = random.nextInt(5 * ChoiceKnapsack.Reduced.BLOCK);
            double[] r = new double[n];
            int centre = n == 0 ? 0 : random.nextInt(n);
            for (int j = 0; j < n; j++) {
                int kind = random.nextInt(40);
                r[j] = kind == 0 ? Double.NaN : kind == 1 ? Double.POSITIVE_INFINITY : kind == 2 ? 0.0
                        : Math.abs(j - centre) * random.nextDouble(); // lowest around one setting, as about the LP's
            }
            ChoiceKnapsack.Reduced reduced = new ChoiceKnapsack.Reduced(r);
            for (double gap : new double[] {-1.0, 0.0, 1e-9, 1.0, 5.0, 20.0, 1e9, Double.POSITIVE_INFINITY}) {
                int[] scan = java.util.stream.IntStream.range(0, n).filter(j -> r[j] < gap).toArray();
                assertArrayEquals(scan, reduced.below(gap), "trial " + trial + " gap " + gap);
            }
        }
    }

    /** The reduced costs at the LP's critical slope (at slope 0 where every segment fits). */
    private static ChoiceKnapsack.Reduced[] lagrangian(DeployableSolver.Hull[] hulls, double budget) {
        double lambda = ChoiceKnapsack.criticalSlope(DeployableSolver.Bound.of(java.util.List.of(hulls)), budget);
        ChoiceKnapsack.Reduced[] reduced = new ChoiceKnapsack.Reduced[hulls.length];
        for (int g = 0; g < hulls.length; g++) {
            reduced[g] = ChoiceKnapsack.reducedCosts(hulls[g], Double.isNaN(lambda) ? 0.0 : lambda);
        }
        return reduced;
    }

    /** The LP bound, less a little below it: every setting of the optimum has reduced cost below the gap to it. */
    private static double lowerOf(DeployableSolver.Hull[] hulls, double budget) {
        double lp = DeployableSolver.Bound.of(java.util.List.of(hulls)).at(budget);
        return lp - 1e-9 * Math.abs(lp) - 1e-300;
    }

    /** n settings, falling cost (convex or not) against size rising by multiples of {@code step} bits. */
    private static DeployableSolver.Hull curve(SplittableRandom random, int n, int step) {
        return curve(random, n, step, 4, 0.5, 0.45);
    }

    /**
     * n settings from cost 1 to 2 at size 0, each next one's cost a factor in [least, least + spread) of the last's and
     * its size 1 to {@code maxSteps} steps of {@code step} bits larger.
     */
    private static DeployableSolver.Hull curve(SplittableRandom random, int n, int step, int maxSteps, double least,
                                               double spread) {
        double[] cost = new double[n];
        double[] size = new double[n];
        double c = 1 + random.nextDouble();
        double m = 0;
        for (int j = 0; j < n; j++) {
            cost[j] = c;
            size[j] = m;
            c *= least + spread * random.nextDouble();
            m += step * (1 + random.nextInt(maxSteps));
        }
        return DeployableSolver.Hull.of(cost, size);
    }

    /** 2 to 6 groups of 2 to 9 settings, falling cost against rising lattice size; about one in three a copy of the last. */
    private static DeployableSolver.Hull[] randomHulls(SplittableRandom random) {
        int groups = 2 + random.nextInt(5);
        DeployableSolver.Hull[] hulls = new DeployableSolver.Hull[groups];
        for (int g = 0; g < groups; g++) {
            if (g > 0 && random.nextInt(3) == 0) {
                hulls[g] = hulls[g - 1];
                continue;
            }
            hulls[g] = curve(random, 2 + random.nextInt(8), 512, 20, 0.3, 0.6);
        }
        return hulls;
    }

    private static double randomBudget(SplittableRandom random, DeployableSolver.Hull[] hulls) {
        double most = 0;
        for (DeployableSolver.Hull h : hulls) {
            most += h.size[h.size.length - 1];
        }
        return Math.floor(most * random.nextDouble());
    }

    private static int[] smallest(int groups) {
        return new int[groups];
    }

    private static double used(DeployableSolver.Hull[] hulls, int[] position) {
        double u = 0;
        for (int g = 0; g < hulls.length; g++) {
            u += hulls[g].size[position[g]];
        }
        return u;
    }

    /** Every combination of positions. */
    private static double exhaustive(DeployableSolver.Hull[] hulls, double budget) {
        int[] p = new int[hulls.length];
        double best = Double.POSITIVE_INFINITY;
        while (true) {
            if (used(hulls, p) <= budget) {
                best = Math.min(best, ChoiceKnapsack.costOf(hulls, p));
            }
            int g = 0;
            while (g < hulls.length && ++p[g] == hulls[g].cost.length) {
                p[g++] = 0;
            }
            if (g == hulls.length) {
                return best;
            }
        }
    }

    /** The search's answer fits the budget, costs the least of every combination, and is proven so. */
    private static void assertProvenLeast(DeployableSolver.Hull[] hulls, double budget) {
        ChoiceKnapsack.Result r = ChoiceKnapsack.solve(hulls, budget, smallest(hulls.length), 1_000_000);
        double exhaustive = exhaustive(hulls, budget);
        assertTrue(used(hulls, r.position()) <= budget, "over the budget");
        assertEquals(exhaustive, r.cost(), 1e-12 * exhaustive);
        assertTrue(r.exact(), "the search stopped short");
    }
}
