/**
 * RocksDB's full filters, real and exact: each builder writes the bytes RocksDB writes, each reader
 * answers as RocksDB's does, and each family costs the filter as it is built.
 *
 * <p>RocksDB (table/block_based/filter_policy.cc, util/bloom_impl.h, util/ribbon_*.h) builds one of
 * three filters for a table, chosen by {@code BlockBasedTableOptions::format_version} and the policy:
 * <ul>
 *   <li><b>Legacy Bloom</b> ({@code format_version <= 4}; also Pebble's table filter):
 *       {@link org.monkeyeval.family.rocksdb.LegacyBloom}. Keys are hashed with the 32-bit
 *       MurmurHash1 variant {@code BloomHash} ({@link org.monkeyeval.family.rocksdb.RocksDbHash32});
 *       a key's k probes stay in one of an odd number of 64-byte lines, as an arithmetic progression
 *       whose step comes from rotating the same 32-bit hash. Whole bits per key; probes
 *       {@code (int) (b * 0.69)}. Its rate, with the penalty of that probe pattern and of the 32-bit
 *       hash: {@link org.monkeyeval.family.rocksdb.LegacyBloomRate}; its family:
 *       {@link org.monkeyeval.family.rocksdb.RocksDbLegacyFamily}.
 *   <li><b>Fast local Bloom</b> ({@code format_version >= 5}, the default since RocksDB 6.x): 64-bit
 *       XXH3 (preview) hash of the key; the lower 32 bits pick a 64-byte line by fastrange, the upper
 *       32 bits give the probes by repeated multiplication by 0x9E3779B9. Millibit resolution. Its rules
 *       (lines, probes, the cache-local rate) and the layout over the project's 64-bit keys, which
 *       {@code confirm}'s {@code rocksdb} layout builds: {@link org.monkeyeval.family.rocksdb.RocksDbLocalBloom};
 *       the same layout over a key's bytes, with RocksDB's hash:
 *       {@link org.monkeyeval.family.rocksdb.FastLocalBloomBuilder}, read back by
 *       {@link org.monkeyeval.family.rocksdb.FastLocalBloomReader}.
 *   <li><b>Standard128 Ribbon</b> ({@code RibbonFilterPolicy}): a Ribbon retrieval structure over the
 *       same 64-bit hash, about 30% smaller than Bloom at the same rate; it falls back to fast local
 *       Bloom for small key counts or below {@code bloom_before_level}.
 * </ul>
 *
 * <p>Which filter a block holds is read from the block itself, never from configuration: RocksDB's
 * {@code GetBuiltinFilterBitsReader} looks at the 5-byte trailer, whose first byte is the legacy
 * filter's probe count (1..127), or a marker: -1 for the new Bloom family (then a sub-implementation
 * byte and a byte of block size and probes), -2 for Ribbon (then the seed byte and a 24-bit block
 * count), 0 for "always true"; a block of 5 bytes or fewer is "always false".
 * {@link org.monkeyeval.family.rocksdb.RocksDbFilterMetadata} decodes it.
 *
 * <p>Pure functions and in-memory bytes, no I/O; tests compare with blocks RocksJava writes.
 */
package org.monkeyeval.family.rocksdb;
