package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * The weighted solves of the robust allocation ({@link RobustDeployableSolver}: its two ends and each step of its
 * duality): over groups whose undominated settings, by ascending size, cost cL and cH, the allocation of least
 * theta cL + (1 - theta) cH within a budget, by {@link ChoiceKnapsack}, exact unless it stops at its cap, with its
 * certified lower bound.
 *
 * <p>The knapsack reads each group's whole hull for its LP bound (the hull's vertices), the reduced costs' least, the
 * rounding margin (the first setting's cost, the last's size) and the first incumbent (the largest setting that
 * fits, {@link DeployableSolver#fill}); past that, only settings whose reduced cost is below the first incumbent's
 * gap to the LP bound ({@link ChoiceKnapsack#search}). So the groups' weighted hulls are scanned
 * ({@link DeployableSolver.Hull.Weighted}: which settings the hull drops, and its vertices) without being listed, and
 * only those near settings are listed: at 200 random runs, 8 to 25% of 3.9 million undominated settings, where the
 * whole hulls took 78 MB a solve besides their reduced costs. Where two groups' hulls have the same vertices (equal
 * runs), the search compares their whole lists, and the whole hulls are built ({@link #whole}).
 */
final class WeightedKnapsack {

    /**
     * One weighted solve's answer.
     *
     * @param position  each group's setting, a position among its undominated settings
     * @param lowerCost the certified lower bound on the least weighted cost (the answer's own where exact)
     * @param vertices  each group's hull's vertices at theta ({@link DeployableSolver.Hull#vertices})
     */
    record Answer(int[] position, double lowerCost, DeployableSolver.Hull[] vertices) {
    }

    private WeightedKnapsack() {
    }

    /**
     * The weighted solve over the settings near the LP bound, or over the whole hulls where two groups' hulls have
     * the same vertices or some group's sizes are out of order: the same answer either way.
     *
     * @param low      per group, cL of each undominated setting by ascending size
     * @param high     per group, cH of the same
     * @param size     per group, their sizes, ascending
     * @param identity per group, 0 .. n-1 over its n settings
     * @param order    the groups, largest first (the order of the first incumbent's fill)
     */
    static Answer solve(double[][] low, double[][] high, double[][] size, int[][] identity, Integer[] order,
                        double theta, double budget, long maxStates) {
        int groups = low.length;
        DeployableSolver.Hull.Weighted[] scans = new DeployableSolver.Hull.Weighted[groups];
        IntStream.range(0, groups).parallel().forEach(k -> // each its own slot
                scans[k] = DeployableSolver.Hull.Weighted.scan(low[k], high[k], theta, size[k]));
        if (Arrays.stream(scans).anyMatch(Objects::isNull)) {
            return whole(scans, low, high, size, identity, order, theta, budget, maxStates);
        }
        DeployableSolver.Hull[] vertices = Arrays.stream(scans).map(DeployableSolver.Hull.Weighted::vertices)
                .toArray(DeployableSolver.Hull[]::new);
        if (!distinct(vertices)) {
            return whole(scans, low, high, size, identity, order, theta, budget, maxStates);
        }
        int[] start = DeployableSolver.Bound.of(inOrder(vertices, order)).wholeSteps(budget, vertices, order);
        DeployableSolver.fill(scans, order, start, budget);
        DeployableSolver.Bound all = DeployableSolver.Bound.of(Arrays.asList(vertices));
        double lp = all.at(budget);
        double upper = 0.0; // ChoiceKnapsack.costOf's sum
        for (int k = 0; k < groups; k++) {
            upper += scans[k].cost(start[k]);
        }
        double lambda = ChoiceKnapsack.criticalSlope(all, budget);
        ChoiceKnapsack.Result settled = ChoiceKnapsack.settled(start, upper, lp, lambda);
        if (settled != null) {
            return new Answer(start, settled.lowerBound(), vertices);
        }
        double[] firstCost = new double[groups];
        double[] lastSize = new double[groups];
        for (int k = 0; k < groups; k++) {
            firstCost[k] = scans[k].firstCost();
            lastSize[k] = scans[k].lastSize();
        }
        double margin = ChoiceKnapsack.margin(upper, lambda, budget, firstCost, lastSize);
        // every gap the search reads is at most upper - lp + margin, the later incumbents' costs below upper (each a
        // rounded sum of one non-negative term per group, within as many ulps of its value as there are groups: far
        // inside a second margin, 10^-12 of upper at least)
        double wide = upper - lp + 2 * margin;
        DeployableSolver.Hull[] near = new DeployableSolver.Hull[groups];
        ChoiceKnapsack.Reduced[] reduced = new ChoiceKnapsack.Reduced[groups];
        int[] first = new int[groups];
        IntStream.range(0, groups).parallel().forEach(k -> { // each its own slots
            DeployableSolver.Hull.Weighted.Near n = scans[k].near(lambda, wide, start[k]);
            near[k] = n.hull();
            reduced[k] = new ChoiceKnapsack.Reduced(n.reduced());
            first[k] = Arrays.binarySearch(near[k].index, start[k]);
        });
        ChoiceKnapsack.Result r = ChoiceKnapsack.search(near, reduced, budget, first, lp, margin, true, true,
                maxStates, ChoiceKnapsack.ROUNDS_BELOW_PASSED_CUT);
        int[] position = new int[groups];
        for (int k = 0; k < groups; k++) {
            position[k] = near[k].index[r.position()[k]];
        }
        return new Answer(position, r.lowerBound(), vertices);
    }

    /** The weighted solve over every group's whole hull ({@link DeployableSolver.Hull#ofWeighted}). */
    static Answer whole(double[][] low, double[][] high, double[][] size, int[][] identity, Integer[] order,
                        double theta, double budget, long maxStates) {
        DeployableSolver.Hull.Weighted[] scans = new DeployableSolver.Hull.Weighted[low.length];
        IntStream.range(0, low.length).parallel().forEach(k -> // each its own slot
                scans[k] = DeployableSolver.Hull.Weighted.scan(low[k], high[k], theta, size[k]));
        return whole(scans, low, high, size, identity, order, theta, budget, maxStates);
    }

    /** {@link #whole(double[][], double[][], double[][], int[][], Integer[], double, double, long)} from its scans. */
    private static Answer whole(DeployableSolver.Hull.Weighted[] scans, double[][] low, double[][] high,
                                double[][] size, int[][] identity, Integer[] order, double theta, double budget,
                                long maxStates) {
        int groups = low.length;
        DeployableSolver.Hull[] hulls = new DeployableSolver.Hull[groups];
        IntStream.range(0, groups).parallel().forEach(k -> // each its own slot
                hulls[k] = DeployableSolver.Hull.ofWeighted(scans[k], low[k], high[k], theta, size[k], identity[k]));
        int[] start = DeployableSolver.Bound.of(inOrder(hulls, order)).wholeSteps(budget, hulls, order);
        int[] onHull = new int[groups];
        for (int k = 0; k < groups; k++) {
            onHull[k] = DeployableSolver.positionOf(hulls[k], start[k]);
        }
        DeployableSolver.fill(hulls, order, onHull, budget);
        ChoiceKnapsack.Result r = ChoiceKnapsack.solve(hulls, budget, onHull, maxStates, true);
        int[] position = new int[groups];
        for (int k = 0; k < groups; k++) {
            position[k] = hulls[k].index[r.position()[k]];
        }
        return new Answer(position, r.lowerBound(), Arrays.stream(hulls).map(DeployableSolver.Hull::vertices)
                .toArray(DeployableSolver.Hull[]::new));
    }

    private static List<DeployableSolver.Hull> inOrder(DeployableSolver.Hull[] hulls, Integer[] order) {
        List<DeployableSolver.Hull> inOrder = new ArrayList<>(hulls.length);
        for (Integer k : order) {
            inOrder.add(hulls[k]);
        }
        return inOrder;
    }

    /**
     * Whether no two groups' hulls have the same vertices: then no two have the same undominated settings and
     * costs (which would give the same vertices), and the search need not compare them.
     */
    static boolean distinct(DeployableSolver.Hull[] vertices) {
        for (int a = 0; a < vertices.length; a++) {
            for (int b = a + 1; b < vertices.length; b++) {
                if (Arrays.equals(vertices[a].cost, vertices[b].cost)
                        && Arrays.equals(vertices[a].size, vertices[b].size)) {
                    return false;
                }
            }
        }
        return true;
    }
}
