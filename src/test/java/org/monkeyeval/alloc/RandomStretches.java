package org.monkeyeval.alloc;

import java.util.SplittableRandom;

/**
 * Settings laid out as the solver's tables lay them out: a few stretches, each ascending in size on a 512-bit
 * lattice, costs of equal sizes in any order, with ties, zeros and negative zeros among them.
 */
final class RandomStretches {

    final double[] size;
    final double[] cost;

    /**
     * @param n         settings, a multiple of {@code stretches}
     * @param costSteps costs drawn from 0, 1 / costSteps, ..., 1 (besides the zeros)
     */
    RandomStretches(SplittableRandom random, int stretches, int n, int costSteps) {
        size = new double[n];
        cost = new double[n];
        for (int i = 0; i < n; i++) {
            boolean first = i % (n / stretches) == 0;
            size[i] = first ? 512 * random.nextInt(8) : size[i - 1] + 512 * random.nextInt(2);
            cost[i] = random.nextInt(4) == 0 ? (random.nextBoolean() ? 0.0 : -0.0)
                    : random.nextInt(costSteps + 1) / (double) costSteps;
        }
    }
}
