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

    /**
     * The writer running in a child JVM on one database, started by {@link #start}: it holds the database open
     * and writes until {@link #stop()}, which gives the number of keys it wrote.
     */
    public static final class Child implements AutoCloseable {
        private final Process process;
        private final java.io.BufferedReader lines;
        private Long written;

        private Child(Process process) {
            this.process = process;
            this.lines = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8));
        }

        /** Whether the writer is still running (it holds the database). */
        public boolean alive() {
            return process.isAlive();
        }

        /** Ends the writer (its input closed), waits for it, and gives the keys it wrote. */
        public long stop() throws java.io.IOException, InterruptedException {
            if (written == null) {
                process.getOutputStream().close();
                if (!process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new IllegalStateException("the writer did not end within 60 s");
                }
                String last = lines.readLine();
                if (last == null || !last.startsWith("wrote ")) {
                    throw new IllegalStateException("the writer ended without its count: " + last);
                }
                written = Long.parseLong(last.substring("wrote ".length()));
            }
            return written;
        }

        @Override
        public void close() throws java.io.IOException, InterruptedException {
            stop();
        }
    }

    /**
     * Starts the writer in a child JVM on {@code db}, writing keys from {@code from} on, and returns once it holds
     * the database open and has written for {@code settleMillis}.
     */
    public static Child start(java.nio.file.Path db, long from, long settleMillis)
            throws java.io.IOException, InterruptedException {
        String javaCommand = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(javaCommand, "-cp", System.getProperty("java.class.path"),
                LiveWriter.class.getName(), db.toString(), Long.toString(from)).redirectErrorStream(true).start();
        Child child = new Child(process);
        String first = child.lines.readLine();
        if (!"open".equals(first)) {
            process.destroyForcibly();
            throw new IllegalStateException("the writer did not open the database: " + first);
        }
        Thread.sleep(settleMillis);
        return child;
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
