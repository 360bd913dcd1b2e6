package org.monkeyeval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.monkeyeval.text.CsvTable;

/**
 * Every rename leads from a name a table no longer writes to a column it writes today, so a folder
 * written before reads as today's; headers are renamed, never rows; a recorded text has whole column
 * names replaced, never a longer name that holds one.
 */
final class RenamedColumnsTest {

    private static final Map<String, List<String>> TODAY = Map.of(
            AllocationTables.CASES_FILE, AllocationTables.ALL_CASE_COLUMNS,
            AllocationTables.ROWS_FILE, AllocationTables.ALL_ROW_COLUMNS,
            SweepTable.FILE, SweepTable.COLUMNS);

    @Test
    void everyRename_leadsFromANameNoLongerWrittenToOneWrittenToday() {
        TODAY.forEach((file, columns) -> {
            Map<String, String> renames = RenamedColumns.of(file);
            assertFalse(renames.isEmpty(), file);
            renames.forEach((earlier, now) -> {
                assertTrue(columns.contains(now), file + ": " + now + " is not a column written today");
                assertFalse(columns.contains(earlier), file + ": " + earlier + " is still written");
            });
        });
    }

    @Test
    void today_renamesTheHeaderOnly() {
        CsvTable published = new CsvTable(List.of("case_id", "uniform_R", "uniform_rocksdb_R", "rounding_loss"),
                List.of(List.of("a", "0.5", "0.6", "1.2")));
        CsvTable today = RenamedColumns.today(AllocationTables.CASES_FILE, published);
        assertEquals(List.of("case_id", "uniform_ideal_R", "uniform_rocksdb_R", "deployable_over_bound"),
                today.header());
        assertEquals(published.rows(), today.rows());
        assertEquals(List.of("uniform_R -> uniform_ideal_R", "rounding_loss -> deployable_over_bound"),
                RenamedColumns.renamedIn(AllocationTables.CASES_FILE, published.header()));
    }

    @Test
    void today_leavesATableOfTodaysNamesAndAnUnrenamedFileAsTheyAre() {
        CsvTable current = new CsvTable(List.of("case_id", "uniform_ideal_R"), List.of());
        assertEquals(current, RenamedColumns.today(AllocationTables.CASES_FILE, current));
        CsvTable confirm = new CsvTable(List.of("case_id", "uniform_R"), List.of());
        assertEquals(confirm, RenamedColumns.today("confirm-cases.csv", confirm));
    }

    @Test
    void todayText_replacesWholeColumnNamesOnly() {
        assertEquals("engine_bound_cost: ...; deployable_over_bound = deployable_cost / engine_bound_cost",
                RenamedColumns.todayText("engine_optimized_cost: ...; rounding_loss = deployable_cost /"
                        + " engine_optimized_cost"));
        assertEquals("uniform_ideal_R, optimized_ideal_R, uniform_rocksdb_R, optimized_costs",
                RenamedColumns.todayText("uniform_R, optimized_R, uniform_rocksdb_R, optimized_costs"));
    }
}
