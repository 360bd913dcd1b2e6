package org.monkeyeval.bundle;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The header record of an RFC 4180 CSV file: the field names as written, quotes removed. */
final class CsvHeader {

    private CsvHeader() {
    }

    /**
     * The fields of the first record of {@code csv} (UTF-8, a leading byte-order mark ignored).
     * Quoted fields may hold commas, doubled quotes and line ends; the record ends at the first
     * CR LF or LF outside quotes, or at the end of the text.
     *
     * @throws IllegalArgumentException when the text is empty or a quote is left open
     */
    static List<String> fields(byte[] csv) {
        String text = new String(csv, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        if (text.isEmpty()) {
            throw new IllegalArgumentException("has no header line");
        }
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i += 2;
                    continue;
                }
                if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == '\n' || (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n')) {
                break;
            } else {
                field.append(c);
            }
            i++;
        }
        if (quoted) {
            throw new IllegalArgumentException("has an unclosed quote in its header line");
        }
        fields.add(field.toString());
        return fields;
    }
}
