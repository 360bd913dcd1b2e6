package org.monkeyeval.family.leveldb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Just enough of a LevelDB table reader to take a table apart for the tests: the footer, the metaindex
 * (for the filter block), the index (for the data blocks' handles) and the data blocks' keys. From
 * google/leveldb doc/table_format.md and table/format.cc ({@code Footer::DecodeFrom},
 * {@code BlockHandle::DecodeFrom}), table/block.cc (entry layout) at commit
 * 78a352f47ed6c1e9d750545e9b242289185b87e1. Blocks must be uncompressed (type byte 0).
 *
 * <pre>
 *   footer (48 bytes at the end): metaindex handle, index handle (varint64 offset, varint64 size each),
 *                                 zero padding to 40 bytes, magic 0xdb4775248b80fb57 (fixed64)
 *   block:  entries, then restart offsets (fixed32 each) and their count (fixed32); then, in the file,
 *           a type byte and a crc32c (the 5-byte trailer)
 *   entry:  shared key bytes (varint32), unshared (varint32), value length (varint32), unshared key
 *           bytes, value
 * </pre>
 */
final class LevelDbTableFile {

    static final long MAGIC = 0xdb4775248b80fb57L;
    static final int FOOTER_BYTES = 48;

    /** A block's place in the file. */
    record Handle(long offset, long size) {
    }

    /** A key and its value. */
    record Entry(byte[] key, byte[] value) {
    }

    private final byte[] file;

    LevelDbTableFile(byte[] file) {
        if (file.length < FOOTER_BYTES || fixed64(file, file.length - 8) != MAGIC) {
            throw new IllegalArgumentException("not a LevelDB table: no magic number in the last 8 bytes");
        }
        this.file = file;
    }

    /** The footer's metaindex handle. */
    Handle metaindex() {
        return footerHandles()[0];
    }

    /** The footer's index handle. */
    Handle index() {
        return footerHandles()[1];
    }

    /** The handles of the data blocks, in file order, from the index block's values. */
    List<Handle> dataBlocks() {
        List<Handle> handles = new ArrayList<>();
        for (Entry e : entries(index())) {
            handles.add(handle(e.value(), new int[] {0}));
        }
        return handles;
    }

    /** The contents (no trailer) of the metaindex entry named {@code name}, or null if there is none. */
    byte[] metaBlock(String name) {
        byte[] key = name.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (Entry e : entries(metaindex())) {
            if (Arrays.equals(e.key(), key)) {
                return contents(handle(e.value(), new int[] {0}));
            }
        }
        return null;
    }

    /** A block's bytes, without its trailer; the trailer's type byte must say "uncompressed". */
    byte[] contents(Handle h) {
        int from = Math.toIntExact(h.offset());
        int to = Math.toIntExact(h.offset() + h.size());
        if (file[to] != 0) {
            throw new IllegalArgumentException("block at " + h.offset() + " is compressed (type " + file[to] + ")");
        }
        return Arrays.copyOfRange(file, from, to);
    }

    /** The entries of the block at {@code h}, keys rebuilt from their shared prefixes. */
    List<Entry> entries(Handle h) {
        byte[] block = contents(h);
        int restarts = (int) fixed32(block, block.length - 4);
        int end = block.length - 4 - 4 * restarts;
        List<Entry> entries = new ArrayList<>();
        byte[] last = new byte[0];
        int[] at = {0};
        while (at[0] < end) {
            int shared = (int) varint(block, at);
            int unshared = (int) varint(block, at);
            int valueLength = (int) varint(block, at);
            byte[] key = new byte[shared + unshared];
            System.arraycopy(last, 0, key, 0, shared);
            System.arraycopy(block, at[0], key, shared, unshared);
            at[0] += unshared;
            byte[] value = Arrays.copyOfRange(block, at[0], at[0] + valueLength);
            at[0] += valueLength;
            entries.add(new Entry(key, value));
            last = key;
        }
        return entries;
    }

    private Handle[] footerHandles() {
        int[] at = {file.length - FOOTER_BYTES};
        Handle meta = handle(file, at);
        Handle index = handle(file, at);
        return new Handle[] {meta, index};
    }

    private static Handle handle(byte[] b, int[] at) {
        long offset = varint(b, at);
        long size = varint(b, at);
        return new Handle(offset, size);
    }

    private static long varint(byte[] b, int[] at) {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int x = b[at[0]++] & 0xff;
            value |= (long) (x & 0x7f) << shift;
            if (x < 0x80) {
                return value;
            }
        }
        throw new IllegalArgumentException("varint longer than 10 bytes at " + at[0]);
    }

    private static long fixed32(byte[] b, int at) {
        return (b[at] & 0xffL) | (b[at + 1] & 0xffL) << 8 | (b[at + 2] & 0xffL) << 16 | (b[at + 3] & 0xffL) << 24;
    }

    private static long fixed64(byte[] b, int at) {
        return fixed32(b, at) | fixed32(b, at + 4) << 32;
    }
}
