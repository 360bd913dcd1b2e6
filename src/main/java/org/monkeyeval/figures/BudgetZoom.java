package org.monkeyeval.figures;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The panels of a memory figure zoomed on the budget: every measured point at the case's budget, one
 * panel per allocation, stacked, the layouts side by side on a shared axis named as the tables name
 * them. A point is the measured value divided by what its own layout predicts, with its 95% interval
 * divided alike, against a dashed line at 1: the layouts' values differ by up to a hundredfold (a
 * static filter without the small runs' filters reads every run), their intervals by a few per cent,
 * and on one axis of values the intervals of all but the largest would vanish. The values themselves
 * are in the figure's description and the tables.
 */
final class BudgetZoom {

    /** Space between two stacked panels: more than a tick label's height, so end labels never meet. */
    static final double PANEL_GAP = 20;
    /** Where a measurement equal to its prediction sits. */
    private static final double AS_PREDICTED = 1.0;

    /**
     * One measured point.
     *
     * @param allocation the allocation, which panel it is drawn in
     * @param layout     its layout as confirm-cases.csv names it, where it sits in the panel
     * @param seriesKey  its series' name in the SVG
     * @param value      the measured value
     * @param low        the interval's lower end (equal to value when the tables give no interval)
     * @param high       the interval's upper end
     */
    record Point(String allocation, String layout, String seriesKey, double value, double low, double high,
                 Color colour, Shape shape, boolean filled) {
    }

    private BudgetZoom() {
    }

    /**
     * The stacked panels of {@code points} (each a ratio to its prediction), allocations in the order
     * their points come, layouts in the order of {@code layouts} (those without a point left out).
     *
     * @param intervals whether the points carry intervals (drawn as error bars)
     * @param axisLabel the label of the shared layout axis
     */
    static CombinedDomainXYPlot of(List<Point> points, List<String> layouts, boolean intervals, String axisLabel) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("no measured point to zoom on");
        }
        List<String> shown = layouts.stream().filter(l -> points.stream().anyMatch(p -> p.layout().equals(l)))
                .toList();
        SymbolAxis layoutAxis = new SymbolAxis(axisLabel, shown.toArray(new String[0]));
        layoutAxis.setGridBandsVisible(false);
        layoutAxis.setAutoTickUnitSelection(false);
        layoutAxis.setTickUnit(new NumberTickUnit(1));
        layoutAxis.setRange(-0.5, shown.size() - 0.5);
        CombinedDomainXYPlot zoom = new CombinedDomainXYPlot(layoutAxis);
        zoom.setGap(PANEL_GAP);
        Set<String> allocations = new LinkedHashSet<>();
        points.forEach(p -> allocations.add(p.allocation()));
        for (String allocation : allocations) {
            List<Point> mine = points.stream().filter(p -> p.allocation().equals(allocation)).toList();
            zoom.add(panel(mine, shown, intervals, allocation), 1);
        }
        return zoom;
    }

    private static XYPlot panel(List<Point> points, List<String> layouts, boolean intervals, String label) {
        NumberAxis axis = new NumberAxis(label);
        axis.setNumberFormatOverride(new AxisFormat());
        axis.setAutoRangeIncludesZero(false);
        // the line at 1 is always in view
        double low = AS_PREDICTED;
        double high = AS_PREDICTED;
        for (Point p : points) {
            low = Math.min(low, p.low());
            high = Math.max(high, p.high());
        }
        // a tenth of the span beyond each end; a span of nothing (every value equal) gets a thousandth
        // of the value, or 0.001 for a value of 0; never below 0 when nothing is (R and cost are not)
        double pad = Math.max((high - low) / 10, high == 0 ? 1e-3 : Math.abs(high) * 1e-3);
        axis.setRange(low >= 0 ? Math.max(0, low - pad) : low - pad, high + pad);

        XYPlot panel = new XYPlot();
        panel.setRangeAxis(axis);
        panel.setDomainGridlinesVisible(false);
        XYLineAndShapeRenderer renderer;
        if (intervals) {
            YIntervalSeriesCollection data = new YIntervalSeriesCollection();
            for (Point p : points) {
                YIntervalSeries s = new YIntervalSeries(p.seriesKey());
                s.add(layouts.indexOf(p.layout()), p.value(), p.low(), p.high());
                data.addSeries(s);
            }
            XYErrorRenderer errors = new MarkedRenderers.ErrorPoints();
            errors.setDrawXError(false);
            errors.setDrawYError(true);
            errors.setDefaultLinesVisible(false);
            errors.setDefaultShapesVisible(true);
            errors.setCapLength(10.0);
            errors.setErrorStroke(new BasicStroke(1.5f));
            errors.setErrorPaint(null);
            panel.setDataset(data);
            renderer = errors;
        } else {
            XYSeriesCollection data = new XYSeriesCollection();
            for (Point p : points) {
                XYSeries s = new XYSeries(p.seriesKey(), false, true);
                s.add(layouts.indexOf(p.layout()), p.value());
                data.addSeries(s);
            }
            panel.setDataset(data);
            renderer = new MarkedRenderers.XYLines(false, true);
        }
        panel.setRenderer(renderer);
        panel.addRangeMarker(new ValueMarker(AS_PREDICTED, ChartStyle.BUDGET, ChartStyle.DASHED));
        return panel;
    }

    /**
     * Styles the panels' points after the theme (which resets series styles): colour, shape and fill
     * of each point as given.
     */
    static void style(CombinedDomainXYPlot zoom, List<Point> points) {
        List<String> allocations = new ArrayList<>(new LinkedHashSet<>(points.stream().map(Point::allocation)
                .toList()));
        for (int a = 0; a < allocations.size(); a++) {
            XYPlot panel = zoom.getSubplots().get(a);
            XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) panel.getRenderer();
            String allocation = allocations.get(a);
            List<Point> mine = points.stream().filter(p -> p.allocation().equals(allocation)).toList();
            for (int s = 0; s < mine.size(); s++) {
                renderer.setSeriesPaint(s, mine.get(s).colour());
                renderer.setSeriesShape(s, mine.get(s).shape());
                renderer.setSeriesShapesFilled(s, mine.get(s).filled());
            }
        }
    }
}
