/**
 * Confirmation of the model with real filters: for every case, allocation, layout and run, build a
 * filter over the run's keys with the allocated bits per entry, send the same absent-key queries
 * through every run, and count what the filters say. Compute only: results in, counts out; the
 * tables are written by {@code report}.
 *
 * <p>Counting follows the RocksDB statistics convention (RocksDB wiki, "RocksDB Bloom Filter",
 * statistics): P = filter said "may contain", T = the key really was present, U = filter said "no"
 * (a useful negative); observed FPR = (P - T) / (P - T + U), undefined when the denominator is 0,
 * as for a run that has no filter and is read on every lookup.
 */
package org.monkeyeval.confirm;
