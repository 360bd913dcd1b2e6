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
 */
public record CaseResult(LsmCase lsmCase, double budgetBits, Allocation uniform, Allocation optimized,
                         ThresholdSolver.Solution solution, LookupWeights weights) {

    /** w_i = n_i / N. */
    public double weight(int run) {
        return lsmCase.entries(run) / lsmCase.totalEntries().doubleValue();
    }

    /** R_uniform / R_optimized: how many times fewer expected probes the optimized allocation needs. */
    public double improvement() {
        return uniform.expectedProbes() / optimized.expectedProbes();
    }

    /** Expected run reads per lookup under the uniform allocation: sum a_i p_i + v. */
    public double uniformCost() {
        return weights.cost(uniform.fpr());
    }

    /** Expected run reads per lookup under the optimized allocation: sum a_i p_i + v. */
    public double optimizedCost() {
        return weights.cost(optimized.fpr());
    }

    /** uniform cost / optimized cost. */
    public double costImprovement() {
        return uniformCost() / optimizedCost();
    }
}
