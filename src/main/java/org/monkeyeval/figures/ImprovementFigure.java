package org.monkeyeval.figures;

import java.awt.Color;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import org.monkeyeval.report.ReportData;

/** Figure 4: improvement R_uniform / R_optimized against bits per entry, one line per case. */
public final class ImprovementFigure {

    /** File-name stem of the figure. */
    public static final String NAME = "all-cases-improvement";

    public static final int WIDTH = 760;
    public static final int HEIGHT = 560;

    private static final Shape DOT = new Ellipse2D.Double(-4.5, -4.5, 9, 9);

    private ImprovementFigure() {
    }

    public static Figure of(ReportData data) {
        XYSeriesCollection lines = new XYSeriesCollection();
        XYSeriesCollection budgets = new XYSeriesCollection();
        int marks = 0;
        StringBuilder desc = new StringBuilder("Line chart: improvement R_uniform / R_optimized against filter memory"
                + " from 0 to 24 bits per entry, one line per case; a dot marks each case's own budget. Cases with"
                + " the same runs draw the same line. A case whose lookups weight the runs minimizes the expected"
                + " reads per lookup instead of R, so its R improvement can fall below 1.");
        for (ReportData.CaseData c : data.cases()) {
            XYSeries series = new XYSeries(c.id(), false, true);
            for (ReportData.Row row : c.sweep()) {
                series.add(row.number("bits_per_entry"), row.number("improvement"));
            }
            marks += c.sweep().size();
            lines.addSeries(series);
            XYSeries own = new XYSeries(c.id() + " budget", false, true);
            own.add(c.summary().number("bits_per_entry"), c.summary().number("improvement"));
            budgets.addSeries(own);
            marks++;
            desc.append(' ').append(c.id()).append(": ").append(AxisFormat.label(c.summary().number("improvement")))
                    .append(" times at ").append(AxisFormat.label(c.summary().number("bits_per_entry")))
                    .append(" bits per entry.");
        }
        NumberAxis memory = new NumberAxis("filter memory (bits per entry)");
        memory.setNumberFormatOverride(new AxisFormat());
        memory.setRange(0.0, 24.5);
        NumberAxis improvement = new NumberAxis("improvement R_uniform / R_optimized (times)");
        improvement.setNumberFormatOverride(new AxisFormat());
        improvement.setAutoRangeIncludesZero(false);
        XYLineAndShapeRenderer lineRenderer = new MarkedRenderers.XYLines(true, false);
        XYLineAndShapeRenderer dotRenderer = new MarkedRenderers.XYLines(false, true);
        XYPlot plot = new XYPlot(lines, memory, improvement, lineRenderer);
        plot.setDataset(1, budgets);
        plot.setRenderer(1, dotRenderer);
        String title = "Improvement against memory, all cases";
        JFreeChart chart = CaseFigures.chart(title, plot);
        for (int s = 0; s < data.cases().size(); s++) {
            Color colour = ChartStyle.CASE_COLOURS[s % ChartStyle.CASE_COLOURS.length];
            lineRenderer.setSeriesPaint(s, colour);
            lineRenderer.setSeriesStroke(s, s < ChartStyle.CASE_COLOURS.length ? ChartStyle.LINE : ChartStyle.DASHED);
            dotRenderer.setSeriesPaint(s, colour);
            dotRenderer.setSeriesShape(s, DOT);
            dotRenderer.setSeriesVisibleInLegend(s, false);
        }
        return SvgExport.export(chart, NAME, title, desc.toString(), WIDTH, HEIGHT, marks);
    }
}
