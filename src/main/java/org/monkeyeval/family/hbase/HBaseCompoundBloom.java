package org.monkeyeval.family.hbase;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The compound Bloom filter HBase writes into a store file: its Bloom keys, in order, cut into chunks
 * of {@link HBaseBloomSizing.Chunk#maxKeys()} keys, the last one folded; a lookup goes to the one chunk
 * whose first key is the greatest at or below the key. Followed from HBase 2.6.1
 * ({@code org.apache.hbase:hbase-server:2.6.1}): {@code io/hfile/CompoundBloomFilterWriter.java} (the
 * chunks, their first keys), {@code util/BloomFilterChunk.java} ({@code add}, {@code setHashLoc},
 * {@code set}, {@code compactBloom}, {@code writeBloom}), {@code util/BloomFilterUtil.java}
 * ({@code contains}, {@code checkBit}), {@code io/hfile/CompoundBloomFilter.java}
 * ({@code containsInternal}), {@code io/hfile/HFileBlockIndex.java}
 * ({@code ByteArrayKeyBlockIndexReader.rootBlockContainingKey}) and
 * {@code regionserver/StoreFileReader.java} ({@code checkGeneralBloomFilter}):
 *
 * <pre>
 *   hash1 = MurmurHash(key, seed 0),  hash2 = MurmurHash(key, seed hash1)      (int)
 *   probe i = |(hash1 + i hash2) % m|,  i = 0 .. k-1      (the sum in wrapping 32-bit arithmetic)
 *   bit b: byte b &gt;&gt; 3, mask 1 &lt;&lt; (b &amp; 7)             (least significant bit first)
 *   a chunk's bytes on disk: the B bytes of its bit array (a BLOOM_CHUNK block's payload)
 *   lookup (ROW): key &gt; the file's last Bloom key -&gt; no;  j = the last chunk whose first key &lt;= key
 *                 (unsigned lexicographic order); no such chunk -&gt; no;  else the k probes of chunk j
 * </pre>
 *
 * <p>The keys here are what the filter holds (ROW: the row; ROWPREFIX_FIXED_LENGTH: its first bytes;
 * ROWCOL: {@link HBaseBloomKey#rowCol}); they must be added strictly increasing and distinct, as
 * HBase's {@code BloomContext} adds them (sorted cells, each new key once). The chunk index compares
 * keys as unsigned bytes ({@code Bytes.BYTES_RAWCOMPARATOR}), which is ROW's and ROWPREFIX's index;
 * ROWCOL's index compares cells, which orders its keys the same way for keys of one row length. A
 * filter is read-only once built; lookups allocate nothing and may run on several threads.
 */
public final class HBaseCompoundBloom {

    private final int hashCount;
    private final byte[][] chunks;
    private final byte[][] firstKeys;
    private final byte[] lastKey;
    private final long keyCount;

    private HBaseCompoundBloom(int hashCount, byte[][] chunks, byte[][] firstKeys, byte[] lastKey, long keyCount) {
        this.hashCount = hashCount;
        this.chunks = chunks;
        this.firstKeys = firstKeys;
        this.lastKey = lastKey;
        this.keyCount = keyCount;
    }

    /** A writer of one filter: HBase's {@code CompoundBloomFilterWriter} with its chunk's sizing. */
    public static Builder builder(HBaseBloomSizing.Chunk chunk) {
        return new Builder(chunk);
    }

    /** Adds keys in order and closes chunks as HBase does. Not for use by several threads. */
    public static final class Builder {
        private final HBaseBloomSizing.Chunk spec;
        private final List<byte[]> closed = new ArrayList<>();
        private final List<byte[]> firstKeys = new ArrayList<>();
        private byte[] current;
        private int currentKeys;
        private byte[] last;
        private long keys;

        private Builder(HBaseBloomSizing.Chunk spec) {
            this.spec = spec;
        }

        /** Adds a key greater than every key added so far (the writer's {@code append}). */
        public Builder add(byte[] key) {
            if (key == null) {
                throw new IllegalArgumentException("key must not be null");
            }
            if (last != null && Arrays.compareUnsigned(key, last) <= 0) {
                throw new IllegalArgumentException("keys must be added in increasing order, distinct (key "
                        + (keys + 1) + " is not above the one before)");
            }
            if (current != null && currentKeys >= spec.maxKeys()) {
                close();
            }
            if (current == null) {
                current = new byte[spec.byteSize()];
                firstKeys.add(key.clone());
            }
            int hash1 = HBaseMurmurHash.hash(key, 0);
            int hash2 = HBaseMurmurHash.hash(key, hash1);
            long bits = spec.bitSize();
            for (int i = 0; i < spec.hashCount(); i++) {
                long bit = Math.abs((hash1 + i * hash2) % bits); // int sum, then the long remainder: setHashLoc
                current[(int) (bit >>> 3)] |= (byte) (1 << (bit & 7));
            }
            currentKeys++;
            keys++;
            last = key.clone();
            return this;
        }

        /** {@code enqueueReadyChunk}: the chunk folded by {@code compactBloom} and kept. */
        private void close() {
            int folds = HBaseBloomSizing.folds(spec, currentKeys);
            int size = current.length >> folds;
            byte[] folded = Arrays.copyOf(current, size);
            for (int piece = 1; piece < (1 << folds); piece++) {
                int off = piece * size;
                for (int pos = 0; pos < size; pos++) {
                    folded[pos] |= current[off + pos];
                }
            }
            closed.add(folded);
            current = null;
            currentKeys = 0;
        }

        /** The filter, its last chunk closed as the file closes; at least one key must have been added. */
        public HBaseCompoundBloom build() {
            if (keys == 0) {
                throw new IllegalStateException("no key added: HBase writes no Bloom filter for an empty file");
            }
            if (current != null) {
                close();
            }
            return new HBaseCompoundBloom(spec.hashCount(), closed.toArray(new byte[0][]),
                    firstKeys.toArray(new byte[0][]), last, keys);
        }
    }

    /** HBase's answer for a key asked of this store file: false means the file does not hold it. */
    public boolean mayContain(byte[] key) {
        if (key == null) {
            throw new IllegalArgumentException("key must not be null");
        }
        if (Arrays.compareUnsigned(key, lastKey) > 0) {
            return false; // StoreFileReader.checkGeneralBloomFilter: after the file's LAST_BLOOM_KEY
        }
        int chunk = chunkOf(key);
        if (chunk < 0) {
            return false; // CompoundBloomFilter.containsInternal: before the first chunk, "not in the file"
        }
        return chunkContains(chunks[chunk], key, hashCount);
    }

    /** The chunk whose first key is the greatest at or below {@code key}, -1 if none (rootBlockContainingKey). */
    int chunkOf(byte[] key) {
        int lo = 0;
        int hi = firstKeys.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Arrays.compareUnsigned(firstKeys[mid], key) <= 0) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** {@code BloomFilterUtil.contains}: the k probes of one chunk, in 32-bit arithmetic as the reader has it. */
    static boolean chunkContains(byte[] chunk, byte[] key, int hashCount) {
        int hash1 = HBaseMurmurHash.hash(key, 0);
        int hash2 = HBaseMurmurHash.hash(key, hash1);
        int bits = chunk.length << 3;
        int composite = hash1;
        for (int i = 0; i < hashCount; i++) {
            int bit = Math.abs(composite % bits);
            composite += hash2;
            if ((chunk[bit >> 3] & (1 << (bit & 7))) == 0) {
                return false;
            }
        }
        return true;
    }

    /** Chunks written. */
    public int chunkCount() {
        return chunks.length;
    }

    /** The bytes of chunk {@code i} as {@code writeInlineBlock} writes them (a copy). */
    public byte[] chunkBytes(int i) {
        return chunks[i].clone();
    }

    /** The first key of chunk {@code i} (a copy), as the Bloom block index records it. */
    public byte[] firstKey(int i) {
        return firstKeys[i].clone();
    }

    /** The last key added (a copy): the file's {@code LAST_BLOOM_KEY}. */
    public byte[] lastKey() {
        return lastKey.clone();
    }

    /** k, probes per key. */
    public int hashCount() {
        return hashCount;
    }

    /** Keys added. */
    public long keyCount() {
        return keyCount;
    }

    /** {@code getByteSize()}: the chunks' bytes. */
    public long totalByteSize() {
        long total = 0;
        for (byte[] c : chunks) {
            total += c.length;
        }
        return total;
    }
}
