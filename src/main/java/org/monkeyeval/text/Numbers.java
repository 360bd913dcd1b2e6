package org.monkeyeval.text;

import com.fasterxml.jackson.core.io.NumberOutput;

/**
 * The one number format of every output file: shortest decimal that round-trips to the same
 * double, printed the same on every JDK and in every locale.
 *
 * <p>The digits come from jackson-core's Schubfach implementation ({@link NumberOutput}), not from
 * {@link Double#toString}: the JDK's own algorithm changed in JDK 19 (JDK-4511638), so JDK 17 and
 * JDK 25 print some doubles with different digits. The layout follows ECMAScript's
 * Number::toString: plain notation for 1e-7 &lt;= |x| &lt; 1e21 ("11100000", "0.0245776"), otherwise
 * scientific ("1.5e-9", "2e+21"); integral values print without a fraction.
 */
public final class Numbers {

    private Numbers() {
    }

    /** Formats a finite double; NaN and infinities are refused (outputs never hold them). */
    public static String format(double v) {
        if (v == 0.0) {
            return "0"; // also -0.0: a sign on zero carries no meaning in these tables
        }
        return append(new StringBuilder(26), v).toString();
    }

    /** Appends {@link #format(double)}'s text of a finite double to {@code out}, without an intermediate string. */
    public static StringBuilder append(StringBuilder out, double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("cannot format non-finite value " + v);
        }
        if (v == 0.0) {
            return out.append('0');
        }
        // Schubfach prints JDK 19's Double.toString layout ("123.45", "1.0E-5"); read its digits and
        // decimal exponent back from the characters (no BigDecimal: this runs once per table cell).
        String schubfach = NumberOutput.toString(v, true);
        int length = schubfach.length();
        int e = schubfach.indexOf('E');
        int mantissaEnd = e < 0 ? length : e;
        int exponent = e < 0 ? 0 : Integer.parseInt(schubfach, e + 1, length, 10);
        char[] all = new char[mantissaEnd]; // the mantissa's digits, the point left out
        int count = 0;
        int point = -1;
        for (int i = v < 0 ? 1 : 0; i < mantissaEnd; i++) {
            char ch = schubfach.charAt(i);
            if (ch == '.') {
                point = count;
            } else {
                all[count++] = ch;
            }
        }
        int n = (point < 0 ? count : point) + exponent; // value = 0.<all> * 10^n (ECMAScript's n)
        int first = 0;
        while (all[first] == '0') {
            first++;
            n--;
        }
        int last = count;
        while (all[last - 1] == '0') {
            last--;
        }
        int k = last - first; // significant digits: all[first, last)
        if (v < 0) {
            out.append('-');
        }
        if (k <= n && n <= 21) {
            out.append(all, first, k);
            zeros(out, n - k);
        } else if (0 < n && n <= 21) {
            out.append(all, first, n).append('.').append(all, first + n, k - n);
        } else if (-6 < n && n <= 0) {
            out.append("0.");
            zeros(out, -n);
            out.append(all, first, k);
        } else {
            out.append(all[first]);
            if (k > 1) {
                out.append('.').append(all, first + 1, k - 1);
            }
            int scientific = n - 1;
            out.append('e').append(scientific < 0 ? '-' : '+').append(Math.abs(scientific));
        }
        return out;
    }

    /**
     * A whole number with a comma between thousands (1,110,000), for pages and figures that people
     * read; the tables keep {@link #format(double)}'s plain digits.
     */
    public static String grouped(long value) {
        String digits = Long.toString(value);
        int sign = value < 0 ? 1 : 0;
        StringBuilder out = new StringBuilder(digits.length() + digits.length() / 3);
        for (int i = 0; i < digits.length(); i++) {
            if (i > sign && (digits.length() - i) % 3 == 0) {
                out.append(',');
            }
            out.append(digits.charAt(i));
        }
        return out.toString();
    }

    private static void zeros(StringBuilder out, int count) {
        for (int i = 0; i < count; i++) {
            out.append('0');
        }
    }
}
