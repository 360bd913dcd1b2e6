package org.monkeyeval.family.cassandra;

import org.monkeyeval.family.Setting;
import org.monkeyeval.filter.Filter;

/**
 * The Bloom filter Cassandra builds for an SSTable: the sizes of {@code FilterFactory.getFilter(n,
 * fpChance)}, the probes of {@code BloomFilter}, the bit layout of {@code OffHeapBitSet} and the bytes
 * {@code BloomFilterSerializer} writes. Followed from apache/cassandra tag {@code cassandra-5.0.4}
 * ({@code org.apache.cassandra:cassandra-all:5.0.4}), files under {@code src/java/org/apache/cassandra/utils/}:
 *
 * <pre>
 *   FilterFactory.getFilter(n, fpChance), createFilter:
 *     (buckets, K) = BloomCalculations.computeBloomSpec(maxBucketsPerElement(n), fpChance)
 *                    ({@link CassandraFamily#spec}; maxBucketsPerElement is 20 for every n a bit set holds)
 *     numBits      = n * buckets + 20                          (BITSET_EXCESS)
 *   obs/OffHeapBitSet(numBits):
 *     words        = ((numBits - 1) &gt;&gt;&gt; 6) + 1,  max = capacity() = 64 * words
 *   BloomFilter.indexes, setIndexes, with hash = MurmurHash.hash3_x64_128(key bytes, seed 0)
 *   ({@link CassandraMurmur3}, through DecoratedKey.filterHash):
 *     base = hash[1], inc = hash[0]
 *     index_i = FBUtilities.abs(base % max);  base += inc     i = 0 .. K-1, signed 64-bit, wrapping
 *   OffHeapBitSet.set/get(index): byte index &gt;&gt; 3, bit index &amp; 7 (least significant bit first)
 *   BloomFilterSerializer.serialize (new format; the SSTable's Filter.db component):
 *     int K, int words (both big-endian), then the 8 * words bytes of the bit set in order
 * </pre>
 *
 * <p>Notes on the probes. The index sequence is Kirsch and Mitzenmacher's double hashing, but formed in
 * signed 64-bit arithmetic and reduced with a signed remainder: {@code base % max} is negative for a
 * negative base, and abs folds it back, so the k indexes are not an arithmetic progression mod max
 * whenever base crosses zero or wraps. {@code abs(Long.MIN_VALUE % max)} is never a problem since
 * {@code |x % max| < max}. A key is hashed once; K is at most 14 (20 buckets). The bit set here is a
 * {@code long[]}; bit {@code i} is bit {@code i & 63} of word {@code i >>> 6}, which is byte
 * {@code i >> 3}, bit {@code i & 7}, when the words are written least significant byte first, as
 * {@link #serialize()} does.
 *
 * <p>fp_chance 1.0 builds no filter in Cassandra (AlwaysPresentFilter); {@link #create} rejects it.
 * A filter keeps one two-long scratch array for the hash, so that adding and asking allocate nothing:
 * it is not safe for use by several threads at once.
 *
 * <p>Its rate: {@link CassandraDistinctProbes} (the family's), measured on this filter in the tests.
 */
public final class CassandraBloom implements Filter {

    /** Most 64-bit words a Java array holds here (OffHeapBitSet's own limit is 2^31 - 1 words). */
    public static final long MAX_WORDS = Integer.MAX_VALUE - 8;

    private final long[] words;
    private final long max;
    private final int hashes;
    private final int buckets;
    private final long entries;
    private final long[] scratch = new long[2];

    private CassandraBloom(long entries, int buckets, int hashes, long words) {
        this.entries = entries;
        this.buckets = buckets;
        this.hashes = hashes;
        this.words = new long[(int) words];
        this.max = words * Long.SIZE;
    }

