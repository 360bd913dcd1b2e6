package org.monkeyeval.figures;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;

/**
 * A memory axis on which log(1 + b) is linear: 0 stays on the axis (a logarithmic one has no 0) and
 * the first bits per entry, where the improvement changes, get as much room as the last ones, where
 * it is flat; 0 to 1 bit takes a fifth of the axis up to 24. Ticks are the given values, labelled by
 * {@link AxisFormat}. {@link StrictMath} keeps every coordinate the same on every JDK.
 */
final class Log1pAxis extends NumberAxis {
    private static final long serialVersionUID = 1L;

    private final double[] ticks;

    /** @param ticks the labelled values, ascending, inside {@code range} */
    Log1pAxis(String label, Range range, double... ticks) {
        super(label);
        if (!(range.getLowerBound() > -1)) {
            throw new IllegalArgumentException("range " + range + " must lie above -1");
        }
        this.ticks = ticks.clone();
        setNumberFormatOverride(new AxisFormat());
        setRange(range);
    }

    private static double scale(double value) {
        return StrictMath.log1p(value);
    }

    @Override
    public double valueToJava2D(double value, Rectangle2D area, RectangleEdge edge) {
        Range range = getRange();
        double lo = scale(range.getLowerBound());
        double hi = scale(range.getUpperBound());
        double min = RectangleEdge.isTopOrBottom(edge) ? area.getX() : area.getMaxY();
        double max = RectangleEdge.isTopOrBottom(edge) ? area.getMaxX() : area.getY();
        if (isInverted()) {
            double t = min;
            min = max;
            max = t;
        }
        return min + (scale(value) - lo) / (hi - lo) * (max - min);
    }

    @Override
    public double java2DToValue(double java2DValue, Rectangle2D area, RectangleEdge edge) {
        Range range = getRange();
        double lo = scale(range.getLowerBound());
        double hi = scale(range.getUpperBound());
        double min = RectangleEdge.isTopOrBottom(edge) ? area.getX() : area.getMaxY();
        double max = RectangleEdge.isTopOrBottom(edge) ? area.getMaxX() : area.getY();
        if (isInverted()) {
            double t = min;
            min = max;
            max = t;
        }
        return StrictMath.expm1(lo + (java2DValue - min) / (max - min) * (hi - lo));
    }

    @Override
    @SuppressWarnings("rawtypes")
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        List<ValueTick> out = new ArrayList<>();
        boolean horizontal = RectangleEdge.isTopOrBottom(edge);
        TextAnchor anchor = horizontal ? (edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER
                : TextAnchor.TOP_CENTER) : (edge == RectangleEdge.LEFT ? TextAnchor.CENTER_RIGHT
                : TextAnchor.CENTER_LEFT);
        for (double t : ticks) {
            if (getRange().contains(t)) {
                out.add(new NumberTick(TickType.MAJOR, t, AxisFormat.label(t), anchor, anchor, 0.0));
            }
        }
        return out;
    }
}
