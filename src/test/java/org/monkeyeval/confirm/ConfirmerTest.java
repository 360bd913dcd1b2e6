package org.monkeyeval.confirm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.report.ConfirmTables;
import org.monkeyeval.stats.BinomialInterval;

/**
 * Real filters confirm the model: counts are identical for any thread count, a case without
 * memory probes every run on every query, the optimized allocation measurably beats uniform by the
 * model's factor, and --precision keeps querying until the intervals are tight enough.
 */
final class ConfirmerTest {

    private static final List<Layout> BOTH = List.of(Layout.STANDARD, Layout.ROCKSDB);

    private static CaseResult solved(String id, double bitsPerEntry, long... entries) {
        List<Run> runs = java.util.Arrays.stream(entries).mapToObj(n -> new Run(null, n)).toList();
        return new CaseEvaluator(new ThresholdSolver())
                .evaluate(new LsmCase(id, "", runs, new Budget.BitsPerEntry(bitsPerEntry)));
    }

    private static List<CaseCount> confirm(ConfirmSettings settings, CaseResult... cases) throws Exception {
        return new Confirmer(settings).confirm(List.of(cases), ConfirmProgress.SILENT);
    }

    private static ConfirmSettings fixed(long queries, int threads) {
        return new ConfirmSettings(queries, 7, threads, BOTH, Double.NaN, queries,
                ConfirmSettings.DEFAULT_MAX_FILTER_ENTRIES);
    }

    @Test
    void confirm_anyThreadCount_identicalTables() throws Exception {
        CaseResult c = solved("small", 6, 3_000, 30_000, 300_000);
        List<CaseCount> one = confirm(fixed(700_001, 1), c);
        List<CaseCount> three = confirm(fixed(700_001, 3), c);
        assertEquals(ConfirmTables.runs(one), ConfirmTables.runs(three));
        assertEquals(ConfirmTables.cases(one), ConfirmTables.cases(three));
    }

    @Test
    void confirm_differentSeed_differentCounts() throws Exception {
        CaseResult c = solved("small", 6, 3_000, 30_000);
        List<CaseCount> a = confirm(new ConfirmSettings(200_000, 1, 2, BOTH, Double.NaN, 200_000,
                ConfirmSettings.DEFAULT_MAX_FILTER_ENTRIES), c);
        List<CaseCount> b = confirm(new ConfirmSettings(200_000, 2, 2, BOTH, Double.NaN, 200_000,
                ConfirmSettings.DEFAULT_MAX_FILTER_ENTRIES), c);
        assertTrue(!ConfirmTables.runs(a).equals(ConfirmTables.runs(b)));
    }

    @Test
    void confirm_zeroBudget_everyQueryProbesEveryRun() throws Exception {
        List<CaseCount> counts = confirm(fixed(10_000, 2), solved("none", 0, 10_000, 100_000, 1_000_000));
        for (CaseCount c : counts) {
            assertEquals(3.0, c.measuredR());
            for (RunCount r : c.runs()) {
                assertTrue(Double.isNaN(r.observedFpr()), "no filter, no estimate");
                assertEquals(0, r.positives() + r.usefulNegatives());
                assertEquals(10_000, r.probes());
            }
        }
    }

    @Test
    void confirm_seedCase_optimizedBeatsUniformByModelFactor() throws Exception {
        List<CaseCount> counts = confirm(fixed(ConfirmSettings.DEFAULT_QUERIES, 2),
                solved("seed-10bpe", 10, 10_000, 100_000, 1_000_000));
        CaseCount uniform = counts.get(0);
        CaseCount optimized = counts.get(2);
        assertEquals("standard", uniform.layout());
        assertEquals("optimized", optimized.allocation());
        double measured = uniform.measuredR() / optimized.measuredR();
        assertEquals(2.107, measured, 0.05 * 2.107, "measured improvement " + measured);
        for (CaseCount c : counts) {
            assertTrue(Math.abs(c.zScore()) < 4, c + " z=" + c.zScore());
            for (RunCount r : c.runs()) {
                assertTrue(Math.abs(r.zScore()) < 4, r + " z=" + r.zScore());
            }
        }
        // the smallest optimized run (p ~ 1e-4) sees enough false positives for a meaningful interval
        assertTrue(optimized.runs().get(0).falsePositives() >= 60, optimized.runs().get(0).toString());
    }

