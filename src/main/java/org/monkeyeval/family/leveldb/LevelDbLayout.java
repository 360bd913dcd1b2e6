package org.monkeyeval.family.leveldb;

import java.util.ArrayList;
import java.util.List;

/**
 * How LevelDB lays a run's entries out in tables, data blocks and 2 KiB filter windows, and so how
 * many keys each of its small filters holds. From google/leveldb at commit
 * 78a352f47ed6c1e9d750545e9b242289185b87e1 (the same in release 1.23): {@code table/table_builder.cc}
 * ({@code TableBuilder::Add}: a block is flushed once {@code BlockBuilder::CurrentSizeEstimate()} reaches
 * {@code block_size}; {@code WriteRawBlock} appends a 5-byte trailer), {@code table/block_builder.cc}
 * ({@code CurrentSizeEstimate} = entries + 4 bytes per restart point + 4, a restart point every
 * {@code block_restart_interval} = 16 entries), {@code db/db_impl.cc} ({@code DoCompactionWork}: an
 * output table is finished once {@code FileSize() >= max_file_size}), {@code table/filter_block.cc}
 * ({@link LevelDbFilterBlock}).
 *
 * <pre>
 *   K = keys per block   = the least K with K e + 4 ceil(K / 16) + 4 &gt;= block_size     ({@link #keysPerBlock})
 *   D = bytes per block  = K e + 4 ceil(K / 16) + 4 + 5                              ({@link #blockBytes})
 *   blocks per table     = ceil(max_file_size / D)                                   ({@link #blocksPerTable})
 *   block i of a table starts at i D; filter w holds the keys of the blocks starting in [w 2048, (w+1) 2048)
 * </pre>
 *
 * With the defaults (127-byte entries, 4 KiB blocks) K = 33 and D = 4212, so every block has a filter of
 * its own over 33 keys and the offsets array has about 2.06 entries (8.2 bytes) per block.
 *
 * <p>Assumptions: every entry takes {@code entryBytes} in its block, as stored: LevelDB's entry header
 * (three varints), the key bytes not shared with the previous key, the 8-byte sequence and type tag
 * LevelDB appends to every key, and the value; blocks are stored uncompressed (LevelDB's default Snappy
 * keeps a block uncompressed unless it saves 12.5%; compressed blocks start closer together, and more of
 * them share a 2 KiB filter, which this layout does not follow). Every table but a run's last is full;
 * level-0 tables (one memtable each) are costed the same way. Entries are distinct user keys: LevelDB
 * filters user keys, and versions of one key in one table would all go into its filter.
 *
 * @param entryBytes  bytes one entry takes in a data block, &gt;= 1
 * @param blockSize   {@code options.block_size}, &gt;= 1
 * @param maxFileSize {@code options.max_file_size}, &gt;= 1
 */
public record LevelDbLayout(int entryBytes, int blockSize, long maxFileSize) {

    /**
     * Default bytes per entry: db_bench's 16-byte key ({@code "%016d"}) and 100-byte value
     * ({@code FLAGS_value_size}, benchmarks/db_bench.cc), LevelDB's 8-byte tag, 3 bytes of entry header,
     * no prefix shared with the previous key.
     */
    public static final int DEFAULT_ENTRY_BYTES = 16 + 8 + 100 + 3;

    /** {@code Options::block_size} default (include/leveldb/options.h): 4 KiB. */
    public static final int DEFAULT_BLOCK_SIZE = 4 * 1024;

    /** {@code Options::max_file_size} default: 2 MiB. */
    public static final long DEFAULT_MAX_FILE_SIZE = 2L * 1024 * 1024;

    /** {@code Options::block_restart_interval} default: a restart point every 16 entries. */
    public static final int BLOCK_RESTART_INTERVAL = 16;

    /** kBlockTrailerSize: a type byte and a crc32c after every block (table/format.h). */
    public static final int BLOCK_TRAILER_BYTES = 5;

