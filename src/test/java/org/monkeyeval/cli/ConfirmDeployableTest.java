package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.engine.rocksdb.RocksDbNative;

/**
 * confirm --engine rocksdb --engine-granularity measures the deployable allocation inside RocksDB:
 * engine.csv gains its rows, each run built with its setting, the filter RocksDB reports being the
 * size the family's rules give; verify reruns it from the recorded command; a case naming its
 * granularity is measured without the option, and verify keeps run's and confirm's granularities
 * apart when they differ; a granularity that
 * RocksDB cannot build, or one without --engine, is a bad command line.
 */
final class ConfirmDeployableTest {

    @TempDir
    Path dir;

    /** A cases folder with one three-level case {@code id}, 8 bits per entry, and {@code more} fields. */
    private Path threeLevels(String id, String more) throws IOException {
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Files.writeString(cases.resolve(id + ".json"), "{\"id\": \"" + id + "\", \"runs\": [{\"entries\": 2000,"
                + " \"level\": 0}, {\"entries\": 20000, \"level\": 1}, {\"entries\": 200000, \"level\": 2}],"
                + " \"budget\": {\"bitsPerEntry\": 8}" + more + "}");
        return cases;
    }

    @Test
    void confirmEngine_withGranularity_measuresTheDeployableAllocation() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        Path cases = threeLevels("small", "");
        Path out = dir.resolve("out");
        Cli.Outcome o = Cli.run("confirm", "--cases", cases.toString(), "--out", out.toString(), "--queries", "20000",
                "--layout", "rocksdb", "--engine", "rocksdb", "--engine-queries", "20000",
                "--engine-granularity", "rocksdb");
        assertEquals(0, o.exitCode(), o.err());
        List<String> engine = Files.readAllLines(out.resolve("engine.csv"));
        List<String> header = List.of(engine.get(0).split(","));
        int allocation = header.indexOf("allocation");
        int rule = header.indexOf("rule_filter_bytes");
        int measured = header.indexOf("engine_filter_bytes");
        long deployableRows = engine.stream().skip(1).map(l -> l.split(","))
                .filter(c -> c[allocation].equals("deployable")).peek(c -> assertEquals(c[rule], c[measured]))
                .count();
        assertEquals(3, deployableRows, String.join("\n", engine));
        assertTrue(Files.readString(out.resolve("confirm-cases.csv")).contains("small,deployable,rocksdb-engine"),
                Files.readString(out.resolve("confirm-cases.csv")));
        Cli.Outcome v = Cli.run("verify", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, v.exitCode(), v.out() + v.err());
    }

    @Test
    void confirmEngine_caseNamesItsGranularity_measuredWithoutTheOption_andVerifyKeepsRunsOwn() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        Path cases = threeLevels("own", ", \"engineGranularity\": \"rocksdb\"");
        Path out = dir.resolve("out");
        assertEquals(0, Cli.run("run", "--cases", cases.toString(), "--out", out.toString()).exitCode());
        List<String> confirm = List.of("confirm", "--cases", cases.toString(), "--out", out.toString(), "--queries",
                "20000", "--layout", "standard,rocksdb", "--engine", "rocksdb", "--engine-cases", "own",
                "--engine-queries", "20000");
        Cli.Outcome own = Cli.run(confirm.toArray(new String[0]));
        assertEquals(0, own.exitCode(), own.err());
        String measured = Files.readString(out.resolve("confirm-cases.csv"));
        assertTrue(measured.contains("own,deployable,rocksdb-engine"), measured);
        // in process, the deployable settings are built on RocksDB's layout, not on a standard filter
        assertTrue(measured.contains("own,deployable,rocksdb,"), measured);
        assertFalse(measured.contains("own,deployable,standard"), measured);
        Cli.Outcome v = Cli.run("verify", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, v.exitCode(), v.out() + v.err());

        // confirm per level beside run's per-tree tables: each is verified at its own. At 8 bits per entry
        // rocksdb-per-level puts Ribbon at some level: inside RocksDB each run is built with its own family
        // (Ribbon where the allocation chose it) and measured as its family predicts
        List<String> perLevel = new java.util.ArrayList<>(confirm);
        perLevel.addAll(List.of("--engine-granularity", "rocksdb-per-level"));
        Cli.Outcome tree = Cli.run(perLevel.toArray(new String[0]));
        assertEquals(0, tree.exitCode(), tree.err());
        String perLevelCases = Files.readString(out.resolve("confirm-cases.csv"));
        assertTrue(perLevelCases.contains("own,deployable,rocksdb-engine"), perLevelCases);
        List<String> engine = Files.readAllLines(out.resolve("engine.csv"));
        List<String> header = List.of(engine.get(0).split(","));
        int allocation = header.indexOf("allocation");
        int z = header.indexOf("z_score");
        long deployable = engine.stream().skip(1).map(l -> l.split(",")).filter(c -> c[allocation].equals("deployable"))
                .peek(c -> assertTrue(c[z].isEmpty() || Math.abs(Double.parseDouble(c[z])) < 4, String.join(",", c)))
                .count();
        assertEquals(3, deployable, String.join("\n", engine));
        Cli.Outcome both = Cli.run("verify", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, both.exitCode(), both.out() + both.err());
    }

    @Test
    void confirm_granularityRocksDbCannotBuildOrWithoutEngine_exits2() {
        Cli.Outcome pebble = Cli.run("confirm", "--engine", "rocksdb", "--engine-granularity", "pebble",
                "--out", dir.resolve("o").toString());
        assertEquals(2, pebble.exitCode());
        assertTrue(pebble.err().contains("not pebble"), pebble.err());
        Cli.Outcome noEngine = Cli.run("confirm", "--engine-granularity", "rocksdb", "--out", dir.resolve("o").toString());
        assertEquals(2, noEngine.exitCode());
        assertTrue(!Files.exists(dir.resolve("o")));
    }
}
