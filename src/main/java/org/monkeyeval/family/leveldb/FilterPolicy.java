package org.monkeyeval.family.leveldb;

import java.util.List;

/**
 * What LevelDB's filter block asks of a filter: {@code leveldb::FilterPolicy}
 * ({@code include/leveldb/filter_policy.h}), the builder's {@code CreateFilter} and the reader's
 * {@code KeyMayMatch}. {@link LevelDbBloom} is LevelDB's built-in one; the filter block takes any, as
 * LevelDB's does (its own {@code table/filter_block_test.cc} tests the block with a hash-list policy).
 */
public interface FilterPolicy {

    /** The name LevelDB records in the table's metaindex, after {@code "filter."}. */
    String name();

    /** The filter over {@code keys} (LevelDB appends these bytes to the filter block). */
    byte[] createFilter(List<byte[]> keys);

    /**
     * False only if {@code key} was certainly not among the keys of the filter held in
     * {@code filter[offset .. offset + length)}.
     */
    boolean keyMayMatch(byte[] key, byte[] filter, int offset, int length);
}
