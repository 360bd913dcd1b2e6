package org.monkeyeval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.DeployableBuildWork;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.text.CsvTable;
import org.monkeyeval.text.Json;
import org.monkeyeval.text.Sha256;
import org.monkeyeval.text.TextDocument;

/**
 * bloom-before-level.csv prices every bloom_before_level of a case at rocksdb-ribbon granularity: one
 * row per L from -1 to the number of levels, each within the budget; exactly one chosen, the case's
 * deployable allocation, whose row repeats its cases.csv values and is the cheapest; cases at other
 * granularities have no rows, and run writes (and provenance lists) the file only when some case has.
 */
final class BloomBeforeLevelTableTest {

    private static final String RIBBON = "leveled-6-t10-5bpe-ribbon";
    private static final String PER_LEVEL = "leveled-6-t10-5bpe";

    @TempDir
    static Path dir;

    private static AllocationReport both;
    private static CsvTable table;
    private static CsvTable cases;
    private static CsvTable rows;

    @BeforeAll
    static void evaluate() throws Exception {
        List<CaseFile> files = copy(dir.resolve("both"), RIBBON, PER_LEVEL);
        both = report(files);
        Map<String, String> documents = both.documents();
        table = CsvTable.parse(documents.get(BloomBeforeLevelTable.FILE));
        cases = CsvTable.parse(documents.get(AllocationTables.CASES_FILE));
        rows = CsvTable.parse(documents.get(AllocationTables.ROWS_FILE));
    }

    /** The published case files {@code ids}, alone in a folder of their own. */
    static List<CaseFile> copy(Path folder, String... ids) throws Exception {
        Files.createDirectories(folder);
        for (String id : ids) {
            Files.copy(Path.of("cases", id + ".json"), folder.resolve(id + ".json"));
        }
        return CaseFolder.read(folder);
    }

    private static AllocationReport report(List<CaseFile> files) {
        return AllocationReport.build(files, new CaseEvaluator(new ThresholdSolver()), ToolInfo.current(),
                List.of("run"), OptionalLong.empty());
    }

    private static String cell(CsvTable t, List<String> row, String column) {
        return row.get(t.header().indexOf(column));
    }

    private static List<String> caseRow(CsvTable t, String id) {
        return t.rows().stream().filter(r -> r.get(0).equals(id)).findFirst().orElseThrow();
    }

    @Test
    void render_ribbonCase_oneRowPerLevelFromMinusOneToTheNumberOfLevels() {
        assertEquals(BloomBeforeLevelTable.COLUMNS, table.header());
        // the tree expands into L0's four files and levels 1 to 6: seven levels, L = -1 .. 7
        List<String> levels = table.rows().stream().map(r -> cell(table, r, "bloom_before_level")).toList();
        assertEquals(List.of("-1", "0", "1", "2", "3", "4", "5", "6", "7"), levels);
        assertTrue(table.rows().stream().allMatch(r -> r.get(0).equals(RIBBON)), "only the rocksdb-ribbon case");
    }

    @Test
    void chosenRow_isTheDeployableAllocationOfCasesCsv() {
        List<List<String>> chosen = table.rows().stream().filter(r -> cell(table, r, "chosen").equals("true")).toList();
        assertEquals(1, chosen.size(), "one chosen L");
        List<String> c = chosen.get(0);
        List<String> summary = caseRow(cases, RIBBON);
        assertEquals(cell(cases, summary, "deployable_bloom_before_level"), cell(table, c, "bloom_before_level"));
        assertEquals(cell(cases, summary, "deployable_R"), cell(table, c, "deployable_R"));
        assertEquals(cell(cases, summary, "deployable_cost"), cell(table, c, "deployable_cost"));
        assertEquals(cell(cases, summary, "deployable_bits"), cell(table, c, "deployable_bits"));
        assertEquals(cell(cases, summary, "deployable_build_ns_per_entry"), cell(table, c, "build_ns_per_entry"));
        // B as rows.csv gives each run's setting: the one B of the column family
        List<String> settings = rows.rows().stream().filter(r -> r.get(0).equals(RIBBON))
                .map(r -> cell(rows, r, "deployable_setting")).distinct().toList();
        assertEquals(List.of(cell(table, c, "bloom_equivalent_bits_per_key")), settings);
    }

