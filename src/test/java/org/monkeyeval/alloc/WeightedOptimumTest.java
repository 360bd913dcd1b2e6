package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.TreeShape;
import org.monkeyeval.model.Workload;

/**
 * The optimum weighted by the lookups that reach each run: it meets the KKT conditions of
 * min sum a_i p_i s.t. sum n_i b_i = M (equal marginal value a_i c p_i / n_i on filtered runs, none larger
 * on an unfiltered one), reduces bit for bit to the unweighted answer when the weights are equal, matches
 * the known tiering vector and the geometric closed form, and its cost is the expectation a simulation of
 * lookups measures.
 */
final class WeightedOptimumTest {

    private static final ThresholdSolver SOLVER = new ThresholdSolver();

    static Stream<Arguments> randomWeightedCases() {
        SplittableRandom random = new SplittableRandom(2022);
        return LongStream.range(0, 80).mapToObj(seed -> {
            int runs = 1 + random.nextInt(15);
            long[] n = new long[runs];
            double[] a = new double[runs];
            for (int i = 0; i < runs; i++) {
                n[i] = Math.max(1, (long) Math.pow(10, random.nextDouble() * 10));
                a[i] = random.nextInt(6) == 0 ? 0.0 : random.nextDouble();
            }
            a[random.nextInt(runs)] = 0.5 + random.nextDouble(); // at least one run is reached
            double bitsPerEntry = random.nextInt(4) == 0 ? random.nextDouble() : random.nextDouble() * 20;
            return Arguments.of(seed, n, a, bitsPerEntry);
        });
    }

