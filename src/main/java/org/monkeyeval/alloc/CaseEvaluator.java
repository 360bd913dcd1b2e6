package org.monkeyeval.alloc;

import org.monkeyeval.model.LsmCase;

/** Evaluates one case: the uniform baseline and Monkey's optimized allocation at the same budget. */
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
        ThresholdSolver.Solution solution = solver.solve(entries, budgetBits);
        Allocation uniform = Allocation.uniform(entries.length, budgetBits, totalEntries);
        Allocation optimized = Allocation.of(solution.bitsPerEntry());
        return new CaseResult(lsmCase, budgetBits, uniform, optimized, solution);
    }
}
