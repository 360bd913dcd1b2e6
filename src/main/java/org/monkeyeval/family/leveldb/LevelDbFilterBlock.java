package org.monkeyeval.family.leveldb;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A LevelDB table's filter block: one filter per 2 KiB of data-block offset, the offsets of the filters,
 * and the encoding parameter. Re-implemented from google/leveldb {@code table/filter_block.cc}
 * ({@code FilterBlockBuilder}, {@code FilterBlockReader}) and {@code table/table_builder.cc}
 * ({@code TableBuilder::Add}, {@code Flush}, {@code Finish}) at commit
 * 78a352f47ed6c1e9d750545e9b242289185b87e1, both unchanged in what is used here since release 1.23.
 *
 * <pre>
 * Layout (doc/table_format.md, "filter" meta block):
 *   [filter 0] [filter 1] ... [filter N-1]         each CreateFilter's bytes; an empty filter has none
 *   [offset of filter 0] ... [offset of filter N-1] fixed32 little-endian, from the block's start
 *   [offset of the offsets array]                   fixed32
 *   [base lg]                                       one byte, 11: filter i covers data blocks that
 *                                                   start at file offsets [i 2^11, (i+1) 2^11)
 * Building, as TableBuilder drives it:
 *   StartBlock(0); then for each data block, AddKey for its keys, and once the block is written,
 *   StartBlock(offset just past it). StartBlock(o) emits filters until there are o &gt;&gt; 11 of
 *   them: the first over the keys added since the last one, the rest empty (offset only).
 *   Finish emits one more filter if keys are pending, then the offsets, the array offset and base lg.
 * Reading, KeyMayMatch(block offset, key):
 *   i = block offset &gt;&gt; base lg; if i &lt; N and the filter's [start, limit) lies inside the filter data,
 *   ask the policy (an empty filter matches nothing); anything malformed matches everything.
 * </pre>
 *
 * <p>So a table with D bytes of data blocks has about D / 2048 offsets (4 bytes each) and one non-empty
 * filter per data block, or per group of blocks starting in the same 2 KiB when blocks are smaller
 * than that; the five bytes after the offsets are paid once per table ({@link #TRAILER_BYTES}).
 */
public final class LevelDbFilterBlock {

    /** kFilterBaseLg: one filter per 2^11 bytes of data-block offset. */
    public static final int BASE_LG = 11;

    /** kFilterBase = 2048. */
    public static final int BASE = 1 << BASE_LG;

    /** Bytes of each filter's offset in the offsets array. */
    public static final int OFFSET_BYTES = 4;

    /** Bytes after the offsets array: its own offset (fixed32) and the base lg byte. */
    public static final int TRAILER_BYTES = 5;

    private final FilterPolicy policy;
    private final byte[] contents;
    private final int baseLg;
    /** Where the offsets array starts; -1 when the block is malformed (every key may match). */
    private final int offsetsStart;
    private final int filters;

    private LevelDbFilterBlock(FilterPolicy policy, byte[] contents) {
        this.policy = policy;
        this.contents = contents;
        int n = contents.length;
        if (n < TRAILER_BYTES) {
            this.baseLg = 0;
            this.offsetsStart = -1;
            this.filters = 0;
            return;
        }
        this.baseLg = contents[n - 1] & 0xff;
        long arrayOffset = fixed32(contents, n - TRAILER_BYTES);
        if (arrayOffset > n - TRAILER_BYTES) {
            this.offsetsStart = -1;
            this.filters = 0;
            return;
        }
        this.offsetsStart = (int) arrayOffset;
        this.filters = (int) ((n - TRAILER_BYTES - arrayOffset) / OFFSET_BYTES);
    }

    /** {@code FilterBlockReader(policy, contents)}: reads the block as LevelDB does, malformed or not. */
    public static LevelDbFilterBlock read(FilterPolicy policy, byte[] contents) {
        if (policy == null || contents == null) {
            throw new IllegalArgumentException("policy and contents must not be null");
        }
        return new LevelDbFilterBlock(policy, contents.clone());
    }

    /**
     * The filter block TableBuilder writes for data blocks holding {@code keysOfBlock} (in order) whose
     * file offsets are {@code blockOffsets}: the start of each block, then the offset just past the last
     * one (the size of the table's data), so {@code blockOffsets.length == keysOfBlock.size() + 1}.
     */
    public static byte[] build(FilterPolicy policy, List<List<byte[]>> keysOfBlock, long[] blockOffsets) {
        if (keysOfBlock == null || blockOffsets == null) {
            throw new IllegalArgumentException("keysOfBlock and blockOffsets must not be null");
        }
        if (blockOffsets.length != keysOfBlock.size() + 1 || blockOffsets[0] != 0) {
            throw new IllegalArgumentException("blockOffsets (" + blockOffsets.length + " of them, first "
                    + (blockOffsets.length > 0 ? blockOffsets[0] : "none") + ") must start at 0 and have one more entry than the "
                    + keysOfBlock.size() + " blocks");
        }
        Builder builder = new Builder(policy);
        builder.startBlock(0);
        for (int i = 0; i < keysOfBlock.size(); i++) {
            for (byte[] key : keysOfBlock.get(i)) {
                builder.addKey(key);
            }
            builder.startBlock(blockOffsets[i + 1]);
        }
        return builder.finish();
    }

    /** The filter index that covers a data block starting at {@code blockOffset}: offset &gt;&gt; 11. */
    public static long filterIndex(long blockOffset) {
        if (blockOffset < 0) {
            throw new IllegalArgumentException("block offset (" + blockOffset + ") must be >= 0");
        }
        return blockOffset >>> BASE_LG;
    }

    /** {@code FilterBlockBuilder}: the block built one key and one data block at a time. */
    public static final class Builder {
        private final FilterPolicy policy;
        private final ByteArrayOutputStream result = new ByteArrayOutputStream();
        private final List<Long> filterOffsets = new ArrayList<>();
        private final List<byte[]> pending = new ArrayList<>();
        private boolean finished;

        /** An empty builder for {@code policy}'s filters. */
        public Builder(FilterPolicy policy) {
            if (policy == null) {
                throw new IllegalArgumentException("policy must not be null");
            }
            this.policy = policy;
        }

        /** {@code StartBlock(blockOffset)}: emits filters until there are blockOffset &gt;&gt; 11. */
        public void startBlock(long blockOffset) {
            checkOpen();
            long index = filterIndex(blockOffset);
            if (index < filterOffsets.size()) {
                throw new IllegalArgumentException("block offset " + blockOffset + " is in filter " + index
                        + ", before the " + filterOffsets.size() + " filters already emitted");
            }
            while (index > filterOffsets.size()) {
                generateFilter();
            }
        }

        /** {@code AddKey(key)}: the key goes into the next filter emitted. */
        public void addKey(byte[] key) {
            checkOpen();
            if (key == null) {
                throw new IllegalArgumentException("key must not be null");
            }
            pending.add(key.clone());
        }

        /** {@code Finish()}: the block's bytes; the builder takes no more keys. */
        public byte[] finish() {
            checkOpen();
            if (!pending.isEmpty()) {
                generateFilter();
            }
            long arrayOffset = result.size();
            for (long offset : filterOffsets) {
                putFixed32(result, offset);
            }
            putFixed32(result, arrayOffset);
            result.write(BASE_LG);
            finished = true;
            return result.toByteArray();
        }

        private void generateFilter() {
            filterOffsets.add((long) result.size());
            if (pending.isEmpty()) {
                return; // an empty filter: an offset and no bytes
            }
            byte[] filter = policy.createFilter(List.copyOf(pending));
            result.write(filter, 0, filter.length);
            pending.clear();
        }

        private void checkOpen() {
            if (finished) {
                throw new IllegalStateException("finish() was called");
            }
        }
    }

    // ---- reading ----

    /** {@code FilterBlockReader::KeyMayMatch(blockOffset, key)}. */
    public boolean keyMayMatch(long blockOffset, byte[] key) {
        if (blockOffset < 0) {
            throw new IllegalArgumentException("block offset (" + blockOffset + ") must be >= 0");
        }
        // LevelDB shifts by the stored byte; a shift of 64 or more (undefined in C++) reads as filter 0 here
        long index = baseLg >= Long.SIZE ? 0 : blockOffset >>> baseLg;
        if (offsetsStart < 0 || index >= filters) {
            return true; // errors are treated as potential matches
        }
        long start = fixed32(contents, offsetsStart + (int) index * OFFSET_BYTES);
        long limit = fixed32(contents, offsetsStart + (int) index * OFFSET_BYTES + OFFSET_BYTES);
        if (start <= limit && limit <= offsetsStart) {
            return policy.keyMayMatch(key, contents, (int) start, (int) (limit - start));
        }
        return true;
    }

    /** Number of filters (offsets) in the block; 0 when it is malformed. */
    public int filterCount() {
        return filters;
    }

    /** The base lg byte read from the block. */
    public int baseLg() {
        return baseLg;
    }

    /** A copy of filter {@code i}'s bytes; empty for an empty filter. */
    public byte[] filter(int i) {
        if (i < 0 || i >= filters) {
            throw new IllegalArgumentException("filter " + i + " is outside [0, " + filters + ")");
        }
        int start = (int) fixed32(contents, offsetsStart + i * OFFSET_BYTES);
        int limit = (int) fixed32(contents, offsetsStart + i * OFFSET_BYTES + OFFSET_BYTES);
        return Arrays.copyOfRange(contents, start, limit);
    }

    private static long fixed32(byte[] b, int at) {
        return (b[at] & 0xffL) | (b[at + 1] & 0xffL) << 8 | (b[at + 2] & 0xffL) << 16 | (b[at + 3] & 0xffL) << 24;
    }

    private static void putFixed32(ByteArrayOutputStream out, long value) {
        for (int i = 0; i < OFFSET_BYTES; i++) {
            out.write((int) (value >>> (8 * i)) & 0xff);
        }
    }
}
