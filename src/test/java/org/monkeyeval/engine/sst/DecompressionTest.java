package org.monkeyeval.engine.sst;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.zip.Deflater;

import org.junit.jupiter.api.Test;

import org.monkeyeval.engine.sst.Coding.MalformedException;

/**
 * Hand-made streams decode as their formats say: a Snappy literal and an overlapping copy, an LZ4 block
 * with a match, raw deflate behind RocksDB's size prefix; streams that reach before their start, run past
 * their end or miss their stated size are refused, never read out of bounds; ZSTD is not decoded.
 */
final class DecompressionTest {

    private static byte[] bytes(int... v) {
        byte[] b = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = (byte) v[i];
        }
        return b;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void snappy_literalThenOverlappingCopy() {
        // length 9; literal "abc" (tag (3-1)<<2); copy, 1-byte offset: length 6 = 4 + 2, offset 3
        byte[] stream = bytes(9, 2 << 2, 'a', 'b', 'c', 1 | (2 << 2), 3);
        assertArrayEquals(ascii("abcabcabc"), Decompression.decompress(Decompression.SNAPPY, stream, stream.length));
    }

    @Test
    void snappy_twoByteOffsetCopy_andLongLiteralLength() {
        // literal of 61 bytes: tag 60 << 2, then one length byte 60; then copy 2-byte offset 61, length 3
        byte[] literal = new byte[61];
        for (int i = 0; i < literal.length; i++) {
            literal[i] = (byte) ('A' + i % 26);
        }
        byte[] stream = new byte[3 + 61 + 3];
        stream[0] = 64;
        stream[1] = (byte) (60 << 2);
        stream[2] = 60;
        System.arraycopy(literal, 0, stream, 3, 61);
        stream[64] = (byte) (2 | ((3 - 1) << 2));
        stream[65] = 61;
        stream[66] = 0;
        byte[] out = Decompression.decompress(Decompression.SNAPPY, stream, stream.length);
        assertArrayEquals(literal, java.util.Arrays.copyOf(out, 61));
        assertArrayEquals(ascii("ABC"), java.util.Arrays.copyOfRange(out, 61, 64));
    }

    @Test
    void lz4_literalsMatchAndLastLiterals() {
        // size 12 (varint); token: 4 literals, match 4 + 3 = 7: "abcd", offset 4, giving "abcdabcdabc";
        // then the last sequence, literals only: '!'
        byte[] stream = bytes(12, (4 << 4) | 3, 'a', 'b', 'c', 'd', 4, 0, 1 << 4, '!');
        assertArrayEquals(ascii("abcdabcdabc!"), Decompression.decompress(Decompression.LZ4, stream, stream.length));
    }

    @Test
    void zlib_rawDeflateBehindTheSizePrefix() {
        byte[] text = ascii("the same words, the same words, the same words");
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        deflater.setInput(text);
        deflater.finish();
        byte[] buffer = new byte[256];
        int n = deflater.deflate(buffer);
        deflater.end();
        byte[] stream = new byte[n + 1];
        stream[0] = (byte) text.length;
        System.arraycopy(buffer, 0, stream, 1, n);
        assertArrayEquals(text, Decompression.decompress(Decompression.ZLIB, stream, stream.length));
    }

    @Test
    void malformedStreams_refused() {
        // a copy before any output
        assertThrows(MalformedException.class, () -> Decompression.decompress(Decompression.SNAPPY,
                bytes(4, 1, 1), 3));
        // a literal longer than the stream
        assertThrows(MalformedException.class, () -> Decompression.decompress(Decompression.SNAPPY,
                bytes(9, 8 << 2, 'a'), 3));
        // fewer bytes than the stated size
        assertThrows(MalformedException.class, () -> Decompression.decompress(Decompression.SNAPPY,
                bytes(5, 0, 'a'), 3));
        // a literal whose 4-byte length would overflow an int offset
        assertThrows(MalformedException.class, () -> Decompression.decompress(Decompression.SNAPPY,
                bytes(9, 63 << 2, 0xfe, 0xff, 0xff, 0x7f, 'a'), 7));
        // an LZ4 match reaching before the start
        assertThrows(MalformedException.class, () -> Decompression.decompress(Decompression.LZ4,
                bytes(9, (1 << 4) | 1, 'a', 9, 0, 0), 6));
    }

    @Test
    void zstd_notDecoded() {
        assertFalse(Decompression.decodes(7));
        assertTrue(Decompression.decodes(Decompression.LZ4HC));
    }
}
