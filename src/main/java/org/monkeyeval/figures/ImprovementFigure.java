package org.monkeyeval.figures;

import java.awt.Color;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.Range;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import org.monkeyeval.alloc.MemorySweep;
import org.monkeyeval.report.ReportData;

/**
 * Figure 4: improvement R_uniform / R_optimized against bits per entry for all cases. Cases whose
 * improvement is the same at every grid point of the sweep (the seed cases, whose runs have the same
 * relative sizes, coincide exactly) share one line, named in the legend by all their names; a dot marks
 * each case's own budget. The memory axis is linear in log(1 + b) ({@link Log1pAxis}), so that the
 * first bits per entry, where the improvement changes, are not squeezed against 0. Two panels share it: the
 * lines that rise to {@link #UPPER_PANEL_FROM} times or more above, the others below, each on its own
 * improvement axis, so that the many lines between 1 and 3 are not pressed against the axis of the high ones.
 */
public final class ImprovementFigure {

    /** File-name stem of the figure. */
    public static final String NAME = "all-cases-improvement";

    public static final int WIDTH = 760;
    public static final int HEIGHT = 700;

    /** Two cases' lines coincide when their improvements differ by at most this share at every grid point. */
    static final double COINCIDE = 1e-9;

    /** Labelled values of the memory axis. */
    private static final double[] MEMORY_TICKS = {0, 0.25, 0.5, 1, 2, 4, 8, 16, 24};
    /** A legend entry's line is broken after this many SVG units, between two case names. */
    private static final double LEGEND_LINE = 330;

    private static final Shape DOT = new Ellipse2D.Double(-4.5, -4.5, 9, 9);

    private ImprovementFigure() {
    }

    /** Cases drawn as one line: ids in table order. */
    record Group(List<ReportData.CaseData> cases) {
        String name() {
            return String.join(", ", cases.stream().map(ReportData.CaseData::id).toList());
        }
    }

    /**
     * A group's line goes in the upper panel when its largest improvement over the sweep reaches this many
     * times, else in the lower one: the lines that rise high and those that stay near 1 to 3 each get an axis
     * of their own, so that neither set is pressed together.
     */
    public static final double UPPER_PANEL_FROM = 3.0;

    public static Figure of(ReportData data) {
        List<Group> groups = groups(data.cases());
        // two panels over one memory axis: [0] the lines that rise to UPPER_PANEL_FROM or more, [1] the others
        List<XYSeriesCollection> lines = List.of(new XYSeriesCollection(), new XYSeriesCollection());
        List<XYSeriesCollection> budgets = List.of(new XYSeriesCollection(), new XYSeriesCollection());
        List<XYLineAndShapeRenderer> lineRenderers = List.of(new MarkedRenderers.XYLines(true, false),
                new MarkedRenderers.XYLines(true, false));
        List<XYLineAndShapeRenderer> dotRenderers = List.of(new MarkedRenderers.XYLines(false, true),
                new MarkedRenderers.XYLines(false, true));
        int marks = 0;
        StringBuilder desc = new StringBuilder("Line chart in two panels over one memory axis: improvement"
                + " R_uniform / R_optimized against filter memory from 0 to 24 bits per entry, the memory axis linear"
                + " in log(1 + bits per entry); the upper panel holds the cases whose improvement reaches "
                + AxisFormat.label(UPPER_PANEL_FROM) + " times, the lower one the others; a dot marks each case's own"
                + " budget. Cases whose improvement is the same at every bits per entry share one line, named by"
                + " all of them. A case whose lookups weight the runs minimizes the expected reads per lookup"
                + " instead of R, so its R improvement can fall below 1.");
        List<LegendItem> entries = new ArrayList<>();
        // series paints, strokes and shapes, set once the chart's theme is applied (the theme resets them)
        List<Runnable> styles = new ArrayList<>();
        for (int s = 0; s < groups.size(); s++) {
            Group g = groups.get(s);
            XYSeries series = new XYSeries(g.name(), false, true);
            // the line passes through every member's own budget: the grid, then each member's budget row
            Map<Double, Double> points = new TreeMap<>();
            for (ReportData.CaseData c : g.cases()) {
                for (ReportData.Row row : c.sweep()) {
                    points.putIfAbsent(row.number("bits_per_entry"), row.number("improvement"));
                }
            }
            points.forEach(series::add);
            marks += points.size();
            int panel = panel(points);
            XYSeriesCollection own = lines.get(panel);
            own.addSeries(series);
            Color colour = colour(s);
            java.awt.Stroke stroke = s < ChartStyle.CASE_COLOURS.length ? ChartStyle.LINE : ChartStyle.DASHED;
            int index = own.getSeriesCount() - 1;
            styles.add(() -> {
                lineRenderers.get(panel).setSeriesPaint(index, colour);
                lineRenderers.get(panel).setSeriesStroke(index, stroke);
            });
            entries.add(Legends.line(wrapped(g), colour, stroke));
            if (g.cases().size() > 1) {
                desc.append(" One line for ").append(g.cases().size()).append(" cases: ").append(g.name())
                        .append('.');
            }
            for (ReportData.CaseData c : g.cases()) {
                XYSeries dot = new XYSeries(c.id() + " budget", false, true);
                dot.add(c.summary().number("bits_per_entry"), c.summary().number("improvement"));
                budgets.get(panel).addSeries(dot);
                int d = budgets.get(panel).getSeriesCount() - 1;
                styles.add(() -> {
                    dotRenderers.get(panel).setSeriesPaint(d, colour);
                    dotRenderers.get(panel).setSeriesShape(d, DOT);
                });
                marks++;
            }
        }
        for (ReportData.CaseData c : data.cases()) {
            desc.append(' ').append(c.id()).append(": ").append(AxisFormat.label(c.summary().number("improvement")))
                    .append(" times at ").append(AxisFormat.label(c.summary().number("bits_per_entry")))
                    .append(" bits per entry.");
        }
        NumberAxis memory = new Log1pAxis("filter memory (bits per entry, log(1 + b) scale)",
                new Range(0.0, MemorySweep.MAX_BITS_PER_ENTRY + 0.5), MEMORY_TICKS);
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(memory);
        plot.setGap(12.0);
        for (int panel = 0; panel < 2; panel++) {
            if (lines.get(panel).getSeriesCount() == 0) {
                continue;
            }
            NumberAxis improvement = new NumberAxis("improvement (times)");
            improvement.setNumberFormatOverride(new AxisFormat());
            improvement.setAutoRangeIncludesZero(false);
            XYPlot part = new XYPlot(lines.get(panel), null, improvement, lineRenderers.get(panel));
            part.setDataset(1, budgets.get(panel));
            part.setRenderer(1, dotRenderers.get(panel));
            plot.add(part, 1);
        }
        String title = "Improvement R_uniform / R_optimized against memory, all cases";
        JFreeChart chart = new JFreeChart(title, ChartStyle.font(16f), plot, false);
        ChartStyle.apply(chart);
        styles.forEach(Runnable::run);
        chart.setElementHinting(true);
        entries.add(Legends.point("a case's own budget", DOT, ChartStyle.BUDGET, true));
        Legends.addGroup(chart, "cases:", entries);
        return SvgExport.export(chart, NAME, title, desc.toString(), WIDTH, HEIGHT, marks);
    }

