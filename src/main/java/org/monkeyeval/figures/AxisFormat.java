package org.monkeyeval.figures;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;

import org.monkeyeval.text.Numbers;

/**
 * Tick labels without a locale: JFreeChart's own tick formats come from {@link NumberFormat} in the
 * default locale ("0,5" in German). Values are rounded to 6 significant digits (ticks are round
 * numbers; the rounding only removes binary noise such as 0.30000000000000004) and printed by
 * {@link Numbers#format}.
 */
final class AxisFormat extends NumberFormat {
    private static final long serialVersionUID = 1L;

    private final int digits;

    /** Tick labels: 6 significant digits. */
    AxisFormat() {
        this(6);
    }

    /** Labels rounded to {@code digits} significant digits (bar labels use fewer). */
    AxisFormat(int digits) {
        this.digits = digits;
    }

    @Override
    public StringBuffer format(double number, StringBuffer toAppendTo, FieldPosition pos) {
        return toAppendTo.append(label(number, digits));
    }

    @Override
    public StringBuffer format(long number, StringBuffer toAppendTo, FieldPosition pos) {
        return toAppendTo.append(number);
    }

    @Override
    public Number parse(String source, ParsePosition parsePosition) {
        return null; // tick labels are only written
    }

    static String label(double value) {
        return label(value, 6);
    }

    static String label(double value, int digits) {
        if (!Double.isFinite(value) || value == 0.0) {
            return "0";
        }
        double rounded = new BigDecimal(value).round(new MathContext(digits, RoundingMode.HALF_EVEN)).doubleValue();
        return Numbers.format(rounded);
    }

    /** Whole numbers with a comma between thousands: 1,110,000. */
    static String grouped(long value) {
        return Numbers.grouped(value);
    }
}
