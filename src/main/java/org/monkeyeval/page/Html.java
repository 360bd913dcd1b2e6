package org.monkeyeval.page;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

import org.monkeyeval.report.ReportData;
import org.monkeyeval.text.Numbers;

/** HTML text helpers: escaping and the page's number display. */
final class Html {

    /** Significant digits shown on the page; the full value is kept in the cell's data-value. */
    static final int SHOWN_DIGITS = 4;

    private Html() {
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(ch);
            }
        }
        return out.toString();
    }

    /**
     * A table value as shown: whole numbers in full with thousands separated by commas, others rounded
     * half-even to {@link #SHOWN_DIGITS} significant digits and printed by {@link Numbers#format}. The
     * input is the table's own text, so rounding starts from the published decimal, not a binary value.
     */
    static String shown(String tableValue) {
        if (tableValue.isEmpty()) {
            return "";
        }
        BigDecimal exact;
        try {
            exact = new BigDecimal(tableValue);
        } catch (NumberFormatException e) {
            return tableValue; // not a number: shown as the table holds it
        }
        if (exact.signum() == 0) {
            return "0";
        }
        if (exact.stripTrailingZeros().scale() <= 0 && exact.abs().compareTo(BigDecimal.valueOf(1_000_000_000_000L)) < 0) {
            return grouped(exact.longValueExact());
        }
        BigDecimal rounded = exact.round(new MathContext(SHOWN_DIGITS, RoundingMode.HALF_EVEN));
        return Numbers.format(rounded.doubleValue());
    }

    /** A table cell's value as the page shows it ({@link #shown(String)}), escaped for HTML. */
    static String shown(ReportData.Row row, String column) {
        return escape(shown(row.text(column)));
    }

    /** A ratio as the page shows it, to {@link #SHOWN_DIGITS} significant digits: "21.07×". */
    static String times(double ratio) {
        return escape(shown(Numbers.format(ratio))) + "×";
    }

    /** Whole numbers with a comma between thousands, as the figures label them. */
    static String grouped(long value) {
        return Numbers.grouped(value);
    }
}
