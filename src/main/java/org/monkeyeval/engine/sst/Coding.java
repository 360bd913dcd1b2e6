package org.monkeyeval.engine.sst;

/**
 * A read position in a byte array, decoding RocksDB's integer encodings (util/coding.h): fixed-width
 * little-endian integers, varints (7 bits a byte, low group first, high bit set on every byte but the
 * last; at most 5 bytes for 32 bits, 10 for 64) and signed varints (zig-zag mapped, {@code
 * util/coding.h PutVarsignedint64}: 0, -1, 1, -2 ... become 0, 1, 2, 3 ...).
 *
 * <p>Every read is bounds-checked against the limit; a read past it, or a varint longer than its width
 * allows, throws {@link MalformedException}.
 */
final class Coding {

    /** A decoding failure inside one block; the caller adds the file and the block. */
    static final class MalformedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MalformedException(String message) {
            super(message);
        }
    }

    private final byte[] bytes;
    private final int limit;
    private int position;

    /** Reads {@code bytes[from, limit)}. */
    Coding(byte[] bytes, int from, int limit) {
        if (from < 0 || limit > bytes.length || from > limit) {
            throw new IllegalArgumentException("range [" + from + ", " + limit + ") is not within 0.." + bytes.length);
        }
        this.bytes = bytes;
        this.position = from;
        this.limit = limit;
    }

    int position() {
        return position;
    }

    int remaining() {
        return limit - position;
    }

    boolean hasRemaining() {
        return position < limit;
    }

    int varint32() {
        int start = position;
        long v = varint(5);
        if (v > 0xFFFF_FFFFL) {
            throw new MalformedException("varint32 at " + start + " exceeds 32 bits");
        }
        return (int) v;
    }

    /** A varint32 that must fit a non-negative int (a length). */
    int length() {
        int start = position;
        int v = varint32();
        if (v < 0) {
            throw new MalformedException("length at " + start + " (" + Integer.toUnsignedString(v) + ") is too large");
        }
        return v;
    }

    long varint64() {
        return varint(10);
    }

    long signedVarint64() {
        long z = varint64();
        return (z >>> 1) ^ -(z & 1);
    }

    private long varint(int maxBytes) {
        int start = position;
        long result = 0;
        for (int i = 0; i < maxBytes; i++) {
            if (position >= limit) {
                throw new MalformedException("varint at " + start + " runs past the end (" + limit + ")");
            }
            int b = bytes[position++] & 0xFF;
            result |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw new MalformedException("varint at " + start + " is longer than " + maxBytes + " bytes");
    }

    byte[] bytes(int n) {
        need(n);
        byte[] out = new byte[n];
        System.arraycopy(bytes, position, out, 0, n);
        position += n;
        return out;
    }

    void skip(int n) {
        need(n);
        position += n;
    }

    private void need(int n) {
        if (n < 0 || n > limit - position) {
            throw new MalformedException(n + " bytes at " + position + " run past the end (" + limit + ")");
        }
    }

    /** The little-endian unsigned 32-bit integer at {@code at}. */
    static long fixed32(byte[] b, int at) {
        return (b[at] & 0xFFL) | (b[at + 1] & 0xFFL) << 8 | (b[at + 2] & 0xFFL) << 16 | (b[at + 3] & 0xFFL) << 24;
    }

    /** The little-endian 64-bit integer at {@code at}. */
    static long fixed64(byte[] b, int at) {
        return fixed32(b, at) | fixed32(b, at + 4) << 32;
    }

    /** Writes {@code v} little-endian at {@code at}. */
    static void putFixed32(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
        b[at + 2] = (byte) (v >>> 16);
        b[at + 3] = (byte) (v >>> 24);
    }
}
