package org.monkeyeval.engine.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.engine.rocksdb.RocksDbFilterDatabases.Phase;

/**
 * For a column family whose Get checks key prefixes only, measure sends absent prefixes (a present key's
 * last prefix byte changed, a candidate whose prefix is present never sent), counts RocksDB's prefix checks
 * with its filter tickers, says so, and its count agrees with the imported case's price over the prefixes
 * the filters hold; a column family filtered by whole keys is measured with extended keys as before.
 */
final class RocksDbMeasurePrefixTest {

    @TempDir
    static Path shared;

    @Test
    void prefixLength_fixedAndCappedExtractors_readFromTheName() {
        assertEquals(8, RocksDbMeasure.prefixLength("rocksdb.FixedPrefix.8"));
        assertEquals(3, RocksDbMeasure.prefixLength("rocksdb.CappedPrefix.3"));
        assertEquals(0, RocksDbMeasure.prefixLength("rocksdb.Noop"));
        assertEquals(0, RocksDbMeasure.prefixLength("my.Prefix.8"));
    }

    @Test
    void absentPrefixCandidate_changesTheLastByteOfThePrefixOnly() {
        byte[][] sample = {"key-00001234".getBytes(StandardCharsets.UTF_8)};
        byte[] key = RocksDbMeasure.absentPrefixCandidate(sample, 'x', 11);
        assertArrayEquals("key-000012x4".getBytes(StandardCharsets.UTF_8), RocksDbMeasure.absentPrefixCandidate(
                sample, 'x', 11));
        assertEquals(sample[0].length, key.length);
        assertNull(RocksDbMeasure.absentPrefixCandidate(sample, '3', 11), "the prefix unchanged: no candidate");
        // a capped prefix longer than the key: the key's last byte
        assertArrayEquals("key-0000123y".getBytes(StandardCharsets.UTF_8),
                RocksDbMeasure.absentPrefixCandidate(sample, 'y', 20));
    }

    @Test
    void measure_prefixOnlyColumnFamily_absentPrefixesCountedAndPricedOverThePrefixes() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        Path dir = shared.resolve("prefix11");
        // keys key-00000000 .. key-00019999: 11-byte prefixes of 10 keys each, 2,000 prefixes in one L6 file
        RocksDbFilterDatabases.build(dir, List.of(new Phase(0, 20_000, RocksDbFilterDatabases.bloom(6)
                + ";whole_key_filtering=false", "prefix_extractor=rocksdb.FixedPrefix.11", 6)));
        RocksDbImport.Imported imported = RocksDbImport.read(dir, "default");
        RocksDbMeasure.Measurement m = RocksDbMeasure.measure(dir, List.of("default"),
                new RocksDbMeasure.Settings(20_000, 3), (open, cf) -> ImportedCase.currentR(imported)).get(0);
        assertEquals(11, m.absentPrefixLength());
        assertTrue(m.notes().stream().anyMatch(n -> n.contains("filters key prefixes only")
                && n.contains("lookups for absent prefixes")), m.notes().toString());
        assertEquals(0, m.truePositive());
        // every counted lookup inside the file's range met its prefix filter: useful or positive, none unchecked
        assertTrue(m.filterUseful() > 0.9 * m.lookups(), "prefix checks counted: " + m.filterUseful());
        assertTrue(m.found() > 0, "candidates with a present prefix were replaced");
        double predicted = m.predictedR();
        double sigma = Math.sqrt(predicted * (1 - predicted) / m.lookups());
        assertTrue(Math.abs(m.measuredR() - predicted) < 4 * sigma + 0.002 * predicted, "measured " + m.measuredR()
                + ", predicted " + predicted);
        // the filter holds the 2,000 prefixes (and RocksDB 7.8.3 adds an empty one), not the 20,000 keys
        long prefixes = imported.runs().get(0).files().get(0).filterEntries().getAsLong();
        assertTrue(prefixes >= 2_000 && prefixes <= 2_001, "filter entries " + prefixes);
    }

    @Test
    void measure_wholeKeyColumnFamily_extendedKeysAsBefore() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        Path dir = shared.resolve("whole");
        RocksDbFilterDatabases.build(dir, List.of(new Phase(0, 5_000, RocksDbFilterDatabases.bloom(10), "", 6)));
        RocksDbMeasure.Measurement m = RocksDbMeasure.measure(dir, List.of("default"),
                new RocksDbMeasure.Settings(2_000, 3)).get(0);
        assertEquals(0, m.absentPrefixLength());
        assertTrue(m.notes().stream().noneMatch(n -> n.contains("prefixes only")), m.notes().toString());
    }
}
