package org.monkeyeval.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * RFC 4180 CSV: CRLF line ends, fields quoted when they hold a comma, quote, CR or LF, quotes doubled.
 * Appends to a {@link StringBuilder} by default, or to any {@link Appendable} (a {@link java.io.Writer}
 * streams a large table to its file row by row); errors of the sink surface as {@link UncheckedIOException}.
 */
public final class Csv {

    /** RFC 4180 section 2, rule 1. */
    public static final String LINE_END = "\r\n";

    private final Appendable out;

    /** A table kept in memory; {@link #toString()} gives its text. */
    public Csv() {
        this(new StringBuilder());
    }

    /** A table written to {@code out} as rows are added. */
    public Csv(Appendable out) {
        this.out = out;
    }

    public Csv row(List<String> fields) {
        try {
            for (int i = 0; i < fields.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                field(fields.get(i));
            }
            out.append(LINE_END);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public Csv row(String... fields) {
        return row(List.of(fields));
    }

    private void field(String value) throws IOException {
        boolean quote = value.indexOf(',') >= 0 || value.indexOf('"') >= 0
                || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0;
        if (!quote) {
            out.append(value);
            return;
        }
        out.append('"').append(value.replace("\"", "\"\"")).append('"');
    }

    /** The text of a table kept in memory. */
    @Override
    public String toString() {
        return out.toString();
    }
}
