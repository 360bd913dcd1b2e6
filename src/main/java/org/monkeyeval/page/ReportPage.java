package org.monkeyeval.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.monkeyeval.alloc.ProgressivePolicy;
import org.monkeyeval.alloc.ReadPath;
import org.monkeyeval.export.EngineExport;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.figures.AnchorsFigure;
import org.monkeyeval.figures.BloomBeforeLevelFigure;
import org.monkeyeval.figures.CaseFigures;
import org.monkeyeval.figures.Figure;
import org.monkeyeval.figures.ImprovementFigure;
import org.monkeyeval.figures.ShareFigure;
import org.monkeyeval.model.TreeShape;
import org.monkeyeval.report.RehearsalTables;
import org.monkeyeval.report.ReportData;
import org.monkeyeval.text.Numbers;

/**
 * {@code report.html}: a summary table of all cases and the all-cases figure first, then one section
 * per case (what it is: runs or tree, budget, workload; its robust allocation when its zero-result share
 * is uncertain, and where dropping the last level's filter pays; its deployable and current allocations
 * when it has them; its per-run table with level and a_i when it has them; its measured R and cost when
 * confirmed; its figures, with, for a case at rocksdb-ribbon granularity, its reads and build work at
 * each bloom_before_level). Styles and
 * figures inline, no script, no external reference that a browser would fetch.
 */
final class ReportPage {

    /** Columns of the summary table: cases.csv column and heading. */
    static final List<String[]> SUMMARY_COLUMNS = List.of(
            new String[] {"runs", "runs"},
            new String[] {"total_entries", "entries N"},
            new String[] {"bits_per_entry", "bits / entry"},
            new String[] {"zero_result_share", "workload z"},
            new String[] {"uniform_ideal_R", "uniform R (ideal Bloom)"},
            new String[] {"optimized_ideal_R", "optimized R (ideal Bloom)"},
            new String[] {"improvement", "improvement"},
            new String[] {"cost_improvement", "cost improvement"},
            new String[] {"zero_bit_runs", "no-filter runs"},
            new String[] {"budget_bits", "budget M (bits)"});

    /** Summary columns of the deployable allocation, shown when some case has one (empty for the others). */
    static final List<String[]> DEPLOYABLE_SUMMARY_COLUMNS = List.of(
            new String[] {"engine_granularity", "engine granularity"},
            new String[] {"deployable_R", "deployable R (engine's filters)"},
            new String[] {"deployable_cost", "deployable cost"},
            new String[] {"deployable_over_bound", "deployable / bound"});

    /** Summary columns of the current allocation, shown when some case has one (empty for the others). */
    static final List<String[]> CURRENT_SUMMARY_COLUMNS = List.of(
            new String[] {"current_R", "current R"},
            new String[] {"current_cost", "current cost"});

    private static final String CSS = """
            :root { color-scheme: light dark; --bg: #fbfbfa; --fg: #1d1d1f; --muted: #5b5b62; --line: #d9d9de;
              --card: #ffffff; --head: #f1f1f4; --accent: #0072b2; --good: #00795a; --zebra: #f7f7f9; }
            @media (prefers-color-scheme: dark) {
              :root { --bg: #16171a; --fg: #e8e8ea; --muted: #a9a9b2; --line: #3a3b42; --card: #1f2024;
                --head: #2a2b31; --accent: #6cb6ec; --good: #5fd3a8; --zebra: #23242a; }
            }
            * { box-sizing: border-box; }
            html { -webkit-text-size-adjust: 100%; }
            body { margin: 0; background: var(--bg); color: var(--fg);
              font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
            main { max-width: 1240px; margin: 0 auto; padding: 1.5rem 1.25rem 4rem; }
            header.top { padding-bottom: .25rem; }
            h1 { font-size: 1.9rem; line-height: 1.2; margin: 0 0 .5rem; letter-spacing: -0.01em; }
            h2 { font-size: 1.45rem; margin: 2.5rem 0 .5rem; padding-top: 1rem; border-top: 1px solid var(--line); }
            h3 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
            p { max-width: 75ch; }
            .lede { color: var(--muted); font-size: 1.05rem; }
            a { color: var(--accent); }
            code { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .92em; }
            .table-wrap { overflow-x: auto; border: 1px solid var(--line); border-radius: 8px; background: var(--card);
              margin: .75rem 0 1.25rem; }
            table { border-collapse: collapse; width: 100%; font-size: .92rem; font-variant-numeric: tabular-nums; }
            th, td { padding: .45rem .6rem; text-align: right; white-space: nowrap; border-bottom: 1px solid var(--line); }
            th { background: var(--head); font-weight: 600; position: sticky; top: 0; }
            th:first-child, td:first-child { text-align: left; }
            tbody th { background: transparent; font-weight: 600; position: static; }
            tbody tr:nth-child(even) { background: var(--zebra); }
            tbody tr:last-child td, tbody tr:last-child th { border-bottom: none; }
            td.better { color: var(--good); font-weight: 600; }
            dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .75rem 0; }
            dl.facts dt { color: var(--muted); }
            dl.facts dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
            .figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 540px), 1fr));
              gap: 1rem; }
            figure { margin: 0; background: #ffffff; color: #1d1d1f; border: 1px solid var(--line);
              border-radius: 8px; padding: .5rem; }
            figure.wide { max-width: 820px; margin: 1rem 0; }
            figure svg { display: block; width: 100%; height: auto; }
            figcaption { font-size: .85rem; color: #4a4a52; padding: .35rem .25rem 0; }
            figcaption a { color: #005a8e; }
            .figures figure.span { grid-column: 1 / -1; justify-self: center; width: 100%; max-width: 880px; }
            ul.headline { padding-left: 1.25rem; margin: .5rem 0; }
            ul.headline li { margin: .2rem 0; }
            #summary-table thead th { white-space: normal; vertical-align: bottom; min-width: 4.5rem; }
            details.more { margin: -.5rem 0 1.25rem; }
            details.more summary { cursor: pointer; color: var(--accent); }
            .table-wrap tbody th { position: sticky; left: 0; background: var(--card); }
            .table-wrap tbody tr:nth-child(even) th { background: var(--zebra); }
            nav.cases { display: flex; flex-wrap: wrap; gap: .35rem .9rem; margin: .5rem 0 0; font-size: .95rem; }
            footer { margin-top: 3rem; color: var(--muted); font-size: .9rem; border-top: 1px solid var(--line);
              padding-top: 1rem; }
            @media (max-width: 600px) { main { padding: 1rem .75rem 3rem; } h1 { font-size: 1.5rem; } }
            """;

