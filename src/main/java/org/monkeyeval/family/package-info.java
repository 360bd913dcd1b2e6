/**
 * Filter families: what a storage engine's filter costs and answers. A family gives, for n entries at
 * one of its settings, the false-positive rate and the real size in bits (metadata included), next to
 * small named functions that reproduce the engine's own rules with the source file cited; a family
 * whose real filter is built here ({@link org.monkeyeval.family.RealFilterFamily}) also builds it, so
 * that {@code confirm} measures the filter the engine builds, not one written for the tool.
 *
 * <p>Where to look: {@link org.monkeyeval.family.FilterFamily} is the interface and
 * {@link org.monkeyeval.family.Setting} one value of an engine's knob with the parameters it derives;
 * {@link org.monkeyeval.family.Families} lists every family by name and
 * {@link org.monkeyeval.family.FamilyLookup} answers "what does family F build for n keys at b bits
 * per key". {@link org.monkeyeval.family.Engine} says at which granularity an engine sets its filter
 * (one value per tree or one per level). One package per engine's filters:
 * {@link org.monkeyeval.family.rocksdb} (fast local Bloom, legacy Bloom, Ribbon, their hashes and the
 * trailer that says which filter a block holds; Pebble's filter is RocksDB's legacy Bloom),
 * {@link org.monkeyeval.family.leveldb}, {@link org.monkeyeval.family.cassandra} and
 * {@link org.monkeyeval.family.fastfilter} (static-set filters through FastFilter); the textbook curves
 * ({@link org.monkeyeval.family.IdealFamily}, {@link org.monkeyeval.family.StandardFamily}), and
 * {@link org.monkeyeval.family.RocksDbFamily}, {@link org.monkeyeval.family.PebbleFamily} and
 * {@link org.monkeyeval.family.FjallFamily} are here. Pure functions, no I/O.
 */
package org.monkeyeval.family;
