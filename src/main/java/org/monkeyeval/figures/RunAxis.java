package org.monkeyeval.figures;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.axis.AxisSpace;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.text.TextBlock;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

import org.monkeyeval.report.ReportData;

/**
 * The run axis of the per-run figures. Every run is named as the tables name it ({@code L0.1},
 * {@code L3}, or {@code run 2} for a run without a name) with its entries, and no label is ever cut:
 * JFreeChart's category axis shortens a label that is wider than its category to {@code L0...}; this
 * one lays the labels out the first way that fits the distance between two runs' centres, one line,
 * then two (name over entries), then turned upright, and never wraps or shortens a line.
 *
 * <p>A tree whose levels hold several runs is drawn per level: a bracket under the labels spans each
 * level's runs with the level's name, and a thin line in the plot parts one level from the next.
 */
final class RunAxis extends CategoryAxis {
    private static final long serialVersionUID = 1L;

    /** How the run labels are laid out. */
    enum Labels {
        ONE_LINE, TWO_LINES, UPRIGHT
    }

    /** One level's runs, by their index on the axis. */
    record Level(String name, int first, int last) {
    }

    /** Free space kept between two neighbouring labels, in SVG user units. */
    static final double LABEL_GAP = 8;
    /** Size of the level names under the brackets. */
    private static final float LEVEL_SIZE = 11f;
    /** Space above a bracket, its height, and the space between bracket and level name. */
    private static final double BRACKET_TOP = 6;
    private static final double BRACKET_HEIGHT = 4;
    private static final double BRACKET_TEXT = 2;

    private final List<String> labels;
    private final List<Level> levels;
    private Labels layout = Labels.ONE_LINE;

    private RunAxis(String label, List<String> labels, List<Level> levels) {
        super(label);
        this.labels = List.copyOf(labels);
        this.levels = List.copyOf(levels);
        setMaximumCategoryLabelLines(1);
    }

    /**
     * The axis of {@code runs} in probe order, labelled by {@code label}: the runs' labels come from
     * {@code labelOf}; the level brackets are drawn when every run has a level and some level holds more
     * than one run.
     */
    static RunAxis of(String label, List<ReportData.Row> runs, java.util.function.Function<ReportData.Row,
            String> labelOf) {
        List<String> labels = runs.stream().map(labelOf).toList();
        return new RunAxis(label, labels, levels(runs));
    }

    /** Consecutive runs of the same level, when every run has a level and some level holds several. */
    static List<Level> levels(List<ReportData.Row> runs) {
        if (runs.isEmpty() || !runs.stream().allMatch(r -> r.has("level"))) {
            return List.of();
        }
        List<Level> levels = new ArrayList<>();
        int first = 0;
        for (int i = 1; i <= runs.size(); i++) {
            if (i == runs.size() || !runs.get(i).text("level").equals(runs.get(first).text("level"))) {
                levels.add(new Level("L" + runs.get(first).text("level"), first, i - 1));
                first = i;
            }
        }
        boolean shared = levels.stream().anyMatch(l -> l.last() > l.first());
        return shared ? levels : List.of();
    }

    List<Level> levels() {
        return levels;
    }

    Labels layout() {
        return layout;
    }

    /**
     * Chooses the label layout for a data area {@code dataWidth} wide: the first of one line, two lines
     * and upright whose every line fits between the centres of two neighbouring runs with
     * {@link #LABEL_GAP} to spare.
     */
    void fit(double dataWidth) {
        double pitch = pitch(dataWidth);
        double oneLine = labels.stream().mapToDouble(l -> ChartStyle.width(l, ChartStyle.TICK_SIZE)).max()
                .orElse(0);
        double twoLines = labels.stream().flatMap(l -> lines(l).stream())
                .mapToDouble(l -> ChartStyle.width(l, ChartStyle.TICK_SIZE)).max().orElse(0);
        if (oneLine + LABEL_GAP <= pitch) {
            layout = Labels.ONE_LINE;
        } else if (twoLines + LABEL_GAP <= pitch) {
            layout = Labels.TWO_LINES;
        } else {
            layout = Labels.UPRIGHT;
        }
        setCategoryLabelPositions(layout == Labels.UPRIGHT ? CategoryLabelPositions.UP_90
                : CategoryLabelPositions.STANDARD);
    }

    /** Distance between the centres of two neighbouring categories on a data area {@code dataWidth} wide. */
    double pitch(double dataWidth) {
        int n = labels.size();
        if (n < 2) {
            return dataWidth * (1 - getLowerMargin() - getUpperMargin());
        }
        double size = dataWidth * (1 - getLowerMargin() - getUpperMargin() - getCategoryMargin()) / n;
        double gap = dataWidth * getCategoryMargin() / (n - 1);
        return size + gap;
    }

