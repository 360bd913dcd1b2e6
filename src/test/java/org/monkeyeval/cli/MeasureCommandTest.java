package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDB;

import org.monkeyeval.engine.rocksdb.LiveWriter;
import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.engine.rocksdb.RocksDbTestDatabases;
import org.monkeyeval.text.Json;

/**
 * measure on databases RocksJava built: it prints measured_R with its interval beside the predicted
 * current_R and the version read, counts only absent keys, gives the same counts for the same seed,
 * measures every column family when asked, leaves the database's files as they were, and measures a
 * database another process holds and writes to (as a secondary instance); no database,
 * an unknown column family, a truncated and a corrupt SST exit 3 naming the folder or the file, and
 * print nothing on standard output; bad options exit 2.
 */
final class MeasureCommandTest {

    @TempDir
    static Path shared;

    static Path db;
    static Path twoFamilies;

    @BeforeAll
    static void build() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        db = shared.resolve("db");
        RocksDbTestDatabases.build(db);
        twoFamilies = shared.resolve("two");
        buildTwoFamilies(twoFamilies);
    }

    /** default and users, 3,000 keys each at 10 bits per key, flushed. */
    static void buildTwoFamilies(Path dir) throws Exception {
        try (BloomFilter bloom = new BloomFilter(10, false);
             ColumnFamilyOptions cf = new ColumnFamilyOptions().setTableFormatConfig(
                     new BlockBasedTableConfig().setFilterPolicy(bloom));
             DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
             FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            try (RocksDB rocks = RocksDB.open(options, dir.toString(), List.of(
                    new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, cf),
                    new ColumnFamilyDescriptor("users".getBytes(StandardCharsets.UTF_8), cf)), handles)) {
                for (int f = 0; f < 2; f++) {
                    for (int k = 0; k < 3_000; k++) {
                        rocks.put(handles.get(f), ("key-" + f + "-" + k).getBytes(StandardCharsets.UTF_8), new byte[8]);
                    }
                    rocks.flush(flush, handles.get(f));
                }
                handles.forEach(ColumnFamilyHandle::close);
            }
        }
    }

    private static JsonNode json(String... args) throws Exception {
        List<String> line = new ArrayList<>(List.of("measure", "--format", "json"));
        line.addAll(List.of(args));
        Cli.Outcome o = Cli.run(line.toArray(new String[0]));
        assertEquals(0, o.exitCode(), o.err());
        return Json.parse(o.out());
    }

    @Test
    void measure_table_printsMeasuredBesidePredictedAndTheVersion() {
        Cli.Outcome o = Cli.run("measure", "--rocksdb", db.toString(), "--queries", "5000");
        assertEquals(0, o.exitCode(), o.err());
        for (String part : List.of("column family default: MANIFEST-", "sequence number 50000", "measured_R",
                "95% interval", "predicted current_R", "of measured", "5000 absent keys (seed 1;",
                "50000 present keys iterated", "useful ", "full positive ", "block cache hits", "p50 ", "p99 ")) {
            assertTrue(o.out().contains(part), () -> part + " missing in\n" + o.out());
        }
    }

    @Test
    void measure_absentKeys_countedWithTheirFilterTickers() throws Exception {
        JsonNode f = json("--rocksdb", db.toString(), "--queries", "20000").get("columnFamilies").get(0);
        assertEquals(20_000, f.get("lookups").asLong());
        assertEquals(0, f.get("foundAndReplaced").asLong());
        assertEquals(0, f.get("bloomFilterFullTruePositive").asLong());
        long blocks = f.get("dataBlocksRead").asLong();
        assertEquals(blocks, f.get("blockCacheDataHit").asLong() + f.get("blockCacheDataMiss").asLong());
        assertEquals(blocks / 20_000.0, f.get("measured_R").asDouble(), 1e-12);
        // every file is filtered: a data block is read only past a positive, one or (rarely) two per positive
        long positives = f.get("bloomFilterFullPositive").asLong();
        assertTrue(positives > 0 && blocks >= positives && blocks <= 2 * positives, blocks + " vs " + positives);
        double lower = f.get("measured_R_interval").get("lower").asDouble();
        double upper = f.get("measured_R_interval").get("upper").asDouble();
        assertTrue(lower < f.get("measured_R").asDouble() && f.get("measured_R").asDouble() < upper, f.toString());
        // five runs (two L0 files, three levels) each asked once per lookup that lies in its key range
        assertTrue(f.get("bloomFilterUseful").asLong() + positives <= 5 * 20_000L, f.toString());
        assertTrue(f.get("predicted_current_R").asDouble() > 0);
    }

    @Test
    void measure_sameSeed_sameCounts() throws Exception {
        JsonNode a = json("--rocksdb", db.toString(), "--queries", "3000", "--seed", "7");
        JsonNode b = json("--rocksdb", db.toString(), "--queries", "3000", "--seed", "7");
        for (JsonNode doc : List.of(a, b)) {
            ObjectNode f = (ObjectNode) doc.get("columnFamilies").get(0);
            f.remove(List.of("getLatencyP50Micros", "getLatencyP99Micros", "blockCacheDataHit", "blockCacheDataMiss"));
        }
        assertEquals(a, b);
    }

    @Test
    void measure_database_filesUnchangedAndNothingAdded() throws Exception {
        Map<String, String> before = DbBenchMeasureTest.files(db);
        assertEquals(0, Cli.run("measure", "--rocksdb", db.toString(), "--queries", "2000").exitCode());
        assertEquals(before, DbBenchMeasureTest.files(db));
    }

    @Test
    void measure_allColumnFamilies_oneEntryEach() throws Exception {
        JsonNode families = json("--rocksdb", twoFamilies.toString(), "--all-column-families", "--queries", "2000")
                .get("columnFamilies");
        assertEquals(2, families.size());
        assertEquals("default", families.get(0).get("columnFamily").asText());
        assertEquals("users", families.get(1).get("columnFamily").asText());
        assertEquals(3000, families.get(1).get("presentKeys").asLong());
        JsonNode users = json("--rocksdb", twoFamilies.toString(), "--column-family", "users", "--queries", "2000")
                .get("columnFamilies");
        assertEquals(1, users.size());
        assertEquals(families.get(1).get("dataBlocksRead"), users.get(0).get("dataBlocksRead"));
    }

    @Test
    void measure_whileAnotherProcessWrites_measuresASecondaryInstance(@TempDir Path dir) throws Exception {
        Path live = copy(db, dir.resolve("live"));
        try (LiveWriter.Child writer = LiveWriter.start(live, 1_000_000, 300)) {
            JsonNode f = json("--rocksdb", live.toString(), "--queries", "3000").get("columnFamilies").get(0);
            assertEquals("secondary", f.get("openedAs").asText());
            assertEquals(3000, f.get("lookups").asLong());
            assertTrue(f.get("sequenceNumber").asLong() > 50_000, f.toString());
            assertTrue(writer.alive(), "the writer ran the whole time");
            assertTrue(writer.stop() > 0, "the writer wrote");
        }
    }

    @Test
    void measure_badInput_exit3NamingItAndPrintingNothing(@TempDir Path dir) throws Exception {
        Path plain = Files.createDirectories(dir.resolve("plain"));
        Path truncated = copy(db, dir.resolve("truncated"));
        Path truncatedFile = largestSst(truncated);
        try (var channel = java.nio.channels.FileChannel.open(truncatedFile, java.nio.file.StandardOpenOption.WRITE)) {
            channel.truncate(1000);
        }
        Path corrupt = copy(db, dir.resolve("corrupt"));
        Path corruptFile = largestSst(corrupt);
        byte[] bytes = Files.readAllBytes(corruptFile);
        for (int i = 100; i < 200; i++) {
            bytes[i] ^= (byte) 0xFF; // inside the first data block: its checksum no longer matches
        }
        Files.write(corruptFile, bytes);
        for (String[] args : List.of(
                new String[] {"--rocksdb", dir.resolve("absent").toString(), dir.resolve("absent") + ": no such folder"},
                new String[] {"--rocksdb", plain.toString(), plain + ": not a RocksDB database"},
                new String[] {"--rocksdb", db.toString(), "--column-family", "users", "no column family 'users'"},
                new String[] {"--rocksdb", truncated.toString(), truncatedFile.getFileName().toString()},
                new String[] {"--rocksdb", corrupt.toString(), corruptFile.getFileName().toString()})) {
            List<String> line = new ArrayList<>(List.of("measure", "--queries", "2000"));
            line.addAll(List.of(args).subList(0, args.length - 1));
            Cli.Outcome o = Cli.run(line.toArray(new String[0]));
            String expected = args[args.length - 1];
            assertEquals(3, o.exitCode(), () -> String.join(" ", line) + ": " + o.err());
            assertTrue(o.err().startsWith("monkey-eval: ") && o.err().contains(expected), () -> expected + ": " + o.err());
            assertFalse(o.err().contains("\tat "), o.err());
            assertEquals("", o.out());
        }
    }

    @Test
    void measure_badOptions_exit2() {
        assertEquals(2, Cli.run("measure", "--rocksdb", db.toString(), "--queries", "1").exitCode());
        assertEquals(2, Cli.run("measure", "--rocksdb", db.toString(), "--format", "csv").exitCode());
        Cli.Outcome both = Cli.run("measure", "--rocksdb", db.toString(), "--all-column-families",
                "--column-family", "default");
        assertEquals(2, both.exitCode());
        assertTrue(both.err().contains("not both"), both.err());
        Cli.Outcome help = Cli.run("measure", "--help");
        assertEquals(0, help.exitCode());
        assertTrue(help.out().contains("--all-column-families") && help.out().contains("secondary instance"), help.out());
    }

    private static Path copy(Path from, Path to) throws Exception {
        return RocksDbTestDatabases.copyWithoutLock(from, to);
    }

    private static Path largestSst(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".sst"))
                    .max(java.util.Comparator.comparingLong(f -> f.toFile().length())).orElseThrow();
        }
    }
}
