package org.monkeyeval.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Guards the Clopper-Pearson interval: known values (cross-checked against beta quantiles computed
 * independently) at the edges x = 0 and x = n and inside; the x -> n - x mirror symmetry; wider
 * intervals at higher confidence; and the z-score with its zero-variance convention.
 */
final class BinomialIntervalTest {

    @ParameterizedTest(name = "x={0}, n={1}, confidence={2}")
    @CsvSource({
        "0, 100, 0.95, 0.0, 0.03621669264517641",
        "5, 100, 0.95, 0.016431879182052155, 0.11283491110546275",
        "50, 100, 0.95, 0.39832112950330095, 0.601678870496699",
        "95, 100, 0.95, 0.8871650888945373, 0.9835681208179479",
        "3, 7, 0.95, 0.09898827844250786, 0.8159484323599169",
        "1, 1, 0.95, 0.025, 1.0",
        "0, 1, 0.95, 0.0, 0.975",
        "5, 100, 0.99, 0.010940333584790034, 0.1351446825356235",
        "1, 200000, 0.95, 1.265890319090572e-07, 2.785789856219694e-05",
        "0, 200000, 0.95, 0.0, 1.8444227173720117e-05",
        "1900, 200000, 0.95, 0.009079490415113039, 0.009934816491737537",
    })
    void clopperPearson_knownCases_matchReferenceValues(long x, long n, double confidence, double lower,
            double upper) {
        BinomialInterval interval = BinomialInterval.clopperPearson(x, n, confidence);
        assertEquals(lower, interval.lower(), 1e-9 * Math.max(lower, 1e-300) + 1e-300, "lower");
        assertEquals(upper, interval.upper(), 1e-9 * upper, "upper");
        assertTrue(interval.contains(interval.proportion()));
    }

    @Test
    void clopperPearson_zeroOfHundred_upperNearThreePointSixPercent() {
        BinomialInterval interval = BinomialInterval.clopperPearson(0, 100);
        assertEquals(0.0, interval.lower());
        assertEquals(0.0362, interval.upper(), 1e-4);
        assertEquals(0.95, interval.confidence());
    }

    @Test
    void clopperPearson_mirroredCount_givesMirroredInterval() {
        for (long x = 0; x <= 40; x++) {
            BinomialInterval forward = BinomialInterval.clopperPearson(x, 40);
            BinomialInterval mirrored = BinomialInterval.clopperPearson(40 - x, 40);
            assertEquals(forward.lower(), 1 - mirrored.upper(), 1e-12, "x = " + x);
            assertEquals(forward.upper(), 1 - mirrored.lower(), 1e-12, "x = " + x);
        }
    }

    @Test
    void clopperPearson_higherConfidence_isWider() {
        for (long x : new long[] {0, 1, 17, 99, 100}) {
            BinomialInterval narrow = BinomialInterval.clopperPearson(x, 100, 0.90);
            BinomialInterval wide = BinomialInterval.clopperPearson(x, 100, 0.999);
            assertTrue(wide.lower() <= narrow.lower() && wide.upper() >= narrow.upper(), "x = " + x);
        }
    }

    @Test
    void clopperPearson_badArguments_rejected() {
        assertThrows(IllegalArgumentException.class, () -> BinomialInterval.clopperPearson(0, 0));
        assertThrows(IllegalArgumentException.class, () -> BinomialInterval.clopperPearson(-1, 10));
        assertThrows(IllegalArgumentException.class, () -> BinomialInterval.clopperPearson(11, 10));
        assertThrows(IllegalArgumentException.class, () -> BinomialInterval.clopperPearson(1, 10, 1.0));
        assertThrows(IllegalArgumentException.class, () -> BinomialInterval.clopperPearson(1, 10, Double.NaN));
    }

    @Test
    void zScore_countsAroundTheMean_giveStandardizedDistance() {
        assertEquals(0.0, BinomialInterval.zScore(10, 100, 0.1), 1e-15);
        assertEquals(1.0, BinomialInterval.zScore(13, 100, 0.1), 1e-12);
        assertEquals(-2.0, BinomialInterval.zScore(40, 100, 0.5), 1e-12);
    }

    @Test
    void zScore_zeroVarianceP_followsConvention() {
        assertEquals(0.0, BinomialInterval.zScore(0, 100, 0.0));
        assertEquals(Double.POSITIVE_INFINITY, BinomialInterval.zScore(1, 100, 0.0));
        assertEquals(0.0, BinomialInterval.zScore(100, 100, 1.0));
        assertEquals(Double.NEGATIVE_INFINITY, BinomialInterval.zScore(99, 100, 1.0));
        assertThrows(IllegalArgumentException.class, () -> BinomialInterval.zScore(1, 100, 1.5));
        assertThrows(IllegalArgumentException.class, () -> BinomialInterval.zScore(1, 0, 0.5));
    }
}
