package org.monkeyeval.engine.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.confirm.ConfirmProgress;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;
import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;

/**
 * Inside a real RocksDB: the engine builds filters of exactly the size RocksDB's rules give for the
 * allocated bits, its counters agree with the cache-local prediction, present-key lookups show up as
 * true positives, a run below 0.5 bits/key has no filter and is read on every lookup, the same seed
 * gives the same counts, and no temporary database is left behind.
 */
final class RocksDbEngineCheckTest {

    private static final long QUERIES = 40_000;

    @BeforeAll
    static void nativeLibraryLoads() {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
    }

    private static CaseResult solved(double bitsPerEntry, long... entries) {
        List<Run> runs = java.util.Arrays.stream(entries).mapToObj(n -> new Run(null, n)).toList();
        return new CaseEvaluator(new ThresholdSolver())
                .evaluate(new LsmCase("small", "", runs, new Budget.BitsPerEntry(bitsPerEntry)));
    }

    private static RocksDbEngineCheck.Result check(CaseResult c, long seed) throws IOException {
        return new RocksDbEngineCheck(new EngineSettings(QUERIES, seed, 0.05, List.of(), Long.MAX_VALUE))
                .check(List.of(c), ConfirmProgress.SILENT);
    }

    /** Temporary databases now in the temp folder (other builds on the machine may add and remove theirs). */
    private static Set<String> leftovers() throws IOException {
        try (Stream<Path> tmp = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return tmp.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("monkey-eval-rocksdb-"))
                    .collect(Collectors.toSet());
        }
    }

    @Test
    void check_smallCase_filtersMatchRulesAndPrediction() throws IOException {
        Set<String> before = leftovers();
        RocksDbEngineCheck.Result result = check(solved(8, 2_000, 20_000, 200_000), 11);
        assertEquals(6, result.runs().size());
        for (EngineRun e : result.runs()) {
            var c = e.count();
            int millibits = RocksDbLocalBloom.millibitsPerKey(c.bitsPerEntry());
            long ruleBytes = RocksDbLocalBloom.lines(c.entries(), millibits) * 64 + 5;
            assertEquals(ruleBytes, e.engineFilterBytes(), c.toString());
            assertEquals(e.ruleFilterBytes(), e.engineFilterBytes());
            assertEquals(e.presentQueries(), c.truePositives(), "every present lookup is a true positive");
            assertEquals(QUERIES, c.falsePositives() + c.usefulNegatives() + e.rangeSkipped(),
                    "every absent lookup is a false positive, a useful negative or outside the file's key range");
            assertTrue(Math.abs(c.zScore()) < 4, c + " z=" + c.zScore());
        }
        Set<String> left = new HashSet<>(leftovers());
        left.removeAll(before);
        assertEquals(Set.of(), left, "temporary databases are removed");
    }

    @Test
    void check_runBelowHalfBitPerKey_hasNoFilterAndIsAlwaysRead() throws IOException {
        // 0.4 bits per entry: uniform gives every run 0.4 (below RocksDB's floor); the optimized
        // allocation leaves the largest run without a filter
        RocksDbEngineCheck.Result result = check(solved(0.4, 2_000, 20_000, 200_000), 3);
        for (EngineRun e : result.runs()) {
            var c = e.count();
            if (c.bitsPerEntry() < 0.5) {
                assertEquals(0, e.engineFilterBytes(), c.toString());
                assertEquals(0, c.positives() + c.usefulNegatives(), "no filter, no filter counters");
                assertEquals(QUERIES - e.rangeSkipped(), c.probes(), "every absent lookup in range reads the run");
                assertTrue(Double.isNaN(c.observedFpr()));
            }
        }
        assertTrue(result.runs().stream().anyMatch(e -> e.count().bitsPerEntry() < 0.5));
        assertTrue(result.runs().stream().anyMatch(e -> e.engineFilterBytes() > 0));
    }

    @Test
    void check_sameSeedTwice_sameCounts() throws IOException {
        CaseResult c = solved(6, 3_000, 30_000);
        List<EngineRun> a = check(c, 5).runs();
        List<EngineRun> b = check(c, 5).runs();
        for (int i = 0; i < a.size(); i++) {
            assertEquals(a.get(i).count(), b.get(i).count());
            assertEquals(a.get(i).engineFilterBytes(), b.get(i).engineFilterBytes());
        }
    }

    @Test
    void check_runAboveCap_sstOfCapKeysAtTheRunsBitsPerKey() throws IOException {
        CaseResult c = solved(8, 2_000, 60_000);
        RocksDbEngineCheck.Result result = new RocksDbEngineCheck(new EngineSettings(QUERIES, 11, 0.05, List.of(),
                20_000)).check(List.of(c), ConfirmProgress.SILENT);
        for (EngineRun e : result.runs()) {
            var r = e.count();
            long built = Math.min(r.entries(), 20_000);
            assertEquals(built, r.builtEntries(), r.toString());
            int millibits = RocksDbLocalBloom.millibitsPerKey(r.bitsPerEntry());
            assertEquals(RocksDbLocalBloom.lines(built, millibits) * 64 + 5, e.engineFilterBytes(), r.toString());
            assertEquals(e.presentQueries(), r.truePositives(), "present lookups are drawn from the SST's keys");
            assertTrue(Math.abs(r.zScore()) < 4, r + " z=" + r.zScore());
        }
        assertTrue(result.runs().stream().anyMatch(e -> e.count().sampled()));
    }

    @Test
    void limit_runAboveHeap_refusedUntilCapLowered() {
        CaseResult c = solved(8, 2_000, 100_000_000);
        long heap = 256L << 20;
        assertTrue(RocksDbEngineCheck.limit(c, new EngineSettings(QUERIES, 1, 0, List.of(), Long.MAX_VALUE), heap)
                .orElseThrow().contains("--max-filter-entries"));
        assertTrue(RocksDbEngineCheck.limit(c, new EngineSettings(QUERIES, 1, 0, List.of(), 10_000_000), heap)
                .isEmpty());
    }
}
