package org.monkeyeval.family.fastfilter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.monkeyeval.family.RealFilter;
import org.monkeyeval.family.Setting;
import org.monkeyeval.filter.KeySpace;

/**
 * The static-set families: their sizes are the library's (built filters of xor8 and xor16 have
 * exactly the bits the family predicts), the mean measured rate of xor filters is the family's rate
 * (above 2^-w), and binary fuse sizes follow FastFilter's rules, checked here on values worked by hand
 * from the formulas; built binary fuse filters of every width have the family's bits and rate 2^-w.
 */
final class StaticSetFamilyTest {

    private static final KeySpace KEYS = new KeySpace(17);

    @ParameterizedTest(name = "{0}/n={1}")
    @CsvSource({"xor8,1", "xor8,100", "xor8,54321", "xor16,1", "xor16,1000", "xor16,54321"})
    void xor_builtFilter_hasTheFamilysBits(String name, long n) {
        StaticSetFamily family = name.equals("xor8") ? StaticSetFamily.XOR8 : StaticSetFamily.XOR16;
        Setting s = family.settings().get(1);
        RealFilter f = family.build(n, s, i -> KEYS.storedKey(0, i), 5);
        assertEquals(family.filterBits(n, s), f.filterBits());
        assertEquals(f.filter().bitCount(), f.filterBits());
    }

    /**
     * Over 24 filters (other keys, other seeds), the mean measured rate is the family's within four
     * standard errors made of the filters' spread and the queries' noise; and no filter rejects its keys.
     */
    @ParameterizedTest(name = "{0}/n={1}")
    @CsvSource({"xor8,1000", "xor8,20000", "xor16,20000"})
    void xor_meanMeasuredRate_isTheFamilysRate(String name, long n) {
        StaticSetFamily family = name.equals("xor8") ? StaticSetFamily.XOR8 : StaticSetFamily.XOR16;
        Setting s = family.settings().get(1);
        int filters = 24;
        long queries = name.equals("xor8") ? 200_000 : 2_000_000;
        double sum = 0;
        for (int b = 0; b < filters; b++) {
            KeySpace keys = new KeySpace(1000 + b);
            RealFilter f = family.build(n, s, i -> keys.storedKey(0, i), b);
            for (long i = 0; i < n; i++) {
                assertTrue(f.filter().mayContain(keys.storedKey(0, i)), "false negative at key " + i);
            }
            long positives = 0;
            for (long j = 0; j < queries; j++) {
                if (f.filter().mayContain(keys.absentKey(j))) {
                    positives++;
                }
            }
            sum += (double) positives / queries;
        }
        double p = family.fpr(n, s);
        double perFilter = family.rateSpread(n, s) * family.rateSpread(n, s) + p * (1 - p) / queries;
        double standardError = Math.sqrt(perFilter / filters);
        double mean = sum / filters;
        assertTrue(Math.abs(mean - p) < 4 * standardError,
                name + " n=" + n + ": mean measured " + mean + ", family " + p + ", standard error " + standardError);
        assertTrue(p > Math.scalb(1.0, -(name.equals("xor8") ? 8 : 16)), "the library's rate is above 2^-w");
    }

    @Test
    void xor_sameSeed_buildsTheSameFilter() {
        Setting s = StaticSetFamily.XOR8.settings().get(1);
        RealFilter a = StaticSetFamily.XOR8.build(10_000, s, i -> KEYS.storedKey(0, i), 3);
        RealFilter b = StaticSetFamily.XOR8.build(10_000, s, i -> KEYS.storedKey(0, i), 3);
        for (long j = 0; j < 200_000; j++) {
            assertEquals(a.filter().mayContain(KEYS.absentKey(j)), b.filter().mayContain(KEYS.absentKey(j)));
        }
    }

