/**
 * The report's figures: JFreeChart charts of the tables (bits per entry by run, FPR by run, expected
 * probes against memory, improvement against memory), exported as SVG text by JFreeSVG.
 *
 * <p>Byte-reproducible on every JDK, locale, time zone and machine: text is measured with the DejaVu
 * Sans font shipped in this package (not a system font, whose presence and metrics vary between
 * machines), element ids come from the figure's name instead of JFreeSVG's time-based prefix, and
 * coordinates are printed by one fixed-point formatter. Charts in, SVG text out; no I/O.
 */
package org.monkeyeval.figures;
