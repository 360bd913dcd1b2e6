package org.monkeyeval.family.leveldb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * LevelDbFilterBlock builds and reads filter blocks as LevelDB does: LevelDB's own tests
 * (google/leveldb table/filter_block_test.cc, commit 78a352f47ed6c1e9d750545e9b242289185b87e1:
 * EmptyBuilder's exact bytes, SingleChunk, MultiChunk, with its hash-list TestHashFilter), the
 * one-call form equal to the builder driven block by block, and malformed blocks read as "may match".
 */
final class LevelDbFilterBlockTest {

    /** filter_block_test.cc's TestHashFilter: the filter is Hash(key, 1) of every key, fixed32 each. */
    static final FilterPolicy HASH_LIST = new FilterPolicy() {
        @Override
        public String name() {
            return "TestHashFilter";
        }

        @Override
        public byte[] createFilter(List<byte[]> keys) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (byte[] key : keys) {
                out.writeBytes(LevelDbBloomTest.fixed32(LevelDbHash.hash(key, 1)));
            }
            return out.toByteArray();
        }

        @Override
        public boolean keyMayMatch(byte[] key, byte[] filter, int offset, int length) {
            byte[] h = LevelDbBloomTest.fixed32(LevelDbHash.hash(key, 1));
            for (int i = offset; i + 4 <= offset + length; i += 4) {
                if (filter[i] == h[0] && filter[i + 1] == h[1] && filter[i + 2] == h[2] && filter[i + 3] == h[3]) {
                    return true;
                }
            }
            return false;
        }
    };

    @Test
    void emptyBuilder_isFiveBytes_andMatchesEverything() {
        byte[] block = new LevelDbFilterBlock.Builder(HASH_LIST).finish();
        assertArrayEquals(new byte[] {0, 0, 0, 0, 0x0b}, block);
        LevelDbFilterBlock reader = LevelDbFilterBlock.read(HASH_LIST, block);
        assertTrue(reader.keyMayMatch(0, key("foo")));
        assertTrue(reader.keyMayMatch(100_000, key("foo")));
    }

    @Test
    void singleChunk_keysOfThreeBlocksShareOneFilter() {
        LevelDbFilterBlock.Builder builder = new LevelDbFilterBlock.Builder(HASH_LIST);
        builder.startBlock(100);
        add(builder, "foo", "bar", "box");
        builder.startBlock(200);
        add(builder, "box");
        builder.startBlock(300);
        add(builder, "hello");
        LevelDbFilterBlock reader = LevelDbFilterBlock.read(HASH_LIST, builder.finish());
        for (String k : List.of("foo", "bar", "box", "hello", "foo")) {
            assertTrue(reader.keyMayMatch(100, key(k)), k);
        }
        assertFalse(reader.keyMayMatch(100, key("missing")));
        assertFalse(reader.keyMayMatch(100, key("other")));
    }

    @Test
    void multiChunk_oneFilterPer2KiB_emptyFilterMatchesNothing() {
        LevelDbFilterBlock.Builder builder = new LevelDbFilterBlock.Builder(HASH_LIST);
        builder.startBlock(0);
        add(builder, "foo");
        builder.startBlock(2000);
        add(builder, "bar");
        builder.startBlock(3100);
        add(builder, "box");
        builder.startBlock(9000);
        add(builder, "box", "hello");
        byte[] block = builder.finish();
        LevelDbFilterBlock reader = LevelDbFilterBlock.read(HASH_LIST, block);
        assertTrue(reader.keyMayMatch(0, key("foo")));
        assertTrue(reader.keyMayMatch(2000, key("bar")));
        assertFalse(reader.keyMayMatch(0, key("box")));
        assertFalse(reader.keyMayMatch(0, key("hello")));
        assertTrue(reader.keyMayMatch(3100, key("box")));
        assertFalse(reader.keyMayMatch(3100, key("foo")));
        assertFalse(reader.keyMayMatch(3100, key("bar")));
        assertFalse(reader.keyMayMatch(3100, key("hello")));
        for (String k : List.of("foo", "bar", "box", "hello")) {
            assertFalse(reader.keyMayMatch(4100, key(k)), k); // the third filter is empty
        }
        assertTrue(reader.keyMayMatch(9000, key("box")));
        assertTrue(reader.keyMayMatch(9000, key("hello")));
        assertFalse(reader.keyMayMatch(9000, key("foo")));
        assertFalse(reader.keyMayMatch(9000, key("bar")));
        // 2 + 1 + 0 + 0 + 2 hashes in filters 0..4 (9000 >> 11 = 4), 5 offsets, the array offset, base lg
        assertEquals(5 * 4 + 5 * 4 + 5, block.length);
        assertEquals(5, reader.filterCount());
        assertEquals(0, reader.filter(2).length);
    }

    @Test
    void build_equalsTheBuilderDrivenAsTableBuilderDrivesIt() {
        List<List<byte[]>> keysOfBlock = List.of(List.of(key("a"), key("b")), List.of(key("c")),
                List.of(key("d"), key("e"), key("f")));
        long[] offsets = {0, 4200, 4300, 12_000};
        LevelDbFilterBlock.Builder builder = new LevelDbFilterBlock.Builder(LevelDbBloom.policy(10));
        builder.startBlock(0);
        add(builder, "a", "b");
        builder.startBlock(4200);
        add(builder, "c");
        builder.startBlock(4300);
        add(builder, "d", "e", "f");
        builder.startBlock(12_000);
        assertArrayEquals(builder.finish(), LevelDbFilterBlock.build(LevelDbBloom.policy(10), keysOfBlock, offsets));
    }

    @Test
    void startBlock_beforeAnEmittedFilter_isRejected() {
        LevelDbFilterBlock.Builder builder = new LevelDbFilterBlock.Builder(HASH_LIST);
        builder.startBlock(5000);
        assertThrows(IllegalArgumentException.class, () -> builder.startBlock(100));
    }

    @Test
    void read_malformedBlocks_matchEverything() {
        assertTrue(LevelDbFilterBlock.read(HASH_LIST, new byte[] {1, 2, 3}).keyMayMatch(0, key("x")));
        // the offsets array would start past the block
        assertTrue(LevelDbFilterBlock.read(HASH_LIST, new byte[] {9, 0, 0, 0, 11}).keyMayMatch(0, key("x")));
        assertEquals(0, LevelDbFilterBlock.read(HASH_LIST, new byte[] {9, 0, 0, 0, 11}).filterCount());
    }

    private static void add(LevelDbFilterBlock.Builder builder, String... keys) {
        for (String k : keys) {
            builder.addKey(key(k));
        }
    }

    private static byte[] key(String s) {
        return LevelDbBloomTest.ascii(s);
    }
}