    /** The defaults above. */
    public static final LevelDbLayout DEFAULT = new LevelDbLayout(DEFAULT_ENTRY_BYTES, DEFAULT_BLOCK_SIZE,
            DEFAULT_MAX_FILE_SIZE);

    public LevelDbLayout {
        if (entryBytes < 1 || blockSize < 1 || maxFileSize < 1) {
            throw new IllegalArgumentException("entry bytes (" + entryBytes + "), block size (" + blockSize
                    + ") and max file size (" + maxFileSize + ") must be >= 1");
        }
    }

    /** The default block and file sizes with entries of {@code entryBytes}. */
    public static LevelDbLayout ofEntryBytes(int entryBytes) {
        return new LevelDbLayout(entryBytes, DEFAULT_BLOCK_SIZE, DEFAULT_MAX_FILE_SIZE);
    }

    /** K: entries a full data block holds (the block is flushed by the entry that brings it to block_size). */
    public int keysPerBlock() {
        long low = 1; // the size estimate grows with K and reaches blockSize by K = blockSize
        long high = blockSize;
        while (low < high) {
            long mid = (low + high) >>> 1;
            if (sizeEstimate(mid) >= blockSize) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return (int) low;
    }

    /** Bytes a block of {@code keys} entries takes in the file: entries, restarts, their count, trailer. */
    public long blockBytes(int keys) {
        if (keys < 1) {
            throw new IllegalArgumentException("keys (" + keys + ") must be >= 1");
        }
        return sizeEstimate(keys) + BLOCK_TRAILER_BYTES;
    }

    /** Blocks in a full table: the table is finished once its blocks reach max_file_size. */
    public long blocksPerTable() {
        long d = blockBytes(keysPerBlock());
        return (maxFileSize + d - 1) / d;
    }

    /** BlockBuilder::CurrentSizeEstimate after {@code keys} entries. */
    private long sizeEstimate(long keys) {
        long restarts = (keys + BLOCK_RESTART_INTERVAL - 1) / BLOCK_RESTART_INTERVAL;
        return keys * entryBytes + 4 * restarts + 4;
    }

    /** A non-empty filter of a table: the keys it holds and the data blocks they come from. */
    public record Window(int keys, int blocks) {
    }

    /**
     * The filters of one table of {@code blocks} data blocks, all full but the last, which holds
     * {@code lastBlockKeys}: the non-empty filters in order, and the number of offsets in the filter
     * block (empty filters included), as FilterBlockBuilder emits them.
     */
    public record TableFilters(List<Window> windows, long offsets) {
        public TableFilters {
            windows = List.copyOf(windows);
        }
    }

    /** {@link TableFilters} for a table of {@code blocks} blocks whose last holds {@code lastBlockKeys}. */
    public TableFilters tableFilters(long blocks, int lastBlockKeys) {
        int full = keysPerBlock();
        if (blocks < 1 || lastBlockKeys < 1 || lastBlockKeys > full) {
            throw new IllegalArgumentException("blocks (" + blocks + ") must be >= 1 and last block keys ("
                    + lastBlockKeys + ") in [1, " + full + "]");
        }
        long d = blockBytes(full);
        List<Window> windows = new ArrayList<>();
        long window = -1;
        int keys = 0;
        int inWindow = 0;
        for (long i = 0; i < blocks; i++) {
            long w = LevelDbFilterBlock.filterIndex(i * d);
            if (w != window && inWindow > 0) {
                windows.add(new Window(keys, inWindow));
                keys = 0;
                inWindow = 0;
            }
            window = w;
            keys += i == blocks - 1 ? lastBlockKeys : full;
            inWindow++;
        }
        windows.add(new Window(keys, inWindow));
        long end = (blocks - 1) * d + blockBytes(lastBlockKeys);
        // StartBlock(end) emits filters up to end >> 11; Finish adds one if the last window is still open
        long offsets = Math.max(LevelDbFilterBlock.filterIndex(end), window + 1);
        return new TableFilters(windows, offsets);
    }
}
