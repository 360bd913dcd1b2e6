package org.monkeyeval.figures;

import java.awt.geom.Rectangle2D;

import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

/** Draws a chart into JFreeSVG and pins what would otherwise vary between runs and machines. */
final class SvgExport {

    /**
     * The font stack written into the SVG; layout was measured with the first (shipped) font. Names are
     * unquoted (valid CSS) because JFreeSVG puts the style in a single-quoted attribute.
     */
    static final String FONT_FAMILY = "DejaVu Sans, Verdana, Bitstream Vera Sans, sans-serif";

    private SvgExport() {
    }

    static Figure export(JFreeChart chart, String name, String title, String description, int width, int height,
                         int marks) {
        SVGGraphics2D g2 = new SVGGraphics2D(width, height);
        // JFreeSVG's default prefix comes from System.nanoTime(); a fixed one per figure keeps ids stable
        // and distinct between the figures of one page.
        g2.setDefsKeyPrefix(name + "-");
        g2.setGeomDoubleConverter(SvgExport::coordinate);
        g2.setTransformDoubleConverter(SvgExport::transform);
        g2.setFontFunction(family -> {
            if (!family.equals(ChartStyle.FAMILY)) {
                // a font the chart did not get from ChartStyle: its metrics would be the machine's
                throw new IllegalStateException("figure " + name + " uses font family " + family);
            }
            return FONT_FAMILY;
        });
        chart.draw(g2, new Rectangle2D.Double(0, 0, width, height));
        ViewBox box = new ViewBox(0, 0, width, height);
        String inline = accessible(g2.getSVGElement(name, false, box, null, null), name, title, description);
        String standalone = accessible(g2.getSVGElement(name, true, box, null, null), name, title, description);
        String document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + standalone + "\n";
        return new Figure(name, title, description, inline, document, marks);
    }

    /**
     * Where {@code chart} draws its plot at {@code width} by {@code height}: it is drawn once into a
     * throwaway SVG, measured as the real drawing measures (the same font metrics), and the plot's
     * rendering info kept. A figure lays out its labels from these areas before it is exported.
     */
    static PlotRenderingInfo layout(JFreeChart chart, int width, int height) {
        ChartRenderingInfo info = new ChartRenderingInfo(null);
        chart.draw(new SVGGraphics2D(width, height), new Rectangle2D.Double(0, 0, width, height), null, info);
        return info.getPlotInfo();
    }

    /** Adds role, aria-labelledby and the {@code <title>}/{@code <desc>} pair right after the opening tag. */
    private static String accessible(String svg, String name, String title, String description) {
        int open = svg.indexOf('>');
        if (!svg.startsWith("<svg") || open < 0) {
            throw new IllegalStateException("unexpected SVG element from JFreeSVG: " + svg.substring(0, 40));
        }
        String attributes = " role='img' aria-labelledby='" + name + "-title " + name + "-desc'";
        return svg.substring(0, open) + attributes + ">"
                + "<title id='" + name + "-title'>" + escape(title) + "</title>"
                + "<desc id='" + name + "-desc'>" + escape(description) + "</desc>"
                + svg.substring(open + 1);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#39;")
                .replace("\"", "&quot;");
    }

    /** Coordinates to two decimals, without a locale, trailing zeros dropped. */
    static String coordinate(double v) {
        return fixed(v, 100);
    }

    /** Transform entries (rotations hold sines and cosines) to four decimals. */
    static String transform(double v) {
        return fixed(v, 10_000);
    }

    private static String fixed(double v, long scale) {
        if (!Double.isFinite(v)) {
            return "0";
        }
        long units = Math.round(v * scale);
        if (units == 0) {
            return "0";
        }
        StringBuilder out = new StringBuilder();
        if (units < 0) {
            out.append('-');
            units = -units;
        }
        out.append(units / scale);
        long fraction = units % scale;
        if (fraction != 0) {
            String digits = Long.toString(fraction + scale).substring(1);
            int end = digits.length();
            while (digits.charAt(end - 1) == '0') {
                end--;
            }
            out.append('.').append(digits, 0, end);
        }
        return out.toString();
    }
}
