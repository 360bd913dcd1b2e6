package org.monkeyeval.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.monkeyeval.text.CsvTable;

/**
 * Columns of the published tables that have a clearer name today than the one they were first
 * published under. Folders written before keep their names: whoever reads them (verify, report)
 * reads them through {@link #today(String, CsvTable)}, and recorded provenance texts that name a
 * column through {@link #todayText(String)}.
 *
 * <p>The renames say which scale an allocation is priced on: uniform and optimized on the ideal
 * Bloom curve e^(-c b) ({@code *_ideal_*}), beside the deployable allocation on the engine's real
 * filters; and that the engine's per-run bound is a bound, not an allocation.
 */
public final class RenamedColumns {

    /** File name to (name as first published, name today), in table order. */
    private static final Map<String, Map<String, String>> BY_FILE = Map.of(
            AllocationTables.CASES_FILE, ordered(
                    "uniform_R", "uniform_ideal_R",
                    "optimized_R", "optimized_ideal_R",
                    "uniform_cost", "uniform_ideal_cost",
                    "optimized_cost", "optimized_ideal_cost",
                    "engine_optimized_cost", "engine_bound_cost",
                    "rounding_loss", "deployable_over_bound"),
            AllocationTables.ROWS_FILE, ordered(
                    "uniform_fpr", "uniform_ideal_fpr",
                    "optimized_fpr", "optimized_ideal_fpr",
                    "fpr_ratio", "optimized_over_uniform_fpr",
                    "robust_fpr", "robust_ideal_fpr"),
            SweepTable.FILE, ordered(
                    "uniform_R", "uniform_ideal_R",
                    "optimized_R", "optimized_ideal_R",
                    "uniform_cost", "uniform_ideal_cost",
                    "optimized_cost", "optimized_ideal_cost"));

    /** Every earlier name that is a whole word, to today's (the same earlier name has one new name). */
    private static final Map<String, String> ALL = all();
    private static final Pattern WORD = Pattern.compile(String.join("|", ALL.keySet().stream()
            .sorted((a, b) -> b.length() - a.length()).map(n -> "\\b" + Pattern.quote(n) + "\\b").toList()));

    private RenamedColumns() {
    }

    /** The renames of one table (earlier name to today's); empty for a table with none. */
    public static Map<String, String> of(String fileName) {
        return BY_FILE.getOrDefault(fileName, Map.of());
    }

    /** The table with each earlier column name replaced by today's; the rows are unchanged. */
    public static CsvTable today(String fileName, CsvTable table) {
        Map<String, String> renames = of(fileName);
        if (renames.isEmpty() || table.header().stream().noneMatch(renames::containsKey)) {
            return table;
        }
        return new CsvTable(table.header().stream().map(c -> renames.getOrDefault(c, c)).toList(), table.rows());
    }

    /** "old -> new" for each column of {@code header} that has been renamed since; empty when none. */
    public static List<String> renamedIn(String fileName, List<String> header) {
        Map<String, String> renames = of(fileName);
        List<String> named = new ArrayList<>();
        for (String column : header) {
            if (renames.containsKey(column)) {
                named.add(column + " -> " + renames.get(column));
            }
        }
        return List.copyOf(named);
    }

    /** A recorded text with every earlier column name (a whole word) replaced by today's. */
    public static String todayText(String text) {
        Matcher m = WORD.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(ALL.get(m.group())));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static Map<String, String> all() {
        Map<String, String> all = new LinkedHashMap<>();
        for (String file : List.of(AllocationTables.CASES_FILE, AllocationTables.ROWS_FILE, SweepTable.FILE)) {
            BY_FILE.get(file).forEach((old, now) -> {
                String earlier = all.putIfAbsent(old, now);
                if (earlier != null && !earlier.equals(now)) {
                    throw new IllegalStateException(old + " renamed to both " + earlier + " and " + now);
                }
            });
        }
        return Map.copyOf(all);
    }

    private static Map<String, String> ordered(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(map);
    }
}
