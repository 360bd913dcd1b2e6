package org.monkeyeval.alloc;

import org.monkeyeval.model.LsmCase;

/**
 * Evaluates one case: the uniform baseline and Monkey's optimized allocation at the same budget, the
 * optimum weighted by the lookups that reach each run (all 1 when every lookup is for an absent key).
 */
public final class CaseEvaluator {

    private final ThresholdSolver solver;

    public CaseEvaluator(ThresholdSolver solver) {
        this.solver = solver;
    }

    public ThresholdSolver solver() {
        return solver;
    }

    public CaseResult evaluate(LsmCase lsmCase) {
        long[] entries = lsmCase.entries();
        double totalEntries = lsmCase.totalEntries().doubleValue();
        double budgetBits = lsmCase.budgetBits();
        LookupWeights weights = LookupWeights.of(lsmCase);
        ThresholdSolver.Solution solution = solver.solve(entries, weights.reach(), budgetBits);
        Allocation uniform = Allocation.uniform(entries.length, budgetBits, totalEntries);
        Allocation optimized = Allocation.of(solution.bitsPerEntry());
        return new CaseResult(lsmCase, budgetBits, uniform, optimized, solution, weights);
    }
}
