package org.monkeyeval.engine.sst;

import java.util.Objects;
import java.util.Optional;

import org.monkeyeval.engine.sst.Coding.MalformedException;

/**
 * The fixed-size footer at the end of a block-based table.
 *
 * <pre>
 * RocksDB table/format.cc (comment above FooterBuilder::Build; Footer::DecodeFrom), table/format.h,
 * facebook/rocksdb commit 1dfa7297933df05237ac11376d6cb69d32591b1d. 53 bytes for format_version &gt;= 1:
 *
 *   part 1   checksum type                                  1 byte
 *   part 2   format_version &lt;= 5:
 *              metaindex handle, index handle (varints), zero padding to 40 bytes (unchecked)
 *            format_version &gt;= 6:
 *              extended magic 3e 00 7a 00                   4 bytes
 *              footer checksum                              uint32, computed with this field zeroed,
 *                                                           plus the context modifier at the footer's offset
 *              base context checksum                        uint32, must give a non-zero modifier
 *              metaindex size                               uint32; the metaindex ends where the footer
 *                                                           starts, less its 5-byte trailer
 *              reserved                                     16 bytes unchecked, then 8 bytes that must be 0
 *              (the index handle moves to the metaindex entry "rocksdb.index")
 *   part 3   format_version                                 uint32
 *            magic number                                   uint64 0x88e241b785f4cff7
 * </pre>
 *
 * @param formatVersion       the table's format_version (2 to 7 are read)
 * @param checksumType        the checksum of every block and, from version 6 on, of the footer
 * @param metaindex           the metaindex block
 * @param index               the (top-level) index block; empty from version 6 on, where the metaindex holds it
 * @param baseContextChecksum the per-file value mixed into version-6 checksums, 0 before version 6
 * @param offset              where the footer starts in the file
 */
