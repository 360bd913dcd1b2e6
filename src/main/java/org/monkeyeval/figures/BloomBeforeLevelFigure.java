package org.monkeyeval.figures;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import org.monkeyeval.family.Setting;
import org.monkeyeval.report.ReportData;

/**
 * The figure of a case at rocksdb-ribbon granularity: for each bloom_before_level L from -1 to the
 * number of the case's levels, the best {@code ribbonfilter:B:L} within the case's budget
 * ({@code bloom-before-level.csv}), its expected reads per lookup (above, logarithmic, each point
 * labelled with its B) and its build work per written entry (below, nanoseconds), the case's chosen L
 * marked in both. It draws the trade of NewRibbonFilterPolicy's comment (include/rocksdb/filter_policy.h,
 * facebook/rocksdb commit 1dfa7297): Ribbon's smaller filters for the large lower levels, at 3-4x
 * Bloom's construction CPU, Bloom's speed for the upper ones.
 */
public final class BloomBeforeLevelFigure {

    /** The figure's name after the case id. */
    public static final String FIGURE = "bloom-before-level";

    private static final Shape POINT = new Ellipse2D.Double(-4, -4, 8, 8);
    private static final Shape SQUARE = new Rectangle2D.Double(-4, -4, 8, 8);
    private static final Shape CHOSEN = ShapeUtils.createDiamond(7f);
    private static final float B_LABEL_SIZE = 10f;

    private BloomBeforeLevelFigure() {
    }

    /**
     * What the figure draws, read from the case's rows of {@code bloom-before-level.csv} in L order.
     *
     * @param levels   L of each row
     * @param b        B of each row as RocksDB writes it ({@code none} for no filter)
     * @param cost     expected reads per lookup of each row (deployable_cost)
     * @param work     build work per written entry of each row, nanoseconds
     * @param chosen   the index of the row marked chosen
     */
    record Trade(int[] levels, String[] b, double[] cost, double[] work, int chosen) {

        static Trade of(ReportData.CaseData data) {
            List<ReportData.Row> rows = data.bloomBeforeLevel();
            if (rows.isEmpty()) {
                throw new ReportData.TableException("bloom-before-level.csv: no rows for case " + data.id());
            }
            int n = rows.size();
            int[] levels = new int[n];
            String[] b = new String[n];
            double[] cost = new double[n];
            double[] work = new double[n];
            int chosen = -1;
            for (int i = 0; i < n; i++) {
                ReportData.Row row = rows.get(i);
                levels[i] = (int) row.whole("bloom_before_level");
                if (i > 0 && levels[i] != levels[i - 1] + 1) {
                    throw new ReportData.TableException(row.file() + ":" + row.line() + ": bloom_before_level "
                            + levels[i] + " does not follow " + levels[i - 1]);
                }
                b[i] = row.text("bloom_equivalent_bits_per_key");
                cost[i] = row.number("deployable_cost");
                work[i] = row.number("build_ns_per_entry");
                if (row.text("chosen").equals("true")) {
                    if (chosen >= 0) {
                        throw new ReportData.TableException(row.file() + ":" + row.line() + ": a second chosen L for"
                                + " case " + data.id());
                    }
                    chosen = i;
                }
            }
            if (chosen < 0) {
                throw new ReportData.TableException("bloom-before-level.csv: no chosen L for case " + data.id());
            }
            return new Trade(levels, b, cost, work, chosen);
        }

        int chosenLevel() {
            return levels[chosen];
        }
    }

