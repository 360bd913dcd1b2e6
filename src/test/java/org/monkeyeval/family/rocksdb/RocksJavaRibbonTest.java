package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.engine.sst.SstFile;
import org.monkeyeval.engine.sst.SstFilter;
import org.monkeyeval.engine.sst.SstFixtures;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/**
 * Guards agreement with RocksDB itself: SST files that RocksJava 10.10.1.1 writes with
 * {@code filter_policy=ribbonfilter:B} (format_version 5, optimize_filters_for_memory false, from an
 * options string: RocksJava has no Ribbon filter class) have the filter_size {@link Ribbon} predicts
 * from n and the first key's hash, and a filter block equal, byte for byte, to the one
 * {@link RibbonFilter#filterBlock} builds over the file's keys (Ribbon, or RocksDB's Bloom where it
 * falls back). SstFileWriter builds with the Ribbon policy whatever bloom_before_level is (its level is
 * unknown); a memtable flush gets Bloom under the default bloom_before_level 0 and Ribbon under -1.
 */
final class RocksJavaRibbonTest {

    /** Keys per n, generated once: SstFixtures' sorted distinct 16-byte keys. */
    private static final Map<Integer, List<byte[]>> KEYS = new HashMap<>();

    @TempDir
    Path dir;

    @BeforeEach
    void rocksJavaLoads() {
        assumeTrue(RocksDbNative.available(), () -> "RocksJava not loadable: " + RocksDbNative.problem().orElse(""));
    }

    private static synchronized List<byte[]> keys(int n) {
        return KEYS.computeIfAbsent(n, count -> SstFixtures.keys(20_210_000L + count, count));
    }

    @ParameterizedTest(name = "n={0} b={1}")
    @CsvSource({
        "1, 6", "1, 10", "1, 16", "1, 23",
        "50, 6", "50, 10", "50, 16", "50, 23",
        "1000, 6", "1000, 10", "1000, 16", "1000, 23",
        "30000, 6", "30000, 10", "30000, 16", "30000, 23",
        "200000, 6", "200000, 10", "200000, 16", "200000, 23",
        "7377, 10", "2500, 9.5",
    })
    void filterSizeAndBlock_sstFileWriterRibbonTable_predictedAndBuilt(int n, double bitsPerKey) throws Exception {
        List<byte[]> keys = keys(n);
        SstFixtures.Spec spec = SstFixtures.Spec.bloom(5, bitsPerKey, false).withFilter(SstFixtures.FilterKind.RIBBON,
                bitsPerKey);
        SstFile file = SstFile.read(SstFixtures.write(dir, "ribbon.sst", spec, keys));
        Ribbon rules = Ribbon.of(bitsPerKey);
        long firstHash = Xxph3.hash64(keys.get(0));
        assertEquals(rules.filterBytes(n, (int) (firstHash >>> 32)), file.properties().filterSize());
        assertEquals("ribbonfilter", file.properties().filterPolicyName());
        SstFilter filter = file.filter();
        assertEquals(SstFilter.Kind.FULL, filter.kind());
        byte[] block = filter.contents().orElseThrow();
        assertArrayEquals(block, RibbonFilter.filterBlock(keys, rules));
        assertEquals(rules.usesBloom(n, (int) (firstHash >>> 32)) ? FastLocalBloomBuilder.NEW_BLOOM_MARKER
                : RibbonFilter.MARKER, block[block.length - 5]);
    }

    /**
     * Where the size depends on the first key's hash (RocksDB's rounding bias), a file whose first key
     * hashes at or above {@link Ribbon#roundingThreshold} is one 16-byte segment smaller than one whose
     * first key hashes below it, as predicted. The two key sets are the first of SstFixtures' seeds
     * (from 1) that land on each side.
     */
    @org.junit.jupiter.api.Test
    void filterSize_biasDependentKeyCount_followsTheFirstKeysHash() throws Exception {
        int n = 7377;
        Ribbon rules = Ribbon.of(10);
        long threshold = rules.roundingThreshold(n);
        long[] sizes = new long[2];
        for (int side = 0; side < 2; side++) {
            List<byte[]> keys = null;
            for (long seed = 1; keys == null; seed++) {
                List<byte[]> candidate = SstFixtures.keys(seed, n);
                long bias = Xxph3.hash64(candidate.get(0)) >>> 32;
                if ((bias >= threshold) == (side == 1)) {
                    keys = candidate;
                }
            }
            SstFixtures.Spec spec = SstFixtures.Spec.bloom(5, 10, false).withFilter(SstFixtures.FilterKind.RIBBON, 10);
            SstFile file = SstFile.read(SstFixtures.write(dir, "side" + side + ".sst", spec, keys));
            sizes[side] = file.properties().filterSize();
            assertArrayEquals(file.filter().contents().orElseThrow(), RibbonFilter.filterBlock(keys, rules));
        }
        assertEquals(rules.filterBytes(n, 0), sizes[0]);
        assertEquals(rules.filterBytes(n, -1), sizes[1]);
        assertEquals(Ribbon.SEGMENT_BYTES, sizes[0] - sizes[1]);
    }

    /**
     * A flush is "level -1": under {@code ribbonfilter:10} (bloom_before_level 0) RocksDB writes its
     * Bloom filter, under {@code ribbonfilter:10:-1} the Ribbon filter, each equal to what is built here.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"ribbonfilter:10, true", "ribbonfilter:10:-1, false"})
    void filterBlock_flushedTable_bloomBeforeLevelDecides(String policy, boolean bloom) throws Exception {
        List<byte[]> keys = keys(5000);
        Properties props = new Properties();
        props.setProperty("compression", "kNoCompression");
        props.setProperty("block_based_table_factory",
                "{filter_policy=" + policy + ";format_version=5;optimize_filters_for_memory=false}");
        Path db = dir.resolve("db");
        try (ColumnFamilyOptions cf = ColumnFamilyOptions.getColumnFamilyOptionsFromProps(props);
             DBOptions dbOptions = new DBOptions().setCreateIfMissing(true);
             Options options = new Options(dbOptions, cf.setDisableAutoCompactions(true));
             RocksDB rocks = RocksDB.open(options, db.toString());
             FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            for (int i = 0; i < keys.size(); i++) {
                rocks.put(keys.get(i), SstFixtures.value(i));
            }
            rocks.flush(flush);
        }
        Path sst;
        try (Stream<Path> files = Files.list(db)) {
            sst = files.filter(p -> p.toString().endsWith(".sst")).findFirst().orElseThrow();
        }
        byte[] block = SstFile.read(sst).filter().contents().orElseThrow();
        byte[] expected = bloom ? FastLocalBloomBuilder.build(keys, 10) : RibbonFilter.filterBlock(keys, Ribbon.of(10));
        assertArrayEquals(expected, block);
        assertTrue(bloom == (block[block.length - 5] == FastLocalBloomBuilder.NEW_BLOOM_MARKER));
    }
}