    /**
     * n = 10^6: segment length 2^floor(13.8155 / 1.20297 + 2.11) = 2^13, size factor 1.125, capacity
     * 1,125,000, ceil(capacity / 8192) = 138 segments with the two extra: 138 * 8192 slots.
     * n = 5 * 10^6: 2^14, factor max(1.125, 1.0989) = 1.125, capacity 5,625,000, 344 * 16384 slots.
     * n = 1000: 2^floor(6.9078 / 1.20297 + 2.11) = 2^7, factor 0.875 + 0.25 * 2 = 1.375, capacity 1375,
     * ceil(1375 / 128) = 11, so 11 * 128 slots.
     */
    @ParameterizedTest(name = "n={0}")
    @CsvSource({"1000000,1130496", "5000000,5636096", "1000,1408"})
    void binaryFuse_slots_followFastFiltersRules(long n, long slots) {
        assertEquals(slots, StaticSetFamily.binaryFuseSlots(n));
        assertEquals(8.0 * slots, StaticSetFamily.BINARY_FUSE8.filterBits(n, StaticSetFamily.BINARY_FUSE8.settings().get(1)));
    }

    @Test
    void xor_slots_areThreePlusOnePointTwoThreeN() {
        assertEquals(3 + 123, StaticSetFamily.xorSlots(100));
        assertEquals(3 + 1, StaticSetFamily.xorSlots(1)); // 123 / 100 = 1
    }

    @Test
    void settingFor_belowTheWidthsBitsPerKey_buildsNoFilter() {
        assertFalse(StaticSetFamily.XOR8.settingFor(9.8).hasFilter());
        assertEquals("8", StaticSetFamily.XOR8.settingFor(9.84).knob());
        assertEquals("8", StaticSetFamily.XOR8.settingFor(40).knob(), "the one width serves every larger request");
    }

    @ParameterizedTest(name = "{0}/n={1}")
    @CsvSource({"binary-fuse4,1", "binary-fuse4,54321", "binary-fuse8,100", "binary-fuse8,54321",
            "binary-fuse10,1000", "binary-fuse12,54321", "binary-fuse16,1000", "binary-fuse16,54321"})
    void binaryFuse_builtFilter_hasTheFamilysBitsAndRate(String name, long n) {
        StaticSetFamily family = binaryFuse(name);
        Setting s = family.settings().get(1);
        RealFilter f = family.build(n, s, i -> KEYS.storedKey(0, i), 5);
        assertTrue(family.buildable());
        assertEquals(family.filterBits(n, s), f.filterBits());
        assertEquals(f.filter().bitCount(), f.filterBits());
        assertEquals(family.fpr(n, s), f.predictedFpr(), 0.0);
        assertEquals(0.0, f.buildVariance());
    }

    /** Pebble's binary-fuse widths, sized as every width is: slots times w, and 1.125 w bits per key asked. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"binary-fuse4,4", "binary-fuse8,8", "binary-fuse10,10", "binary-fuse12,12", "binary-fuse16,16"})
    void binaryFuse_eachWidth_isSlotsTimesWAtTwoToMinusW(String name, int w) {
        StaticSetFamily family = binaryFuse(name);
        Setting s = family.settings().get(1);
        assertEquals(Integer.toString(w), s.knob());
        assertEquals(1.125 * w, s.bitsPerKey(), 0.0);
        assertEquals((double) StaticSetFamily.binaryFuseSlots(1_000_000) * w, family.filterBits(1_000_000, s));
        assertEquals(Math.scalb(1.0, -w), family.fpr(1_000_000, s), 0.0);
        assertFalse(family.settingFor(1.125 * w - 0.01).hasFilter());
    }

    private static StaticSetFamily binaryFuse(String name) {
        return switch (name) {
            case "binary-fuse4" -> StaticSetFamily.BINARY_FUSE4;
            case "binary-fuse8" -> StaticSetFamily.BINARY_FUSE8;
            case "binary-fuse10" -> StaticSetFamily.BINARY_FUSE10;
            case "binary-fuse12" -> StaticSetFamily.BINARY_FUSE12;
            default -> StaticSetFamily.BINARY_FUSE16;
        };
    }
}
