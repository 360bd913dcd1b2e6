package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class SortedTest {

    /** firstAbove by a pass from the start: the first value above, the length where none is. */
    private static int firstAboveByPass(double[] sorted, double value) {
        int j = 0;
        while (j < sorted.length && sorted[j] <= value) {
            j++;
        }
        return j;
    }

    @Test
    void firstAbove_isTheFirstValueAboveOrTheLength() {
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 2000; trial++) {
            double[] sorted = ascendingWithRepeats(random, random.nextInt(40));
            double value = random.nextInt(50) - 5 + (random.nextBoolean() ? 0.0 : 0.5);
            assertEquals(firstAboveByPass(sorted, value), Sorted.firstAbove(sorted, value), "trial " + trial);
        }
    }

    @Test
    void firstAboveNear_fromAnyPosition_isFirstAbove() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 20_000; trial++) {
            double[] sorted = ascendingWithRepeats(random, random.nextInt(300));
            double value = random.nextInt(330) - 10 + (random.nextBoolean() ? 0.0 : 0.5);
            int near = random.nextInt(sorted.length + 1);
            assertEquals(Sorted.firstAbove(sorted, value), Sorted.firstAboveNear(sorted, value, near),
                    "trial " + trial + ": " + value + " from " + near + " among " + sorted.length);
        }
    }

    /** n whole values, ascending, many repeated (equal sizes of settings). */
    private static double[] ascendingWithRepeats(SplittableRandom random, int n) {
        double[] sorted = new double[n];
        double v = random.nextInt(3);
        for (int j = 0; j < n; j++) {
            v += random.nextInt(3) == 0 ? 0 : random.nextInt(4);
            sorted[j] = v;
        }
        return sorted;
    }
}
