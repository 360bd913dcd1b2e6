package org.monkeyeval.page;

import java.util.HashMap;
import java.util.Map;

import org.monkeyeval.report.RehearsalTables;
import org.monkeyeval.report.ReportData;

/**
 * The page's first section: each case's answer in one line, from its {@code cases.csv} row. A case of absent-key
 * lookups compares R, one whose lookups weight the runs compares the cost (run reads per lookup); a case imported
 * from a database compares today's filters with the deployable allocation, and, where {@code rehearsal.csv}
 * holds a rehearsal of it, the gain RocksDB measured on a copy beside the one predicted.
 */
final class Headline {

    private Headline() {
    }

    static void render(StringBuilder out, ReportData data) {
        Map<String, ReportData.Row> rehearsed = new HashMap<>();
        for (ReportData.Row r : data.rehearsals()) {
            rehearsed.putIfAbsent(r.text("case_id"), r);
        }
        out.append("<section id=\"headline\">\n<h2>What was found</h2>\n<p>Each case in one line, at its own")
                .append(" budget: how many times fewer runs an absent-key lookup reads in vain (R) or, where the case")
                .append(" weights its lookups, how many times fewer run reads per lookup (cost), the optimized")
                .append(" allocation against uniform bits, or the deployable one against the filters a database")
                .append(" holds today.</p>\n<ul class=\"headline\">\n");
        for (ReportData.CaseData c : data.cases()) {
            out.append("<li data-case=\"").append(c.id()).append("\"><a href=\"#case-").append(c.id()).append("\">")
                    .append(Html.escape(c.id())).append("</a>: ").append(line(c, rehearsed.get(c.id())))
                    .append("</li>\n");
        }
        out.append("</ul>\n</section>\n");
    }

    /** One case's answer, HTML. */
    static String line(ReportData.CaseData c, ReportData.Row rehearsal) {
        ReportData.Row s = c.summary();
        StringBuilder b = new StringBuilder();
        if (c.hasCurrent() && c.hasDeployable()) {
            b.append("today's filters cost ").append(Html.shown(s, "current_cost")).append(" run reads per lookup; ")
                    .append(Html.escape(s.text("engine_granularity"))).append(" allocation ")
                    .append(Html.shown(s, "deployable_cost")).append(", ").append(gain(s.number("current_cost"),
                            s.number("deployable_cost"), "")).append(" predicted at the same memory");
            if (rehearsal != null) {
                b.append("; rehearsed on a copy, RocksDB measured ")
                        .append(gain(rehearsal.number("before_measured_R"), rehearsal.number("after_measured_R"), ""))
                        .append(" (R ").append(Html.shown(rehearsal, "before_measured_R")).append(" → ")
                        .append(Html.shown(rehearsal, "after_measured_R")).append(", <a href=\"#rehearsals\">")
                        .append(RehearsalTables.CSV_FILE).append("</a>)");
            }
            return b.toString();
        }
        boolean cost = c.weighted();
        String measure = cost ? "cost" : "R";
        String uniform = cost ? "uniform_ideal_cost" : "uniform_ideal_R";
        String optimized = cost ? "optimized_ideal_cost" : "optimized_ideal_R";
        b.append(measure).append(' ').append(Html.shown(s, uniform)).append(" uniform, ").append(Html.shown(s, optimized))
                .append(" optimized at ").append(Html.shown(s, "bits_per_entry")).append(" bits per entry: ")
                .append(gain(s.number(uniform), s.number(optimized), cost ? " run reads" : ""));
        if (c.hasDeployable()) {
            b.append("; deployable on ").append(Html.escape(s.text("engine_granularity"))).append(' ')
                    .append(cost ? "cost " + Html.shown(s, "deployable_cost") : "R " + Html.shown(s, "deployable_R"));
        }
        return b.toString();
    }

    /**
     * "<b>a / b× fewer</b>" as the page shows numbers ("b / a× more" where b is larger), or "the same" where a
     * equals b (nothing to spread).
     */
    private static String gain(double a, double b, String what) {
        if (a == b) {
            return "the same";
        }
        return a > b ? "<b>" + Html.times(a / b) + " fewer" + what + "</b>" : Html.times(b / a) + " more" + what;
    }
}
