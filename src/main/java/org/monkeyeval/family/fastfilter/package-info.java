/**
 * Static-set filters: xor filters (Graf and Lemire 2020) and binary fuse filters (Graf and Lemire
 * 2022), as FastFilter's Java library builds them. A fingerprint filter of w bits answers an absent
 * key with probability near 2^-w whatever the set's size, so its one setting is its fingerprint width;
 * its size is the library's array length times w. (FastFilter 1.0.2's xor filters draw fingerprint and
 * second slot from shared hash bits, so their rate departs from 2^-w, up to three times it for small
 * xor16 sets; {@code XorTableRate} computes a built filter's own rate from its table.)
 *
 * <p>No engine this tool exports to builds these filters today (RocksDB, Pebble, LevelDB and Cassandra
 * build Bloom or Ribbon filters); they stand here as the static-set reference an SST's immutable key set
 * could use. xor8 and xor16 are built and measured with {@code io.github.fastfilter:fastfilter} 1.0.2,
 * the release Maven Central serves. Binary fuse filters are not in that release (they arrived in
 * FastFilter 1.0.4, which is not on Maven Central), so {@code BinaryFuseFilter} builds them here with
 * FastFilter 1.0.5's sizing and the references' segment layout and slots, for fingerprints of 4, 8, 10,
 * 12 and 16 bits (the widths of Pebble's binary-fuse policy; every width packed w bits to a slot):
 * families {@code binary-fuse4} .. {@code binary-fuse16}, each confirmed like any built family.
 */
package org.monkeyeval.family.fastfilter;
