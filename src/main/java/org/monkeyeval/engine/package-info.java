/**
 * Real engines, read and driven: {@link org.monkeyeval.engine.rocksdb} (RocksDB through RocksJava: open a
 * live database without writing to it, import its runs, measure its lookups, check allocations inside
 * it) and {@link org.monkeyeval.engine.sst} (a reader of RocksDB's SST files that needs no native library).
 * The classes live in those two packages; this one only names them.
 */
package org.monkeyeval.engine;
