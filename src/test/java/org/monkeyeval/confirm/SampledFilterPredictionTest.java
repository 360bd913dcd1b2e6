package org.monkeyeval.confirm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.monkeyeval.filter.Predictions;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;
import org.monkeyeval.family.StandardBloom;

/**
 * Why a run above {@code --max-filter-entries} may be confirmed on a filter of the default cap's size
 * at its own bits per entry: the expected false-positive rate of that filter differs from the full-size
 * filter's by far less than one built filter's spread around its own expectation, and that spread is
 * at most a quarter of the query noise at the default Q. Checked with the same finite-size predictions
 * and build variances the confirmation reports.
 */
final class SampledFilterPredictionTest {

    private static final long CAP = ConfirmSettings.DEFAULT_MAX_FILTER_ENTRIES;

    /** Query standard deviation of an observed rate p over the default Q. */
    private static double querySd(double p) {
        return Math.sqrt(p * (1 - p) / ConfirmSettings.DEFAULT_QUERIES);
    }

    @ParameterizedTest(name = "standard/{0} entries/{1} bits per entry")
    @CsvSource({"100000000, 10", "1000000000, 10", "1000000000, 2", "1000000000, 5", "100000000, 14.26",
        "1000000000, 9.4675", "1000000000, 20"})
    void standard_capSizedFilter_predictsFullSizeRateWithinItsSpread(long entries, double bitsPerEntry) {
        int k = StandardBloom.hashesFor(bitsPerEntry);
        Predictions.Moments sample = Predictions.standard(CAP, StandardBloom.bitsFor(CAP, bitsPerEntry), k);
        Predictions.Moments full = Predictions.standard(entries, StandardBloom.bitsFor(entries, bitsPerEntry), k);
        double sampleSd = Math.sqrt(sample.variance());
        assertTrue(Math.abs(sample.mean() - full.mean()) < 0.01 * sampleSd,
                "means " + sample.mean() + " and " + full.mean() + ", build sd " + sampleSd);
        assertTrue(sampleSd < 0.25 * querySd(sample.mean()), "build sd " + sampleSd + " against query sd "
                + querySd(sample.mean()));
    }

    @ParameterizedTest(name = "rocksdb/{0} entries/{1} bits per entry")
    @CsvSource({"100000000, 10", "1000000000, 10", "1000000000, 2", "1000000000, 5", "100000000, 14.26",
        "1000000000, 9.4675", "1000000000, 20"})
    void rocksdb_capSizedFilter_predictsFullSizeRateWithinItsSpread(long entries, double bitsPerEntry) {
        int millibits = RocksDbLocalBloom.millibitsPerKey(bitsPerEntry);
        int k = RocksDbLocalBloom.chooseNumProbes(millibits);
        Predictions.Moments sample = Predictions.cacheLocal(CAP, RocksDbLocalBloom.lines(CAP, millibits), k);
        Predictions.Moments full = Predictions.cacheLocal(entries, RocksDbLocalBloom.lines(entries, millibits), k);
        double sampleSd = Math.sqrt(sample.variance());
        assertTrue(Math.abs(sample.mean() - full.mean()) < 0.05 * sampleSd,
                "means " + sample.mean() + " and " + full.mean() + ", build sd " + sampleSd);
        assertTrue(sampleSd < 0.25 * querySd(sample.mean()), "build sd " + sampleSd + " against query sd "
                + querySd(sample.mean()));
    }
}
