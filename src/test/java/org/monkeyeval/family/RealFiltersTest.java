package org.monkeyeval.family;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.monkeyeval.family.catalog.Families;
import org.monkeyeval.family.fastfilter.StaticSetFamily;
import org.monkeyeval.filter.KeySpace;

/**
 * Every family whose real filter is built here equals its filter: the built filter's size is the
 * family's {@code filterBits}, it rejects none of its keys, and its measured rate over disjoint absent
 * keys is its prediction within four standard deviations (the queries' binomial variance plus the
 * family's filter-to-filter variance): the family's {@code fpr}, or for xor filters the built filter's
 * own rate.
 */
final class RealFiltersTest {

    private static final long QUERIES = 400_000;

    static List<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (FilterFamily f : Families.all()) {
            if (f instanceof RealFilterFamily real && real.buildable()) {
                for (double bits : new double[] {4, 10, 16}) {
                    for (long n : new long[] {1_000, 60_000}) {
                        out.add(Arguments.of(f.name(), real, n, bits));
                    }
                }
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}/n={2}/{3} bits per key")
    @MethodSource("cases")
    void builtFilter_hasTheFamilysSizeAndRate(String name, RealFilterFamily family, long n, double bits) {
        Setting s = family.settingFor(bits);
        if (!s.hasFilter()) {
            assertEquals(0.0, family.filterBits(n, s));
            return;
        }
        KeySpace keys = new KeySpace(n * 31 + (long) bits);
        RealFilter f = family.build(n, s, i -> keys.storedKey(0, i), 11);
        assertEquals(family.filterBits(n, s), f.filterBits(), "filter bits");
        for (long i = 0; i < n; i++) {
            assertTrue(f.filter().mayContain(keys.storedKey(0, i)), "false negative at key " + i);
        }
        long positives = 0;
        for (long j = 0; j < QUERIES; j++) {
            if (f.filter().mayContain(keys.absentKey(j))) {
                positives++;
            }
        }
        double p = f.predictedFpr();
        if (!(family instanceof StaticSetFamily)) {
            // xor filters are predicted at their own table's rate (XorTableRate), not the family's mean
            assertEquals(family.fpr(n, s), p, 0.0, "the built filter's prediction is the family's");
        }
        double sigma = Math.sqrt(QUERIES * p * (1 - p) + QUERIES * (double) QUERIES * f.buildVariance());
        assertTrue(Math.abs(positives - QUERIES * p) < 4 * sigma + 1e-9, name + " n=" + n + " b=" + bits + ": "
                + positives + " of " + QUERIES + ", predicted " + QUERIES * p + " +- " + sigma);
    }
}
