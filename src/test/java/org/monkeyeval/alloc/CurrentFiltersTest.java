package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbLegacyFamily;
import org.monkeyeval.filter.LineOccupancy;
import org.monkeyeval.io.CaseReader;
import org.monkeyeval.model.LsmCase;

/**
 * current is priced on the files' own filters when the case lists them (a level's rate the files'
 * rates weighted by their entries), and on the ideal curve from currentBitsPerEntry as before when it
 * does not; a prefix-only filter at its rate over the prefixes it holds, plus the share of absent keys whose
 * prefix it holds (read), and not at all when the database is read with another prefix extractor.
 */
final class CurrentFiltersTest {

    private static LsmCase read(String json) throws Exception {
        return CaseReader.read("c.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static double current(String json) throws Exception {
        return new CaseEvaluator(new ThresholdSolver()).evaluate(read(json)).currentCost();
    }

    @Test
    void caseWithoutFiles_pricedOnTheIdealCurveAsBefore() throws Exception {
        double r = current("{\"id\": \"x\", \"runs\": [{\"entries\": 1000, \"currentBitsPerEntry\": 10},"
                + " {\"entries\": 9000, \"currentBitsPerEntry\": 6}], \"budget\": {\"totalBits\": 64000}}");
        assertEquals(MonkeyModel.idealFpr(10) + MonkeyModel.idealFpr(6), r, 1e-15);
    }

    @Test
    void levelOfTwoFiles_eachFilesRateByItsShareOfEntries() throws Exception {
        // 3,000 keys in 47 lines (8 probes ~ 10 bits) and 1,000 keys under legacy Bloom in 12 lines, 6 probes
        String json = "{\"id\": \"x\", \"runs\": [{\"name\": \"L1\", \"entries\": 4000, \"level\": 1,"
                + " \"currentBitsPerEntry\": 7.5, \"files\": ["
                + "{\"name\": \"a.sst\", \"entries\": 3000, \"filter\": {\"family\": \"rocksdb\", \"bits\": 24104,"
                + " \"parameters\": {\"lines\": 47, \"probes\": 8}}},"
                + "{\"name\": \"b.sst\", \"entries\": 1000, \"filterEntries\": 990, \"filter\": {\"family\": \"rocksdb-legacy\","
                + " \"bits\": 6184, \"parameters\": {\"lines\": 12, \"probes\": 6}}}]},"
                + " {\"name\": \"L2\", \"entries\": 500, \"level\": 2, \"currentBitsPerEntry\": 0, \"files\": ["
                + "{\"name\": \"c.sst\", \"entries\": 500, \"filter\": {\"family\": \"none\", \"bits\": 0, \"parameters\": {}}}]}],"
                + " \"budget\": {\"totalBits\": 30288}}";
        double a = LineOccupancy.fpr(3000, 47, 8);
        double b = org.monkeyeval.family.rocksdb.LegacyBloomRate.fpr(990, 12, 6);
        double expected = 0.75 * a + 0.25 * b + 1.0;
        assertEquals(expected, current(json), 1e-12);
        assertTrue(a < b, "legacy's 6 probes in 12 lines for 990 keys rate worse");
        assertEquals(RocksDbLegacyFamily.INSTANCE.name(), "rocksdb-legacy");
    }

    @Test
    void fileWithItsBuiltFiltersRate_pricedAtThatRate_notTheFamilysExpectation() throws Exception {
        String json = "{\"id\": \"x\", \"runs\": [{\"name\": \"L1\", \"entries\": 4000, \"level\": 1,"
                + " \"files\": ["
                + "{\"name\": \"a.sst\", \"entries\": 3000, \"filterRate\": 0.0125, \"filter\": {\"family\": \"rocksdb\","
                + " \"bits\": 24104, \"parameters\": {\"lines\": 47, \"probes\": 8}}},"
                + "{\"name\": \"b.sst\", \"entries\": 1000, \"filter\": {\"family\": \"rocksdb\","
                + " \"bits\": 8192, \"parameters\": {\"lines\": 16, \"probes\": 8}}}]}],"
                + " \"budget\": {\"totalBits\": 32296}}";
        assertEquals(0.75 * 0.0125 + 0.25 * LineOccupancy.fpr(1000, 16, 8), current(json), 1e-15);
    }

    /**
     * One L6 file of 100 keys whose filter holds {@code filterEntries} prefixes (2 lines, 6 probes), the run's
     * entries what the filter holds (as import writes it), with {@code extra} fields in the case.
     */
    private static String prefixCase(boolean wholeKeys, long filterEntries, String extra) {
        return "{\"id\": \"px\", \"runs\": [{\"name\": \"L6\", \"entries\": " + filterEntries + ", \"level\": 6,"
                + " \"files\": [{\"name\": \"000009.sst\", \"entries\": 100, \"filterEntries\": " + filterEntries + ","
                + " \"wholeKeyFiltering\": " + wholeKeys + ", \"prefixExtractor\": \"rocksdb.FixedPrefix.3\","
                + " \"filter\": {\"family\": \"rocksdb\", \"bits\": 1064, \"parameters\": {\"lines\": 2, \"probes\": 6}}}]}],"
                + " \"budget\": {\"totalBits\": 1064}" + extra + "}";
    }

    @Test
    void prefixOnlyFile_absentPrefixes_pricedAtTheFiltersRateOverItsPrefixes() throws Exception {
        assertEquals(LineOccupancy.fpr(40, 2, 6), current(prefixCase(false, 40, "")), 1e-15);
        // the filter's rate over its 40 prefixes, not over the file's 100 keys
        assertTrue(LineOccupancy.fpr(40, 2, 6) < 0.5 * LineOccupancy.fpr(100, 2, 6));
    }

    @Test
    void prefixOnlyFile_presentPrefixShare_readsTheBlockForThatShare() throws Exception {
        double p = LineOccupancy.fpr(40, 2, 6);
        // one file holds every prefix and is reached by every lookup: s = q
        assertEquals(0.25 + 0.75 * p, current(prefixCase(false, 40, ", \"workload\": {\"presentPrefixShare\": 0.25}")),
                1e-15);
        assertEquals(1.0, current(prefixCase(false, 40, ", \"workload\": {\"presentPrefixShare\": 1}")), 1e-15);
    }

    @Test
    void presentPrefixShare_fileHoldingPartOfThePrefixes_readsItsShareOfThem() {
        // q = 0.3 of absent keys have a present prefix; the file holds a fifth of them and a tenth of the lookups
        // reach it: 0.3 * 0.2 / 0.1 = 0.6 of those find their prefix there
        assertEquals(0.6, CurrentFilters.presentPrefixShare(0.3, 0.2, 0.1), 1e-15);
        assertEquals(1.0, CurrentFilters.presentPrefixShare(0.9, 0.5, 0.1), 0.0); // at most every lookup reaching it
        assertEquals(0.0, CurrentFilters.presentPrefixShare(0.0, 0.5, 0.0), 0.0);
        assertEquals(0.5 + 0.5 * 0.01, CurrentFilters.prefixFilterRate(0.01, 0.5), 1e-15);
    }

    @Test
    void prefixOnlyFile_readWithAnotherPrefixExtractor_noFilterChecked() throws Exception {
        assertEquals(1.0, current(prefixCase(false, 40, ", \"rocksdb\": {\"prefixExtractor\": \"rocksdb.FixedPrefix.4\"}")),
                0.0);
        assertEquals(1.0, current(prefixCase(false, 40, ", \"rocksdb\": {\"prefixExtractor\": \"nullptr\"}")), 0.0);
        assertEquals(LineOccupancy.fpr(40, 2, 6),
                current(prefixCase(false, 40, ", \"rocksdb\": {\"prefixExtractor\": \"rocksdb.FixedPrefix.3\"}")), 1e-15);
    }

    @Test
    void keysAndPrefixesFile_wholeKeyFilteringOffInTheOptions_checksThePrefixAtEverythingItHolds() throws Exception {
        double p = LineOccupancy.fpr(101, 2, 6);
        assertEquals(p, current(prefixCase(true, 101, "")), 1e-15);
        String read = ", \"rocksdb\": {\"wholeKeyFiltering\": false}, \"workload\": {\"presentPrefixShare\": 0.5}";
        assertEquals(0.5 + 0.5 * p, current(prefixCase(true, 101, read)), 1e-15);
        // the whole key is checked while the option is on: no share of present prefixes applies
        assertEquals(p, current(prefixCase(true, 101, ", \"workload\": {\"presentPrefixShare\": 0.5}")), 1e-15);
    }

    @Test
    void prefixRun_sizedByWhatItsFilterHolds() throws Exception {
        LsmCase c = read(prefixCase(false, 40, ""));
        assertEquals(40, c.entries(0));
        assertEquals(1064.0 / 40, CurrentFilters.of(c).bitsPerEntry()[0], 1e-12);
    }
}
