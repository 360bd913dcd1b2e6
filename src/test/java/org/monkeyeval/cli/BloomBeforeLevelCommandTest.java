package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run} writes bloom-before-level.csv beside cases.csv when a case is at rocksdb-ribbon granularity
 * (and removes an earlier one when none is), {@code verify} holds it to its recomputation when the
 * folder's provenance lists it and only notes it when an earlier version wrote the folder without it,
 * and {@code report} draws the case's bloom_before_level figure from it.
 */
final class BloomBeforeLevelCommandTest {

    private static final String CASE = "leveled-6-t10-5bpe-ribbon";
    private static final String TABLE = "bloom-before-level.csv";

    @TempDir
    Path dir;
    Path cases;
    Path out;

    @BeforeEach
    void runTheRibbonCase() throws IOException {
        cases = Files.createDirectories(dir.resolve("cases"));
        out = dir.resolve("out");
        Files.copy(Path.of("cases", CASE + ".json"), cases.resolve(CASE + ".json"));
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("wrote cases.csv, rows.csv, " + TABLE + ", provenance.json"), o.out());
    }

    private Cli.Outcome verify() {
        return Cli.run("verify", "--cases", cases.toString(), "--out", out.toString());
    }

    @Test
    void verify_folderJustRun_checksTheTableByteForByte() {
        assertTrue(Files.exists(out.resolve(TABLE)));
        Cli.Outcome o = verify();
        assertEquals(0, o.exitCode(), o.out() + o.err());
        assertTrue(o.out().contains("ok   " + TABLE + ": byte-identical"), o.out());
    }

    @Test
    void verify_editedCost_failsNamingTheRowAndColumn() throws IOException {
        Path table = out.resolve(TABLE);
        String text = Files.readString(table);
        String edited = text.replaceFirst("(" + CASE + ",7,[^,]*,[^,]*,)([^,]*)", "$10.5");
        assertFalse(edited.equals(text), "fixture: the row to edit exists");
        Files.writeString(table, edited);
        Cli.Outcome o = verify();
        assertEquals(1, o.exitCode(), o.out());
        assertTrue(o.out().contains("FAIL " + TABLE), o.out());
        assertTrue(o.out().contains("case_id=" + CASE + " bloom_before_level=7 deployable_cost: published 0.5"),
                o.out());
    }

    @Test
    void verify_folderWrittenBeforeTheTable_notesItAndPasses() throws IOException {
        // as an earlier version wrote it: no table, and provenance.json lists none
        Files.delete(out.resolve(TABLE));
        Path provenance = out.resolve("provenance.json");
        String recorded = Files.readString(provenance);
        String without = recorded.replaceFirst(",\\s*\\{\\s*\"path\": \"" + TABLE
                + "\",\\s*\"sha256\": \"[0-9a-f]+\"\\s*}", "");
        assertFalse(without.equals(recorded), "fixture: provenance lists the table");
        Files.writeString(provenance, without);
        Cli.Outcome o = verify();
        assertEquals(0, o.exitCode(), o.out() + o.err());
        assertTrue(o.out().contains("note " + TABLE + ": not listed in provenance.json"), o.out());
    }

    @Test
    void run_noCaseAtRocksdbRibbon_removesTheEarlierTable() throws IOException {
        Path file = cases.resolve(CASE + ".json");
        Files.writeString(file, Files.readString(file).replace("\"rocksdb-ribbon\"", "\"rocksdb-per-level\""));
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertFalse(Files.exists(out.resolve(TABLE)), "no table without provenance");
        assertFalse(o.out().contains(TABLE), o.out());
        assertEquals(0, verify().exitCode());
    }

    @Test
    void report_afterRun_drawsTheFigureAndVerifyRedrawsItByteForByte() {
        Cli.Outcome o = Cli.run("report", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(Files.exists(out.resolve("figures/" + CASE + "-bloom-before-level.svg")));
        Cli.Outcome v = verify();
        assertEquals(0, v.exitCode(), v.out() + v.err());
        assertTrue(v.out().contains("report files (page and figures): byte-identical"), v.out());
    }
}
