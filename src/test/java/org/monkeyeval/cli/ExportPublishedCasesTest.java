package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.OptionsUtil;

import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.alloc.EngineLevels;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;

/**
 * Every published case (cases/) exported for every engine writes only levels the engine has: Pebble's
 * and fjall's L0-L6, RocksDB's num_levels (raised in the OPTIONS, which RocksJava's OptionsUtil loads, where
 * the case is deeper than L6); the RocksDB per-level policy has one entry per level of the engine's
 * num_levels; every case level is listed with the level it goes to. A case an engine cannot hold exits 3
 * naming why, and only when the case's levels really exceed the engine's.
 */
@Tag("integration")
final class ExportPublishedCasesTest {

    private static final Pattern MAPPED = Pattern.compile("case level (\\d+) \\((\\d+) runs?\\) -> L(\\d+)");

    @TempDir
    Path dir;

    static Stream<Arguments> casesAndEngines() throws Exception {
        List<Arguments> all = new ArrayList<>();
        for (CaseFile f : CaseFolder.read(Path.of("cases"))) {
            for (Engine e : Engine.values()) {
                all.add(Arguments.of(f.lsmCase().id(), e.label()));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}/{1}")
    @MethodSource("casesAndEngines")
    void export_publishedCase_writesOnlyLevelsTheEngineHas(String caseId, String engineLabel) throws Exception {
        Engine engine = Engine.fromLabel(engineLabel);
        LsmCase lsmCase = CaseFolder.read(Path.of("cases")).stream().map(CaseFile::lsmCase)
                .filter(c -> c.id().equals(caseId)).findFirst().orElseThrow();
        int[] caseLevels = levelsOf(lsmCase.runs());
        int deepest = Arrays.stream(caseLevels).max().orElseThrow();
        int shallowest = Arrays.stream(caseLevels).filter(l -> l > 0).min().orElse(deepest);
        boolean fits = switch (engine) {
            case PEBBLE, PEBBLE_USE_L6_FILTERS, FJALL -> deepest == 0 || deepest - shallowest + 1 <= 6;
            case LEVELDB -> deepest <= 6;
            default -> true;
        };
        Path file = dir.resolve("export.txt");
        Cli.Outcome o = Cli.run("export", "--engine", engineLabel, "--case", caseId, "--to", file.toString());
        if (!fits) {
            assertEquals(3, o.exitCode(), o.out() + o.err());
            assertTrue(o.err().contains("cannot be exported to " + engineLabel) && o.err().contains("L0-L6"), o.err());
            return;
        }
        // a limit of the robust solver, not of the levels: its search passes its node budget on some
        // uncertain-share cases at rocksdb-per-level (leveled-6-t10-kl exits 3 so before any level mapping)
        assumeFalse(o.exitCode() == 3 && o.err().contains("no robust deployable allocation"), o.err());
        assertEquals(0, o.exitCode(), o.err());
        String text = Files.readString(file);
        int engineLevels = engine == Engine.CASSANDRA || engine == Engine.HBASE ? 0
                : engine.label().startsWith("rocksdb") ? Math.max(7, deepest + 1) : 7;

        // every case level listed once, with its runs, at a level the engine has
        TreeSet<Integer> listed = new TreeSet<>();
        int listedRuns = 0;
        Matcher m = MAPPED.matcher(text);
        while (m.find()) {
            listed.add(Integer.parseInt(m.group(1)));
            listedRuns += Integer.parseInt(m.group(2));
            int to = Integer.parseInt(m.group(3));
            assertTrue(to < engineLevels, text);
            assertTrue(Integer.parseInt(m.group(1)) == 0 == (to == 0), "L0 runs, and only they, stay at L0: " + text);
        }
        if (engine != Engine.CASSANDRA && engine != Engine.HBASE) {
            assertEquals(Arrays.stream(caseLevels).boxed().collect(java.util.stream.Collectors.toCollection(TreeSet::new)),
                    listed, text);
            assertEquals(caseLevels.length, listedRuns, text);
        } else {
            assertTrue(text.contains(engine == Engine.HBASE ? "-> the column family (no levels)"
                    : "-> the table (no levels)"), text);
        }

        switch (engine) {
            case PEBBLE -> {
                assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), numbers(text, "\\[Level \"(\\d+)\"\\]"), text);
                assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), numbers(text, "opts\\.Levels\\[(\\d+)\\]"), text);
            }
            case FJALL -> assertEquals(List.of(0, 1, 2, 3, 4, 5, 6),
                    numbers(text, "BitsPerKey\\([0-9.]+\\)\\), // L(\\d+)"), text);
            case ROCKSDB_PER_LEVEL -> {
                Matcher bits = Pattern.compile("bits_ = \\{([^}]*)\\}").matcher(text);
                assertTrue(bits.find(), text);
                assertEquals(engineLevels, bits.group(1).split(", ").length, text);
                assertEquals(engineLevels > 7, text.contains("options.num_levels = " + engineLevels), text);
            }
            case ROCKSDB, ROCKSDB_RIBBON, ROCKSDB_LEGACY -> {
                assertEquals(engineLevels > 7, text.contains("\n  num_levels=" + engineLevels + "\n"), text);
                if (RocksDbNative.available()) {
                    // an imported case keeps the database's own dynamic level bytes; others get RocksDB's default
                    assertLoadsWithNumLevels(file, engineLevels, lsmCase.rocksdb() == null
                            || lsmCase.rocksdb().levelCompactionDynamicLevelBytes());
                }
            }
            default -> {
            }
        }
        // the mapping class agrees with what the export says
        assertEquals(engineLevels, EngineLevels.map(engine, lsmCase.runs(), lsmCase.rocksdb()).numLevels());
    }

    /** Case levels as the export documents them: the runs' own, or their positions from 1. */
    private static int[] levelsOf(List<Run> runs) {
        boolean all = runs.stream().allMatch(r -> r.level() != null);
        int[] levels = new int[runs.size()];
        for (int i = 0; i < levels.length; i++) {
            levels[i] = all ? runs.get(i).level() : i + 1;
        }
        return levels;
    }

    private static List<Integer> numbers(String text, String regex) {
        List<Integer> found = new ArrayList<>();
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) {
            found.add(Integer.parseInt(m.group(1)));
        }
        return found;
    }

    private void assertLoadsWithNumLevels(Path exported, int numLevels, boolean dynamic) throws Exception {
        Path options = dir.resolve("OPTIONS-000001");
        Files.writeString(options, Files.readString(exported));
        List<ColumnFamilyDescriptor> families = new ArrayList<>();
        try (ConfigOptions config = new ConfigOptions(); DBOptions db = new DBOptions()) {
            OptionsUtil.loadOptionsFromFile(config, options.toString(), db, families);
            assertEquals(1, families.size());
            assertEquals(numLevels, families.get(0).getOptions().numLevels());
            assertEquals(dynamic, families.get(0).getOptions().levelCompactionDynamicLevelBytes());
            families.get(0).getOptions().close();
        }
    }
}
