/**
 * What every real filter stands on, for checking predicted false-positive rates against measured
 * ones: the {@link org.monkeyeval.filter.Filter} interface, keys and hashes. Pure and I/O-free;
 * {@code mayContain} does not allocate.
 *
 * <p>Where to look: the pinned key hash is {@link org.monkeyeval.filter.Hashing}; deterministic stored
 * and absent keys, disjoint by construction, come from {@link org.monkeyeval.filter.KeySpace}; the
 * multiply-high map onto {@code [0, m)} is {@link org.monkeyeval.filter.FastRange} (Lemire 2019). The
 * filters themselves live with their families: the classic Bloom layout
 * {@link org.monkeyeval.family.StandardBloom} (exactly round(n b) bits, Kirsch-Mitzenmacher 2006 double
 * hashing) beside {@link org.monkeyeval.family.StandardFamily}, and RocksDB's format_version=5
 * cache-local layout {@link org.monkeyeval.family.rocksdb.RocksDbLocalBloom} with RocksDB's other
 * filters. Each filter class states its probe derivation in a {@code PROBE_DERIVATION} constant for
 * provenance.
 */
package org.monkeyeval.filter;
