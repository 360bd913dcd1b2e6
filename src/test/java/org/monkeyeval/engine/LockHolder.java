package org.monkeyeval.engine;

import java.nio.charset.StandardCharsets;

import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/**
 * Run in a child JVM by tests: opens the database in args[0] read-write (RocksDB takes its LOCK),
 * prints "open", and holds it until its standard input closes.
 */
public final class LockHolder {

    private LockHolder() {
    }

    public static void main(String[] args) throws Exception {
        RocksDB.loadLibrary();
        try (Options options = new Options(); RocksDB db = RocksDB.open(options, args[0])) {
            System.out.println("open");
            System.out.flush();
            while (System.in.read() >= 0) {
                // hold the lock until the parent closes our input
            }
        }
        System.out.write("closed\n".getBytes(StandardCharsets.US_ASCII));
    }
}
