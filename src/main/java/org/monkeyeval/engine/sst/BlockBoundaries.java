package org.monkeyeval.engine.sst;

import java.util.List;

/**
 * Where a table's data blocks meet, as a point Get meets them: for consecutive data blocks, the last
 * user key of one, the index separator the table files it under, and the first user key of the next.
 *
 * <p>RocksDB's {@code BlockBasedTable::Get} seeks the index to the first separator at or above the key
 * and reads that block; when the key lies above the block's last key and at or below its separator,
 * {@code SeekForGet} ends the block undecided and the next block is read too (block_based_table_reader.cc,
 * the loop over the index in {@code Get}). The index holds shortened separators
 * ({@code ShortenedIndexBuilder::AddIndexEntry}, {@code BytewiseComparatorImpl::FindShortestSeparator}),
 * so that gap can hold many keys. The last block's index entry is not a separator (nothing follows it).
 *
 * <p>Where the data blocks are compressed with a type this reader does not decode (ZSTD), the pairs hold the
 * separators alone ({@link #keysRead()} false) and a reader that can read the table's keys (RocksDB's own
 * {@code SstFileReader}) fills them in: a block's last key is the largest key at or below its separator,
 * the next block's first key the key after it ({@link #withKeys}).
 *
 * @param pairs      consecutive blocks (block i and i + 1), every one or an even sample of them
 * @param dataBlocks the table's data blocks; {@code dataBlocks - 1} pairs exist
 */
public record BlockBoundaries(List<Pair> pairs, long dataBlocks) {

    /** Pairs read at most; a table with more is sampled evenly (every k-th pair). */
    public static final int MAX_PAIRS = 512;

    public BlockBoundaries {
        pairs = List.copyOf(pairs);
        if (dataBlocks < 1 || pairs.size() > dataBlocks - 1) {
            throw new IllegalArgumentException(pairs.size() + " pairs of " + dataBlocks + " data blocks");
        }
    }

    /** Whether the pairs hold their blocks' keys (false: separators only, the data blocks not decoded here). */
    public boolean keysRead() {
        return pairs.isEmpty() || pairs.get(0).lastKey() != null;
    }

    /** These boundaries with each pair's keys as {@code keys} gives them for its separator. */
    public BlockBoundaries withKeys(java.util.function.Function<byte[], byte[][]> keys) {
        List<Pair> out = new java.util.ArrayList<>(pairs.size());
        for (Pair p : pairs) {
            byte[][] lastAndNext = keys.apply(p.separator());
            out.add(new Pair(lastAndNext[0], p.separator(), lastAndNext[1]));
        }
        return new BlockBoundaries(out, dataBlocks);
    }

    /**
     * Block i's last user key, the user key of its index separator, and block i + 1's first user key
     * (last &lt;= separator &lt; next, bytewise); the keys null where the data blocks were not read.
     */
    public record Pair(byte[] lastKey, byte[] separator, byte[] nextFirstKey) {
    }
}
