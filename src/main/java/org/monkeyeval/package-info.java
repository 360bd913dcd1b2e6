/**
 * monkey-eval: evaluates Monkey-style Bloom-filter memory allocation for the runs of an
 * LSM-tree against the uniform bits-per-entry that engines use by default.
 *
 * <p>Packages, one concern each, from the top down:
 * <ul>
 *   <li>{@code cli}: thin picocli commands that parse, delegate and map results to exit codes.</li>
 *   <li>{@code bundle}: the byte-reproducible artifact zip and its metadata.</li>
 *   <li>{@code verify}: regression comparison of recomputed tables with published ones.</li>
 *   <li>{@code io}: the disk: reading and validating case files, writing output folders.</li>
 *   <li>{@code page}: the report page: report.html, its figures and sweep assembled.</li>
 *   <li>{@code figures}: the report's charts as SVG text.</li>
 *   <li>{@code report}: the output documents as text: CSV tables, provenance JSON, the number format.</li>
 *   <li>{@code engine}: the same allocations inside an embedded RocksDB, read through its own
 *       tickers; importing a live RocksDB's runs.</li>
 *   <li>{@code confirm}: building filters with the allocated bits and counting probes.</li>
 *   <li>{@code alloc}: the allocation math: Monkey's cost model, lookup weights, the bounded
 *       threshold solver, the deployable allocation at an engine's granularity, the memory sweep.</li>
 *   <li>{@code family}: filter families (ideal, standard, RocksDB, Pebble, LevelDB, fjall, Cassandra):
 *       false-positive rate and real size as a function of the setting, one source for the solver,
 *       the predictions, the report and the exports.</li>
 *   <li>{@code filter}: real filters (standard and RocksDB-rule cache-local Bloom), the pinned hash and keys.</li>
 *   <li>{@code stats}: binomial intervals and z-scores.</li>
 *   <li>{@code model}: the case model (runs, tree shapes, workloads, memory budget), plain values.</li>
 * </ul>
 */
package org.monkeyeval;
