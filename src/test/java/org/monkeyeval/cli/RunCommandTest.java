package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.engine.rocksdb.RocksDbNative;

/**
 * {@code run} writes all outputs or none: invalid input exits 3 with one line and leaves the
 * output folder as it was; identical inputs give identical bytes; every command has --help.
 */
final class RunCommandTest {

    @TempDir
    Path dir;

    private Path cases(String... files) throws IOException {
        Path cases = Files.createDirectories(dir.resolve("cases"));
        for (int i = 0; i < files.length; i += 2) {
            Files.writeString(cases.resolve(files[i]), files[i + 1]);
        }
        return cases;
    }

    private static String seed(String id) {
        return "{\"id\": \"" + id + "\", \"runs\": [{\"entries\": 10000}, {\"entries\": 100000},"
                + " {\"entries\": 1000000}], \"budget\": {\"bitsPerEntry\": 10}}";
    }

    @Test
    void run_validCases_writesTablesAndProvenance() throws IOException {
        Path cases = cases("a.json", seed("a"), "b.json", seed("b"));
        Path out = dir.resolve("out");
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        List<String> rows = Files.readAllLines(out.resolve("rows.csv"));
        assertEquals(7, rows.size());
        assertTrue(rows.get(0).startsWith("case_id,run,run_name,entries,weight,uniform_bits_per_entry,uniform_ideal_fpr,"
                + "optimized_bits_per_entry,optimized_ideal_fpr"));
        assertTrue(Files.readString(out.resolve("cases.csv")).startsWith(
                "case_id,runs,total_entries,budget_bits,threshold_t,uniform_ideal_R,optimized_ideal_R,improvement,zero_bit_runs"));
        assertTrue(Files.exists(out.resolve("provenance.json")));
        assertTrue(o.out().contains("2.10712x"), o.out());
    }

    @Test
    void run_sameInputsTwice_identicalBytes() throws IOException {
        Path cases = cases("a.json", seed("a"));
        Path out1 = dir.resolve("out1");
        Path out2 = dir.resolve("out2");
        assertEquals(0, Cli.run("run", "--cases", cases.toString(), "--out", out1.toString()).exitCode());
        assertEquals(0, Cli.run("run", "--cases", cases.toString(), "--out", out2.toString()).exitCode());
        for (String f : new String[] {"rows.csv", "cases.csv"}) {
            assertArrayEquals(Files.readAllBytes(out1.resolve(f)), Files.readAllBytes(out2.resolve(f)), f);
        }
        // provenance records the --out argument; everything else is identical
        String p1 = Files.readString(out1.resolve("provenance.json")).replace(out1.toString(), "OUT");
        String p2 = Files.readString(out2.resolve("provenance.json")).replace(out2.toString(), "OUT");
        assertEquals(p1, p2);
    }

    @Test
    void run_oneInvalidCase_exits3AndWritesNothing() throws IOException {
        Path cases = cases("a.json", seed("a"), "b.json", "{\"id\": \"b\", \"runs\": [{\"entries\": -1}]}");
        Path out = dir.resolve("out");
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(3, o.exitCode());
        assertTrue(o.err().contains("b.json:1:"), o.err());
        assertTrue(o.err().contains("runs[0].entries"), o.err());
        assertEquals(1, o.err().strip().lines().count(), o.err());
        assertFalse(o.err().contains("at org."), "stack trace printed");
        assertFalse(Files.exists(out));
    }

