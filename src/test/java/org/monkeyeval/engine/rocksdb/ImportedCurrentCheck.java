package org.monkeyeval.engine.rocksdb;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.Statistics;
import org.rocksdb.TickerType;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.ThresholdSolver;

/**
 * Not a test: sets the predicted current R of a db_bench database beside the data blocks RocksDB
 * reads per absent-key lookup, on the same open version (docs/engines.md, "Predicted current R on
 * db_bench databases"). Absent keys: k drawn uniformly from [0, num) with seed 7, written as
 * db_bench writes its keys (8 bytes big-endian, then '0' to 16 bytes) and extended by one byte '.',
 * so that each lies between two stored keys of the key space. Usage: ImportedCurrentCheck NUM DIR...
 */
public final class ImportedCurrentCheck {

    private ImportedCurrentCheck() {
    }

    public static void main(String[] args) throws Exception {
        RocksDB.loadLibrary();
        long num = Long.parseLong(args[0]);
        int queries = 200_000;
        for (int a = 1; a < args.length; a++) {
            Path dir = Path.of(args[a]);
            try (Statistics statistics = new Statistics();
                 RocksDbSnapshotOpen open = RocksDbSnapshotOpen.open(dir, o -> o.setStatistics(statistics));
                 ReadOptions read = new ReadOptions()) {
                RocksDbImport.Imported imported = RocksDbImport.read(open, "default");
                double predicted = new CaseEvaluator(new ThresholdSolver())
                        .evaluate(ImportedCase.lsmCase(imported, null)).currentCost();
                ColumnFamilyHandle cf = open.handle("default");
                Random random = new Random(7);
                long miss = statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_MISS);
                long hit = statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_HIT);
                for (int i = 0; i < queries; i++) {
                    long k = (long) (random.nextDouble() * num);
                    byte[] key = new byte[17];
                    for (int b = 0; b < 8; b++) {
                        key[b] = (byte) (k >>> (56 - 8 * b));
                    }
                    java.util.Arrays.fill(key, 8, 16, (byte) '0');
                    key[16] = '.';
                    if (open.db().get(cf, read, key) != null) {
                        throw new IllegalStateException("absent key " + k + " found");
                    }
                }
                long reads = statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_MISS) - miss
                        + statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_HIT) - hit;
                double measured = (double) reads / queries;
                System.out.printf(Locale.ROOT, "%s: predicted current R %.4f, RocksDB data blocks per lookup %.4f (%+.1f%%)%n",
                        dir.getFileName(), predicted, measured, 100 * (predicted / measured - 1));
            }
        }
    }
}
