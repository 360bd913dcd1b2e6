package org.monkeyeval.family.leveldb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.monkeyeval.family.Setting;
import org.monkeyeval.family.StandardBloom;

/**
 * The leveldb family's size is the filter blocks LevelDB writes, byte for byte: for a run laid out in
 * tables and blocks as {@link LevelDbLayout} says, the family's bits equal 8 times the lengths of the
 * blocks {@link LevelDbFilterBlock#build} makes from real keys at the layout's block offsets. Its rate
 * weights each filter's rate by its share of the run's keys; with very large blocks it is the whole-run model, which
 * keeps the earlier behaviour.
 */
final class LevelDbFamilyTest {

    @Test
    void defaultLayout_33KeysPerBlock_4212BytesPerBlock_498BlocksPerTable() {
        LevelDbLayout d = LevelDbLayout.DEFAULT;
        assertEquals(33, d.keysPerBlock());       // 32 entries: 32 * 127 + 4 * 2 + 4 = 4076 < 4096
        assertEquals(4212, d.blockBytes(33));     // 33 * 127 + 4 * 3 + 4 + 5
        assertEquals(498, d.blocksPerTable());    // ceil(2 MiB / 4212)
        LevelDbLayout.TableFilters table = d.tableFilters(3, 33);
        // blocks at 0, 4212, 8424: filters 0, 2, 4; the data ends at 12636, in filter 6
        assertEquals(List.of(new LevelDbLayout.Window(33, 1), new LevelDbLayout.Window(33, 1),
                new LevelDbLayout.Window(33, 1)), table.windows());
        assertEquals(6, table.offsets());
    }

    @ParameterizedTest(name = "entry={0} B, block={1} B, n={2}, b={3}")
    @CsvSource({
        "127, 4096, 1, 10",
        "127, 4096, 7, 10",
        "127, 4096, 33, 1",
        "127, 4096, 34, 20",
        "127, 4096, 1000, 10",
        "127, 4096, 20000, 6",   // two tables: 498 * 33 = 16434 keys in the first
        "100, 1024, 900, 10",    // 1029-byte blocks: two share each 2 KiB filter, then one
        "40, 512, 700, 7",       // 533-byte blocks: three or four per filter
        "1000, 4096, 50, 40",    // 5 entries per block
    })
    void filterBits_equalsTheFilterBlocksLevelDbWrites(int entryBytes, int blockSize, int entries, int bits) {
        LevelDbLayout layout = new LevelDbLayout(entryBytes, blockSize, LevelDbLayout.DEFAULT_MAX_FILE_SIZE);
        LevelDbFamily family = LevelDbFamily.of(layout);
        Setting s = family.settingFor(bits);
        assertEquals(8.0 * realFilterBlockBytes(layout, entries, bits, 1L), family.filterBits(entries, s));
    }

    @Test
    void fpr_isEachFiltersRate_weightedByItsShareOfTheRunsKeys() {
        LevelDbFamily f = LevelDbFamily.INSTANCE;
        Setting ten = f.settingFor(10);
        assertEquals(LevelDbFamily.filterRate(7, 10), f.fpr(7, ten));
        // 40 entries: a block of 33 and one of 7, each its own filter, reached by 33/40 and 7/40 of the keys
        assertEquals((33 * LevelDbFamily.filterRate(33, 10) + 7 * LevelDbFamily.filterRate(7, 10)) / 40,
                f.fpr(40, ten), 1e-15);
        // 64 blocks or more: the partial last filter is costed as a full one
        assertEquals(LevelDbFamily.filterRate(33, 10), f.fpr(33L * 100 + 5, ten), 1e-15);
        assertEquals(1.0, f.fpr(1000, Setting.none()));
    }

