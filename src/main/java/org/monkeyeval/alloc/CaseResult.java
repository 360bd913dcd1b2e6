package org.monkeyeval.alloc;

import org.monkeyeval.model.LsmCase;

/**
 * Uniform and optimized allocations of one case, side by side, with the lookup weights they are costed by.
 *
 * @param lsmCase    the case
 * @param budgetBits M
 * @param uniform    b_i = M/N for every run
 * @param optimized  Monkey's allocation, weighted by the lookups that reach each run
 * @param solution   the threshold and the solver's record
 * @param weights    a_i and v of the case's workload
 * @param uniformCost   expected run reads per lookup under the uniform allocation: sum a_i p_i + v
 * @param optimizedCost the same under the optimized allocation
 * @param deployable    the best allocation an engine can express within the budget, or null when no
 *                      engine granularity was asked for
 * @param current       the bits per entry each run has today (an imported database), with the rate
 *                      of the filters its files really hold when the case lists them (see
 *                      CurrentFilters), else on the ideal curve; null when the case does not say
 * @param robust        the allocation whose largest regret over the case's interval of zero-result shares
 *                      is least, or null when the case's share is known
 * @param robustDeployable the same among the allocations the engine can express, or null without an
 *                      uncertain share or without a deployable allocation
 */
public record CaseResult(LsmCase lsmCase, double budgetBits, Allocation uniform, Allocation optimized,
                         ThresholdSolver.Solution solution, LookupWeights weights, double uniformCost,
                         double optimizedCost, Deployable deployable, Allocation current, Robust robust,
                         RobustDeployable robustDeployable, ProgressivePolicy.Anchor progressive,
                         EngineAnchors anchors) {

    public CaseResult {
        anchors = anchors == null ? EngineAnchors.NONE : anchors;
    }

    /** Costs each allocation by the weights; no deployable allocation. */
    public CaseResult(LsmCase lsmCase, double budgetBits, Allocation uniform, Allocation optimized,
                      ThresholdSolver.Solution solution, LookupWeights weights) {
        this(lsmCase, budgetBits, uniform, optimized, solution, weights, null, null);
    }

    /** Costs each allocation by the weights; no robust allocation. */
    public CaseResult(LsmCase lsmCase, double budgetBits, Allocation uniform, Allocation optimized,
                      ThresholdSolver.Solution solution, LookupWeights weights, Deployable deployable,
                      Allocation current) {
        this(lsmCase, budgetBits, uniform, optimized, solution, weights, deployable, current, null, null);
    }

    /** Costs each allocation by the weights. */
    public CaseResult(LsmCase lsmCase, double budgetBits, Allocation uniform, Allocation optimized,
                      ThresholdSolver.Solution solution, LookupWeights weights, Deployable deployable,
                      Allocation current, Robust robust, RobustDeployable robustDeployable) {
        this(lsmCase, budgetBits, uniform, optimized, solution, weights, deployable, current, robust,
                robustDeployable, null);
    }

    /** Costs each allocation by the weights, with Pebble's progressive policy as an anchor (or null). */
    public CaseResult(LsmCase lsmCase, double budgetBits, Allocation uniform, Allocation optimized,
                      ThresholdSolver.Solution solution, LookupWeights weights, Deployable deployable,
                      Allocation current, Robust robust, RobustDeployable robustDeployable,
                      ProgressivePolicy.Anchor progressive) {
        this(lsmCase, budgetBits, uniform, optimized, solution, weights, deployable, current, robust,
                robustDeployable, progressive, EngineAnchors.NONE);
    }

    /** Costs each allocation by the weights, with the engines' own settings as anchors. */
    public CaseResult(LsmCase lsmCase, double budgetBits, Allocation uniform, Allocation optimized,
                      ThresholdSolver.Solution solution, LookupWeights weights, Deployable deployable,
                      Allocation current, Robust robust, RobustDeployable robustDeployable,
                      ProgressivePolicy.Anchor progressive, EngineAnchors anchors) {
        this(lsmCase, budgetBits, uniform, optimized, solution, weights, weights.cost(uniform),
                weights.cost(optimized), deployable, current, robust, robustDeployable, progressive, anchors);
    }

    /**
     * sum a_i p_i + v of an anchor's (or its optimum's) sum a_i p_i: the expected run reads per lookup, the
     * found share v added where it is known.
     */
    public double anchorCost(double weightedFpr) {
        return withFoundShare(weightedFpr);
    }

    /**
     * sum a_i p_i + v of Pebble's progressive policy on Pebble's Get path, at its own memory (NaN without
     * an anchor: Pebble's levels cannot hold the case's).
     */
    public double progressiveCost() {
        return progressive == null ? Double.NaN : withFoundShare(progressive.weightedFpr());
    }

    /** sum a_i p_i + v of the best Pebble allocation at the progressive policy's memory (NaN without one). */
    public double progressiveOptimumCost() {
        return progressive == null ? Double.NaN : withFoundShare(progressive.optimumWeightedFpr());
    }

    /** The largest regret of the uniform allocation over the interval of shares (NaN without a robust allocation). */
    public double uniformWorstRegret() {
        return robust == null ? Double.NaN : robust.ends().worstRegret(uniform);
    }

    /** The largest regret of the nominal optimum over the interval (NaN without a robust allocation). */
    public double optimizedWorstRegret() {
        return robust == null ? Double.NaN : robust.ends().worstRegret(optimized);
    }

    /**
     * The largest regret of the deployable allocation (the engine's optimum at the nominal share) over
     * the interval, against the engine's optima at its ends (NaN without a robust deployable allocation).
     */
    public double deployableWorstRegret() {
        return robustDeployable == null ? Double.NaN : robustDeployable.ends().worstRegret(deployable.fpr());
    }

    /**
     * sum a_i p_i + v of the current allocation (NaN without one): the predicted current R, on the
     * engine's own filters when the case lists the runs' files.
     */
    public double currentCost() {
        return current == null ? Double.NaN : weights.cost(current);
    }

    /** sum a_i p_i + v of the deployable allocation (NaN without one). */
    public double deployableCost() {
        return deployable == null ? Double.NaN : costOf(deployable);
    }

    /**
     * sum a_i p_i + v of another allocation the engine can express for this case (e.g. the best at each
     * bloom_before_level), costed as {@link #deployableCost()} is.
     */
    public double costOf(Deployable other) {
        return withFoundShare(other.weightedFpr());
    }

    /**
     * The ideal optimum on the engine's curve: the least sum a_i p_i + v any per-run choice of the
     * engine's settings could reach within the budget, mixing neighbouring settings (the convex-hull
     * bound; NaN without a deployable allocation).
     */
    public double engineBoundCost() {
        return deployable == null ? Double.NaN : withFoundShare(deployable.engineBound());
    }

    /**
     * The deployable allocation's filter bits as a database whose runs list their files builds them, one filter
     * per file ({@link Deployable#filterBitsPerFile}); NaN without a deployable allocation or where no run lists
     * its files (then the runs' filters are what {@link Deployable#usedBits()} sums).
     */
    public double deployableBitsPerFile() {
        if (deployable == null || lsmCase.runs().stream().allMatch(run -> run.files().isEmpty())) {
            return Double.NaN;
        }
        return deployable.filterBitsPerFile(lsmCase);
    }

    /** deployable cost / engine optimized cost, at least 1: what the engine's granularity and whole settings cost. */
    public double deployableOverBound() {
        return deployableCost() / engineBoundCost();
    }

    private double withFoundShare(double weightedFpr) {
        return weights.foundShareKnown() ? weightedFpr + weights.foundShare() : weightedFpr;
    }

    /** w_i = n_i / N. */
    public double weight(int run) {
        return lsmCase.entries(run) / lsmCase.totalEntries().doubleValue();
    }

    /** R_uniform / R_optimized: how many times fewer expected probes the optimized allocation needs. */
    public double improvement() {
        return uniform.expectedProbes() / optimized.expectedProbes();
    }

    /** uniform cost / optimized cost. */
    public double costImprovement() {
        return uniformCost / optimizedCost;
    }
}
