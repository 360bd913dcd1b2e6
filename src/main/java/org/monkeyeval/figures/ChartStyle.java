package org.monkeyeval.figures;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontFormatException;
import java.awt.FontMetrics;
import java.awt.Stroke;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.svg.SVGGraphics2D;

/**
 * Fonts, colours and strokes of every figure.
 *
 * <p>Text is measured with DejaVu Sans 2.37 shipped in this package (Bitstream Vera licence, beside
 * the font as DejaVuSans-LICENSE.txt), loaded with {@link Font#createFont}: the layout then depends on
 * that file, not on which fonts a machine has installed (installing a browser, for instance, brings new
 * fonts that would move every label). Only the plain face is used; a synthesized bold would depend
 * on the font scaler.
 *
 * <p>Colours are the Okabe-Ito palette (distinguishable with the common colour-vision deficiencies);
 * the model is drawn solid and the RocksDB-layout prediction dashed in the same hue.
 */
final class ChartStyle {

    static final Color UNIFORM = new Color(0xD5, 0x5E, 0x00);   // vermillion
    static final Color OPTIMIZED = new Color(0x00, 0x72, 0xB2); // blue
    static final Color MEASURED_STANDARD = new Color(0x00, 0x00, 0x00);
    static final Color MEASURED_ROCKSDB = new Color(0x00, 0x9E, 0x73);  // bluish green
    static final Color MEASURED_ENGINE = new Color(0xCC, 0x79, 0xA7);   // reddish purple
    /** The deployable allocation: the engine's colour, since it is what the engine can be set to. */
    static final Color DEPLOYABLE = MEASURED_ENGINE;
    /** The current allocation (the bits the runs hold today): neutral grey, apart from the palette. */
    static final Color CURRENT = new Color(0x77, 0x77, 0x77);
    /** The robust allocation over an uncertain zero-result share. */
    static final Color ROBUST = new Color(0xE6, 0x9F, 0x00);    // orange
    /** The interval of shares the robust allocation is judged over: the robust colour, faint. */
    static final Color ROBUST_RANGE = new Color(0xE6, 0x9F, 0x00, 0x33);
    /** No filter on the last level, its bits spread over the other runs. */
    static final Color NO_LAST_FILTER = new Color(0x00, 0x9E, 0x73); // bluish green
    static final Color GRID = new Color(0xDD, 0xDD, 0xDD);
    static final Color TEXT = new Color(0x22, 0x22, 0x22);
    static final Color BUDGET = new Color(0x55, 0x55, 0x55);
    /** The thin line that parts one level's runs from the next. */
    static final Color LEVEL_LINE = new Color(0xAA, 0xAA, 0xAA);

    /** Line colours of the all-cases figure, enough for one per published case before repeating. */
    static final Color[] CASE_COLOURS = {
        new Color(0x00, 0x72, 0xB2), new Color(0xD5, 0x5E, 0x00), new Color(0x00, 0x9E, 0x73),
        new Color(0xCC, 0x79, 0xA7), new Color(0xE6, 0x9F, 0x00), new Color(0x56, 0xB4, 0xE9),
        new Color(0x00, 0x00, 0x00), new Color(0x88, 0x22, 0x55), new Color(0x11, 0x77, 0x33),
        new Color(0x99, 0x99, 0x33), new Color(0x33, 0x22, 0x88), new Color(0x88, 0x88, 0x88),
        new Color(0xAA, 0x44, 0x99), new Color(0x44, 0xAA, 0x99)};

    static final Stroke LINE = new BasicStroke(2.0f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    static final Stroke DASHED = new BasicStroke(2.0f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10.0f,
            new float[] {7.0f, 4.0f}, 0.0f);
    static final Stroke MARKER = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10.0f,
            new float[] {4.0f, 3.0f}, 0.0f);

    /** Name of the shipped font family, the only one a figure may use. */
    static final String FAMILY = "DejaVu Sans";

    /** Sizes of the text every chart gets from the theme: tick labels, axis labels, legend entries. */
    static final float TICK_SIZE = 12f;
    static final float AXIS_LABEL_SIZE = 13f;
    static final float LEGEND_SIZE = 12f;

    private static final Font BASE = load();

    /**
     * Measures text before a chart is drawn, as JFreeSVG measures it while drawing (its font metrics
     * come from an image graphics with fractional metrics on, which a fresh SVGGraphics2D sets up the
     * same way): a label chosen to fit is then laid out by the same numbers that chose it.
     */
    private static final SVGGraphics2D MEASURE = new SVGGraphics2D(10, 10);

