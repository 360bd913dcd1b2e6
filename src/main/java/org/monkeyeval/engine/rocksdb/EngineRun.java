package org.monkeyeval.engine.rocksdb;

import org.monkeyeval.confirm.RunCount;

/**
 * One run measured inside the engine: the counts in the confirm layout, and what only an engine
 * has: the filter size it built, data-block traffic and lookup latency.
 *
 * @param count             counts, predictions and interval, layout {@code rocksdb-engine}
 * @param presentQueries    present-key lookups sent to the run (they make T &gt; 0)
 * @param rangeSkipped      absent lookups outside the run's key range, which RocksDB answers without
 *                          asking the filter or reading the file
 * @param allocatedBits     built entries * b_i, the allocation's bits for the SST's filter (n_i * b_i below the cap)
 * @param ruleFilterBytes   filter bytes RocksDB's rules give for n_i and b_i (lines * 64 + 5 metadata)
 * @param engineFilterBytes filter bytes the engine built (table property {@code filter_size})
 * @param dataBlockMisses   block-cache data misses during the absent lookups (reads from the file)
 * @param dataBlockHits     block-cache data hits during the absent lookups
 * @param latencyP50Micros  median absent-lookup latency of one {@code get}, microseconds
 * @param latencyP99Micros  99th percentile of the same
 */
public record EngineRun(RunCount count, long presentQueries, long rangeSkipped, double allocatedBits, long ruleFilterBytes,
                        long engineFilterBytes, long dataBlockMisses, long dataBlockHits, double latencyP50Micros,
                        double latencyP99Micros) {
}