    /** 0 (upper) for a line whose largest improvement reaches {@link #UPPER_PANEL_FROM}, else 1 (lower). */
    static int panel(Map<Double, Double> points) {
        double most = points.values().stream().mapToDouble(Double::doubleValue).max().orElse(0.0);
        return most >= UPPER_PANEL_FROM ? 0 : 1;
    }

    private static Color colour(int group) {
        return ChartStyle.CASE_COLOURS[group % ChartStyle.CASE_COLOURS.length];
    }

    /**
     * The cases in groups that draw the same line, each group in the order of its first case, cases in
     * table order: a case joins the first group whose first case coincides with it ({@link #coincide}).
     */
    static List<Group> groups(List<ReportData.CaseData> cases) {
        List<List<ReportData.CaseData>> groups = new ArrayList<>();
        for (ReportData.CaseData c : cases) {
            List<ReportData.CaseData> joined = null;
            for (List<ReportData.CaseData> g : groups) {
                if (coincide(g.get(0), c)) {
                    joined = g;
                    break;
                }
            }
            if (joined == null) {
                joined = new ArrayList<>();
                groups.add(joined);
            }
            joined.add(c);
        }
        return groups.stream().map(g -> new Group(List.copyOf(g))).toList();
    }

    /**
     * Whether two cases draw the same improvement line: their sweeps hold the same grid points (bits per
     * entry on the sweep's step, whether or not also a case's budget) and at each the improvements
     * differ by at most {@link #COINCIDE} of the larger.
     */
    static boolean coincide(ReportData.CaseData a, ReportData.CaseData b) {
        Map<Double, Double> ga = grid(a);
        Map<Double, Double> gb = grid(b);
        if (!ga.keySet().equals(gb.keySet())) {
            return false;
        }
        for (Map.Entry<Double, Double> e : ga.entrySet()) {
            double x = e.getValue();
            double y = gb.get(e.getKey());
            if (Math.abs(x - y) > COINCIDE * Math.max(Math.abs(x), Math.abs(y))) {
                return false;
            }
        }
        return true;
    }

    private static Map<Double, Double> grid(ReportData.CaseData c) {
        Map<Double, Double> grid = new TreeMap<>();
        for (ReportData.Row row : c.sweep()) {
            double b = row.number("bits_per_entry");
            double steps = b / MemorySweep.STEP;
            if (steps == Math.rint(steps)) {
                grid.put(b, row.number("improvement"));
            }
        }
        return grid;
    }

    /** A group's legend label: its names, broken into lines of at most {@link #LEGEND_LINE} between names. */
    private static String wrapped(Group g) {
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (ReportData.CaseData c : g.cases()) {
            String next = line.length() == 0 ? c.id() : line + ", " + c.id();
            if (line.length() > 0 && ChartStyle.width(next, ChartStyle.LEGEND_SIZE) > LEGEND_LINE) {
                out.append(line).append(",\n");
                line.setLength(0);
                line.append(c.id());
            } else {
                line.setLength(0);
                line.append(next);
            }
        }
        return out.append(line).toString();
    }
}
