package org.monkeyeval.engine.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

import org.monkeyeval.engine.rocksdb.RocksDbFilterDatabases.Phase;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.text.InvalidInputException;

/**
 * A recommendation rehearsed on a copy measures as predicted: on a database of three levels at 10 bits per
 * key, every file rewritten at its own level with rocksdb-per-level's allocation gives RocksDB's own count of
 * data blocks per absent-key lookup within 3 standard errors (or 5%) of the rewritten copy's price, fewer
 * than before at no more memory, with the tree's shape kept and nothing written in the database's folder.
 */
final class RocksDbRehearsalTest {

    @TempDir
    Path dir;

    @Test
    void withTableOptions_replacesTheFamilysFilterAndTurnsItsCompactionsOff() {
        String options = String.join("\n",
                "[CFOptions \"default\"]",
                "  disable_auto_compactions=false",
                "  num_levels=7",
                "[TableOptions/BlockBasedTable \"default\"]",
                "  format_version=5",
                "  filter_policy=bloomfilter:10:false",
                "[CFOptions \"other\"]",
                "  disable_auto_compactions=false",
                "[TableOptions/BlockBasedTable \"other\"]",
                "  filter_policy=bloomfilter:10:false",
                "");
        String out = RocksDbRehearsal.withTableOptions(options, "default", "filter_policy=ribbonfilter:7:-1;format_version=5");
        assertEquals(String.join("\n",
                "[CFOptions \"default\"]",
                "  disable_auto_compactions=true",
                "  num_levels=7",
                "[TableOptions/BlockBasedTable \"default\"]",
                "  format_version=5",
                "  filter_policy=ribbonfilter:7:-1",
                "  optimize_filters_for_memory=false",
                "[CFOptions \"other\"]",
                "  disable_auto_compactions=false",
                "[TableOptions/BlockBasedTable \"other\"]",
                "  filter_policy=bloomfilter:10:false",
                ""), out);
    }

    @Test
    void rehearse_threeLevelsAt10Bits_perLevelAllocationMeasuresAsPredictedAndLeavesTheDatabaseAlone()
            throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        Path db = dir.resolve("db");
        RocksDbFilterDatabases.build(db, List.of(
                new Phase(0, 40_000, RocksDbFilterDatabases.bloom(10), "", 6),
                new Phase(40_000, 4_000, RocksDbFilterDatabases.bloom(10), "", 5),
                new Phase(44_000, 400, RocksDbFilterDatabases.bloom(10), "", 0)));
        Map<String, List<Long>> before = files(db);
        List<String> progress = new ArrayList<>();
        RocksDbRehearsal.Result r = RocksDbRehearsal.rehearse(db, "default", Engine.ROCKSDB_PER_LEVEL,
                new RocksDbMeasure.Settings(40_000, 5), null, progress::add);
        assertEquals(before, files(db), "nothing written in the database's folder");
        assertTrue(progress.stream().anyMatch(p -> p.startsWith("rewriting L6")), progress.toString());

