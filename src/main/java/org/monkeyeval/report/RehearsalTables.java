package org.monkeyeval.report;

import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.engine.rocksdb.RocksDbMeasure;
import org.monkeyeval.engine.rocksdb.RocksDbRehearsal;
import org.monkeyeval.text.Json;
import org.monkeyeval.text.Numbers;

/**
 * The text of {@code rehearse}: before and after the rewrite, the predicted and the measured R (data blocks
 * per absent-key lookup, with its 95% interval), the filter bits against the budget, the files per level, and
 * the rewrite's wall time. A table for people, JSON for tools; formatting only.
 */
public final class RehearsalTables {

    private RehearsalTables() {
    }

    /** The table. */
    public static String table(String database, RocksDbRehearsal.Result r) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "RocksDB %s, column family %s: %s's allocation rehearsed on a copy%n",
                database, r.columnFamily(), r.engine().label()));
        for (Map.Entry<Integer, String> level : r.settingsByLevel().entrySet()) {
            b.append(String.format(Locale.ROOT, "  L%d rewritten with %s%n", level.getKey(), level.getValue()));
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
                String.format(Locale.ROOT, "%d (%.4g)", s.filterBits(), budget), s.filesPerLevel()));
    }

    /** The JSON document. */
    public static String json(String database, long queries, long seed, RocksDbRehearsal.Result r) {
        ObjectNode root = Json.object();
        root.put("database", database);
        root.put("columnFamily", r.columnFamily());
        root.put("engineGranularity", r.engine().label());
        root.put("queries", queries);
        root.put("seed", seed);
        Json.putNumber(root, "budget_bits", r.budgetBits());
        Json.putNumber(root, "deployable_cost", r.deployableCost());
        ObjectNode levels = root.putObject("rewrittenWith");
        r.settingsByLevel().forEach((level, options) -> levels.put("L" + level, options));
        side(root.putObject("before"), r.before());
        side(root.putObject("after"), r.after());
        Json.putNumber(root, "rewrite_seconds", r.rewriteNanos() / 1e9);
        if (r.kept() != null) {
            root.put("kept", r.kept().toString());
        }
        return Json.write(root);
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
