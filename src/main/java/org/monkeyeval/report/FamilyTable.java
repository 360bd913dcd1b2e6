package org.monkeyeval.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.FamilyLookup;
import org.monkeyeval.text.Csv;
import org.monkeyeval.text.Numbers;
import org.monkeyeval.text.TableJson;

/** The answers of the {@code families} command as CSV, JSON or an aligned table for reading. */
public final class FamilyTable {

    /** Columns, in order. */
    public static final List<String> COLUMNS = List.of("family", "requested_bits_per_key", "setting", "entries",
            "filter_bits", "bits_per_key", "fpr", "parameters", "source");

    /** Columns whose cells are text in JSON. */
    public static final Set<String> TEXT_COLUMNS = Set.of("family", "setting", "parameters", "source");

    private FamilyTable() {
    }

    /** RFC 4180 CSV with {@link #COLUMNS}. */
    public static String csv(List<FamilyLookup.Row> rows) {
        Csv csv = new Csv().row(COLUMNS);
        for (FamilyLookup.Row r : rows) {
            csv.row(cells(r));
        }
        return csv.toString();
    }

    /** The CSV's rows as a JSON array of objects. */
    public static String json(List<FamilyLookup.Row> rows) {
        return TableJson.of(csv(rows), TEXT_COLUMNS);
    }

    /**
     * An aligned table for reading: bits per key and rate to 6 significant digits, no source column (each
     * family's source is listed once below the table).
     */
    public static String table(List<FamilyLookup.Row> rows) {
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {"family", "asked", "setting", "entries", "filter bits", "bits/key", "fpr",
            "parameters"});
        List<String> sources = new ArrayList<>();
        for (FamilyLookup.Row r : rows) {
            lines.add(new String[] {r.family().name(), Numbers.format(r.requested()), r.setting().knob(),
                Long.toString(r.entries()), Numbers.format(r.filterBits()), Setting.decimal(r.bitsPerKey()),
                Setting.decimal(r.fpr()), r.setting().parametersText()});
            String source = r.family().name() + ": " + r.family().source();
            if (!r.family().source().isEmpty() && !sources.contains(source)) {
                sources.add(source);
            }
        }
        int[] width = new int[lines.get(0).length];
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                width[i] = Math.max(width[i], line[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] line : lines) {
            StringBuilder l = new StringBuilder();
            for (int i = 0; i < line.length; i++) {
                boolean text = i == 0 || i == 2 || i == line.length - 1;
                String pad = " ".repeat(width[i] - line[i].length());
                l.append(i == 0 ? "" : "  ").append(text ? line[i] + pad : pad + line[i]);
            }
            out.append(l.toString().stripTrailing()).append('\n');
        }
        if (!sources.isEmpty()) {
            out.append('\n');
            for (String s : sources) {
                out.append(s).append('\n');
            }
        }
        return out.toString();
    }

    private static List<String> cells(FamilyLookup.Row r) {
        return List.of(r.family().name(), Numbers.format(r.requested()), r.setting().knob(),
                Long.toString(r.entries()), Numbers.format(r.filterBits()), Numbers.format(r.bitsPerKey()),
                Numbers.format(r.fpr()), r.setting().parametersText(), r.family().source());
    }
}
