package org.monkeyeval.text;

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
    private final StringBuilder line = new StringBuilder(256); // the row being built field by field
    private int fields;

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

    /** Adds a text field to the row being built (quoted when it must be). */
    public Csv text(String value) {
        separate();
        if (!needsQuotes(value)) {
            line.append(value);
        } else {
            line.append('"').append(value.replace("\"", "\"\"")).append('"');
        }
        return this;
    }

    /** Adds a number in {@link Numbers#format(double)}'s form (never quoted) to the row being built. */
    public Csv number(double value) {
        separate();
        Numbers.append(line, value);
        return this;
    }

    /** Adds a whole number to the row being built. */
    public Csv integer(long value) {
        separate();
        line.append(value);
        return this;
    }

    /** Ends the row being built: writes it with its line end. */
    public Csv end() {
        line.append(LINE_END);
        try {
            out.append(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        line.setLength(0);
        fields = 0;
        return this;
    }

    private void separate() {
        if (fields++ > 0) {
            line.append(',');
        }
    }

    private void field(String value) throws IOException {
        if (!needsQuotes(value)) {
            out.append(value);
            return;
        }
        out.append('"').append(value.replace("\"", "\"\"")).append('"');
    }

    /** RFC 4180 section 2, rule 6: a field holding a comma, quote, CR or LF is quoted. */
    private static boolean needsQuotes(String value) {
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            if (ch == ',' || ch == '"' || ch == '\r' || ch == '\n') {
                return true;
            }
        }
        return false;
    }

    /** The text of a table kept in memory. */
    @Override
    public String toString() {
        return out.toString();
    }
}
