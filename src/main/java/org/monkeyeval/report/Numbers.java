package org.monkeyeval.report;

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
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("cannot format non-finite value " + v);
        }
        if (v == 0.0) {
            return "0"; // also -0.0: a sign on zero carries no meaning in these tables
        }
        // Schubfach prints JDK 19's Double.toString layout ("123.45", "1.0E-5"); read its digits and
        // decimal exponent back from the characters (no BigDecimal: this runs once per table cell).
        String schubfach = NumberOutput.toString(v, true);
        int length = schubfach.length();
        int e = schubfach.indexOf('E');
        int mantissaEnd = e < 0 ? length : e;
        int exponent = e < 0 ? 0 : Integer.parseInt(schubfach, e + 1, length, 10);
        StringBuilder all = new StringBuilder(mantissaEnd);
        int point = -1;
        for (int i = v < 0 ? 1 : 0; i < mantissaEnd; i++) {
            char ch = schubfach.charAt(i);
            if (ch == '.') {
                point = all.length();
            } else {
                all.append(ch);
            }
        }
        int n = (point < 0 ? all.length() : point) + exponent; // value = 0.<all> * 10^n
        int first = 0;
        while (all.charAt(first) == '0') {
            first++;
            n--;
        }
        int last = all.length();
        while (all.charAt(last - 1) == '0') {
            last--;
        }
        String digits = all.substring(first, last);
        int k = digits.length();
        StringBuilder out = new StringBuilder(k + 8);
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
            int scientific = n - 1;
            out.append('e').append(scientific < 0 ? '-' : '+').append(Math.abs(scientific));
        }
        return out.toString();
    }
}
