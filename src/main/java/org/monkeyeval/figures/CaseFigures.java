package org.monkeyeval.figures;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.Range;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.general.DatasetUtils;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import org.monkeyeval.alloc.MemorySweep;
import org.monkeyeval.report.ReportData;

/**
 * The figures of one case: bits per entry by run, FPR by run, and R (or, when lookups weight the
 * runs, the expected reads per lookup) against memory; for a case with a zero-result share, the reads
 * against that share ({@link ShareFigure}).
 */
public final class CaseFigures {

    /** Width and height of a per-case figure, in SVG user units (pixels at 100%). */
    public static final int WIDTH = 720;
    public static final int HEIGHT = 420;

    /** The run axis' label of the per-run figures. */
    private static final String RUN_AXIS = "run in probe order (entries)";
    /** Space between the bars of one run, as a share of the run's width. */
    private static final double BAR_ITEM_MARGIN = 0.05;
    /** Free space kept around a bar's value label, in SVG user units. */
    private static final double BAR_LABEL_GAP = 2;

    private static final Shape POINT = new Ellipse2D.Double(-4, -4, 8, 8);
    private static final Shape SQUARE = new Rectangle2D.Double(-4, -4, 8, 8);
    /** The deployable allocation's mark: filled when measured, open when predicted. */
    private static final Shape DIAMOND = ShapeUtils.createDiamond(5f);
    /** The current allocation's mark. */
    private static final Shape TRIANGLE = ShapeUtils.createUpTriangle(5f);

    /** The allocation confirm-cases.csv names for the deployable allocation. */
    private static final String DEPLOYABLE = "deployable";
    /** The measured allocations, in the order their points are drawn. */
    private static final List<String> MEASURED_ALLOCATIONS = List.of("uniform", "optimized", DEPLOYABLE);
    /** The current allocation's series name. */
    private static final String CURRENT = "current";

    /** Layouts named in the descriptions by more than their table name: label in the tables, name. */
    private static final String[][] LAYOUTS = {{"standard", "standard filter"}, {"rocksdb", "RocksDB layout"},
        {"rocksdb-engine", "RocksDB engine"}};
    /** The memory axis reaches this far beyond 0 and 24 bits per entry: room for a point at the budget. */
    private static final double AXIS_MARGIN = 0.5;
    /** A memory figure's share of its width for the curves; the panels zoomed on the budget get the rest. */
    private static final double MAIN_SHARE = 0.58;
    /** The curves' share when more than three layouts were measured, whose panels need the room. */
    private static final double MAIN_SHARE_MANY_LAYOUTS = 0.5;
    /** Space between the curves and the zoomed panels. */
    private static final double PANEL_GAP = 16;
    /** The budget line's label: its size, and its distance from the line and from the plot's top. */
    private static final float BUDGET_LABEL_SIZE = 11f;
    private static final double BUDGET_LABEL_OFFSET = 6;
    /** At most this many decades are labelled on a logarithmic axis (a figure's plot is some 250 units tall). */
    private static final long MAX_DECADE_LABELS = 12;

    private CaseFigures() {
    }

    /**
     * The figures of one case, in the order the page shows them. The third plots what the optimized
     * allocation minimizes: R for a case whose lookups are all for absent keys, the expected reads per
     * lookup (cost) for a case whose lookups weight the runs. A case with a zero-result share below 1, or an
     * uncertain one, has a fourth: the reads against that share. A case with rows in
     * bloom-before-level.csv (rocksdb-ribbon granularity) has, last, its reads and build work against
     * bloom_before_level ({@link BloomBeforeLevelFigure}).
     */
    public static List<Figure> of(ReportData.CaseData data) {
        Figure third = data.weighted() ? costByMemory(data) : probesByMemory(data);
        List<Figure> figures = new ArrayList<>(List.of(bitsByRun(data), fprByRun(data), third));
        if (data.zeroResultShare()) {
            figures.add(ShareFigure.of(data));
        }
        if (AnchorsFigure.drawn(data)) {
            figures.add(AnchorsFigure.of(data));
        }
        if (data.hasBloomBeforeLevel()) {
            figures.add(BloomBeforeLevelFigure.of(data));
        }
        return List.copyOf(figures);
    }

    /** File-name stem of one of a case's figures. */
    public static String name(String caseId, String figure) {
        return caseId + "-" + figure;
    }

    static String runLabel(ReportData.Row row) {
        String name = row.text("run_name");
        String label = name.isEmpty() ? "run " + row.text("run") : name;
        return label + " (" + AxisFormat.grouped(row.whole("entries")) + ")";
    }

