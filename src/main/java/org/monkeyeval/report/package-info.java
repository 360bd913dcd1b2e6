/**
 * The output documents of {@code run}, {@code confirm}, {@code measure} and {@code families}: the per-run
 * and per-case CSV tables, provenance JSON, terminal summaries, and the published tables read back for the
 * report ({@link org.monkeyeval.report.ReportData}). Results in, text out, through the formats of
 * {@code text}; writing to disk belongs to {@code io}.
 */
package org.monkeyeval.report;
