package org.monkeyeval.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.engine.rocksdb.ImportedCase;
import org.monkeyeval.engine.rocksdb.RocksDbMeasure;
import org.monkeyeval.engine.rocksdb.RocksDbRehearsal;
import org.monkeyeval.text.Csv;
import org.monkeyeval.text.Json;

/**
 * The text of {@code rehearse}: before and after the rewrite, the predicted and the measured R (data blocks
 * per absent-key lookup, with its 95% interval), the filter bits against the budget, the files per level, and
 * the rewrite's wall time, one column family after another. A table for people, CSV and JSON for tools (the
 * CSV is also the table {@code rehearse --out} writes, {@link #CSV_FILE}, beside its provenance); formatting only.
 */
public final class RehearsalTables {

    /** The rehearsal table {@code rehearse --out} writes, one row per column family. */
    public static final String CSV_FILE = "rehearsal.csv";

    /** Its provenance: the JSON document of the same rehearsal, with the tool that made it. */
    public static final String PROVENANCE_FILE = "rehearsal-provenance.json";

    /** The CSV header, in order. */
    public static final List<String> COLUMNS = List.of("case_id", "database", "column_family", "engine_granularity",
            "queries", "seed", "budget_bits", "solved_bits", "planned_filter_bits", "deployable_cost",
            "before_predicted_R", "before_measured_R", "before_measured_R_low", "before_measured_R_high",
            "before_filter_bits", "before_files_per_level", "after_predicted_R", "after_measured_R",
            "after_measured_R_low", "after_measured_R_high", "after_filter_bits", "after_files_per_level",
            "rewrite_seconds");

    private RehearsalTables() {
    }

    /** The table of every column family rehearsed. */
    public static String table(String database, List<RocksDbRehearsal.Result> results) {
        StringBuilder b = new StringBuilder();
        for (RocksDbRehearsal.Result r : results) {
            b.append(table(database, r));
        }
        return b.toString();
    }

