package org.monkeyeval.engine.sst;

import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import org.monkeyeval.engine.sst.Coding.MalformedException;

/**
 * Undoes the compression of a RocksDB block, for the types this reader decodes. Pure: bytes in, bytes out.
 *
 * <pre>
 * Framing (RocksDB util/compression.h, compress_format_version 2, every format_version &gt;= 2):
 *   kSnappyCompression (1)     a raw Snappy stream (its own varint length preamble)
 *   kZlibCompression (2)       varint32 uncompressed size, then raw deflate (windowBits -14)
 *   kLZ4Compression (4),
 *   kLZ4HCCompression (5)      varint32 uncompressed size, then one LZ4 block
 * Snappy (google/snappy, format_description.txt): elements after the preamble, each a tag byte whose low
 *   two bits say literal (length - 1 in the tag's upper six bits, or in the 1-4 little-endian bytes after
 *   it for 60-63), or a copy with a 1-byte offset (length 4 + bits 2-4, offset bits 5-7 then a byte),
 *   a 2-byte offset or a 4-byte offset (length 1 + the upper six bits; offset little-endian).
 * LZ4 (lz4/lz4, doc/lz4_Block_format.md): sequences of a token (literal length in the high nibble, match
 *   length - 4 in the low, each 15 continued by bytes while they are 255), the literals, a little-endian
 *   2-byte offset and the match; the last sequence ends after its literals.
 * </pre>
 *
 * ZSTD, BZip2 and Xpress blocks are not decoded ({@link #decodes}).
 */
final class Decompression {

    static final int SNAPPY = 1;
    static final int ZLIB = 2;
    static final int LZ4 = 4;
    static final int LZ4HC = 5;

    /** The largest block this reader will inflate (RocksDB's blocks are kilobytes to megabytes). */
    static final int MAX_BYTES = 1 << 30;

    private Decompression() {
    }

    /** Whether blocks of this compression type are decoded here. */
    static boolean decodes(int type) {
        return type == SNAPPY || type == ZLIB || type == LZ4 || type == LZ4HC;
    }

    /**
     * The uncompressed contents of {@code data[0 .. length-1]}, compressed with {@code type}.
     *
     * @throws MalformedException the bytes are not a stream of that type
     */
    static byte[] decompress(int type, byte[] data, int length) {
        return switch (type) {
            case SNAPPY -> snappy(data, length);
            case ZLIB -> inflate(data, length);
            case LZ4, LZ4HC -> {
                Coding in = new Coding(data, 0, length);
                int size = lengthPrefix(in);
                yield lz4(data, in.position(), length, size);
            }
            default -> throw new IllegalArgumentException("compression type " + type + " is not decoded here");
        };
    }

    /** The varint32 uncompressed size RocksDB writes first; the reader is left after it. */
    private static int lengthPrefix(Coding in) {
        long size = in.varint64();
        if (size < 0 || size > MAX_BYTES) {
            throw new MalformedException("compressed block claims " + size + " uncompressed bytes");
        }
        return (int) size;
    }

    private static byte[] inflate(byte[] data, int length) {
        Coding in = new Coding(data, 0, length);
        int size = lengthPrefix(in);
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(data, in.position(), length - in.position());
            byte[] out = new byte[size];
            int n = 0;
            while (n < size) {
                int got = inflater.inflate(out, n, size - n);
                if (got == 0 && (inflater.finished() || inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += got;
            }
            if (n != size) {
                throw new MalformedException("zlib block inflates to " + n + " bytes, not the " + size + " it claims");
            }
            return out;
        } catch (DataFormatException e) {
            throw new MalformedException("zlib block: " + e.getMessage());
        } finally {
            inflater.end();
        }
    }

    private static byte[] snappy(byte[] data, int length) {
        Coding in = new Coding(data, 0, length);
        int size = lengthPrefix(in);
        byte[] out = new byte[size];
        int o = 0;
        int i = in.position();
        while (i < length) {
            int tag = data[i++] & 0xff;
            int len;
            int offset;
            switch (tag & 3) {
                case 0 -> {
                    len = tag >>> 2;
                    if (len >= 60) {
                        int bytes = len - 59;
                        need(i + bytes <= length, "literal length runs past the block");
                        len = 0;
                        for (int b = 0; b < bytes; b++) {
                            len |= (data[i + b] & 0xff) << (8 * b);
                        }
                        i += bytes;
                    }
                    len += 1;
                    need(len > 0 && (long) i + len <= length && (long) o + len <= size, "literal runs past the block");
                    System.arraycopy(data, i, out, o, len);
                    i += len;
                    o += len;
                    continue;
                }
                case 1 -> {
                    need(i < length, "copy runs past the block");
                    len = 4 + ((tag >>> 2) & 7);
                    offset = ((tag >>> 5) << 8) | (data[i++] & 0xff);
                }
                case 2 -> {
                    need(i + 2 <= length, "copy runs past the block");
                    len = 1 + (tag >>> 2);
                    offset = (data[i] & 0xff) | (data[i + 1] & 0xff) << 8;
                    i += 2;
                }
                default -> {
                    need(i + 4 <= length, "copy runs past the block");
                    len = 1 + (tag >>> 2);
                    offset = (data[i] & 0xff) | (data[i + 1] & 0xff) << 8 | (data[i + 2] & 0xff) << 16
                            | (data[i + 3] & 0xff) << 24;
                    i += 4;
                }
            }
            o = copy(out, o, offset, len, size);
        }
        need(o == size, "stream ends at " + o + " of its " + size + " bytes");
        return out;
    }

    private static byte[] lz4(byte[] data, int start, int length, int size) {
        byte[] out = new byte[size];
        int o = 0;
        int i = start;
        while (true) {
            need(i < length, "LZ4 sequence runs past the block");
            int token = data[i++] & 0xff;
            int literals = token >>> 4;
            if (literals == 15) {
                int b;
                do {
                    need(i < length, "LZ4 literal length runs past the block");
                    b = data[i++] & 0xff;
                    literals += b;
                } while (b == 255);
            }
            need(literals >= 0 && (long) i + literals <= length && (long) o + literals <= size,
                    "LZ4 literals run past the block");
            System.arraycopy(data, i, out, o, literals);
            i += literals;
            o += literals;
            if (i == length) {
                break; // the last sequence: literals only
            }
            need(i + 2 <= length, "LZ4 offset runs past the block");
            int offset = (data[i] & 0xff) | (data[i + 1] & 0xff) << 8;
            i += 2;
            int match = token & 15;
            if (match == 15) {
                int b;
                do {
                    need(i < length, "LZ4 match length runs past the block");
                    b = data[i++] & 0xff;
                    match += b;
                } while (b == 255);
            }
            o = copy(out, o, offset, match + 4, size);
        }
        need(o == size, "LZ4 block ends at " + o + " of its " + size + " bytes");
        return out;
    }

    /** Copies {@code len} bytes from {@code offset} back (overlapping copies repeat), returns the new end. */
    private static int copy(byte[] out, int o, int offset, int len, int size) {
        need(offset > 0 && offset <= o, "copy offset " + offset + " reaches before the start");
        need(len >= 0 && (long) o + len <= size, "copy runs past the stated size");
        for (int k = 0; k < len; k++) {
            out[o + k] = out[o + k - offset];
        }
        return o + len;
    }

    private static void need(boolean ok, String problem) {
        if (!ok) {
            throw new MalformedException(problem);
        }
    }
}
