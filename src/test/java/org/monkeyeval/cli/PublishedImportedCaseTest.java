package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.engine.rocksdb.RocksDbTestDatabases;

/**
 * The published case cases/rocksdb-imported.json is what the documented command gives: building the
 * example database (RocksDbTestDatabases) and importing it reproduces the file byte for byte, but for
 * the DB id, which RocksDB draws anew for every database.
 */
final class PublishedImportedCaseTest {

    private static final String DB_ID = "db_id [0-9a-f-]+";

    @TempDir
    Path dir;

    @Test
    void publishedImportedCase_rebuildAndImport_sameButForTheDbId() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        Path db = dir.resolve("example-db");
        RocksDbTestDatabases.build(db);
        Cli.Outcome o = Cli.run("import", "--rocksdb", db.toString(), "--id", "rocksdb-imported");
        assertEquals(0, o.exitCode(), o.err());
        String published = Files.readString(Path.of("cases", "rocksdb-imported.json"));
        assertEquals(published.replaceAll(DB_ID, "db_id X"), o.out().replaceAll(DB_ID, "db_id X"));
    }
}
