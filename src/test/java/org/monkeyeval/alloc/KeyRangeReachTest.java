package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.RunFile;

/**
 * A run's reach is the share of lookups, drawn like the stored keys (each key once), whose key lies in one of
 * its files' ranges, each file's keys spread evenly over its range: a level covering half the key space
 * of a tree whose other level covers all of it is reached by the lookups in that half; files that
 * share no range reach only their own keys; a key a newer run holds again counts once; the weights of the
 * cost carry the reach.
 */
final class KeyRangeReachTest {

    /** A file of {@code entries} keys from key {@code lo} to {@code hi}, one-byte keys after a shared "k". */
    private static RunFile file(String name, long entries, int lo, int hi) {
        return new RunFile(name, entries, null, "none", Map.of(), 0, false, true, null,
                String.format("6b%02x", lo), String.format("6b%02x", hi));
    }

    private static LsmCase lsmCase(List<List<RunFile>> runs) {
        List<Run> list = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            long n = runs.get(i).stream().mapToLong(RunFile::entries).sum();
            list.add(new Run("r" + i, n, i, null, null, runs.get(i)));
        }
        return new LsmCase("c", null, list, new Budget.BitsPerEntry(10));
    }

    @Test
    void levelCoveringHalfTheKeySpace_reachedByTheLookupsInThatHalf() {
        // run 0: 1,000 keys over [0x00, 0x80]; run 1: 10,000 keys over [0x00, 0xff], two files split at 0x80
        LsmCase c = lsmCase(List.of(
                List.of(file("a", 1_000, 0x00, 0x80)),
                List.of(file("b", 5_000, 0x00, 0x80), file("d", 5_000, 0x81, 0xff))));
        KeyRangeReach r = KeyRangeReach.of(c);
        // the mass over [0x00, 0x80]: all of a and b, none of d
        double total = 11_000;
        double inLow = 1_000 + 5_000;
        assertEquals(inLow / total, r.runReach(0), 1e-12);
        assertEquals(inLow / total, r.fileShare(1, 0), 1e-12);
        assertEquals((5_000 / total), r.fileShare(1, 1), 1e-12);
        assertEquals(1.0, r.runReach(1), 1e-12);
    }

    @Test
    void keysHeldAgainByANewerRun_countedOnce_theOverlapWeighsAsItsDistinctKeys() {
        // run 0 rewrote the 5,000 keys of [0x00, 0x7f] that run 1's file b also holds, so b's entries are all
        // older versions (newest share 0); d holds the 5,000 keys of [0x80, 0xff]
        RunFile newer = file("n", 5_000, 0x00, 0x7f);
        RunFile b = new RunFile("b", 5_000, null, "none", Map.of(), 0, false, true, null, "6b00", "6b7f", null, null,
                0.0);
        RunFile d = new RunFile("d", 5_000, null, "none", Map.of(), 0, false, true, null, "6b80", "6bff", null, null,
                1.0);
        LsmCase c = lsmCase(List.of(List.of(newer), List.of(b, d)));
        KeyRangeReach r = KeyRangeReach.of(c);
        // 10,000 distinct keys, half of them in [0x00, 0x7f]: the newer run is reached by half the lookups, not
        // by the 10,000 of 15,000 entries that lie there
        assertEquals(0.5, r.runReach(0), 1e-12);
        assertEquals(0.5, r.fileShare(1, 0), 1e-12);
        assertEquals(1.0, r.runReach(1), 1e-12);
        // without the newest shares every entry counts as a key
        LsmCase counted = lsmCase(List.of(List.of(newer), List.of(file("b", 5_000, 0x00, 0x7f), d)));
        assertEquals(10_000 / 15_000.0, KeyRangeReach.of(counted).runReach(0), 1e-12);
    }

    @Test
    void noFileHoldsANewestKey_noReach() {
        RunFile stale = new RunFile("s", 5_000, null, "none", Map.of(), 0, false, true, null, "6b00", "6bff", null,
                null, 0.0);
        assertNull(KeyRangeReach.of(lsmCase(List.of(List.of(stale)))));
    }

    @Test
    void disjointRanges_eachRunReachedByItsOwnKeysOnly() {
        LsmCase c = lsmCase(List.of(
                List.of(file("new", 2_000, 0xa0, 0xff)),
                List.of(file("old", 8_000, 0x00, 0x9f))));
        KeyRangeReach r = KeyRangeReach.of(c);
        assertEquals(0.2, r.runReach(0), 1e-12);
        assertEquals(0.8, r.runReach(1), 1e-12);
        LookupWeights w = LookupWeights.of(c);
        assertEquals(0.2, w.reach(0), 1e-12);
        assertEquals(0.8, w.reach(1), 1e-12);
        // an allocation rating both runs 1 costs one read per lookup, not two
        assertEquals(1.0, w.cost(new double[] {1.0, 1.0}), 1e-12);
    }

    @Test
    void separatorGaps_aRunReadsOnePlusItsFilesGapSharesPerPositive_andItsWeightCarriesThem() {
        RunFile a = new RunFile("a", 5_000, null, "none", Map.of(), 0, false, true, null, "6b00", "6b7f", 0.02, null);
        RunFile b = new RunFile("b", 5_000, null, "none", Map.of(), 0, false, true, null, "6b80", "6bff", null, null);
        LsmCase c = lsmCase(List.of(List.of(a, b)));
        KeyRangeReach r = KeyRangeReach.of(c);
        double shareA = r.fileShare(0, 0) / r.runReach(0);
        assertEquals(shareA * 1.02 + (1 - shareA) * 1.0, r.blocksPerPositive(0), 1e-12);
        assertEquals(r.runReach(0) * r.blocksPerPositive(0), LookupWeights.of(c).reach(0), 1e-12);
        // every lookup reaching the run reads its file's block, and a second one in a's gaps
        assertEquals(r.blocksPerPositive(0), LookupWeights.of(c).cost(new double[] {1.0}), 1e-12);
    }

    @Test
    void noGapShares_oneBlockPerPositive_exactly() {
        LsmCase c = lsmCase(List.of(List.of(file("a", 3_000, 0x00, 0x90), file("b", 7_000, 0x91, 0xff))));
        assertEquals(1.0, KeyRangeReach.of(c).blocksPerPositive(0), 0.0);
    }

    @Test
    void aFileOfOneKey_countsWhereItLies() {
        LsmCase c = lsmCase(List.of(
                List.of(file("one", 1, 0x40, 0x40)),
                List.of(file("all", 99, 0x00, 0xff))));
        KeyRangeReach r = KeyRangeReach.of(c);
        // the one key, and none of the 99 (a zero-width slice of their range)
        assertEquals(0.01, r.runReach(0), 1e-12);
        assertEquals(1.0, r.runReach(1), 1e-12);
    }

    @Test
    void filesWithoutKeyRanges_noReach_everyRunReachedAsBefore() {
        RunFile bare = new RunFile("x", 10, null, "none", Map.of(), 0, false, true, null, null, null);
        LsmCase c = lsmCase(List.of(List.of(bare), List.of(file("all", 90, 0x00, 0xff))));
        assertNull(KeyRangeReach.of(c));
        assertEquals(1.0, LookupWeights.of(c).reach(0));
        assertEquals(1.0, LookupWeights.of(c).reach(1));
    }

    @Test
    void position_isTheBytesAfterTheSharedPrefixAsAFraction() {
        assertEquals(0.5, KeyRangeReach.position(new byte[] {'k', (byte) 0x80}, 1), 0.0);
        assertEquals(0.0, KeyRangeReach.position(new byte[] {'k'}, 1), 0.0);
        assertEquals(1, KeyRangeReach.sharedPrefix(List.of(new byte[] {'k', 1}, new byte[] {'k', 2})));
    }
}
