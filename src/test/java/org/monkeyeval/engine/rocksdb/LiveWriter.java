package org.monkeyeval.engine.rocksdb;

import java.nio.charset.StandardCharsets;

import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/**
 * Run in a child JVM by tests: opens the database in args[0] read-write (RocksDB takes its LOCK) with
 * 64 KiB write buffers and automatic compaction, prints "open", then writes keys from args[1] on
 * until its standard input closes (every small memtable flushed, L0 compacted down, files deleted
 * as a running server does), flushes, and prints the number of keys written.
 */
public final class LiveWriter {

    private LiveWriter() {
    }

    /**
     * The writer's key k: "key-", k's 8 decimal digits and "-live". Never one of the database's own keys
     * ("key-" and 8 hex digits, {@link RocksDbTestDatabases#scatteredKey}), whose digits can read as a
     * decimal number: a writer key of the same 12 bytes would overwrite one and leave a count a key short.
     */
    static byte[] key(long k) {
        return String.format(java.util.Locale.ROOT, "key-%08d-live", k).getBytes(StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws Exception {
        RocksDB.loadLibrary();
        long from = Long.parseLong(args[1]);
        BlockBasedTableConfig table = new BlockBasedTableConfig().setFilterPolicy(new BloomFilter(10, false));
        try (Options options = new Options().setCreateIfMissing(true).setWriteBufferSize(64 << 10)
                .setLevel0FileNumCompactionTrigger(2).setMaxBytesForLevelBase(256 << 10)
                .setTargetFileSizeBase(64 << 10).setTableFormatConfig(table);
             RocksDB db = RocksDB.open(options, args[0])) {
            System.out.println("open");
            System.out.flush();
            Thread stop = new Thread(() -> {
                try {
                    while (System.in.read() >= 0) {
                        // until the parent closes our input
                    }
                } catch (java.io.IOException e) {
                    // parent gone: stop as well
                }
            });
            stop.start();
            long k = from;
            while (stop.isAlive()) {
                for (int i = 0; i < 500; i++, k++) {
                    db.put(key(k), ("live-" + k).getBytes(StandardCharsets.UTF_8));
                }
            }
            // a server shutting down cleanly: every write in a table file before the count is given, so that a
            // reader counting keys after does not depend on how the write-ahead log's tail is replayed
            try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                db.flush(flush);
            }
            System.out.println("wrote " + (k - from));
        }
    }
}
