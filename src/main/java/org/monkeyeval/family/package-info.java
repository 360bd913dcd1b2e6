/**
 * Filter families: what a storage engine's Bloom filter costs and answers as a function of bits per
 * entry. Each family gives, for n entries at one of its settings, the false-positive rate and the real
 * size in bits (metadata included), next to small named functions that reproduce the engine's own
 * rules with the source file cited.
 *
 * <p>Where to look: {@link org.monkeyeval.family.FilterFamily} is the interface;
 * {@link org.monkeyeval.family.IdealFamily} (e^(-c b), n b bits) and
 * {@link org.monkeyeval.family.StandardFamily} (whole k) are the textbook curves;
 * {@link org.monkeyeval.family.RocksDbFamily}, {@link org.monkeyeval.family.PebbleFamily},
 * {@link org.monkeyeval.family.LevelDbFamily}, {@link org.monkeyeval.family.FjallFamily} and
 * {@link org.monkeyeval.family.CassandraFamily} are the engines' filters, each with the settings its
 * configuration can express. {@link org.monkeyeval.family.Engine} says at which granularity an engine
 * sets them (one value per tree or one per level). Pure functions, no I/O; depends only on
 * {@code filter} (RocksDB's rules are re-implemented once, in
 * {@link org.monkeyeval.filter.RocksDbLocalBloom}, and reused here).
 */
package org.monkeyeval.family;
