package org.monkeyeval.figures;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Line2D;
import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.block.BlockContainer;
import org.jfree.chart.block.BorderArrangement;
import org.jfree.chart.block.LabelBlock;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;

/**
 * Legends in groups, each a row under the plot that starts with its heading ("model:", "measured,
 * 95% interval:"): a figure that draws lines and points says which is which once per group instead of
 * once per series.
 */
final class Legends {

    /** The line of a line entry: long enough to show one dash and gap of {@link ChartStyle#DASHED}. */
    private static final Shape LINE = new Line2D.Double(-11, 0, 11, 0);

    private Legends() {
    }

    /** An entry drawn as a line. */
    static LegendItem line(String label, Color colour, Stroke stroke) {
        return new LegendItem(label, null, null, null, LINE, stroke, colour);
    }

    /** An entry drawn as a point: filled, or outlined in its colour. */
    static LegendItem point(String label, Shape shape, Color colour, boolean filled) {
        return new LegendItem(label, null, null, null, true, shape, filled, colour, !filled, colour,
                new BasicStroke(1.5f), false, LINE, new BasicStroke(1f), colour);
    }

    /**
     * Adds a group under the chart's plot (and under the groups added before it: the first group added
     * is the lowest).
     */
    static void addGroup(JFreeChart chart, String heading, List<LegendItem> items) {
        LegendItemCollection collection = new LegendItemCollection();
        items.forEach(collection::add);
        LegendTitle legend = new LegendTitle(() -> collection);
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setFrame(BlockBorder.NONE);
        legend.setBackgroundPaint(Color.WHITE);
        legend.setItemFont(ChartStyle.font(ChartStyle.LEGEND_SIZE));
        legend.setItemPaint(ChartStyle.TEXT);
        legend.setMargin(new RectangleInsets(2, 0, 2, 0));
        LabelBlock title = new LabelBlock(heading, ChartStyle.font(ChartStyle.LEGEND_SIZE), ChartStyle.TEXT);
        title.setPadding(new RectangleInsets(2, 2, 2, 8));
        BlockContainer wrapper = new BlockContainer(new BorderArrangement());
        wrapper.add(title, RectangleEdge.LEFT);
        wrapper.add(legend.getItemContainer());
        legend.setWrapper(wrapper);
        chart.addSubtitle(legend);
    }
}