    /**
     * An empty filter sized for {@code entries} keys at {@code fpChance}, as
     * {@code FilterFactory.getFilter(entries, fpChance)} sizes it; add the keys with {@link #add(byte[])}.
     *
     * @param entries  n, the number of keys the SSTable is expected to hold, {@code >= 0}
     * @param fpChance the table's {@code bloom_filter_fp_chance}, in (0, 1), at least
     *                 {@code BloomCalculations.minSupportedBloomFilterFpChance()} = 6.71e-5
     */
    public static CassandraBloom create(long entries, double fpChance) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
        if (fpChance == 1.0) {
            throw new IllegalArgumentException("bloom_filter_fp_chance (" + fpChance
                    + ") builds no filter (Cassandra's AlwaysPresentFilter)");
        }
        Setting spec = CassandraFamily.spec(fpChance);
        int buckets = (int) spec.bitsPerKey();
        long numBits = numBits(entries, buckets);
        long words = wordsFor(numBits);
        if (words > MAX_WORDS) {
            throw new IllegalArgumentException(entries + " entries at " + buckets + " buckets per element need "
                    + words + " words, more than " + MAX_WORDS);
        }
        return new CassandraBloom(entries, buckets, spec.probes(), words);
    }

    /** A filter sized by {@link #create} holding {@code keys}, each as its 8-byte big-endian form. */
    public static CassandraBloom construct(long[] keys, double fpChance) {
        if (keys == null) {
            throw new IllegalArgumentException("keys must not be null");
        }
        CassandraBloom filter = create(keys.length, fpChance);
        for (long key : keys) {
            filter.add(key);
        }
        return filter;
    }

    /** createFilter's numBits = n * buckets + BITSET_EXCESS, before rounding to words. */
    public static long numBits(long entries, int buckets) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
        if (buckets < 1 || buckets > CassandraFamily.MAX_BUCKETS) {
            throw new IllegalArgumentException("buckets (" + buckets + ") must be in [1, "
                    + CassandraFamily.MAX_BUCKETS + "]");
        }
        return Math.multiplyExact(entries, (long) buckets) + CassandraFamily.BITSET_EXCESS;
    }

    /** OffHeapBitSet's word count for numBits: ((numBits - 1) >>> 6) + 1. */
    public static long wordsFor(long numBits) {
        if (numBits < 1) {
            throw new IllegalArgumentException("numBits (" + numBits + ") must be >= 1");
        }
        return ((numBits - 1) >>> 6) + 1;
    }

    /**
     * The i-th index of a key whose hash is {@code {h0, h1}}, in a bit set of {@code max} bits:
     * {@code abs((h1 + i * h0) % max)} with the sum in wrapping signed 64-bit arithmetic (the same value
     * as adding h0 to the base i times, which is what setIndexes does).
     */
    public static long index(long h0, long h1, int i, long max) {
        if (max < 1) {
            throw new IllegalArgumentException("max (" + max + ") must be >= 1");
        }
        return Math.abs((h1 + i * h0) % max); // |x % max| < max, so Math.abs is FBUtilities.abs here
    }

    /** Adds a partition key given as its serialized bytes (what DecoratedKey.getKey() holds). */
    public void add(byte[] key) {
        CassandraMurmur3.hash3x64x128(key, 0, checkedLength(key), 0L, scratch);
        set(scratch[0], scratch[1]);
    }

    /** Adds a 64-bit key as its 8-byte big-endian form (a bigint partition key). */
    public void add(long key) {
        CassandraMurmur3.hashLong(key, scratch);
        set(scratch[0], scratch[1]);
    }

    /** Cassandra's {@code isPresent} for a key given as its serialized bytes. */
    public boolean mayContain(byte[] key) {
        CassandraMurmur3.hash3x64x128(key, 0, checkedLength(key), 0L, scratch);
        return test(scratch[0], scratch[1]);
    }

    /** Cassandra's {@code isPresent} for a 64-bit key as its 8-byte big-endian form. */
    @Override
    public boolean mayContain(long key) {
        CassandraMurmur3.hashLong(key, scratch);
        return test(scratch[0], scratch[1]);
    }

    /**
     * Sets the K bits of a key whose hash3_x64_128 is {@code {h0, h1}}: for measuring many settings
     * over one set of hashed keys.
     */
    public void addHash(long h0, long h1) {
        set(h0, h1);
    }

    /** {@link #mayContain} for a key whose hash3_x64_128 is {@code {h0, h1}}. */
    public boolean mayContainHash(long h0, long h1) {
        return test(h0, h1);
    }

    private void set(long inc, long base) {
        for (int i = 0; i < hashes; i++) {
            long bit = Math.abs(base % max);
            words[(int) (bit >>> 6)] |= 1L << bit; // the long shift uses bit & 63
            base += inc;
        }
    }

    private boolean test(long inc, long base) {
        for (int i = 0; i < hashes; i++) {
            long bit = Math.abs(base % max);
            if ((words[(int) (bit >>> 6)] & (1L << bit)) == 0) {
                return false;
            }
            base += inc;
        }
        return true;
    }

    /** True if bit {@code index} is set ({@code OffHeapBitSet.get}). */
    public boolean get(long index) {
        if (index < 0 || index >= max) {
            throw new IllegalArgumentException("index (" + index + ") must be in [0, " + max + ")");
        }
        return (words[(int) (index >>> 6)] & (1L << index)) != 0;
    }

    /**
     * The filter as BloomFilterSerializer writes it (new format, the Filter.db component): K and the
     * word count as big-endian ints, then the bit set's bytes, byte {@code i >> 3} holding bits
     * {@code 8 (i >> 3) .. 8 (i >> 3) + 7} least significant first.
     */
    public byte[] serialize() {
        long size = 8L + 8L * words.length;
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a filter of " + words.length + " words does not fit one byte array");
        }
        byte[] out = new byte[(int) size];
        putInt(out, 0, hashes);
        putInt(out, 4, words.length);
        for (int w = 0; w < words.length; w++) {
            long v = words[w];
            for (int j = 0; j < 8; j++) {
                out[8 + 8 * w + j] = (byte) (v >>> (8 * j));
            }
        }
        return out;
    }

    private static void putInt(byte[] out, int at, int v) {
        out[at] = (byte) (v >>> 24);
        out[at + 1] = (byte) (v >>> 16);
        out[at + 2] = (byte) (v >>> 8);
        out[at + 3] = (byte) v;
    }

    private static int checkedLength(byte[] key) {
        if (key == null) {
            throw new IllegalArgumentException("key must not be null");
        }
        return key.length;
    }

    /** max: the bit set's capacity, 64 * words, the modulus of the probes. */
    @Override
    public long bitCount() {
        return max;
    }

    /** K, BloomFilter.hashCount. */
    @Override
    public int hashes() {
        return hashes;
    }

    /** Buckets per element of the spec the filter was sized with. */
    public int buckets() {
        return buckets;
    }

    /** n, the entries the filter was sized for (not a count of the keys added). */
    public long entries() {
        return entries;
    }

    /** Number of bits set to 1 (computed on each call). */
    public long bitsSet() {
        long set = 0;
        for (long w : words) {
            set += Long.bitCount(w);
        }
        return set;
    }
}