    static {
        // Both are JVM-wide switches of JFreeChart's text code, pinned here so no other default can
        // move them: rotated labels are drawn as text (the workaround draws glyph outlines through a
        // TextLayout, which are bulky, unselectable and come from the font scaler), and text is
        // measured with FontMetrics.stringWidth and the font's height.
        TextUtils.setUseDrawRotatedStringWorkaround(false);
        TextUtils.setUseFontMetricsGetStringBounds(false);
    }

    private ChartStyle() {
    }

    private static Font load() {
        try (InputStream in = ChartStyle.class.getResourceAsStream("DejaVuSans.ttf")) {
            if (in == null) {
                throw new IllegalStateException("DejaVuSans.ttf is missing from the jar");
            }
            Font font = Font.createFont(Font.TRUETYPE_FONT, in);
            if (!font.getFamily(Locale.ROOT).equals(FAMILY)) {
                throw new IllegalStateException("shipped font is " + font.getFamily(Locale.ROOT));
            }
            return font;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (FontFormatException e) {
            throw new IllegalStateException("DejaVuSans.ttf is not a TrueType font", e);
        }
    }

    static Font font(float size) {
        return BASE.deriveFont(Font.PLAIN, size);
    }

    /** Width of {@code text} in the shipped font, as JFreeChart measures it (FontMetrics.stringWidth). */
    static synchronized double width(String text, float size) {
        return metrics(size).stringWidth(text);
    }

    /** Height of one line of text in the shipped font, as JFreeChart lays it out (FontMetrics.getHeight). */
    static synchronized double lineHeight(float size) {
        return metrics(size).getHeight();
    }

    private static FontMetrics metrics(float size) {
        return MEASURE.getFontMetrics(font(size));
    }

    /** The theme, with a way to style the panels of a {@link PanelRow}, which it does not know. */
    private static final class Theme extends StandardChartTheme {
        private static final long serialVersionUID = 1L;

        Theme() {
            super("monkey-eval", false);
        }

        void stylePanel(Plot plot) {
            applyToPlot(plot);
        }
    }

    /** Applies the shared fonts, colours and legend placement to a chart built by this package. */
    static void apply(JFreeChart chart) {
        Theme theme = new Theme();
        theme.setExtraLargeFont(font(17f));
        theme.setLargeFont(font(AXIS_LABEL_SIZE));
        theme.setRegularFont(font(TICK_SIZE));
        theme.setSmallFont(font(10f));
        theme.setTitlePaint(TEXT);
        theme.setSubtitlePaint(TEXT);
        theme.setAxisLabelPaint(TEXT);
        theme.setTickLabelPaint(TEXT);
        theme.setLegendItemPaint(TEXT);
        theme.setChartBackgroundPaint(Color.WHITE);
        theme.setLegendBackgroundPaint(Color.WHITE);
        theme.setPlotBackgroundPaint(Color.WHITE);
        theme.setPlotOutlinePaint(new Color(0xBB, 0xBB, 0xBB));
        theme.setDomainGridlinePaint(GRID);
        theme.setRangeGridlinePaint(GRID);
        theme.setBarPainter(new StandardBarPainter());
        theme.setXYBarPainter(new StandardXYBarPainter());
        theme.setShadowVisible(false);
        theme.setDrawingSupplier(new DefaultDrawingSupplier(CASE_COLOURS.clone(),
                DefaultDrawingSupplier.DEFAULT_FILL_PAINT_SEQUENCE, DefaultDrawingSupplier.DEFAULT_OUTLINE_PAINT_SEQUENCE,
                DefaultDrawingSupplier.DEFAULT_STROKE_SEQUENCE, DefaultDrawingSupplier.DEFAULT_OUTLINE_STROKE_SEQUENCE,
                DefaultDrawingSupplier.DEFAULT_SHAPE_SEQUENCE));
        theme.apply(chart);
        if (chart.getPlot() instanceof PanelRow row) {
            row.panels().forEach(theme::stylePanel);
        }
        chart.setPadding(new RectangleInsets(8, 8, 8, 12));
        chart.setTextAntiAlias(true);
        chart.setAntiAlias(true);
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setPosition(RectangleEdge.BOTTOM);
            legend.setFrame(BlockBorder.NONE);
            legend.setItemFont(font(LEGEND_SIZE));
        }
        chart.getTitle().setFont(font(16f));
        chart.getTitle().setPaint(TEXT);
    }
}
