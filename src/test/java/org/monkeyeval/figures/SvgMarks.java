package org.monkeyeval.figures;

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

    private SvgMarks() {
    }

    /** Marks drawn; throws when a series path has another number of vertices than its tag says. */
    static int count(String svg) {
        int marks = 0;
        Matcher group = GROUP.matcher(svg);
        while (group.find()) {
            String ref = group.group(1);
            Matcher points = POINTS.matcher(ref);
            if (points.find()) {
                int announced = Integer.parseInt(points.group(1));
                Matcher path = PATH.matcher(svg);
                if (!path.find(group.end())) {
                    throw new AssertionError("series group without a path: " + ref);
                }
                int vertices = path.group(1).replaceAll("[^ML]", "").length();
                if (vertices != announced) {
                    throw new AssertionError(ref + ": path has " + vertices + " vertices");
                }
                marks += vertices;
            } else if (ref.contains("itemIndex") || ref.contains("rowKey")) {
                marks++;
            }
        }
        return marks;
    }
}
