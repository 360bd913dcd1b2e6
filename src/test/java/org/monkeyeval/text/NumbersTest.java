package org.monkeyeval.text;

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

    /**
     * The layout as first written: digits and exponent through BigDecimal. The character-level reading
     * of Schubfach's output must give the same text for every double.
     */
    private static String reference(double v) {
        if (v == 0.0) {
            return "0";
        }
        java.math.BigDecimal shortest = new java.math.BigDecimal(
                com.fasterxml.jackson.core.io.NumberOutput.toString(v, true)).stripTrailingZeros();
        String digits = shortest.unscaledValue().abs().toString();
        int k = digits.length();
        int n = k - shortest.scale();
        StringBuilder out = new StringBuilder();
        if (v < 0) {
            out.append('-');
        }
        if (k <= n && n <= 21) {
            out.append(digits).append("0".repeat(n - k));
        } else if (0 < n && n <= 21) {
            out.append(digits, 0, n).append('.').append(digits, n, k);
        } else if (-6 < n && n <= 0) {
            out.append("0.").append("0".repeat(-n)).append(digits);
        } else {
            out.append(digits.charAt(0));
            if (k > 1) {
                out.append('.').append(digits, 1, k);
            }
            out.append('e').append(n - 1 < 0 ? '-' : '+').append(Math.abs(n - 1));
        }
        return out.toString();
    }

    @Test
    void format_everyMagnitude_printsWhatTheBigDecimalLayoutPrinted() {
        SplittableRandom random = new SplittableRandom(19);
        for (int i = 0; i < 200_000; i++) {
            double v = i % 2 == 0 ? Double.longBitsToDouble(random.nextLong())
                    : (random.nextBoolean() ? -1 : 1) * Math.pow(10, random.nextDouble() * 60 - 30)
                            * (random.nextInt(4) == 0 ? 1 : random.nextDouble());
            if (!Double.isFinite(v)) {
                continue;
            }
            assertEquals(reference(v), Numbers.format(v), () -> "bits " + Double.doubleToRawLongBits(v));
        }
        for (int e = -330; e <= 310; e++) {
            for (double m : new double[] {1, 1.5, 9.999999999999999, 2.5e-1}) {
                double v = m * Math.pow(10, e);
                if (Double.isFinite(v)) {
                    assertEquals(reference(v), Numbers.format(v), Double.toString(v));
                    assertEquals(reference(-v), Numbers.format(-v), Double.toString(-v));
                }
            }
        }
        for (long x : new long[] {1, 10, 100, 1000, 10_000_000, 123_456_789_012L, Long.MAX_VALUE}) {
            assertEquals(reference(x), Numbers.format(x));
        }
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = ';', value = {
        "0; 0", "999; 999", "1000; 1,000", "1110000; 1,110,000", "-1234567; -1,234,567",
        "-123; -123", "-9223372036854775808; -9,223,372,036,854,775,808"})
    void grouped_commaBetweenThousands(long value, String expected) {
        assertEquals(expected, Numbers.grouped(value));
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
