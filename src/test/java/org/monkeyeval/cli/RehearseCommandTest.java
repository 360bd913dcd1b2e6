package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.report.RehearsalTables;
import org.monkeyeval.text.CsvTable;
import org.monkeyeval.text.Json;

/**
 * rehearse as a command: every column family of one copy rehearsed in turn, the CSV it prints the table
 * {@code --out} writes, with provenance naming the tool and each column family's case; a granularity that does
 * not rewrite RocksDB refused (exit 3) before anything is copied or kept; bad options exit 2.
 */
final class RehearseCommandTest {

    @TempDir
    static Path shared;

    static Path twoFamilies;

    @BeforeAll
    static void build() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        twoFamilies = shared.resolve("two");
        MeasureCommandTest.buildTwoFamilies(twoFamilies);
    }

    @Test
    void rehearse_allColumnFamiliesWithOut_printsTheTableItWritesBesideItsProvenance() throws Exception {
        Path out = shared.resolve("out");
        Cli.Outcome o = Cli.run("rehearse", "--rocksdb", twoFamilies.toString(), "--all-column-families",
                "--queries", "2000", "--format", "csv", "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        String written = Files.readString(out.resolve(RehearsalTables.CSV_FILE), StandardCharsets.UTF_8);
        assertEquals(written, o.out(), "--format csv prints the table --out writes");
        CsvTable table = CsvTable.parse(written);
        assertEquals(RehearsalTables.COLUMNS, table.header());
        assertEquals(2, table.rows().size());
        assertEquals(List.of("rocksdb-default", "rocksdb-users"),
                table.rows().stream().map(r -> r.get(0)).toList());
        for (List<String> row : table.rows()) {
            double budget = Double.parseDouble(row.get(RehearsalTables.COLUMNS.indexOf("budget_bits")));
            double after = Double.parseDouble(row.get(RehearsalTables.COLUMNS.indexOf("after_filter_bits")));
            assertTrue(after <= budget, row.toString());
            assertEquals(row.get(RehearsalTables.COLUMNS.indexOf("before_files_per_level")),
                    row.get(RehearsalTables.COLUMNS.indexOf("after_files_per_level")), "the shape is kept");
        }
        JsonNode provenance = Json.parse(Files.readString(out.resolve(RehearsalTables.PROVENANCE_FILE)));
        assertEquals("rehearse", provenance.get("command").asText());
        assertFalse(provenance.get("tool").get("version").asText().isEmpty());
        assertEquals(2000, provenance.get("queries").asLong());
        assertEquals("rocksdb-users", provenance.get("columnFamilies").get(1).get("case_id").asText());
        assertTrue(provenance.get("columnFamilies").get(0).get("copied").asText().contains("no process held it"));
    }

    @Test
    void rehearse_notARocksDbGranularity_exit3BeforeAnythingIsCopied() {
        Path keep = shared.resolve("never");
        Cli.Outcome o = Cli.run("rehearse", "--rocksdb", twoFamilies.toString(), "--engine-granularity", "pebble",
                "--keep", keep.toString());
        assertEquals(3, o.exitCode(), o.err());
        assertTrue(o.err().contains("pebble is not one of RocksDB's granularities"), o.err());
        assertEquals("", o.out());
        assertFalse(Files.exists(keep), "no copy was kept");
    }

    @Test
    void rehearse_badOptions_exit2() {
        Cli.Outcome both = Cli.run("rehearse", "--rocksdb", twoFamilies.toString(), "--all-column-families",
                "--column-family", "default");
        assertEquals(2, both.exitCode());
        assertTrue(both.err().contains("not both"), both.err());
        assertEquals(2, Cli.run("rehearse", "--rocksdb", twoFamilies.toString(), "--format", "xml").exitCode());
        Cli.Outcome help = Cli.run("rehearse", "--help");
        assertEquals(0, help.exitCode());
        assertTrue(help.out().contains("--all-column-families") && help.out().contains("secondary instance")
                && help.out().contains("--out"), help.out());
    }
}
