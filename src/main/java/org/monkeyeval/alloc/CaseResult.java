package org.monkeyeval.alloc;

import org.monkeyeval.model.LsmCase;

/**
 * Uniform and optimized allocations of one case, side by side.
 *
 * @param lsmCase    the case
 * @param budgetBits M
 * @param uniform    b_i = M/N for every run
 * @param optimized  Monkey's allocation
 * @param solution   the threshold and the solver's record
 */
public record CaseResult(LsmCase lsmCase, double budgetBits, Allocation uniform, Allocation optimized,
                         ThresholdSolver.Solution solution) {

    /** w_i = n_i / N. */
    public double weight(int run) {
        return lsmCase.runs().get(run).entries() / lsmCase.totalEntries().doubleValue();
    }

    /** R_uniform / R_optimized: how many times fewer expected probes the optimized allocation needs. */
    public double improvement() {
        return uniform.expectedProbes() / optimized.expectedProbes();
    }
}
