package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.monkeyeval.family.Setting;

/**
 * Guards the family: its settings are RocksDB's millibit values with the result bits Ribbon derives
 * from them, its size is the filter_size RocksDB writes (the Bloom family's where RocksDB falls back
 * to Bloom), and its rate agrees with what db_bench of RocksDB 7.8.3 measured on the file of 316,137
 * keys.
 */
final class RocksDbRibbonFamilyTest {

    @Test
    void rowOfSettings_everySetting_givesItsOwnRateAndSizeBitForBit() {
        RocksDbRibbonFamily family = RocksDbRibbonFamily.INSTANCE;
        java.util.List<Setting> settings = family.settings();
        // the Bloom fallback (small n), Ribbon with either rounding of its size, and the Bloom filter past Ribbon's cap
        for (long n : new long[] {1, 100, 1_587, 60_000, 2_000_000, 123_456_789, 5_000_000_000L}) {
            double[] fpr = new double[settings.size()];
            double[] bits = new double[settings.size()];
            family.rowOfSettings(n, fpr, bits);
            for (int s = 0; s < settings.size(); s += s < 2_000 ? 1 : 7) {
                assertEquals(family.fpr(n, settings.get(s)), fpr[s], 0.0, n + " entries, setting " + s);
                assertEquals(family.filterBits(n, settings.get(s)), bits[s], 0.0, n + " entries, setting " + s);
            }
        }
    }

    private static final RocksDbRibbonFamily FAMILY = RocksDbRibbonFamily.INSTANCE;

    @Test
    void settings_noneThenEveryMillibitValue() {
        assertEquals("rocksdb-ribbon", FAMILY.name());
        assertEquals(99_002, FAMILY.settings().size());
        assertFalse(FAMILY.settings().get(0).hasFilter());
        assertEquals("1", FAMILY.settings().get(1).knob());
        assertEquals("100", FAMILY.settings().get(99_001).knob());
    }

    /**
     * Result bits r = floor(log2 oneIn) and r + 1, oneIn the inverse of the Bloom rate: at 10 bits
     * CacheLocalFpRate(10, 6) = 0.953% (1 in 104.9, r = 6); at 16 bits CacheLocalFpRate(16, 9) (1 in
     * 1255, r = 10); the fallback's probes are Bloom's.
     */
    @ParameterizedTest(name = "b={0}: r={1}")
    @CsvSource({"10, 6, 6", "16, 10, 9", "6, 4, 4", "23, 14, 12", "1, 0, 1"})
    void settingFor_bitsPerKey_resultBitsFromTheBloomRate(double bitsPerKey, int resultBits, int probes) {
        Setting s = FAMILY.settingFor(bitsPerKey);
        assertEquals(RocksDbFamily.INSTANCE.settingFor(bitsPerKey).knob(), s.knob());
        assertEquals(resultBits, s.parameter(RocksDbRibbonFamily.RESULT_BITS));
        assertEquals(resultBits + 1, s.parameter(RocksDbRibbonFamily.UPPER_RESULT_BITS));
        assertEquals(probes, s.parameter(RocksDbRibbonFamily.BLOOM_PROBES));
    }

    @Test
    void settingFor_belowHalfBit_none() {
        assertFalse(FAMILY.settingFor(0.49).hasFilter());
        assertEquals(1.0, FAMILY.fpr(1000, FAMILY.settingFor(0.49)));
        assertEquals(0.0, FAMILY.filterBits(1000, FAMILY.settingFor(0.49)));
    }

    /** The db_bench file's filter_size (see {@link RibbonTest}), as bits. */
    @ParameterizedTest(name = "b={0} n={1}")
    @CsvSource({"10, 316137, 279125", "16, 316137, 426853", "6, 30000, 16149", "23, 1000, 1829"})
    void filterBits_dbBenchFile_filterSizeInBits(double bitsPerKey, long entries, long bytes) {
        assertEquals(8.0 * bytes, FAMILY.filterBits(entries, FAMILY.settingFor(bitsPerKey)));
    }

    /** Where RocksDB builds its Bloom filter (few keys), size and rate are the Bloom family's. */
    @ParameterizedTest(name = "b={0} n={1}")
    @CsvSource({"10, 10", "10, 50", "16, 50", "23, 50", "6, 150"})
    void fprAndFilterBits_bloomFallback_theBloomFamilys(double bitsPerKey, long entries) {
        Setting ribbon = FAMILY.settingFor(bitsPerKey);
        Setting bloom = RocksDbFamily.INSTANCE.settingFor(bitsPerKey);
        assertTrue(FAMILY.rules(ribbon).usesBloom(entries, 0));
        assertEquals(RocksDbFamily.INSTANCE.filterBits(entries, bloom), FAMILY.filterBits(entries, ribbon));
        assertEquals(RocksDbFamily.INSTANCE.fpr(entries, bloom), FAMILY.fpr(entries, ribbon));
    }

