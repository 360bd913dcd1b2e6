package org.monkeyeval.family.hbase;

/**
 * How HBase sizes the chunks of a store file's compound Bloom filter, and how it folds the last one.
 * Followed from HBase 2.6.1 ({@code org.apache.hbase:hbase-server:2.6.1}):
 * {@code util/BloomFilterFactory.java} ({@code createGeneralBloomAtWrite}: the configuration read),
 * {@code io/hfile/CompoundBloomFilterWriter.java} (the constructor's chunk size, {@code append},
 * {@code enqueueReadyChunk}), {@code util/BloomFilterUtil.java} ({@code createBySize},
 * {@code computeFoldableByteSize}, {@code idealMaxKeys}, {@code optimalFunctionCount},
 * {@code computeMaxKeys}) and {@code util/BloomFilterChunk.java} ({@code compactBloom}):
 *
 * <pre>
 *   rate    = (float) io.storefile.bloom.error.rate      (default 0.01; ROWCOL: (float) (1 - sqrt(1 - rate)))
 *   hint    = io.storefile.bloom.block.size              (default 131072 bytes)
 *   fold    = io.storefile.bloom.max.fold                (default 7)
 *   foldable(bits, f) = ceil(bits / 8) rounded up to a multiple of 2^f bytes
 *   chunk bytes  B = foldable(8 foldable(8 hint, fold), fold)       (the writer, then createBySize)
 *   m = 8 B;  ideal = (long) (m ln^2 2 / -ln rate)
 *   k = (int) ceil(ln 2 * (m / ideal))                     (m / ideal in integer division)
 *   maxKeys = (int) (long) (-m / k * ln(1 - e^(ln rate / k)))
 *   a chunk is closed when it holds maxKeys keys and another arrives, or when the file closes
 *   compactBloom, closing a chunk of c keys:  while B even and maxKeys &gt; 2 c:  B /= 2, maxKeys /= 2
 *                                           (the halves are ORed together)
 * </pre>
 *
 * <p>Notes. The rate is a Java float ({@code Configuration.getFloat}), widened to double by the
 * arithmetic: 0.01 is 0.00999999977648258. Folding is not bounded by {@code max.fold}: that only rounds
 * the chunk up to a multiple of 2^fold bytes; the loop halves while the byte count is even, so the
 * default 131072-byte chunk (2^17) may halve 17 times. The folded chunk is a Bloom filter of m/2^j bits
 * with the same k: a probe at bit b of the unfolded chunk is the probe at b mod (m/2^j), the reader's
 * modulus, for HBase's |x % m| with x of either sign. The full chunks (maxKeys keys) never fold; only
 * the last one does. A rate above about 0.6185 gives k = 0 and maxKeys = 0 in HBase (no usable filter);
 * {@link #chunk} refuses it.
 */
public final class HBaseBloomSizing {

    /** {@code io.storefile.bloom.block.size} default: 128 KiB. */
    public static final int DEFAULT_BLOCK_SIZE = 128 * 1024;
    /** {@code io.storefile.bloom.max.fold} default ({@code MAX_ALLOWED_FOLD_FACTOR}). */
    public static final int DEFAULT_MAX_FOLD = 7;
    /** {@code io.storefile.bloom.error.rate} default. */
    public static final float DEFAULT_ERROR_RATE = 0.01f;
    /** {@code BloomFilterUtil.LOG2_SQUARED}. */
    static final double LOG2_SQUARED = Math.log(2) * Math.log(2);

    /**
     * What a chunk holds before folding: its bytes, its most keys, its probes per key.
     *
     * @param byteSize  B, the chunk's bytes
     * @param maxKeys   the keys after which the writer starts a new chunk
     * @param hashCount k, probes per key
     */
    public record Chunk(int byteSize, int maxKeys, int hashCount) {

        /** m = 8 B. */
        public long bitSize() {
            return 8L * byteSize;
        }
    }

    private HBaseBloomSizing() {
    }

