package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.engine.sst.SstFile;
import org.monkeyeval.engine.sst.SstFilter;
import org.monkeyeval.engine.sst.SstFixtures;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.CompressionType;
import org.rocksdb.EnvOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.Snapshot;
import org.rocksdb.SstFileWriter;

/**
 * Guards byte-for-byte agreement with RocksDB itself: the full filter block of an SST file that
 * RocksJava (10.10.1.1) writes with {@code BloomFilter(b)}, format_version 5 and no compression, read
 * back with {@link SstFile}, equals the block {@link FastLocalBloomBuilder} builds over the file's keys:
 * with optimize_filters_for_memory false from the keys alone ({@link FastLocalBloomBuilder#finish()}),
 * and with it true from the keys and the size RocksDB settled on
 * ({@link FastLocalBloomBuilder#finishAtSize(long)}).
 */
final class RocksJavaFilterBytesTest {

    @TempDir
    Path dir;

    @BeforeEach
    void rocksJavaLoads() {
        assumeTrue(RocksDbNative.available(), () -> "RocksJava not loadable: " + RocksDbNative.problem().orElse(""));
    }

    private static List<byte[]> eightByteKeys(int n) {
        List<byte[]> keys = new ArrayList<>(n);
        for (long k = 0; k < n; k++) {
            keys.add(ByteBuffer.allocate(Long.BYTES).putLong(k * 7919).array());
        }
        return keys;
    }

    /** The one full filter block of the table at {@code sst}, trailer of the table's block excluded. */
    private static byte[] fullFilterBlock(Path sst) throws Exception {
        SstFilter filter = SstFile.read(sst).filter();
        assertEquals(SstFilter.Kind.FULL, filter.kind());
        assertEquals("rocksdb.BuiltinBloomFilter", filter.policyName());
        return filter.contents().orElseThrow();
    }

    @ParameterizedTest(name = "n={0} bits={1}")
    @CsvSource({
        "1, 1", "1, 6.5", "1, 10", "1, 16", "1, 23",
        "100, 1", "100, 6.5", "100, 10", "100, 16", "100, 23",
        "10000, 1", "10000, 6.5", "10000, 10", "10000, 16", "10000, 23",
    })
    void finish_rocksJavaSstOfEightByteKeys_equalsFileFilterBlock(int n, double bitsPerKey) throws Exception {
        List<byte[]> keys = eightByteKeys(n);
        Path sst = SstFixtures.write(dir, "keys.sst", SstFixtures.Spec.bloom(5, bitsPerKey, false), keys);
        assertArrayEquals(fullFilterBlock(sst), FastLocalBloomBuilder.build(keys, bitsPerKey));
    }

    /**
     * Keys of every length from 0 to 3000 bytes (the hash's short, mid-size and multi-block paths),
     * cut from xxHash's sanity buffer, in bytewise order.
     */
    @Test
    void finish_rocksJavaSstOfKeysOfEveryLength_equalsFileFilterBlock() throws Exception {
        byte[] buffer = Xxh3Test.sanityBuffer(3001);
        TreeSet<byte[]> sorted = new TreeSet<>(Arrays::compareUnsigned);
        for (int length = 0; length <= 3000; length++) {
            sorted.add(Arrays.copyOfRange(buffer, length % 2, length % 2 + length));
        }
        List<byte[]> keys = new ArrayList<>(sorted);
        Path sst = SstFixtures.write(dir, "lengths.sst", SstFixtures.Spec.bloom(5, 10, false), keys);
        assertArrayEquals(fullFilterBlock(sst), FastLocalBloomBuilder.build(keys, 10));
    }

    /**
     * With optimize_filters_for_memory true (RocksDB 10's default) RocksDB picks the size; given that
     * size the block follows from the keys. At 6.5 bits/key 100 keys need 82 bytes, rounded up to 128,
     * so probes chosen from the size (10240 millibits: 7) differ from those of the setting (6500: 4).
     */
    @ParameterizedTest(name = "n={0} bits={1}")
    @CsvSource({"100, 6.5", "10000, 10", "10000, 23"})
    void finishAtSize_rocksJavaSstOptimizedForMemory_equalsFileFilterBlock(int n, double bitsPerKey)
            throws Exception {
        List<byte[]> keys = eightByteKeys(n);
        Path sst = dir.resolve("optimized.sst");
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setFilterPolicy(new BloomFilter(bitsPerKey, false))
                .setFormatVersion(5)
                .setOptimizeFiltersForMemory(true);
        try (Options options = new Options().setTableFormatConfig(table)
                     .setCompressionType(CompressionType.NO_COMPRESSION);
             EnvOptions env = new EnvOptions();
             SstFileWriter writer = new SstFileWriter(env, options)) {
            writer.open(sst.toString());
            for (int i = 0; i < keys.size(); i++) {
                writer.put(keys.get(i), SstFixtures.value(i));
            }
            writer.finish();
        }
        byte[] fileBlock = fullFilterBlock(sst);
        FastLocalBloomBuilder builder = new FastLocalBloomBuilder(bitsPerKey);
        keys.forEach(builder::addKey);
        assertArrayEquals(fileBlock, builder.finishAtSize(fileBlock.length - RocksDbLocalBloom.METADATA_BYTES));
        if (n == 100) {
            assertNotEquals(fileBlock[fileBlock.length - 3], builder.finish()[builder.finish().length - 3]);
        }
    }

    /**
     * A flush that keeps two versions of 500 of 1000 user keys (a snapshot holds the older ones) writes
     * 1500 entries but a filter of 1000: the versions of a key are adjacent, so RocksDB collapses them.
     * At 10 bits/key 1000 entries take 1280 data bytes and 1500 would take 1920.
     */
    @Test
    void finish_flushWithTwoVersionsOfKeys_equalsFileFilterBlockOfDistinctKeys() throws Exception {
        List<byte[]> keys = eightByteKeys(1000);
        Path db = dir.resolve("db");
        try (Options options = SstFixtures.options(SstFixtures.Spec.bloom(5, 10, false))
                     .setCreateIfMissing(true).setDisableAutoCompactions(true);
             RocksDB rocks = RocksDB.open(options, db.toString());
             FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            for (int i = 0; i < keys.size(); i++) {
                rocks.put(keys.get(i), SstFixtures.value(i));
            }
            Snapshot snapshot = rocks.getSnapshot();
            try {
                for (int i = 0; i < keys.size(); i += 2) {
                    rocks.put(keys.get(i), SstFixtures.value(-i));
                }
                rocks.flush(flush);
            } finally {
                rocks.releaseSnapshot(snapshot);
            }
        }
        List<Path> tables;
        try (Stream<Path> files = Files.list(db)) {
            tables = files.filter(f -> f.getFileName().toString().endsWith(".sst")).toList();
        }
        assertEquals(1, tables.size(), () -> "tables: " + tables);
        assertEquals(1500, SstFile.read(tables.get(0)).properties().numEntries());
        FastLocalBloomBuilder builder = new FastLocalBloomBuilder(10);
        for (int i = 0; i < keys.size(); i++) {
            builder.addKey(keys.get(i)); // file order: the newer version first, then the older
            if (i % 2 == 0) {
                builder.addKey(keys.get(i));
            }
        }
        assertEquals(1000, builder.entries());
        byte[] fileBlock = fullFilterBlock(tables.get(0));
        assertEquals(1280 + 5, fileBlock.length);
        assertArrayEquals(fileBlock, builder.finish());
    }
}
