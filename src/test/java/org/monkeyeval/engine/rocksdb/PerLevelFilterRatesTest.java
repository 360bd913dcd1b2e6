package org.monkeyeval.engine.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.monkeyeval.ExternalProcess;
import org.monkeyeval.engine.rocksdb.DbBenchDatabases.Database;

/**
 * Level by level, the false positives RocksDB's own Get counts on databases db_bench built (its per-level perf
 * context, which RocksJava does not reach: resources/cpp/perf_by_level.cc) are what the families predict for
 * the filters the import read: at each level, the count of filter checks that said "maybe" for an absent key
 * lies within 3.5 Poisson standard errors of the checks times the level's predicted rate (L0's files each
 * checked by nearly every key: their rates' mean; a deeper level's by the share of the keys each file holds).
 * The absent keys are the stored keys, one in STEP, with a zero byte appended. The table is printed at the end
 * (docs/measure.md), with the data blocks each level read per false positive and the 1 + g the files' separator
 * gap shares predict (alloc.SeparatorGaps); over all levels, the second blocks lie between that prediction and
 * 1.58 times it (these keys meet the gaps more often than readmissing's), each less or plus 3.5 Poisson standard
 * errors of those predicted.
 */
@Tag("integration")
final class PerLevelFilterRatesTest {

    /** One absent key per this many stored keys: about 60,000 lookups on 240,000 keys. */
    private static final int STEP = 4;

    @TempDir
    static Path dir;

    private static Path harness;

    static final List<String> ROWS = new ArrayList<>();

    /** Per level, from the harness: filter checks that said "absent", "maybe", true positives, blocks read. */
    record Counts(long useful, long positive, long truePositive, long blocks) {
        long checks() {
            return useful + positive;
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Database.class, names = {"BLOOM_6", "BLOOM_10", "LEGACY_10", "RIBBON_10"})
    void perLevel_dbBenchDatabase_falsePositivesAsTheFamiliesPredict(Database d) throws Exception {
        Path exe = harness();
        Path db = DbBenchDatabases.build(d, dir.resolve(d.name().toLowerCase(Locale.ROOT)));
        RocksDbImport.Imported imported = RocksDbImport.read(db, "default");
        Map<Integer, Counts> measured = run(exe, db);
        // level -> {sum of weight * rate, sum of weights, sum of weight * rate * (1 + separator gap share)}
        Map<Integer, double[]> predicted = new TreeMap<>();
        for (RocksDbImport.ImportedRun r : imported.runs()) {
            for (RocksDbImport.ImportedFile f : r.files()) {
                double rate = f.filter().fpr(f.filterEntries().orElse(f.entries()));
                double weight = f.level() == 0 ? 1.0 : f.entries();
                double[] sum = predicted.computeIfAbsent(f.level(), k -> new double[3]);
                sum[0] += weight * rate;
                sum[1] += weight;
                sum[2] += weight * rate * (1.0 + (f.separatorGapShare() == null ? 0.0 : f.separatorGapShare()));
            }
        }
        long secondBlocks = 0;
        double secondBlocksPredicted = 0.0;
        assertEquals(predicted.keySet(), measured.keySet(), "the levels that hold files are the levels checked");
        for (Map.Entry<Integer, Counts> e : measured.entrySet()) {
            Counts c = e.getValue();
            assertEquals(0, c.truePositive(), "an absent key was a true positive");
            double[] sum = predicted.get(e.getKey());
            double rate = sum[0] / sum[1];
            double expected = rate * c.checks();
            double z = (c.positive() - expected) / Math.sqrt(expected);
            double blocksPerPositive = sum[2] / sum[0];
            secondBlocks += c.blocks() - c.positive();
            secondBlocksPredicted += c.positive() * (blocksPerPositive - 1.0);
            ROWS.add(String.format(Locale.ROOT, "| %s | L%d | %,d | %,d | %.4f%% | %.4f%% | %+.2f | %.4f | %.4f |",
                    d.label(), e.getKey(), c.checks(), c.positive(), 100.0 * c.positive() / c.checks(), 100 * rate, z,
                    (double) c.blocks() / c.positive(), blocksPerPositive));
            assertTrue(Math.abs(z) <= 3.5, () -> String.format(Locale.ROOT, "%s L%d: %d false positives in %d checks,"
                    + " %.1f predicted (z %.2f)", d.label(), e.getKey(), c.positive(), c.checks(), expected, z));
        }
        // the second blocks a positive reads past a shortened separator, over all levels. The gap shares price
        // key numbers drawn evenly (readmissing's keys); these absent keys are stored keys extended, and every gap
        // holds its stored last key, so they meet a gap at least as often, and at most 1/rho times as often, rho
        // the stored keys per key number (189,491 of 300,000 here: 1.58): bounds, each with 3.5 Poisson errors
        double zSecond = (secondBlocks - secondBlocksPredicted) / Math.sqrt(secondBlocksPredicted);
        double most = secondBlocksPredicted * DbBenchDatabases.KEYS / 189_491.0;
        long counted = secondBlocks;
        double priced = secondBlocksPredicted;
        assertTrue(zSecond >= -3.5 && secondBlocks <= most + 3.5 * Math.sqrt(most), () -> String.format(Locale.ROOT,
                "%s: %d second blocks, %.1f to %.1f predicted from the files' separator gap shares (z %.2f)", d.label(),
                counted, priced, most, zSecond));
    }

