package org.monkeyeval.alloc;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

import org.monkeyeval.alloc.ThresholdSolverPropertiesTest.SolverCase;

/**
 * Coverage-guided fuzzing of the threshold solver (Jazzer): for any case the fuzzer builds, the
 * properties of {@link ThresholdSolverPropertiesTest} hold (budget spent, KKT conditions, never worse
 * than uniform, permutation, monotone in M, scaling entries and M together). Any failed property or
 * exception is a finding, and Jazzer minimizes the input that shows it.
 *
 * <p>A case from the fuzzer's bytes: 1 to 50 runs, each of 1 to 10^d entries for a chosen d = 0..12 or
 * equal to the run before; one to four budgets m·10^e bits per entry (m = 0..10^6, e = −15..−3, so
 * from 10^−15 to the 1000 a case may ask for, written as a decimal, the way a case file writes it);
 * the scaling factor 2..1000; the permutation. Seed: the tiny-budget regression case (runs of 1 and
 * 17,538,805 entries at 2e−6 bits per entry), in
 * src/fuzz/resources/org/monkeyeval/alloc/ThresholdSolverFuzzTestInputs/solve/. Without JAZZER_FUZZ=1
 * only the seed runs (regression mode). Run: {@code mvn -Pfuzz test} (30 s of fuzzing, see the pom).
 */
final class ThresholdSolverFuzzTest {

    /** 10^d, d = 0..12: the largest entry count of a run of decade d. */
    private static final long[] POWERS_OF_TEN = new long[13];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int d = 1; d < POWERS_OF_TEN.length; d++) {
            POWERS_OF_TEN[d] = POWERS_OF_TEN[d - 1] * 10;
        }
    }

    @FuzzTest(maxDuration = "30s")
    void solve(FuzzedDataProvider data) {
        SolverCase c = solverCase(data);
        ThresholdSolverPropertiesTest.assertSpendsTheBudget(c);
        ThresholdSolverPropertiesTest.assertSatisfiesKkt(c);
        ThresholdSolverPropertiesTest.assertNeverWorseThanUniform(c);
        ThresholdSolverPropertiesTest.assertPermutedRunsPermutedAnswer(c);
        ThresholdSolverPropertiesTest.assertMonotoneInBudget(c);
        ThresholdSolverPropertiesTest.assertScalingInvariant(c);
    }

    private static SolverCase solverCase(FuzzedDataProvider data) {
        int runs = data.consumeInt(1, ThresholdSolverPropertiesTest.MAX_RUNS);
        long[] n = new long[runs];
        for (int i = 0; i < runs; i++) {
            if (i > 0 && data.consumeBoolean()) {
                n[i] = n[i - 1];
            } else {
                n[i] = data.consumeLong(1, POWERS_OF_TEN[data.consumeInt(0, POWERS_OF_TEN.length - 1)]);
            }
        }
        double[] bitsPerEntry = new double[data.consumeInt(1, 4)];
        for (int k = 0; k < bitsPerEntry.length; k++) {
            int mantissa = data.consumeInt(0, 1_000_000);
            int exponent = data.consumeInt(-15, -3);
            bitsPerEntry[k] = Double.parseDouble(mantissa + "e" + exponent);
        }
        int factor = data.consumeInt(2, ThresholdSolverPropertiesTest.MAX_FACTOR);
        int[] order = new int[runs];
        for (int i = 0; i < runs; i++) {
            order[i] = i;
        }
        for (int i = runs - 1; i > 0; i--) { // Fisher–Yates, the swaps chosen by the fuzzer
            int j = data.consumeInt(0, i);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        return new SolverCase("fuzz", n, bitsPerEntry, factor, order);
    }
}
