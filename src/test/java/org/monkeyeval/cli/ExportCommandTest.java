package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.OptionsUtil;
import org.rocksdb.RocksDB;
import org.rocksdb.TableProperties;

import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.family.rocksdb.RocksDbFamily;

/**
 * export writes each engine's settings with the expected cost; the RocksDB OPTIONS file loads with
 * RocksJava's OptionsUtil and a database opened with it builds filters of the exported size; an
 * unknown engine exits 2 and an unknown case 3, writing nothing.
 */
final class ExportCommandTest {

    @TempDir
    Path dir;

    private Path cases() throws IOException {
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Files.writeString(cases.resolve("tree.json"), "{\"id\": \"tree\", \"tree\": {\"policy\": \"leveling\","
                + " \"sizeRatio\": 10, \"levels\": 3, \"entries\": 111000, \"l0\": {\"runs\": 2,"
                + " \"entriesPerRun\": 1000}}, \"budget\": {\"bitsPerEntry\": 10}}");
        Files.writeString(cases.resolve("hits.json"), "{\"id\": \"hits\", \"tree\": {\"policy\": \"leveling\","
                + " \"sizeRatio\": 10, \"levels\": 3, \"entries\": 111000}, \"budget\": {\"bitsPerEntry\": 6},"
                + " \"workload\": {\"zeroResultShare\": 0}}");
        return cases;
    }

