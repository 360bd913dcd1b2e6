/**
 * Real filters, built from generated keys, for checking predicted false-positive rates against
 * measured ones. Pure and I/O-free; {@code mayContain} does not allocate.
 *
 * <p>Where to look: the pinned key hash is {@link org.monkeyeval.filter.Hashing}; deterministic stored
 * and absent keys, disjoint by construction, come from {@link org.monkeyeval.filter.KeySpace}; the
 * multiply-high map onto {@code [0, m)} is {@link org.monkeyeval.filter.FastRange} (Lemire 2019). Two
 * layouts implement {@link org.monkeyeval.filter.Filter}: {@link org.monkeyeval.filter.StandardBloom}
 * (classic Bloom, exactly round(n b) bits, Kirsch-Mitzenmacher 2006 double hashing) and
 * {@link org.monkeyeval.filter.RocksDbLocalBloom} (RocksDB's format_version=5 cache-local rules,
 * after Putze, Sanders and Singler 2007, with RocksDB's sizing and probe-count rules exposed as static
 * functions). Each filter class states its probe derivation in a {@code PROBE_DERIVATION} constant for
 * provenance.
 */
package org.monkeyeval.filter;