    /** The table of one column family. */
    public static String table(String database, RocksDbRehearsal.Result r) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "RocksDB %s, column family %s: %s's allocation rehearsed on a copy%n",
                database, r.columnFamily(), r.engine().label()));
        b.append(String.format(Locale.ROOT, "  copied: %s%n", r.copied()));
        for (Map.Entry<Integer, String> level : r.settingsByLevel().entrySet()) {
            b.append(String.format(Locale.ROOT, "  L%d rewritten with %s%n", level.getKey(), level.getValue()));
        }
        if (r.solvedBits() < r.budgetBits()) {
            b.append(String.format(Locale.ROOT, "  solved at %.0f bits, %.0f below the budget: RocksDB builds one"
                    + " filter per file and each rounds up on its own; the files' filters as planned hold %.0f bits%n",
                    r.solvedBits(), r.budgetBits() - r.solvedBits(), r.plannedBits()));
        }
        b.append(String.format(Locale.ROOT, "  %-8s %-12s %-34s %-22s %s%n", "", "predicted R", "measured R (95% interval)",
                "filter bits (budget)", "files per level"));
        row(b, "before", r.before(), r.budgetBits());
        row(b, "after", r.after(), r.budgetBits());
        double before = r.before().measured().measuredR();
        double after = r.after().measured().measuredR();
        b.append(String.format(Locale.ROOT, "  measured %.4g times fewer data blocks per absent-key lookup"
                + " (predicted %.4g times); the allocation's own price %.4g; rewrite %.1f s%s%n",
                before / after, r.before().predictedR() / r.after().predictedR(), r.deployableCost(),
                r.rewriteNanos() / 1e9, r.kept() == null ? "" : "; the copy is kept in " + r.kept()));
        return b.toString();
    }

    private static void row(StringBuilder b, String label, RocksDbRehearsal.Side s, double budget) {
        RocksDbMeasure.Measurement m = s.measured();
        b.append(String.format(Locale.ROOT, "  %-8s %-12.4g %-34s %-22s %s%n", label, s.predictedR(),
                String.format(Locale.ROOT, "%.4g (%.4g to %.4g)", m.measuredR(), m.dataBlocks().lower(),
                        m.dataBlocks().upper()),
                String.format(Locale.ROOT, "%d (%.0f)", s.filterBits(), budget), s.filesPerLevel()));
    }

    /** The CSV of every column family rehearsed, {@link #COLUMNS}. */
    public static String csv(String database, long queries, long seed, List<RocksDbRehearsal.Result> results) {
        Csv csv = new Csv().row(COLUMNS);
        for (RocksDbRehearsal.Result r : results) {
            csv.text(ImportedCase.id(r.columnFamily())).text(database).text(r.columnFamily())
                    .text(r.engine().label()).integer(queries).integer(seed).number(r.budgetBits())
                    .number(r.solvedBits()).number(r.plannedBits()).number(r.deployableCost());
            side(csv, r.before());
            side(csv, r.after());
            csv.number(r.rewriteNanos() / 1e9).end();
        }
        return csv.toString();
    }

    private static void side(Csv csv, RocksDbRehearsal.Side s) {
        RocksDbMeasure.Measurement m = s.measured();
        csv.number(s.predictedR()).number(m.measuredR()).number(m.dataBlocks().lower()).number(m.dataBlocks().upper())
                .integer(s.filterBits())
                .text(s.filesPerLevel().stream().map(String::valueOf).collect(Collectors.joining(" ")));
    }

    /**
     * The JSON document: one column family's object, or, for several, {@code {"database", "columnFamilies": [...]}}.
     */
    public static String json(String database, long queries, long seed, List<RocksDbRehearsal.Result> results) {
        if (results.size() == 1) {
            return Json.write(document(database, queries, seed, results.get(0)));
        }
        ObjectNode root = Json.object();
        root.put("database", database);
        ArrayNode families = root.putArray("columnFamilies");
        results.forEach(r -> families.add(document(database, queries, seed, r)));
        return Json.write(root);
    }

    /** The JSON document of one column family. */
    public static String json(String database, long queries, long seed, RocksDbRehearsal.Result r) {
        return json(database, queries, seed, List.of(r));
    }

    /**
     * The provenance written beside {@link #CSV_FILE}: the tool, the command's settings, and each column family's
     * JSON document (with the options each level was rewritten with and how the copy was taken).
     */
    public static String provenance(ToolInfo tool, String database, long queries, long seed,
                                    List<RocksDbRehearsal.Result> results) {
        ObjectNode root = Json.object();
        ObjectNode t = root.putObject("tool");
        t.put("name", tool.name());
        t.put("version", tool.version());
        root.put("command", "rehearse");
        root.put("table", CSV_FILE);
        root.put("database", database);
        root.put("queries", queries);
        root.put("seed", seed);
        ArrayNode families = root.putArray("columnFamilies");
        results.forEach(r -> families.add(document(database, queries, seed, r)));
        return Json.write(root);
    }

    private static ObjectNode document(String database, long queries, long seed, RocksDbRehearsal.Result r) {
        ObjectNode root = Json.object();
        root.put("case_id", ImportedCase.id(r.columnFamily()));
        root.put("database", database);
        root.put("columnFamily", r.columnFamily());
        root.put("engineGranularity", r.engine().label());
        root.put("queries", queries);
        root.put("seed", seed);
        root.put("copied", r.copied());
        Json.putNumber(root, "budget_bits", r.budgetBits());
        Json.putNumber(root, "solved_bits", r.solvedBits());
        Json.putNumber(root, "planned_filter_bits", r.plannedBits());
        Json.putNumber(root, "deployable_cost", r.deployableCost());
        ObjectNode levels = root.putObject("rewrittenWith");
        r.settingsByLevel().forEach((level, options) -> levels.put("L" + level, options));
        side(root.putObject("before"), r.before());
        side(root.putObject("after"), r.after());
        Json.putNumber(root, "rewrite_seconds", r.rewriteNanos() / 1e9);
        if (r.kept() != null) {
            root.put("kept", r.kept().toString());
        }
        return root;
    }

    private static void side(ObjectNode out, RocksDbRehearsal.Side s) {
        RocksDbMeasure.Measurement m = s.measured();
        Json.putNumber(out, "predicted_R", s.predictedR());
        Json.putNumber(out, "measured_R", m.measuredR());
        Json.putNumber(out, "measured_R_low", m.dataBlocks().lower());
        Json.putNumber(out, "measured_R_high", m.dataBlocks().upper());
        out.put("lookups", m.lookups());
        out.put("filter_bits", s.filterBits());
        out.put("bloomFilterUseful", m.filterUseful());
        out.put("bloomFilterFullPositive", m.fullPositive());
        ArrayNode files = out.putArray("files_per_level");
        s.filesPerLevel().forEach(files::add);
        ArrayNode notes = out.putArray("notes");
        m.notes().forEach(notes::add);
    }
}