    /** Figure 1: bits per entry of every run, uniform beside optimized, runs in probe order. */
    static Figure bitsByRun(ReportData.CaseData data) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        boolean deployable = data.hasDeployable();
        boolean current = data.hasCurrent();
        StringBuilder desc = new StringBuilder("Bar chart of filter bits per entry for each run of case "
                + data.id() + ", uniform beside optimized");
        if (deployable) {
            desc.append(", then deployable on ").append(engine(data)).append(" (the real bits per entry of the")
                    .append(" filter the engine builds at its setting for the run)");
        }
        if (current) {
            desc.append(", then current (the bits per entry the run holds today)");
        }
        desc.append('.');
        for (ReportData.Row row : data.runs()) {
            dataset.addValue(row.number("uniform_bits_per_entry"), "uniform", runLabel(row));
            dataset.addValue(row.number("optimized_bits_per_entry"), "optimized (Monkey)", runLabel(row));
            desc.append(' ').append(runLabel(row)).append(": uniform ")
                    .append(AxisFormat.label(row.number("uniform_bits_per_entry"))).append(", optimized ")
                    .append(AxisFormat.label(row.number("optimized_bits_per_entry")));
            if (deployable) {
                dataset.addValue(row.number("deployable_bits_per_entry"), deployableName(data), runLabel(row));
                desc.append(", deployable ").append(AxisFormat.label(row.number("deployable_bits_per_entry")))
                        .append(" (setting ").append(row.text("deployable_setting")).append(')');
            }
            if (current) {
                dataset.addValue(row.number("current_bits_per_entry"), CURRENT, runLabel(row));
                desc.append(", current ").append(AxisFormat.label(row.number("current_bits_per_entry")));
            }
            desc.append('.');
        }
        int series = 2 + (deployable ? 1 : 0) + (current ? 1 : 0);
        RunAxis runs = RunAxis.of(RUN_AXIS, data.runs(), CaseFigures::runLabel);
        NumberAxis bits = new NumberAxis("filter memory (bits per entry)");
        bits.setNumberFormatOverride(new AxisFormat());
        bits.setUpperMargin(0.12);
        BarRenderer bars = new BarRenderer();
        bars.setItemMargin(BAR_ITEM_MARGIN);
        bars.setDrawBarOutline(false);
        // four bars to a run leave room for shorter labels only
        float labelSize = series > 2 ? 9f : 10f;
        AxisFormat labelFormat = new AxisFormat(series > 2 ? 3 : 4);
        bars.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", labelFormat));
        bars.setDefaultItemLabelsVisible(true);
        CategoryPlot plot = new CategoryPlot(dataset, runs, bits, bars);
        plot.setOrientation(PlotOrientation.VERTICAL);
        String title = "Bits per entry by run: " + data.id();
        JFreeChart chart = chart(title, plot);
        // series styles after the theme, which resets them
        bars.setSeriesPaint(0, ChartStyle.UNIFORM);
        bars.setSeriesPaint(1, ChartStyle.OPTIMIZED);
        if (deployable) {
            bars.setSeriesPaint(2, ChartStyle.DEPLOYABLE);
        }
        if (current) {
            bars.setSeriesPaint(deployable ? 3 : 2, ChartStyle.CURRENT);
        }
        bars.setDefaultItemLabelFont(ChartStyle.font(labelSize));
        bars.setDefaultItemLabelPaint(ChartStyle.TEXT);

