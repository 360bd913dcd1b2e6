/**
 * The readable report: one self-contained HTML page (CSS and figures inline, no script, no request to
 * any network or other file) that draws what the published tables hold, with the memory sweep and the
 * figures beside it, and the report's provenance. Tables in, text out; writing to disk belongs to
 * {@code io}.
 */
package org.monkeyeval.page;
