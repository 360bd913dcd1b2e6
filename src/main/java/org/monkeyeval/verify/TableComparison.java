package org.monkeyeval.verify;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.monkeyeval.text.CsvTable;
import org.monkeyeval.text.Numbers;

/**
 * Compares an expected (published) table with a recomputed one, rows keyed by the given columns.
 * Numbers match when |a - b| &lt;= tolerance * max(|a|, |b|); other fields must be equal.
 */
public final class TableComparison {

    /** Differences listed in a report at most. */
    public static final int MAX_LISTED = 10;

    private TableComparison() {
    }

    /**
     * @param name      table name for messages
     * @param expected  the published table
     * @param actual    the recomputed table
     * @param key       key columns
     * @param tolerance relative tolerance for numeric fields
     * @return the problems found, empty when the tables agree
     */
    public static List<String> compare(String name, CsvTable expected, CsvTable actual, List<String> key,
                                       double tolerance) {
        return compare(name, expected, actual, key, tolerance, List.of());
    }

    /** As {@link #compare(String, CsvTable, CsvTable, List, double)}, skipping the {@code ignored} columns. */
    public static List<String> compare(String name, CsvTable expected, CsvTable actual, List<String> key,
                                       double tolerance, List<String> ignored) {
        return compare(name, expected, actual, key, tolerance, ignored, List.of());
    }

    /**
     * As {@link #compare(String, CsvTable, CsvTable, List, double, List)}, also skipping, on the rows each
     * of {@code rowsNotCompared} selects (by the published row's value), its columns.
     */
    public static List<String> compare(String name, CsvTable expected, CsvTable actual, List<String> key,
                                       double tolerance, List<String> ignored,
                                       List<Verifier.RowsNotCompared> rowsNotCompared) {
        List<String> problems = new ArrayList<>();
        if (!expected.header().equals(actual.header())) {
            problems.add(name + ": header differs: published " + expected.header() + ", recomputed " + actual.header());
            return problems;
        }
        int[] keyIndex = key.stream().mapToInt(k -> expected.header().indexOf(k)).toArray();
        for (int i = 0; i < keyIndex.length; i++) {
            if (keyIndex[i] < 0) {
                problems.add(name + ": key column " + key.get(i) + " is missing");
                return problems;
            }
        }
        Map<List<String>, List<String>> published = index(name, expected, keyIndex, problems, "published");
        Map<List<String>, List<String>> recomputed = index(name, actual, keyIndex, problems, "recomputed");

        List<String> missing = new ArrayList<>();
        List<String> extra = new ArrayList<>();
        List<Difference> differences = new ArrayList<>();
        for (Map.Entry<List<String>, List<String>> entry : recomputed.entrySet()) {
            List<String> old = published.get(entry.getKey());
            if (old == null) {
                missing.add(describeKey(key, entry.getKey()));
                continue;
            }
            compareRow(expected.header(), key, entry.getKey(), old, entry.getValue(), tolerance,
                    ignoredOn(expected.header(), old, ignored, rowsNotCompared), differences);
        }
        for (List<String> k : published.keySet()) {
            if (!recomputed.containsKey(k)) {
                extra.add(describeKey(key, k));
            }
        }
        if (!missing.isEmpty()) {
            problems.add(name + ": " + missing.size() + " row(s) missing from the published table: "
                    + listed(missing));
        }
        if (!extra.isEmpty()) {
            problems.add(name + ": " + extra.size() + " row(s) published but no longer computed: " + listed(extra));
        }
        if (!differences.isEmpty()) {
            differences.sort(Comparator.comparingDouble(Difference::size).reversed());
            problems.add(name + ": " + differences.size() + " field(s) differ beyond relative tolerance "
                    + Numbers.format(tolerance) + "; worst first:");
            differences.stream().limit(MAX_LISTED).forEach(d -> problems.add("  " + d.text()));
        }
        return problems;
    }

    /** The columns not compared on a published row: {@code ignored}, and those of the rules that select it. */
    private static List<String> ignoredOn(List<String> header, List<String> row, List<String> ignored,
                                          List<Verifier.RowsNotCompared> rules) {
        if (rules.isEmpty()) {
            return ignored;
        }
        List<String> all = new ArrayList<>(ignored);
        for (Verifier.RowsNotCompared r : rules) {
            int c = header.indexOf(r.column());
            if (c >= 0 && r.values().contains(row.get(c))) {
                all.addAll(r.columns());
            }
        }
        return all;
    }

    private static Map<List<String>, List<String>> index(String name, CsvTable table, int[] keyIndex,
                                                          List<String> problems, String which) {
        Map<List<String>, List<String>> byKey = new LinkedHashMap<>();
        int line = 1;
        for (List<String> row : table.rows()) {
            line++;
            if (row.size() != table.header().size()) {
                problems.add(name + ":" + line + ": " + which + " row has " + row.size() + " fields, header has "
                        + table.header().size());
                continue;
            }
            List<String> k = new ArrayList<>(keyIndex.length);
            for (int i : keyIndex) {
                k.add(row.get(i));
            }
            if (byKey.put(List.copyOf(k), row) != null) {
                problems.add(name + ":" + line + ": " + which + " table repeats key " + k);
            }
        }
        return byKey;
    }

    private static void compareRow(List<String> header, List<String> keyNames, List<String> key, List<String> old,
                                   List<String> now, double tolerance, List<String> ignored,
                                   List<Difference> out) {
        for (int c = 0; c < header.size(); c++) {
            if (ignored.contains(header.get(c))) {
                continue;
            }
            String a = old.get(c);
            String b = now.get(c);
            if (Objects.equals(a, b)) {
                continue;
            }
            double size;
            Double x = number(a);
            Double y = number(b);
            if (x != null && y != null) {
                double scale = Math.max(Math.abs(x), Math.abs(y));
                double diff = Math.abs(x - y);
                if (diff <= tolerance * scale) {
                    continue;
                }
                size = scale == 0 ? 0 : diff / scale;
            } else {
                size = Double.POSITIVE_INFINITY; // a changed text or an appeared/vanished number
            }
            out.add(new Difference(size, describeKey(keyNames, key) + " " + header.get(c) + ": published " + show(a)
                    + ", recomputed " + show(b) + (Double.isInfinite(size) ? "" : " (relative " + size + ")")));
        }
    }

    private static Double number(String s) {
        if (s.isEmpty()) {
            return null;
        }
        try {
            return Double.valueOf(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String show(String s) {
        return s.isEmpty() ? "(empty)" : s;
    }

    private static String describeKey(List<String> names, List<String> values) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(names.get(i)).append('=').append(values.get(i));
        }
        return b.toString();
    }

    private static String listed(List<String> keys) {
        if (keys.size() <= MAX_LISTED) {
            return String.join("; ", keys);
        }
        return String.join("; ", keys.subList(0, MAX_LISTED)) + "; ... (" + (keys.size() - MAX_LISTED) + " more)";
    }

    private record Difference(double size, String text) {
    }
}
