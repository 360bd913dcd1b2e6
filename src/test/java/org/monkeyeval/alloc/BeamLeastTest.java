package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/**
 * A beam layer keeps the partial allocations of least whole bound below the cut ({@code Search.least}), valuing whole
 * bounds only until theta's bound, a lower bound on each, passes the largest held. That must keep exactly what
 * sorting every partial allocation by its whole bound (stably) and taking the first below the cut keeps, ties
 * included, in the same order: checked over random values on a coarse grid (many ties, whole values equal to their
 * lower bounds, values at and past the cut), against that sort. And where only the positions whose first value is at
 * most a threshold are given, the answer it says decides ({@code Search.decides}) is the answer over all.
 */
final class BeamLeastTest {

    @Test
    void least_isTheStableSortsFirstBelowTheCut_andValuesFewerWhole() {
        SplittableRandom random = new SplittableRandom(64);
        long valuedWhole = 0;
        long positions = 0;
        for (int trial = 0; trial < 500; trial++) {
            int n = random.nextInt(2_000);
            int count = 1 + random.nextInt(80);
            double cut = 0.2 + random.nextDouble();
            double[] first = new double[n];
            double[] whole = new double[n];
            fill(random, first, whole);
            AtomicInteger asked = new AtomicInteger();
            double[] valued = new double[n];
            int[] least = RobustDeployableSolver.Search.least(first, x -> {
                asked.incrementAndGet();
                return whole[x];
            }, count, cut, valued);

            int[] sorted = IntStream.range(0, n).boxed().sorted(Comparator.comparingDouble(x -> whole[x]))
                    .filter(x -> whole[x] < cut).limit(count).mapToInt(Integer::intValue).toArray();
            assertArrayEquals(sorted, least, "trial " + trial);
            for (int x : least) {
                assertEquals(whole[x], valued[x], 0.0, "trial " + trial + ", position " + x);
            }
            valuedWhole += asked.get();
            positions += n;
        }
        assertTrue(valuedWhole < positions / 2, valuedWhole + " whole values of " + positions + " positions");
    }

    @Test
    void least_overFirstValuesUpToAThreshold_whereItDecides_isTheAnswerOverAll() {
        SplittableRandom random = new SplittableRandom(65);
        int decided = 0;
        int undecided = 0;
        for (int trial = 0; trial < 2_000; trial++) {
            int n = 1 + random.nextInt(1_500);
            int count = 1 + random.nextInt(80);
            double cut = 0.2 + random.nextDouble();
            double[] first = new double[n];
            double[] whole = new double[n];
            fill(random, first, whole);
            double threshold = random.nextInt(44) / 32.0;
            int[] within = IntStream.range(0, n).filter(x -> first[x] <= threshold).toArray();
            double[] firstWithin = new double[within.length];
            for (int i = 0; i < within.length; i++) {
                firstWithin[i] = first[within[i]];
            }
            double[] wholeWithin = new double[within.length];
            int[] some = RobustDeployableSolver.Search.least(firstWithin, i -> whole[within[i]], count, cut,
                    wholeWithin);
            if (!RobustDeployableSolver.Search.decides(some, wholeWithin, count, threshold)) {
                undecided++;
                continue;
            }
            decided++;
            int[] all = RobustDeployableSolver.Search.least(first, x -> whole[x], count, cut, new double[n]);
            assertArrayEquals(all, IntStream.of(some).map(i -> within[i]).toArray(), "trial " + trial);
        }
        assertTrue(decided > 100 && undecided > 100, decided + " decided, " + undecided + " not");
    }

    /**
     * Values on a coarse grid (many ties): each first value, and a whole value equal to it a third of the time, else
     * above it by up to 9/32.
     */
    private static void fill(SplittableRandom random, double[] first, double[] whole) {
        for (int x = 0; x < first.length; x++) {
            first[x] = random.nextInt(40) / 32.0;
            whole[x] = random.nextInt(3) == 0 ? first[x] : first[x] + random.nextInt(10) / 32.0;
        }
    }
}
