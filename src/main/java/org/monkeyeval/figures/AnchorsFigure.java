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
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import org.monkeyeval.report.ReportData;

/**
 * The engines' own settings as anchors against the optimum, for one case ({@code cases.csv}'s
 * {@code progressive_*}, {@code progressive_fuse_*}, {@code ribbon_hybrid_*}, {@code rocksdb_uniform_*} and
 * {@code pebble_uniform_*} columns): expected run reads per lookup (logarithmic) against filter memory in bits
 * per entry. Each anchor is a filled point at the memory it spends and its cost on its engine's read path; an
 * open diamond at the same memory is the best allocation at the anchor's engine granularity there; the line
 * is the case's weighted optimum on ideal Bloom filters over memory ({@code sweep.csv}'s
 * {@code optimized_ideal_cost}), every filter read. Drawn for a case whose row has the anchor columns.
 */
public final class AnchorsFigure {

    /** The figure's name after the case id. */
    public static final String FIGURE = "anchors";

    /** The anchors as cases.csv names them (column prefix) and as the legend does. */
    record Anchor(String prefix, String label, Color colour, Shape shape) {
    }

    static final List<Anchor> ANCHORS = List.of(
            new Anchor("progressive", "Pebble progressive, Bloom", ChartStyle.UNIFORM, new Ellipse2D.Double(-4, -4, 8, 8)),
            new Anchor("progressive_fuse", "Pebble progressive, binary fuse", ChartStyle.ROBUST,
                    new Rectangle2D.Double(-4, -4, 8, 8)),
            new Anchor("pebble_uniform", "Pebble bloom(b) at every level", ChartStyle.CURRENT,
                    ShapeUtils.createUpTriangle(5f)),
            new Anchor("ribbon_hybrid", "RocksDB ribbonfilter:B:0", ChartStyle.MEASURED_ROCKSDB,
                    ShapeUtils.createDownTriangle(5f)),
            new Anchor("rocksdb_uniform", "RocksDB bloomfilter:B", ChartStyle.MEASURED_STANDARD,
                    new Ellipse2D.Double(-3.5, -3.5, 7, 7)));

    /** The legend's name of the optima at the anchors' memories. */
    static final String OPTIMA = "best at the same memory, the anchor's engine granularity";
    /** The legend's name of the model's optimum over memory. */
    static final String CURVE = "optimum over memory, ideal Bloom filters (model)";

    private static final Shape OPTIMUM = ShapeUtils.createDiamond(6f);

    private AnchorsFigure() {
    }

    /** True when the case's row holds an anchor (the tables were written with the anchor columns). */
    public static boolean drawn(ReportData.CaseData data) {
        return data.summary().has("rocksdb_uniform_cost");
    }

    /** The anchors the case's row holds, in {@link #ANCHORS} order. */
    static List<Anchor> present(ReportData.CaseData data) {
        return ANCHORS.stream().filter(a -> data.summary().has(a.prefix() + "_cost")).toList();
    }

    /** An anchor's memory in bits per entry: its filter bits over the case's entries. */
    static double bitsPerEntry(ReportData.CaseData data, Anchor a) {
        return data.summary().number(a.prefix() + "_filter_bits") / data.summary().number("total_entries");
    }

    /**
     * The memory axis' end: the anchors and the budget with a quarter more room beside them, at least 4 bits per
     * entry, within the sweep's memory ({@link org.monkeyeval.alloc.MemorySweep#MAX_BITS_PER_ENTRY}).
     */
    static double memoryEnd(ReportData.CaseData data) {
        double most = data.summary().number("bits_per_entry");
        for (Anchor a : present(data)) {
            most = Math.max(most, bitsPerEntry(data, a));
        }
        return Math.min(org.monkeyeval.alloc.MemorySweep.MAX_BITS_PER_ENTRY, Math.max(4.0, 1.25 * most));
    }