    /** What the deployable and current allocations are, for the page's readers. */
    static final String EXTRA_ALLOCATIONS = "A case may carry two more allocations. <b>Deployable</b>: the best"
            + " allocation its engine can express at the engine's granularity (one setting per level, or one per"
            + " tree), priced on the filter the engine really builds; <b>deployable / bound</b> is its cost divided"
            + " by the engine's per-run bound, the least cost any setting for each run could reach on those same"
            + " filters. Uniform and optimized are priced on the ideal Bloom curve e<sup>−c b</sup>, so a"
            + " deployable allocation on a filter better than Bloom's (Ribbon) can cost less than the optimized"
            + " one. <b>Current</b>: the bits per entry the runs hold today (a case imported from a database),"
            + " priced on the filters its files hold.";

    /**
     * The caption of a case's bloom_before_level figure after its title: what it shows, and the RocksDB
     * guidance it lets an engineer apply.
     */
    static final String BLOOM_BEFORE_LEVEL_CAPTION = ". For each bloom_before_level L of RocksDB's"
            + " <code>ribbonfilter:B:L</code>, from <code>bloom-before-level.csv</code>: the best B within the"
            + " case's budget (labelled above each point), the expected run reads per lookup it leaves (above, log"
            + " scale) and the build work per written entry it costs (below: each run's filter at the measured"
            + " build time per key of Bloom or Ribbon, weighted by the run's entries); the dashed line and the"
            + " diamond mark the L the deployable allocation takes. RocksDB builds Bloom for flushes (level −1)"
            + " and for files compacted into levels below L, Ribbon from L on. Its guidance"
            + " (<code>NewRibbonFilterPolicy</code> in <code>include/rocksdb/filter_policy.h</code>): Ribbon saves"
            + " about 30% of the space at the same rate for roughly 3-4x the CPU time to build, so it pays on the"
            + " large, long-lived lower levels while Bloom's speed suits the upper ones; this figure prices that"
            + " choice level by level at the case's budget";

    /** The caption of a case's anchors figure after its title: what its points and its line are. */
    static final String ANCHORS_CAPTION = ". Each engine's own setting at the case's budget per entry"
            + " (<code>cases.csv</code>'s anchor columns) is a filled point at the filter memory it spends and the"
            + " run reads per lookup it leaves on its engine's read path; the open diamond at the same memory is the"
            + " best allocation at that engine's granularity (Pebble: one policy per level, Bloom or binary fuse"
            + " for the binary-fuse policy; RocksDB: the best <code>ribbonfilter:B:L</code> for the hybrid, the"
            + " best per-level choice of none, Bloom or Ribbon for <code>bloomfilter:B</code>). Pebble's Get reads"
            + " no L6 filter, so its points sit at or above one read per lookup. The line is the case's optimum"
            + " over memory on ideal Bloom filters with every filter read (<code>sweep.csv</code>), for scale: it"
            + " is not any engine's granularity";

    private ReportPage() {
    }

