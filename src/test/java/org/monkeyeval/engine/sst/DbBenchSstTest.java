package org.monkeyeval.engine.sst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tables written by RocksDB 7.8.3's db_bench (Debian rocksdb-tools: format_version 5, XXH3 checksums
 * by default) are read: every *.sst of a database filled by {@code fillrandom} and flushed, with a
 * full and with a partitioned filter. Where sst_dump (same package) is there, the entries, data size,
 * index size, filter size and filter policy it prints for each file equal this reader's.
 */
final class DbBenchSstTest {

    static final Path DB_BENCH = Path.of("/usr/bin/db_bench");
    static final Path SST_DUMP = Path.of("/usr/bin/sst_dump");

    @TempDir
    Path dir;

    private static String run(Path workDir, List<String> command) throws IOException, InterruptedException {
        Path log = Files.createTempFile(workDir, "out", ".txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command + " did not finish in 120 s");
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), () -> command + " failed:\n" + out);
        return out;
    }

    @ParameterizedTest(name = "partition_index_and_filters={0}")
    @ValueSource(booleans = {false, true})
    void read_dbBenchFillrandom_everySstReadsAndMatchesSstDump(boolean partitioned) throws Exception {
        assumeTrue(Files.isExecutable(DB_BENCH), "db_bench test skipped: no " + DB_BENCH + " (Debian rocksdb-tools)");
        Path db = dir.resolve("db");
        List<String> cmd = new ArrayList<>(List.of(DB_BENCH.toString(), "--benchmarks=fillrandom,flush",
                "--num=20000", "--db=" + db, "--bloom_bits=10", "--compression_type=none", "--seed=1"));
        if (partitioned) {
            cmd.add("--partition_index_and_filters=1");
        }
        run(dir, cmd);
        List<Path> tables;
        try (Stream<Path> files = Files.list(db)) {
            tables = files.filter(f -> f.getFileName().toString().endsWith(".sst")).sorted().toList();
        }
        assertFalse(tables.isEmpty(), "db_bench left no SST file in " + db);
        for (Path table : tables) {
            SstFile sst = SstFile.read(table);
            assertEquals(5, sst.formatVersion(), "db_bench's default format_version");
            assertEquals(ChecksumType.XXH3, sst.checksumType(), "db_bench's default checksum_type 4");
            assertTrue(sst.checksumsVerified());
            assertEquals(partitioned ? SstFilter.Kind.PARTITIONED : SstFilter.Kind.FULL, sst.filter().kind());
            assertEquals(sst.properties().filterSize(), sst.filter().totalBytes(), table.toString());
            assertEquals("bloomfilter", sst.properties().filterPolicyName());
            assertEquals("default", sst.properties().columnFamilyName());
            assertTrue(sst.properties().numEntries() > 0);
            assertTrue(sst.keyRange().isPresent());
            if (Files.isExecutable(SST_DUMP)) {
                Map<String, Long> dumped = sstDumpNumbers(run(dir, List.of(SST_DUMP.toString(), "--file=" + table,
                        "--show_properties")));
                assertEquals(dumped.get("# entries"), sst.properties().numEntries(), "entries");
                assertEquals(dumped.get("data block size"), sst.properties().dataSize(), "data size");
                assertEquals(dumped.get("index block size"), sst.properties().indexSize(), "index size");
                assertEquals(dumped.get("filter block size"), sst.properties().filterSize(), "filter size");
            }
        }
    }

    /** The {@code name: number} lines of sst_dump --show_properties (the index line carries a parenthesis). */
    static Map<String, Long> sstDumpNumbers(String out) {
        Map<String, Long> values = new HashMap<>();
        Matcher m = Pattern.compile("(?m)^\\s+([#a-z ]+?)(?: \\([^)]*\\))?: (\\d+)$").matcher(out);
        while (m.find()) {
            values.putIfAbsent(m.group(1), Long.parseLong(m.group(2)));
        }
        for (String key : List.of("# entries", "data block size", "index block size", "filter block size")) {
            assertTrue(values.containsKey(key), () -> "sst_dump printed no \"" + key + "\":\n" + out);
        }
        return values;
    }
}