    public static Figure of(ReportData.CaseData data) {
        Trade t = Trade.of(data);
        int n = t.levels().length;
        String budget = AxisFormat.label(data.summary().number("bits_per_entry"));
        String chosenName = "chosen: " + policy(t.b()[t.chosen()], t.chosenLevel());

        XYSeries reads = new XYSeries("expected reads per lookup, best B at each L", false, true);
        XYSeries work = new XYSeries("build work per written entry", false, true);
        for (int i = 0; i < n; i++) {
            reads.add(t.levels()[i], t.cost()[i]);
            work.add(t.levels()[i], t.work()[i]);
        }
        XYSeries chosenReads = new XYSeries(chosenName, false, true);
        chosenReads.add(t.chosenLevel(), t.cost()[t.chosen()]);
        XYSeries chosenWork = new XYSeries(chosenName + ", build work", false, true);
        chosenWork.add(t.chosenLevel(), t.work()[t.chosen()]);
        XYSeriesCollection top = new XYSeriesCollection(reads);
        top.addSeries(chosenReads);
        XYSeriesCollection bottom = new XYSeriesCollection(work);
        bottom.addSeries(chosenWork);
        // a vertex and a point per L on each line, and the two chosen points
        int marks = 4 * n + 2;

        double least = Double.POSITIVE_INFINITY;
        double most = 0.0;
        for (double c : t.cost()) {
            least = Math.min(least, c);
            most = Math.max(most, c);
        }
        LogAxis readsAxis = CaseFigures.logAxis("expected reads per lookup (log)");
        CaseFigures.decades(readsAxis, least, most);
        XYLineAndShapeRenderer readsLine = new MarkedRenderers.XYLines(true, true);
        readsLine.setDefaultItemLabelGenerator((dataset, series, item) -> series == 0 ? "B " + t.b()[item] : null);
        readsLine.setSeriesItemLabelsVisible(0, true);
        readsLine.setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.OUTSIDE12,
                TextAnchor.BOTTOM_CENTER));
        XYPlot readsPlot = new XYPlot(top, null, readsAxis, readsLine);

        NumberAxis workAxis = new NumberAxis("build ns per written entry");
        workAxis.setNumberFormatOverride(new AxisFormat());
        double hardest = 0.0;
        for (double w : t.work()) {
            hardest = Math.max(hardest, w);
        }
        // from no work; a case without filters (no work at any L) gets an axis to 1 ns
        double workTop = hardest > 0.0 ? hardest * 1.12 : 1.0;
        // a little below 0, so that a point of no work is drawn whole
        workAxis.setRange(-0.04 * workTop, workTop);
        XYLineAndShapeRenderer workLine = new MarkedRenderers.XYLines(true, true);
        XYPlot workPlot = new XYPlot(bottom, null, workAxis, workLine);

        NumberAxis level = new NumberAxis("bloom_before_level L: Bloom for flushes (-1) and levels below L, Ribbon"
                + " from L on");
        level.setNumberFormatOverride(new AxisFormat());
        level.setTickUnit(new NumberTickUnit(1));
        level.setRange(t.levels()[0] - 0.5, t.levels()[n - 1] + 0.5);
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(level);
        plot.setGap(12.0);
        plot.add(readsPlot, 3);
        plot.add(workPlot, 2);
        readsPlot.addDomainMarker(chosenMarker(t.chosenLevel(), "chosen L = " + t.chosenLevel(),
                t.chosen() > n / 2));
        workPlot.addDomainMarker(chosenMarker(t.chosenLevel(), null, false));

        String title = "Bloom or Ribbon by level: " + data.id() + ", budget " + budget + " bits/entry";
        StringBuilder desc = new StringBuilder("Line chart in two panels sharing the horizontal axis, RocksDB's"
                + " bloom_before_level L from " + t.levels()[0] + " (Ribbon for every file) to " + t.levels()[n - 1]
                + " (Bloom for every file), for case " + data.id() + " at its budget of " + budget + " bits per"
                + " entry. At each L, the best ribbonfilter:B:L within the budget (bloom-before-level.csv). Top,"
                + " logarithmic: its expected run reads per lookup, each point labelled with its B. Bottom, linear:"
                + " its build work per written entry in nanoseconds (the project's measured build time per key of"
                + " each run's filter, weighted by the run's entries). A dashed line and a diamond mark the chosen"
                + " L = " + t.chosenLevel() + ", " + chosenName.substring("chosen: ".length()) + ".");
        for (int i = 0; i < n; i++) {
            desc.append(" L = ").append(t.levels()[i]).append(": B ").append(t.b()[i]).append(", ")
                    .append(AxisFormat.label(t.cost()[i])).append(" reads, ").append(AxisFormat.label(t.work()[i]))
                    .append(" ns per entry.");
        }
        JFreeChart chart = CaseFigures.chart(title, plot);
        style(readsLine, ChartStyle.OPTIMIZED, POINT);
        style(workLine, ChartStyle.UNIFORM, SQUARE);
        for (XYLineAndShapeRenderer r : List.of(readsLine, workLine)) {
            r.setSeriesLinesVisible(1, false);
            r.setSeriesShape(1, CHOSEN);
            r.setSeriesPaint(1, ChartStyle.DEPLOYABLE);
            r.setSeriesShapesFilled(1, false);
            r.setSeriesOutlineStroke(1, new BasicStroke(2f));
            r.setUseOutlinePaint(false);
        }
        workLine.setSeriesVisibleInLegend(1, false); // the top panel's entry names it
        readsLine.setDefaultItemLabelFont(ChartStyle.font(B_LABEL_SIZE));
        readsLine.setDefaultItemLabelPaint(ChartStyle.TEXT);
        return SvgExport.export(chart, CaseFigures.name(data.id(), FIGURE), title, desc.toString(),
                CaseFigures.WIDTH, CaseFigures.HEIGHT + 160, marks);
    }

    /** The policy as RocksDB's options write it: {@code ribbonfilter:B:L}, or no filter (B none). */
    static String policy(String b, int level) {
        return b.equals(Setting.none().knob()) ? "no filter (L = " + level + ")"
                : "ribbonfilter:" + b + ":" + level;
    }

    private static void style(XYLineAndShapeRenderer r, Color colour, Shape shape) {
        r.setSeriesPaint(0, colour);
        r.setSeriesStroke(0, ChartStyle.LINE);
        r.setSeriesShape(0, shape);
        r.setSeriesShapesFilled(0, true);
    }

    /** A dashed vertical line at the chosen L, labelled at the top (unless {@code label} is null). */
    private static ValueMarker chosenMarker(int level, String label, boolean labelLeft) {
        ValueMarker marker = new ValueMarker(level, ChartStyle.DEPLOYABLE, ChartStyle.MARKER);
        if (label != null) {
            marker.setLabel(label);
            marker.setLabelFont(ChartStyle.font(11f));
            marker.setLabelPaint(ChartStyle.TEXT);
            marker.setLabelBackgroundColor(Color.WHITE);
            marker.setLabelAnchor(labelLeft ? RectangleAnchor.TOP_LEFT : RectangleAnchor.TOP_RIGHT);
            marker.setLabelTextAnchor(labelLeft ? TextAnchor.TOP_RIGHT : TextAnchor.TOP_LEFT);
            marker.setLabelOffset(new RectangleInsets(4, 6, 4, 6));
        }
        return marker;
    }
}