    static String render(ReportData data, Figure improvement, Map<String, List<Figure>> caseFigures,
                         String toolName, String toolVersion) {
        StringBuilder out = new StringBuilder(1 << 20);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"color-scheme\" content=\"light dark\">\n")
                .append("<title>monkey-eval report: Bloom-filter memory across LSM-tree runs</title>\n")
                .append("<style>\n").append(CSS).append("</style>\n</head>\n<body>\n<main>\n");
        out.append("<header class=\"top\">\n<h1>Bloom-filter memory across the runs of an LSM-tree</h1>\n")
                .append("</header>\n");
        Headline.render(out, data);
        out.append("<section id=\"reading\">\n<h2>How to read it</h2>\n<p class=\"lede\">For each case, the same filter memory is spread two ways: uniformly")
                .append(" (every run gets the same bits per entry, as storage engines do) and as Monkey")
                .append(" (Dayan, Athanassoulis, Idreos, SIGMOD 2017) prescribes, more bits per entry for small")
                .append(" runs. <b>R</b> is the expected number of runs an absent-key lookup reads in vain,")
                .append(" the sum of the runs' false-positive rates; <b>improvement</b> is uniform R divided by")
                .append(" optimized R. A case may say which lookups reach each run: a share <b>z</b> of lookups for")
                .append(" absent keys (z = 1 when it says nothing), or lookups measured per run. The optimum then")
                .append(" minimizes the <b>cost</b>, the expected run reads per lookup Σ a<sub>i</sub>·p<sub>i</sub>")
                .append(" + v, where a<sub>i</sub> is the share of lookups that probe run i without being answered")
                .append(" there and v = 1 − z the share that find their key; <b>cost improvement</b> is uniform")
                .append(" cost divided by optimized cost. When z is uncertain (a range, or a KL radius around it),")
                .append(" the <b>robust</b> allocation is the one whose largest <b>regret</b>, the extra reads per")
                .append(" lookup against the best allocation for each z in the range, is least.</p>\n")
                .append("<nav class=\"cases\" aria-label=\"Cases\">");
        for (ReportData.CaseData c : data.cases()) {
            out.append("<a href=\"#case-").append(c.id()).append("\">").append(Html.escape(c.id())).append("</a>");
        }
        out.append("</nav>\n</section>\n");

        summary(out, data);
        rehearsals(out, data);
        out.append("<figure class=\"wide\" id=\"figure-").append(improvement.name()).append("\">\n")
                .append(improvement.element()).append("\n<figcaption>").append(Html.escape(improvement.title()))
                .append(". Model R = Σ e<sup>−c·b<sub>i</sub></sup>, c = ln²2, from <code>sweep.csv</code>; a dot")
                .append(" marks each case's own budget. The upper panel holds the cases whose improvement reaches")
                .append(' ').append(Numbers.format(ImprovementFigure.UPPER_PANEL_FROM))
                .append(" times, the lower one the others, each on an axis of its own.")
                .append(" Cases whose improvement is the same at every bits per")
                .append(" entry (those whose runs have the same relative sizes) share one line, named in the legend")
                .append(" by all of them; the improvement does not change with memory while every run keeps a")
                .append(" filter, so the memory axis is drawn linear in log(1 + b), which gives the first bits per")
                .append(" entry, where it changes, their room.")
                .append(" A case whose lookups weight the runs (workload z below 1, or measured) minimizes the")
                .append(" expected reads per lookup instead of R, so its R improvement can fall below 1 (with z = 0")
                .append(" the oldest run gives up its filter); its cost improvement is in the table above;")
                .append(" also <a href=\"figures/").append(improvement.name()).append(".svg\">figures/")
                .append(improvement.name()).append(".svg</a>.</figcaption>\n</figure>\n");

