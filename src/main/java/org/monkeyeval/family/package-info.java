/**
 * Filter families: what a storage engine's filter costs and answers. A family gives, for n entries at
 * one of its settings, the false-positive rate and the real size in bits (metadata included), next to
 * small named functions that reproduce the engine's own rules with the source file cited; a family
 * whose real filter is built here ({@link org.monkeyeval.family.RealFilterFamily}) also builds it, so
 * that {@code confirm} measures the filter the engine builds, not one written for the tool.
 *
 * <p>This package holds what every family stands on and the textbook curves:
 * {@link org.monkeyeval.family.FilterFamily} is the interface and {@link org.monkeyeval.family.Setting} one
 * value of an engine's knob with the parameters it derives; {@link org.monkeyeval.family.IdealFamily} and
 * {@link org.monkeyeval.family.StandardFamily} (with its filter, {@link org.monkeyeval.family.StandardBloom})
 * are the textbook curves; {@link org.monkeyeval.family.GainCap} and {@link org.monkeyeval.family.WholeBits}
 * the rules several families share. One package per engine's filters, each using only this one:
 * {@link org.monkeyeval.family.rocksdb} (fast local Bloom, legacy Bloom, Ribbon, their hashes and the
 * trailer that says which filter a block holds), {@link org.monkeyeval.family.pebble} (RocksDB's legacy
 * Bloom, set per level), {@link org.monkeyeval.family.fjall}, {@link org.monkeyeval.family.leveldb},
 * {@link org.monkeyeval.family.cassandra} and {@link org.monkeyeval.family.fastfilter} (static-set filters
 * through FastFilter). {@link org.monkeyeval.family.catalog} lists them all by name and by engine
 * granularity. Pure functions, no I/O.
 */
package org.monkeyeval.family;