    /** Below the ideal Bloom optimum the export says why (its filters), never a loss under 1. */
    @Test
    void export_deployableBelowTheIdealOptimum_saysItDoesBetterAndWhichFiltersItBuilds() {
        Cli.Outcome o = Cli.run("export", "--case", "rocksdb-imported");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("this does better, ") && o.out().contains("// builds rocksdb-ribbon on 5 runs"),
                o.out());
        java.util.regex.Matcher loss = java.util.regex.Pattern.compile("(?:loss|deployable / bound) (\\S+)x").matcher(o.out());
        while (loss.find()) {
            assertTrue(Double.parseDouble(loss.group(1)) >= 1.0, loss.group());
        }
    }

    @Test
    void export_everyEngine_statesCostAndSettings() throws IOException {
        Path cases = cases();
        Map<String, String> expected = Map.of("pebble", "filter_policy=", "rocksdb", "filter_policy=bloomfilter:",
                "rocksdb-per-level", "level_at_creation", "fjall", "BloomConstructionPolicy::BitsPerKey(",
                "leveldb", "NewBloomFilterPolicy(", "cassandra", "bloom_filter_fp_chance = ");
        for (var e : expected.entrySet()) {
            Cli.Outcome o = Cli.run("export", "--engine", e.getKey(), "--cases", cases.toString(), "--case", "tree");
            assertEquals(0, o.exitCode(), e.getKey() + ": " + o.err());
            assertTrue(o.out().contains(e.getValue()), o.out());
            assertTrue(o.out().contains("expected cost (run reads per lookup) "), o.out());
            assertTrue(o.out().contains("unconstrained optimum (ideal filter) "), o.out());
        }
    }

    @Test
    void export_rocksDbWhenLookupsFindTheirKeys_optimizesFiltersForHits() throws IOException {
        Cli.Outcome o = Cli.run("export", "--engine", "rocksdb", "--cases", cases().toString(), "--case", "hits");
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("optimize_filters_for_hits=true"), o.out());
    }

    @Test
    void export_rocksDbOptions_loadWithOptionsUtilAndBuildFiltersOfTheExportedSize() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        Path file = dir.resolve("OPTIONS-000001");
        Cli.Outcome o = Cli.run("export", "--engine", "rocksdb", "--cases", cases().toString(), "--case", "tree",
                "--to", file.toString());
        assertEquals(0, o.exitCode(), o.err());
        Matcher m = Pattern.compile("filter_policy=bloomfilter:([0-9.]+):false").matcher(Files.readString(file));
        assertTrue(m.find());
        double bits = Double.parseDouble(m.group(1));

        List<ColumnFamilyDescriptor> families = new ArrayList<>();
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        int keys = 20_000;
        long filterBytes = 0;
        try (ConfigOptions config = new ConfigOptions(); DBOptions options = new DBOptions()) {
            OptionsUtil.loadOptionsFromFile(config, file.toString(), options, families);
            assertEquals(1, families.size());
            options.setCreateIfMissing(true);
            try (RocksDB db = RocksDB.open(options, dir.resolve("db").toString(), families, handles);
                 FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                for (int k = 0; k < keys; k++) {
                    db.put(handles.get(0), String.format("key-%08d", k).getBytes(StandardCharsets.UTF_8),
                            new byte[] {1});
                }
                db.flush(flush, handles.get(0));
                for (TableProperties p : db.getPropertiesOfAllTables(handles.get(0)).values()) {
                    filterBytes += p.getFilterSize();
                }
            } finally {
                handles.forEach(ColumnFamilyHandle::close);
            }
        }
        assertEquals(RocksDbFamily.filterBytesWithMetadata(keys, RocksDbFamily.INSTANCE.settingFor(bits)), filterBytes);
    }

    @Test
    void export_badEngineOrCase_exits2Or3AndWritesNothing() throws IOException {
        Path cases = cases();
        Path to = dir.resolve("out.txt");
        Cli.Outcome engine = Cli.run("export", "--engine", "lmdb", "--cases", cases.toString(), "--case", "tree",
                "--to", to.toString());
        assertEquals(2, engine.exitCode());
        assertTrue(engine.err().contains("--engine: unknown engine 'lmdb'"), engine.err());
        Cli.Outcome unknown = Cli.run("export", "--engine", "pebble", "--cases", cases.toString(), "--case", "nope",
                "--to", to.toString());
        assertEquals(3, unknown.exitCode());
        assertTrue(unknown.err().contains("no case 'nope' (it has hits, tree)"), unknown.err());
        Cli.Outcome none = Cli.run("export", "--cases", cases.toString(), "--case", "tree", "--to", to.toString());
        assertEquals(2, none.exitCode());
        assertTrue(none.err().contains("case tree names no engineGranularity"), none.err());
        assertFalse(Files.exists(to));
    }

    @Test
    void exportHelp_statesTheLevelMappingRule() {
        Cli.Outcome o = Cli.run("export", "--help");
        assertEquals(0, o.exitCode(), o.err());
        String help = o.out().replaceAll("\\s+", " ");
        assertTrue(help.contains("the deepest case level is the last level"), help);
        assertTrue(help.contains("L0 stays L0"), help);
        assertTrue(help.contains("num_levels"), help);
        assertTrue(help.contains("Exit 3"), help);
    }

    @Test
    void export_shapeTheEngineCannotHold_exits3WithTheReasonAndWritesNothing() throws IOException {
        Path cases = cases();
        Files.writeString(cases.resolve("deep.json"), "{\"id\": \"deep\", \"tree\": {\"policy\": \"leveling\","
                + " \"sizeRatio\": 4, \"levels\": 7, \"entries\": 5461000}, \"budget\": {\"bitsPerEntry\": 8}}");
        Path to = dir.resolve("deep.txt");
        for (String engine : List.of("pebble", "fjall", "leveldb")) {
            Cli.Outcome o = Cli.run("export", "--engine", engine, "--cases", cases.toString(), "--case", "deep",
                    "--to", to.toString());
            assertEquals(3, o.exitCode(), engine + ": " + o.out());
            assertTrue(o.err().contains("case deep cannot be exported to " + engine), o.err());
            assertFalse(Files.exists(to));
        }
        Cli.Outcome rocksdb = Cli.run("export", "--engine", "rocksdb", "--cases", cases.toString(), "--case", "deep");
        assertEquals(0, rocksdb.exitCode(), rocksdb.err());
        assertTrue(rocksdb.out().contains("\n  num_levels=8\n"), rocksdb.out());
    }

    @Test
    void export_withoutEngine_usesTheCaseGranularity() throws IOException {
        Path cases = cases();
        Files.writeString(cases.resolve("own.json"), "{\"id\": \"own\", \"tree\": {\"policy\": \"leveling\","
                + " \"sizeRatio\": 10, \"levels\": 3, \"entries\": 111000}, \"budget\": {\"bitsPerEntry\": 10},"
                + " \"engineGranularity\": \"pebble\"}");
        Cli.Outcome own = Cli.run("export", "--cases", cases.toString(), "--case", "own");
        assertEquals(0, own.exitCode(), own.err());
        Cli.Outcome given = Cli.run("export", "--engine", "pebble", "--cases", cases.toString(), "--case", "own");
        assertEquals(given.out(), own.out());
        assertTrue(own.out().contains("filter_policy="), own.out());
        // --engine overrides the case's granularity
        Cli.Outcome other = Cli.run("export", "--engine", "leveldb", "--cases", cases.toString(), "--case", "own");
        assertTrue(other.out().contains("NewBloomFilterPolicy("), other.out());
    }
}
