package org.monkeyeval.figures;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Counts the data marks a figure's SVG draws: every group JFreeChart (or {@link MarkedRenderers}) tags
 * as one item (a bar, a point, a point with its interval), plus the vertices of every series path,
 * checked against the number of points its tag announces.
 */
final class SvgMarks {

    private static final Pattern GROUP = Pattern.compile("<g jfreesvg:ref='([^']*)'>");
    private static final Pattern POINTS = Pattern.compile("&quot;points&quot;: (\\d+)");
    private static final Pattern PATH = Pattern.compile("<path [^>]*?d='([^']*)'");
    /** The series a ref names: row key of a category chart, series key of an XY chart (refs are escaped). */
    private static final Pattern SERIES = Pattern.compile("&quot;(?:rowKey|seriesKey)&quot;: &quot;(.*?)&quot;");

    private SvgMarks() {
    }

    /** Marks drawn; throws when a series path has another number of vertices than its tag says. */
    static int count(String svg) {
        return bySeries(svg).values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * Marks drawn per series, by the series' name as the legend shows it, in drawing order; throws when a
     * series path has another number of vertices than its tag says.
     */
    static Map<String, Integer> bySeries(String svg) {
        Map<String, Integer> marks = new LinkedHashMap<>();
        Matcher group = GROUP.matcher(svg);
        while (group.find()) {
            String ref = group.group(1);
            int drawn;
            Matcher points = POINTS.matcher(ref);
            if (points.find()) {
                int announced = Integer.parseInt(points.group(1));
                Matcher path = PATH.matcher(svg);
                if (!path.find(group.end())) {
                    throw new AssertionError("series group without a path: " + ref);
                }
                drawn = path.group(1).replaceAll("[^ML]", "").length();
                if (drawn != announced) {
                    throw new AssertionError(ref + ": path has " + drawn + " vertices");
                }
            } else if (ref.contains("itemIndex") || ref.contains("rowKey")) {
                drawn = 1;
            } else {
                continue;
            }
            Matcher series = SERIES.matcher(ref);
            String name = series.find() ? series.group(1).replace("&apos;", "'").replace("&amp;", "&") : ref;
            marks.merge(name, drawn, Integer::sum);
        }
        return marks;
    }
}
