package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.monkeyeval.report.AllocationTables;

/**
 * {@code --engine-granularity} only appends columns (the tables without it are unchanged, and
 * their columns stay a prefix); an unknown engine is a bad command line that writes nothing; a
 * folder written with a granularity passes verify, which reads the engine back from provenance; a
 * case that names its own granularity gets a deployable allocation without the option, and the other
 * cases leave those columns empty.
 */
final class EngineGranularityCommandTest {

    @TempDir
    Path dir;

    private Path cases() throws IOException {
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Files.writeString(cases.resolve("tree.json"), "{\"id\": \"tree\", \"tree\": {\"policy\": \"leveling\","
                + " \"sizeRatio\": 10, \"levels\": 4, \"entries\": 1111000, \"l0\": {\"runs\": 2,"
                + " \"entriesPerRun\": 1000}}, \"budget\": {\"bitsPerEntry\": 10},"
                + " \"workload\": {\"zeroResultShare\": 0.5}}");
        Files.writeString(cases.resolve("listed.json"), "{\"id\": \"listed\", \"runs\": [{\"entries\": 10000},"
                + " {\"entries\": 100000}, {\"entries\": 1000000}], \"budget\": {\"bitsPerEntry\": 8}}");
        return cases;
    }

    @Test
    void run_withGranularity_appendsColumnsAndKeepsTheOthers() throws IOException {
        Path cases = cases();
        Path plain = dir.resolve("plain");
        Path pebble = dir.resolve("pebble");
        assertEquals(0, Cli.run("run", "--cases", cases.toString(), "--out", plain.toString()).exitCode());
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", pebble.toString(),
                "--engine-granularity", "pebble");
        assertEquals(0, o.exitCode(), o.err());

