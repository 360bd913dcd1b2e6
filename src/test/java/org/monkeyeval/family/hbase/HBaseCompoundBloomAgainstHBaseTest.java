package org.monkeyeval.family.hbase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.hadoop.hbase.CellComparatorImpl;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.hfile.CompoundBloomFilterWriter;
import org.apache.hadoop.hbase.nio.SingleByteBuff;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.BloomContext;
import org.apache.hadoop.hbase.util.BloomFilterChunk;
import org.apache.hadoop.hbase.util.BloomFilterUtil;
import org.apache.hadoop.hbase.util.ByteArrayHashKey;
import org.apache.hadoop.hbase.util.Hash;
import org.apache.hadoop.hbase.util.MurmurHash;
import org.apache.hadoop.hbase.util.RowBloomContext;
import org.apache.hadoop.hbase.util.RowColBloomContext;
import org.apache.hadoop.hbase.util.RowPrefixFixedLengthBloomContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.monkeyeval.family.Setting;
import org.monkeyeval.filter.KeyBytes;
import org.monkeyeval.filter.KeySpace;

/**
 * Guards that {@link HBaseCompoundBloom} is the filter HBase 2.6.1 writes: for the same sorted rows,
 * hbase-server's {@code CompoundBloomFilterWriter}, fed through the {@code BloomContext} that
 * {@code StoreFileWriter} uses for the type and driven as {@code HFileWriterImpl} drives its inline
 * blocks, writes the same number of chunks, byte for byte the same chunks, and the same Bloom meta
 * (byte size, probes, hash type, keys, max keys, chunks); HBase's {@code BloomFilterUtil.contains} gives
 * the same answer on its chunk for every absent key; {@link HBaseBloomSizing} sizes every setting's chunk
 * as {@code BloomFilterUtil.createBySize}; {@link HBaseMurmurHash} is HBase's MurmurHash.
 */
final class HBaseCompoundBloomAgainstHBaseTest {

    private static final byte[] FAMILY = {'c', 'f'};
    private static final byte[] VALUE = {'v'};

    /** What HBase's writer wrote: each BLOOM_CHUNK payload, and the Bloom meta block. */
    private record Written(List<byte[]> chunks, byte[] meta) {
    }

    private static Written hbases(List<KeyValue> cells, BloomType type, float rate, int prefixLength)
            throws IOException {
        CompoundBloomFilterWriter writer = new CompoundBloomFilterWriter(HBaseBloomSizing.DEFAULT_BLOCK_SIZE,
                type == BloomType.ROWCOL ? HBaseBloomSizing.rowColRate(rate) : rate, Hash.MURMUR_HASH,
                HBaseBloomSizing.DEFAULT_MAX_FOLD, false,
                type == BloomType.ROWCOL ? CellComparatorImpl.COMPARATOR : null, type);
        BloomContext context = switch (type) {
            case ROW -> new RowBloomContext(writer, CellComparatorImpl.COMPARATOR);
            case ROWCOL -> new RowColBloomContext(writer, CellComparatorImpl.COMPARATOR);
            case ROWPREFIX_FIXED_LENGTH -> new RowPrefixFixedLengthBloomContext(writer,
                    CellComparatorImpl.COMPARATOR, prefixLength);
            default -> throw new IllegalArgumentException(type.toString());
        };
        List<byte[]> chunks = new ArrayList<>();
        long offset = 0;
        for (KeyValue cell : cells) {
            context.writeBloom(cell);
            offset = drain(writer, false, chunks, offset);
        }
        drain(writer, true, chunks, offset);
        ByteArrayOutputStream meta = new ByteArrayOutputStream();
        writer.getMetaWriter().write(new DataOutputStream(meta));
        return new Written(chunks, meta.toByteArray());
    }

    /** HFileWriterImpl.writeInlineBlocks: every ready block written and acknowledged. */
    private static long drain(CompoundBloomFilterWriter writer, boolean closing, List<byte[]> chunks, long offset)
            throws IOException {
        while (writer.shouldWriteBlock(closing)) {
            ByteArrayOutputStream block = new ByteArrayOutputStream();
            writer.writeInlineBlock(new DataOutputStream(block));
            byte[] bytes = block.toByteArray();
            chunks.add(bytes);
            writer.blockWritten(offset, bytes.length, bytes.length);
            offset += bytes.length;
        }
        return offset;
    }

    /** Rows of n keys: their KeyBytes, sorted as a store file holds them. */
    private static byte[][] sortedRows(long seed, int n) {
        KeySpace space = new KeySpace(seed);
        long[] flipped = new long[n];
        for (int i = 0; i < n; i++) {
            flipped[i] = space.storedKey(0, i) ^ Long.MIN_VALUE;
        }
        Arrays.sort(flipped);
        byte[][] rows = new byte[n][];
        for (int i = 0; i < n; i++) {
            rows[i] = KeyBytes.of(flipped[i] ^ Long.MIN_VALUE);
        }
        return rows;
    }