    /** {@code computeFoldableByteSize}: ceil(bits / 8), rounded up to a multiple of 2^foldFactor bytes. */
    public static int foldableByteSize(long bitSize, int foldFactor) {
        if (bitSize < 1) {
            throw new IllegalArgumentException("bit size (" + bitSize + ") must be >= 1");
        }
        if (foldFactor < 0 || foldFactor > 30) {
            throw new IllegalArgumentException("io.storefile.bloom.max.fold (" + foldFactor + ") must be in [0, 30]");
        }
        long bytes = (bitSize + 7) / 8;
        long mask = (1L << foldFactor) - 1;
        if ((mask & bytes) != 0) {
            bytes = ((bytes >> foldFactor) + 1) << foldFactor;
        }
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a chunk of " + bytes + " bytes is too large for HBase (bit size "
                    + bitSize + ", fold " + foldFactor + ")");
        }
        return (int) bytes;
    }

    /** {@code idealMaxKeys}: (long) (m ln^2 2 / -ln rate), the keys of m bits at the rate with real-valued k. */
    static long idealMaxKeys(long bitSize, double errorRate) {
        return (long) (bitSize * (LOG2_SQUARED / -Math.log(errorRate)));
    }

    /** {@code optimalFunctionCount}: ceil(ln 2 * (m / maxKeys)), the quotient in integer division. */
    static int optimalFunctionCount(long maxKeys, long bitSize) {
        long bitsPerKey = bitSize / maxKeys;
        return (int) Math.ceil(Math.log(2) * bitsPerKey);
    }

    /** {@code computeMaxKeys}: the keys of m bits at which k probes give the rate, -m / k ln(1 - rate^(1/k)). */
    static long computeMaxKeys(long bitSize, double errorRate, int hashCount) {
        return (long) (-bitSize * 1.0 / hashCount * Math.log(1 - Math.exp(Math.log(errorRate) / hashCount)));
    }

    /**
     * The chunk a {@code CompoundBloomFilterWriter} starts with: {@code blockSize} as
     * {@code io.storefile.bloom.block.size}, the rate as the writer holds it (a float), {@code maxFold} as
     * {@code io.storefile.bloom.max.fold}.
     */
    public static Chunk chunk(int blockSize, float errorRate, int maxFold) {
        if (blockSize < 1) {
            throw new IllegalArgumentException("io.storefile.bloom.block.size (" + blockSize + ") must be >= 1");
        }
        if (!(errorRate > 0.0f) || !(errorRate < 1.0f)) {
            throw new IllegalArgumentException("io.storefile.bloom.error.rate (" + errorRate + ") must be in (0, 1)");
        }
        int writerBytes = foldableByteSize(blockSize * 8L, maxFold);
        int bytes = foldableByteSize(writerBytes * 8L, maxFold);
        long bits = 8L * bytes;
        long ideal = idealMaxKeys(bits, errorRate);
        if (ideal < 1 || ideal > Integer.MAX_VALUE || bits / ideal < 1) {
            throw new IllegalArgumentException("io.storefile.bloom.error.rate (" + errorRate
                    + ") is too high: HBase sizes a chunk with no probe at it (k = ceil(ln 2 * " + bits / Math.max(1, ideal)
                    + ") = 0)");
        }
        int k = optimalFunctionCount((int) ideal, bits);
        long maxKeys = computeMaxKeys(bits, errorRate, k);
        if (maxKeys < 1 || maxKeys > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("io.storefile.bloom.error.rate (" + errorRate + ") gives "
                    + maxKeys + " keys per chunk of " + bytes + " bytes");
        }
        return new Chunk(bytes, (int) maxKeys, k);
    }

    /** The chunk at the default block size and fold for {@code errorRate}. */
    public static Chunk chunk(float errorRate) {
        return chunk(DEFAULT_BLOCK_SIZE, errorRate, DEFAULT_MAX_FOLD);
    }

    /**
     * {@code BloomFilterFactory.createGeneralBloomAtWrite}'s rate for ROWCOL: a Get of one column asks
     * two keys (row and column, row alone), so each is sized for 1 - sqrt(1 - rate), as a float.
     */
    public static float rowColRate(float errorRate) {
        return (float) (1 - Math.sqrt(1 - errorRate));
    }

    /**
     * How many halvings {@code compactBloom} makes of a chunk closed with {@code keys} keys: while its
     * bytes are even and its maxKeys exceeds twice the keys (0 for an empty or a full chunk).
     */
    public static int folds(Chunk chunk, long keys) {
        if (keys < 0) {
            throw new IllegalArgumentException("keys (" + keys + ") must be >= 0");
        }
        if (keys == 0) {
            return 0;
        }
        int bytes = chunk.byteSize();
        int maxKeys = chunk.maxKeys();
        int folds = 0;
        while ((bytes & 1) == 0 && maxKeys > 2 * keys) {
            bytes >>= 1;
            maxKeys >>= 1;
            folds++;
        }
        return folds;
    }

    /** Chunks the writer closes for n keys: ceil(n / maxKeys), all but the last holding maxKeys keys. */
    public static long chunks(Chunk chunk, long keys) {
        if (keys < 1) {
            throw new IllegalArgumentException("keys (" + keys + ") must be >= 1");
        }
        return (keys - 1) / chunk.maxKeys() + 1;
    }

    /** Keys of the last chunk of n keys, in [1, maxKeys]. */
    public static long lastChunkKeys(Chunk chunk, long keys) {
        return keys - (chunks(chunk, keys) - 1) * chunk.maxKeys();
    }

    /** Bytes of the last chunk of n keys after folding. */
    public static int lastChunkBytes(Chunk chunk, long keys) {
        return chunk.byteSize() >> folds(chunk, lastChunkKeys(chunk, keys));
    }

    /** {@code getByteSize()} of the whole filter over n keys: the chunks' bytes after folding. */
    public static long totalByteSize(Chunk chunk, long keys) {
        return (chunks(chunk, keys) - 1) * chunk.byteSize() + lastChunkBytes(chunk, keys);
    }
}
