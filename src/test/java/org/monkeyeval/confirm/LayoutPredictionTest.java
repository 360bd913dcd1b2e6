package org.monkeyeval.confirm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A layout's prediction without building the filter (used by the memory sweep) is the very number a
 * built filter of that layout reports as predicted_fpr; no filter under the layout's rules means 1;
 * a filter at RocksDB's size cap is predicted without summing over its enormous line loads.
 */
final class LayoutPredictionTest {

    @ParameterizedTest(name = "{0}/n={1}/{2} bits per entry")
    @CsvSource({
        "standard, 10000, 10", "standard, 1000, 19.0669", "standard, 100, 0.25", "standard, 5000, 0",
        "rocksdb, 10000, 10", "rocksdb, 1000, 19.0669", "rocksdb, 100000, 0.5", "rocksdb, 10000, 0.49",
        "rocksdb, 7, 4.61", "rocksdb, 100, 120"})
    void predictedFpr_withoutBuilding_equalsBuiltFiltersPrediction(String label, long entries, double bits) {
        Layout layout = Layout.fromLabel(label);
        BuiltFilter built = layout.build(entries, bits, i -> i * 0x9E3779B97F4A7C15L, 7L);
        assertEquals(built.predictedFpr(), layout.predictedFpr(entries, bits));
        if (built.filter() == null) {
            assertEquals(1.0, layout.predictedFpr(entries, bits));
        }
    }

    @Test
    void predictedFpr_rocksdbFilterAtItsSizeCap_everyBitSetRateNearOne() {
        // 2^61 keys at 10 bits per key hit RocksDB's cap on filter data: about 8.6e10 keys per line
        double p = Layout.ROCKSDB.predictedFpr(1L << 61, 10.0);
        assertTrue(p > 0.999 && p <= 1.0, "rate " + p);
    }
}
