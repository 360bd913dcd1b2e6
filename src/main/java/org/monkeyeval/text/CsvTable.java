package org.monkeyeval.text;

import java.util.ArrayList;
import java.util.List;

/**
 * A parsed RFC 4180 table: a header and rows of strings.
 *
 * @param header column names
 * @param rows   data rows
 */
public record CsvTable(List<String> header, List<List<String>> rows) {

    /** This table without the named columns, rendered as RFC 4180 CSV. */
    public String withoutColumns(List<String> dropped) {
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            if (!dropped.contains(header.get(i))) {
                kept.add(i);
            }
        }
        Csv csv = new Csv().row(kept.stream().map(header::get).toList());
        for (List<String> row : rows) {
            csv.row(kept.stream().map(i -> i < row.size() ? row.get(i) : "").toList());
        }
        return csv.toString();
    }

    /** Parses CSV text (CRLF or LF line ends, quoted fields with doubled quotes). */
    public static CsvTable parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean fieldStarted = false;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (quoted) {
                if (ch == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(ch);
                }
            } else if (ch == '"' && field.length() == 0) {
                quoted = true;
                fieldStarted = true;
            } else if (ch == ',') {
                record.add(field.toString());
                field.setLength(0);
                fieldStarted = true;
            } else if (ch == '\r' || ch == '\n') {
                if (ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                record.add(field.toString());
                records.add(record);
                record = new ArrayList<>();
                field.setLength(0);
                fieldStarted = false;
            } else {
                field.append(ch);
                fieldStarted = true;
            }
        }
        if (fieldStarted || field.length() > 0 || !record.isEmpty()) {
            record.add(field.toString());
            records.add(record);
        }
        if (records.isEmpty()) {
            return new CsvTable(List.of(), List.of());
        }
        return new CsvTable(List.copyOf(records.get(0)), List.copyOf(records.subList(1, records.size())));
    }
}