    @Test
    void confirm_cacheLocalLayout_worseThanIdealAtTenBits() throws Exception {
        List<CaseCount> counts = confirm(fixed(1_000_000, 2), solved("equal", 10, 200_000));
        RunCount rocks = counts.get(1).runs().get(0);
        assertEquals("rocksdb", rocks.layout());
        BinomialInterval ci = rocks.interval();
        assertTrue(ci.lower() > rocks.modelFpr(), "cache-local FPR above the ideal e^(-c b): " + ci);
    }

    @Test
    void confirm_precision_growsQueriesUntilIntervalsAreTight() throws Exception {
        double target = 0.15;
        ConfirmSettings settings = new ConfirmSettings(10_000, 7, 2, List.of(Layout.STANDARD), target, 4_000_000,
                ConfirmSettings.DEFAULT_MAX_FILTER_ENTRIES);
        List<CaseCount> counts = confirm(settings, solved("p", 8, 5_000, 50_000));
        long q = counts.get(0).queries();
        assertTrue(q > 10_000 && q <= 4_000_000, "Q = " + q);
        for (CaseCount c : counts) {
            for (RunCount r : c.runs()) {
                BinomialInterval ci = r.interval();
                double halfWidth = (ci.upper() - ci.lower()) / 2;
                assertTrue(halfWidth <= target * r.observedFpr() || q == 4_000_000, r.toString());
            }
        }
    }

    private static ConfirmSettings capped(long queries, long maxFilterEntries) {
        return new ConfirmSettings(queries, 7, 2, BOTH, Double.NaN, queries, maxFilterEntries);
    }

    @Test
    void confirm_runAboveCap_countsEqualThoseOfARunOfCapEntries() throws Exception {
        // uniform allocation: 8 bits per entry whatever the run sizes, so the filters are comparable
        List<CaseCount> sampled = confirm(capped(200_000, 20_000), solved("big", 8, 3_000, 50_000));
        List<CaseCount> small = confirm(capped(200_000, ConfirmSettings.NO_FILTER_CAP),
                solved("big", 8, 3_000, 20_000));
        for (int c = 0; c < BOTH.size(); c++) {
            RunCount big = sampled.get(c).runs().get(1);
            RunCount reference = small.get(c).runs().get(1);
            assertEquals("uniform", sampled.get(c).allocation());
            assertEquals(50_000, big.entries());
            assertEquals(20_000, big.builtEntries());
            assertTrue(big.sampled());
            assertEquals(reference.filterBits(), big.filterBits(), "filter built at the cap's size");
            assertEquals(reference.hashes(), big.hashes());
            assertEquals(reference.positives(), big.positives(), "same keys, same filter, same answers");
            assertEquals(reference.predictedFpr(), big.predictedFpr(), "prediction at the built size");
            assertEquals(reference.modelFpr(), big.modelFpr());
            RunCount below = sampled.get(c).runs().get(0);
            assertEquals(3_000, below.builtEntries());
            assertTrue(!below.sampled());
        }
    }

    @Test
    void confirm_capAboveEveryRun_tablesUnchanged() throws Exception {
        CaseResult c = solved("small", 6, 3_000, 30_000);
        List<CaseCount> none = confirm(capped(100_000, ConfirmSettings.NO_FILTER_CAP), c);
        List<CaseCount> cap = confirm(capped(100_000, 30_000), c);
        assertEquals(ConfirmTables.runs(none), ConfirmTables.runs(cap));
        assertEquals(ConfirmTables.cases(none), ConfirmTables.cases(cap));
    }

    @Test
    void limit_filtersAboveHeap_refusedUntilCapLowered() {
        CaseResult c = solved("tree", 10, 1_000, 100_000_000);
        long heap = 64L << 20;
        String refusal = Confirmer.limit(c, capped(1_000, ConfirmSettings.NO_FILTER_CAP), heap).orElseThrow();
        assertTrue(refusal.contains("--max-filter-entries"), refusal);
        assertTrue(Confirmer.limit(c, capped(1_000, 1_000_000), heap).isEmpty());
    }

    @Test
    void limit_runBeyondKeySpace_refusedWhateverTheCap() {
        CaseResult c = solved("huge", 10, 1_000, 1L << 40);
        assertTrue(Confirmer.limit(c, capped(1_000, 1_000), Long.MAX_VALUE).isPresent());
    }
}
