package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.CaseReader;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.model.LsmCase;

class ProgressivePolicyTest {

    private static long filterBytes(long keys, int bitsPerKey) {
        return PebbleFamily.calculateNumLines(keys, bitsPerKey) * 64 + 5;
    }

    /** Pebble's AdaptivePolicy: the most bits per key whose filter fits 1 MiB - 384 bytes, none below 2. */
    @Test
    void cap_keepsTheTargetWhileItFits_elseTheMostThatFits_elseNoFilter() {
        assertEquals(16, ProgressivePolicy.cappedBitsPerKey(100_000, 16));
        int capped = ProgressivePolicy.cappedBitsPerKey(1_000_000, 16);
        assertEquals(8, capped);
        assertTrue(filterBytes(1_000_000, capped) <= ProgressivePolicy.MAX_FILTER_BYTES);
        assertTrue(filterBytes(1_000_000, capped + 1) > ProgressivePolicy.MAX_FILTER_BYTES);
        assertEquals(0, ProgressivePolicy.cappedBitsPerKey(5_000_000, 16), "1.67 bits per key: no filter");
    }

    static LsmCase read(String json) throws Exception {
        return CaseReader.read("x.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Three levels map to Pebble's L4, L5 and L6: 14, 10 and 8 bits per key. A Get reads no L6 filter, so
     * L6's filter memory is unread and L6 costs one read; the best Pebble allocation at the same memory
     * gives L6 none and costs less.
     */
    @Test
    void threeLevels_l6FilterUnread_andTheOptimumAtItsMemoryCostsLess() throws Exception {
        LsmCase c = read("{\"id\": \"x\", \"runs\": [{\"entries\": 10000, \"level\": 1}, {\"entries\": 100000,"
                + " \"level\": 2}, {\"entries\": 1000000, \"level\": 3}], \"budget\": {\"bitsPerEntry\": 10}}");
        double[] reach = {1, 1, 1};
        ProgressivePolicy.Anchor a = ProgressivePolicy.of(c, reach, new DeployableSolver());
        assertNotNull(a);
        PebbleFamily f = PebbleFamily.INSTANCE;
        double bits = f.filterBits(10_000, f.settingFor(14)) + f.filterBits(100_000, f.settingFor(10))
                + f.filterBits(1_000_000, f.settingFor(8));
        assertEquals(bits, a.filterBits(), 1e-6);
        assertEquals(f.filterBits(1_000_000, f.settingFor(8)), a.unreadBits(), 1e-6);
        double cost = f.fpr(10_000, f.settingFor(14)) + f.fpr(100_000, f.settingFor(10)) + 1.0;
        assertEquals(cost, a.weightedFpr(), 1e-12);
        assertTrue(a.optimumWeightedFpr() < a.weightedFpr(), a.optimumWeightedFpr() + " against " + a.weightedFpr());
        assertFalse(a.tablesKnown());
    }

    @Test
    void runsGivenWithFiles_capAppliedFileByFile() throws Exception {
        LsmCase c = read("{\"id\": \"x\", \"runs\": [{\"name\": \"L1\", \"entries\": 600000, \"level\": 1,"
                + " \"currentBitsPerEntry\": 0, \"files\": [{\"name\": \"a.sst\", \"entries\": 500000, \"filter\":"
                + " {\"family\": \"none\", \"bits\": 0, \"parameters\": {}}}, {\"name\": \"b.sst\", \"entries\": 100000,"
                + " \"filter\": {\"family\": \"none\", \"bits\": 0, \"parameters\": {}}}]},"
                + " {\"name\": \"L2\", \"entries\": 6000000, \"level\": 2, \"currentBitsPerEntry\": 0, \"files\": ["
                + "{\"name\": \"c.sst\", \"entries\": 6000000, \"filter\": {\"family\": \"none\", \"bits\": 0,"
                + " \"parameters\": {}}}]}], \"budget\": {\"bitsPerEntry\": 10}}");
        ProgressivePolicy.Anchor a = ProgressivePolicy.of(c, new double[] {1, 1}, new DeployableSolver());
        assertTrue(a.tablesKnown());
        PebbleFamily f = PebbleFamily.INSTANCE;
        // L1 -> Pebble L5 (10 bits per key): 500,000 keys fit the cap; L2 -> L6 (8): 6,000,000 keys give 1.4 bits, none
        assertEquals(10, ProgressivePolicy.cappedBitsPerKey(500_000, 10));
        double bits = f.filterBits(500_000, f.settingFor(10)) + f.filterBits(100_000, f.settingFor(10));
        assertEquals(bits, a.filterBits(), 1e-6);
        assertEquals(0.0, a.unreadBits());
    }

    /** Seven levels below L0, L1 to L7: one more than Pebble has. */
    static LsmCase sevenLevels() throws Exception {
        StringBuilder runs = new StringBuilder();
        for (int level = 1; level <= 7; level++) {
            runs.append(level > 1 ? ", " : "").append("{\"entries\": ").append(1000L * level)
                    .append(", \"level\": ").append(level).append('}');
        }
        return read("{\"id\": \"x\", \"runs\": [" + runs + "], \"budget\": {\"bitsPerEntry\": 10}}");
    }

    @Test
    void moreLevelsThanPebbleHas_noAnchor() throws Exception {
        double[] reach = {1, 1, 1, 1, 1, 1, 1};
        assertNull(ProgressivePolicy.of(sevenLevels(), reach, new DeployableSolver()));
        assertNull(ProgressivePolicy.fuse(sevenLevels(), reach, new DeployableSolver()));
    }

    /** On every published case Pebble can hold, the best Pebble allocation at the policy's memory is no worse. */
    @Test
    void publishedCases_optimumAtTheAnchorsMemoryNoWorse() throws Exception {
        List<CaseFile> files = CaseFolder.read(Path.of("cases"));
        int anchored = 0;
        for (CaseFile file : files) {
            CaseResult r = new CaseEvaluator(new ThresholdSolver()).evaluate(file.lsmCase());
            if (r.progressive() == null) {
                continue;
            }
            anchored++;
            assertTrue(r.progressiveOptimumCost() <= r.progressiveCost() * (1 + 1e-12),
                    file.fileName() + ": " + r.progressiveOptimumCost() + " against " + r.progressiveCost());
        }
        assertTrue(anchored >= 20, anchored + " cases anchored");
    }
}
