/**
 * Cassandra's Bloom filter family, kept together: the sizing and rate the solver prices
 * ({@link org.monkeyeval.family.cassandra.CassandraFamily}, one setting per reachable
 * {@code bloom_filter_fp_chance}), the filter Cassandra builds
 * ({@link org.monkeyeval.family.cassandra.CassandraBloom}: FilterFactory's sizes, BloomFilter's
 * {@code abs(base % max)} probes, OffHeapBitSet's bit layout, BloomFilterSerializer's bytes) and the hash
 * it builds with ({@link org.monkeyeval.family.cassandra.CassandraMurmur3}, {@code MurmurHash.hash3_x64_128}
 * with its sign-extended tail bytes).
 *
 * <p>All three are re-implemented from apache/cassandra tag {@code cassandra-5.0.4}
 * ({@code src/java/org/apache/cassandra/utils/}: {@code BloomCalculations.java}, {@code FilterFactory.java},
 * {@code BloomFilter.java}, {@code MurmurHash.java}, {@code obs/OffHeapBitSet.java},
 * {@code BloomFilterSerializer.java}). The tests build Cassandra's own filter with
 * {@code org.apache.cassandra:cassandra-all:5.0.4} (test scope) and compare hash counts, sizes, serialized
 * bytes and answers, and measure the family's rate on the real filter. Pure functions and in-memory
 * filters, no I/O; depends on {@code family} ({@code FilterFamily}, {@code Setting}) and {@code filter}.
 */
package org.monkeyeval.family.cassandra;