    /**
     * A run of three full blocks and a last one of 4 keys, at 14 bits per key: the 4-key filter (64 bits,
     * 9 probes) has about 7 times the rate of a 33-key one, so weighting it as one block in four (0.0064)
     * and by its 4 keys in 103 (0.0030) are far apart. Built 3,000 times over fresh keys, with 400
     * queries each uniform over the key space, the real runs measure the key-weighted rate.
     */
    @Test
    void builtRunWithAPartialLastBlock_measuresTheKeyWeightedRate() {
        LevelDbFamily f = LevelDbFamily.INSTANCE;
        Setting s = f.settingFor(14);
        int entries = 3 * 33 + 4;
        SplittableRandom random = new SplittableRandom(0x1e7e1dbL);
        long positives = 0;
        long queries = 0;
        for (int run = 0; run < 3_000; run++) {
            long[] keys = random.longs(entries).toArray();
            org.monkeyeval.family.RealFilter built = f.build(entries, s, i -> keys[(int) i], run);
            for (int q = 0; q < 400; q++) {
                if (built.filter().mayContain(random.nextLong())) {
                    positives++;
                }
                queries++;
            }
        }
        double measured = (double) positives / queries;
        double keyWeighted = (99 * LevelDbFamily.filterRate(33, 14) + 4 * LevelDbFamily.filterRate(4, 14)) / 103;
        double blockWeighted = (3 * LevelDbFamily.filterRate(33, 14) + LevelDbFamily.filterRate(4, 14)) / 4;
        assertEquals(keyWeighted, f.fpr(entries, s), 1e-15);
        assertTrue(blockWeighted > 1.8 * keyWeighted, "the two weightings must be far apart for the test to tell");
        double se = Math.sqrt(keyWeighted / queries);
        assertTrue(Math.abs(measured - keyWeighted) < 4 * se + 0.05 * keyWeighted,
                "measured " + measured + " against the key-weighted " + keyWeighted + " (block-weighted "
                        + blockWeighted + ")");
    }

    @Test
    void largeBlocks_rateIsTheWholeRunsAndSizeAddsOnlyOffsetsAndTrailer() {
        int n = 100_000;
        LevelDbLayout huge = new LevelDbLayout(1, 1 << 30, 1L << 40); // one block, one filter per run
        LevelDbFamily family = LevelDbFamily.of(huge);
        Setting s = family.settingFor(10);
        LevelDbFamily whole = LevelDbFamily.wholeRun();
        assertEquals(whole.fpr(n, s), family.fpr(n, s));
        assertEquals(StandardBloom.predictedFpr(n, 1_000_000, 6), whole.fpr(n, s));
        long end = huge.blockBytes(n);
        long offsets = end >> 11;
        assertEquals(whole.filterBits(n, s) + 8.0 * (4 * offsets + 5), family.filterBits(n, s));
        assertEquals(1_000_000 + 8.0, whole.filterBits(n, s));
    }

    @Test
    void filterRate_belowThe2To16BitLimitIsSimulated_aboveItStandard() {
        assertEquals(LevelDbFilterRate.simulate(33, 10).rate(), LevelDbFamily.filterRate(33, 10));
        assertEquals(LevelDbFilterRate.standard(10_000, 10), LevelDbFamily.filterRate(10_000, 10));
    }

    /**
     * The bytes of every filter block of a run of {@code entries} random keys laid out as {@code layout}
     * says: keys cut into blocks of keysPerBlock, blocks into tables of blocksPerTable, each table's
     * filter block built by LevelDbFilterBlock from its blocks' keys and offsets.
     */
    static long realFilterBlockBytes(LevelDbLayout layout, long entries, int bits, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int perBlock = layout.keysPerBlock();
        long perTable = layout.blocksPerTable();
        long total = 0;
        long left = entries;
        while (left > 0) {
            List<List<byte[]>> blocks = new ArrayList<>();
            List<Long> offsets = new ArrayList<>(List.of(0L));
            long offset = 0;
            while (left > 0 && blocks.size() < perTable) {
                int keys = (int) Math.min(perBlock, left);
                List<byte[]> block = new ArrayList<>();
                for (int i = 0; i < keys; i++) {
                    byte[] key = new byte[16];
                    random.nextBytes(key);
                    block.add(key);
                }
                blocks.add(block);
                left -= keys;
                offset += layout.blockBytes(keys);
                offsets.add(offset);
            }
            long[] at = offsets.stream().mapToLong(Long::longValue).toArray();
            total += LevelDbFilterBlock.build(LevelDbBloom.policy(bits), blocks, at).length;
        }
        assertTrue(total > 0);
        return total;
    }
}