public record Footer(int formatVersion, ChecksumType checksumType, BlockHandle metaindex,
                     Optional<BlockHandle> index, int baseContextChecksum, long offset) {

    /** Bytes of a format_version &gt;= 1 footer ({@code Footer::kNewVersionsEncodedLength}). */
    public static final int BYTES = 53;

    /** Magic number of a block-based table ({@code kBlockBasedTableMagicNumber}). */
    public static final long BLOCK_BASED_MAGIC = 0x88e2_41b7_85f4_cff7L;

    /** LevelDB's magic, used by RocksDB block-based tables before format_version 2 ({@code Footer::DecodeFrom}). */
    static final long LEGACY_BLOCK_BASED_MAGIC = 0xdb47_7524_8b80_fb57L;
    static final long PLAIN_TABLE_MAGIC = 0x8242_2296_63bf_9564L;
    static final long LEGACY_PLAIN_TABLE_MAGIC = 0x4f34_18eb_7a8f_13b8L;
    static final long CUCKOO_TABLE_MAGIC = 0x9267_89d0_c5f1_7873L;

    /** Lowest and highest format_version read ({@code kMinSupportedBbtFormatVersionForRead}, {@code kLatestBbtFormatVersion}). */
    public static final int MIN_FORMAT_VERSION = 2;
    public static final int MAX_FORMAT_VERSION = 7;

    private static final byte[] EXTENDED_MAGIC = {0x3e, 0x00, 0x7a, 0x00};

    public Footer {
        if (formatVersion < MIN_FORMAT_VERSION || formatVersion > MAX_FORMAT_VERSION) {
            throw new IllegalArgumentException("format version (" + formatVersion + ") must be in "
                    + MIN_FORMAT_VERSION + ".." + MAX_FORMAT_VERSION);
        }
        Objects.requireNonNull(checksumType, "checksumType");
        Objects.requireNonNull(metaindex, "metaindex");
        Objects.requireNonNull(index, "index");
    }

    /** Whether block checksums carry the offset-dependent context (format_version &gt;= 6). */
    public boolean usesContextChecksum() {
        return formatVersion >= 6;
    }

    /**
     * Decodes the last {@link #BYTES} bytes of a file.
     *
     * @param tail   exactly {@link #BYTES} bytes
     * @param offset where they start in the file
     * @return the footer, or throws {@link MalformedException} saying what is wrong
     */
    static Footer decode(byte[] tail, long offset) {
        if (tail.length != BYTES) {
            throw new IllegalArgumentException("footer bytes (" + tail.length + ") must be " + BYTES);
        }
        long magic = Coding.fixed64(tail, BYTES - 8);
        if (magic != BLOCK_BASED_MAGIC) {
            throw new MalformedException(foreignMagic(magic));
        }
        long version = Coding.fixed32(tail, BYTES - 12);
        if (version < MIN_FORMAT_VERSION || version > MAX_FORMAT_VERSION) {
            throw new MalformedException("unknown format version " + version + " (this reader knows "
                    + MIN_FORMAT_VERSION + " to " + MAX_FORMAT_VERSION + ")");
        }
        int fv = (int) version;
        ChecksumType type = ChecksumType.ofCode(tail[0] & 0xFF);
        if (type == null) {
            throw new MalformedException("unknown checksum type " + (tail[0] & 0xFF) + " in the footer");
        }
        if (fv < 6) {
            Coding in = new Coding(tail, 1, 1 + 40);
            BlockHandle metaindex = new BlockHandle(nonNegative(in.varint64()), nonNegative(in.varint64()));
            BlockHandle index = new BlockHandle(nonNegative(in.varint64()), nonNegative(in.varint64()));
            return new Footer(fv, type, metaindex, Optional.of(index), 0, offset);
        }
        for (int i = 0; i < EXTENDED_MAGIC.length; i++) {
            if (tail[1 + i] != EXTENDED_MAGIC[i]) {
                throw new MalformedException("format version " + fv + " footer lacks the extended magic 3e007a00");
            }
        }
        int stored = (int) Coding.fixed32(tail, 5);
        int base = (int) Coding.fixed32(tail, 9);
        if (Checksums.contextModifier(base, 0) == 0) {
            throw new MalformedException("footer's base context checksum (" + Integer.toUnsignedString(base)
                    + ") is invalid");
        }
        if (type != ChecksumType.NONE) {
            byte[] zeroed = tail.clone();
            Coding.putFixed32(zeroed, 5, 0);
            int computed = Checksums.compute(type, zeroed, 0, BYTES) + Checksums.contextModifier(base, offset);
            if (computed != stored) {
                throw new MalformedException("footer checksum mismatch at offset " + offset + " (" + type
                        + ": stored " + Integer.toUnsignedString(stored) + ", computed "
                        + Integer.toUnsignedString(computed) + ")");
            }
        }
        long metaindexSize = Coding.fixed32(tail, 13);
        if (Coding.fixed64(tail, 1 + 40 - 8) != 0) {
            throw new MalformedException("footer uses a reserved feature (last 8 reserved bytes not zero)");
        }
        long metaindexOffset = offset - Block.TRAILER_BYTES - metaindexSize;
        if (metaindexOffset < 0) {
            throw new MalformedException("metaindex of " + metaindexSize + " bytes does not fit before the footer at "
                    + offset);
        }
        return new Footer(fv, type, new BlockHandle(metaindexOffset, metaindexSize), Optional.empty(), base, offset);
    }

    private static long nonNegative(long v) {
        if (v < 0) {
            throw new MalformedException("footer block handle value " + Long.toUnsignedString(v) + " is too large");
        }
        return v;
    }

    /** What a file with this magic number is, when it is not a block-based table. */
    static String foreignMagic(long magic) {
        String hex = String.format("0x%016x", magic);
        if (magic == LEGACY_BLOCK_BASED_MAGIC) {
            return "magic number " + hex + " is LevelDB's, or a RocksDB block-based table older than format"
                    + " version 2, which this reader does not read";
        }
        if (magic == PLAIN_TABLE_MAGIC || magic == LEGACY_PLAIN_TABLE_MAGIC) {
            return "magic number " + hex + " is a RocksDB plain table's, not a block-based table's";
        }
        if (magic == CUCKOO_TABLE_MAGIC) {
            return "magic number " + hex + " is a RocksDB cuckoo table's, not a block-based table's";
        }
        return "bad magic number " + hex + " in the last 8 bytes (expected "
                + String.format("0x%016x", BLOCK_BASED_MAGIC) + "): not a RocksDB block-based table (SST) file, or truncated";
    }
}
