package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;

import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.text.CsvTable;
import org.monkeyeval.text.Json;

/**
 * {@code solve} prints the same rows as rows.csv in csv and json; its table uses one number format
 * per column; {@code --version} names the commit, the Java runtime and RocksDB; shell completion is
 * offered.
 */
final class SolveFormatsTest {

    private static final String[] EXAMPLE = {"solve", "--entries", "1,1110,1000000", "--bits-per-entry", "10"};

    private static String[] with(String... extra) {
        List<String> args = new ArrayList<>(List.of(EXAMPLE));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    /** The deployable setting's header says what its knob counts; each run's row names the family it builds. */
    @Test
    void solve_table_settingHeaderHasTheKnobsUnitAndEachRunItsFamily() {
        for (String[] engine : new String[][] {{"rocksdb-per-level", "bits/key", "rocksdb-ribbon"},
                {"cassandra", "bloom_filter_fp_chance", "cassandra"}, {"hbase", "io.storefile.bloom.error.rate",
                "hbase"}}) {
            Cli.Outcome o = Cli.run(with("--engine-granularity", engine[0]));
            assertEquals(0, o.exitCode(), o.err());
            String[] lines = o.out().split("\\R");
            assertTrue(lines[0].contains(engine[0] + " setting (" + engine[1] + ")") && lines[0].contains(" family "),
                    lines[0]);
            assertTrue(lines[3].contains(" " + engine[2] + " "), o.out());
            assertTrue(o.out().contains("on ideal Bloom filters: R uniform = "), o.out());
        }
    }

    @Test
    void solve_formatCsv_hasTheColumnsOfRowsCsv() {
        Cli.Outcome o = Cli.run(with("--format", "csv"));
        assertEquals(0, o.exitCode(), o.err());
        CsvTable table = CsvTable.parse(o.out());
        assertEquals(AllocationTables.ROW_COLUMNS, table.header());
        assertEquals(3, table.rows().size());
        assertEquals(List.of("command-line", "1", "", "1"), table.rows().get(0).subList(0, 4));
    }

    @Test
    void solve_formatJson_sameColumnsAndValuesAsCsv() throws Exception {
        CsvTable csv = CsvTable.parse(Cli.run(with("--format", "csv")).out());
        Cli.Outcome o = Cli.run(with("--format", "json"));
        assertEquals(0, o.exitCode(), o.err());
        JsonNode rows = Json.parse(o.out());
        assertEquals(3, rows.size());
        for (int r = 0; r < rows.size(); r++) {
            List<String> names = new ArrayList<>();
            for (Iterator<String> it = rows.get(r).fieldNames(); it.hasNext(); ) {
                names.add(it.next());
            }
            assertEquals(AllocationTables.ROW_COLUMNS, names);
            for (int c = 0; c < names.size(); c++) {
                JsonNode value = rows.get(r).get(names.get(c));
                String cell = csv.rows().get(r).get(c);
                if (names.get(c).equals("case_id") || names.get(c).equals("run_name")) {
                    assertEquals(cell, value.asText());
                } else if (cell.isEmpty()) {
                    assertTrue(value.isNull(), names.get(c) + " is empty in csv and null in json: " + value);
                } else {
                    assertTrue(value.isNumber(), names.get(c) + " should be a number: " + value);
                    assertEquals(Double.parseDouble(cell), value.asDouble(), names.get(c));
                }
            }
        }
    }

    @Test
    void solve_unknownFormat_exits2() {
        assertEquals(2, Cli.run(with("--format", "xml")).exitCode());
    }

    @Test
    void solve_table_oneNumberFormatPerColumn() {
        // weights 9.99e-07, 0.00111 and 0.999: the weight column must not mix notations
        Cli.Outcome o = Cli.run(EXAMPLE);
        assertEquals(0, o.exitCode(), o.err());
        List<String[]> lines = o.out().lines().skip(1).limit(3).map(l -> l.trim().split("\\s+")).toList();
        for (int c = 2; c < lines.get(0).length; c++) {
            long scientific = 0;
            for (String[] cells : lines) {
                scientific += cells[c].contains("e") ? 1 : 0;
            }
            assertTrue(scientific == 0 || scientific == lines.size(), "column " + c + " mixes formats:\n" + o.out());
        }
        assertTrue(o.out().contains("9.98890e-07"), o.out());
        assertTrue(o.out().contains("1.10877e-03"), o.out());
    }

    @Test
    void version_namesCommitJavaAndRocksDb() {
        Cli.Outcome o = Cli.run("--version");
        assertEquals(0, o.exitCode(), o.err());
        List<String> lines = o.out().lines().toList();
        assertTrue(lines.get(0).startsWith("monkey-eval "), o.out());
        assertTrue(lines.get(1).matches("commit: ([0-9a-f]{40}|unknown)"), o.out());
        assertTrue(lines.get(2).startsWith("Java: " + System.getProperty("java.runtime.version")), o.out());
        assertTrue(lines.get(3).startsWith("RocksDB: "), o.out());
    }

    @Test
    void generateCompletion_printsABashScriptForEveryCommand() {
        Cli.Outcome o = Cli.run("generate-completion");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("complete -F"), o.out());
        for (String command : new String[] {"run", "solve", "confirm", "verify", "bundle"}) {
            assertTrue(o.out().contains(command), command);
        }
        assertTrue(Cli.run("--help").out().contains("generate-completion"));
    }
}