    /** The table of docs/measure.md. */
    @AfterAll
    static void printTable() {
        StringBuilder b = new StringBuilder("| database | level | filter checks | false positives | measured rate"
                + " | predicted rate | z | blocks per false positive | predicted |\n|---|---|---|---|---|---|---|---|---|\n");
        ROWS.forEach(row -> b.append(row).append('\n'));
        System.out.print(b);
    }

    private static synchronized Path harness() throws IOException, InterruptedException {
        if (harness != null) {
            return harness;
        }
        assumeTrue(Files.exists(Path.of("/usr/include/rocksdb/perf_context.h")),
                "RocksDB headers not installed (apt-get install librocksdb-dev)");
        try (InputStream source = PerLevelFilterRatesTest.class.getResourceAsStream("/cpp/perf_by_level.cc")) {
            Files.write(dir.resolve("perf_by_level.cc"), source.readAllBytes());
        }
        int compiled = ExternalProcess.run(dir, "g++.log", List.of("g++", "-std=c++17", "-O1", "perf_by_level.cc",
                "-o", "perf_by_level", "-lrocksdb"));
        assumeTrue(compiled != ExternalProcess.NOT_INSTALLED, "g++ not installed");
        assertEquals(0, compiled, () -> "compile: " + ExternalProcess.log(dir, "g++.log"));
        harness = dir.resolve("perf_by_level");
        return harness;
    }

    private static Map<Integer, Counts> run(Path exe, Path db) throws IOException, InterruptedException {
        String log = "perf-" + db.getFileName() + ".txt";
        int exit = ExternalProcess.run(dir, log, List.of(exe.toString(), db.toString(), Integer.toString(STEP)));
        String text = ExternalProcess.log(dir, log);
        assertEquals(0, exit, text);
        Map<Integer, Counts> levels = new TreeMap<>();
        Matcher m = Pattern.compile("(?m)^L(\\d+) useful (\\d+) positive (\\d+) true (\\d+) blocks (\\d+)$")
                .matcher(text);
        while (m.find()) {
            levels.put(Integer.parseInt(m.group(1)), new Counts(Long.parseLong(m.group(2)),
                    Long.parseLong(m.group(3)), Long.parseLong(m.group(4)), Long.parseLong(m.group(5))));
        }
        assertTrue(!levels.isEmpty(), text);
        return levels;
    }
}
