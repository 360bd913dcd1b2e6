package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
 * does not; a prefix-only filter is refused naming the case, run and file.
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
    void prefixOnlyFile_refusedNamingCaseRunAndFile() {
        String json = "{\"id\": \"px\", \"runs\": [{\"name\": \"L6\", \"entries\": 100, \"currentBitsPerEntry\": 10,"
                + " \"files\": [{\"name\": \"000009.sst\", \"entries\": 100, \"wholeKeyFiltering\": false,"
                + " \"prefixExtractor\": \"rocksdb.FixedPrefix.3\", \"filter\": {\"family\": \"rocksdb\", \"bits\": 1064,"
                + " \"parameters\": {\"lines\": 2, \"probes\": 6}}}]}], \"budget\": {\"totalBits\": 1064}}";
        CurrentCostException e = assertThrows(CurrentCostException.class, () -> current(json));
        assertTrue(e.getMessage().startsWith("case px: run L6 file 000009.sst: its filter holds only key prefixes"),
                e.getMessage());
    }
}