    private static void assertSameFilter(Written theirs, HBaseCompoundBloom ours, HBaseBloomSizing.Chunk chunk,
                                         String label) throws IOException {
        assertEquals(theirs.chunks().size(), ours.chunkCount(), label + " chunks");
        for (int c = 0; c < ours.chunkCount(); c++) {
            assertArrayEquals(theirs.chunks().get(c), ours.chunkBytes(c), label + " chunk " + c + " bytes");
        }
        DataInputStream meta = new DataInputStream(new java.io.ByteArrayInputStream(theirs.meta()));
        assertEquals(3, meta.readInt(), label + " meta version");
        assertEquals(meta.readLong(), ours.totalByteSize(), label + " byte size");
        assertEquals(meta.readInt(), ours.hashCount(), label + " probes");
        assertEquals(Hash.MURMUR_HASH, meta.readInt(), label + " hash type");
        assertEquals(meta.readLong(), ours.keyCount(), label + " keys");
        long lastKeys = HBaseBloomSizing.lastChunkKeys(chunk, ours.keyCount());
        long maxKeys = (ours.chunkCount() - 1L) * chunk.maxKeys()
                + (chunk.maxKeys() >> HBaseBloomSizing.folds(chunk, lastKeys));
        assertEquals(meta.readLong(), maxKeys, label + " max keys");
        assertEquals(meta.readInt(), ours.chunkCount(), label + " meta chunks");
        assertEquals(HBaseBloomSizing.totalByteSize(chunk, ours.keyCount()), ours.totalByteSize(), label + " sizing");
    }

    /** HBase's reader on its own chunk bytes for every absent key, against ours. */
    private static void assertSameAnswers(Written theirs, HBaseCompoundBloom ours, HBaseBloomSizing.Chunk chunk,
                                          long seed, int queries) {
        KeySpace space = new KeySpace(seed);
        MurmurHash hash = (MurmurHash) MurmurHash.getInstance();
        int positives = 0;
        for (int j = 0; j < queries; j++) {
            byte[] key = KeyBytes.of(space.absentKey(j));
            int asked = ours.chunkOf(key);
            boolean inFile = asked >= 0 && Arrays.compareUnsigned(key, ours.lastKey()) <= 0;
            boolean hbase = false;
            if (inFile) {
                byte[] bytes = theirs.chunks().get(asked);
                hbase = BloomFilterUtil.contains(key, 0, key.length, new SingleByteBuff(ByteBuffer.wrap(bytes)), 0,
                        bytes.length, hash, ours.hashCount());
            }
            assertEquals(hbase, ours.mayContain(key), "absent key " + j);
            positives += ours.mayContain(key) ? 1 : 0;
        }
        double expected = queries * HBaseFamily.moments(ours.keyCount(), chunk).mean();
        if (expected >= 20) {
            assertTrue(positives > 0, "no false positive in " + queries + " queries (" + expected
                    + " expected): the comparison saw only no's");
        }
    }

    @ParameterizedTest(name = "n={0} rate={1}")
    @CsvSource({"1, 0.01", "1000, 0.01", "10000, 0.001", "60000, 0.3", "120000, 0.01", "300000, 0.01",
        "20000, 0.0001", "250000, 0.05"})
    void rows_sameChunksBytesAndMeta_sameAnswers(int n, float rate) throws IOException {
        byte[][] rows = sortedRows(n * 7L + 3, n);
        List<KeyValue> cells = new ArrayList<>(n);
        HBaseBloomSizing.Chunk chunk = HBaseBloomSizing.chunk(rate);
        HBaseCompoundBloom.Builder builder = HBaseCompoundBloom.builder(chunk);
        for (byte[] row : rows) {
            cells.add(new KeyValue(row, FAMILY, new byte[] {'q'}, 1L, VALUE));
            builder.add(HBaseBloomKey.row(row));
        }
        HBaseCompoundBloom ours = builder.build();
        Written theirs = hbases(cells, BloomType.ROW, rate, 0);
        String label = "n=" + n + " rate=" + rate;
        assertSameFilter(theirs, ours, chunk, label);
        if (n > 1) {
            assertSameAnswers(theirs, ours, chunk, n, 20_000);
        }
    }

