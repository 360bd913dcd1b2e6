package org.monkeyeval.engine.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.TableProperties;

import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.text.InvalidInputException;

/**
 * Import reads a database RocksJava built (L0 and three levels, filters of three settings over time):
 * every run's entries are the keys written to it, and every file's filter size in RocksDB's own table
 * properties is the size the RocksDB family predicts for its entries and its phase's bits per key.
 * Bad folders and column families are refused.
 */
final class RocksDbImportTest {

    @TempDir
    static Path shared;

    static Path db;

    @BeforeAll
    static void build() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        db = shared.resolve("db");
        RocksDbTestDatabases.build(db);
    }

    @Test
    void read_builtDatabase_runsAreL0NewestFirstThenLevels() throws Exception {
        RocksDbImport.Imported imported = RocksDbImport.read(db, "default");
        List<String> names = imported.runs().stream().map(RocksDbImport.ImportedRun::name).toList();
        assertEquals(List.of("L0.1", "L0.2", "L4", "L5", "L6"), names);
        List<Long> entries = imported.runs().stream().map(RocksDbImport.ImportedRun::entries).toList();
        assertEquals(List.of(1_000L, 2_000L, 5_000L, 12_000L, 30_000L), entries);
        assertTrue(imported.dbId().matches("[0-9a-f-]{8,}"), imported.dbId());
        assertTrue(imported.manifestNumber() > 0);
    }

    @Test
    void read_filterSizes_matchRocksDbsPropertiesAndTheFamilyRules() throws Exception {
        RocksDbImport.Imported imported = RocksDbImport.read(db, "default");
        Map<Integer, Long> propertyBytesByLevel = new HashMap<>();
        Map<Integer, Long> ruleBytesByLevel = new HashMap<>();
        try (Options options = new Options(); RocksDB ro = RocksDB.openReadOnly(options, db.toString())) {
            Map<String, TableProperties> properties = ro.getPropertiesOfAllTables();
            for (LiveFileMetaData f : ro.getLiveFilesMetaData()) {
                TableProperties p = properties.get(db.resolve(RocksDbImport.baseName(f.fileName())).toString());
                double bits = RocksDbTestDatabases.PHASES.stream().filter(ph -> ph.level() == f.level()
                        && (f.level() > 0 || ph.count() == p.getNumEntries())).findFirst().orElseThrow().bitsPerKey();
                propertyBytesByLevel.merge(f.level(), p.getFilterSize(), Long::sum);
                ruleBytesByLevel.merge(f.level(), RocksDbFamily.filterBytesWithMetadata(p.getNumEntries(),
                        RocksDbFamily.INSTANCE.settingFor(bits)), Long::sum);
            }
        }
        assertEquals(ruleBytesByLevel, propertyBytesByLevel);
        long total = propertyBytesByLevel.values().stream().mapToLong(Long::longValue).sum();
        assertEquals(total, imported.filterBytes());
        // the runs' current bits per entry differ: 14.5-bit L4, 6-bit L5, 10-bit L6
        RocksDbImport.ImportedRun l5 = imported.runs().get(3);
        assertEquals(RocksDbFamily.filterBytesWithMetadata(12_000, RocksDbFamily.INSTANCE.settingFor(6)),
                l5.filterBytes());
    }

    @Test
    void read_unknownColumnFamily_isRefusedNamingTheOnesThere() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> RocksDbImport.read(db, "users"));
        assertTrue(e.getMessage().contains("no column family 'users' (it has default)"), e.getMessage());
    }

    @Test
    void read_missingOrNonRocksDbFolder_isRefused() throws Exception {
        InvalidInputException missing = assertThrows(InvalidInputException.class,
                () -> RocksDbImport.read(shared.resolve("absent"), "default"));
        assertTrue(missing.getMessage().endsWith("no such folder"), missing.getMessage());
        Path plain = Files.createDirectories(shared.resolve("plain"));
        Files.writeString(plain.resolve("notes.txt"), "not a database");
        InvalidInputException notDb = assertThrows(InvalidInputException.class,
                () -> RocksDbImport.read(plain, "default"));
        assertTrue(notDb.getMessage().contains("not a RocksDB database (no CURRENT file)"), notDb.getMessage());
    }
}
