package org.monkeyeval.family.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.monkeyeval.family.RealFilter;
import org.monkeyeval.family.Setting;
import org.monkeyeval.filter.KeySpace;
import org.monkeyeval.filter.Predictions;

/**
 * Guards {@link HBaseFamily}: its rate is what HBase's real filter ({@link HBaseCompoundBloom}, checked
 * chunk for chunk against hbase-server) measures on absent keys, within 4 standard deviations (query
 * noise and build variance), for a folded single chunk, several chunks with a folded last one, and full
 * chunks only; no stored key is ever answered no; its settings are distinct chunks in increasing bits
 * per key, each knob giving back its setting; its size counts every chunk with its block header.
 */
final class HBaseFamilyTest {

    private static final int QUERIES = 400_000;

    @ParameterizedTest(name = "n={0} rate={1}")
    @CsvSource({"2000, 0.01", "30000, 0.05", "150000, 0.01", "218612, 0.01", "100000, 0.2"})
    void measuredRate_withinFourSigmaOfTheFamilys_noFalseNegatives(int n, String rate) {
        Setting s = HBaseFamily.ofRate(rate);
        KeySpace keys = new KeySpace(n + 5L);
        RealFilter f = HBaseFamily.INSTANCE.build(n, s, i -> keys.storedKey(0, i), 0L);
        for (int i = 0; i < n; i++) {
            assertTrue(f.filter().mayContain(keys.storedKey(0, i)), "stored key " + i + " answered no");
        }
        long positives = 0;
        for (long j = 0; j < QUERIES; j++) {
            positives += f.filter().mayContain(keys.absentKey(j)) ? 1 : 0;
        }
        double z = Predictions.zScore(positives, QUERIES,
                new Predictions.Moments(f.predictedFpr(), f.buildVariance()));
        assertTrue(Math.abs(z) < 4, "n=" + n + " rate=" + rate + ": measured " + (double) positives / QUERIES
                + ", predicted " + f.predictedFpr() + ", z=" + z);
        assertEquals(HBaseFamily.INSTANCE.fpr(n, s), f.predictedFpr(), 0.0);
        assertEquals(HBaseFamily.INSTANCE.filterBits(n, s), f.filterBits(), 0.0);
    }

    @Test
    void size_everyChunkWithItsHeader_lastOneFolded() {
        HBaseBloomSizing.Chunk chunk = HBaseBloomSizing.chunk(0.01f);
        assertEquals(131072, chunk.byteSize());
        assertEquals(7, chunk.hashCount());
        long n = 2L * chunk.maxKeys() + 1000; // two full chunks and one of 1000 keys
        assertEquals(3, HBaseBloomSizing.chunks(chunk, n));
        int lastBytes = HBaseBloomSizing.lastChunkBytes(chunk, n);
        assertTrue(lastBytes < chunk.byteSize() && 1000L * 2 >= (chunk.maxKeys() >> Integer.numberOfTrailingZeros(
                chunk.byteSize() / lastBytes)), "last chunk folded until its keys fill half of it: " + lastBytes);
        Setting s = HBaseFamily.ofRate("0.01");
        assertEquals(8.0 * (2 * 131072 + lastBytes + 3 * HBaseFamily.BLOCK_HEADER_BYTES),
                HBaseFamily.INSTANCE.filterBits(n, s));
    }

    @Test
    void oneKey_everyAbsentKeyOutsideTheFile_rateZero() {
        assertEquals(0.0, HBaseFamily.INSTANCE.fpr(1, HBaseFamily.ofRate("0.01")));
    }

    @Test
    void settings_distinctChunks_increasingBits_knobGivesTheSetting() {
        List<Setting> all = HBaseFamily.INSTANCE.settings();
        assertFalse(all.get(0).hasFilter());
        assertTrue(all.size() > 5000, "three significant digits over nine decades: " + all.size());
        for (int i = 2; i < all.size(); i++) {
            assertTrue(all.get(i).bitsPerKey() >= all.get(i - 1).bitsPerKey(), all.get(i).knob());
            assertFalse(all.get(i).parameter(HBaseFamily.CHUNK_KEYS) == all.get(i - 1).parameter(HBaseFamily.CHUNK_KEYS)
                    && all.get(i).probes() == all.get(i - 1).probes(), "a chunk twice: " + all.get(i).knob());
        }
        for (Setting s : all.subList(1, all.size())) {
            assertEquals(s, HBaseFamily.ofRate(s.knob()), s.knob());
            // two probe counts may share a chunk size: settingFor picks one of them, of the same bits
            assertEquals(s.bitsPerKey(), HBaseFamily.INSTANCE.settingFor(s.bitsPerKey()).bitsPerKey(), s.knob());
        }
        assertEquals(Setting.none(), HBaseFamily.INSTANCE.settingFor(all.get(1).bitsPerKey() * 0.99));
    }

    @Test
    void defaultRate_ninePointSixBitsPerKey_sevenProbes() {
        Setting s = HBaseFamily.ofRate("0.01");
        assertEquals(7, s.probes());
        assertEquals(8.0 * 131072 / s.parameter(HBaseFamily.CHUNK_KEYS), s.bitsPerKey());
        assertEquals(9.59, s.bitsPerKey(), 0.01);
    }

    @Test
    void rowColRate_sizedForTwoProbesAtTheRate() {
        float p = HBaseBloomSizing.rowColRate(0.01f);
        assertEquals(0.01, 1 - (1 - p) * (1 - p), 1e-8);
    }

    @Test
    void badRates_refusedWithTheValue() {
        IllegalArgumentException high = assertThrows(IllegalArgumentException.class, () -> HBaseFamily.ofRate("0.7"));
        assertTrue(high.getMessage().contains("0.7") && high.getMessage().contains("too high"), high.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HBaseFamily.ofRate("x")).getMessage()
                .contains("x"));
        assertThrows(IllegalArgumentException.class, () -> HBaseFamily.ofRate("0"));
    }

    @Test
    void builder_keysOutOfOrder_refused() {
        HBaseCompoundBloom.Builder b = HBaseCompoundBloom.builder(HBaseBloomSizing.chunk(0.01f));
        b.add(new byte[] {2});
        assertThrows(IllegalArgumentException.class, () -> b.add(new byte[] {1}));
        assertThrows(IllegalArgumentException.class, () -> b.add(new byte[] {2}));
    }
}
