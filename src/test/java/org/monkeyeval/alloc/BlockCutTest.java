package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The robust search passes over a block of a group's settings at once where theta's bound, taken with the block's
 * least costs and the budget its smallest setting leaves, reaches the cut ({@code Search.blockCut}). That is sound
 * only if this block bound is never above theta's bound of any one setting of the block, as the search computes it
 * setting by setting: checked over random hulls, partial allocations and blocks, with sizes that end exactly on
 * the LP's segment ends (where its interpolation meets the next segment's). The search also cuts one setting by its
 * own costs with the block's rest, at theta and at another weight (the ends' among them): each such bound is checked
 * against the setting's own, as the search writes it at that weight.
 */
final class BlockCutTest {

    @Test
    void blockThetaBound_isNeverAboveAnySettingsOwnBound() {
        SplittableRandom random = new SplittableRandom(23);
        int blocks = 0;
        for (int trial = 0; trial < 300; trial++) {
            List<DeployableSolver.Hull> hulls = new ArrayList<>();
            for (int g = 1 + random.nextInt(6); g > 0; g--) {
                int n = 2 + random.nextInt(300);
                double[] cost = new double[n];
                double[] size = new double[n];
                for (int s = 0; s < n; s++) {
                    size[s] = 64 * random.nextInt(500);
                    cost[s] = random.nextDouble() * Math.pow(10, -random.nextInt(6));
                }
                hulls.add(DeployableSolver.Hull.of(cost, size));
            }
            DeployableSolver.Bound rest = DeployableSolver.Bound.of(hulls);
            double top = rest.baseSize + rest.stepSize[rest.stepSize.length - 1];
            double budget = top * (0.5 + random.nextDouble());
            double theta = random.nextDouble();
            double offsetLow = random.nextDouble();
            double offsetHigh = random.nextDouble();
            double used = random.nextDouble() * budget * 0.5;
            double low = offsetLow * random.nextDouble() * 2;
            double high = offsetHigh * random.nextDouble() * 2;
            // a block of settings by size: some end exactly where the rest's LP changes segment
            int count = RobustDeployableSolver.Search.SKIP_BLOCK;
            double[] size = new double[count];
            double[] blockLow = new double[count];
            double[] blockHigh = new double[count];
            for (int j = 0; j < count; j++) {
                int step = random.nextInt(rest.stepSize.length);
                size[j] = random.nextInt(3) == 0 ? Math.max(0, budget - used - rest.baseSize - rest.stepSize[step])
                        : random.nextDouble() * (budget - used);
                blockLow[j] = random.nextDouble() * 1e-3;
                blockHigh[j] = random.nextDouble() * 1e-3;
            }
            Arrays.sort(size);
            double least = Arrays.stream(blockLow).min().orElseThrow();
            double leastHigh = Arrays.stream(blockHigh).min().orElseThrow();
            double restAt = rest.at(budget - (used + size[0]));
            if (restAt == Double.POSITIVE_INFINITY) {
                continue;
            }
            double block = RobustDeployableSolver.Search.blockThetaBound(theta, low + least, high + leastHigh,
                    offsetLow, offsetHigh, restAt);
            for (int j = 0; j < count; j++) {
                double l = low + blockLow[j];
                double h = high + blockHigh[j];
                double own = theta * (l - offsetLow) + (1 - theta) * (h - offsetHigh)
                        + rest.at(budget - (used + size[j]));
                assertTrue(block <= own, "trial " + trial + " setting " + j + ": block " + block + " above " + own);
                // the setting's own costs with the block's rest, at theta and at the ends' weights 1 and 0, whose
                // whole bounds the search writes cL + rest - AL and cH + rest - AH
                double restOwn = rest.at(budget - (used + size[j]));
                assertTrue(RobustDeployableSolver.Search.blockThetaBound(theta, l, h, offsetLow, offsetHigh, restAt)
                        <= own, "trial " + trial + " setting " + j + " at theta");
                assertTrue(RobustDeployableSolver.Search.blockThetaBound(1.0, l, h, offsetLow, offsetHigh, restAt)
                        <= l + restOwn - offsetLow, "trial " + trial + " setting " + j + " at weight 1");
                assertTrue(RobustDeployableSolver.Search.blockThetaBound(0.0, l, h, offsetLow, offsetHigh, restAt)
                        <= h + restOwn - offsetHigh, "trial " + trial + " setting " + j + " at weight 0");
            }
            blocks++;
        }
        assertTrue(blocks > 200, blocks + " blocks checked");
    }
}
