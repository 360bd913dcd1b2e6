package org.monkeyeval.figures;

import java.awt.Graphics2D;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.PlotState;

/**
 * Plots side by side in one chart, each with its own axes: JFreeChart's combined plots share one of
 * the two axes, and a panel zoomed on the budget needs both of its own. Each panel gets a share of the
 * width by its weight, with a fixed gap between panels; the chart's legends are its own titles, so
 * this plot offers no legend items.
 */
final class PanelRow extends Plot {
    private static final long serialVersionUID = 1L;

    private final List<Plot> panels;
    private final List<Double> weights;
    private final double gap;

    /**
     * @param panels  the plots, left to right
     * @param weights each panel's share of the width, relative to the others
     * @param gap     the space between two panels, in SVG user units
     */
    PanelRow(List<Plot> panels, List<Double> weights, double gap) {
        if (panels.isEmpty() || panels.size() != weights.size()) {
            throw new IllegalArgumentException("panels (" + panels.size() + ") and weights (" + weights.size()
                    + ") must be as many, at least one");
        }
        if (!(gap >= 0)) {
            throw new IllegalArgumentException("gap (" + gap + ") must be >= 0");
        }
        for (double w : weights) {
            if (!(w > 0)) {
                throw new IllegalArgumentException("weight (" + w + ") must be > 0");
            }
        }
        this.panels = List.copyOf(panels);
        this.weights = List.copyOf(weights);
        this.gap = gap;
        for (Plot p : this.panels) {
            p.setParent(this);
        }
        setOutlineVisible(false);
        setBackgroundPaint(null);
    }

    List<Plot> panels() {
        return panels;
    }

    @Override
    public String getPlotType() {
        return "Panel row";
    }

    @Override
    public LegendItemCollection getLegendItems() {
        return new LegendItemCollection();
    }

    @Override
    public void draw(Graphics2D g2, Rectangle2D area, Point2D anchor, PlotState parentState,
                     PlotRenderingInfo info) {
        if (info != null) {
            info.setPlotArea(area);
        }
        double total = weights.stream().mapToDouble(Double::doubleValue).sum();
        double usable = area.getWidth() - gap * (panels.size() - 1);
        double x = area.getX();
        for (int i = 0; i < panels.size(); i++) {
            double w = usable * weights.get(i) / total;
            PlotRenderingInfo sub = null;
            if (info != null) {
                sub = new PlotRenderingInfo(info.getOwner());
                info.addSubplotInfo(sub);
            }
            panels.get(i).draw(g2, new Rectangle2D.Double(x, area.getY(), w, area.getHeight()), anchor, parentState,
                    sub);
            x += w + gap;
        }
    }
}
