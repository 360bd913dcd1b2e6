package org.monkeyeval.engine.rocksdb;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompactionOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * Builds RocksDB databases with RocksJava whose files hold the filters a test names: each phase
 * opens the database with its own block-based table options (as an OPTIONS file would write them,
 * e.g. {@code filter_policy=ribbonfilter:10;format_version=5}), writes its keys, flushes one L0
 * file and, for a level above 0, moves it down with CompactFiles (which rewrites it with that
 * phase's filter, built as a compaction builds it: Ribbon's {@code bloom_before_level} sees the
 * output level).
 */
final class RocksDbFilterDatabases {

    /**
     * One phase: keys [from, from + count), written with {@code table} options, left at {@code level}.
     *
     * @param table      the block_based_table_factory options, e.g. {@code filter_policy=bloomfilter:10:false}
     * @param familyOpts further column family options (e.g. {@code prefix_extractor=rocksdb.FixedPrefix.8}), or ""
     */
    record Phase(int from, int count, String table, String familyOpts, int level) {
    }

    /** Table options of a fast local Bloom filter at {@code bits}. */
    static String bloom(double bits) {
        return "filter_policy=bloomfilter:" + bits + ":false;format_version=5;optimize_filters_for_memory=false";
    }

    private RocksDbFilterDatabases() {
    }

    static void build(Path dir, List<Phase> phases) throws RocksDBException {
        for (Phase phase : phases) {
            Properties props = new Properties();
            props.setProperty("block_based_table_factory", "{" + phase.table() + "}");
            props.setProperty("disable_auto_compactions", "true");
            props.setProperty("num_levels", "7");
            props.setProperty("level_compaction_dynamic_level_bytes", "false");
            props.setProperty("compression", "kNoCompression");
            for (String opt : phase.familyOpts().split(";")) {
                if (!opt.isEmpty()) {
                    props.setProperty(opt.substring(0, opt.indexOf('=')), opt.substring(opt.indexOf('=') + 1));
                }
            }
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            try (ColumnFamilyOptions cf = ColumnFamilyOptions.getColumnFamilyOptionsFromProps(props);
                 DBOptions options = new DBOptions().setCreateIfMissing(true);
                 RocksDB db = RocksDB.open(options, dir.toString(),
                         List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, cf)), handles);
                 FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                try {
                    for (int k = phase.from(); k < phase.from() + phase.count(); k++) {
                        db.put(RocksDbTestDatabases.key(k), ("value-" + k).getBytes(StandardCharsets.UTF_8));
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
                            db.compactFiles(compaction, handles.get(0), l0, phase.level(), -1, null);
                        }
                    }
                } finally {
                    for (ColumnFamilyHandle h : handles) {
                        h.close();
                    }
                }
            }
        }
    }

    /** An absent key inside the key range: stored key k extended by one byte, between k and k + 1. */
    static byte[] absentKey(int k) {
        byte[] stored = RocksDbTestDatabases.key(k);
        byte[] out = java.util.Arrays.copyOf(stored, stored.length + 1);
        out[stored.length] = 'x';
        return out;
    }
}
