package org.monkeyeval.family;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.monkeyeval.alloc.Deployable;
import org.monkeyeval.alloc.DeployableSolver;
import org.monkeyeval.family.cassandra.CassandraFamily;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.fjall.FjallFamily;
import org.monkeyeval.family.leveldb.LevelDbFamily;
import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.family.rocksdb.RocksDbFamily;

/**
 * Each family's settings stop where its own rate stops gaining: the cap derived from the rate is the
 * one the family pins and its settings end at; past it no setting of the knob lowers the rate by more
 * than the tolerance per added bit at any reference size; the setting before it still does at some
 * size (the cap is the first that qualifies); and the deployable solver, given every bit it could use,
 * picks nothing past it.
 */
final class GainCapTest {

    /** family, every setting of its knob, the cap in bits per key the family's settings end at. */
    static Stream<Arguments> families() {
        return Stream.of(
                Arguments.of("pebble", PebbleFamily.INSTANCE, PebbleFamily.INSTANCE.knobSettings(),
                        (double) PebbleFamily.GAIN_CAP_BITS),
                Arguments.of("leveldb", LevelDbFamily.INSTANCE, LevelDbFamily.INSTANCE.knobSettings(),
                        (double) LevelDbFamily.GAIN_CAP_BITS),
                Arguments.of("fjall", FjallFamily.INSTANCE, FjallFamily.INSTANCE.settings(),
                        (double) FjallFamily.MAX_BITS_PER_KEY),
                Arguments.of("cassandra", CassandraFamily.INSTANCE, CassandraFamily.INSTANCE.settings(),
                        (double) CassandraFamily.MAX_BUCKETS));
    }

    /**
     * RocksDB's knob ends at 100 bits per key (BloomLikeFilterPolicy caps it there), and the fast local
     * Bloom family's settings end with it: its rate still gains at the top, at 2^20 keys 9.6% per bit over
     * the last 0.062 bits, a hair under the tolerance, so the cap derived from the rate falls within 0.1 bit
     * of RocksDB's limit, not earlier.
     */
    @Test
    void rocksDb_settingsEndAtRocksDbsLimit_withinATenthOfABitOfTheDerivedCap() {
        List<Setting> settings = RocksDbFamily.INSTANCE.settings();
        double limit = RocksDbFamily.MAX_MILLIBITS / 1000.0;
        assertEquals(limit, settings.get(settings.size() - 1).bitsPerKey());
        double derived = GainCap.deriveBits(RocksDbFamily.INSTANCE, settings);
        assertTrue(derived <= limit && derived > limit - 0.1, "derived cap " + derived);
    }

    private static int indexOf(List<Setting> knob, double bits) {
        for (int i = 1; i < knob.size(); i++) {
            if (knob.get(i).bitsPerKey() == bits) {
                return i;
            }
        }
        throw new AssertionError("no setting of " + bits + " bits per key");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void cap_derivedFromTheFamilysOwnRate_isWhereItsSettingsEnd(String name, FilterFamily family, List<Setting> knob,
                                                               double cap) {
        assertEquals(cap, GainCap.deriveBits(family, knob), name);
        List<Setting> settings = family.settings();
        assertEquals(cap, settings.get(settings.size() - 1).bitsPerKey(), name);
        assertEquals(knob.subList(0, settings.size()), settings, name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void settingsPastTheCap_lowerTheRateByAtMostTheTolerancePerAddedBit(String name, FilterFamily family,
                                                                       List<Setting> knob, double cap) {
        int c = indexOf(knob, cap);
        for (long n : GainCap.REFERENCE_ENTRIES) {
            double atCap = family.fpr(n, knob.get(c));
            for (int k = c + 1; k < knob.size(); k++) {
                int j = k;
                double added = knob.get(j).bitsPerKey() - cap;
                double floor = atCap * Math.pow(1 - GainCap.TOLERANCE, added);
                double rate = family.fpr(n, knob.get(j));
                assertTrue(rate >= floor, () -> name + " at n = " + n + ": " + knob.get(j).knob() + " has rate " + rate
                        + ", more than " + GainCap.TOLERANCE + " per bit below the cap's " + atCap);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void settingBeforeTheCap_stillGainsAtSomeSize(String name, FilterFamily family, List<Setting> knob, double cap) {
        int before = indexOf(knob, cap) - 1;
        boolean gains = false;
        for (long n : GainCap.REFERENCE_ENTRIES) {
            double rate = family.fpr(n, knob.get(before));
            for (int j = before + 1; j < knob.size() && !gains; j++) {
                double added = knob.get(j).bitsPerKey() - knob.get(before).bitsPerKey();
                gains = family.fpr(n, knob.get(j)) < rate * Math.pow(1 - GainCap.TOLERANCE, added);
            }
        }
        assertTrue(gains, name + ": " + knob.get(before).knob() + " already qualifies as the cap");
    }

    @Test
    void deployableSolver_everyBitItCouldUse_picksNothingPastTheCap() {
        long[] entries = {1L << 10, 1L << 16, 1L << 22};
        double[] reach = {1.0, 1.0, 1.0};
        double budget = 1000.0 * ((1L << 10) + (1L << 16) + (1L << 22));
        for (Engine e : List.of(Engine.PEBBLE, Engine.LEVELDB, Engine.FJALL, Engine.CASSANDRA)) {
            int[] groups = DeployableSolver.groups(e, new Integer[] {1, 2, 3});
            Deployable d = new DeployableSolver().solve(e, entries, reach, groups, budget);
            List<Setting> settings = e.family().settings();
            double cap = settings.get(settings.size() - 1).bitsPerKey();
            for (int i = 0; i < entries.length; i++) {
                assertTrue(d.setting(i).bitsPerKey() <= cap, e + " run " + i + ": " + d.setting(i));
            }
        }
        // Pebble's and LevelDB's knobs go on to 100 bits per key; their caps are well below
        assertTrue(PebbleFamily.GAIN_CAP_BITS < PebbleFamily.MAX_BITS_PER_KEY);
        assertTrue(LevelDbFamily.GAIN_CAP_BITS < LevelDbFamily.MAX_BITS_PER_KEY);
    }
}