    public static Figure of(ReportData.CaseData data) {
        List<Anchor> anchors = present(data);
        ReportData.Row s = data.summary();
        double right = memoryEnd(data);

        XYSeries curve = new XYSeries(CURVE, false, true);
        for (ReportData.Row row : data.sweep()) {
            double b = row.number("bits_per_entry");
            double cost = row.number("optimized_ideal_cost");
            if (b <= right && cost > 0.0) {
                curve.add(b, cost);
            }
        }
        XYSeriesCollection series = new XYSeriesCollection(curve);
        XYSeries optima = new XYSeries(OPTIMA, false, true);
        double least = Double.POSITIVE_INFINITY;
        double top = 0.0;
        for (int i = 0; i < curve.getItemCount(); i++) {
            least = Math.min(least, curve.getY(i).doubleValue());
            top = Math.max(top, curve.getY(i).doubleValue());
        }
        StringBuilder desc = new StringBuilder("Scatter chart over a line, logarithmic vertical axis: expected run"
                + " reads per lookup against filter memory in bits per entry for case " + data.id() + ". The line is"
                + " the case's optimum on ideal Bloom filters with every filter read (sweep.csv, optimized_ideal_cost)."
                + " Each engine's own setting at the case's budget per entry is a filled point at the memory it"
                + " spends, priced on the engine's read path (Pebble's Get reads no L6 filter); an open diamond at"
                + " the same memory is the best allocation at that engine's granularity.");
        for (Anchor a : anchors) {
            double x = bitsPerEntry(data, a);
            double cost = s.number(a.prefix() + "_cost");
            double optimum = s.number(a.prefix() + "_optimum_cost");
            XYSeries point = new XYSeries(a.label(), false, true);
            point.add(x, cost);
            series.addSeries(point);
            optima.add(x, optimum);
            least = Math.min(least, Math.min(cost, optimum));
            top = Math.max(top, Math.max(cost, optimum));
            desc.append(' ').append(a.label()).append(": ").append(AxisFormat.label(x)).append(" bits per entry, ")
                    .append(AxisFormat.label(cost)).append(" reads; best at that memory ")
                    .append(AxisFormat.label(optimum)).append(" (").append(AxisFormat.label(cost / optimum, 4))
                    .append("x).");
        }
        series.addSeries(optima);
        int marks = curve.getItemCount() + 2 * anchors.size();

        LogAxis reads = CaseFigures.logAxis("expected run reads per lookup (log scale)");
        CaseFigures.decades(reads, least, top);
        NumberAxis memory = new NumberAxis("filter memory (bits per entry)");
        memory.setNumberFormatOverride(new AxisFormat());
        memory.setRange(-0.02 * right, 1.02 * right);
        XYLineAndShapeRenderer renderer = new MarkedRenderers.XYLines(true, true);
        renderer.setSeriesPaint(0, ChartStyle.OPTIMIZED);
        renderer.setSeriesStroke(0, ChartStyle.LINE);
        renderer.setSeriesShapesVisible(0, false);
        for (int i = 0; i < anchors.size(); i++) {
            Anchor a = anchors.get(i);
            renderer.setSeriesLinesVisible(i + 1, false);
            renderer.setSeriesPaint(i + 1, a.colour());
            renderer.setSeriesShape(i + 1, a.shape());
            renderer.setSeriesShapesFilled(i + 1, true);
        }
        int last = anchors.size() + 1;
        renderer.setSeriesLinesVisible(last, false);
        renderer.setSeriesPaint(last, ChartStyle.DEPLOYABLE);
        renderer.setSeriesShape(last, OPTIMUM);
        renderer.setSeriesShapesFilled(last, false);
        renderer.setSeriesOutlineStroke(last, new BasicStroke(2f));
        renderer.setUseOutlinePaint(false);
        XYPlot plot = new XYPlot(series, memory, reads, renderer);

        String title = "Engines' own settings against the optimum: " + data.id();
        JFreeChart chart = CaseFigures.chart(title, plot);
        return SvgExport.export(chart, CaseFigures.name(data.id(), FIGURE), title, desc.toString(),
                CaseFigures.WIDTH, CaseFigures.HEIGHT + 40, marks);
    }
}
