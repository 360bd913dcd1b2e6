package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.engine.RocksDbNative;
import org.monkeyeval.engine.RocksDbTestDatabases;

/**
 * import then run works on a database RocksJava built: the case names the database by id, never by
 * path, and run adds the current allocation; missing, non-RocksDB and locked folders and unknown
 * column families exit 3 and write nothing; a bad --weights exits 2.
 */
final class ImportCommandTest {

    @TempDir
    static Path shared;

    static Path db;

    @BeforeAll
    static void build() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        db = shared.resolve("db");
        RocksDbTestDatabases.build(db);
    }

    @Test
    void importThenRun_addsTheCurrentAllocation(@TempDir Path dir) throws Exception {
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Path caseFile = cases.resolve("db.json");
        Cli.Outcome o = Cli.run("import", "--rocksdb", db.toString(), "--to", caseFile.toString());
        assertEquals(0, o.exitCode(), o.err());
        String json = Files.readString(caseFile);
        assertFalse(json.contains(shared.toString()), json);
        assertTrue(json.contains("RocksDB db_id "), json);
        assertTrue(json.contains("\"currentBitsPerEntry\""), json);

        assertTrue(json.contains("\"engineGranularity\": \"rocksdb-per-level\""), json);

        // the case names RocksDB's per-level granularity: run needs no option for its deployable rows
        Path out = dir.resolve("out");
        Cli.Outcome r = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("rocksdb-default: current R = "), r.out());
        List<String> header = List.of(Files.readAllLines(out.resolve("cases.csv")).get(0).split(","));
        assertTrue(header.containsAll(List.of("current_R", "current_cost", "deployable_R")), header.toString());
        String row = Files.readAllLines(out.resolve("cases.csv")).get(1);
        String[] cells = row.split(",");
        double uniform = Double.parseDouble(cells[header.indexOf("uniform_R")]);
        double optimized = Double.parseDouble(cells[header.indexOf("optimized_R")]);
        double current = Double.parseDouble(cells[header.indexOf("current_R")]);
        assertTrue(optimized <= current && optimized <= uniform, row);
        assertEquals("rocksdb-per-level", cells[header.indexOf("engine_granularity")]);
        assertEquals(0, Cli.run("verify", "--cases", cases.toString(), "--out", out.toString()).exitCode());
    }

    @Test
    void import_engineGranularity_namedOrLeftOut(@TempDir Path dir) throws Exception {
        Cli.Outcome pebble = Cli.run("import", "--rocksdb", db.toString(), "--engine-granularity", "pebble");
        assertEquals(0, pebble.exitCode(), pebble.err());
        assertTrue(pebble.out().contains("\"engineGranularity\": \"pebble\""), pebble.out());
        Cli.Outcome none = Cli.run("import", "--rocksdb", db.toString(), "--engine-granularity", "none");
        assertEquals(0, none.exitCode(), none.err());
        assertFalse(none.out().contains("engineGranularity"), none.out());
    }

    @Test
    void import_toStandardOutput_isTheSameCase(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("c.json");
        assertEquals(0, Cli.run("import", "--rocksdb", db.toString(), "--to", file.toString()).exitCode());
        Cli.Outcome o = Cli.run("import", "--rocksdb", db.toString());
        assertEquals(Files.readString(file), o.out());
    }

    @Test
    void import_badInputs_exit3AndWriteNothing(@TempDir Path dir) throws Exception {
        Path to = dir.resolve("c.json");
        Path plain = Files.createDirectories(dir.resolve("plain"));
        for (String[] args : List.of(
                new String[] {"--rocksdb", dir.resolve("absent").toString()},
                new String[] {"--rocksdb", plain.toString()},
                new String[] {"--rocksdb", db.toString(), "--column-family", "users"})) {
            List<String> line = new java.util.ArrayList<>(List.of("import", "--to", to.toString()));
            line.addAll(List.of(args));
            Cli.Outcome o = Cli.run(line.toArray(new String[0]));
            assertEquals(3, o.exitCode(), String.join(" ", args) + ": " + o.err());
            assertTrue(o.err().startsWith("monkey-eval: "), o.err());
            assertFalse(Files.exists(to));
        }
        Cli.Outcome weights = Cli.run("import", "--rocksdb", db.toString(), "--weights", "all");
        assertEquals(2, weights.exitCode());
        Cli.Outcome engine = Cli.run("import", "--rocksdb", db.toString(), "--engine-granularity", "lmdb",
                "--to", to.toString());
        assertEquals(2, engine.exitCode());
        assertTrue(engine.err().contains("--engine-granularity: unknown engine 'lmdb'"), engine.err());
        assertFalse(Files.exists(to));
        // RocksDB keeps num_reads_sampled in memory: a closed database opened read-only reports none
        Cli.Outcome sampled = Cli.run("import", "--rocksdb", db.toString(), "--weights", "sampled-reads",
                "--to", to.toString());
        assertEquals(3, sampled.exitCode());
        assertTrue(sampled.err().contains("records sampled reads"), sampled.err());
        assertFalse(Files.exists(to));
    }

    @Test
    void import_databaseOpenInAnotherProcess_exits3(@TempDir Path dir) throws Exception {
        Path copy = dir.resolve("locked");
        RocksDbTestDatabases.build(copy);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process holder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "org.monkeyeval.engine.LockHolder", copy.toString()).redirectErrorStream(true).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                    StandardCharsets.UTF_8));
            assertEquals("open", lines.readLine());
            Cli.Outcome o = Cli.run("import", "--rocksdb", copy.toString());
            assertEquals(3, o.exitCode(), o.err());
            assertTrue(o.err().contains("locked by another process"), o.err());
        } finally {
            holder.getOutputStream().close();
            if (!holder.waitFor(30, TimeUnit.SECONDS)) {
                holder.destroyForcibly();
            }
        }
    }
}
