/**
 * Output documents as text: the per-run and per-case CSV tables, provenance JSON, the one number
 * format every file uses, and checksums. Formatting only: results in, text out; writing to disk
 * belongs to {@code io}.
 */
package org.monkeyeval.report;