    /** Width of one category (the bars of one run share it) on a data area {@code dataWidth} wide. */
    double categoryWidth(double dataWidth) {
        int n = labels.size();
        return n < 2 ? dataWidth * (1 - getLowerMargin() - getUpperMargin())
                : dataWidth * (1 - getLowerMargin() - getUpperMargin() - getCategoryMargin()) / n;
    }

    /**
     * Height the labels need beyond one line of text (upright: the longest label's width; two lines: a
     * second line), plus the level row: what a figure adds to its height to keep its plot's height.
     */
    double extraHeight() {
        double line = ChartStyle.lineHeight(ChartStyle.TICK_SIZE);
        double extra = switch (layout) {
            case ONE_LINE -> 0;
            case TWO_LINES -> line;
            case UPRIGHT -> labels.stream().mapToDouble(l -> ChartStyle.width(l, ChartStyle.TICK_SIZE)).max()
                    .orElse(0) - line;
        };
        return Math.ceil(extra + levelRowHeight());
    }

    /** A label's lines when laid out in two: the run's name, then its entries in brackets. */
    static List<String> lines(String label) {
        int at = label.indexOf(" (");
        return at < 0 ? List.of(label) : List.of(label.substring(0, at), label.substring(at + 1));
    }

    private double levelRowHeight() {
        return levels.isEmpty() ? 0 : BRACKET_TOP + BRACKET_HEIGHT + BRACKET_TEXT
                + ChartStyle.lineHeight(LEVEL_SIZE);
    }

    @Override
    protected TextBlock createLabel(Comparable category, float width, RectangleEdge edge, Graphics2D g2) {
        // the width is ignored on purpose: fit() chose a layout in which every line fits whole
        String text = category.toString();
        if (layout == Labels.TWO_LINES) {
            text = String.join("\n", lines(text));
        }
        return TextUtils.createTextBlock(text, getTickLabelFont(category), getTickLabelPaint(category));
    }

    @Override
    public AxisSpace reserveSpace(Graphics2D g2, Plot plot, Rectangle2D plotArea, RectangleEdge edge,
                                  AxisSpace space) {
        AxisSpace reserved = super.reserveSpace(g2, plot, plotArea, edge, space);
        if (isVisible() && edge == RectangleEdge.BOTTOM) {
            reserved.add(levelRowHeight(), edge);
        }
        return reserved;
    }

    @Override
    protected AxisState drawCategoryLabels(Graphics2D g2, Rectangle2D plotArea, Rectangle2D dataArea,
                                           RectangleEdge edge, AxisState state, PlotRenderingInfo plotState) {
        AxisState after = super.drawCategoryLabels(g2, plotArea, dataArea, edge, state, plotState);
        if (levels.isEmpty() || edge != RectangleEdge.BOTTOM) {
            return after;
        }
        int n = labels.size();
        double top = after.getCursor() + BRACKET_TOP;
        g2.setStroke(new BasicStroke(1.0f));
        for (int i = 0; i < levels.size(); i++) {
            Level level = levels.get(i);
            double x0 = getCategoryStart(level.first(), n, dataArea, edge);
            double x1 = getCategoryEnd(level.last(), n, dataArea, edge);
            g2.setPaint(ChartStyle.BUDGET);
            g2.draw(new Line2D.Double(x0, top, x0, top + BRACKET_HEIGHT));
            g2.draw(new Line2D.Double(x0, top + BRACKET_HEIGHT, x1, top + BRACKET_HEIGHT));
            g2.draw(new Line2D.Double(x1, top, x1, top + BRACKET_HEIGHT));
            g2.setFont(ChartStyle.font(LEVEL_SIZE));
            g2.setPaint(ChartStyle.TEXT);
            TextUtils.drawAlignedString(level.name(), g2, (float) ((x0 + x1) / 2),
                    (float) (top + BRACKET_HEIGHT + BRACKET_TEXT), TextAnchor.TOP_CENTER);
            if (i > 0) {
                // halfway between the last run of the level before and the first of this one
                double x = (getCategoryEnd(level.first() - 1, n, dataArea, edge) + x0) / 2;
                g2.setPaint(ChartStyle.LEVEL_LINE);
                g2.draw(new Line2D.Double(x, dataArea.getMinY(), x, dataArea.getMaxY()));
            }
        }
        after.cursorDown(levelRowHeight());
        return after;
    }
}
