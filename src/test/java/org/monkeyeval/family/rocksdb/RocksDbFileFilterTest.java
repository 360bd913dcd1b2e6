package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.monkeyeval.filter.LineOccupancy;

/**
 * A file's filter is named by its blocks' trailers and priced at its real size: a fast local Bloom
 * block built here (bit for bit RocksDB's) is the family rocksdb with its lines and probes and the
 * family's rate at that setting; partitions are summed into one filter of the same total lines;
 * always-true trailers filter nothing, blocks of at most 5 bytes match nothing; partitions of
 * different filters are refused.
 */
final class RocksDbFileFilterTest {

    private static List<byte[]> keys(int from, int count) {
        List<byte[]> out = new ArrayList<>();
        for (int k = from; k < from + count; k++) {
            out.add(("key-" + k).getBytes(StandardCharsets.UTF_8));
        }
        return out;
    }

    @Test
    void fastLocalBloomBlock_isRocksdbAtItsLinesAndProbes_ratedAsTheFamily() {
        byte[] block = FastLocalBloomBuilder.build(keys(0, 5_000), 10);
        RocksDbFileFilter f = RocksDbFileFilter.of(List.of(block), block.length);
        assertEquals("rocksdb", f.family());
        long lines = RocksDbFamily.lines(5_000, RocksDbFamily.INSTANCE.settingFor(10));
        assertEquals(Map.of("lines", (int) lines, "probes", 6), f.parameters());
        assertEquals(8L * block.length, f.bits());
        assertEquals(RocksDbFamily.INSTANCE.fpr(5_000, RocksDbFamily.INSTANCE.settingFor(10)), f.fpr(5_000), 0.0);
    }

    @Test
    void partitions_summedIntoOneFilterOfTheSameLines() {
        byte[] a = FastLocalBloomBuilder.build(keys(0, 3_000), 10);
        byte[] b = FastLocalBloomBuilder.build(keys(3_000, 2_000), 10);
        RocksDbFileFilter f = RocksDbFileFilter.of(List.of(a, b), a.length + b.length + 40);
        int lines = (a.length - 5) / 64 + (b.length - 5) / 64;
        assertEquals(Map.of("lines", lines, "probes", 6), f.parameters());
        assertEquals(LineOccupancy.fpr(5_000, lines, 6), f.fpr(5_000), 0.0);
        assertEquals(8L * (a.length + b.length + 40), f.bits());
    }

    @Test
    void alwaysTrueAndAlwaysFalse_rateOneAndZero() {
        RocksDbFileFilter alwaysTrue = RocksDbFileFilter.of(List.of(new byte[] {0, 0, 0, 0, 0, 0}), 6);
        assertEquals("none", alwaysTrue.family());
        assertEquals(1.0, alwaysTrue.fpr(100));
        RocksDbFileFilter alwaysFalse = RocksDbFileFilter.of(List.of(new byte[5]), 5);
        assertEquals("always-false", alwaysFalse.family());
        assertEquals(0.0, alwaysFalse.fpr(100));
        assertEquals(1.0, RocksDbFileFilter.none().fpr(1));
    }

    /**
     * Three Ribbon partitions of 5,000 keys and the last one of 100 keys, which RocksDB's Ribbon policy
     * writes as its Bloom fallback (too small for Ribbon): priced partition by partition, each by its
     * share of the keys, the Bloom partition's keys read off its size within 15% (111 for 100: whole
     * lines and the middle of the 6-probe millibits).
     */
    @Test
    void ribbonPartitionsWithTheirBloomFallback_pricedByTheirShares() {
        Ribbon rules = RocksDbRibbonFamily.INSTANCE.rules(RocksDbRibbonFamily.INSTANCE.settingFor(10));
        List<byte[]> blocks = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            blocks.add(RibbonFilter.filterBlock(keys(p * 5_000, 5_000), rules));
        }
        byte[] last = RibbonFilter.filterBlock(keys(15_000, 100), rules);
        assertTrue(RocksDbFilterMetadata.decode(last) instanceof RocksDbFilterMetadata.FastLocalBloom,
                "100 keys: Ribbon's Bloom fallback");
        blocks.add(last);
        long bytes = blocks.stream().mapToLong(b -> b.length).sum() + 64;
        RocksDbFileFilter f = RocksDbFileFilter.of(blocks, bytes);
        assertEquals("rocksdb-ribbon", f.family());
        RocksDbFilterMetadata.FastLocalBloom bloom = (RocksDbFilterMetadata.FastLocalBloom) RocksDbFilterMetadata.decode(last);
        int bloomLines = bloom.dataBytes() / 64;
        assertEquals(bloomLines, f.parameters().get("bloomLines"));
        assertEquals(bloom.numProbes(), f.parameters().get("bloomProbes"));
        long bloomKeys = RocksDbFileFilter.bloomFallbackKeys(bloomLines, bloom.numProbes(), 15_100);
        assertTrue(Math.abs(bloomKeys - 100) <= 15, bloomKeys + " keys read off the Bloom partition");

        RocksDbFileFilter ribbonOnly = RocksDbFileFilter.of(blocks.subList(0, 3), bytes);
        double ribbon = ribbonOnly.fpr(15_000);
        double share = bloomKeys / 15_100.0;
        double expected = share * LineOccupancy.fpr(bloomKeys, bloomLines, bloom.numProbes()) + (1 - share) * ribbon;
        assertEquals(expected, f.fpr(15_100), 1e-9 * expected);
        assertEquals(f, new RocksDbFileFilter(f.family(), f.parameters(), f.bits()), "written and read back");
    }

    @Test
    void mixedPartitionsOrBadParameters_refused() {
        byte[] bloom = FastLocalBloomBuilder.build(keys(0, 100), 10);
        IllegalArgumentException mixed = assertThrows(IllegalArgumentException.class,
                () -> RocksDbFileFilter.of(List.of(bloom, new byte[5]), 100));
        assertTrue(mixed.getMessage().contains("different filters"), mixed.getMessage());
        IllegalArgumentException half = assertThrows(IllegalArgumentException.class,
                () -> new RocksDbFileFilter("rocksdb-ribbon", Map.of("blocks", 4, "dataBytes", 64, "bloomLines", 2), 8));
        assertTrue(half.getMessage().contains("bloomLines, bloomProbes together"), half.getMessage());
        IllegalArgumentException probes = assertThrows(IllegalArgumentException.class,
                () -> new RocksDbFileFilter("rocksdb", Map.of("lines", 1, "probes", 31), 8));
        assertTrue(probes.getMessage().contains("probes (31) must be <= 30"), probes.getMessage());
        IllegalArgumentException blocks = assertThrows(IllegalArgumentException.class,
                () -> new RocksDbFileFilter("rocksdb-ribbon", Map.of("blocks", 1, "dataBytes", 16), 8));
        assertTrue(blocks.getMessage().contains("blocks (1) must be >= 2"), blocks.getMessage());
    }
}