    @Test
    void run_invalidCase_leavesExistingOutputsUntouched() throws IOException {
        Path cases = cases("a.json", seed("a"));
        Path out = dir.resolve("out");
        assertEquals(0, Cli.run("run", "--cases", cases.toString(), "--out", out.toString()).exitCode());
        byte[] before = Files.readAllBytes(out.resolve("rows.csv"));
        Files.writeString(cases.resolve("b.json"), "{\"id\": \"b\"");
        assertEquals(3, Cli.run("run", "--cases", cases.toString(), "--out", out.toString()).exitCode());
        assertArrayEquals(before, Files.readAllBytes(out.resolve("rows.csv")));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of("cases", "out"), left.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no staging folder may be left behind");
        }
    }

    @Test
    void run_rerunOnPublishedCases_changesOnlyFilesGitIgnores() throws IOException {
        Path out = dir.resolve("out");
        assertEquals(0, Cli.run("run", "--out", out.toString()).exitCode());
        Map<String, byte[]> first = new TreeMap<>();
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.toList()) {
                first.put(f.getFileName().toString(), Files.readAllBytes(f));
            }
        }
        assertEquals(0, Cli.run("run", "--out", out.toString()).exitCode());
        List<String> ignored = Files.readAllLines(Path.of(".gitignore"));
        for (Map.Entry<String, byte[]> f : first.entrySet()) {
            if (!Arrays.equals(f.getValue(), Files.readAllBytes(out.resolve(f.getKey())))) {
                assertTrue(ignored.contains("out/" + f.getKey()),
                        "out/" + f.getKey() + " changes on every run but is not in .gitignore");
            }
        }
    }

    @Test
    void run_afterCasesChanged_namesTheConfirmationThereAsStale() throws IOException {
        Path cases = cases("a.json", "{\"id\": \"a\", \"runs\": [{\"entries\": 1000}, {\"entries\": 10000}],"
                + " \"budget\": {\"bitsPerEntry\": 8}}");
        Path out = dir.resolve("out");
        assertEquals(0, Cli.run("confirm", "--cases", cases.toString(), "--out", out.toString(), "--queries", "2000",
                "--layout", "standard").exitCode());
        Cli.Outcome same = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, same.exitCode(), same.err());
        assertEquals("", same.err());

        Files.writeString(cases.resolve("a.json"), Files.readString(cases.resolve("a.json")).replace("8}", "9}"));
        Files.writeString(cases.resolve("b.json"), seed("b"));
        Cli.Outcome changed = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, changed.exitCode(), changed.err());
        assertEquals("monkey-eval: note: the confirmation in " + out + " is stale (a.json changed, b.json added since"
                + " it was made): rerun confirm, or verify will fail on it", changed.err().strip());
        assertTrue(Files.exists(out.resolve("confirm.csv")), "the confirmation is kept");
    }

    @Test
    void run_duplicateIds_exits3NamingBothFiles() throws IOException {
        Path cases = cases("a.json", seed("same"), "b.json", seed("same"));
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", dir.resolve("out").toString());
        assertEquals(3, o.exitCode());
        assertTrue(o.err().contains("b.json") && o.err().contains("a.json"), o.err());
    }

    @Test
    void run_emptyOrMissingFolder_exits3() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertEquals(3, Cli.run("run", "--cases", empty.toString(), "--out", dir.resolve("o").toString()).exitCode());
        assertEquals(3, Cli.run("run", "--cases", dir.resolve("nope").toString()).exitCode());
    }

    @Test
    void everyCommand_hasHelp() {
        for (String command : new String[] {"run", "solve", "verify"}) {
            Cli.Outcome o = Cli.run(command, "--help");
            assertEquals(0, o.exitCode(), command);
            assertTrue(o.out().contains("Usage: monkey-eval " + command), o.out());
        }
    }

    @Test
    void unknownOption_exits2() {
        assertEquals(2, Cli.run("run", "--bogus").exitCode());
        assertEquals(2, Cli.run().exitCode());
    }

    @Test
    void solve_workedExample_printsTableAndTotals() {
        Cli.Outcome o = Cli.run("solve", "--entries", "10000,100000,1000000", "--bits-per-entry", "10");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("19.0669"), o.out());
        assertTrue(o.out().contains("R uniform = 0.0245776, R optimized = 0.0116641, improvement = 2.10712x"),
                o.out());
    }

    @Test
    void solve_badInput_exits2() {
        assertEquals(2, Cli.run("solve", "--entries", "10,-1", "--bits-per-entry", "10").exitCode());
        assertEquals(2, Cli.run("solve", "--entries", "10", "--bits-per-entry", "-1").exitCode());
        assertEquals(2, Cli.run("solve", "--entries", "10").exitCode());
        assertEquals(2, Cli.run("solve", "--entries", "10", "--bits-per-entry", "1", "--total-bits", "5").exitCode());
    }

    @Test
    void confirm_withoutEngine_removesStaleEngineTable() throws IOException {
        Path cases = cases("a.json", "{\"id\": \"a\", \"runs\": [{\"entries\": 1000}, {\"entries\": 10000}],"
                + " \"budget\": {\"bitsPerEntry\": 8}}");
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.writeString(out.resolve("engine.csv"), "left by an earlier run\r\n");
        Cli.Outcome o = Cli.run("confirm", "--cases", cases.toString(), "--out", out.toString(), "--queries", "1000");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(Files.exists(out.resolve("confirm.csv")));
        assertFalse(Files.exists(out.resolve("engine.csv")));
    }

    @Test
    void confirm_withEngine_summaryShowsTheEngineRows() throws IOException {
        assumeTrue(RocksDbNative.available(), () -> RocksDbNative.problem().orElse(""));
        Path cases = cases("a.json", "{\"id\": \"a\", \"runs\": [{\"entries\": 1000}, {\"entries\": 10000}],"
                + " \"budget\": {\"bitsPerEntry\": 8}}");
        Cli.Outcome o = Cli.run("confirm", "--cases", cases.toString(), "--out", dir.resolve("out").toString(),
                "--queries", "2000", "--layout", "standard", "--engine", "rocksdb", "--engine-queries", "2000");
        assertEquals(0, o.exitCode(), o.err());
        List<String> engineRows = o.out().lines().filter(l -> l.contains(" rocksdb-engine ")).toList();
        assertEquals(2, engineRows.size(), o.out());
        assertTrue(engineRows.get(0).startsWith("a ") && engineRows.get(0).contains("uniform"), o.out());
        assertTrue(engineRows.get(1).contains("optimized"), o.out());
    }

    @Test
    void confirm_runTooLargeForRealFilters_exits3NamingTheFile() throws IOException {
        Path cases = cases("h.json", "{\"id\": \"huge\", \"runs\": [{\"entries\": 100000000000000},"
                + " {\"entries\": 1000}], \"budget\": {\"bitsPerEntry\": 10}}");
        Path out = dir.resolve("out");
        Cli.Outcome o = Cli.run("confirm", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(3, o.exitCode(), o.err());
        assertTrue(o.err().contains("h.json: runs: cannot be confirmed: run 1"), o.err());
        assertFalse(Files.exists(out));
    }
}
