package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;

/**
 * Guards the tables' rows, their families' rows computed in parallel: every run is handed its own row, in run
 * order, with the same bits one thread computing setting by setting gives (rate 1 where the filter is not
 * read), with equal neighbours sharing a row, and a row put together from kept family rows the same bits.
 */
final class RateRowsTest {

    /** Pebble's family, counting the rates asked of it by run size. */
    private static final class CountingRates implements FilterFamily {
        final Map<Long, Integer> asked = new ConcurrentHashMap<>();

        @Override
        public String name() {
            return "counting-pebble";
        }

        @Override
        public List<Setting> settings() {
            return PebbleFamily.INSTANCE.settings();
        }

        @Override
        public Setting settingFor(double bitsPerEntry) {
            return PebbleFamily.INSTANCE.settingFor(bitsPerEntry);
        }

        @Override
        public double fpr(long entries, Setting setting) {
            asked.merge(entries, 1, Integer::sum);
            return PebbleFamily.INSTANCE.fpr(entries, setting);
        }

        @Override
        public double filterBits(long entries, Setting setting) {
            return PebbleFamily.INSTANCE.filterBits(entries, setting);
        }
    }

    @Test
    void forEachRun_aFilterNoLookupReads_isSizedButItsRateNeverAsked() {
        CountingRates family = new CountingRates();
        List<DeployableChoice> settings = DeployableChoice.union(List.of(family));
        long[] entries = {1_000, 40_000, 40_000, 7_000_000};
        boolean[] consulted = {true, true, false, false}; // 7,000,000 keys: read by no lookup
        RateRows.forEachRun(settings, entries, consulted, (run, fpr, bits) -> {
            for (int s = 0; s < settings.size(); s++) {
                Setting setting = settings.get(s).setting();
                assertEquals(consulted[run] ? PebbleFamily.INSTANCE.fpr(entries[run], setting) : 1.0, fpr[s], 0.0,
                        "run " + run + " setting " + s);
                assertEquals(PebbleFamily.INSTANCE.filterBits(entries[run], setting), bits[s], 0.0,
                        "run " + run + " setting " + s);
            }
        });
        assertEquals(null, family.asked.get(7_000_000L), "rates asked of the unread filter");
        assertTrue(family.asked.getOrDefault(40_000L, 0) > 0, "rates of the read filter of the same size as an unread one");
    }

    @Test
    void forEachRun_manyRuns_givesEachRunItsOwnRowInRunOrder() {
        List<DeployableChoice> all = DeployableChoice.union(List.of(RocksDbFamily.INSTANCE,
                RocksDbRibbonFamily.INSTANCE));
        List<DeployableChoice> settings = new ArrayList<>();
        for (int s = 0; s < all.size(); s += 997) {
            settings.add(all.get(s));
        }
        long[] entries = new long[27];
        boolean[] consulted = new boolean[entries.length];
        for (int i = 0; i < entries.length; i++) {
            entries[i] = i % 4 == 1 ? entries[i - 1] : 1_000L + 7_919L * i * i; // some neighbours equal
            consulted[i] = i % 5 != 3;
        }
        List<Integer> seen = new ArrayList<>();
        RateRows.forEachRun(settings, entries, consulted, (run, fpr, bits) -> {
            seen.add(run);
            double[] expectedFpr = new double[settings.size()];
            double[] expectedBits = new double[settings.size()];
            for (int s = 0; s < settings.size(); s++) {
                expectedFpr[s] = consulted[run] ? settings.get(s).fpr(entries[run]) : 1.0;
                expectedBits[s] = settings.get(s).filterBits(entries[run]);
            }
            assertArrayEquals(expectedFpr, fpr, 0.0, "rates of run " + run);
            assertArrayEquals(expectedBits, bits, 0.0, "sizes of run " + run);
        });
        List<Integer> inOrder = new ArrayList<>();
        for (int i = 0; i < entries.length; i++) {
            inOrder.add(i);
        }
        assertEquals(inOrder, seen);
    }

    @Test
    void forEachRun_wholeUnionFromFamilyRows_givesTheDirectRatesAndSizes() {
        List<DeployableChoice> union = DeployableChoice.union(List.of(RocksDbFamily.INSTANCE,
                RocksDbRibbonFamily.INSTANCE));
        long[] entries = {100, 100, 9_999, 720_000};
        boolean[] consulted = {true, false, true, true};
        double[] presentShare = {0.0, 0.0, 0.25, 0.0};
        RateRows.forEachRun(union, entries, consulted, presentShare, (run, fpr, bits) -> {
            for (int s = 0; s < union.size(); s++) {
                DeployableChoice c = union.get(s);
                assertEquals(ReadPath.rate(consulted[run], presentShare[run], c.fpr(entries[run])), fpr[s], 0.0,
                        "run " + run + " setting " + s);
                assertEquals(c.filterBits(entries[run]), bits[s], 0.0, "run " + run + " setting " + s);
            }
        });
    }

