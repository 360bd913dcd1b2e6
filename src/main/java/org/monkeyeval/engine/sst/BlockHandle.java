package org.monkeyeval.engine.sst;

/**
 * Where a block lies in the file: its offset and the size of its contents, not counting the 5-byte
 * trailer (compression type and checksum) that follows it.
 *
 * <p>Encoded as two varint64s, offset then size (RocksDB table/format.cc
 * {@code BlockHandle::EncodeTo}/{@code DecodeFrom}).
 *
 * @param offset where the block's contents start
 * @param size   bytes of contents, trailer excluded
 */
public record BlockHandle(long offset, long size) {

    public BlockHandle {
        if (offset < 0) {
            throw new IllegalArgumentException("offset (" + offset + ") must be >= 0");
        }
        if (size < 0) {
            throw new IllegalArgumentException("size (" + size + ") must be >= 0");
        }
    }

    /** Offset just past the block's trailer: where the next block starts. */
    public long end() {
        return offset + size + Block.TRAILER_BYTES;
    }

    @Override
    public String toString() {
        return "offset " + offset + " size " + size;
    }
}
