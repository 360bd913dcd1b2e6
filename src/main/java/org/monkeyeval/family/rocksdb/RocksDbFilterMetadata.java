package org.monkeyeval.family.rocksdb;

/**
 * Which filter a RocksDB full-filter block holds, read from the block's own 5-byte trailer as
 * RocksDB's reader chooses (never from configuration): {@link #decode(byte[])}.
 *
 * <pre>
 * facebook/rocksdb table/block_based/filter_policy.cc (commit 1dfa7297933df05237ac11376d6cb69d32591b1d),
 * BuiltinFilterPolicy::GetBuiltinFilterBitsReader; len = block length - 5:
 *
 *   block length &lt;= 5                     always false   ("empty or broken", as if no key was added)
 *   marker = (int8_t) block[len]
 *     0                                  always true    (zero probes; also FinishAlwaysTrue's 6 zero bytes)
 *     -1  new Bloom (GetBloomBitsReader) block[len+1] = sub-implementation, block[len+2] = block_and_probes:
 *                                        log2 block bytes = ((b &gt;&gt; 5) &amp; 7) + 6, probes = b &amp; 31;
 *                                        block[len+3..len+4] reserved, must be 0;
 *                                        fast local Bloom iff sub-implementation 0, 64-byte blocks,
 *                                        probes in 1..30; anything else always true (reserved)
 *     -2  Ribbon (GetRibbonBitsReader)   seed = block[len+1], num_blocks = block[len+2..len+4]
 *                                        (24 bits, little-endian); fewer than 2 blocks: always true
 *     other &lt; 0                          always true    (reserved markers)
 *     1..127  legacy Bloom               probes = marker, num_lines = block[len+1..len+4] (u32 LE);
 *                                        num_lines * 64 == len: 64-byte lines; else line bytes =
 *                                        len / num_lines if that is a power of two; else (or
 *                                        num_lines = 0) always true
 * </pre>
 *
 * <p>The always-true cases are RocksDB's "safe" answer to trailers it cannot use: the filter then
 * filters nothing. {@link AlwaysTrue#reason()} says which case it was.
 */
public sealed interface RocksDbFilterMetadata {

    /** Trailer bytes after the filter's data (kMetadataLen). */
    int METADATA_BYTES = LegacyBloom.METADATA_BYTES;

    /** Marker byte of the fast local Bloom family (format_version 5 and later). */
    int NEW_BLOOM_MARKER = -1;

    /** Marker byte of Standard128Ribbon. */
    int RIBBON_MARKER = -2;

    /** Bytes of filter data before the trailer (0 for an always-false block). */
    int dataBytes();

    /** A block of at most 5 bytes: no key matches. */
    record AlwaysFalse(int dataBytes) implements RocksDbFilterMetadata {
    }

    /** A trailer RocksDB reads as "every key may match". */
    record AlwaysTrue(int dataBytes, Reason reason) implements RocksDbFilterMetadata {
    }

    /** Why a block is read as always true. */
    enum Reason {
        /** Marker 0: zero probes. */
        ZERO_PROBES,
        /** A negative marker other than -1 and -2. */
        RESERVED_MARKER,
        /** A legacy trailer whose lines do not divide the data into power-of-two lines. */
        LEGACY_GEOMETRY,
        /** A new-Bloom trailer with probes outside 1..30 or nonzero reserved bytes. */
        NEW_BLOOM_RESERVED,
        /** A new-Bloom trailer of a sub-implementation or block size RocksDB does not read. */
        NEW_BLOOM_UNSUPPORTED,
        /** A Ribbon trailer with fewer than two blocks. */
        RIBBON_BLOCKS
    }

    /** Legacy Bloom (format_version &lt;= 4, and Pebble): probes, lines and the line size in bytes as 2^x. */
    record Legacy(int dataBytes, int numProbes, int numLines, int log2LineBytes) implements RocksDbFilterMetadata {
    }

    /** Fast local Bloom (marker -1, sub-implementation 0, 64-byte blocks). */
    record FastLocalBloom(int dataBytes, int numProbes) implements RocksDbFilterMetadata {
    }

    /** Standard128Ribbon (marker -2): the seed and the number of 128-slot blocks. */
    record Ribbon(int dataBytes, int seed, int numBlocks) implements RocksDbFilterMetadata {
    }

    /** The filter the block's trailer names, with its parameters; see the interface comment. */
    static RocksDbFilterMetadata decode(byte[] block) {
        if (block == null) {
            throw new IllegalArgumentException("block must not be null");
        }
        if (block.length <= METADATA_BYTES) {
            return new AlwaysFalse(0);
        }
        int len = block.length - METADATA_BYTES;
        int marker = block[len]; // a Java byte is RocksDB's int8_t
        if (marker >= 1) {
            return legacy(block, len, marker);
        }
        switch (marker) {
            case 0:
                return new AlwaysTrue(len, Reason.ZERO_PROBES);
            case NEW_BLOOM_MARKER:
                return newBloom(block, len);
            case RIBBON_MARKER:
                return ribbon(block, len);
            default:
                return new AlwaysTrue(len, Reason.RESERVED_MARKER);
        }
    }

    private static RocksDbFilterMetadata legacy(byte[] block, int len, int probes) {
        int lines = readFixed32(block, len + 1);
        // RocksDB multiplies and shifts in uint32_t; the int arithmetic below wraps the same way.
        if (lines * LegacyBloom.CACHE_LINE_BYTES == len) {
            return new Legacy(len, probes, lines, Integer.numberOfTrailingZeros(LegacyBloom.CACHE_LINE_BYTES));
        }
        if (lines == 0 || Integer.remainderUnsigned(len, lines) != 0) {
            return new AlwaysTrue(len, Reason.LEGACY_GEOMETRY);
        }
        int log2 = 0;
        while (Integer.compareUnsigned(lines << log2, len) < 0) {
            log2++;
        }
        if (lines << log2 != len) {
            return new AlwaysTrue(len, Reason.LEGACY_GEOMETRY);
        }
        return new Legacy(len, probes, lines, log2);
    }

    private static RocksDbFilterMetadata newBloom(byte[] block, int len) {
        int subImplementation = block[len + 1];
        int blockAndProbes = block[len + 2];
        int log2BlockBytes = ((blockAndProbes >> 5) & 7) + 6;
        int probes = blockAndProbes & 31;
        int reserved = (block[len + 3] & 0xFF) | (block[len + 4] & 0xFF) << 8;
        if (probes < 1 || probes > 30 || reserved != 0) {
            return new AlwaysTrue(len, Reason.NEW_BLOOM_RESERVED);
        }
        if (subImplementation == 0 && log2BlockBytes == 6) {
            return new FastLocalBloom(len, probes);
        }
        return new AlwaysTrue(len, Reason.NEW_BLOOM_UNSUPPORTED);
    }

    private static RocksDbFilterMetadata ribbon(byte[] block, int len) {
        int seed = block[len + 1] & 0xFF;
        int blocks = (block[len + 2] & 0xFF) | (block[len + 3] & 0xFF) << 8 | (block[len + 4] & 0xFF) << 16;
        if (blocks < 2) {
            return new AlwaysTrue(len, Reason.RIBBON_BLOCKS);
        }
        return new Ribbon(len, seed, blocks);
    }

    private static int readFixed32(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
    }
}