    @Test
    void kept_aFamilysOwnSettings_givesTheDirectRatesAndSizes() {
        List<DeployableChoice> bloom = DeployableRibbonSolver.paired(RocksDbFamily.INSTANCE,
                RocksDbRibbonFamily.INSTANCE).bloom();
        for (long n : new long[] {1_000, 2_000_000, 3_000_017}) {
            for (int ask = 0; ask < 2; ask++) { // computed, then Bloom's kept rates with its (cheap) sizes again
                RateRows.Row row = RateRows.kept(bloom, n);
                for (int s = 0; s < bloom.size(); s++) {
                    assertEquals(bloom.get(s).fpr(n), row.fpr()[s], 0.0, n + " entries, ask " + ask + ", setting " + s);
                    assertEquals(bloom.get(s).filterBits(n), row.bits()[s], 0.0,
                            n + " entries, ask " + ask + ", setting " + s);
                }
            }
        }
    }

    @Test
    void forEachRun_rowsAskedAgain_giveTheSameBitsAsComputedFirst() {
        List<DeployableChoice> union = DeployableChoice.union(List.of(RocksDbFamily.INSTANCE,
                RocksDbRibbonFamily.INSTANCE, PebbleFamily.INSTANCE));
        long[] entries = {4_321, 4_321, 88_888, 5_000_003};
        boolean[] consulted = {true, true, true, true};
        List<double[]> first = new ArrayList<>();
        RateRows.forEachRun(union, entries, consulted, (run, fpr, bits) -> {
            first.add(fpr.clone());
            first.add(bits.clone());
        });
        RateRows.forEachRun(union, entries, consulted, (run, fpr, bits) -> { // Bloom's rates kept, Pebble's rows kept
            assertArrayEquals(first.get(2 * run), fpr, 0.0, "rates of run " + run);
            assertArrayEquals(first.get(2 * run + 1), bits, 0.0, "sizes of run " + run);
        });
    }

    /**
     * Kept rows are held in pieces that G1 allocates as ordinary objects, below half of its smallest region (1 MB):
     * a whole row of 99,002 doubles would be allocated apart and never moved.
     */
    @Test
    void keep_rowsOfManySettings_areHeldInPiecesBelowHalfAHeapRegion() {
        List<DeployableChoice> union = DeployableChoice.union(List.of(RocksDbFamily.INSTANCE,
                RocksDbRibbonFamily.INSTANCE, PebbleFamily.INSTANCE));
        RateRows.forEachRun(union, new long[] {6_543_210}, new boolean[] {true}, (run, fpr, bits) -> {
        });
        assertTrue(RocksDbFamily.INSTANCE.settings().size() > RateRows.PIECE, "a row spans several pieces");
        assertTrue((long) RateRows.PIECE * Double.BYTES + 16 < 512 * 1024, "a piece below half a 1 MB region");
        int longest = RateRows.longestKeptArray();
        assertTrue(longest > 0 && longest <= RateRows.PIECE, "the longest kept array holds " + longest + " doubles");
    }

    @Test
    void keep_costlyRowsWithinTheirBudget_areHeldStrongly_cheapOnesSoftly() {
        List<DeployableChoice> union = DeployableChoice.union(List.of(RocksDbFamily.INSTANCE,
                RocksDbRibbonFamily.INSTANCE, PebbleFamily.INSTANCE));
        long n = 7_654_321;
        // other tests in this process may have filled the budgets: then this one has nothing to check
        assumeTrue(RateRows.roomFor(RocksDbFamily.INSTANCE) && RateRows.roomFor(RocksDbRibbonFamily.INSTANCE));
        RateRows.forEachRun(union, new long[] {n}, new boolean[] {true}, (run, fpr, bits) -> {
        });
        assertTrue(RateRows.heldStrongly(RocksDbFamily.INSTANCE, n), "Bloom's rates (19 ms a row) held strongly");
        assertTrue(RateRows.heldStrongly(RocksDbRibbonFamily.INSTANCE, n), "Ribbon's rows held strongly");
        assertTrue(PebbleFamily.INSTANCE.settings().size() <= RateRows.KEPT_WHOLE_SETTINGS);
        assertFalse(RateRows.heldStrongly(PebbleFamily.INSTANCE, n), "Pebble's few settings kept softly");
    }
}