        for (ReportData.CaseData c : data.cases()) {
            caseSection(out, c, caseFigures.get(c.id()));
        }
        out.append("<footer>\n<p>Model: p<sub>i</sub> = e<sup>−c·b<sub>i</sub></sup> with c = ln²2 (Monkey, eq. 2);")
                .append(" optimized b<sub>i</sub> = max(0, (t − ln w<sub>i</sub>)/c) (Monkey, §4.1), or, when lookups")
                .append(" weight the runs, max(0, (t − ln(w<sub>i</sub>/a<sub>i</sub>))/c), which minimizes the cost")
                .append(" Σ a<sub>i</sub>·p<sub>i</sub> + v (docs/trees-and-workloads.md). RocksDB layout:")
                .append(" RocksDB's format_version 5 cache-local Bloom rules, predicted by the exact line-load")
                .append(" mixture. Measured R: false positives counted by <code>confirm</code> over real filters")
                .append(" (and inside RocksDB with <code>--engine</code>), 95% intervals.</p>\n<p>Drawn by ")
                .append(Html.escape(toolName)).append(' ').append(Html.escape(toolVersion))
                .append(" <code>report</code> from <code>cases.csv</code>, <code>rows.csv</code>,")
                .append(" <code>sweep.csv</code> and, when present, <code>confirm.csv</code>,")
                // named only when drawn, so that the tables of an earlier folder draw the page they drew
                .append(data.cases().stream().anyMatch(ReportData.CaseData::hasBloomBeforeLevel)
                        ? " <code>confirm-cases.csv</code>, <code>engine.csv</code> and"
                        + " <code>bloom-before-level.csv</code>; see"
                        : " <code>confirm-cases.csv</code> and <code>engine.csv</code>; see")
                .append(" <code>report-provenance.json</code>.")
                .append(data.rehearsals().isEmpty() ? "" : " Rehearsals from <code>" + RehearsalTables.CSV_FILE
                        + "</code>, made as <code>" + RehearsalTables.PROVENANCE_FILE + "</code> says.")
                .append("</p>\n</footer>\n</main>\n</body>\n</html>\n");
        return out.toString();
    }

    /** The summary table's columns: the base ones, then the deployable and current ones when some case has them. */
    static List<String[]> summaryColumns(ReportData data) {
        List<String[]> columns = new ArrayList<>(SUMMARY_COLUMNS);
        if (data.cases().stream().anyMatch(ReportData.CaseData::hasDeployable)) {
            columns.addAll(DEPLOYABLE_SUMMARY_COLUMNS);
        }
        if (data.cases().stream().anyMatch(ReportData.CaseData::hasCurrent)) {
            columns.addAll(CURRENT_SUMMARY_COLUMNS);
        }
        return columns;
    }

    /**
     * Summary columns shown behind "more columns" rather than in the first table, so that the first fits a
     * 1,400-pixel page: sizes and counts, and the R where the cost is shown beside it.
     */
    static final List<String> MORE_SUMMARY_COLUMNS = List.of("runs", "total_entries", "zero_bit_runs", "budget_bits",
            "deployable_R", "deployable_over_bound", "current_R");

    private static void summary(StringBuilder out, ReportData data) {
        List<String[]> summaryColumns = summaryColumns(data);
        List<String[]> first = summaryColumns.stream().filter(c -> !MORE_SUMMARY_COLUMNS.contains(c[0])).toList();
        List<String[]> more = summaryColumns.stream().filter(c -> MORE_SUMMARY_COLUMNS.contains(c[0])).toList();
        out.append("<section id=\"summary\">\n<h2>All cases</h2>\n")
                .append("<p>Values from <code>cases.csv</code>, rounded to ").append(Html.SHOWN_DIGITS)
                .append(" significant digits (hover a cell for the full value).</p>\n");
        if (summaryColumns.size() > SUMMARY_COLUMNS.size()) {
            out.append("<p>").append(EXTRA_ALLOCATIONS).append(" Cells are empty for cases without them.</p>\n");
        }
        summaryTable(out, data, "summary-table", first);
        out.append("<details class=\"more\" id=\"summary-more\"><summary>More columns: ");
        out.append(String.join(", ", more.stream().map(c -> Html.escape(c[1])).toList()));
        out.append("</summary>\n");
        summaryTable(out, data, "summary-more-table", more);
        out.append("</details>\n</section>\n");
    }

    private static void summaryTable(StringBuilder out, ReportData data, String id, List<String[]> columns) {
        out.append("<div class=\"table-wrap\"><table id=\"").append(id)
                .append("\">\n<thead><tr><th scope=\"col\">case</th>");
        for (String[] column : columns) {
            out.append("<th scope=\"col\">").append(Html.escape(column[1])).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (ReportData.CaseData c : data.cases()) {
            out.append("<tr data-case=\"").append(c.id()).append("\"><th scope=\"row\"><a href=\"#case-")
                    .append(c.id()).append("\">").append(Html.escape(c.id())).append("</a></th>");
            for (String[] column : columns) {
                String value = c.summary().text(column[0]);
                if (column[0].equals("zero_result_share") && c.measuredLookups()) {
                    // measured lookups have no z (the table leaves it empty): say where the weights came from
                    out.append("<td data-column=\"zero_result_share\" data-value=\"\" title=\"")
                            .append(ReportData.MEASURED_LOOKUPS).append("\">measured</td>");
                    continue;
                }
                boolean better = (column[0].equals("improvement") || column[0].equals("cost_improvement"))
                        && c.summary().number(column[0]) > 1.0;
                cell(out, column[0], value, better);
            }
            out.append("</tr>\n");
        }
        out.append("</tbody></table></div>\n");
    }

    /**
     * The recommendations {@code rehearse} applied to a copy of a database and measured ({@code rehearsal.csv}):
     * the predicted and the measured R before and after, side by side, so that the gain the model promises
     * stands beside the one RocksDB counted. Nothing without the table.
     */
    static void rehearsals(StringBuilder out, ReportData data) {
        if (data.rehearsals().isEmpty()) {
            return;
        }
        java.util.Set<String> ids = new java.util.HashSet<>();
        data.cases().forEach(c -> ids.add(c.id()));
        out.append("<section id=\"rehearsals\">\n<h2>Rehearsed on a copy of the database</h2>\n")
                .append("<p>From <code>").append(RehearsalTables.CSV_FILE).append("</code>: each database copied,")
                .append(" every file rewritten at its own level with the filter the deployable allocation gives it,")
                .append(" and RocksDB's own count of the data blocks an absent-key lookup reads measured before and")
                .append(" after with the same absent keys (95% intervals); filter bits after the rewrite against the")
                .append(" budget, the filter memory the database held.</p>\n")
                .append("<div class=\"table-wrap\"><table id=\"rehearsal-table\">\n<thead><tr>")
                .append("<th scope=\"col\">case</th><th scope=\"col\">database, column family</th>")
                .append("<th scope=\"col\">granularity</th><th scope=\"col\">predicted R before → after</th>")
                .append("<th scope=\"col\">predicted gain</th><th scope=\"col\">measured R before → after</th>")
                .append("<th scope=\"col\">measured gain</th><th scope=\"col\">filter bits / budget</th>")
                .append("</tr></thead>\n<tbody>\n");
        for (ReportData.Row r : data.rehearsals()) {
            String id = r.text("case_id");
            out.append("<tr data-case=\"").append(Html.escape(id)).append("\"><th scope=\"row\">")
                    .append(ids.contains(id) ? "<a href=\"#case-" + Html.escape(id) + "\">" + Html.escape(id) + "</a>"
                            : Html.escape(id))
                    .append("</th><td>").append(Html.escape(r.text("database"))).append(", ")
                    .append(Html.escape(r.text("column_family"))).append("</td><td>")
                    .append(Html.escape(r.text("engine_granularity"))).append("</td><td>")
                    .append(Html.shown(r, "before_predicted_R")).append(" → ").append(Html.shown(r, "after_predicted_R"))
                    .append("</td><td>").append(ratio(r, "before_predicted_R", "after_predicted_R")).append("</td><td>")
                    .append(measured(r, "before")).append(" → ").append(measured(r, "after")).append("</td><td>")
                    .append(ratio(r, "before_measured_R", "after_measured_R")).append("</td><td>")
                    .append(Html.escape(Html.shown(Numbers.format(r.number("after_filter_bits") / r.number("budget_bits")))))
                    .append("</td></tr>\n");
        }
        out.append("</tbody></table></div>\n</section>\n");
    }

    private static String measured(ReportData.Row r, String side) {
        return Html.shown(r, side + "_measured_R") + " <span class=\"interval\">(" + Html.shown(r, side
                + "_measured_R_low") + "–" + Html.shown(r, side + "_measured_R_high") + ")</span>";
    }

    private static String ratio(ReportData.Row r, String before, String after) {
        return Html.times(r.number(before) / r.number(after));
    }

    /**
     * Pebble's own Monkey-like answer as the anchor to beat ({@code cases.csv}'s progressive columns): its cost on
     * Pebble's Get path at its own memory, the best Pebble allocation at that memory, and the share of its bits
     * in L6 filters a Get never reads.
     */
    static String progressive(ReportData.Row s) {
        double bits = s.number("progressive_filter_bits");
        double unread = s.number("progressive_unread_filter_bits");
        return "<code>DBTableFilterPolicyProgressive</code> (" + ProgressivePolicy.targetsInWords()
                + " bits per key for L0 to L6"
                + (Boolean.parseBoolean(s.text("progressive_tables_known")) ? ", each table's filter capped near 1 MiB"
                : "; the case lists no tables, so Pebble's cap per table is not applied") + ") costs "
                + Html.shown(s.text("progressive_cost")) + " run reads per lookup on Pebble's Get path in "
                + Html.shown(s.text("progressive_filter_bits")) + " filter bits, "
                + Html.shown(Numbers.format(100 * unread / bits)) + "% of them in L6 filters a Get never reads;"
                + " the best Pebble allocation in the same bits costs " + Html.shown(s.text("progressive_optimum_cost"))
                + ": the policy reads <b>" + Html.shown(s.text("progressive_loss")) + "×</b> as much (both count the"
                + " reads of the L6 runs, whose filters a Get does not consult)";
    }

    /**
     * The engines' own settings as anchors ({@code cases.csv}'s anchor columns, {@code EngineAnchors}): each one's
     * cost on its engine's read path at its own memory beside the best allocation at that memory and granularity,
     * and by how much the optimum is lower; the anchors that do not apply to the case are left out.
     */
    static String anchors(ReportData.Row s) {
        StringBuilder out = new StringBuilder("<ul class=\"anchors\">");
        if (s.has("progressive_fuse_cost")) {
            out.append("<li>Pebble's <code>DBTableFilterPolicyBinaryFuseProgressive</code> (binary fuse, ")
                    .append(ProgressivePolicy.fuseWidthsInWords()).append(" fingerprint bits for L0 to L6")
                    .append(Boolean.parseBoolean(s.text("progressive_fuse_tables_known"))
                            ? ", no filter for a table above 10 million keys" : "").append("): ")
                    .append(anchor(s, "progressive_fuse", "the best Pebble allocation, Bloom or binary fuse per level"))
                    .append("</li>");
        }
        if (s.has("ribbon_hybrid_cost")) {
            out.append("<li>RocksDB's <code>NewRibbonFilterPolicy(").append(Html.shown(s, "ribbon_hybrid_bits_per_key"))
                    .append(")</code> (bloom_before_level 0: Bloom for L0, Ribbon below): ")
                    .append(anchor(s, "ribbon_hybrid", "the best <code>ribbonfilter:B:L</code>")).append("</li>");
        }
        if (s.has("rocksdb_uniform_cost")) {
            out.append("<li>RocksDB's <code>bloomfilter:").append(Html.shown(s, "rocksdb_uniform_bits_per_key"))
                    .append("</code> for every file: ")
                    .append(anchor(s, "rocksdb_uniform", "the best per-level allocation (none, Bloom or Ribbon per"
                            + " level)")).append("</li>");
        }
        if (s.has("pebble_uniform_cost")) {
            out.append("<li>Pebble's <code>bloom(").append(Html.shown(s, "pebble_uniform_bits_per_key"))
                    .append(")</code> at every level, on the Get path: ")
                    .append(anchor(s, "pebble_uniform", "the best Pebble allocation")).append("</li>");
        }
        return out.append("</ul>").toString();
    }

    /** One anchor's sentence: its cost in its bits, the optimum's in the same bits, and the ratio. */
    private static String anchor(ReportData.Row s, String prefix, String optimum) {
        return Html.shown(s, prefix + "_cost") + " run reads per lookup in " + Html.shown(s, prefix + "_filter_bits")
                + " filter bits; " + optimum + " in the same bits costs " + Html.shown(s, prefix + "_optimum_cost")
                + ": the setting reads <b>" + Html.shown(s, prefix + "_loss") + "×</b> as much";
    }

    /** What the case's lookups are, in words, from its cases.csv row. */
    private static String workload(ReportData.CaseData c) {
        if (c.measuredLookups()) {
            return "lookups measured per run: a<sub>i</sub> = L<sub>i</sub> / max L<sub>j</sub>; the share v of"
                    + " lookups that find their key is unknown, so the cost leaves it out";
        }
        if (!c.weighted()) {
            return "lookups of absent keys (z = 1), every run probed in order: the cost is R";
        }
        String z = c.summary().text("zero_result_share");
        String v = Numbers.format(1.0 - c.summary().number("zero_result_share"));
        String text = "a share z = " + Html.shown(z) + " of lookups for absent keys, v = " + Html.shown(v) + " finding a"
                + " stored key (each entry equally likely): a<sub>i</sub> = z + v · (entries older than run i) / N";
        if (c.uncertainShare()) {
            text += "; z may lie anywhere in [" + Html.shown(c.summary().text("zero_result_share_low")) + ", "
                    + Html.shown(c.summary().text("zero_result_share_high")) + "]"
                    + (c.summary().has("kl_radius") ? " (every z' within KL divergence "
                    + Html.shown(c.summary().text("kl_radius")) + " of z)" : "");
        }
        return text;
    }

    /** The robust allocation's facts: the worst regrets over the interval and its cost at each end. */
    private static String robust(ReportData.Row s) {
        return "the allocation whose largest regret (extra reads per lookup against the best allocation for each z)"
                + " over z in [" + Html.shown(s.text("zero_result_share_low")) + ", "
                + Html.shown(s.text("zero_result_share_high")) + "] is least: worst regret <b>"
                + Html.shown(s.text("robust_worst_regret")) + "</b>, against " + Html.shown(s.text("optimized_worst_regret"))
                + " for the optimum at the nominal z and " + Html.shown(s.text("uniform_worst_regret")) + " for uniform;"
                + " it is the optimum at z = " + Html.shown(s.text("robust_zero_result_share")) + " and costs "
                + Html.shown(s.text("robust_cost_low")) + " reads per lookup at the low end, "
                + Html.shown(s.text("robust_cost_high")) + " at the high end";
    }

    /** Where dropping the last level's filter beats uniform bits, in words. */
    private static String lastLevelFilter(ReportData.CaseData c) {
        double below = ShareFigure.dropBeatsUniformBelow(c);
        String what = "no filter on the last level, its bits spread evenly over the other runs, ";
        if (below >= 1.0) {
            return what + "costs no more reads per lookup than uniform bits at every z";
        }
        if (below <= 0.0) {
            return what + "costs more reads per lookup than uniform bits at every z";
        }
        return what + "costs fewer reads per lookup than uniform bits for z below <b>"
                + Html.shown(Numbers.format(below)) + "</b>";
    }

    private static void cell(StringBuilder out, String column, String value, boolean better) {
        out.append("<td data-column=\"").append(column).append("\" data-value=\"").append(Html.escape(value))
                .append("\" title=\"").append(Html.escape(value)).append('"');
        if (better) {
            out.append(" class=\"better\"");
        }
        out.append('>').append(Html.escape(Html.shown(value))).append("</td>");
    }

    private static void caseSection(StringBuilder out, ReportData.CaseData c, List<Figure> figures) {
        ReportData.Row s = c.summary();
        out.append("<section class=\"case\" id=\"case-").append(c.id()).append("\">\n<h2>")
                .append(Html.escape(c.id())).append("</h2>\n");
        if (!c.lsmCase().description().isEmpty()) {
            out.append("<p>").append(Html.escape(c.lsmCase().description())).append("</p>\n");
        }
        out.append("<dl class=\"facts\">");
        TreeShape tree = c.lsmCase().tree();
        if (tree != null) {
            out.append("<dt>tree</dt><dd>").append(Html.escape(tree.policy().field())).append(", size ratio T = ")
                    .append(Html.shown(Numbers.format(tree.sizeRatio()))).append(", L = ").append(tree.levels())
                    .append(" levels holding ").append(Html.grouped(tree.entries())).append(" entries");
            if (tree.l0Runs() > 0) {
                out.append(", L0: ").append(tree.l0Runs()).append(tree.l0Runs() == 1 ? " file of " : " files of ")
                        .append(Html.grouped(tree.l0EntriesPerRun())).append(" entries");
            }
            out.append(" (expanded into runs, newest first)</dd>");
        }
        out.append("<dt>runs</dt><dd>").append(c.runs().size()).append(" holding ")
                .append(Html.shown(s.text("total_entries"))).append(" entries</dd>");
        if (c.lsmCase().versions() != null) {
            boolean prefixes = c.hasDeployable()
                    && ReadPath.filtersPrefixes(Engine.fromLabel(s.text("engine_granularity")));
            out.append("<dt>filter entries</dt><dd>").append(Html.escape(EngineExport.versionsLine(c.lsmCase(),
                    prefixes))).append("; the runs, every allocation and the budget per entry count these</dd>");
        }
        out.append("<dt>budget</dt><dd>").append(Html.shown(s.text("budget_bits"))).append(" bits = ")
                .append(Html.shown(s.text("bits_per_entry"))).append(" bits per entry (case file gives <code>")
                .append(Html.escape(s.text("budget_field"))).append("</code>)</dd>")
                .append("<dt>workload</dt><dd>").append(workload(c)).append("</dd>")
                .append("<dt>R</dt><dd>on ideal Bloom filters (e<sup>−c b</sup>): uniform ")
                .append(Html.shown(s.text("uniform_ideal_R"))).append(", optimized ")
                .append(Html.shown(s.text("optimized_ideal_R"))).append(": improvement <b>")
                .append(Html.shown(s.text("improvement"))).append("×</b></dd>");
        if (c.weighted()) {
            out.append("<dt>cost</dt><dd>expected run reads per lookup").append(c.measuredLookups()
                    ? " (without v, unknown for measured lookups)" : "").append(": uniform ")
                    .append(Html.shown(s.text("uniform_ideal_cost"))).append(", optimized ")
                    .append(Html.shown(s.text("optimized_ideal_cost"))).append(": cost improvement <b>")
                    .append(Html.shown(s.text("cost_improvement"))).append("×</b> (the optimum minimizes the cost,")
                    .append(" not R)</dd>");
        }
        if (c.uncertainShare()) {
            out.append("<dt>robust</dt><dd>").append(robust(s)).append("</dd>");
        }
        if (c.zeroResultShare()) {
            out.append("<dt>last-level filter</dt><dd>").append(lastLevelFilter(c)).append("</dd>");
        }
        if (c.hasDeployable()) {
            out.append("<dt>deployable</dt><dd>the best allocation <code>")
                    .append(Html.escape(s.text("engine_granularity"))).append("</code> can express at its")
                    .append(" granularity, priced on the engine's own filter: R = ")
                    .append(Html.shown(s.text("deployable_R")));
            if (c.weighted()) {
                out.append(", cost = ").append(Html.shown(s.text("deployable_cost")));
            }
            out.append(", using ").append(Html.shown(s.text("deployable_bits"))).append(" filter bits; the")
                    .append(" engine's per-run bound (any setting for each run, on the same filters) is ")
                    .append(Html.shown(s.text("engine_bound_cost"))).append(": deployable / bound <b>")
                    .append(Html.shown(s.text("deployable_over_bound"))).append("×</b></dd>");
        }
        if (c.hasCurrent()) {
            out.append("<dt>current</dt><dd>the bits per entry the runs hold today, under the model: R = ")
                    .append(Html.shown(s.text("current_R")));
            if (c.weighted()) {
                out.append(", cost = ").append(Html.shown(s.text("current_cost")));
            }
            out.append("</dd>");
        }
        if (s.has("progressive_cost")) {
            out.append("<dt>progressive policy</dt><dd>Pebble's ").append(progressive(s)).append("</dd>");
        }
        if (s.has("rocksdb_uniform_cost")) {
            out.append("<dt>engine settings</dt><dd>each engine's own setting at the case's budget per entry, at the")
                    .append(" memory it spends:").append(anchors(s)).append("</dd>");
        }
        if (s.has("threshold_t")) {
            out.append("<dt>threshold t</dt><dd>").append(Html.shown(s.text("threshold_t"))).append("</dd>");
        }
        out.append("</dl>\n");

        // level and a_i only when the case has them: some run has a level, lookups weight the runs
        boolean levels = c.runs().stream().anyMatch(r -> r.has("level"));
        boolean reach = c.weighted() && c.runs().stream().allMatch(r -> r.has("lookup_weight"));
        List<String> columns = new ArrayList<>();
        out.append("<h3>Runs</h3>\n<div class=\"table-wrap\"><table class=\"runs\">\n<thead><tr>")
                .append("<th scope=\"col\">run</th>");
        if (levels) {
            out.append("<th scope=\"col\">level</th>");
            columns.add("level");
        }
        out.append("<th scope=\"col\">entries</th><th scope=\"col\">weight</th>");
        columns.addAll(List.of("entries", "weight"));
        if (reach) {
            out.append("<th scope=\"col\" title=\"share of lookups that probe this run's filter without being")
                    .append(" answered there\">lookups reaching a<sub>i</sub></th>");
            columns.add("lookup_weight");
        }
        out.append("<th scope=\"col\">uniform bits / entry</th><th scope=\"col\">uniform FPR</th>")
                .append("<th scope=\"col\">optimized bits / entry</th><th scope=\"col\">optimized FPR</th>")
                .append("<th scope=\"col\">FPR ratio</th>");
        columns.addAll(List.of("uniform_bits_per_entry", "uniform_ideal_fpr", "optimized_bits_per_entry",
                "optimized_ideal_fpr", "optimized_over_uniform_fpr"));
        if (c.hasDeployable()) {
            out.append("<th scope=\"col\" title=\"the engine's setting for the run, as written in its")
                    .append(" configuration\">").append(Html.escape(s.text("engine_granularity")))
                    .append(" setting</th><th scope=\"col\" title=\"real bits per entry of the filter the engine")
                    .append(" builds at that setting\">deployable bits / entry</th>")
                    .append("<th scope=\"col\">deployable FPR (engine's filter)</th>");
            columns.addAll(List.of("deployable_setting", "deployable_bits_per_entry", "deployable_fpr"));
        }
        if (c.hasCurrent()) {
            out.append("<th scope=\"col\">current bits / entry</th><th scope=\"col\">current FPR</th>");
            columns.addAll(List.of("current_bits_per_entry", "current_fpr"));
        }
        if (c.uncertainShare()) {
            out.append("<th scope=\"col\">robust bits / entry</th><th scope=\"col\">robust FPR</th>");
            columns.addAll(List.of("robust_bits_per_entry", "robust_ideal_fpr"));
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (ReportData.Row row : c.runs()) {
            String name = row.text("run_name");
            out.append("<tr><th scope=\"row\">").append(row.text("run"))
                    .append(name.isEmpty() ? "" : " · " + Html.escape(name)).append("</th>");
            for (String column : columns) {
                cell(out, column, row.text(column), false);
            }
            out.append("</tr>\n");
        }
        out.append("</tbody></table></div>\n");

        if (!c.confirmCases().isEmpty()) {
            boolean cost = c.weighted() && c.confirmCases().stream().allMatch(r -> r.has("measured_cost"));
            out.append("<h3>Measured with real filters</h3>\n<div class=\"table-wrap\"><table class=\"measured\">\n")
                    .append("<thead><tr><th scope=\"col\">allocation · layout</th><th scope=\"col\">queries</th>")
                    .append("<th scope=\"col\">measured R</th><th scope=\"col\">95% interval</th>");
            if (cost) {
                out.append("<th scope=\"col\">measured cost</th><th scope=\"col\">model cost</th>");
            }
            out.append("<th scope=\"col\">predicted R</th><th scope=\"col\">model R</th>")
                    .append("<th scope=\"col\">measured improvement</th></tr></thead>\n<tbody>\n");
            for (ReportData.Row row : c.confirmCases()) {
                out.append("<tr><th scope=\"row\">").append(Html.escape(row.text("allocation"))).append(" · ")
                        .append(Html.escape(row.text("layout"))).append("</th>");
                cell(out, "queries", row.text("queries"), false);
                cell(out, "measured_R", row.text("measured_R"), false);
                out.append("<td>").append(Html.shown(row.text("measured_R_low"))).append(" – ")
                        .append(Html.shown(row.text("measured_R_high"))).append("</td>");
                if (cost) {
                    cell(out, "measured_cost", row.text("measured_cost"), false);
                    cell(out, "model_cost", row.text("model_cost"), false);
                }
                cell(out, "predicted_R", row.text("predicted_R"), false);
                cell(out, "model_R", row.text("model_R"), false);
                // empty on a deployable row: the improvement compares uniform with optimized
                cell(out, "measured_improvement", row.text("measured_improvement"), false);
                out.append("</tr>\n");
            }
            out.append("</tbody></table></div>\n");
            if (cost) {
                out.append("<p>Measured cost: each run's measured reads per absent-key query weighted by its")
                        .append(" a<sub>i</sub>").append(c.measuredLookups() ? "" : ", plus v").append(".</p>\n");
            }
        }

        out.append("<h3>Figures</h3>\n<div class=\"figures\">\n");
        for (int i = 0; i < figures.size(); i++) {
            Figure figure = figures.get(i);
            // the last figure (R against memory) gets a row of its own, the two per-run figures share one
            String span = i == figures.size() - 1 && figures.size() % 2 == 1 ? " class=\"span\"" : "";
            out.append("<figure id=\"figure-").append(figure.name()).append('"').append(span).append(">\n").append(figure.element())
                    .append("\n<figcaption>").append(Html.escape(figure.title()))
                    .append(figure.name().equals(CaseFigures.name(c.id(), BloomBeforeLevelFigure.FIGURE))
                            ? BLOOM_BEFORE_LEVEL_CAPTION : "")
                    .append(figure.name().equals(CaseFigures.name(c.id(), AnchorsFigure.FIGURE)) ? ANCHORS_CAPTION : "")
                    .append(" (<a href=\"figures/")
                    .append(figure.name()).append(".svg\">SVG</a>)</figcaption>\n</figure>\n");
        }
        out.append("</div>\n</section>\n");
    }

}
