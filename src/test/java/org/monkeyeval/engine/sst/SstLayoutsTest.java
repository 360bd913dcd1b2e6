package org.monkeyeval.engine.sst;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.CompressionType;
import org.rocksdb.DataBlockIndexType;
import org.rocksdb.EnvOptions;
import org.rocksdb.IndexType;
import org.rocksdb.Options;
import org.rocksdb.SstFileReader;
import org.rocksdb.SstFileWriter;

import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.engine.sst.SstFixtures.Spec;

/**
 * Layouts beyond the fixtures' defaults: data blocks with a hash index and an index whose values carry
 * first keys still give the key range; deletions are counted; a metaindex naming the filter with the
 * obsolete "filter." prefix is reported as BLOCK_BASED; a compressed properties block is refused by
 * name.
 */
final class SstLayoutsTest {

    @TempDir
    static Path dir;

    static final List<byte[]> KEYS = SstFixtures.keys(99, 3_000);

    @BeforeAll
    static void nativeLibrary() {
        assumeTrue(RocksDbNative.available(), () -> "RocksJava tests skipped: " + RocksDbNative.problem().orElse(""));
    }

    private static Path writeWith(String name, BlockBasedTableConfig table, boolean deleteEveryThird) throws Exception {
        Path out = dir.resolve(name);
        try (Options options = new Options().setCompressionType(CompressionType.NO_COMPRESSION)
                .setTableFormatConfig(table);
             EnvOptions env = new EnvOptions();
             SstFileWriter writer = new SstFileWriter(env, options)) {
            writer.open(out.toString());
            for (int i = 0; i < KEYS.size(); i++) {
                if (deleteEveryThird && i % 3 == 0) {
                    writer.delete(KEYS.get(i));
                } else {
                    writer.put(KEYS.get(i), SstFixtures.value(i));
                }
            }
            writer.finish();
        }
        return out;
    }

    @Test
    void read_hashIndexedDataBlocksAndFirstKeyIndex_keyRangeAndDeletions() throws Exception {
        BlockBasedTableConfig table = new BlockBasedTableConfig().setFormatVersion(5)
                .setDataBlockIndexType(DataBlockIndexType.kDataBlockBinaryAndHash)
                .setIndexType(IndexType.kBinarySearchWithFirstKey)
                .setFilterPolicy(new BloomFilter(10, false)).setOptimizeFiltersForMemory(false);
        Path file = writeWith("hash.sst", table, true);
        SstFile sst = SstFile.read(file);
        assertEquals(TableProperties.INDEX_TYPE_WITH_FIRST_KEY, sst.properties().indexType().orElseThrow());
        assertArrayEquals(KEYS.get(0), sst.keyRange().orElseThrow().smallestUserKey());
        assertArrayEquals(KEYS.get(KEYS.size() - 1), sst.keyRange().orElseThrow().largestUserKey());
        try (Options options = new Options(); SstFileReader reader = new SstFileReader(options)) {
            reader.open(file.toString());
            assertEquals(reader.getTableProperties().getNumDeletions(), sst.properties().numDeletions().orElseThrow());
        }
        assertEquals(KEYS.size() / 3, sst.properties().numDeletions().orElseThrow());
    }

    @Test
    void read_filterUnderObsoletePrefix_isBlockBased() throws Exception {
        Path file = SstFixtures.write(dir, "full.sst", Spec.bloom(5, 10, false), KEYS);
        SstFile original = SstFile.read(file);
        Map<String, BlockHandle> renamed = new TreeMap<>();
        for (Map.Entry<String, BlockHandle> e : original.metaindex().entrySet()) {
            renamed.put(e.getKey().replace(SstFilter.FULL_PREFIX, SstFilter.BLOCK_BASED_PREFIX), e.getValue());
        }
        byte[] edited = SstSurgery.withMetaindex(Files.readAllBytes(file), original, renamed);
        SstFile sst = SstFile.parse("edited", ByteBuffer.wrap(edited));
        assertEquals(SstFilter.Kind.BLOCK_BASED, sst.filter().kind());
        assertEquals("rocksdb.BuiltinBloomFilter", sst.filter().policyName());
        assertArrayEquals(original.filter().contents().orElseThrow(), sst.filter().contents().orElseThrow());
    }

    @Test
    void read_metaindexWithoutFilter_isNone() throws Exception {
        Path file = SstFixtures.write(dir, "nofilter.sst", Spec.bloom(4, 10, true), KEYS);
        SstFile original = SstFile.read(file);
        Map<String, BlockHandle> kept = new LinkedHashMap<>(original.metaindex());
        kept.keySet().removeIf(k -> k.startsWith(SstFilter.PARTITIONED_PREFIX));
        SstFile sst = SstFile.parse("edited", ByteBuffer.wrap(SstSurgery.withMetaindex(Files.readAllBytes(file), original, kept)));
        assertEquals(SstFilter.Kind.NONE, sst.filter().kind());
        assertEquals(0, sst.filter().totalBytes());
        assertTrue(sst.filter().filterBlocks().isEmpty());
    }

    @Test
    void read_compressedPropertiesBlock_refusedNamingTheBlock() throws Exception {
        Path file = SstFixtures.write(dir, "compressed.sst", Spec.bloom(5, 10, false), KEYS);
        BlockHandle props = SstFile.read(file).metaindex().get("rocksdb.properties");
        byte[] all = Files.readAllBytes(file);
        SstSurgery.sealTrailer(all, (int) props.offset(), (int) props.size(), (byte) 1);
        SstFormatException e = assertThrows(SstFormatException.class,
                () -> SstFile.parse("compressed.sst", ByteBuffer.wrap(all)));
        assertTrue(e.getMessage().startsWith("compressed.sst: block rocksdb.properties at offset " + props.offset()
                + " is compressed (Snappy)"), e.getMessage());
    }
}
