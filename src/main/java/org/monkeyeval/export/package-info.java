/**
 * Exports: the settings that make an engine build a case's deployable allocation, in the engine's own
 * configuration language (RocksDB OPTIONS files and a C++ FilterPolicy, Pebble OPTIONS and Go, fjall Rust,
 * LevelDB C++, Cassandra CQL), each headed by the cost it is expected to achieve.
 *
 * <p>{@link org.monkeyeval.export.CaseSettings} solves a case at an engine and renders it;
 * {@link org.monkeyeval.alloc.EngineLevels} maps the case's levels to the levels the engine really puts
 * the runs at; {@link org.monkeyeval.export.EngineExport} writes the text. What a setting builds comes from
 * the families ({@code family}); no rate or size is computed here. No I/O: text out.
 */
package org.monkeyeval.export;
