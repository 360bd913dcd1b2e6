package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import org.monkeyeval.family.Setting;

/**
 * Guards the rocksdb family's knob text (every millibit value writes the bits with three decimals and the
 * trailing zeros dropped, the same text the published tables and exports hold) and its row of every setting,
 * each distinct filter rated once, against rating setting by setting.
 */
final class RocksDbFamilyTest {

    /** The knob as it was first written: String.format with three digits, trailing zeros cut by a regex. */
    private static String formattedKnob(int millibits) {
        String whole = Integer.toString(millibits / 1000);
        int rest = millibits % 1000;
        if (rest == 0) {
            return whole;
        }
        return whole + "." + String.format(Locale.ROOT, "%03d", rest).replaceAll("0+$", "");
    }

    @Test
    void rowOfSettings_settingsSharingAFilter_giveTheirOwnRateAndSizeBitForBit() {
        RocksDbFamily family = RocksDbFamily.INSTANCE;
        List<Setting> settings = family.settings();
        for (long n : new long[] {1, 100, 1_587, 60_000, 2_000_000}) {
            double[] fpr = new double[settings.size()];
            double[] bits = new double[settings.size()];
            family.rowOfSettings(n, fpr, bits);
            for (int s = 0; s < settings.size(); s++) {
                assertEquals(family.fpr(n, settings.get(s)), fpr[s], 0.0, n + " entries, setting " + s);
                assertEquals(family.filterBits(n, settings.get(s)), bits[s], 0.0, n + " entries, setting " + s);
            }
        }
    }

    @Test
    void bitsOfSettings_everySetting_givesItsOwnSizeBitForBit() {
        RocksDbFamily family = RocksDbFamily.INSTANCE;
        List<Setting> settings = family.settings();
        for (long n : new long[] {1, 100, 1_587, 60_000, 2_000_000, 4_000_000_007L, 1L << 40}) {
            double[] bits = new double[settings.size()];
            family.bitsOfSettings(n, bits);
            for (int s = 0; s < settings.size(); s++) {
                assertEquals(family.filterBits(n, settings.get(s)), bits[s], 0.0, n + " entries, setting " + s);
            }
        }
    }

    @Test
    void ofMillibits_everySetting_writesTheFormattedKnob() {
        for (int m = RocksDbFamily.MIN_MILLIBITS; m <= RocksDbFamily.MAX_MILLIBITS; m++) {
            assertEquals(formattedKnob(m), RocksDbFamily.ofMillibits(m).knob(), "millibits " + m);
        }
        assertEquals("10", RocksDbFamily.ofMillibits(10_000).knob());
        assertEquals("10.5", RocksDbFamily.ofMillibits(10_500).knob());
        assertEquals("10.05", RocksDbFamily.ofMillibits(10_050).knob());
        assertEquals("10.001", RocksDbFamily.ofMillibits(10_001).knob());
        assertEquals("0.5", RocksDbFamily.ofMillibits(500).knob());
    }
}
