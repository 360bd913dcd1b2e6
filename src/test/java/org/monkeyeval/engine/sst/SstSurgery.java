package org.monkeyeval.engine.sst;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * Edits a format_version 2..5, CRC-32C table's bytes for tests: replaces its metaindex (the last block
 * before the footer) and rewrites the footer to point at it, or changes a block's compression-type
 * byte, recomputing the trailer's checksum so only the intended fault remains. The block encoding is
 * the simplest RocksDB writes (restart interval 1, no shared key bytes), as in
 * table/block_based/block_builder.cc.
 */
final class SstSurgery {

    private SstSurgery() {
    }

    /** A block of the given entries in order, with its 5-byte trailer (no compression, CRC-32C). */
    static byte[] blockWithTrailer(Map<String, BlockHandle> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int[] restarts = new int[entries.size()];
        int i = 0;
        for (Map.Entry<String, BlockHandle> e : entries.entrySet()) {
            restarts[i++] = out.size();
            byte[] key = e.getKey().getBytes(StandardCharsets.UTF_8);
            ByteArrayOutputStream value = new ByteArrayOutputStream();
            varint(value, e.getValue().offset());
            varint(value, e.getValue().size());
            varint(out, 0);
            varint(out, key.length);
            varint(out, value.size());
            out.writeBytes(key);
            out.writeBytes(value.toByteArray());
        }
        if (restarts.length == 0) {
            restarts = new int[] {0}; // an empty block still has one restart point, as RocksDB writes it
        }
        for (int r : restarts) {
            fixed32(out, r);
        }
        fixed32(out, restarts.length);
        byte[] contents = out.toByteArray();
        byte[] block = Arrays.copyOf(contents, contents.length + Block.TRAILER_BYTES);
        sealTrailer(block, 0, contents.length, (byte) 0);
        return block;
    }

    /** Sets the compression byte after {@code block[offset, offset + size)} and recomputes its CRC-32C. */
    static void sealTrailer(byte[] file, int offset, int size, byte compression) {
        file[offset + size] = compression;
        int crc = Checksums.mask(Checksums.crc32c(file, offset, size + 1));
        Coding.putFixed32(file, offset + size + 1, crc);
    }

    /**
     * The table with its metaindex replaced by {@code entries}: everything before the old metaindex,
     * then the new one, then a CRC-32C footer of the table's format version pointing at it and at {@code index}.
     */
    static byte[] withMetaindex(byte[] file, SstFile table, Map<String, BlockHandle> entries) {
        long metaOffset = table.footer().metaindex().offset();
        byte[] block = blockWithTrailer(entries);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(file, 0, (int) metaOffset);
        out.writeBytes(block);
        ByteArrayOutputStream part2 = new ByteArrayOutputStream();
        varint(part2, metaOffset);
        varint(part2, block.length - Block.TRAILER_BYTES);
        varint(part2, table.indexHandle().offset());
        varint(part2, table.indexHandle().size());
        byte[] handles = Arrays.copyOf(part2.toByteArray(), 40);
        out.write(ChecksumType.CRC32C.code());
        out.writeBytes(handles);
        fixed32(out, table.formatVersion());
        long magic = Footer.BLOCK_BASED_MAGIC;
        fixed32(out, (int) magic);
        fixed32(out, (int) (magic >>> 32));
        return out.toByteArray();
    }

    private static void varint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    private static void fixed32(ByteArrayOutputStream out, int v) {
        out.write(v);
        out.write(v >>> 8);
        out.write(v >>> 16);
        out.write(v >>> 24);
    }
}
