package org.monkeyeval.engine.rocksdb;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.CompactionOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * Builds a small RocksDB database with RocksJava whose column family {@code default} holds data in
 * L0 (two files) and in levels 4, 5 and 6, written at different bits per key over time (each phase
 * reopens the database with another filter setting): a flush per phase, then the file moved down with
 * CompactFiles, which rewrites it with that phase's filter.
 */
public final class RocksDbTestDatabases {

    /** One phase: keys [from, from + count), written with {@code bitsPerKey}, left at {@code level}. */
    record Phase(int from, int count, double bitsPerKey, int level) {
    }

    /** The phases, oldest first: L6 at 10 bits, L5 at 6, L4 at 14.5, then two L0 files at 14.5 and 9. */
    static final List<Phase> PHASES = List.of(
            new Phase(0, 30_000, 10.0, 6),
            new Phase(30_000, 12_000, 6.0, 5),
            new Phase(42_000, 5_000, 14.5, 4),
            new Phase(47_000, 2_000, 14.5, 0),
            new Phase(49_000, 1_000, 9.0, 0));

    private RocksDbTestDatabases() {
    }

    static Options options(double bitsPerKey) {
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setFormatVersion(EngineFilter.FAST_LOCAL_BLOOM.formatVersion())
                .setOptimizeFiltersForMemory(false)
                .setWholeKeyFiltering(true)
                .setFilterPolicy(new BloomFilter(bitsPerKey, false));
        return new Options().setCreateIfMissing(true).setDisableAutoCompactions(true)
                .setLevelCompactionDynamicLevelBytes(false).setNumLevels(7).setTableFormatConfig(table);
    }

    /** Writes the phases into {@code dir} and closes the database. */
    public static void build(Path dir) throws RocksDBException {
        for (Phase phase : PHASES) {
            try (Options options = options(phase.bitsPerKey());
                 RocksDB db = RocksDB.open(options, dir.toString());
                 FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                for (int k = phase.from(); k < phase.from() + phase.count(); k++) {
                    db.put(scatteredKey(k), ("value-" + k).getBytes(StandardCharsets.UTF_8));
                }
                db.flush(flush);
                if (phase.level() > 0) {
                    List<String> l0 = new ArrayList<>();
                    for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
                        if (f.level() == 0) {
                            l0.add(f.fileName());
                        }
                    }
                    try (CompactionOptions compaction = new CompactionOptions()) {
                        db.compactFiles(compaction, db.getDefaultColumnFamily(), l0, phase.level(), -1, null);
                    }
                }
            }
        }
    }

    /**
     * Builds the database into the folder given (which must not hold one yet): the source of the
     * published case {@code rocksdb-imported}, see docs/engines.md.
     */
    public static void main(String[] args) throws RocksDBException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: RocksDbTestDatabases DIR");
        }
        RocksDB.loadLibrary();
        build(Path.of(args[0]));
    }

    /**
     * Key k of the published database: "key-" and 8 hex digits of k times an odd constant mod 2^32 (a
     * bijection, so the keys are distinct), so that every phase's keys spread over the whole key space as
     * random inserts do (db_bench fillrandom), rather than each phase writing a key range of its own.
     */
    static byte[] scatteredKey(int k) {
        return String.format(java.util.Locale.ROOT, "key-%08x", k * 0x9E3779B1).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] key(int k) {
        return String.format(java.util.Locale.ROOT, "key-%08d", k).getBytes(StandardCharsets.UTF_8);
    }

    /** Every file of the database in {@code from} copied into the new folder {@code to}, but its LOCK. */
    public static Path copyWithoutLock(Path from, Path to) throws java.io.IOException {
        java.nio.file.Files.createDirectories(to);
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(from)) {
            for (Path f : files.toList()) {
                if (!f.getFileName().toString().equals("LOCK")) {
                    java.nio.file.Files.copy(f, to.resolve(f.getFileName()));
                }
            }
        }
        return to;
    }

    /** The keys of the database in {@code db}, opened read-only, after every file's checksums are checked. */
    public static long keysAfterChecksum(Path db) throws RocksDBException {
        try (Options options = new Options(); RocksDB ro = RocksDB.openReadOnly(options, db.toString());
             org.rocksdb.RocksIterator it = ro.newIterator()) {
            ro.verifyChecksum();
            long keys = 0;
            for (it.seekToFirst(); it.isValid(); it.next()) {
                keys++;
            }
            return keys;
        }
    }
}
