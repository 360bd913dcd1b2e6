package org.monkeyeval.family.rocksdb;

import org.monkeyeval.filter.FastRange;
import org.monkeyeval.filter.Filter;

/**
 * Queries a RocksDB format_version &gt;= 5 "fast local Bloom" filter block as RocksDB reads it, with
 * the probes and the size taken from the block itself, never from configuration. So it reads a block
 * built with optimize_filters_for_memory true as well as false.
 *
 * <pre>
 * Followed (facebook/rocksdb v10.10.1 4595a5e95ae8, table/block_based/filter_policy.cc; the same in v7.8.3):
 *   GetBuiltinFilterBitsReader   length &lt;= 5                      -&gt; always false ("treat like zero keys")
 *                                byte [len]: -1 newer Bloom, -2 Ribbon, 0 and other negatives always true,
 *                                1..127 legacy Bloom               (only -1 is read here)
 *   GetBloomBitsReader           byte [len+1]  sub-implementation, 0 = FastLocalBloom
 *                                byte [len+2]  top 3 bits: log2(line bytes) - 6; low 5 bits: num_probes
 *                                bytes [len+3, len+5) reserved, 0
 *                                num_probes outside 1..30, reserved bytes not 0, another
 *                                sub-implementation or line size -&gt; always true ("future safe")
 *   FastLocalBloomBitsReader::MayMatch   h = GetSliceHash64(key); line = FastRange32(Lower32of64(h), len &gt;&gt; 6)
 *   FastLocalBloomImpl::HashMayMatchPrepared (util/bloom_impl.h)
 *                                probe i: bitpos = x &gt;&gt; 23, x = Upper32of64(h) * 0x9E3779B9^i mod 2^32;
 *                                false as soon as bit (bitpos &amp; 7) of byte (bitpos &gt;&gt; 3) of the line is 0
 * </pre>
 *
 * <p>As a {@link Filter}, a 64-bit key is the 8-byte big-endian string {@link Xxph3#hash64(long)} hashes.
 */
public final class FastLocalBloomReader implements Filter {

    /** How RocksDB answers from a block. */
    public enum Kind {
        /** An empty (or at most 5-byte) block: no key was added; every query is false. */
        ALWAYS_FALSE,
        /** A newer-Bloom block with reserved metadata: RocksDB answers true to every query. */
        ALWAYS_TRUE,
        /** A fast local Bloom filter with 64-byte lines. */
        FAST_LOCAL_BLOOM
    }

    /** Highest num_probes the trailer may carry (31 is reserved). */
    public static final int MAX_PROBES = 30;

    private static final int PROBES_MASK = 31;
    private static final int LINE_SIZE_SHIFT = 5;

    private final Kind kind;
    private final byte[] data;
    private final int dataBytes;
    private final long lines;
    private final int numProbes;

    private FastLocalBloomReader(Kind kind, byte[] data, int dataBytes, int numProbes) {
        this.kind = kind;
        this.data = data;
        this.dataBytes = dataBytes;
        this.lines = dataBytes / RocksDbLocalBloom.CACHE_LINE_BYTES;
        this.numProbes = numProbes;
    }

    /**
     * Reads a full filter block (the block's contents, without the table's 5-byte block trailer of type
     * and checksum). The block is copied.
     *
     * @throws IllegalArgumentException if the block is not a newer-Bloom block (its marker names which
     *     it is), or if its data is not a whole number of 64-byte lines
     */
    public static FastLocalBloomReader of(byte[] block) {
        if (block == null) {
            throw new IllegalArgumentException("block must not be null");
        }
        int metadata = RocksDbLocalBloom.METADATA_BYTES;
        if (block.length <= metadata) {
            return new FastLocalBloomReader(Kind.ALWAYS_FALSE, new byte[0], 0, 0);
        }
        int length = block.length - metadata;
        byte marker = block[length];
        if (marker != FastLocalBloomBuilder.NEW_BLOOM_MARKER) {
            throw new IllegalArgumentException("filter block marker byte " + marker + " at offset " + length
                    + " is not -1 (newer Bloom): " + describeMarker(marker));
        }
        int subImplementation = block[length + 1];
        int blockAndProbes = block[length + 2] & 0xFF;
        int log2LineBytes = ((blockAndProbes >>> LINE_SIZE_SHIFT) & 7) + 6;
        int probes = blockAndProbes & PROBES_MASK;
        boolean reservedZero = block[length + 3] == 0 && block[length + 4] == 0;
        if (probes < 1 || probes > MAX_PROBES || !reservedZero || subImplementation != 0 || log2LineBytes != 6) {
            return new FastLocalBloomReader(Kind.ALWAYS_TRUE, new byte[0], 0, 0);
        }
        if (length % RocksDbLocalBloom.CACHE_LINE_BYTES != 0) {
            throw new IllegalArgumentException("filter data of " + length + " bytes is not a whole number of "
                    + RocksDbLocalBloom.CACHE_LINE_BYTES + "-byte lines");
        }
        byte[] copy = new byte[length];
        System.arraycopy(block, 0, copy, 0, length);
        return new FastLocalBloomReader(Kind.FAST_LOCAL_BLOOM, copy, length, probes);
    }

    private static String describeMarker(byte marker) {
        if (marker == -2) {
            return "a Ribbon filter";
        } else if (marker > 0) {
            return "a legacy Bloom filter (format_version < 5) with " + marker + " probes";
        }
        return "reserved (RocksDB answers true to every query)";
    }

    /** RocksDB's {@code MayMatch(key)}: false only if the key was certainly not added. */
    public boolean mayContain(byte[] key) {
        return mayContainHash(Xxph3.hash64(key));
    }

    /** {@link #mayContain(byte[])} of {@code key[offset .. offset+length-1]}. */
    public boolean mayContain(byte[] key, int offset, int length) {
        return mayContainHash(Xxph3.hash64(key, offset, length));
    }

    /** {@link #mayContain(byte[])} of the 8-byte big-endian encoding of {@code key}. Does not allocate. */
    @Override
    public boolean mayContain(long key) {
        return mayContainHash(Xxph3.hash64(key));
    }

    /** The answer for a key whose {@code GetSliceHash64} is {@code hash}. */
    public boolean mayContainHash(long hash) {
        if (kind != Kind.FAST_LOCAL_BLOOM) {
            return kind == Kind.ALWAYS_TRUE;
        }
        int lineStart = (int) FastRange.fastRange32((int) hash, lines) * RocksDbLocalBloom.CACHE_LINE_BYTES;
        int x = (int) (hash >>> 32);
        for (int i = 0; i < numProbes; i++) {
            int bitpos = x >>> 23;
            if ((data[lineStart + (bitpos >>> 3)] & (1 << (bitpos & 7))) == 0) {
                return false;
            }
            x *= RocksDbLocalBloom.PROBE_MULTIPLIER;
        }
        return true;
    }

    /** How this block answers. */
    public Kind kind() {
        return kind;
    }

    /** num_probes from the trailer; 0 unless {@link Kind#FAST_LOCAL_BLOOM}. */
    public int numProbes() {
        return numProbes;
    }

    /** Data bytes (the block less its 5-byte trailer); 0 unless {@link Kind#FAST_LOCAL_BLOOM}. */
    public int dataBytes() {
        return dataBytes;
    }

    /** Number of 64-byte lines. */
    public long lines() {
        return lines;
    }

    /** Filter bits, 8 per data byte (the trailer not counted). */
    @Override
    public long bitCount() {
        return 8L * dataBytes;
    }

    /** The number of probes, {@link #numProbes()}. */
    @Override
    public int hashes() {
        return numProbes;
    }
}
