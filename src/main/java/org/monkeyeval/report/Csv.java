package org.monkeyeval.report;

import java.util.List;

/**
 * RFC 4180 CSV: CRLF line ends, fields quoted when they hold a comma, quote, CR or LF, quotes doubled.
 * Appends to a {@link StringBuilder}; no I/O.
 */
public final class Csv {

    /** RFC 4180 section 2, rule 1. */
    public static final String LINE_END = "\r\n";

    private final StringBuilder out = new StringBuilder();

    public Csv row(List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            field(fields.get(i));
        }
        out.append(LINE_END);
        return this;
    }

    public Csv row(String... fields) {
        return row(List.of(fields));
    }

    private void field(String value) {
        boolean quote = value.indexOf(',') >= 0 || value.indexOf('"') >= 0
                || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0;
        if (!quote) {
            out.append(value);
            return;
        }
        out.append('"').append(value.replace("\"", "\"\"")).append('"');
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