    /**
     * A single key in its one 512-bit line: the Bloom fallback's rate is the chance that a query's 6
     * probes all land on the key's X distinct bits, sum_x P(X = x) (x/512)^6, with P(X = x) =
     * S(6, x) 512! / (512 - x)! / 512^6 (S the Stirling numbers of the second kind: 1, 31, 90, 65, 15, 1).
     */
    @Test
    void fpr_oneKey_isTheChanceThatSixProbesLandOnTheKeysBits() {
        Ribbon rules = FAMILY.rules(FAMILY.settingFor(10));
        long[] stirling = {1, 31, 90, 65, 15, 1};
        double expected = 0.0;
        for (int x = 1; x <= 6; x++) {
            double fallingOverPower = 1.0;
            for (int i = 0; i < x; i++) {
                fallingOverPower *= (512.0 - i) / 512.0;
            }
            expected += stirling[x - 1] * fallingOverPower / Math.pow(512, 6 - x) * Math.pow(x / 512.0, 6);
        }
        assertEquals(expected, FAMILY.fpr(1, FAMILY.settingFor(10)), 1e-12 * expected);
        assertEquals(8.0 * 69, FAMILY.filterBits(1, FAMILY.settingFor(10)));
        assertTrue(rules.usesBloom(1, 0));
    }

    /** db_bench's key for v with key_size bytes: v's 8 bytes big-endian, then '0' (GenerateKeyFromInt). */
    private static byte[] dbBenchKey(long v, int keySize) {
        byte[] key = new byte[keySize];
        for (int i = 0; i < Long.BYTES; i++) {
            key[i] = (byte) (v >>> (56 - 8 * i));
        }
        java.util.Arrays.fill(key, Long.BYTES, keySize, (byte) '0');
        return key;
    }

    /**
     * With RocksDB's own key hash (XXPH3) over keys shaped like db_bench's (16 bytes, a counter then
     * '0' padding), 200,000 stored, the rate measured on the next 2,000,000 (10 bits) or 6,000,000
     * (16 bits) counters is the family's within 4 standard deviations: structured keys do not
     * correlate with the filter's hashing.
     */
    @ParameterizedTest(name = "b={0}")
    @CsvSource({"10, 2000000", "16, 6000000"})
    void fpr_dbBenchShapedKeys_measuredRateOfTheFamily(double bitsPerKey, int queries) {
        int n = 200_000;
        java.util.List<byte[]> keys = new java.util.ArrayList<>(n);
        for (long v = 0; v < n; v++) {
            keys.add(dbBenchKey(v, 16));
        }
        Setting setting = FAMILY.settingFor(bitsPerKey);
        RibbonFilter filter = RibbonFilter.read(RibbonFilter.filterBlock(keys, FAMILY.rules(setting)));
        long positives = 0;
        for (long v = n; v < n + queries; v++) {
            positives += filter.mayContainKey(dbBenchKey(v, 16)) ? 1 : 0;
        }
        double p = FAMILY.fpr(n, setting);
        double z = org.monkeyeval.stats.BinomialInterval.zScore(positives, queries, p);
        assertTrue(Math.abs(z) < 4, "measured " + (double) positives / queries + " family " + p + " z " + z);
    }

    /**
     * db_bench of RocksDB 7.8.3, {@code readmissing} on the one SST of 316,137 keys: the brief reports
     * 0.953% at ribbonfilter:10; a rerun here ({@code --benchmarks=fillseq,compact,readmissing,stats
     * --num=316137 --reads=8000000 --seed=7 --use_ribbon_filter=true}, bloom.filter.full.positive over
     * reads) gave 77,489 of 8,000,000 (0.9686%) at 10 bits and 6,558 of 8,000,000 (0.0820%) at 16.
     * readmissing draws its keys from the 316,137 keys with a byte appended, so it holds 316,137
     * distinct absent keys, each read about 25 times (the file's own filter block, read with
     * {@link RibbonFilter#read}, passes 3,067 and 262 of them: 0.970% and 0.0829%): its precision is
     * that of 316,137 queries, and the family's rate must lie in the 95% interval of a proportion over
     * that many. The brief's 0.095% at 16 bits lies outside that interval (the family gives 0.0797%,
     * and 2*10^7 further absent keys of the file's shape give 0.0798% on the file's filter) and is not
     * asserted.
     */
    @ParameterizedTest(name = "b={0} measured {1}")
    @CsvSource({"10, 0.00953", "10, 0.009686", "16, 0.000820"})
    void fpr_dbBenchFile_withinTheMeasurementsInterval(double bitsPerKey, double measured) {
        long n = 316_137;
        double p = FAMILY.fpr(n, FAMILY.settingFor(bitsPerKey));
        double halfWidth = 1.96 * Math.sqrt(p * (1 - p) / n);
        assertEquals(measured, p, halfWidth, "family " + p);
    }
}