    @Test
    void chosenRow_costsNoMoreThanAnyOtherL() {
        double chosen = table.rows().stream().filter(r -> cell(table, r, "chosen").equals("true"))
                .mapToDouble(r -> Double.parseDouble(cell(table, r, "deployable_cost"))).findFirst().orElseThrow();
        for (List<String> r : table.rows()) {
            assertTrue(chosen <= Double.parseDouble(cell(table, r, "deployable_cost")), r.toString());
        }
    }

    @Test
    void everyRow_withinTheBudgetAndItsBitsPerEntryTheBitsOverN() {
        List<String> summary = caseRow(cases, RIBBON);
        double budget = Double.parseDouble(cell(cases, summary, "budget_bits"));
        double n = Double.parseDouble(cell(cases, summary, "total_entries"));
        for (List<String> r : table.rows()) {
            double bits = Double.parseDouble(cell(table, r, "deployable_bits"));
            assertTrue(bits <= budget, r.toString());
            assertEquals(bits / n, Double.parseDouble(cell(table, r, "filter_bits_per_entry")), 1e-12, r.toString());
        }
    }

    @Test
    void buildWork_ribbonEverywhereAtMinusOneAndBloomEverywhereAtTheLast() {
        // every run keeps a filter at 5 bits per entry: the work is one family's time per key throughout
        List<String> first = table.rows().get(0);
        List<String> last = table.rows().get(table.rows().size() - 1);
        assertEquals(DeployableBuildWork.RIBBON_NANOS_PER_KEY, Double.parseDouble(cell(table, first,
                "build_ns_per_entry")), 1e-9);
        assertEquals(DeployableBuildWork.FAST_LOCAL_BLOOM_NANOS_PER_KEY, Double.parseDouble(cell(table, last,
                "build_ns_per_entry")), 1e-9);
        for (int i = 1; i < table.rows().size(); i++) {
            assertTrue(Double.parseDouble(cell(table, table.rows().get(i), "build_ns_per_entry"))
                    <= Double.parseDouble(cell(table, table.rows().get(i - 1), "build_ns_per_entry")),
                    "more Bloom, less build work: L = " + cell(table, table.rows().get(i), "bloom_before_level"));
        }
    }

    @Test
    void documents_withARibbonCase_listTheTableInProvenanceBeforeIt() throws IOException {
        Map<String, String> documents = both.documents();
        assertEquals(List.of(AllocationTables.CASES_FILE, AllocationTables.ROWS_FILE, BloomBeforeLevelTable.FILE,
                Provenance.FILE), List.copyOf(documents.keySet()));
        JsonNode provenance = Json.parse(documents.get(Provenance.FILE));
        boolean listed = false;
        for (JsonNode output : provenance.path("outputs")) {
            if (output.path("path").asText().equals(BloomBeforeLevelTable.FILE)) {
                listed = true;
                assertEquals(Sha256.hex(documents.get(BloomBeforeLevelTable.FILE).getBytes(
                        java.nio.charset.StandardCharsets.UTF_8)), output.path("sha256").asText());
            }
        }
        assertTrue(listed, "provenance.json lists bloom-before-level.csv");
        assertTrue(provenance.has(BloomBeforeLevelTable.PROVENANCE_SECTION));
    }

    @Test
    void documents_noCaseAtRocksdbRibbon_noTableAndNoSection() throws Exception {
        AllocationReport perLevel = report(copy(dir.resolve("per-level"), PER_LEVEL));
        assertTrue(perLevel.bloomBeforeLevel().isEmpty());
        Map<String, String> documents = perLevel.documents();
        assertFalse(documents.containsKey(BloomBeforeLevelTable.FILE));
        assertFalse(documents.get(Provenance.FILE).contains(BloomBeforeLevelTable.FILE));
        assertFalse(Json.parse(documents.get(Provenance.FILE)).has(BloomBeforeLevelTable.PROVENANCE_SECTION));
    }

    @Test
    void streamed_sameDocumentsInTheSameOrder() {
        assertEquals(List.copyOf(both.documents().keySet()), both.streamed().stream().map(TextDocument::name).toList());
    }
}
