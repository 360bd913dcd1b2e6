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
 * lower bounds, values at and past the cut), against that sort.
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
            for (int x = 0; x < n; x++) {
                first[x] = random.nextInt(40) / 32.0;
                whole[x] = random.nextInt(3) == 0 ? first[x] : first[x] + random.nextInt(10) / 32.0;
            }
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
}
