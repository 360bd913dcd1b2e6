/**
 * monkey-eval: evaluates Monkey-style Bloom-filter memory allocation for the runs of an
 * LSM-tree against the uniform bits-per-entry that engines use by default.
 *
 * <p>Packages, one concern each:
 * <ul>
 *   <li>{@code model}: the case model (runs, entry counts, memory budget), plain values.</li>
 *   <li>{@code alloc}: the allocation math: Monkey's cost model and the bounded threshold solver.</li>
 *   <li>{@code report}: the output documents as text: CSV tables, provenance JSON, the number format.</li>
 *   <li>{@code io}: the disk: reading and validating case files, writing output folders.</li>
 *   <li>{@code filter}: real filters (standard and RocksDB-rule cache-local Bloom), the pinned hash and keys.</li>
 *   <li>{@code stats}: binomial intervals and z-scores.</li>
 *   <li>{@code confirm}: building filters with the allocated bits and counting probes.</li>
 *   <li>{@code engine}: the same allocations inside an embedded RocksDB, read through its own tickers.</li>
 *   <li>{@code bundle}: the byte-reproducible artifact zip and its metadata.</li>
 *   <li>{@code verify}: regression comparison of recomputed tables with published ones.</li>
 *   <li>{@code cli}: thin picocli commands that parse, delegate and map results to exit codes.</li>
 * </ul>
 */
package org.monkeyeval;
