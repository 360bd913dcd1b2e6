package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.monkeyeval.engine.RocksDbNative;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.CompressionType;
import org.rocksdb.EnvOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileWriter;

/**
 * Guards byte-for-byte agreement with RocksDB itself: for an SST file written by RocksJava (10.10.1.1)
 * with {@code BloomFilter(b)}, format_version 5, optimize_filters_for_memory false and no compression,
 * the filter block {@link FastLocalBloomBuilder} builds over the file's keys is in the file, whole and
 * followed by the table's block trailer: type byte 0 (a filter block is never compressed) and a
 * 4-byte checksum.
 *
 * <p>How the block is found: it is searched for as a contiguous run of the file's bytes. A run of a
 * few hundred bytes or more that ends with the 5-byte filter trailer cannot match by chance, and the
 * test also checks that it appears exactly once; for one key at 1 bit/key (69 bytes) the run still
 * holds the key's probe bits, the trailer and the file's block trailer after it. Reading the filter
 * block by its handle in the metaindex block is the SST reader's job ({@code
 * org.monkeyeval.engine.sst.SstFile}); once it is on this branch, this test can take the block from it
 * and compare the arrays outright.
 */
final class RocksJavaFilterBytesTest {

    @TempDir
    Path dir;

    private static byte[] bigEndian(long key) {
        return ByteBuffer.allocate(Long.BYTES).putLong(key).array();
    }

    /** Writes {@code keys} (in bytewise order, distinct) to an SST file with a format_version 5 Bloom filter. */
    private static Path writeSst(Path file, List<byte[]> keys, double bitsPerKey, boolean optimizeForMemory)
            throws RocksDBException {
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setFilterPolicy(new BloomFilter(bitsPerKey, false))
                .setFormatVersion(5)
                .setOptimizeFiltersForMemory(optimizeForMemory);
        try (Options options = new Options().setTableFormatConfig(table)
                     .setCompressionType(CompressionType.NO_COMPRESSION);
             EnvOptions env = new EnvOptions();
             SstFileWriter writer = new SstFileWriter(env, options)) {
            writer.open(file.toString());
            byte[] value = {'v'};
            for (byte[] key : keys) {
                writer.put(key, value);
            }
            writer.finish();
        }
        return file;
    }

    /** The only offset at which {@code block} occurs in {@code file}; fails if none or several. */
    private static int onlyOccurrence(byte[] file, byte[] block) {
        int found = -1;
        for (int at = 0; at + block.length <= file.length; at++) {
            if (Arrays.equals(file, at, at + block.length, block, 0, block.length)) {
                assertEquals(-1, found, "the block occurs twice, at " + found + " and " + at);
                found = at;
            }
        }
        assertTrue(found >= 0, "the built block (" + block.length + " bytes) is not in the SST file ("
                + file.length + " bytes)");
        return found;
    }

    private static void assertFileHoldsBlock(Path sst, byte[] block) throws IOException {
        byte[] file = Files.readAllBytes(sst);
        int at = onlyOccurrence(file, block);
        assertTrue(at + block.length + 5 <= file.length, "no block trailer after the filter block");
        assertEquals(0, file[at + block.length], "block type after the filter block (0: not compressed)");
    }

    @ParameterizedTest(name = "n={0} bits={1}")
    @CsvSource({
        "1, 1", "1, 6.5", "1, 10", "1, 16", "1, 23",
        "100, 1", "100, 6.5", "100, 10", "100, 16", "100, 23",
        "10000, 1", "10000, 6.5", "10000, 10", "10000, 16", "10000, 23",
    })
    void finish_rocksJavaSstOfEightByteKeys_blockIsInTheFile(int n, double bitsPerKey) throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "RocksJava not loadable: " + RocksDbNative.problem().orElse(""));
        List<byte[]> keys = new ArrayList<>(n);
        for (long k = 0; k < n; k++) {
            keys.add(bigEndian(k * 7919));
        }
        Path sst = writeSst(dir.resolve("keys.sst"), keys, bitsPerKey, false);
        byte[] block = FastLocalBloomBuilder.build(keys, bitsPerKey);
        assertFileHoldsBlock(sst, block);
    }

    /**
     * Keys of every length from 0 to 3000 bytes (the hash's short, mid-size and multi-block paths),
     * cut from xxHash's sanity buffer, in bytewise order.
     */
    @Test
    void finish_rocksJavaSstOfKeysOfEveryLength_blockIsInTheFile() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "RocksJava not loadable: " + RocksDbNative.problem().orElse(""));
        byte[] buffer = Xxh3Test.sanityBuffer(3001);
        TreeSet<byte[]> sorted = new TreeSet<>(Arrays::compareUnsigned);
        for (int length = 0; length <= 3000; length++) {
            sorted.add(Arrays.copyOfRange(buffer, length % 2, length % 2 + length));
        }
        List<byte[]> keys = new ArrayList<>(sorted);
        Path sst = writeSst(dir.resolve("lengths.sst"), keys, 10, false);
        assertFileHoldsBlock(sst, FastLocalBloomBuilder.build(keys, 10));
    }
}
