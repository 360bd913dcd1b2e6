package org.monkeyeval.figures;

import java.awt.Color;
import java.util.Arrays;
import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import org.monkeyeval.alloc.ReadsAgainstShare;
import org.monkeyeval.report.ReportData;

/**
 * Figure 4 of a case with a zero-result share: the expected run reads per lookup against the share z
 * from 0 to 1 (above, linear) and the false positives among them (below, logarithmic, where allocations
 * that cost nearly the same reads part) of the uniform allocation, the optimum for the case's nominal z, the robust allocation
 * when z is uncertain (its interval shaded), and no filter on the last level with its bits spread evenly
 * over the other runs; the share below which dropping that filter beats uniform bits is marked. Every
 * line is drawn from the rates rows.csv gives ({@link ReadsAgainstShare}): a fixed allocation's cost is
 * a straight line in z.
 */
public final class ShareFigure {

    /** Steps of each line's grid: z = 0, 0.05, ..., 1 (see {@link #shares}). */
    public static final int STEPS = 20;

    private ShareFigure() {
    }

    /**
     * The shares each line is drawn through: z = 0, 0.05, ..., 1, and the share below which dropping the
     * last level's filter beats uniform bits when it lies strictly between two of them (so that the two
     * lines meet there on the logarithmic panel too, where a chord between grid points would miss).
     */
    public static double[] shares(double dropBeatsUniformBelow) {
        double[] grid = new double[STEPS + 1];
        for (int k = 0; k <= STEPS; k++) {
            grid[k] = (double) k / STEPS;
        }
        double z = dropBeatsUniformBelow;
        if (!(z > 0.0 && z < 1.0) || Arrays.binarySearch(grid, z) >= 0) {
            return grid;
        }
        double[] with = Arrays.copyOf(grid, STEPS + 2);
        with[STEPS + 1] = z;
        Arrays.sort(with);
        return with;
    }

    /** The rate of each run of one rows.csv column. */
    private static double[] rates(ReportData.CaseData data, String column) {
        List<ReportData.Row> runs = data.runs();
        double[] fpr = new double[runs.size()];
        for (int i = 0; i < fpr.length; i++) {
            fpr[i] = runs.get(i).number(column);
        }
        return fpr;
    }

    static long[] entries(ReportData.CaseData data) {
        return data.runs().stream().mapToLong(r -> r.whole("entries")).toArray();
    }

    /** The last level's runs, from rows.csv's level column (the last run when no run has one). */
    static boolean[] lastLevel(ReportData.CaseData data) {
        Integer[] levels = new Integer[data.runs().size()];
        for (int i = 0; i < levels.length; i++) {
            ReportData.Row row = data.runs().get(i);
            levels[i] = row.has("level") ? (int) row.whole("level") : null;
        }
        return ReadsAgainstShare.lastLevel(levels);
    }

    /** The rates with no filter on the last level, the case's budget spread over the other runs. */
    public static double[] lastLevelDropped(ReportData.CaseData data) {
        return ReadsAgainstShare.lastLevelDropped(entries(data), lastLevel(data),
                data.summary().number("budget_bits"));
    }

    /** The share below which dropping the last level's filter beats uniform bits (see {@link ReadsAgainstShare#betterBelow}). */
    public static double dropBeatsUniformBelow(ReportData.CaseData data) {
        return ReadsAgainstShare.betterBelow(entries(data), lastLevelDropped(data), rates(data, "uniform_ideal_fpr"));
    }

