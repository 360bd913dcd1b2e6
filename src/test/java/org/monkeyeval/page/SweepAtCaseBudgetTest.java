package org.monkeyeval.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.RenamedColumns;
import org.monkeyeval.report.SweepTable;
import org.monkeyeval.text.CsvTable;

/**
 * At a case's own budget, the sweep is the case: for every published case, the sweep.csv row with
 * case_budget = true carries the same text as the case's cases.csv row in every column they share
 * (uniform and optimized R and cost, improvement, budget), weighted cases included, and its filtered
 * runs are the runs that cases.csv does not leave without a filter.
 */
final class SweepAtCaseBudgetTest {

    private static final List<String> SHARED = List.of("budget_bits", "bits_per_entry", "uniform_ideal_R",
            "optimized_ideal_R", "improvement", "uniform_ideal_cost", "optimized_ideal_cost");

    private static Map<String, String> field(CsvTable table, List<String> row) {
        Map<String, String> fields = new HashMap<>();
        for (int c = 0; c < table.header().size(); c++) {
            fields.put(table.header().get(c), row.get(c));
        }
        return fields;
    }

    static Stream<Arguments> publishedCases() throws Exception {
        List<CaseFile> files = CaseFolder.read(Path.of("cases"));
        CsvTable sweep = CsvTable.parse(ReportDocuments.sweep(files, new ThresholdSolver()));
        CsvTable cases = RenamedColumns.today(AllocationTables.CASES_FILE,
                CsvTable.parse(Files.readString(Path.of("out", "cases.csv"), StandardCharsets.UTF_8)));
        Map<String, Map<String, String>> own = new HashMap<>();
        for (List<String> row : sweep.rows()) {
            Map<String, String> fields = field(sweep, row);
            if (fields.get("case_budget").equals("true")) {
                Map<String, String> earlier = own.put(fields.get("case_id"), fields);
                assertEquals(null, earlier, "one case-budget row for " + fields.get("case_id"));
            }
        }
        assertEquals(files.size(), cases.rows().size(), "cases.csv holds every case file");
        return cases.rows().stream().map(row -> field(cases, row))
                .map(c -> Arguments.of(c.get("case_id"), c, own.get(c.get("case_id"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("publishedCases")
    void sweep_caseBudgetRow_equalsCasesCsv(String caseId, Map<String, String> published, Map<String, String> swept) {
        assertTrue(SweepTable.COLUMNS.containsAll(SHARED), "sweep.csv has the shared columns");
        for (String column : SHARED) {
            assertEquals(published.get(column), swept.get(column), caseId + ": " + column);
        }
        assertEquals(Integer.parseInt(published.get("runs")) - Integer.parseInt(published.get("zero_bit_runs")),
                Integer.parseInt(swept.get("filtered_runs")), caseId + ": filtered runs");
    }
}
