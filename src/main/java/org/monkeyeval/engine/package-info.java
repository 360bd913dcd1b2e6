/**
 * The real-engine check: the allocated bits per key given to RocksDB's own filters, in an
 * embedded RocksDB (RocksJava), measured with RocksDB's own statistics tickers.
 *
 * <p>Each run of a case becomes one column family holding one SST file written by
 * {@code SstFileWriter} with that run's {@code BloomFilter(bitsPerKey)} and ingested; an absent-key
 * lookup issues one {@code get} to every run's column family, so every run's filter is consulted.
 * The database lives in a temporary folder removed afterwards, also on failure or interruption.
 */
package org.monkeyeval.engine;