        assertEquals(r.before().filesPerLevel(), r.after().filesPerLevel(), "the shape is kept, file for file");
        assertTrue(r.after().filterBits() <= r.budgetBits() * 1.01,
                r.after().filterBits() + " bits against a budget of " + r.budgetBits());
        assertEquals(r.deployableCost(), r.after().predictedR(), 0.05 * r.deployableCost(),
                "the rewritten copy holds the filters the allocation priced");
        RocksDbMeasure.Measurement after = r.after().measured();
        double se = (after.dataBlocks().upper() - after.dataBlocks().lower()) / (2 * 1.96);
        assertEquals(r.after().predictedR(), after.measuredR(), Math.max(0.05 * r.after().predictedR(), 3 * se),
                "measured after " + after.measuredR() + " against " + r.after().predictedR() + " predicted");
        assertTrue(after.measuredR() < r.before().measured().measuredR(),
                after.measuredR() + " not below " + r.before().measured().measuredR());
    }

    /** Entries only in the write-ahead log are flushed on the copy before anything is measured. */
    @Test
    void rehearse_entriesOnlyInTheLog_flushedBeforeTheFirstMeasurement() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        Path db = dir.resolve("with-log");
        RocksDbFilterDatabases.build(db, List.of(new Phase(0, 10_000, RocksDbFilterDatabases.bloom(10), "", 6)));
        java.util.List<org.rocksdb.ColumnFamilyDescriptor> families = new ArrayList<>();
        java.util.List<org.rocksdb.ColumnFamilyHandle> handles = new ArrayList<>();
        try (org.rocksdb.ConfigOptions config = new org.rocksdb.ConfigOptions();
             org.rocksdb.DBOptions options = new org.rocksdb.DBOptions()) {
            org.rocksdb.OptionsUtil.loadLatestOptions(config, db.toString(), options, families);
            try (org.rocksdb.RocksDB rocks = org.rocksdb.RocksDB.open(options, db.toString(), families, handles)) {
                for (int k = 10_000; k < 10_500; k++) {
                    rocks.put(handles.get(0), RocksDbTestDatabases.key(k), new byte[] {1});
                }
                handles.forEach(org.rocksdb.ColumnFamilyHandle::close);
            }
            families.forEach(f -> f.getOptions().close());
        }
        RocksDbRehearsal.Result r = RocksDbRehearsal.rehearse(db, "default", Engine.ROCKSDB_PER_LEVEL,
                new RocksDbMeasure.Settings(5_000, 2), null, p -> { });
        assertEquals(1, r.before().filesPerLevel().get(0), "the log's entries are an L0 file before the measurement");
        assertEquals(r.before().filesPerLevel(), r.after().filesPerLevel());
    }

    @Test
    void rehearse_whileAnotherProcessWrites_rehearsesACheckpointAndTheDatabaseStaysWhole() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        Path db = dir.resolve("live");
        RocksDbTestDatabases.build(db);
        RocksDbRehearsal.Result r;
        Path kept = dir.resolve("kept");
        long written;
        try (LiveWriter.Child writer = LiveWriter.start(db, 1_000_000, 300)) {
            r = RocksDbRehearsal.rehearse(db, "default", Engine.ROCKSDB_PER_LEVEL,
                    new RocksDbMeasure.Settings(5_000, 2), kept, p -> { });
            assertTrue(writer.alive(), "the writer held the database the whole time");
            written = writer.stop();
        }
        assertTrue(r.copied().contains("secondary instance"), r.copied());
        assertEquals(r.before().filesPerLevel(), r.after().filesPerLevel(), "the shape is kept");
        assertTrue(r.after().filterBits() <= r.budgetBits(), r.after().filterBits() + " over " + r.budgetBits());
        assertTrue(r.before().imported().runs().stream().mapToLong(RocksDbImport.ImportedRun::entries).sum() >= 50_000,
                "the copy holds the database's keys");
        assertEquals(50_000 + written, RocksDbTestDatabases.keysAfterChecksum(db),
                "every key the writer wrote is in the database");
        try (Options options = new Options(); RocksDB copy = RocksDB.openReadOnly(options, kept.toString())) {
            copy.verifyChecksum();
        }
    }

    @Test
    void rehearse_notARocksDbGranularity_exits3NamingIt() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        Path db = dir.resolve("small");
        RocksDbFilterDatabases.build(db, List.of(new Phase(0, 2_000, RocksDbFilterDatabases.bloom(10), "", 6)));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> RocksDbRehearsal.rehearse(db,
                "default", Engine.PEBBLE, new RocksDbMeasure.Settings(100, 1), null, p -> { }));
        assertTrue(e.getMessage().contains("pebble is not one of RocksDB's granularities"), e.getMessage());
    }

    /** Every file's size and modification time. */
    private static Map<String, List<Long>> files(Path db) throws Exception {
        Map<String, List<Long>> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(db)) {
            for (Path f : list.toList()) {
                files.put(f.getFileName().toString(), List.of(Files.size(f), Files.getLastModifiedTime(f).toMillis()));
            }
        }
        return files;
    }
}
