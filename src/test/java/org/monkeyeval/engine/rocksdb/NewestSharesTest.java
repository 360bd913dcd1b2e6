package org.monkeyeval.engine.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.CompactionOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

import org.monkeyeval.engine.sst.SstFile;

/**
 * A file's newest share is the share of its sampled keys no newer run holds, each looked up in RocksDB's own
 * files: on a database RocksJava wrote (20,000 keys moved to L6, then 3 in 10 of them written again and
 * flushed to L0), the L6 file's share counts exactly its sampled keys that were not written again, lies within
 * three binomial standard errors of the 0.7 written, and the L0 file, the newest run, keeps all its keys; the
 * imported case carries the shares.
 */
final class NewestSharesTest {

    static final int KEYS = 20_000;

    @TempDir
    static Path shared;

    static Path db;

    /** Whether key k is written again: 3 keys of every 10. */
    static boolean rewritten(int k) {
        return k % 10 < 3;
    }

    @BeforeAll
    static void build() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        db = shared.resolve("db");
        try (Options options = RocksDbTestDatabases.options(10);
             RocksDB rocks = RocksDB.open(options, db.toString());
             FlushOptions flush = new FlushOptions().setWaitForFlush(true);
             CompactionOptions compaction = new CompactionOptions()) {
            for (int k = 0; k < KEYS; k++) {
                rocks.put(RocksDbTestDatabases.scatteredKey(k), ("first-" + k).getBytes(StandardCharsets.UTF_8));
            }
            rocks.flush(flush);
            List<String> l0 = rocks.getLiveFilesMetaData().stream().map(LiveFileMetaData::fileName).toList();
            rocks.compactFiles(compaction, rocks.getDefaultColumnFamily(), l0, 6, -1, null);
            for (int k = 0; k < KEYS; k++) {
                if (rewritten(k)) {
                    rocks.put(RocksDbTestDatabases.scatteredKey(k), ("again-" + k).getBytes(StandardCharsets.UTF_8));
                }
            }
            rocks.flush(flush);
        }
    }

    @Test
    void olderFile_shareIsItsSampledKeysNotWrittenAgain_nearTheShareWritten() throws Exception {
        RocksDbImport.Imported imported = RocksDbImport.read(db, "default");
        assertEquals(List.of("L0.1", "L6"), imported.runs().stream().map(RocksDbImport.ImportedRun::name).toList());
        RocksDbImport.ImportedFile l0 = imported.runs().get(0).files().get(0);
        RocksDbImport.ImportedFile l6 = imported.runs().get(1).files().get(0);
        assertEquals(1.0, l0.newestShare(), 0.0);

        Set<String> again = new HashSet<>();
        for (int k = 0; k < KEYS; k++) {
            if (rewritten(k)) {
                again.add(new String(RocksDbTestDatabases.scatteredKey(k), StandardCharsets.UTF_8));
            }
        }
        SstFile sst = SstFile.read(db.resolve(l6.name()), true);
        List<byte[]> sampled = NewestShares.sample(sst.blockBoundaries().orElseThrow(), l6.smallestKey(),
                l6.largestKey(), NewestShares.pairsPerFile(2));
        long kept = sampled.stream().filter(k -> !again.contains(new String(k, StandardCharsets.UTF_8))).count();
        assertTrue(sampled.size() > 100, "sampled " + sampled.size());
        assertEquals((double) kept / sampled.size(), l6.newestShare(), 1e-12);
        double se = Math.sqrt(0.7 * 0.3 / sampled.size());
        assertEquals(0.7, l6.newestShare(), 3 * se, () -> sampled.size() + " keys sampled");
    }

    @Test
    void importedCase_carriesEachFilesShare() throws Exception {
        RocksDbImport.Imported imported = RocksDbImport.read(db, "default");
        org.monkeyeval.model.LsmCase c = ImportedCase.lsmCase(imported, null);
        for (int r = 0; r < imported.runs().size(); r++) {
            assertEquals(imported.runs().get(r).files().get(0).newestShare(),
                    c.runs().get(r).files().get(0).newestShare());
        }
    }
}
