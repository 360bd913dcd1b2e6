package org.monkeyeval.figures;

/**
 * One drawn figure.
 *
 * @param name        file-name stem and element id, {@code [a-z0-9._-]+}
 * @param title       the figure's title (also its SVG {@code <title>})
 * @param description what the figure shows, for screen readers (its SVG {@code <desc>})
 * @param element     the {@code <svg>} element, sized by its view box, to place inline in a page
 * @param document    the same figure as a standalone SVG file with its width and height
 * @param marks       plotted data marks (bars, points, line vertices), for checking against the rows
 */
public record Figure(String name, String title, String description, String element, String document, int marks) {
}
