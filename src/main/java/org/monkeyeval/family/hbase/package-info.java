/**
 * HBase's Bloom filter family, kept together: the sizing and rate the solver prices
 * ({@link org.monkeyeval.family.hbase.HBaseFamily}, one setting per distinct chunk that an
 * {@code io.storefile.bloom.error.rate} gives), the rules HBase sizes and folds its chunks by
 * ({@link org.monkeyeval.family.hbase.HBaseBloomSizing}), the compound filter a store file holds
 * ({@link org.monkeyeval.family.hbase.HBaseCompoundBloom}: chunks, probes, folding, the chunk a lookup
 * asks), the hash it builds with ({@link org.monkeyeval.family.hbase.HBaseMurmurHash}, HBase's MurmurHash2)
 * and what each {@code BLOOMFILTER} type holds and answers ({@link org.monkeyeval.family.hbase.HBaseBloomKey}:
 * ROW, ROWCOL, ROWPREFIX_FIXED_LENGTH).
 *
 * <p>Re-implemented from HBase 2.6.1 ({@code org.apache.hbase:hbase-server:2.6.1} and
 * {@code hbase-common:2.6.1}, files under {@code org/apache/hadoop/hbase/}: {@code util/BloomFilterFactory.java},
 * {@code util/BloomFilterUtil.java}, {@code util/BloomFilterChunk.java}, {@code util/MurmurHash.java},
 * {@code util/RowBloomHashKey.java}, {@code util/RowColBloomHashKey.java}, the {@code util/*BloomContext.java}
 * files, {@code io/hfile/CompoundBloomFilterWriter.java}, {@code io/hfile/CompoundBloomFilter.java},
 * {@code regionserver/StoreFileReader.java}). The tests build HBase's own filter with hbase-server 2.6.1
 * (test scope) and compare chunk bytes, chunk counts, probes and answers, and measure the family's rate on
 * the real filter. Pure functions and in-memory filters, no I/O; depends on {@code family} and {@code filter}.
 */
package org.monkeyeval.family.hbase;
