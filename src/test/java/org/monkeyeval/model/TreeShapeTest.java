package org.monkeyeval.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * A tree expands into runs that add up to its entries exactly, newest first, with the runs per level
 * of its policy, each level's share T^(i-1)/sum T^(j-1) rounded by largest remainder (ties: newer run).
 */
final class TreeShapeTest {

    private static long[] entries(List<Run> runs) {
        return runs.stream().mapToLong(Run::entries).toArray();
    }

    @Test
    void expand_tiering4Levels3_matchesLargestRemainderVector() {
        List<Run> runs = new TreeShape(TreeShape.Policy.TIERING, 4, 3, 100_000, 0, 0).expand();
        assertEquals(List.of(1588L, 1587L, 1587L, 6349L, 6349L, 6349L, 25397L, 25397L, 25397L),
                runs.stream().map(Run::entries).toList());
        assertEquals(List.of("L1.1", "L1.2", "L1.3", "L2.1", "L2.2", "L2.3", "L3.1", "L3.2", "L3.3"),
                runs.stream().map(Run::name).toList());
        assertEquals(List.of(1, 1, 1, 2, 2, 2, 3, 3, 3), runs.stream().map(Run::level).toList());
    }

    @Test
    void expand_leveledWithL0_listsL0FirstAndNamesSingleRunLevels() {
        List<Run> runs = new TreeShape(TreeShape.Policy.LEVELING, 10, 7, 1_111_111_000L, 4, 100_000).expand();
        assertEquals(11, runs.size());
        assertEquals("L0.1", runs.get(0).name());
        assertEquals(0, runs.get(3).level());
        assertEquals(100_000, runs.get(3).entries());
        assertEquals("L1", runs.get(4).name());
        assertEquals(1000, runs.get(4).entries());
        assertEquals(1_000_000_000L, runs.get(10).entries());
        assertEquals(7, runs.get(10).level());
    }

    @Test
    void expand_lazyLeveling_keepsOneRunAtTheLastLevel() {
        List<Run> runs = new TreeShape(TreeShape.Policy.LAZY_LEVELING, 5, 4, 1_560_000, 0, 0).expand();
        assertEquals(4 + 4 + 4 + 1, runs.size());
        assertEquals("L4", runs.get(12).name());
        assertEquals(1_250_000, runs.get(12).entries());
        assertEquals(2500, runs.get(0).entries());
    }

    @Test
    void expand_randomTrees_addUpExactlyAndDifferFromExactSharesByLessThanOne() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 300; trial++) {
            TreeShape.Policy policy = TreeShape.Policy.values()[random.nextInt(3)];
            double t = policy == TreeShape.Policy.LEVELING && random.nextBoolean()
                    ? 2 + random.nextDouble() * 10 : 2 + random.nextInt(9);
            int levels = 1 + random.nextInt(5);
            long n = 1_000 + random.nextLong(1L << 40);
            TreeShape tree = new TreeShape(policy, t, levels, n, 0, 0);
            List<Run> runs = tree.expand();
            assertEquals(tree.runCount(), runs.size());
            assertEquals(BigInteger.valueOf(n), runs.stream().map(r -> BigInteger.valueOf(r.entries()))
                    .reduce(BigInteger.ZERO, BigInteger::add));
            double sum = 0;
            for (int i = 1; i <= levels; i++) {
                sum += Math.pow(t, i - 1);
            }
            for (Run run : runs) {
                long perLevel = runs.stream().filter(r -> r.level().equals(run.level())).count();
                double exact = n * Math.pow(t, run.level() - 1) / sum / perLevel;
                assertTrue(Math.abs(run.entries() - exact) < 1.0 + 1e-6 * exact,
                        run + " vs exact share " + exact + " in " + tree);
            }
        }
    }

    @Test
    void expand_equalFractions_giveTheSpareEntryToTheNewerRun() {
        // leveling T = 2, L = 2, 4 entries: shares 4/3 and 8/3 -> floors 1 and 2, one left; fractions 1/3
        // and 2/3, so L2 takes it. With 3 runs of one level (tiering T = 4, L = 1, 4 entries) the spare
        // entry goes to the newest run.
        assertEquals(List.of(1L, 3L), new TreeShape(TreeShape.Policy.LEVELING, 2, 2, 4, 0, 0).expand()
                .stream().map(Run::entries).toList());
        assertEquals(List.of(2L, 1L, 1L), new TreeShape(TreeShape.Policy.TIERING, 4, 1, 4, 0, 0).expand()
                .stream().map(Run::entries).toList());
    }

    @Test
    void expand_tooDeepForItsEntries_isRefusedNamingTheEmptyRun() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TreeShape(TreeShape.Policy.LEVELING, 10, 7, 1000, 0, 0).expand());
        assertTrue(e.getMessage().contains("too deep"), e.getMessage());
        assertTrue(e.getMessage().contains("L1"), e.getMessage());
    }

    @Test
    void new_moreThanAMillionRuns_isRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TreeShape(TreeShape.Policy.TIERING, 100_001, 11, Long.MAX_VALUE, 0, 0));
        assertTrue(e.getMessage().contains("more than the limit"), e.getMessage());
    }

    @Test
    void new_fractionalRatioForTiering_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TreeShape(TreeShape.Policy.TIERING, 4.5, 3, 1000, 0, 0));
        assertEquals(3, new TreeShape(TreeShape.Policy.LEVELING, 4.5, 3, 1000, 0, 0).expand().size());
    }
}
