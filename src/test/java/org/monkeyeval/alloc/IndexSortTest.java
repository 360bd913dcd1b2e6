package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/**
 * The radix sort of run indices gives exactly the order of a comparison sort by (key, entries, index);
 * the settings' order a group's hull is built in (merged stretches, or the radix sort past a few) is
 * exactly a comparison sort's by (size, cost, index).
 */
final class IndexSortTest {

    private static int[] reference(double[] key, long[] entries) {
        return IntStream.range(0, key.length).boxed()
                .sorted(Comparator.comparingDouble((Integer i) -> key[i])
                        .thenComparingLong(i -> entries[i]).thenComparingInt(i -> i))
                .mapToInt(Integer::intValue).toArray();
    }

    @Test
    void sort_randomKeysWithTiesAndSigns_matchesComparisonSort() {
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 200; trial++) {
            int r = 1 + random.nextInt(trial < 100 ? 20 : 3000);
            double[] key = new double[r];
            long[] entries = new long[r];
            double[] pool = {-1e300, -3.5, -0.0, 0.0, 1e-300, 2.25, 7.0, Double.MAX_VALUE, -Double.MIN_VALUE};
            for (int i = 0; i < r; i++) {
                key[i] = random.nextInt(3) == 0 ? pool[random.nextInt(pool.length)]
                        : (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(40) - 20);
                entries[i] = 1 + random.nextInt(random.nextBoolean() ? 3 : 1_000_000);
            }
            int[] indices = IntStream.range(0, r).toArray();
            IndexSort.sort(indices, key, entries);
            assertArrayEquals(reference(key, entries), indices, "trial " + trial);
        }
    }

    @Test
    void sort_equalKeysUnequalEntries_ordersByEntriesThenIndex() {
        double[] key = {1.0, 1.0, 1.0, 0.5, 1.0};
        long[] entries = {9, 3, 9, 100, 3};
        int[] indices = {0, 1, 2, 3, 4};
        IndexSort.sort(indices, key, entries);
        assertArrayEquals(new int[] {3, 1, 4, 0, 2}, indices);
    }

    @Test
    void bySizeThenCost_fewOrManyAscendingStretchesWithTies_matchesComparisonSort() {
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 300; trial++) {
            int stretches = 1 + random.nextInt(trial < 150 ? DeployableSolver.MAX_MERGED_STRETCHES : 40);
            int n = stretches * (1 + random.nextInt(50));
            RandomStretches settings = new RandomStretches(random, stretches, n, 4);
            double[] size = settings.size;
            double[] cost = settings.cost;
            int[] expected = IntStream.range(0, n).boxed()
                    .sorted(Comparator.comparingDouble((Integer i) -> size[i])
                            .thenComparingDouble(i -> cost[i]).thenComparingInt(i -> i))
                    .mapToInt(Integer::intValue).toArray();
            assertArrayEquals(expected, DeployableSolver.bySizeThenCost(cost, size), "trial " + trial);
        }
    }
}
