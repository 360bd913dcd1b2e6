package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.Workload;

/**
 * The sweep covers 0..24 bits per entry in steps of 0.25 plus the case's own budget exactly once, in
 * order; at the case's budget it equals the case's evaluation; optimized is never worse than uniform.
 */
final class MemorySweepTest {

    private static final MemorySweep SWEEP = new MemorySweep(new ThresholdSolver());

    private static LsmCase seed(Budget budget, long... entries) {
        List<Run> runs = java.util.Arrays.stream(entries).mapToObj(n -> new Run(null, n)).toList();
        return new LsmCase("c", "", runs, budget);
    }

    @Test
    void sweep_budgetOnGrid_ninetySevenPointsWithOneCaseBudget() {
        List<MemorySweep.Point> points = SWEEP.sweep(seed(new Budget.BitsPerEntry(10), 10_000, 100_000, 1_000_000));
        assertEquals(MemorySweep.GRID_POINTS, points.size());
        assertEquals(97, points.size());
        assertEquals(1, points.stream().filter(MemorySweep.Point::caseBudget).count());
        assertEquals(10.0, points.stream().filter(MemorySweep.Point::caseBudget).findFirst().orElseThrow()
                .bitsPerEntry());
        for (int i = 0; i < points.size(); i++) {
            assertEquals(i * 0.25, points.get(i).bitsPerEntry());
        }
    }

    @Test
    void sweep_budgetOffGrid_insertedOnceInAscendingOrder() {
        LsmCase c = seed(new Budget.TotalBits(4_000_000), 5_000, 50_000, 500_000);
        List<MemorySweep.Point> points = SWEEP.sweep(c);
        assertEquals(98, points.size());
        for (int i = 1; i < points.size(); i++) {
            assertTrue(points.get(i).bitsPerEntry() > points.get(i - 1).bitsPerEntry(), "ascending at " + i);
        }
        MemorySweep.Point own = points.stream().filter(MemorySweep.Point::caseBudget).findFirst().orElseThrow();
        assertEquals(4_000_000.0, own.budgetBits());
    }

    @Test
    void sweep_caseBudgetPoint_equalsCaseEvaluation() {
        LsmCase c = seed(new Budget.BitsPerEntry(0.5), 10_000, 100_000, 1_000_000);
        CaseResult result = new CaseEvaluator(new ThresholdSolver()).evaluate(c);
        MemorySweep.Point own = SWEEP.sweep(c).stream().filter(MemorySweep.Point::caseBudget).findFirst()
                .orElseThrow();
        assertEquals(result.uniform().expectedProbes(), own.uniform().expectedProbes());
        assertEquals(result.optimized().expectedProbes(), own.optimized().expectedProbes());
        assertEquals(2, own.filteredRuns());
    }

    @Test
    void sweep_weightedCaseBudgetPoint_equalsWeightedEvaluationAndItsCost() {
        List<Run> runs = java.util.Arrays.stream(new long[] {10_000, 100_000, 1_000_000})
                .mapToObj(n -> new Run(null, n)).toList();
        LsmCase c = new LsmCase("z0", "", runs, new Budget.BitsPerEntry(10), null, new Workload.ZeroResultShare(0.0));
        CaseResult result = new CaseEvaluator(new ThresholdSolver()).evaluate(c);
        MemorySweep.Point own = SWEEP.sweep(c).stream().filter(MemorySweep.Point::caseBudget).findFirst()
                .orElseThrow();
        // z = 0: the oldest run's filter never helps, so the weighted optimum leaves it without one (R = 1)
        assertEquals(1.0, result.optimized().expectedProbes());
        assertEquals(result.optimized().expectedProbes(), own.optimized().expectedProbes());
        assertEquals(result.uniformCost(), own.uniformCost());
        assertEquals(result.optimizedCost(), own.optimizedCost());
        assertEquals(2, own.filteredRuns());
    }

    @Test
    void sweep_everyPoint_optimizedNeverWorseAndFilteredRunsGrowWithMemory() {
        List<MemorySweep.Point> points = SWEEP.sweep(seed(new Budget.BitsPerEntry(6), 1_000, 1_000_000, 10_000_000));
        int filtered = 0;
        for (MemorySweep.Point p : points) {
            assertTrue(p.optimized().expectedProbes() <= p.uniform().expectedProbes() * (1 + 1e-12),
                    "at " + p.bitsPerEntry());
            assertTrue(p.filteredRuns() >= filtered, "filtered runs shrank at " + p.bitsPerEntry());
            filtered = p.filteredRuns();
        }
        assertEquals(0, points.get(0).filteredRuns());
        assertEquals(3.0, points.get(0).uniform().expectedProbes());
        assertEquals(3, filtered);
    }

    @Test
    void expectedProbes_permutedRuns_sameBits() {
        Allocation a = Allocation.of(new double[] {19.07, 14.27, 9.48});
        Allocation b = Allocation.of(new double[] {9.48, 19.07, 14.27});
        MemorySweep.RunFpr fpr = (n, bits) -> Math.exp(-bits / 3.0) * n / 1e6;
        assertEquals(MemorySweep.expectedProbes(new long[] {10_000, 100_000, 1_000_000}, a, fpr),
                MemorySweep.expectedProbes(new long[] {1_000_000, 10_000, 100_000}, b, fpr));
    }
}
