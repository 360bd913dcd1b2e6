package org.monkeyeval.figures;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.LogTick;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;

/**
 * A log axis whose tick labels are plain strings. {@link LogAxis} labels its ticks with attributed
 * strings, which JFreeChart draws through a {@code TextLayout} as glyph outlines: kilobytes of path
 * per label, unselectable, and shaped by the JDK's font scaler. Here each tick keeps its value, type
 * and anchors and gets the label of {@link AxisFormat}; minor ticks stay unlabelled.
 */
final class PlainLogAxis extends LogAxis {
    private static final long serialVersionUID = 1L;

    PlainLogAxis(String label) {
        super(label);
        setNumberFormatOverride(new AxisFormat());
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        List<ValueTick> plain = new ArrayList<>();
        for (Object tick : super.refreshTicks(g2, state, dataArea, edge)) {
            ValueTick t = (ValueTick) tick;
            String text = t instanceof LogTick log && log.getAttributedLabel() == null ? null
                    : AxisFormat.label(t.getValue());
            plain.add(new NumberTick(t.getTickType(), t.getValue(), text, t.getTextAnchor(), t.getRotationAnchor(),
                    t.getAngle()));
        }
        return plain;
    }
}
