/**
 * LevelDB's Bloom filter as LevelDB builds it, and the {@code leveldb} filter family costed from it.
 * Re-implemented from google/leveldb (commit 78a352f47ed6c1e9d750545e9b242289185b87e1, unchanged in
 * these parts since release 1.23, which Debian's libleveldb-dev ships); tests compare bytes with that
 * library.
 *
 * <p>Where to look: {@link org.monkeyeval.family.leveldb.LevelDbHash} is {@code util/hash.cc}'s 32-bit
 * {@code Hash} (tail bytes unsigned, unlike RocksDB's copy); {@link org.monkeyeval.family.leveldb.LevelDbBloom}
 * is {@code util/bloom.cc}'s {@code BloomFilterPolicy} (filter bytes, {@code KeyMayMatch}, and its rules as
 * static functions), one {@link org.monkeyeval.family.leveldb.FilterPolicy}; {@link
 * org.monkeyeval.family.leveldb.LevelDbFilterBlock} is {@code table/filter_block.cc}'s builder and reader
 * (one filter per 2 KiB of data-block offset); {@link org.monkeyeval.family.leveldb.LevelDbLayout} says
 * how a run's entries fall into tables, blocks and so filters; {@link
 * org.monkeyeval.family.leveldb.LevelDbFilterRate} gives one small filter's false-positive rate, simulated
 * from LevelDB's probe arithmetic because the standard estimate is far off for such filters; {@link
 * org.monkeyeval.family.leveldb.LevelDbFamily} puts size and rate together per run. Pure functions, no I/O.
 */
package org.monkeyeval.family.leveldb;