        List<String> plainRows = Files.readAllLines(plain.resolve("rows.csv"));
        List<String> pebbleRows = Files.readAllLines(pebble.resolve("rows.csv"));
        assertFalse(plainRows.get(0).contains("deployable"));
        assertEquals(plainRows.get(0) + "," + String.join(",", AllocationTables.DEPLOYABLE_ROW_COLUMNS) + ","
                + String.join(",", AllocationTables.DEPLOYABLE_TYPE_ROW_COLUMNS), pebbleRows.get(0));
        for (int i = 1; i < plainRows.size(); i++) {
            assertTrue(pebbleRows.get(i).startsWith(plainRows.get(i) + ","), pebbleRows.get(i));
        }
        List<String> plainCases = Files.readAllLines(plain.resolve("cases.csv"));
        List<String> pebbleCases = Files.readAllLines(pebble.resolve("cases.csv"));
        String progressive = "," + String.join(",", AllocationTables.PROGRESSIVE_CASE_COLUMNS) + ","
                + String.join(",", AllocationTables.ANCHOR_CASE_COLUMNS);
        assertTrue(plainCases.get(0).endsWith(progressive), plainCases.get(0));
        String plainBase = plainCases.get(0).substring(0, plainCases.get(0).length() - progressive.length());
        assertEquals(plainBase + "," + String.join(",", AllocationTables.DEPLOYABLE_CASE_COLUMNS) + ","
                + String.join(",", AllocationTables.DEPLOYABLE_TYPE_CASE_COLUMNS) + progressive, pebbleCases.get(0));
        int anchor = AllocationTables.PROGRESSIVE_CASE_COLUMNS.size() + AllocationTables.ANCHOR_CASE_COLUMNS.size();
        for (int i = 1; i < plainCases.size(); i++) {
            List<String> cells = List.of(plainCases.get(i).split(",", -1));
            String base = String.join(",", cells.subList(0, cells.size() - anchor));
            String anchorCells = String.join(",", cells.subList(cells.size() - anchor, cells.size()));
            assertTrue(pebbleCases.get(i).startsWith(base + ",pebble,"), pebbleCases.get(i));
            assertTrue(pebbleCases.get(i).endsWith("," + anchorCells), pebbleCases.get(i));
        }
        // L0's two files share one setting (level 0): one value per level
        List<String> l0 = pebbleRows.stream().filter(r -> r.startsWith("tree,1,") || r.startsWith("tree,2,"))
                .map(r -> r.split(",")[14]).toList();
        assertEquals(2, l0.size());
        assertEquals(l0.get(0), l0.get(1));
    }

    @Test
    void verify_folderWrittenWithGranularity_passes() throws IOException {
        Path cases = cases();
        Path out = dir.resolve("out");
        assertEquals(0, Cli.run("run", "--cases", cases.toString(), "--out", out.toString(),
                "--engine-granularity", "rocksdb").exitCode());
        Cli.Outcome v = Cli.run("verify", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, v.exitCode(), v.out() + v.err());
    }

    /**
     * Several engines: one folder per engine, each the bytes run with that engine alone writes there (the
     * command in provenance.json names that folder), and each passes verify.
     */
    @Test
    void run_severalGranularities_eachFolderIsWhatItsOwnRunWrites_andVerifies() throws IOException {
        Path cases = cases();
        Path single = dir.resolve("single");
        Path several = dir.resolve("several");
        for (String engine : List.of("rocksdb-per-level", "pebble")) {
            Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", single.resolve(engine).toString(),
                    "--engine-granularity", engine);
            assertEquals(0, o.exitCode(), o.err());
        }
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", several.toString(),
                "--engine-granularity", "rocksdb-per-level,pebble");
        assertEquals(0, o.exitCode(), o.err());
        assertEquals(List.of("pebble", "rocksdb-per-level"),
                Files.list(several).map(p -> p.getFileName().toString()).sorted().toList());
        for (String engine : List.of("rocksdb-per-level", "pebble")) {
            for (String file : List.of("rows.csv", "cases.csv")) {
                assertEquals(Files.readString(single.resolve(engine).resolve(file)),
                        Files.readString(several.resolve(engine).resolve(file)), engine + " " + file);
            }
            assertEquals(Files.readString(single.resolve(engine).resolve("provenance.json")),
                    Files.readString(several.resolve(engine).resolve("provenance.json"))
                            .replace(several.toString(), single.toString()), engine + " provenance.json");
            assertTrue(o.out().contains("wrote cases.csv, rows.csv, provenance.json, run-info.json to "
                    + several.resolve(engine)), o.out());
            Cli.Outcome v = Cli.run("verify", "--cases", cases.toString(), "--out", several.resolve(engine).toString());
            assertEquals(0, v.exitCode(), v.out() + v.err());
        }
    }

    /** An unknown engine, alone or in a list, or one given twice: a bad command line that writes nothing. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "lmdb | unknown engine 'lmdb'",
        "pebble,lmdb | unknown engine 'lmdb'",
        "pebble,rocksdb,pebble | --engine-granularity: pebble is given twice"})
    void run_unknownOrRepeatedEngine_exits2AndWritesNothing(String engines, String message) throws IOException {
        Path cases = cases();
        Path out = dir.resolve("out");
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", out.toString(),
                "--engine-granularity", engines);
        assertEquals(2, o.exitCode());
        assertTrue(o.err().contains(message), o.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void solve_tooManyGroupsForTheSolver_exits3NamingTheCase() {
        // 500 runs without levels are 500 groups of RocksDB's 99,002 settings: more than the solver tabulates
        String entries = String.join(",", java.util.Collections.nCopies(500, "1000"));
        Cli.Outcome o = Cli.run("solve", "--entries", entries, "--bits-per-entry", "10",
                "--engine-granularity", "rocksdb-per-level");
        assertEquals(3, o.exitCode(), o.err());
        assertTrue(o.err().contains("case command-line: no deployable allocation for rocksdb-per-level"), o.err());
    }

    @Test
    void solveJson_settingIsText_noneWhenTheBudgetBuysNoFilter() {
        // 0.6 bits per entry: Cassandra's smallest filter (1 bucket + 20 bits per run) does not fit
        Cli.Outcome o = Cli.run("solve", "--entries", "100,100000,1000000", "--bits-per-entry", "0.6",
                "--engine-granularity", "cassandra", "--format", "json");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("\"deployable_setting\": \"none\""), o.out());
    }

    @Test
    void solve_withGranularity_printsTheDeployableLine() {
        Cli.Outcome o = Cli.run("solve", "--entries", "10000,100000,1000000", "--bits-per-entry", "10",
                "--engine-granularity", "leveldb");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("deployable on leveldb (per tree)"), o.out());
        assertTrue(o.out().contains("leveldb setting"), o.out());
    }

    @Test
    void run_caseNamesItsGranularity_onlyThatCaseHasDeployableRows_andVerifyPasses() throws IOException {
        Path cases = cases();
        Path out = dir.resolve("out");
        Path all = dir.resolve("all");
        Files.writeString(cases.resolve("own.json"), "{\"id\": \"own\", \"runs\": [{\"entries\": 1000, \"level\": 0},"
                + " {\"entries\": 10000, \"level\": 1}, {\"entries\": 100000, \"level\": 2}],"
                + " \"budget\": {\"bitsPerEntry\": 10}, \"engineGranularity\": \"rocksdb-per-level\"}");
        Cli.Outcome own = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, own.exitCode(), own.err());
        // the summary names the case's deployable allocation under the table, and only that case's
        assertTrue(own.out().contains("own: deployable on rocksdb-per-level (per level), on the engine's filters:"
                + " R = "), own.out());
        assertFalse(own.out().contains("listed: deployable") || own.out().contains("tree: deployable"), own.out());
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", all.toString(),
                "--engine-granularity", "rocksdb-per-level");
        assertEquals(0, o.exitCode(), o.err());

        List<String> rows = Files.readAllLines(out.resolve("rows.csv"));
        List<String> allRows = Files.readAllLines(all.resolve("rows.csv"));
        assertEquals(allRows.get(0), rows.get(0));
        int deployable = rows.get(0).split(",").length - AllocationTables.DEPLOYABLE_ROW_COLUMNS.size();
        for (int i = 1; i < rows.size(); i++) {
            String[] cells = rows.get(i).split(",", -1);
            if (rows.get(i).startsWith("own,")) {
                // the case's own granularity gives the same rows as the option does for every case
                assertEquals(allRows.get(i), rows.get(i));
            } else {
                for (int c = deployable; c < cells.length; c++) {
                    assertEquals("", cells[c], rows.get(i));
                }
            }
        }
        List<String> caseRows = Files.readAllLines(out.resolve("cases.csv"));
        assertTrue(caseRows.stream().anyMatch(r -> r.startsWith("own,") && r.contains(",rocksdb-per-level,")));
        List<String> header = List.of(caseRows.get(0).split(","));
        int first = header.indexOf("engine_granularity");
        int last = header.indexOf("deployable_bloom_before_level");
        assertTrue(caseRows.stream().filter(r -> r.startsWith("listed,")).allMatch(r -> String.join("",
                List.of(r.split(",", -1)).subList(first, last + 1)).isEmpty()), caseRows.toString());
        String provenance = Files.readString(out.resolve("provenance.json"));
        assertTrue(provenance.contains("\"own\": \"rocksdb-per-level\""), provenance);
        assertFalse(provenance.contains("\"listed\": \"rocksdb"), provenance);

        Cli.Outcome v = Cli.run("verify", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, v.exitCode(), v.out() + v.err());
    }

    @Test
    void run_caseGranularityTooLargeForTheSolver_exits3NamingFileAndFieldAndWritesNothing() throws IOException {
        Path cases = cases();
        String runs = String.join(",", java.util.Collections.nCopies(500, "{\"entries\": 1000}"));
        Files.writeString(cases.resolve("many.json"), "{\"id\": \"many\", \"runs\": [" + runs + "],"
                + " \"budget\": {\"bitsPerEntry\": 10}, \"engineGranularity\": \"rocksdb-per-level\"}");
        Path out = dir.resolve("out");
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(3, o.exitCode(), o.err());
        assertTrue(o.err().contains("many.json: case many: no deployable allocation for rocksdb-per-level (the case's"
                + " engineGranularity)"), o.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void run_twoCasesFail_namesTheFirstInCaseOrderWhateverFinishesFirst() throws IOException {
        Path cases = cases();
        String many = String.join(",", java.util.Collections.nCopies(500, "{\"entries\": 1000}"));
        String more = String.join(",", java.util.Collections.nCopies(2000, "{\"entries\": 1000}"));
        // the cases are solved side by side and either may fail first: the error is the first in id order's
        Files.writeString(cases.resolve("a-many.json"), "{\"id\": \"a-many\", \"runs\": [" + many + "],"
                + " \"budget\": {\"bitsPerEntry\": 10}, \"engineGranularity\": \"rocksdb-per-level\"}");
        Files.writeString(cases.resolve("b-more.json"), "{\"id\": \"b-more\", \"runs\": [" + more + "],"
                + " \"budget\": {\"bitsPerEntry\": 10}, \"engineGranularity\": \"rocksdb-per-level\"}");
        Path out = dir.resolve("out");
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(3, o.exitCode(), o.err());
        assertTrue(o.err().contains("a-many.json: case a-many: no deployable allocation"), o.err());
        assertFalse(o.err().contains("b-more"), o.err());
        assertFalse(Files.exists(out));
    }
}
