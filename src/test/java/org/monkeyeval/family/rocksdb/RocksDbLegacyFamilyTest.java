package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.monkeyeval.family.Setting;

/**
 * Guards that the rocksdb-legacy family costs the filter {@link LegacyBloom} builds: RocksDB's knobs,
 * the whole bits per key and probes it derives from them, the real size, and {@link LegacyBloomRate}'s
 * rate; settings that round to the same whole bits cost the same.
 */
final class RocksDbLegacyFamilyTest {

    private static final RocksDbLegacyFamily FAMILY = RocksDbLegacyFamily.INSTANCE;

    @Test
    void settingFor_roundsMillibitsToWholeBits_andTakesLegacyProbes() {
        assertFalse(FAMILY.settingFor(0.49).hasFilter());
        Setting ten = FAMILY.settingFor(10);
        assertEquals("10", ten.knob());
        assertEquals(6, ten.probes());
        Setting nineAndAHalf = FAMILY.settingFor(9.5); // 9500 millibits -> (9500 + 500) / 1000 = 10
        assertEquals("9.5", nineAndAHalf.knob());
        assertEquals(10, RocksDbLegacyFamily.wholeBitsPerKey(nineAndAHalf));
        assertEquals(6, nineAndAHalf.probes());
        assertEquals(10, RocksDbLegacyFamily.wholeBitsPerKey(FAMILY.settingFor(10.499)));
        assertEquals(13, FAMILY.settingFor(20).probes());
        assertEquals(30, FAMILY.settingFor(100).probes());
        assertEquals(99_002, FAMILY.settings().size());
        assertEquals("rocksdb-legacy", FAMILY.name());
    }

    @Test
    void filterBits_isTheBuiltBlocksLength() {
        List<byte[]> keys = new java.util.ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            keys.add(LegacyBloomTest.fixed32(i));
        }
        for (double b : new double[] {1, 4.5, 10, 10.499, 23.4}) {
            Setting s = FAMILY.settingFor(b);
            byte[] block = LegacyBloom.build(keys, RocksDbLegacyFamily.wholeBitsPerKey(s));
            assertEquals(8.0 * block.length, FAMILY.filterBits(3000, s), "b = " + b);
            assertEquals(s.probes(), LegacyBloom.read(block).numProbes(), "b = " + b);
        }
    }

    @Test
    void fpr_isLegacyBloomRatesAtTheBuiltGeometry_sameForSettingsOfTheSameWholeBits() {
        long n = 316_137;
        assertEquals(LegacyBloomRate.fpr(n, LegacyBloom.numLines(n, 10), 6), FAMILY.fpr(n, FAMILY.settingFor(10)));
        assertEquals(FAMILY.fpr(n, FAMILY.settingFor(10)), FAMILY.fpr(n, FAMILY.settingFor(9.6)));
        assertEquals(FAMILY.fpr(n, FAMILY.settingFor(20)), FAMILY.fpr(n, FAMILY.settingFor(20.4)));
        assertEquals(1.0, FAMILY.fpr(n, Setting.none()));
        assertEquals(0.0, FAMILY.filterBits(n, Setting.none()));
    }

    @Test
    void everySetting_sizesNeverFall_andRatesAreProbabilities() {
        double last = 0;
        for (Setting s : FAMILY.settings()) {
            double bits = FAMILY.filterBits(12_345, s);
            assertTrue(bits >= last, s.toString());
            double p = FAMILY.fpr(12_345, s);
            assertTrue(p > 0 && p <= 1, s + " p=" + p);
            last = bits;
        }
    }
}
