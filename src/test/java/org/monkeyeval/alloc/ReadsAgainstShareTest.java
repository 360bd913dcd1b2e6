package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reads against the zero-result share: a fixed allocation's cost is a straight line in z; dropping
 * the last level's filter spends the whole budget on the other runs; and the share below which it
 * beats uniform bits is where the two costs meet, cheaper below and dearer above.
 */
final class ReadsAgainstShareTest {

    static Stream<Arguments> randomCases() {
        SplittableRandom random = new SplittableRandom(167);
        return LongStream.range(0, 40).mapToObj(seed -> {
            int runs = 2 + random.nextInt(8);
            long[] n = new long[runs];
            long total = 0;
            for (int i = 0; i < runs; i++) {
                n[i] = Math.max(1, (long) Math.pow(10, random.nextDouble() * 7)) * (i + 1);
                total += n[i];
            }
            return Arguments.of(seed, n, total * random.nextDouble() * 16);
        });
    }

    private static boolean[] lastRun(int runs) {
        boolean[] last = new boolean[runs];
        last[runs - 1] = true;
        return last;
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomCases")
    void cost_fixedAllocation_isAStraightLineInTheShare(long seed, long[] n, double budget) {
        double[] fpr = ReadsAgainstShare.lastLevelDropped(n, lastRun(n.length), budget);
        double c0 = ReadsAgainstShare.cost(n, fpr, 0.0);
        double c1 = ReadsAgainstShare.cost(n, fpr, 1.0);
        for (int k = 1; k < 10; k++) {
            double z = k / 10.0;
            assertEquals(c0 + z * (c1 - c0), ReadsAgainstShare.cost(n, fpr, z), 1e-12 * Math.max(c0, c1));
            assertEquals(ReadsAgainstShare.cost(n, fpr, z) - (1 - z), ReadsAgainstShare.falsePositiveReads(n, fpr, z),
                    1e-12 * Math.max(c0, c1), "cost less the read of a found key");
        }
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomCases")
    void lastLevelDropped_spendsTheWholeBudgetOnTheOtherRuns(long seed, long[] n, double budget) {
        double[] fpr = ReadsAgainstShare.lastLevelDropped(n, lastRun(n.length), budget);
        assertEquals(1.0, fpr[n.length - 1], "no filter on the last level");
        // the bits are read back from the rate: only where it has not underflowed (over ~1500 bits per entry)
        Assumptions.assumeTrue(fpr[0] > 0.0, "rate underflows");
        double spent = 0;
        for (int i = 0; i < n.length - 1; i++) {
            double bits = -Math.log(fpr[i]) / MonkeyModel.C;
            spent += n[i] * bits;
            assertEquals(fpr[0], fpr[i], "the same bits per entry on every other run");
        }
        assertEquals(budget, spent, 1e-9 * budget + 1e-9);
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("randomCases")
    void betterBelow_dropAgainstUniform_isWhereTheTwoCostsMeet(long seed, long[] n, double budget) {
        double total = 0;
        for (long x : n) {
            total += x;
        }
        double[] drop = ReadsAgainstShare.lastLevelDropped(n, lastRun(n.length), budget);
        double[] uniform = Allocation.uniform(n.length, budget, total).fpr();
        double z = ReadsAgainstShare.betterBelow(n, drop, uniform);
        assertTrue(z >= 0 && z <= 1, "a share: " + z);
        if (z > 0 && z < 1) {
            double scale = ReadsAgainstShare.cost(n, uniform, z);
            assertEquals(scale, ReadsAgainstShare.cost(n, drop, z), 1e-9 * scale, "the costs meet at z");
            assertTrue(ReadsAgainstShare.cost(n, drop, z / 2) < ReadsAgainstShare.cost(n, uniform, z / 2), "cheaper below");
            double above = (1 + z) / 2;
            assertTrue(ReadsAgainstShare.cost(n, drop, above) > ReadsAgainstShare.cost(n, uniform, above), "dearer above");
        } else if (z == 0) {
            assertTrue(ReadsAgainstShare.cost(n, drop, 0) >= ReadsAgainstShare.cost(n, uniform, 0), "never cheaper");
        } else {
            assertTrue(ReadsAgainstShare.cost(n, drop, 1) <= ReadsAgainstShare.cost(n, uniform, 1), "never dearer");
        }
    }

    @Test
    void lastLevel_levelsGiven_isEveryRunAtTheDeepestLevelElseTheLastRun() {
        assertArrayEquals(new boolean[] {false, false, true, true},
                ReadsAgainstShare.lastLevel(new Integer[] {0, 1, 3, 3}));
        assertArrayEquals(new boolean[] {false, false, true}, ReadsAgainstShare.lastLevel(new Integer[] {null, null, null}));
        assertArrayEquals(new boolean[] {false, true, false}, ReadsAgainstShare.lastLevel(new Integer[] {0, 2, null}));
    }
}