    private static double total(long[] n) {
        return Arrays.stream(n).asDoubleStream().sum();
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomWeightedCases")
    void solve_weighted_meetsKktConditionsAndSpendsTheBudget(long seed, long[] n, double[] a, double bitsPerEntry) {
        double m = bitsPerEntry * total(n);
        ThresholdSolver.Solution s = SOLVER.solve(n, a, m);
        double[] b = s.bitsPerEntry();
        double spent = 0;
        double marginal = Double.NaN;
        for (int i = 0; i < n.length; i++) {
            spent += n[i] * b[i];
            if (a[i] == 0.0) {
                assertEquals(0.0, b[i], "a run no lookup reaches gets no filter");
            }
        }
        assertEquals(m, spent, 1e-9 * m, "budget spent");
        for (int i = 0; i < n.length; i++) {
            if (b[i] > 0) {
                double value = a[i] * MonkeyModel.C * MonkeyModel.idealFpr(b[i]) / n[i];
                if (Double.isNaN(marginal)) {
                    marginal = value;
                } else {
                    assertEquals(marginal, value, 1e-7 * marginal, "equal marginal value on filtered runs");
                }
            }
        }
        for (int i = 0; i < n.length; i++) {
            if (b[i] == 0.0 && !Double.isNaN(marginal)) {
                double value = a[i] * MonkeyModel.C / n[i];
                assertTrue(value <= marginal * (1 + 1e-7), "an unfiltered run would buy no more per bit: " + value
                        + " > " + marginal);
            }
        }
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomWeightedCases")
    void solve_equalWeights_reproduceTheUnweightedAnswerBitForBit(long seed, long[] n, double[] a, double bitsPerEntry) {
        double m = bitsPerEntry * total(n);
        double[] equal = new double[n.length];
        Arrays.fill(equal, a[0] == 0.0 ? 0.37 : a[0]);
        ThresholdSolver.Solution plain = SOLVER.solve(n, m);
        ThresholdSolver.Solution weighted = SOLVER.solve(n, equal, m);
        assertArrayEquals(plain.bitsPerEntry(), weighted.bitsPerEntry());
        assertEquals(plain.threshold(), weighted.threshold());
        assertEquals(plain.residualBits(), weighted.residualBits());
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomWeightedCases")
    void solve_weighted_isNeverWorseThanUniformOnTheWeightedCost(long seed, long[] n, double[] a, double bitsPerEntry) {
        double m = bitsPerEntry * total(n);
        LookupWeights w = new LookupWeights(a, 0.0);
        double optimized = w.cost(Allocation.of(SOLVER.solve(n, a, m).bitsPerEntry()).fpr());
        double uniform = w.cost(Allocation.uniform(n.length, m, total(n)).fpr());
        assertTrue(optimized <= uniform * (1 + 1e-12), optimized + " > " + uniform);
    }

    @Test
    void evaluate_tiering4Levels3_matchesTheLsmTreeLibraryVector() {
        TreeShape tree = new TreeShape(TreeShape.Policy.TIERING, 4, 3, 100_000, 0, 0);
        CaseResult r = evaluate(tree.expand(), new Budget.TotalBits(1_000_000), tree, Workload.ABSENT_KEYS);
        // the library prints 0.04793 and 0.0737: these values cut to its digits
        assertEquals(0.04793, Math.floor(r.optimized().expectedProbes() * 1e5) / 1e5, 1e-12);
        assertEquals(0.0737, Math.floor(r.uniform().expectedProbes() * 1e4) / 1e4, 1e-12);
        assertEquals(0.047935, r.optimized().expectedProbes(), 0.0000005);
        assertEquals(0.073733, r.uniform().expectedProbes(), 0.0000005);
        assertEquals(0.00076, r.optimized().fpr(1), 0.000005);
        assertEquals(0.00304, r.optimized().fpr(4), 0.000005);
        assertEquals(0.01217, r.optimized().fpr(8), 0.000005);
    }

    /**
     * On a tree whose expansion needs no rounding and whose levels are all filtered, every run of
     * level i has FPR p_i = e^(-c M / N) * T^((i - 1) - mu), mu = sum_j (j - 1) T^(j-1) / sum_j T^(j-1),
     * for leveling and tiering alike. Derivation: on the active set p = w e^(-t) with
     * t = c M / N + sum w ln w; a level of capacity share s_i = T^(i-1)/S split into k runs gives
     * sum w ln w = sum_i s_i ln(s_i / k) = mu ln T - ln S - ln k and w = s_i / k, so k and S cancel.
     */
    @Test
    void evaluate_geometricTrees_matchTheFiniteLevelClosedForm() {
        for (TreeShape tree : List.of(
                new TreeShape(TreeShape.Policy.LEVELING, 10, 7, 1_111_111L * 1000, 0, 0),
                new TreeShape(TreeShape.Policy.LEVELING, 4, 5, 341L * 3000, 0, 0),
                new TreeShape(TreeShape.Policy.TIERING, 10, 4, 1111L * 9 * 100, 0, 0),
                new TreeShape(TreeShape.Policy.TIERING, 3, 6, 364L * 2 * 50, 0, 0))) {
            double bpe = 6;
            CaseResult r = evaluate(tree.expand(), new Budget.BitsPerEntry(bpe), tree, Workload.ABSENT_KEYS);
            double t = tree.sizeRatio();
            double s = 0;
            double moment = 0;
            for (int j = 1; j <= tree.levels(); j++) {
                s += Math.pow(t, j - 1);
                moment += (j - 1) * Math.pow(t, j - 1);
            }
            double mu = moment / s;
            List<Run> runs = r.lsmCase().runs();
            for (int i = 0; i < runs.size(); i++) {
                double expected = Math.exp(-MonkeyModel.C * bpe) * Math.pow(t, runs.get(i).level() - 1 - mu);
                assertTrue(r.optimized().bitsPerEntry(i) > 0, "every level filtered in " + tree);
                assertEquals(expected, r.optimized().fpr(i), 1e-9 * expected, runs.get(i).name() + " of " + tree);
            }
        }
    }

    @Test
    void evaluate_everyLookupFindsItsKey_leavesTheOldestRunWithoutAFilter() {
        List<Run> runs = List.of(new Run("L1", 10_000), new Run("L2", 100_000), new Run("L3", 1_000_000));
        CaseResult r = evaluate(runs, new Budget.BitsPerEntry(10), null, new Workload.ZeroResultShare(0));
        assertEquals(0.0, r.optimized().bitsPerEntry(2));
        assertEquals(0.0, r.weights().reach(2));
        assertTrue(r.optimizedCost() < r.uniformCost());
    }

    /**
     * z = 0: every lookup picks a stored entry uniformly, probes the newer runs' filters (each a false
     * positive with its p_i, a wasted read) and reads the run that holds it. The mean reads per lookup of
     * a seeded simulation agree with cost = sum a_i p_i + v within 4 standard errors.
     */
    @Test
    void cost_zeroResultShareZero_isTheExpectationOfSimulatedLookups() {
        List<Run> runs = List.of(new Run("L1", 300), new Run("L2", 3_000), new Run("L3", 30_000),
                new Run("L4", 300_000));
        CaseResult r = evaluate(runs, new Budget.BitsPerEntry(3), null, new Workload.ZeroResultShare(0));
        double[] p = r.optimized().fpr();
        long total = 333_300;
        SplittableRandom random = new SplittableRandom(42);
        int lookups = 2_000_000;
        double sum = 0;
        double sumSq = 0;
        for (int q = 0; q < lookups; q++) {
            long key = random.nextLong(total);
            int holder = 0;
            long bound = runs.get(0).entries();
            while (key >= bound) {
                holder++;
                bound += runs.get(holder).entries();
            }
            int reads = 1; // the run that holds the key
            for (int i = 0; i < holder; i++) {
                if (random.nextDouble() < p[i]) {
                    reads++;
                }
            }
            sum += reads;
            sumSq += (double) reads * reads;
        }
        double mean = sum / lookups;
        double se = Math.sqrt((sumSq / lookups - mean * mean) / lookups);
        assertEquals(r.optimizedCost(), mean, 4 * se, "simulated " + mean + " ± " + se);
        assertTrue(r.optimizedCost() > 1.0);
    }

    @Test
    void weights_measuredLookups_areScaledByTheBusiestRunAndLeaveVOut() {
        List<Run> runs = List.of(new Run("a", 10, null, 50.0), new Run("b", 100, null, 200.0),
                new Run("c", 1000, null, 0.0));
        LsmCase c = new LsmCase("m", "", runs, new Budget.BitsPerEntry(8), null, new Workload.MeasuredLookups());
        LookupWeights w = LookupWeights.of(c);
        assertArrayEquals(new double[] {0.25, 1.0, 0.0}, w.reach());
        assertTrue(Double.isNaN(w.foundShare()));
        assertEquals(0.25 * 0.5 + 0.1, w.cost(new double[] {0.5, 0.1, 1.0}), 1e-15);
    }

    private static CaseResult evaluate(List<Run> runs, Budget budget, TreeShape tree, Workload workload) {
        return new CaseEvaluator(SOLVER).evaluate(new LsmCase("c", "", runs, budget, tree, workload));
    }
}
