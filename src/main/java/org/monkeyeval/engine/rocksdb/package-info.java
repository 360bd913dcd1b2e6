/**
 * The RocksDB adapter, everything that runs RocksDB through RocksJava's native library
 * ({@link org.monkeyeval.engine.rocksdb.RocksDbNative} says whether it loads here):
 * <ul>
 *   <li><b>open</b>: {@link org.monkeyeval.engine.rocksdb.RocksDbSnapshotOpen}, a consistent version of a
 *       live database, as a secondary instance or read-only, with nothing written in its folder;</li>
 *   <li><b>import</b>: {@link org.monkeyeval.engine.rocksdb.RocksDbImport} reads every live SST file with the
 *       filter it really holds (through {@link org.monkeyeval.engine.sst}), and
 *       {@link org.monkeyeval.engine.rocksdb.ImportedCase} writes it as a case file;</li>
 *   <li><b>measure</b>: {@link org.monkeyeval.engine.rocksdb.RocksDbMeasure}, RocksDB's own count of the data
 *       blocks an absent-key lookup reads;</li>
 *   <li><b>rehearse</b>: {@link org.monkeyeval.engine.rocksdb.RocksDbRehearsal}, the deployable allocation
 *       applied to a copy of the database, every file rewritten at its own level, measured before and
 *       after; a filter policy the OPTIONS file names that this process cannot create is read with the
 *       built-in reader ({@link org.monkeyeval.engine.rocksdb.BuiltInFilterReader});</li>
 *   <li><b>check</b>: {@link org.monkeyeval.engine.rocksdb.RocksDbEngineCheck}, the allocated bits per key
 *       given to RocksDB's own filters ({@link org.monkeyeval.engine.rocksdb.EngineFilter}) in an embedded
 *       RocksDB: each run of a case one column family holding one SST file written by
 *       {@code SstFileWriter} and ingested, an absent-key lookup one {@code get} to every run's column
 *       family, counted with RocksDB's statistics tickers; the database lives in a temporary folder
 *       removed afterwards, also on failure or interruption.</li>
 * </ul>
 */
package org.monkeyeval.engine.rocksdb;
