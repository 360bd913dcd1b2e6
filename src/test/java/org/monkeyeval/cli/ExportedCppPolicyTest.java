package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.ExternalProcess;
import org.monkeyeval.family.rocksdb.Ribbon;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.Xxph3;

/**
 * The C++ FilterPolicy that export writes for rocksdb-per-level compiles against the RocksDB headers
 * installed on the machine (Debian's librocksdb-dev; .ci/run installs it), links, and builds filters
 * of the exported type and bits per key at the level a file is written to: the flushed file with level
 * 0's setting, the file CompactFiles rewrites into level 6 with level 6's (Bloom, or Ribbon of the size
 * Ribbon's rules give for the file's first key). Skipped where g++ or the
 * headers are missing.
 */
final class ExportedCppPolicyTest {

    private static final int KEYS = 20_000;

    @TempDir
    Path dir;

    @Test
    void exportedPolicy_compilesAndBuildsEachLevelsFilterSize() throws Exception {
        Path policy = exportedPolicy();
        Matcher m = Pattern.compile("bits_ = \\{([^}]*)\\}").matcher(Files.readString(policy));
        assumeTrue(m.find());
        String[] bits = m.group(1).split(", ");
        Matcher r = Pattern.compile("ribbon_ = \\{([^}]*)\\}").matcher(Files.readString(policy));
        assertEquals(true, r.find(), "the policy says which levels build Ribbon");
        String[] ribbon = r.group(1).split(", ");
        try (InputStream source = getClass().getResourceAsStream("/cpp/level_policy_check.cc")) {
            Files.write(dir.resolve("check.cc"), source.readAllBytes());
        }
        assertEquals(0, run(dir, List.of("g++", "-std=c++17", "-O0", "-I", dir.toString(), "check.cc", "-o", "check",
                "-lrocksdb")), "compile and link");
        Path output = dir.resolve("output.txt");
        ProcessBuilder check = new ProcessBuilder(dir.resolve("check").toString(), dir.resolve("db").toString(),
                Integer.toString(KEYS)).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(output.toFile());
        Process p = check.start();
        assertEquals(true, p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), Files.readString(output));
        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
        assertEquals("L0 " + expectedBytes(bits[0], ribbon[0]), lines.get(0));
        assertEquals("L6 " + expectedBytes(bits[6], ribbon[6]), lines.get(1));
    }

    /**
     * A second process reopens the database from its OPTIONS file with the filters still read: one that links
     * the exported code and calls its registration gets the policy back; one without it loads no filter
     * policy and reads no filter, and reads them all once given filter_policy=rocksdb.BuiltinBloomFilter, as
     * the export says (the filters are stored under the built-in CompatibilityName).
     */
    @Test
    void exportedPolicy_reopenedFromItsOptionsFile_readsItsFiltersWithTheRegistrationOrTheBuiltInReader()
            throws Exception {
        assertTrue(Files.readString(exportedPolicy()).contains("filter_policy=rocksdb.BuiltinBloomFilter"));
        try (InputStream source = getClass().getResourceAsStream("/cpp/reopen_policy_check.cc")) {
            Files.write(dir.resolve("reopen.cc"), source.readAllBytes());
        }
        assertEquals(0, run(dir, List.of("g++", "-std=c++17", "-O0", "-I", dir.toString(), "reopen.cc", "-o",
                "reopen", "-lrocksdb")), "compile and link");
        String db = dir.resolve("reopen-db").toString();
        int keys = 2_000;
        assertEquals(List.of("built"), check("build", db, keys));
        List<String> registered = check("registered", db, keys);
        assertEquals("policy MonkeyLevelFilterPolicy", registered.get(0));
        assertTrue(useful(registered.get(1)) > 0.9 * keys, registered.toString());
        List<String> stock = check("stock", db, keys);
        assertEquals(List.of("policy null", "useful 0"), stock.subList(0, 2), "without the class no filter is read");
        assertEquals("policy rocksdb.BuiltinBloomFilter", stock.get(2));
        assertTrue(useful(stock.get(3)) > 0.9 * keys, stock.toString());
    }

    /** The rocksdb-per-level export of a six-level tree at 8 bits per entry, as policy.h; skipped without g++ or headers. */
    private Path exportedPolicy() throws Exception {
        assumeTrue(Files.exists(Path.of("/usr/include/rocksdb/filter_policy.h")),
                "RocksDB headers not installed (apt-get install librocksdb-dev)");
        assumeTrue(run(dir, List.of("g++", "--version")) == 0, "g++ not installed");
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Files.writeString(cases.resolve("tree.json"), "{\"id\": \"tree\", \"tree\": {\"policy\": \"leveling\","
                + " \"sizeRatio\": 10, \"levels\": 6, \"entries\": 11111100, \"l0\": {\"runs\": 2,"
                + " \"entriesPerRun\": 1000}}, \"budget\": {\"bitsPerEntry\": 8}}");
        Path policy = dir.resolve("policy.h");
        Cli.Outcome o = Cli.run("export", "--engine", "rocksdb-per-level", "--cases", cases.toString(),
                "--case", "tree", "--to", policy.toString());
        assertEquals(0, o.exitCode(), o.err());
        return policy;
    }

    private List<String> check(String mode, String db, int keys) throws Exception {
        Path output = dir.resolve(mode + ".txt");
        Process p = new ProcessBuilder(dir.resolve("reopen").toString(), mode, db, Integer.toString(keys))
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        assertEquals(true, p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), mode + ": " + Files.readString(output));
        return Files.readAllLines(output, StandardCharsets.UTF_8);
    }

    private static long useful(String line) {
        assertTrue(line.startsWith("useful "), line);
        return Long.parseLong(line.substring("useful ".length()));
    }

    /** Bloom's size, or Ribbon's for the file's first key "key-00000000" (its rounding bias). */
    private static long expectedBytes(String bitsPerKey, String ribbon) {
        double b = Double.parseDouble(bitsPerKey);
        Ribbon rules = Ribbon.of(b);
        int bias = (int) (Xxph3.hash64("key-00000000".getBytes(StandardCharsets.UTF_8)) >>> 32);
        if (Boolean.parseBoolean(ribbon) && !rules.usesBloom(KEYS, bias)) {
            return rules.filterBytes(KEYS, bias);
        }
        return RocksDbFamily.filterBytesWithMetadata(KEYS, RocksDbFamily.INSTANCE.settingFor(b));
    }

    private static int run(Path dir, List<String> command) throws InterruptedException {
        return ExternalProcess.run(dir, "build.log", command);
    }
}
