package org.monkeyeval.figures;

import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Rectangle2D;

import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.entity.EntityCollection;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.CategoryItemRendererState;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.ItemKey;
import org.jfree.data.KeyedValues2DItemKey;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYItemKey;

/**
 * Renderers that mark every plotted datum in the SVG, so that a test (or a reader of the SVG) can
 * count what was drawn against the rows of the tables. JFreeChart's element hinting marks bars only;
 * these wrap each point's shape in a group whose {@code jfreesvg:ref} names series and item, and each
 * line drawn as one path in a group whose ref names the series and its number of points (the path's
 * vertices).
 */
final class MarkedRenderers {

    private MarkedRenderers() {
    }

    /** Ref of a series drawn as one path: {"seriesKey": "...", "points": n}. */
    record SeriesPathKey(String seriesKey, int points) implements ItemKey {
        @Override
        public String toJSONString() {
            return "{\"seriesKey\": \"" + seriesKey.replace("\\", "\\\\").replace("\"", "\\\"") + "\", \"points\": "
                    + points + "}";
        }
    }

    /** Lines as one path per series, points (when visible) one group each. */
    static final class XYLines extends XYLineAndShapeRenderer {
        private static final long serialVersionUID = 1L;
        private transient XYDataset current;

        XYLines(boolean lines, boolean shapes) {
            super(lines, shapes);
            setDrawSeriesLineAsPath(true);
        }

        @Override
        public void drawItem(Graphics2D g2, XYItemRendererState state,
                             Rectangle2D dataArea, PlotRenderingInfo info, XYPlot plot,
                             ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int series, int item,
                             CrosshairState crosshairState, int pass) {
            current = dataset;
            super.drawItem(g2, state, dataArea, info, plot, domainAxis, rangeAxis, dataset, series, item,
                    crosshairState, pass);
        }

        @Override
        protected void drawFirstPassShape(Graphics2D g2, int pass, int series, int item, Shape shape) {
            beginElementGroup(g2, new SeriesPathKey(current.getSeriesKey(series).toString(),
                    current.getItemCount(series)));
            super.drawFirstPassShape(g2, pass, series, item, shape);
            endElementGroup(g2);
        }

        @Override
        protected void drawSecondaryPass(Graphics2D g2, XYPlot plot, XYDataset dataset, int pass, int series,
                                         int item, ValueAxis domainAxis, Rectangle2D dataArea, ValueAxis rangeAxis,
                                         CrosshairState crosshairState, EntityCollection entities) {
            boolean mark = getItemShapeVisible(series, item);
            if (mark) {
                beginElementGroup(g2, new XYItemKey<>(dataset.getSeriesKey(series).toString(), item));
            }
            super.drawSecondaryPass(g2, plot, dataset, pass, series, item, domainAxis, dataArea, rangeAxis,
                    crosshairState, entities);
            if (mark) {
                endElementGroup(g2);
            }
        }
    }

    /** Points with vertical error bars, each point one group. */
    static final class ErrorPoints extends XYErrorRenderer {
        private static final long serialVersionUID = 1L;

        @Override
        public void drawItem(Graphics2D g2, XYItemRendererState state,
                             Rectangle2D dataArea, PlotRenderingInfo info, XYPlot plot,
                             ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int series, int item,
                             CrosshairState crosshairState, int pass) {
            // the interval is drawn in the first pass, the point in the item pass: one group per point
            boolean mark = isItemPass(pass);
            if (mark) {
                beginElementGroup(g2, new XYItemKey<>(dataset.getSeriesKey(series).toString(), item));
            }
            super.drawItem(g2, state, dataArea, info, plot, domainAxis, rangeAxis, dataset, series, item,
                    crosshairState, pass);
            if (mark) {
                endElementGroup(g2);
            }
        }
    }

    /** Category lines whose points are one group each (drawn in the shape pass). */
    static final class CategoryLines extends LineAndShapeRenderer {
        private static final long serialVersionUID = 1L;

        CategoryLines() {
            super(true, true);
        }

        @Override
        public void drawItem(Graphics2D g2, CategoryItemRendererState state, Rectangle2D dataArea,
                             CategoryPlot plot, CategoryAxis domainAxis, ValueAxis rangeAxis,
                             CategoryDataset dataset, int row, int column, int pass) {
            boolean mark = pass == 1 && dataset.getValue(row, column) != null;
            if (mark) {
                beginElementGroup(g2, new KeyedValues2DItemKey<>(dataset.getRowKey(row).toString(),
                        dataset.getColumnKey(column).toString()));
            }
            super.drawItem(g2, state, dataArea, plot, domainAxis, rangeAxis, dataset, row, column, pass);
            if (mark) {
                endElementGroup(g2);
            }
        }
    }
}