    public static Figure of(ReportData.CaseData data) {
        long[] entries = entries(data);
        boolean robust = data.uncertainShare();
        double nominal = data.summary().number("zero_result_share");
        double[][] lines = robust
                ? new double[][] {rates(data, "uniform_ideal_fpr"), rates(data, "optimized_ideal_fpr"), rates(data, "robust_ideal_fpr"),
                    lastLevelDropped(data)}
                : new double[][] {rates(data, "uniform_ideal_fpr"), rates(data, "optimized_ideal_fpr"), lastLevelDropped(data)};
        String low = robust ? AxisFormat.label(data.summary().number("zero_result_share_low")) : "";
        String high = robust ? AxisFormat.label(data.summary().number("zero_result_share_high")) : "";
        String[] names = robust
                ? new String[] {"uniform", "optimized for z = " + AxisFormat.label(nominal),
                    "robust over z in [" + low + ", " + high + "] (shaded)", "no filter on the last level"}
                : new String[] {"uniform", "optimized for z = " + AxisFormat.label(nominal),
                    "no filter on the last level"};
        Color[] colours = robust
                ? new Color[] {ChartStyle.UNIFORM, ChartStyle.OPTIMIZED, ChartStyle.ROBUST, ChartStyle.NO_LAST_FILTER}
                : new Color[] {ChartStyle.UNIFORM, ChartStyle.OPTIMIZED, ChartStyle.NO_LAST_FILTER};
        XYSeriesCollection reads = new XYSeriesCollection();
        XYSeriesCollection vain = new XYSeriesCollection();
        int marks = 0;
        StringBuilder desc = new StringBuilder("Line chart in two panels sharing the horizontal axis, the share z of"
                + " lookups for absent keys from 0 to 1, for case " + data.id() + " at its budget of "
                + AxisFormat.label(data.summary().number("bits_per_entry")) + " bits per entry. Top, linear: expected"
                + " run reads of one lookup, the false positives of the runs passed plus one read for each found key"
                + " (v = 1 - z). Bottom, logarithmic: the false positives alone, where the allocations differ (a"
                + " line without a last-level filter leaves the panel below where its false positives are far"
                + " fewer). A fixed allocation's cost is a straight line in z.");
        double[] shares = shares(dropBeatsUniformBelow(data));
        for (int s = 0; s < lines.length; s++) {
            XYSeries total = new XYSeries(names[s], false, true);
            XYSeries falsePositives = new XYSeries(names[s] + ", false positives", false, true);
            for (double z : shares) {
                double cost = ReadsAgainstShare.cost(entries, lines[s], z);
                total.add(z, cost);
                double inVain = ReadsAgainstShare.falsePositiveReads(entries, lines[s], z);
                if (inVain > 0.0) { // a log axis has no place for none (one run, z = 0)
                    falsePositives.add(z, inVain);
                }
            }
            marks += total.getItemCount() + falsePositives.getItemCount();
            reads.addSeries(total);
            vain.addSeries(falsePositives);
            desc.append(' ').append(Character.toUpperCase(names[s].charAt(0))).append(names[s].substring(1))
                    .append(": ").append(AxisFormat.label(ReadsAgainstShare.cost(entries, lines[s], 0.0)))
                    .append(" reads at z = 0, ").append(AxisFormat.label(ReadsAgainstShare.cost(entries, lines[s], 1.0)))
                    .append(" at z = 1.");
        }
        desc.append(" No filter on the last level gives the last level's runs no filter and spreads the whole budget"
                + " evenly over the other runs.");

        NumberAxis share = new NumberAxis("share of lookups for absent keys z");
        share.setNumberFormatOverride(new AxisFormat());
        share.setRange(0.0, 1.0);
        NumberAxis readsAxis = new NumberAxis("reads per lookup Σ a_i·p_i + v");
        readsAxis.setNumberFormatOverride(new AxisFormat());
        readsAxis.setAutoRangeIncludesZero(true);
        readsAxis.setUpperMargin(0.14);
        XYLineAndShapeRenderer top = new MarkedRenderers.XYLines(true, false);
        XYPlot readsPlot = new XYPlot(reads, null, readsAxis, top);
        LogAxis vainAxis = CaseFigures.logAxis("false positives Σ a_i·p_i (log)");
        // the decades of the lines but the one without a last-level filter, which may leave the panel below
        // (at z near 0 its false positives are those of the upper runs alone)
        double least = Double.POSITIVE_INFINITY;
        double most = 0.0;
        for (int s = 0; s < vain.getSeriesCount(); s++) {
            for (int k = 0; k < vain.getItemCount(s); k++) {
                double v = vain.getYValue(s, k);
                most = Math.max(most, v);
                if (s < vain.getSeriesCount() - 1) {
                    least = Math.min(least, v);
                }
            }
        }
        if (most > 0.0) {
            // at most four decades below the largest: an optimum for z = 0 drops the last level's filter too
            CaseFigures.decades(vainAxis, Math.max(Double.isFinite(least) ? least : most, most * 1e-4), most);
        }
        XYLineAndShapeRenderer bottom = new MarkedRenderers.XYLines(true, false);
        XYPlot vainPlot = new XYPlot(vain, null, vainAxis, bottom);
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(share);
        plot.setGap(12.0);
        plot.add(readsPlot, 3);
        plot.add(vainPlot, 2);
        for (XYPlot panel : List.of(readsPlot, vainPlot)) {
            // later series over earlier ones: the robust line over the nominal optimum it lies close to
            panel.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD);
        }
        if (robust) {
            double zLow = data.summary().number("zero_result_share_low");
            double zHigh = data.summary().number("zero_result_share_high");
            readsPlot.addDomainMarker(new IntervalMarker(zLow, zHigh, ChartStyle.ROBUST_RANGE), Layer.BACKGROUND);
            vainPlot.addDomainMarker(new IntervalMarker(zLow, zHigh, ChartStyle.ROBUST_RANGE), Layer.BACKGROUND);
            desc.append(" The shaded band is the interval of shares the case allows, z from ").append(low)
                    .append(" to ").append(high).append("; the robust allocation is the one whose largest regret (extra")
                    .append(" reads against the best allocation for each z) over it is least: ")
                    .append(AxisFormat.label(data.summary().number("robust_worst_regret")))
                    .append(", against ").append(AxisFormat.label(data.summary().number("optimized_worst_regret")))
                    .append(" for the optimum at z = ").append(AxisFormat.label(nominal)).append(" and ")
                    .append(AxisFormat.label(data.summary().number("uniform_worst_regret"))).append(" for uniform.");
        }
        readsPlot.addDomainMarker(marker(nominal, "nominal z = " + AxisFormat.label(nominal), ChartStyle.BUDGET,
                nominal > 0.6, true));
        vainPlot.addDomainMarker(marker(nominal, null, ChartStyle.BUDGET, false, true));
        double below = dropBeatsUniformBelow(data);
        if (below > 0.0 && below < 1.0) {
            readsPlot.addDomainMarker(marker(below, "no last-level filter beats uniform below z = "
                    + AxisFormat.label(below, 3), ChartStyle.NO_LAST_FILTER, below > 0.6, false));
            vainPlot.addDomainMarker(marker(below, null, ChartStyle.NO_LAST_FILTER, false, false));
            desc.append(" A dashed line marks z = ").append(AxisFormat.label(below)).append(": below it, no filter on")
                    .append(" the last level costs fewer reads than uniform bits at the same memory.");
        } else if (below >= 1.0) {
            desc.append(" No filter on the last level costs no more reads than uniform bits at every z.");
        } else {
            desc.append(" No filter on the last level costs more reads than uniform bits at every z.");
        }
        String title = "Expected reads per lookup against the zero-result share: " + data.id();
        JFreeChart chart = CaseFigures.chart(title, plot);
        for (int s = 0; s < lines.length; s++) {
            for (XYLineAndShapeRenderer r : List.of(top, bottom)) {
                r.setSeriesPaint(s, colours[s]);
                r.setSeriesStroke(s, colours[s] == ChartStyle.NO_LAST_FILTER ? ChartStyle.DASHED : ChartStyle.LINE);
            }
            bottom.setSeriesVisibleInLegend(s, false); // the top panel's entries name both
        }
        return SvgExport.export(chart, CaseFigures.name(data.id(), "share"), title, desc.toString(),
                CaseFigures.WIDTH, CaseFigures.HEIGHT + 220, marks);
    }

    /**
     * A dashed vertical line at {@code z}, labelled (unless {@code label} is null) at the top or the bottom of
     * the panel, on the side with room.
     */
    private static ValueMarker marker(double z, String label, Color colour, boolean labelLeft, boolean atTop) {
        ValueMarker marker = new ValueMarker(z, colour, ChartStyle.MARKER);
        if (label == null) {
            return marker;
        }
        marker.setLabel(label);
        marker.setLabelFont(ChartStyle.font(11f));
        marker.setLabelPaint(ChartStyle.TEXT);
        marker.setLabelBackgroundColor(Color.WHITE);
        if (atTop) {
            marker.setLabelAnchor(labelLeft ? RectangleAnchor.TOP_LEFT : RectangleAnchor.TOP_RIGHT);
            marker.setLabelTextAnchor(labelLeft ? TextAnchor.TOP_RIGHT : TextAnchor.TOP_LEFT);
        } else {
            marker.setLabelAnchor(labelLeft ? RectangleAnchor.BOTTOM_LEFT : RectangleAnchor.BOTTOM_RIGHT);
            marker.setLabelTextAnchor(labelLeft ? TextAnchor.BOTTOM_RIGHT : TextAnchor.BOTTOM_LEFT);
        }
        marker.setLabelOffset(new RectangleInsets(4, 6, 4, 6));
        return marker;
    }
}
