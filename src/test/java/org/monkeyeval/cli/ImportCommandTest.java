package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.engine.rocksdb.RocksDbTestDatabases;

/**
 * import then run works on a database RocksJava built: the case names the database by id, never by
 * path, and run adds the current allocation; a database db_bench writes to all along is imported
 * (exit 0) and stays whole; missing and non-RocksDB folders and unknown column families exit 3 and
 * write nothing; a bad --weights exits 2.
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

        // the case names RocksDB's per-level granularity: run needs no option for its deployable rows; import
        // prints that run command, with the built jar's path, and it runs as printed
        java.util.regex.Matcher hint = java.util.regex.Pattern.compile(
                "to price it against the optimum: java -jar " + ReportHint.BUILT_JAR + " (run --cases \\S+ --out \\S+)")
                .matcher(o.out());
        assertTrue(hint.find(), o.out());
        Path out = dir.resolve("cases-out");
        assertEquals("run --cases " + cases + " --out " + out, hint.group(1));
        Cli.Outcome r = Cli.run(hint.group(1).split(" "));
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("rocksdb-default: current R = "), r.out());
        List<String> header = List.of(Files.readAllLines(out.resolve("cases.csv")).get(0).split(","));
        assertTrue(header.containsAll(List.of("current_R", "current_cost", "deployable_R")), header.toString());
        String row = Files.readAllLines(out.resolve("cases.csv")).get(1);
        String[] cells = row.split(",");
        double uniform = Double.parseDouble(cells[header.indexOf("uniform_ideal_R")]);
        double optimized = Double.parseDouble(cells[header.indexOf("optimized_ideal_R")]);
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
    void import_whileDbBenchWritesTheDatabase_exits0AndTheDatabaseStaysWhole(@TempDir Path dir) throws Exception {
        Path dbBench = Path.of("/usr/bin/db_bench");
        assumeTrue(Files.isExecutable(dbBench), "db_bench (Debian rocksdb-tools) is not installed");
        Path live = dir.resolve("live");
        List<String> shape = List.of("--db=" + live, "--write_buffer_size=65536", "--bloom_bits=10",
                "--compression_type=none", "--value_size=100", "--max_bytes_for_level_base=262144",
                "--target_file_size_base=65536", "--seed=1");
        List<String> fill = new java.util.ArrayList<>(List.of(dbBench.toString(), "--benchmarks=fillrandom",
                "--num=20000"));
        fill.addAll(shape);
        Process first = new ProcessBuilder(fill).redirectErrorStream(true).redirectOutput(dir.resolve("fill.log").toFile())
                .start();
        assertTrue(first.waitFor(120, TimeUnit.SECONDS) && first.exitValue() == 0, Files.readString(dir.resolve("fill.log")));
        List<String> write = new java.util.ArrayList<>(List.of(dbBench.toString(), "--benchmarks=overwrite",
                "--use_existing_db=1", "--num=20000", "--duration=8"));
        write.addAll(shape);
        Process writer = new ProcessBuilder(write).redirectErrorStream(true)
                .redirectOutput(dir.resolve("write.log").toFile()).start();
        Path cases = Files.createDirectories(dir.resolve("cases"));
        try {
            Thread.sleep(1500); // db_bench has opened the database (holds its LOCK) and flushes as it writes
            for (int i = 0; i < 2; i++) {
                Cli.Outcome o = Cli.run("import", "--rocksdb", live.toString(), "--id", "live-" + i, "--to",
                        cases.resolve("live-" + i + ".json").toString());
                assertEquals(0, o.exitCode(), o.err());
                assertTrue(o.out().matches("(?s)wrote .* \\(column family default, MANIFEST-[0-9]{6}, sequence number"
                        + " [0-9]+\\)\\Rto price it against the optimum: .*"), o.out());
            }
            assertTrue(writer.isAlive(), "db_bench wrote all along");
        } finally {
            assertTrue(writer.waitFor(120, TimeUnit.SECONDS), "db_bench ended");
        }
        assertEquals(0, writer.exitValue(), Files.readString(dir.resolve("write.log")));
        String one = Files.readString(cases.resolve("live-1.json"));
        assertTrue(one.contains("\"family\": \"rocksdb\""), one);
        // the database is whole: RocksDB opens it and every block's checksum holds
        try (org.rocksdb.Options options = new org.rocksdb.Options();
             org.rocksdb.RocksDB ro = org.rocksdb.RocksDB.openReadOnly(options, live.toString())) {
            ro.verifyChecksum();
        }
        Cli.Outcome r = Cli.run("run", "--cases", cases.toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.exitCode(), r.err());
    }

    @Test
    void import_truncatedOrCorruptSst_exits3NamingTheFileAndWritesNothing(@TempDir Path dir) throws Exception {
        for (String damage : List.of("truncated", "corrupt")) {
            Path copy = dir.resolve(damage);
            RocksDbTestDatabases.build(copy);
            Path sst;
            try (java.util.stream.Stream<Path> files = Files.list(copy)) {
                sst = files.filter(f -> f.toString().endsWith(".sst")).sorted().findFirst().orElseThrow();
            }
            byte[] bytes = Files.readAllBytes(sst);
            if (damage.equals("truncated")) {
                Files.write(sst, java.util.Arrays.copyOf(bytes, bytes.length - 100));
            } else {
                for (int i = bytes.length - 400; i < bytes.length - 300; i++) {
                    bytes[i] ^= 0x5a;
                }
                Files.write(sst, bytes);
            }
            Path to = dir.resolve(damage + ".json");
            Cli.Outcome o = Cli.run("import", "--rocksdb", copy.toString(), "--to", to.toString());
            assertEquals(3, o.exitCode(), damage + ": " + o.err());
            assertTrue(o.err().contains(sst.getFileName().toString()), damage + ": " + o.err());
            assertFalse(Files.exists(to));
        }
    }

    @Test
    void import_allColumnFamilies_oneCasePerFamilyNamedByItsId(@TempDir Path dir) throws Exception {
        Path multi = dir.resolve("multi");
        RocksDbTestDatabases.build(multi);
        List<org.rocksdb.ColumnFamilyHandle> handles = new java.util.ArrayList<>();
        try (org.rocksdb.DBOptions options = new org.rocksdb.DBOptions();
             org.rocksdb.RocksDB rw = org.rocksdb.RocksDB.open(options, multi.toString(),
                     List.of(new org.rocksdb.ColumnFamilyDescriptor(org.rocksdb.RocksDB.DEFAULT_COLUMN_FAMILY)), handles)) {
            try (org.rocksdb.ColumnFamilyHandle users = rw.createColumnFamily(
                    new org.rocksdb.ColumnFamilyDescriptor("Users 2".getBytes(StandardCharsets.UTF_8)));
                 org.rocksdb.FlushOptions flush = new org.rocksdb.FlushOptions().setWaitForFlush(true)) {
                for (int k = 0; k < 3_000; k++) {
                    rw.put(users, ("user-" + k).getBytes(StandardCharsets.UTF_8), new byte[8]);
                }
                rw.flush(flush, users);
            }
            handles.forEach(org.rocksdb.ColumnFamilyHandle::close);
        }
        Path out = dir.resolve("cases");
        Cli.Outcome o = Cli.run("import", "--rocksdb", multi.toString(), "--all-column-families", "--to", out.toString());
        assertEquals(0, o.exitCode(), o.err() + o.out());
        try (java.util.stream.Stream<Path> files = Files.list(out)) {
            assertEquals(List.of("rocksdb-default.json", "rocksdb-users-2.json"),
                    files.map(f -> f.getFileName().toString()).sorted().toList());
        }
        assertTrue(o.out().contains("column family Users 2, MANIFEST-"), o.out());
        String users = Files.readString(out.resolve("rocksdb-users-2.json"));
        assertTrue(users.contains("\"entries\": 3000"), users);
        assertEquals(Cli.run("import", "--rocksdb", multi.toString()).out(),
                Files.readString(out.resolve("rocksdb-default.json")));
        Cli.Outcome run = Cli.run("run", "--cases", out.toString(), "--out", dir.resolve("run").toString());
        assertEquals(0, run.exitCode(), run.err());
        Cli.Outcome noFolder = Cli.run("import", "--rocksdb", multi.toString(), "--all-column-families");
        assertEquals(2, noFolder.exitCode(), noFolder.err());
        Cli.Outcome both = Cli.run("import", "--rocksdb", multi.toString(), "--all-column-families",
                "--column-family", "default", "--to", dir.resolve("x").toString());
        assertEquals(2, both.exitCode(), both.err());
        assertFalse(Files.exists(dir.resolve("x")));
    }

    @Test
    void run_caseWithPrefixOnlyFilters_pricesCurrentOnTheFiltersPrefixes(@TempDir Path dir) throws Exception {
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Files.writeString(cases.resolve("px.json"), "{\"id\": \"px\", \"runs\": [{\"name\": \"L6\", \"entries\": 40,"
                + " \"files\": [{\"name\": \"000009.sst\", \"entries\": 100, \"filterEntries\": 40,"
                + " \"wholeKeyFiltering\": false, \"prefixExtractor\": \"rocksdb.FixedPrefix.3\", \"filter\":"
                + " {\"family\": \"rocksdb\", \"bits\": 1064, \"parameters\": {\"lines\": 2, \"probes\": 6}}}]}],"
                + " \"budget\": {\"totalBits\": 1064}}");
        Path out = dir.resolve("out");
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("px: current R = ([0-9.e-]+),").matcher(o.out());
        assertTrue(m.find(), o.out());
        double expected = org.monkeyeval.filter.LineOccupancy.fpr(40, 2, 6); // over its 40 prefixes, not 100 keys
        assertEquals(expected, Double.parseDouble(m.group(1)), 1e-5 * expected, o.out());
        assertTrue(Files.exists(out.resolve("cases.csv")));
    }
}
