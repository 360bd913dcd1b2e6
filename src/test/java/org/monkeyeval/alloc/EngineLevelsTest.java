package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.Run;

/**
 * The level mapping puts each run where the engine writes it: L0 stays L0; with dynamic levels
 * (RocksDB, Pebble, fjall) the deepest case level is the engine's last and the others keep their
 * distance above it; RocksDB raises num_levels past 7 and no other engine does; LevelDB keeps levels;
 * shapes an engine cannot hold are refused with the reason.
 */
final class EngineLevelsTest {

    private static List<Run> levels(int... levels) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < levels.length; i++) {
            runs.add(new Run("r" + i, 1000L * (i + 1), levels[i], null));
        }
        return runs;
    }

    @Test
    void rocksDb_shallowTree_deepestCaseLevelIsL6AndOthersStackAbove() throws Exception {
        EngineLevels.Mapping m = EngineLevels.map(Engine.ROCKSDB_PER_LEVEL, levels(0, 0, 1, 2, 3));
        assertEquals(7, m.numLevels());
        assertArrayEquals(new int[] {0, 0, 4, 5, 6}, m.engineLevel());
        assertFalse(m.raisesNumLevels());
    }

    @Test
    void rocksDb_gapsBetweenCaseLevels_keptAboveTheBottom() throws Exception {
        EngineLevels.Mapping m = EngineLevels.map(Engine.ROCKSDB, levels(0, 1, 3));
        assertArrayEquals(new int[] {0, 4, 6}, m.engineLevel());
    }

    @Test
    void rocksDb_importedLevels_unchanged() throws Exception {
        EngineLevels.Mapping m = EngineLevels.map(Engine.ROCKSDB_PER_LEVEL, levels(0, 4, 5, 6));
        assertArrayEquals(new int[] {0, 4, 5, 6}, m.engineLevel());
    }

    @Test
    void rocksDb_caseDeeperThanL6_raisesNumLevelsToHoldIt() throws Exception {
        EngineLevels.Mapping m = EngineLevels.map(Engine.ROCKSDB, levels(0, 1, 2, 3, 4, 5, 6, 7));
        assertEquals(8, m.numLevels());
        assertTrue(m.raisesNumLevels());
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, m.engineLevel());
    }

    @Test
    void pebbleAndFjall_sixLevelsBelowL0_fitAtL1ToL6() throws Exception {
        for (Engine e : List.of(Engine.PEBBLE, Engine.FJALL)) {
            EngineLevels.Mapping m = EngineLevels.map(e, levels(0, 2, 3, 4, 5, 6, 7));
            assertEquals(7, m.numLevels(), e.label());
            assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6}, m.engineLevel(), e.label());
            assertFalse(m.raisesNumLevels(), e.label());
        }
    }

    @Test
    void pebbleAndFjall_sevenLevelsBelowL0_refusedWithTheReason() {
        for (Engine e : List.of(Engine.PEBBLE, Engine.FJALL)) {
            EngineLevels.ShapeException x = assertThrows(EngineLevels.ShapeException.class,
                    () -> EngineLevels.map(e, levels(0, 1, 2, 3, 4, 5, 6, 7)));
            assertTrue(x.getMessage().contains("L0-L6") && x.getMessage().contains("1..7"), x.getMessage());
        }
    }

    @Test
    void levelDb_levelsKeptAndPastL6Refused() throws Exception {
        assertArrayEquals(new int[] {0, 1, 2}, EngineLevels.map(Engine.LEVELDB, levels(0, 1, 2)).engineLevel());
        EngineLevels.ShapeException x = assertThrows(EngineLevels.ShapeException.class,
                () -> EngineLevels.map(Engine.LEVELDB, levels(0, 7)));
        assertTrue(x.getMessage().contains("kNumLevels = 7"), x.getMessage());
    }

    @Test
    void cassandra_anyShape_hasNoLevels() throws Exception {
        EngineLevels.Mapping m = EngineLevels.map(Engine.CASSANDRA, levels(0, 1, 2, 3, 4, 5, 6, 7, 8, 9));
        assertFalse(m.hasLevels());
        assertTrue(m.lines().get(0).endsWith("the table (no levels)"), m.lines().get(0));
    }

    @Test
    void runsWithoutLevels_takenAsLevelsFromOne() throws Exception {
        List<Run> runs = List.of(new Run("a", 10, null, null), new Run("b", 100, null, null),
                new Run("c", 1000, null, null));
        EngineLevels.Mapping m = EngineLevels.map(Engine.PEBBLE, runs);
        assertTrue(m.positional());
        assertArrayEquals(new int[] {1, 2, 3}, m.caseLevel());
        assertArrayEquals(new int[] {4, 5, 6}, m.engineLevel());
    }

    @Test
    void lines_onePerCaseLevel_withItsRunsAndEngineLevel() throws Exception {
        EngineLevels.Mapping m = EngineLevels.map(Engine.PEBBLE, levels(0, 0, 1, 1, 1, 2));
        assertEquals(List.of("case level 0 (2 runs) -> L0", "case level 1 (3 runs) -> L5",
                "case level 2 (1 run) -> L6"), m.lines());
    }

    @Test
    void onlyL0Runs_stayAtL0() throws Exception {
        for (Engine e : Engine.values()) {
            if (e == Engine.CASSANDRA || e == Engine.HBASE) {
                continue;
            }
            EngineLevels.Mapping m = EngineLevels.map(e, levels(0, 0));
            assertArrayEquals(new int[] {0, 0}, m.engineLevel(), e.label());
            assertEquals(7, m.numLevels(), e.label());
        }
    }
}