        double dataWidth = SvgExport.layout(chart, WIDTH, HEIGHT).getDataArea().getWidth();
        runs.fit(dataWidth);
        int height = HEIGHT + (int) runs.extraHeight();
        double widest = 0;
        for (int r = 0; r < dataset.getRowCount(); r++) {
            for (int c = 0; c < dataset.getColumnCount(); c++) {
                widest = Math.max(widest, ChartStyle.width(labelFormat.format(dataset.getValue(r, c)), labelSize));
            }
        }
        double category = runs.categoryWidth(dataWidth);
        double barPitch = category * (1 - BAR_ITEM_MARGIN) / series + category * BAR_ITEM_MARGIN / (series - 1);
        if (widest + BAR_LABEL_GAP <= barPitch) {
            desc.append(" Each bar is labelled with its value.");
        } else if (ChartStyle.lineHeight(labelSize) + BAR_LABEL_GAP <= barPitch) {
            // too narrow for a label across the bar: turned upright above it, with room above the tallest
            bars.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE12,
                    TextAnchor.CENTER_LEFT, TextAnchor.CENTER_LEFT, -Math.PI / 2));
            double dataHeight = SvgExport.layout(chart, WIDTH, height).getDataArea().getHeight();
            // the label starts just above the bar (JFreeChart's anchor offset) and keeps a gap to the plot's top
            double room = widest + 4 * BAR_LABEL_GAP + 4;
            bits.setUpperMargin(Math.max(0.12, room / (dataHeight - room)));
            desc.append(" Each bar is labelled with its value, upright above it.");
        } else {
            bars.setDefaultItemLabelsVisible(false);
            desc.append(" The bars are too narrow to carry their values, which are listed above.");
        }
        return SvgExport.export(chart, name(data.id(), "bits"), title, desc.toString(), WIDTH, height,
                series * data.runs().size());
    }

    /** Figure 2: FPR of every run on a log axis, both allocations, model and RocksDB-layout prediction. */
    static Figure fprByRun(ReportData.CaseData data) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        List<ReportData.Row> uniformRocks = data.confirmRuns("uniform", "rocksdb");
        List<ReportData.Row> optimizedRocks = data.confirmRuns("optimized", "rocksdb");
        boolean rocks = uniformRocks.size() == data.runs().size() && optimizedRocks.size() == data.runs().size();
        StringBuilder desc = new StringBuilder("Line chart, logarithmic vertical axis: false-positive rate of each run"
                + " of case " + data.id() + " under the uniform and the optimized allocation, model e^(-c b)");
        desc.append(rocks ? " and the RocksDB cache-local layout's prediction." : "; no RocksDB-layout confirmation"
                + " in the tables.");
        boolean deployable = data.hasDeployable();
        boolean current = data.hasCurrent();
        if (deployable) {
            desc.append(" Deployable: the rate the engine's own filter is predicted to give at the engine's setting"
                    + " for the run (").append(engine(data)).append(").");
        }
        if (current) {
            desc.append(" Current: the model's rate at the bits per entry the run holds today.");
        }
        int marks = 0;
        for (int i = 0; i < data.runs().size(); i++) {
            ReportData.Row row = data.runs().get(i);
            String run = runLabel(row);
            dataset.addValue(row.number("uniform_ideal_fpr"), "uniform, model", run);
            dataset.addValue(row.number("optimized_ideal_fpr"), "optimized, model", run);
            marks += 2;
            desc.append(' ').append(run).append(": uniform ").append(AxisFormat.label(row.number("uniform_ideal_fpr")))
                    .append(", optimized ").append(AxisFormat.label(row.number("optimized_ideal_fpr")));
            if (rocks) {
                double u = fprOrOne(uniformRocks.get(i));
                double o = fprOrOne(optimizedRocks.get(i));
                dataset.addValue(u, "uniform, RocksDB layout (predicted)", run);
                dataset.addValue(o, "optimized, RocksDB layout (predicted)", run);
                marks += 2;
                desc.append("; RocksDB layout uniform ").append(AxisFormat.label(u)).append(", optimized ")
                        .append(AxisFormat.label(o));
            }
            if (deployable) {
                dataset.addValue(row.number("deployable_fpr"), deployableName(data) + ", engine's filter (predicted)",
                        run);
                marks++;
                desc.append("; deployable ").append(AxisFormat.label(row.number("deployable_fpr")));
            }
            if (current) {
                dataset.addValue(row.number("current_fpr"), CURRENT + ", model", run);
                marks++;
                desc.append("; current ").append(AxisFormat.label(row.number("current_fpr")));
            }
            desc.append('.');
        }
        RunAxis runs = RunAxis.of(RUN_AXIS, data.runs(), CaseFigures::runLabel);
        LogAxis fpr = logAxis("false-positive rate (log scale)");
        decades(fpr, min(dataset), max(dataset));
        LineAndShapeRenderer lines = new MarkedRenderers.CategoryLines();
        CategoryPlot plot = new CategoryPlot(dataset, runs, fpr, lines);
        String title = "False-positive rate by run: " + data.id();
        JFreeChart chart = chart(title, plot);
        style(lines, 0, ChartStyle.UNIFORM, ChartStyle.LINE, SQUARE);
        style(lines, 1, ChartStyle.OPTIMIZED, ChartStyle.LINE, POINT);
        style(lines, 2, ChartStyle.UNIFORM, ChartStyle.DASHED, SQUARE);
        style(lines, 3, ChartStyle.OPTIMIZED, ChartStyle.DASHED, POINT);
        int next = rocks ? 4 : 2;
        if (deployable) {
            style(lines, next++, ChartStyle.DEPLOYABLE, ChartStyle.DASHED, DIAMOND);
        }
        if (current) {
            style(lines, next, ChartStyle.CURRENT, ChartStyle.LINE, TRIANGLE);
        }
        runs.fit(SvgExport.layout(chart, WIDTH, HEIGHT).getDataArea().getWidth());
        return SvgExport.export(chart, name(data.id(), "fpr"), title, desc.toString(), WIDTH,
                HEIGHT + (int) runs.extraHeight(), marks);
    }

    private static double min(DefaultCategoryDataset d) {
        double m = Double.POSITIVE_INFINITY;
        for (int r = 0; r < d.getRowCount(); r++) {
            for (int c = 0; c < d.getColumnCount(); c++) {
                m = Math.min(m, d.getValue(r, c).doubleValue());
            }
        }
        return m;
    }

    private static double max(DefaultCategoryDataset d) {
        double m = Double.NEGATIVE_INFINITY;
        for (int r = 0; r < d.getRowCount(); r++) {
            for (int c = 0; c < d.getColumnCount(); c++) {
                m = Math.max(m, d.getValue(r, c).doubleValue());
            }
        }
        return m;
    }

    /** A run without a filter under the layout's rules is read by every lookup: rate 1. */
    private static double fprOrOne(ReportData.Row row) {
        return row.has("predicted_fpr") ? row.number("predicted_fpr") : 1.0;
    }

    /**
     * Figure 3: R against bits per entry from the sweep, both allocations under the model and the
     * RocksDB layout, the case's budget marked with the predicted deployable and current points on it;
     * beside it, the panels zoomed on the budget ({@link BudgetZoom}): the measured R of each allocation
     * by layout with its 95% interval, against the curves' values at the budget.
     */
    static Figure probesByMemory(ReportData.CaseData data) {
        XYSeriesCollection curves = new XYSeriesCollection();
        XYSeries uniform = new XYSeries("uniform, model", false, true);
        XYSeries optimized = new XYSeries("optimized, model", false, true);
        XYSeries uniformRocks = new XYSeries("uniform, RocksDB layout (predicted)", false, true);
        XYSeries optimizedRocks = new XYSeries("optimized, RocksDB layout (predicted)", false, true);
        for (ReportData.Row row : data.sweep()) {
            double b = row.number("bits_per_entry");
            uniform.add(b, row.number("uniform_ideal_R"));
            optimized.add(b, row.number("optimized_ideal_R"));
            uniformRocks.add(b, row.number("uniform_rocksdb_R"));
            optimizedRocks.add(b, row.number("optimized_rocksdb_R"));
        }
        curves.addSeries(uniform);
        curves.addSeries(optimized);
        curves.addSeries(uniformRocks);
        curves.addSeries(optimizedRocks);
        int marks = 4 * data.sweep().size();
        double budget = data.summary().number("bits_per_entry");

        List<MeasuredPoint> measuredPoints = measuredPoints(data, r -> true);
        List<BudgetZoom.Point> zoomPoints = new ArrayList<>();
        StringBuilder points = new StringBuilder();
        for (MeasuredPoint p : measuredPoints) {
            ReportData.Row r = p.row();
            double expected = p.predicted("R");
            zoomPoints.add(p.zoomPoint(r.number("measured_R") / expected, r.number("measured_R_low") / expected,
                    r.number("measured_R_high") / expected));
            points.append(' ').append(p.allocation()).append(" measured with the ").append(layoutName(p.layout()))
                    .append(": R = ").append(AxisFormat.label(r.number("measured_R"))).append(" [")
                    .append(AxisFormat.label(r.number("measured_R_low"))).append(", ")
                    .append(AxisFormat.label(r.number("measured_R_high"))).append("], predicted ")
                    .append(AxisFormat.label(expected)).append(", ratio ")
                    .append(AxisFormat.label(r.number("measured_R") / expected, 4)).append('.');
        }

        LogAxis probes = logAxis("expected probes R per lookup (log scale)");
        StringBuilder predictedDesc = new StringBuilder();
        XYSeriesCollection predicted = predictedPoints(data, "R", budget, predictedDesc);
        Range range = span(curves, predicted);
        marks += measuredPoints.size() + predicted.getSeriesCount();
        decades(probes, range.getLowerBound(), range.getUpperBound());
        XYLineAndShapeRenderer lines = new MarkedRenderers.XYLines(true, false);
        XYPlot plot = new XYPlot(curves, memoryAxis(), probes, lines);

        String title = "Expected probes against memory: " + data.id();
        String desc = "Line chart, logarithmic vertical axis: expected false-positive probes R of one absent-key"
                + " lookup against filter memory from 0 to 24 bits per entry for case " + data.id()
                + ", uniform and optimized allocation, under the model (solid) and the RocksDB cache-local layout's"
                + " prediction (dashed). A dashed vertical line marks the case's budget of "
                + AxisFormat.label(budget) + " bits per entry."
                + predictedDesc
                + (points.length() == 0 ? " No measured R in the tables." : " Beside it, panels zoomed on the"
                + " budget, one per allocation, show each measured R at the budget divided by what its layout"
                + " predicts (confirm-cases.csv, predicted_R), by layout as that table names it, each with its 95%"
                + " interval; a dashed line at 1 marks a measurement equal to its prediction:" + points);
        List<LegendItem> model = new ArrayList<>(List.of(
                Legends.line("uniform", ChartStyle.UNIFORM, ChartStyle.LINE),
                Legends.line("optimized", ChartStyle.OPTIMIZED, ChartStyle.LINE),
                Legends.line("model", ChartStyle.CURRENT, ChartStyle.LINE),
                Legends.line("RocksDB layout (predicted)", ChartStyle.CURRENT, ChartStyle.DASHED)));
        MemoryChart chart = memoryChart(data, title, plot, predicted, budget, zoomPoints, true, model);
        style(lines, 0, ChartStyle.UNIFORM, ChartStyle.LINE);
        style(lines, 1, ChartStyle.OPTIMIZED, ChartStyle.LINE);
        style(lines, 2, ChartStyle.UNIFORM, ChartStyle.DASHED);
        style(lines, 3, ChartStyle.OPTIMIZED, ChartStyle.DASHED);
        return SvgExport.export(chart.chart(), name(data.id(), "probes"), title, desc, WIDTH,
                HEIGHT + 60 + legendRows(data) + chart.extraHeight(), marks);
    }

    /** A dashed vertical line at the case's budget, labelled by {@link #fitBudgetLabel}. */
    private static ValueMarker budgetMarker(double budget) {
        ValueMarker marker = new ValueMarker(budget, ChartStyle.BUDGET, ChartStyle.MARKER);
        marker.setLabelFont(ChartStyle.font(BUDGET_LABEL_SIZE));
        marker.setLabelPaint(ChartStyle.TEXT);
        marker.setLabelBackgroundColor(Color.WHITE);
        marker.setLabelOffset(new RectangleInsets(4, BUDGET_LABEL_OFFSET, 4, BUDGET_LABEL_OFFSET));
        return marker;
    }

    /**
     * Labels the budget line on the side where the label fits inside the plot (which clips it), right
     * of the line first; without the unit when neither side has room for it.
     */
    private static void fitBudgetLabel(ValueMarker marker, ValueAxis memory, Rectangle2D dataArea) {
        double budget = marker.getValue();
        double x = memory.valueToJava2D(budget, dataArea, RectangleEdge.BOTTOM);
        double right = dataArea.getMaxX() - x - 2 * BUDGET_LABEL_OFFSET;
        double left = x - dataArea.getMinX() - 2 * BUDGET_LABEL_OFFSET;
        String label = "budget " + AxisFormat.label(budget) + " bits/entry";
        double width = ChartStyle.width(label, BUDGET_LABEL_SIZE);
        if (width > Math.max(left, right)) {
            label = "budget " + AxisFormat.label(budget);
            width = ChartStyle.width(label, BUDGET_LABEL_SIZE);
        }
        boolean onRight = width <= right || right >= left;
        marker.setLabel(label);
        marker.setLabelAnchor(onRight ? RectangleAnchor.TOP_RIGHT : RectangleAnchor.TOP_LEFT);
        marker.setLabelTextAnchor(onRight ? TextAnchor.TOP_LEFT : TextAnchor.TOP_RIGHT);
    }

    /**
     * Figure 3 of a case whose lookups weight the runs: the expected run reads per lookup,
     * cost = sum a_i p_i + v (without v for measured lookups), against bits per entry from the sweep,
     * uniform and optimized under the model, the budget marked, and beside it the panels zoomed on the
     * budget with the measured cost of each confirmed allocation by layout. confirm-cases.csv gives no
     * interval for the cost, so the points carry none. The axis is logarithmic when the curves span more
     * than a decade (measured lookups, no v), linear otherwise (v bounds the cost from below).
     */
    static Figure costByMemory(ReportData.CaseData data) {
        XYSeriesCollection curves = new XYSeriesCollection();
        XYSeries uniform = new XYSeries("uniform, model", false, true);
        XYSeries optimized = new XYSeries("optimized (minimizes the cost), model", false, true);
        for (ReportData.Row row : data.sweep()) {
            double b = row.number("bits_per_entry");
            uniform.add(b, row.number("uniform_ideal_cost"));
            optimized.add(b, row.number("optimized_ideal_cost"));
        }
        curves.addSeries(uniform);
        curves.addSeries(optimized);
        int marks = 2 * data.sweep().size();
        double budget = data.summary().number("bits_per_entry");

        List<MeasuredPoint> measuredPoints = measuredPoints(data, r -> r.has("measured_cost"));
        List<BudgetZoom.Point> zoomPoints = new ArrayList<>();
        StringBuilder points = new StringBuilder();
        for (MeasuredPoint p : measuredPoints) {
            double cost = p.row().number("measured_cost");
            double expected = p.predicted("cost");
            zoomPoints.add(p.zoomPoint(cost / expected, cost / expected, cost / expected));
            points.append(' ').append(p.allocation()).append(" measured with the ").append(layoutName(p.layout()))
                    .append(": cost = ").append(AxisFormat.label(cost)).append(", predicted ")
                    .append(AxisFormat.label(expected)).append(", ratio ").append(AxisFormat.label(cost / expected, 4))
                    .append('.');
        }

        StringBuilder predictedDesc = new StringBuilder();
        XYSeriesCollection predicted = predictedPoints(data, "cost", budget, predictedDesc);
        Range range = span(curves, predicted);
        marks += measuredPoints.size() + predicted.getSeriesCount();
        boolean log = range.getUpperBound() > 10 * range.getLowerBound();
        String what = data.measuredLookups() ? "expected reads per lookup Σ a_i·p_i" : "expected reads per lookup"
                + " Σ a_i·p_i + v";
        ValueAxis cost;
        if (log) {
            LogAxis axis = logAxis(what + " (log scale)");
            decades(axis, range.getLowerBound(), range.getUpperBound());
            cost = axis;
        } else {
            NumberAxis axis = new NumberAxis(what);
            axis.setNumberFormatOverride(new AxisFormat());
            axis.setAutoRangeIncludesZero(false);
            axis.setUpperMargin(0.08);
            cost = axis;
        }
        XYLineAndShapeRenderer lines = new MarkedRenderers.XYLines(true, false);
        XYPlot plot = new XYPlot(curves, memoryAxis(), cost, lines);
        String title = "Expected reads per lookup against memory: " + data.id();
        String weights = data.measuredLookups()
                ? "runs weighted by their measured lookups a_i, without the read of a found key (v unknown)"
                : "runs weighted by the lookups that reach them, a_i, plus one read for each found key (v = "
                + AxisFormat.label(1.0 - data.summary().number("zero_result_share")) + ")";
        String desc = "Line chart, " + (log ? "logarithmic" : "linear") + " vertical axis: expected run reads of one"
                + " lookup (false positives of the runs passed, " + weights + ") against filter memory from 0 to 24"
                + " bits per entry for case " + data.id() + ", uniform and the optimized allocation that minimizes"
                + " this cost, under the model. A dashed vertical line marks the case's budget of "
                + AxisFormat.label(budget) + " bits per entry."
                + predictedDesc
                + (points.length() == 0 ? " No measured cost in the tables." : " Beside it, panels zoomed on the"
                + " budget, one per allocation, show each measured cost at the budget divided by what its layout"
                + " predicts (confirm-cases.csv, predicted_cost; no interval in the tables), by layout as that"
                + " table names it; a dashed line at 1 marks a measurement equal to its prediction:" + points);
        List<LegendItem> model = new ArrayList<>(List.of(
                Legends.line("uniform", ChartStyle.UNIFORM, ChartStyle.LINE),
                Legends.line("optimized (minimizes the cost)", ChartStyle.OPTIMIZED, ChartStyle.LINE)));
        MemoryChart chart = memoryChart(data, title, plot, predicted, budget, zoomPoints, false, model);
        style(lines, 0, ChartStyle.UNIFORM, ChartStyle.LINE);
        style(lines, 1, ChartStyle.OPTIMIZED, ChartStyle.LINE);
        return SvgExport.export(chart.chart(), name(data.id(), "cost"), title, desc, WIDTH,
                HEIGHT + 60 + legendRows(data) / 2 + chart.extraHeight(), marks);
    }

    /** A memory figure's chart and the height it needs beyond the figure's base height (upright layout names). */
    private record MemoryChart(JFreeChart chart, int extraHeight) {
    }

    /**
     * The chart of a memory figure: {@code plot} (the curves over memory) with the budget marker and the
     * predicted points, and beside it, when anything was measured, the panels zoomed on the budget
     * ({@link BudgetZoom}: each measured value divided by its layout's prediction); under both the legend
     * in two groups, the model's lines and points, then the measured points. Series styles of
     * {@code plot}'s curves are the caller's, after this returns.
     */
    private static MemoryChart memoryChart(ReportData.CaseData data, String title, XYPlot plot,
                                           XYSeriesCollection predicted, double budget,
                                           List<BudgetZoom.Point> zoomPoints, boolean intervals,
                                           List<LegendItem> model) {
        XYLineAndShapeRenderer predictedDots = new MarkedRenderers.XYLines(false, true);
        if (predicted.getSeriesCount() > 0) {
            plot.setDataset(1, predicted);
            plot.setRenderer(1, predictedDots);
        }
        ValueMarker budgetLine = budgetMarker(budget);
        plot.addDomainMarker(budgetLine);
        List<String> layouts = zoomPoints.stream().map(BudgetZoom.Point::layout).distinct().toList();
        CombinedDomainXYPlot zoom = zoomPoints.isEmpty() ? null : BudgetZoom.of(zoomPoints, layouts, intervals,
                "measured ÷ predicted, by layout");
        double share = layouts.size() > 3 ? MAIN_SHARE_MANY_LAYOUTS : MAIN_SHARE;
        Plot whole = zoom == null ? plot : new PanelRow(List.of(plot, zoom), List.of(share, 1 - share), PANEL_GAP);
        JFreeChart chart = new JFreeChart(title, ChartStyle.font(16f), whole, false);
        ChartStyle.apply(chart);
        chart.setElementHinting(true);
        stylePredicted(predictedDots, data);
        if (data.hasDeployable()) {
            model.add(Legends.point(deployableName(data) + ", engine's filter", DIAMOND, ChartStyle.DEPLOYABLE,
                    false));
        }
        if (data.hasCurrent()) {
            model.add(Legends.point(CURRENT, TRIANGLE, ChartStyle.CURRENT, true));
        }
        int extraHeight = 0;
        if (zoom != null) {
            BudgetZoom.style(zoom, zoomPoints);
            List<LegendItem> measured = new ArrayList<>();
            for (String allocation : MEASURED_ALLOCATIONS) {
                zoomPoints.stream().filter(p -> p.allocation().equals(allocation)).findFirst().ifPresent(p ->
                        measured.add(Legends.point(allocation, p.shape(), p.colour(), p.filled())));
            }
            measured.add(Legends.line("as predicted", ChartStyle.BUDGET, ChartStyle.DASHED));
            Legends.addGroup(chart, intervals ? "measured ÷ predicted, 95% interval:" : "measured ÷ predicted:",
                    measured);
        }
        Legends.addGroup(chart, "model:", model);
        PlotRenderingInfo layout = SvgExport.layout(chart, WIDTH, HEIGHT);
        fitBudgetLabel(budgetLine, plot.getDomainAxis(), zoom == null ? layout.getDataArea()
                : layout.getSubplotInfo(0).getDataArea());
        if (zoom != null) {
            // upright layout names when they would not fit side by side, with the height they take
            double width = layout.getSubplotInfo(1).getDataArea().getWidth();
            SymbolAxis axis = (SymbolAxis) zoom.getDomainAxis();
            double pitch = width / layouts.size();
            double widest = layouts.stream().mapToDouble(l -> ChartStyle.width(l, ChartStyle.TICK_SIZE)).max()
                    .orElse(0);
            boolean fits = widest + RunAxis.LABEL_GAP <= pitch;
            axis.setVerticalTickLabels(!fits);
            extraHeight = fits ? 0 : (int) Math.ceil(widest - ChartStyle.lineHeight(ChartStyle.TICK_SIZE));
        }
        return new MemoryChart(chart, extraHeight);
    }

    private static Shape measuredShape(String allocation) {
        return switch (allocation) {
            case "uniform" -> SQUARE;
            case DEPLOYABLE -> DIAMOND;
            default -> POINT;
        };
    }

    private static Color allocationColour(String allocation) {
        return switch (allocation) {
            case "uniform" -> ChartStyle.UNIFORM;
            case DEPLOYABLE -> ChartStyle.DEPLOYABLE;
            default -> ChartStyle.OPTIMIZED;
        };
    }

    /**
     * One measured point at the budget: a {@code confirm-cases.csv} row of one allocation and layout, the
     * layout as the table names it.
     */
    private record MeasuredPoint(String allocation, String layout, ReportData.Row row) {

        /** The point in the zoomed panels: the allocation's colour, open square uniform, dot optimized, diamond deployable. */
        BudgetZoom.Point zoomPoint(double value, double low, double high) {
            return new BudgetZoom.Point(allocation, layout, allocation + ", measured, " + layout, value, low, high,
                    allocationColour(allocation), measuredShape(allocation), !allocation.equals("uniform"));
        }

        /**
         * What the layout predicts for the measured {@code measure} (R or cost): the row's predicted_ column,
         * or the model's value when a table written before predictions lacks it.
         */
        double predicted(String measure) {
            double p = row.has("predicted_" + measure) ? row.number("predicted_" + measure)
                    : row.number("model_" + measure);
            if (!(p > 0)) {
                throw new ReportData.TableException(row.file() + ":" + row.line() + ": predicted " + measure + " ("
                        + p + ") must be > 0 to compare the measurement with");
            }
            return p;
        }
    }

    /** A layout's name in the descriptions: the ones the tool has always confirmed by name, others as the table says. */
    private static String layoutName(String layout) {
        for (String[] known : LAYOUTS) {
            if (known[0].equals(layout)) {
                return known[1];
            }
        }
        return layout + " layout";
    }

    /**
     * The case's measured points that {@code usable} accepts, by layout in the order confirm-cases.csv
     * first names them, then by allocation: the order of their series in both figures that draw them.
     */
    private static List<MeasuredPoint> measuredPoints(ReportData.CaseData data, Predicate<ReportData.Row> usable) {
        List<String> layouts = data.confirmCases().stream().map(r -> r.text("layout")).distinct().toList();
        List<MeasuredPoint> points = new ArrayList<>();
        for (String layout : layouts) {
            for (String allocation : MEASURED_ALLOCATIONS) {
                Optional<ReportData.Row> row = data.measured(allocation, layout);
                if (row.isPresent() && usable.test(row.get())) {
                    points.add(new MeasuredPoint(allocation, layout, row.get()));
                }
            }
        }
        return points;
    }

    /** The memory axis: 0 to 24 bits per entry with room for the points drawn at a budget at either end. */
    private static NumberAxis memoryAxis() {
        NumberAxis memory = new NumberAxis("filter memory (bits per entry)");
        memory.setNumberFormatOverride(new AxisFormat());
        memory.setRange(-AXIS_MARGIN, MemorySweep.MAX_BITS_PER_ENTRY + AXIS_MARGIN);
        return memory;
    }

    /** The vertical range of every series of {@code datasets} that has any, intervals included. */
    private static Range span(XYDataset... datasets) {
        Range range = null;
        for (XYDataset d : datasets) {
            if (d.getSeriesCount() > 0) {
                range = Range.combine(range, DatasetUtils.findRangeBounds(d, true));
            }
        }
        return range;
    }

    /**
     * Extra height for the legend rows of the deployable and current points (none without them): two rows
     * in the probes figure, half that in the cost figure, which has fewer entries.
     */
    private static int legendRows(ReportData.CaseData data) {
        return data.hasDeployable() || data.hasCurrent() ? 40 : 0;
    }

    /** The engine granularity of a case with a deployable allocation, as cases.csv names it. */
    private static String engine(ReportData.CaseData data) {
        return data.summary().text("engine_granularity");
    }

    /** The deployable series' name: the allocation and its engine. */
    private static String deployableName(ReportData.CaseData data) {
        return "deployable (" + engine(data) + ")";
    }

    /**
     * The predicted points of the deployable allocation (on the engine's filter, cases.csv
     * deployable_R or deployable_cost) and the current one (model, current_R or current_cost), at the
     * budget: one series each, deployable first, when the case has them. Appends their description to
     * {@code desc}.
     */
    private static XYSeriesCollection predictedPoints(ReportData.CaseData data, String measure, double budget,
                                                      StringBuilder desc) {
        XYSeriesCollection points = new XYSeriesCollection();
        if (data.hasDeployable()) {
            double v = data.summary().number("deployable_" + measure);
            XYSeries series = new XYSeries(deployableName(data) + ", engine's filter (predicted)", false, true);
            series.add(budget, v);
            points.addSeries(series);
            desc.append(" Open diamond on the budget line: the deployable allocation, the best ")
                    .append(engine(data)).append(" can express at its granularity, predicted on the engine's own")
                    .append(" filter: ").append(measure.equals("R") ? "R" : "cost").append(" = ")
                    .append(AxisFormat.label(v)).append('.');
        }
        if (data.hasCurrent()) {
            double v = data.summary().number("current_" + measure);
            XYSeries series = new XYSeries(CURRENT + ", model", false, true);
            series.add(budget, v);
            points.addSeries(series);
            desc.append(" Triangle on the budget line: the current allocation, the bits the")
                    .append(" runs hold today, under the model: ").append(measure.equals("R") ? "R" : "cost")
                    .append(" = ").append(AxisFormat.label(v)).append('.');
        }
        return points;
    }

    /** Styles the series of {@link #predictedPoints}: an open diamond, then a filled triangle. */
    private static void stylePredicted(XYLineAndShapeRenderer renderer, ReportData.CaseData data) {
        int s = 0;
        if (data.hasDeployable()) {
            renderer.setSeriesPaint(s, ChartStyle.DEPLOYABLE);
            renderer.setSeriesShape(s, DIAMOND);
            renderer.setSeriesShapesFilled(s, false);
            renderer.setSeriesOutlineStroke(s, new BasicStroke(1.5f));
            renderer.setUseOutlinePaint(false);
            s++;
        }
        if (data.hasCurrent()) {
            renderer.setSeriesPaint(s, ChartStyle.CURRENT);
            renderer.setSeriesShape(s, TRIANGLE);
            renderer.setSeriesShapesFilled(s, true);
        }
    }

    static LogAxis logAxis(String label) {
        LogAxis axis = new PlainLogAxis(label);
        axis.setSmallestValue(1e-12);
        return axis;
    }

    /**
     * Whole decades around the data: from the power of ten at or below the smallest value to the one at
     * or above the largest, at least one decade, so that ticks fall on 1, 0.1, 0.01, ... (on every
     * second or third decade when the data span more than {@link #MAX_DECADE_LABELS}).
     */
    static void decades(LogAxis axis, double min, double max) {
        double low = Math.pow(10, Math.floor(Math.log10(min) + 1e-9));
        double high = Math.pow(10, Math.ceil(Math.log10(max) - 1e-9));
        if (high <= low) {
            high = low * 10;
        }
        // a fifth of a decade beyond each end so that the end ticks are drawn and labelled
        axis.setRange(low * 0.6, high * 1.6);
        // a label per decade, or per few decades when more than MAX_DECADE_LABELS would crowd the axis
        long decades = Math.round(Math.log10(high / low));
        axis.setTickUnit(new NumberTickUnit(Math.max(1, (decades + MAX_DECADE_LABELS - 1) / MAX_DECADE_LABELS)));
    }

    static JFreeChart chart(String title, Plot plot) {
        JFreeChart chart = new JFreeChart(title, ChartStyle.font(16f), plot, true);
        ChartStyle.apply(chart);
        chart.setElementHinting(true);
        return chart;
    }

    private static void style(LineAndShapeRenderer r, int series, Color colour, Stroke stroke, Shape shape) {
        r.setSeriesPaint(series, colour);
        r.setSeriesStroke(series, stroke);
        r.setSeriesShape(series, shape);
        r.setSeriesShapesFilled(series, shape != SQUARE);
    }

    private static void style(XYLineAndShapeRenderer r, int series, Color colour, Stroke stroke) {
        r.setSeriesPaint(series, colour);
        r.setSeriesStroke(series, stroke);
    }

}
