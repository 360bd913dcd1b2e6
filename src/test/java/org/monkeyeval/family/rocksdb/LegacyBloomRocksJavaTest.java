package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.engine.sst.SstFile;
import org.monkeyeval.engine.sst.SstFilter;
import org.monkeyeval.engine.sst.SstFixtures;
import org.monkeyeval.engine.sst.SstFixtures.FilterKind;
import org.monkeyeval.engine.sst.SstFixtures.Spec;

/**
 * Guards that {@link LegacyBloom} builds, byte for byte, the filter block RocksDB (RocksJava
 * org.rocksdb:rocksdbjni 10.10.1.1) writes into an SST with {@code BloomFilter(b, false)} and
 * {@code format_version = 4}, no compression, through {@code SstFileWriter}, for several key counts
 * and bits per key, and that {@link RocksDbFilterMetadata} names the filter of format_version 4, 5
 * and Ribbon blocks as RocksDB's reader would.
 */
final class LegacyBloomRocksJavaTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void nativeLibrary() {
        assumeTrue(RocksDbNative.available(), () -> "RocksJava tests skipped: " + RocksDbNative.problem().orElse(""));
    }

    @ParameterizedTest(name = "n={0} b={1}")
    @CsvSource({
        "1, 10", "2, 10", "100, 10", "2087, 10", "20000, 10",
        "1, 1", "3000, 1", "3000, 4.5", "3000, 7", "5000, 9.5", "5000, 16", "5000, 20", "20000, 20", "5000, 23.4",
        "777, 44", "777, 100",
    })
    void formatVersion4Block_isLegacyBloomsBytes(int entries, double bitsPerKey) throws Exception {
        List<byte[]> keys = SstFixtures.keys(entries * 31L + (long) (bitsPerKey * 10), entries);
        byte[] block = filterBlock(Spec.bloom(4, bitsPerKey, false), keys);
        int whole = LegacyBloom.wholeBitsPerKey(RocksDbLocalBloom.millibitsPerKey(bitsPerKey));
        assertArrayEquals(LegacyBloom.build(keys, whole), block);
        assertEquals(LegacyBloom.filterBytes(entries, whole), block.length);

        RocksDbFilterMetadata.Legacy m = assertInstanceOf(RocksDbFilterMetadata.Legacy.class,
                RocksDbFilterMetadata.decode(block));
        assertEquals(LegacyBloom.chooseNumProbes(whole), m.numProbes());
        assertEquals(LegacyBloom.numLines(entries, whole), m.numLines());
        assertEquals(6, m.log2LineBytes());
        LegacyBloom reader = LegacyBloom.read(block);
        for (byte[] key : keys) {
            assertTrue(reader.mayContain(key));
        }
    }

    @Test
    void formatVersion4Partitions_areLegacyBlooms() throws Exception {
        List<byte[]> keys = SstFixtures.keys(4_4L, 6000);
        SstFilter filter = sst(Spec.bloom(4, 10, true), keys).filter();
        assertEquals(SstFilter.Kind.PARTITIONED, filter.kind());
        assertTrue(filter.partitions().size() > 1, filter.toString());
        for (byte[] partition : filter.filterBlocks()) {
            RocksDbFilterMetadata.Legacy m = assertInstanceOf(RocksDbFilterMetadata.Legacy.class,
                    RocksDbFilterMetadata.decode(partition));
            assertEquals(6, m.numProbes());
            assertEquals(1, m.numLines() % 2);
        }
    }

    @ParameterizedTest(name = "b={0}")
    @CsvSource({"10", "7.5", "23.456"})
    void formatVersion5Block_isFastLocalBloomWithRocksDbsProbes(double bitsPerKey) throws Exception {
        List<byte[]> keys = SstFixtures.keys(55L, 5000);
        byte[] block = filterBlock(Spec.bloom(5, bitsPerKey, false), keys);
        int millibits = RocksDbLocalBloom.millibitsPerKey(bitsPerKey);
        RocksDbFilterMetadata.FastLocalBloom m = assertInstanceOf(RocksDbFilterMetadata.FastLocalBloom.class,
                RocksDbFilterMetadata.decode(block));
        assertEquals(RocksDbLocalBloom.chooseNumProbes(millibits), m.numProbes());
        assertEquals(RocksDbLocalBloom.filterBytes(5000, millibits), m.dataBytes());
    }

    @Test
    void ribbonBlock_isRibbonWithItsSeedAndBlocks() throws Exception {
        List<byte[]> keys = SstFixtures.keys(66L, 20_000);
        byte[] block = filterBlock(Spec.bloom(5, 10, false).withFilter(FilterKind.RIBBON, 10), keys);
        RocksDbFilterMetadata.Ribbon m = assertInstanceOf(RocksDbFilterMetadata.Ribbon.class,
                RocksDbFilterMetadata.decode(block));
        assertEquals(block[block.length - 4] & 0xFF, m.seed());
        assertTrue(m.numBlocks() >= 2, m.toString());
        // 128 slots a block; each block holds whole 16-byte segments, one per result column
        assertEquals(0, m.dataBytes() % 16, m.toString());
        assertTrue(m.dataBytes() >= 16 * m.numBlocks(), m.toString());
        assertTrue(m.numBlocks() * 128L >= 20_000, m.toString());
    }

    private static byte[] filterBlock(Spec spec, List<byte[]> keys) throws Exception {
        SstFilter filter = sst(spec, keys).filter();
        assertEquals(SstFilter.Kind.FULL, filter.kind(), filter.toString());
        return filter.contents().orElseThrow();
    }

    private static SstFile sst(Spec spec, List<byte[]> keys) throws Exception {
        String name = String.format(Locale.ROOT, "%s-%d.sst", spec.toString().replaceAll("[^A-Za-z0-9.@-]", "_"),
                keys.size());
        return SstFile.read(SstFixtures.write(dir, name, spec, keys));
    }
}
