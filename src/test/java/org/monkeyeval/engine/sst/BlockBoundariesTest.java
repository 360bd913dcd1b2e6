package org.monkeyeval.engine.sst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.CompressionType;
import org.rocksdb.EnvOptions;
import org.rocksdb.IndexType;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.SstFileReader;
import org.rocksdb.SstFileReaderIterator;
import org.rocksdb.SstFileWriter;
import org.rocksdb.Statistics;
import org.rocksdb.TickerType;

import org.monkeyeval.engine.rocksdb.RocksDbNative;

/**
 * A table's block boundaries are where RocksDB's Get reads a second data block: every pair is a block's
 * last key, its index separator above it and the next block's first key above that, consecutive keys of
 * the table; a key just above a block's last key (and so at or below its shortened separator) reads two
 * data blocks in RocksDB, a key just above the separator one. A partitioned index gives the same pairs; a
 * Snappy, LZ4 or zlib table the same pairs as an uncompressed one; ZSTD data blocks under an uncompressed
 * index give the separators alone, and the largest key at or below each (as RocksDB's own reader finds it)
 * is that block's last key; a large table is sampled evenly.
 */
final class BlockBoundariesTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void nativeLibrary() {
        assumeTrue(RocksDbNative.available(), () -> "RocksJava tests skipped: " + RocksDbNative.problem().orElse(""));
    }

    /** db_bench's key layout: key number 8 bytes big-endian, '0'-padded to 16 bytes; every third number. */
    private static List<byte[]> keys(int count) {
        List<byte[]> out = new ArrayList<>();
        for (long v = 0; v < count; v++) {
            byte[] k = new byte[16];
            Arrays.fill(k, (byte) '0');
            ByteBuffer.wrap(k).putLong(3 * v + 1_000);
            out.add(k);
        }
        return out;
    }

    private static Options options(IndexType index, CompressionType compression, long blockSize) {
        BlockBasedTableConfig table = new BlockBasedTableConfig().setFormatVersion(5).setIndexType(index)
                .setBlockSize(blockSize).setMetadataBlockSize(256);
        return new Options().setCreateIfMissing(true).setCompressionType(compression).setTableFormatConfig(table);
    }

    private static Path write(String name, Options options, List<byte[]> keys) throws Exception {
        Path out = dir.resolve(name);
        try (EnvOptions env = new EnvOptions(); SstFileWriter writer = new SstFileWriter(env, options)) {
            writer.open(out.toString());
            byte[] value = new byte[100];
            for (byte[] k : keys) {
                writer.put(k, value);
            }
            writer.finish();
        }
        return out;
    }

    /** {@code keys} written as {@code dir/name} with the index type, compression and block size given. */
    private static Path table(String name, IndexType index, CompressionType compression, long blockSize,
                              List<byte[]> keys) throws Exception {
        try (Options options = options(index, compression, blockSize)) {
            return write(name, options, keys);
        }
    }

    private static byte[] extended(byte[] key) {
        return Arrays.copyOf(key, key.length + 1);
    }

    @Test
    void pairs_areConsecutiveKeysWithTheSeparatorBetween_andTheGapReadsTwoBlocksInRocksDb() throws Exception {
        List<byte[]> keys = keys(3_000);
        Path file = table("plain.sst", IndexType.kBinarySearch, CompressionType.NO_COMPRESSION, 4096, keys);
        SstFile sst = SstFile.read(file, true);
        BlockBoundaries b = sst.blockBoundaries().orElseThrow();
        assertEquals(sst.properties().numDataBlocks(), b.dataBlocks());
        assertEquals(b.dataBlocks() - 1, b.pairs().size());
        assertTrue(b.pairs().size() > 50, b.pairs().size() + " pairs");
        for (BlockBoundaries.Pair p : b.pairs()) {
            int at = indexOf(keys, p.lastKey());
            assertTrue(at >= 0, "the last key is a key of the table");
            assertArrayEquals(keys.get(at + 1), p.nextFirstKey());
            assertTrue(Arrays.compareUnsigned(p.lastKey(), p.separator()) < 0);
            assertTrue(Arrays.compareUnsigned(p.separator(), p.nextFirstKey()) < 0);
        }

        Path db = dir.resolve("db");
        try (Statistics statistics = new Statistics();
             Options options = options(IndexType.kBinarySearch, CompressionType.NO_COMPRESSION, 4096)
                     .setStatistics(statistics);
             RocksDB rocks = RocksDB.open(options, db.toString());
             IngestExternalFileOptions ingest = new IngestExternalFileOptions()) {
            rocks.ingestExternalFile(List.of(file.toString()), ingest);
            for (BlockBoundaries.Pair p : b.pairs().subList(0, 20)) {
                assertEquals(2, blocksRead(rocks, statistics, extended(p.lastKey())), "just above a block's last key");
                assertEquals(1, blocksRead(rocks, statistics, extended(p.separator())), "just above its separator");
            }
        }
    }

    private static void assertArrayEquals(byte[] expected, byte[] actual) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, actual);
    }

    private static int indexOf(List<byte[]> keys, byte[] key) {
        for (int i = 0; i < keys.size(); i++) {
            if (Arrays.equals(keys.get(i), key)) {
                return i;
            }
        }
        return -1;
    }

    private static long blocksRead(RocksDB rocks, Statistics statistics, byte[] key) throws Exception {
        long before = statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_MISS)
                + statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_HIT);
        assertFalse(rocks.get(key) != null, "the key is absent");
        return statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_MISS)
                + statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_HIT) - before;
    }

    @Test
    void partitionedIndex_givesTheSamePairs() throws Exception {
        List<byte[]> keys = keys(3_000);
        Path plain = table("same-plain.sst", IndexType.kBinarySearch, CompressionType.NO_COMPRESSION, 4096, keys);
        Path partitioned = table("same-partitioned.sst", IndexType.kTwoLevelIndexSearch, CompressionType.NO_COMPRESSION,
                4096, keys);
        SstFile two = SstFile.read(partitioned, true);
        assertEquals(TableProperties.INDEX_TYPE_TWO_LEVEL, two.properties().indexType().orElseThrow());
        List<BlockBoundaries.Pair> x = SstFile.read(plain, true).blockBoundaries().orElseThrow().pairs();
        List<BlockBoundaries.Pair> y = two.blockBoundaries().orElseThrow().pairs();
        assertEquals(x.size(), y.size());
        for (int i = 0; i < x.size(); i++) {
            assertArrayEquals(x.get(i).lastKey(), y.get(i).lastKey());
            assertArrayEquals(x.get(i).separator(), y.get(i).separator());
        }
    }

    @ParameterizedTest
    @EnumSource(value = CompressionType.class, names = {"SNAPPY_COMPRESSION", "LZ4_COMPRESSION", "LZ4HC_COMPRESSION",
            "ZLIB_COMPRESSION"})
    void compressedTable_decompressed_sameBoundariesAsUncompressed(CompressionType type) throws Exception {
        List<byte[]> keys = keys(3_000);
        Path file = table(type + ".sst", IndexType.kBinarySearch, type, 4096, keys);
        Path plain = table(type + "-plain.sst", IndexType.kBinarySearch, CompressionType.NO_COMPRESSION, 4096, keys);
        SstFile sst = SstFile.read(file, true);
        assertFalse(sst.properties().compressionName().isEmpty() || sst.properties().compressionName().equals("NoCompression"),
                sst.properties().compressionName());
        assertSamePairs(SstFile.read(plain, true).blockBoundaries().orElseThrow(), sst.blockBoundaries().orElseThrow());
        assertTrue(sst.keyRange().isPresent(), "the key range is read from the decompressed blocks");
    }

    @Test
    void zstdDataBlocksUnderAnUncompressedIndex_separatorsAlone_theKeysAtOrBelowThemAreTheBlocksLastKeys()
            throws Exception {
        List<byte[]> keys = keys(3_000);
        Path file;
        try (Options zstd = options(IndexType.kBinarySearch, CompressionType.ZSTD_COMPRESSION, 4096)) {
            ((BlockBasedTableConfig) zstd.tableFormatConfig()).setEnableIndexCompression(false);
            zstd.setTableFormatConfig(zstd.tableFormatConfig());
            file = write("zstd.sst", zstd, keys);
        }
        Path plain = table("zstd-plain.sst", IndexType.kBinarySearch, CompressionType.NO_COMPRESSION, 4096, keys);
        BlockBoundaries compressed = SstFile.read(file, true).blockBoundaries().orElseThrow();
        BlockBoundaries read = SstFile.read(plain, true).blockBoundaries().orElseThrow();
        assertFalse(compressed.keysRead());
        assertTrue(read.keysRead());
        try (Options options = new Options(); SstFileReader reader = new SstFileReader(options)) {
            reader.open(file.toString());
            try (ReadOptions ro = new ReadOptions(); SstFileReaderIterator it = reader.newIterator(ro)) {
                assertSamePairs(read, compressed.withKeys(separator -> {
                    it.seekForPrev(separator);
                    byte[] last = it.key();
                    it.next();
                    return new byte[][] {last, it.key()};
                }));
            }
        }
        assertTrue(SstFile.read(plain).blockBoundaries().isEmpty(), "not asked for");
    }

    private static void assertSamePairs(BlockBoundaries expected, BlockBoundaries actual) {
        assertEquals(expected.dataBlocks(), actual.dataBlocks());
        assertEquals(expected.pairs().size(), actual.pairs().size());
        for (int i = 0; i < expected.pairs().size(); i++) {
            assertArrayEquals(expected.pairs().get(i).lastKey(), actual.pairs().get(i).lastKey());
            assertArrayEquals(expected.pairs().get(i).separator(), actual.pairs().get(i).separator());
            assertArrayEquals(expected.pairs().get(i).nextFirstKey(), actual.pairs().get(i).nextFirstKey());
        }
    }

    @Test
    void largeTable_pairsSampledEvenly() throws Exception {
        List<byte[]> keys = keys(6_000);
        Path file = table("small-blocks.sst", IndexType.kBinarySearch, CompressionType.NO_COMPRESSION, 256, keys);
        BlockBoundaries b = SstFile.read(file, true).blockBoundaries().orElseThrow();
        long pairs = b.dataBlocks() - 1;
        assertTrue(pairs > BlockBoundaries.MAX_PAIRS, pairs + " pairs");
        long stride = (pairs + BlockBoundaries.MAX_PAIRS - 1) / BlockBoundaries.MAX_PAIRS;
        assertEquals((pairs + stride - 1) / stride, b.pairs().size());
        assertTrue(b.pairs().size() <= BlockBoundaries.MAX_PAIRS);
        int first = indexOf(keys, b.pairs().get(0).lastKey());
        int second = indexOf(keys, b.pairs().get(1).lastKey());
        assertTrue(second > first);
    }
}
