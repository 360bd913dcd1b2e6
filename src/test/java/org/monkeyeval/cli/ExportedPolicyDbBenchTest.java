package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.ExternalProcess;
import org.monkeyeval.engine.rocksdb.DbBenchDatabases;
import org.monkeyeval.engine.rocksdb.DbBenchDatabases.Database;
import org.monkeyeval.engine.rocksdb.RocksDbTestDatabases;
import org.monkeyeval.text.Json;

/**
 * The road from a database db_bench built (RocksDB 7.8.3's default level_compaction_dynamic_level_bytes=false)
 * to a running one: {@code import}, then {@code export --engine rocksdb-per-level} keeps each run at its own
 * level; the exported C++ policy, compiled against Debian's librocksdb-dev, rewrites a copy of the database as a
 * process that links it writes it (every file at its own level, resources/cpp/rewrite_with_policy.cc); the
 * database's OPTIONS file then names the policy, and {@code measure}, a process without the class, opens it
 * with the built-in reader, says so, reads its filters, and counts what db_bench's readmissing counts on the
 * same files within 5% (or 3 standard errors of the two counts' difference, whichever is wider), and the export's
 * predicted cost within 10% (or 3 standard errors of its count).
 */
@Tag("integration")
final class ExportedPolicyDbBenchTest {

    private static final long LOOKUPS = 200_000;

    @TempDir
    Path dir;

    @Test
    void exportedPolicy_rewritesADbBenchDatabase_measureFindsItsFiltersAndAgreesWithDbBench() throws Exception {
        assumeTrue(Files.exists(Path.of("/usr/include/rocksdb/filter_policy.h")),
                "RocksDB headers not installed (apt-get install librocksdb-dev)");
        assumeTrue(run(dir, List.of("g++", "--version")) == 0, "g++ not installed");
        Path db = DbBenchDatabases.build(Database.BLOOM_10, dir.resolve("db"));

        Path cases = Files.createDirectories(dir.resolve("cases"));
        Cli.Outcome imported = Cli.run("import", "--rocksdb", db.toString(), "--to", cases.resolve("db.json").toString());
        assertEquals(0, imported.exitCode(), imported.err());
        Path policy = dir.resolve("policy.h");
        Cli.Outcome exported = Cli.run("export", "--engine", "rocksdb-per-level", "--cases", cases.toString(),
                "--case", "rocksdb-default", "--to", policy.toString());
        assertEquals(0, exported.exitCode(), exported.err());
        String header = Files.readString(policy);
        assertTrue(header.contains("RocksDB levels as the database holds them") && header.contains("-> L1")
                && header.contains("level_compaction_dynamic_level_bytes = false"), header);
        Matcher cost = Pattern.compile("expected cost \\(run reads per lookup\\) ([0-9.eE-]+)").matcher(header);
        assertTrue(cost.find(), header);
        double predicted = Double.parseDouble(cost.group(1));

        Path rewritten = RocksDbTestDatabases.copyWithoutLock(db, dir.resolve("rewritten"));
        try (InputStream source = getClass().getResourceAsStream("/cpp/rewrite_with_policy.cc")) {
            Files.write(dir.resolve("rewrite.cc"), source.readAllBytes());
        }
        assertEquals(0, run(dir, List.of("g++", "-std=c++17", "-O1", "-I", dir.toString(), "rewrite.cc", "-o",
                "rewrite", "-lrocksdb")), () -> "compile and link: " + log(dir));
        assertEquals(0, run(dir, List.of(dir.resolve("rewrite").toString(), rewritten.toString())),
                () -> "rewrite: " + log(dir));
        assertTrue(log(dir).startsWith("rewrote "), log(dir));
        assertTrue(latestOptions(rewritten).contains("MonkeyLevelFilterPolicy"),
                "the database's OPTIONS file names the policy it was written with");

        Cli.Outcome m = Cli.run("measure", "--rocksdb", rewritten.toString(), "--queries", Long.toString(LOOKUPS),
                "--seed", "1", "--format", "json");
        assertEquals(0, m.exitCode(), m.err());
        JsonNode family = Json.parse(m.out()).get("columnFamilies").get(0);
        assertTrue(family.get("notes").toString().contains("rocksdb.BuiltinBloomFilter"), family.toString());
        assertTrue(family.get("bloomFilterUseful").asLong() > 0.9 * LOOKUPS, family.toString());
        double measured = family.get("measured_R").asDouble();
        DbBenchDatabases.ReadMissing dbBench = DbBenchDatabases.readMissing(Database.BLOOM_10, rewritten, dir,
                LOOKUPS, 9);
        assertEquals(0, dbBench.found());
        System.out.printf(Locale.ROOT, "exported policy on %s: measure %.5f, db_bench readmissing %.5f, export's"
                + " predicted cost %.5f%n", Database.BLOOM_10.label(), measured, dbBench.blocksPerRead(), predicted);
        // counts of about 1,250 blocks each: the difference of two has a standard error near 4%, one alone near 3%
        double differenceSe = Math.sqrt((measured + dbBench.blocksPerRead()) / LOOKUPS);
        assertTrue(Math.abs(measured - dbBench.blocksPerRead())
                <= Math.max(0.05 * dbBench.blocksPerRead(), 3 * differenceSe), () -> String.format(
                Locale.ROOT, "measure %.5f, db_bench %.5f", measured, dbBench.blocksPerRead()));
        double measuredSe = Math.sqrt(measured / LOOKUPS);
        assertTrue(Math.abs(measured - predicted) <= Math.max(0.10 * predicted, 3 * measuredSe), () -> String.format(
                Locale.ROOT, "measure %.5f, the export's predicted cost %.5f", measured, predicted));
    }

    private static String latestOptions(Path db) throws IOException {
        try (Stream<Path> files = Files.list(db)) {
            Path latest = files.filter(f -> f.getFileName().toString().startsWith("OPTIONS-"))
                    .max((a, b) -> Long.compare(number(a), number(b))).orElseThrow();
            return Files.readString(latest);
        }
    }

    private static long number(Path options) {
        return Long.parseLong(options.getFileName().toString().substring("OPTIONS-".length()));
    }

    private static String log(Path dir) {
        return ExternalProcess.log(dir, "run.log");
    }

    private static int run(Path dir, List<String> command) throws InterruptedException {
        return ExternalProcess.run(dir, "run.log", command);
    }
}
