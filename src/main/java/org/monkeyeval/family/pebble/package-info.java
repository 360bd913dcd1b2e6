/**
 * Pebble's table filter ({@link org.monkeyeval.family.pebble.PebbleFamily}): RocksDB's legacy cache-line
 * Bloom filter with its 32-bit hash ({@link org.monkeyeval.family.rocksdb.LegacyBloom}), set per level by
 * {@code Options.Levels[i].TableFilterPolicy = bloom.FilterPolicy(bits)}. Pure functions, no I/O.
 */
package org.monkeyeval.family.pebble;
