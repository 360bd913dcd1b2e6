package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.CompactionOptions;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.OptionsUtil;
import org.rocksdb.RocksDB;

import org.monkeyeval.alloc.DeployableRibbonSolver;
import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.engine.sst.SstFile;
import org.monkeyeval.family.rocksdb.FastLocalBloomBuilder;
import org.monkeyeval.family.rocksdb.Ribbon;
import org.monkeyeval.family.rocksdb.RibbonFilter;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.Xxph3;

/**
 * The OPTIONS file export writes for rocksdb-ribbon ({@code filter_policy=ribbonfilter:B:L}) loads with
 * RocksJava's OptionsUtil, and a database opened with it builds, at each level a file is written to,
 * the filter predicted: Bloom where RocksDB's rule gives Bloom (a flush is level -1, a compaction's file
 * its output level; Bloom iff below L), Ribbon elsewhere, of the size its family predicts (read from the
 * file's filter block trailer and the table's filter_size).
 */
final class ExportRibbonOptionsTest {

    private static final int KEYS = 20_000;

    @TempDir
    Path dir;

    @Test
    void export_rocksDbRibbon_loadsAndBuildsTheFilterOfEachLevel() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Files.writeString(cases.resolve("tree.json"), "{\"id\": \"tree\", \"tree\": {\"policy\": \"leveling\","
                + " \"sizeRatio\": 10, \"levels\": 3, \"entries\": 111000, \"l0\": {\"runs\": 2,"
                + " \"entriesPerRun\": 1000}}, \"budget\": {\"bitsPerEntry\": 5}}");
        Path file = dir.resolve("OPTIONS-000001");
        Cli.Outcome o = Cli.run("export", "--engine", "rocksdb-ribbon", "--cases", cases.toString(), "--case", "tree",
                "--to", file.toString());
        assertEquals(0, o.exitCode(), o.err());
        Matcher m = Pattern.compile("filter_policy=ribbonfilter:([0-9.]+):(-?[0-9]+)\n").matcher(Files.readString(file));
        assertTrue(m.find(), Files.readString(file));
        double bits = Double.parseDouble(m.group(1));
        int bloomBeforeLevel = Integer.parseInt(m.group(2));

        List<ColumnFamilyDescriptor> families = new ArrayList<>();
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (ConfigOptions config = new ConfigOptions(); DBOptions options = new DBOptions()) {
            OptionsUtil.loadOptionsFromFile(config, file.toString(), options, families);
            assertEquals(1, families.size());
            families.get(0).getOptions().setDisableAutoCompactions(true);
            options.setCreateIfMissing(true);
            try (RocksDB db = RocksDB.open(options, dir.resolve("db").toString(), families, handles);
                 FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                for (int k = 0; k < KEYS; k++) {
                    db.put(handles.get(0), key(k), new byte[] {1});
                }
                db.flush(flush, handles.get(0));
                check(db, 0, -1, bits, bloomBeforeLevel);
                for (int level : new int[] {1, 6}) {
                    List<String> names = new ArrayList<>();
                    for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
                        names.add(f.fileName());
                    }
                    try (CompactionOptions compaction = new CompactionOptions()) {
                        db.compactFiles(compaction, handles.get(0), names, level, 0, null);
                    }
                    check(db, level, level, bits, bloomBeforeLevel);
                }
            } finally {
                handles.forEach(ColumnFamilyHandle::close);
            }
        }
    }

    /** The one live file, at {@code level}, holds the filter RocksDB's rule and the families predict. */
    private static void check(RocksDB db, int level, int levelish, double bits, int bloomBeforeLevel)
            throws Exception {
        List<LiveFileMetaData> files = db.getLiveFilesMetaData();
        assertEquals(1, files.size());
        assertEquals(level, files.get(0).level());
        Path sst = Path.of(files.get(0).path(), files.get(0).fileName());
        byte[] block = SstFile.read(sst).filter().contents().orElseThrow();
        long size = SstFile.read(sst).properties().filterSize();
        boolean bloom = DeployableRibbonSolver.buildsBloom(levelish, bloomBeforeLevel);
        String where = "level " + level + " under ribbonfilter:" + bits + ":" + bloomBeforeLevel;
        Ribbon rules = Ribbon.of(bits);
        int bias = (int) (Xxph3.hash64(key(0)) >>> 32);
        if (!bloom && !rules.usesBloom(KEYS, bias)) {
            assertEquals(RibbonFilter.MARKER, block[block.length - 5], where + ": Ribbon");
            assertEquals(rules.filterBytes(KEYS, bias), size, where);
        } else {
            assertEquals(FastLocalBloomBuilder.NEW_BLOOM_MARKER, block[block.length - 5], where + ": Bloom");
            assertEquals(RocksDbFamily.filterBytesWithMetadata(KEYS, RocksDbFamily.INSTANCE.settingFor(bits)), size,
                    where);
        }
    }

    private static byte[] key(int k) {
        return String.format("key-%08d", k).getBytes(StandardCharsets.UTF_8);
    }
}
