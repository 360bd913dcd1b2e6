package org.monkeyeval.family.leveldb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * LevelDbBloom passes LevelDB's own filter tests (google/leveldb util/bloom_test.cc, commit
 * 78a352f47ed6c1e9d750545e9b242289185b87e1: EmptyFilter, Small, VaryingLengths, all at 10 bits per key
 * over 4-byte little-endian integer keys), follows the sizing rules of util/bloom.cc, and reads a
 * filter's k from its last byte as LevelDB does.
 */
final class LevelDbBloomTest {

    private static final LevelDbBloom TEN = LevelDbBloom.policy(10);

    @Test
    void emptyFilter_matchesNothing() {
        byte[] filter = TEN.createFilter(List.of());
        assertFalse(LevelDbBloom.keyMayMatch(ascii("hello"), filter));
        assertFalse(LevelDbBloom.keyMayMatch(ascii("world"), filter));
    }

    @Test
    void small_addedKeysMatch_othersNot() {
        byte[] filter = TEN.createFilter(List.of(ascii("hello"), ascii("world")));
        assertTrue(LevelDbBloom.keyMayMatch(ascii("hello"), filter));
        assertTrue(LevelDbBloom.keyMayMatch(ascii("world"), filter));
        assertFalse(LevelDbBloom.keyMayMatch(ascii("x"), filter));
        assertFalse(LevelDbBloom.keyMayMatch(ascii("foo"), filter));
    }

    /** bloom_test.cc VaryingLengths: size, no false negatives, rate at most 2%, few "mediocre" filters. */
    @Test
    void varyingLengths_sizeBoundedAndRateBelowTwoPercent() {
        int mediocre = 0;
        int good = 0;
        for (int length = 1; length <= 10_000; length = nextLength(length)) {
            List<byte[]> keys = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                keys.add(fixed32(i));
            }
            byte[] filter = TEN.createFilter(keys);
            assertTrue(filter.length <= length * 10 / 8 + 40, "length " + length);
            for (byte[] key : keys) {
                assertTrue(LevelDbBloom.keyMayMatch(key, filter), "length " + length);
            }
            int falsePositives = 0;
            for (int i = 0; i < 10_000; i++) {
                if (LevelDbBloom.keyMayMatch(fixed32(i + 1_000_000_000), filter)) {
                    falsePositives++;
                }
            }
            double rate = falsePositives / 10_000.0;
            assertTrue(rate <= 0.02, "length " + length + " rate " + rate);
            if (rate > 0.0125) {
                mediocre++;
            } else {
                good++;
            }
        }
        assertTrue(mediocre <= good / 5, mediocre + " mediocre, " + good + " good");
    }

    @Test
    void rules_probesRoundDownAndClamp_bitsHaveA64BitFloorInWholeBytes() {
        assertEquals(1, LevelDbBloom.hashes(0));
        assertEquals(1, LevelDbBloom.hashes(1));   // 0.69 -> 0 -> 1
        assertEquals(4, LevelDbBloom.hashes(6));   // 4.14
        assertEquals(6, LevelDbBloom.hashes(10));  // 6.9
        assertEquals(13, LevelDbBloom.hashes(20)); // 13.8
        assertEquals(27, LevelDbBloom.hashes(40)); // 27.6
        assertEquals(30, LevelDbBloom.hashes(44)); // 30.36 -> 30
        assertEquals(64, LevelDbBloom.filterBits(0, 10));
        assertEquals(64, LevelDbBloom.filterBits(6, 10));
        assertEquals(72, LevelDbBloom.filterBits(7, 10));  // 70 -> 9 bytes
        assertEquals(1000, LevelDbBloom.filterBits(100, 10));
        assertEquals(72 / 8 + 1, LevelDbBloom.filterBytes(7, 10));
        assertEquals(LevelDbBloom.filterBytes(7, 10), TEN.createFilter(keys(7)).length);
        assertEquals(6, TEN.createFilter(keys(7))[9]);
    }

    @Test
    void keyMayMatch_readsKFromTheFilter_reservedKMatchesAll_shortFilterMatchesNone() {
        byte[] filter = LevelDbBloom.policy(20).createFilter(List.of(ascii("a")));
        assertTrue(TEN.keyMayMatch(ascii("a"), filter, 0, filter.length)); // k = 13 from the filter, not 6
        byte[] reserved = new byte[9];
        reserved[8] = 31;
        assertTrue(LevelDbBloom.keyMayMatch(ascii("anything"), reserved));
        reserved[8] = (byte) 0x80; // a negative char in LevelDB: also read as a large k
        assertTrue(LevelDbBloom.keyMayMatch(ascii("anything"), reserved));
        assertFalse(LevelDbBloom.keyMayMatch(ascii("a"), new byte[] {6}));
        byte[] framed = new byte[filter.length + 4];
        System.arraycopy(filter, 0, framed, 2, filter.length);
        assertTrue(LevelDbBloom.hashMayMatch(LevelDbHash.hash(ascii("a"), LevelDbHash.BLOOM_SEED), framed, 2,
                filter.length));
    }

    private static int nextLength(int length) {
        if (length < 10) {
            return length + 1;
        } else if (length < 100) {
            return length + 10;
        } else if (length < 1000) {
            return length + 100;
        }
        return length + 1000;
    }

    static byte[] fixed32(int value) {
        return new byte[] {(byte) value, (byte) (value >>> 8), (byte) (value >>> 16), (byte) (value >>> 24)};
    }

    private static List<byte[]> keys(int n) {
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            keys.add(fixed32(i));
        }
        return keys;
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