    @Test
    void rowsOfSeveralCells_eachRowOnce() throws IOException {
        byte[][] rows = sortedRows(11, 5000);
        List<KeyValue> cells = new ArrayList<>();
        HBaseBloomSizing.Chunk chunk = HBaseBloomSizing.chunk(0.02f);
        HBaseCompoundBloom.Builder builder = HBaseCompoundBloom.builder(chunk);
        for (byte[] row : rows) {
            for (byte q = 'a'; q <= 'c'; q++) {
                cells.add(new KeyValue(row, FAMILY, new byte[] {q}, 1L, VALUE));
            }
            builder.add(HBaseBloomKey.row(row));
        }
        assertSameFilter(hbases(cells, BloomType.ROW, 0.02f, 0), builder.build(), chunk, "3 cells per row");
    }

    @Test
    void rowCol_sameChunksAsHBase_sizedForOneMinusSqrt() throws IOException {
        byte[][] rows = sortedRows(5, 40_000);
        float rate = 0.01f;
        HBaseBloomSizing.Chunk chunk = HBaseBloomSizing.chunk(HBaseBloomSizing.rowColRate(rate));
        List<KeyValue> cells = new ArrayList<>();
        HBaseCompoundBloom.Builder builder = HBaseCompoundBloom.builder(chunk);
        for (byte[] row : rows) {
            for (byte q = 'a'; q <= 'd'; q++) {
                byte[] qualifier = {'q', q};
                cells.add(new KeyValue(row, FAMILY, qualifier, 1L, VALUE));
                builder.add(HBaseBloomKey.rowCol(row, qualifier));
            }
        }
        HBaseCompoundBloom ours = builder.build();
        assertTrue(ours.chunkCount() > 1, "160000 ROWCOL keys take several chunks");
        assertSameFilter(hbases(cells, BloomType.ROWCOL, rate, 0), ours, chunk, "ROWCOL");
    }

    @Test
    void rowPrefix_holdsEachPrefixOnce_sameChunksAsHBase() throws IOException {
        byte[][] rows = sortedRows(9, 30_000);
        HBaseBloomSizing.Chunk chunk = HBaseBloomSizing.chunk(0.01f);
        List<KeyValue> cells = new ArrayList<>();
        HBaseCompoundBloom.Builder builder = HBaseCompoundBloom.builder(chunk);
        byte[] previous = null;
        for (byte[] row : rows) {
            cells.add(new KeyValue(row, FAMILY, new byte[] {'q'}, 1L, VALUE));
            byte[] prefix = HBaseBloomKey.rowPrefix(row, 2);
            if (previous == null || !Arrays.equals(previous, prefix)) {
                builder.add(prefix);
                previous = prefix;
            }
        }
        HBaseCompoundBloom ours = builder.build();
        assertTrue(ours.keyCount() <= 65_536 && ours.keyCount() < rows.length, "2-byte prefixes repeat");
        assertSameFilter(hbases(cells, BloomType.ROWPREFIX_FIXED_LENGTH, 0.01f, 2), ours, chunk, "ROWPREFIX 2");
    }

    @Test
    void everySetting_chunkSizedAsCreateBySize() {
        int writerBytes = HBaseBloomSizing.foldableByteSize(HBaseBloomSizing.DEFAULT_BLOCK_SIZE * 8L,
                HBaseBloomSizing.DEFAULT_MAX_FOLD);
        for (Setting s : HBaseFamily.INSTANCE.settings()) {
            if (!s.hasFilter()) {
                continue;
            }
            BloomFilterChunk theirs = BloomFilterUtil.createBySize(writerBytes, Float.parseFloat(s.knob()),
                    Hash.MURMUR_HASH, HBaseBloomSizing.DEFAULT_MAX_FOLD, BloomType.ROW);
            HBaseBloomSizing.Chunk ours = HBaseFamily.chunk(s);
            assertEquals(theirs.getByteSize(), ours.byteSize(), s.knob());
            assertEquals(theirs.getMaxKeys(), ours.maxKeys(), s.knob());
            assertEquals(theirs.getHashCount(), ours.hashCount(), s.knob());
            assertEquals(HBaseBloomSizing.chunk(Float.parseFloat(s.knob())), ours, s.knob());
        }
    }

    @Test
    void murmurHash_equalsHBases_forEveryLengthAndSignedTailBytes() {
        SplittableRandom random = new SplittableRandom(17);
        MurmurHash theirs = (MurmurHash) MurmurHash.getInstance();
        for (int length = 0; length <= 40; length++) {
            for (int trial = 0; trial < 50; trial++) {
                byte[] key = new byte[length];
                for (int i = 0; i < length; i++) {
                    key[i] = (byte) random.nextInt(256);
                }
                int seed = random.nextInt();
                assertEquals(theirs.hash(new ByteArrayHashKey(key, 0, length), seed), HBaseMurmurHash.hash(key, seed),
                        "length " + length);
            }
        }
    }
}
