/**
 * monkey-eval: evaluates Monkey-style Bloom-filter memory allocation for the runs of an
 * LSM-tree against the uniform bits-per-entry that engines use by default.
 *
 * <p>Rooms (top-level packages), one concern each, from the top down. A room uses only rooms below it,
 * and rooms on one line do not use each other ({@code ArchitectureTest} holds the code to this list,
 * and no two packages to a cycle):
 * <ol>
 *   <li>{@code cli}: thin picocli commands that parse, delegate and map results to exit codes.</li>
 *   <li>{@code bundle}: the byte-reproducible artifact zip and its metadata.</li>
 *   <li>{@code verify}: the published folder, its parts, and regression comparison of recomputed
 *       tables with published ones; the checksums of an unpacked bundle.</li>
 *   <li>{@code page}: the report page: report.html, its figures and sweep assembled.</li>
 *   <li>{@code figures}: the report's charts as SVG text.</li>
 *   <li>{@code report}: the output documents: CSV tables, provenance JSON, terminal summaries.</li>
 *   <li>{@code export}: a case's deployable allocation as the engine's own settings.</li>
 *   <li>{@code engine}: real engines: the RocksDB adapter ({@code engine.rocksdb}: open, import,
 *       measure, the engine check) and a reader of its SST files ({@code engine.sst}).</li>
 *   <li>{@code io}: the disk: reading and validating case files, writing files and output folders.</li>
 *   <li>{@code confirm}: building filters with the allocated bits and counting probes.</li>
 *   <li>{@code alloc}: the allocation math: Monkey's cost model, lookup weights, the bounded
 *       threshold solver, the deployable allocation at an engine's granularity, the memory sweep.</li>
 *   <li>{@code family}: filter families (ideal, standard, and one package per engine's filters):
 *       false-positive rate and real size as a function of the setting, one source for the solver,
 *       the predictions, the report and the exports; {@code family.catalog} lists them.</li>
 *   <li>{@code filter} (the filter interface, the pinned hash and keys), {@code stats} (binomial
 *       intervals and z-scores), {@code model} (the case model: runs, tree shapes, workloads, memory
 *       budget, plain values).</li>
 *   <li>{@code text}: CSV, JSON, the number format, SHA-256, and the invalid-input error every room
 *       reports.</li>
 * </ol>
 */
package org.monkeyeval;
