package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Guards the suffix bounds a robust search reads ({@link DeployableSolver.Bound#suffixes}): each, built by merging
 * one hull's segments into the next suffix, holds the bits of {@link DeployableSolver.Bound#of} over the same hulls,
 * sorted from scratch. The hulls share slopes (powers of two) with unequal segment sizes, so the order among equal
 * slopes (the earlier hull's first, then vertex order) shows in the partial sums.
 */
final class SuffixBoundsTest {

    private static final double[] SLOPES = {-16, -8, -4, -2, -1, -0.5, -0.25};

    /** A convex hull of settings whose segments take slopes from {@link #SLOPES}, ascending, and sizes 1, 2 or 4. */
    private static DeployableSolver.Hull hull(SplittableRandom random) {
        List<double[]> points = new ArrayList<>();
        double size = 8 * random.nextInt(1, 5);
        double cost = 64 * random.nextInt(1, 9);
        points.add(new double[] {size, cost});
        for (double slope : SLOPES) {
            if (random.nextInt(3) == 0) {
                continue; // a slope this hull skips
            }
            double dm = 1 << random.nextInt(3);
            size += dm;
            cost += slope * dm;
            points.add(new double[] {size, cost});
        }
        double[] sizes = new double[points.size()];
        double[] costs = new double[points.size()];
        for (int j = 0; j < sizes.length; j++) {
            sizes[j] = points.get(j)[0];
            costs[j] = points.get(j)[1];
        }
        return DeployableSolver.Hull.of(costs, sizes);
    }

    @Test
    void suffixes_hullsSharingSlopes_holdTheBitsOfEachSuffixSortedFromScratch() {
        SplittableRandom random = new SplittableRandom(31);
        for (int trial = 0; trial < 200; trial++) {
            List<DeployableSolver.Hull> hulls = new ArrayList<>();
            int count = random.nextInt(0, 12);
            for (int h = 0; h < count; h++) {
                hulls.add(hull(random));
            }
            DeployableSolver.Bound[] suffix = DeployableSolver.Bound.suffixes(hulls);
            assertEquals(count + 1, suffix.length);
            for (int d = 0; d <= count; d++) {
                DeployableSolver.Bound sorted = DeployableSolver.Bound.of(hulls.subList(d, count));
                String at = "trial " + trial + ", suffix " + d;
                assertArrayEquals(sorted.stepSize, suffix[d].stepSize, 0.0, at);
                assertArrayEquals(sorted.stepCost, suffix[d].stepCost, 0.0, at);
                assertEquals(sorted.baseSize, suffix[d].baseSize, 0.0, at);
                assertEquals(sorted.baseCost, suffix[d].baseCost, 0.0, at);
                for (double budget = -1; budget < 400; budget += 0.75) {
                    assertEquals(sorted.at(budget), suffix[d].at(budget), 0.0, at + ", budget " + budget);
                }
            }
        }
    }
}
