package org.monkeyeval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Locale;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Output numbers are the shortest decimal that parses back to the same double, laid out the same
 * way on every JDK and in every locale.
 */
final class NumbersTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "0.0, 0",
        "-0.0, 0",
        "10.0, 10",
        "11100000.0, 11100000",
        "0.5, 0.5",
        "0.0245776484045369, 0.0245776484045369",
        "1.0E-4, 0.0001",
        "1.0E-7, 1e-7",
        "1.5E-9, 1.5e-9",
        "1.0E21, 1e+21",
        "1.234E20, 123400000000000000000",
        "-2.5, -2.5",
        // JDK 17's Double.toString prints 2.0E-3 as 0.0020 and 1.0E23 as 1.0E23; the digits here
        // come from Schubfach on every JDK
        "2.0E-3, 0.002",
        "1.0E23, 1e+23",
    })
    void format_knownValues(double value, String expected) {
        assertEquals(expected, Numbers.format(value));
    }

    @Test
    void format_randomDoubles_roundTrip() {
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 100_000; i++) {
            double v = Double.longBitsToDouble(random.nextLong());
            if (!Double.isFinite(v)) {
                continue;
            }
            String s = Numbers.format(v);
            assertEquals(v == 0 ? 0.0 : v, Double.parseDouble(s), s);
        }
    }

    @Test
    void format_ignoresDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertEquals("0.5", Numbers.format(0.5));
            assertEquals("1234567.25", Numbers.format(1234567.25));
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void format_nonFinite_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> Numbers.format(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Numbers.format(Double.POSITIVE_INFINITY));
    }
}
