package org.monkeyeval.engine.sst;

import java.util.zip.CRC32C;

/**
 * The checksums RocksDB stores in block trailers and in the format_version 6 footer. Pure functions.
 *
 * <pre>
 * RocksDB table/format.cc ComputeBuiltinChecksum, ModifyChecksumForLastByte; util/crc32c.h Mask;
 * table/format.h ChecksumModifierForContext; table/block_based/reader_common.cc VerifyBlockChecksum
 * (facebook/rocksdb commit 1dfa7297933df05237ac11376d6cb69d32591b1d):
 *
 *   a block's checksum covers its contents and the compression-type byte after them
 *   crc32c     mask(crc32c(data)),  mask(c) = ((c &gt;&gt;&gt; 15) | (c &lt;&lt; 17)) + 0xa282ead8
 *   xxHash     XXH32(data, seed 0)
 *   xxHash64   lower 32 bits of XXH64(data, seed 0)
 *   XXH3       lower 32 bits of XXH3_64bits(data without its last byte), XOR last byte * 0x6b9083d9
 *              (0 for empty data)
 *   context    format_version &gt;= 6 adds, mod 2^32, base ^ (lower32(offset) + upper32(offset)) to the
 *              stored value, where base is the footer's base_context_checksum (0: no modifier) and
 *              offset is the block's offset (the footer's own offset for the footer checksum)
 * </pre>
 */
final class Checksums {

    /** Added to a rotated CRC by {@code crc32c::Mask}. */
    static final int CRC32C_MASK_DELTA = 0xa282_ead8;

    /** Multiplier of the last byte in RocksDB's XXH3 checksum ({@code ModifyChecksumForLastByte}). */
    static final int XXH3_LAST_BYTE_PRIME = 0x6b90_83d9;

    private Checksums() {
    }

    /** Whether this reader computes checksums of type {@code type} (NONE has nothing to compute). */
    static boolean computable(ChecksumType type) {
        return type != ChecksumType.NONE;
    }

    /** The checksum RocksDB's {@code ComputeBuiltinChecksum(type, data, length)} gives. */
    static int compute(ChecksumType type, byte[] data, int offset, int length) {
        return switch (type) {
            case NONE -> 0;
            case CRC32C -> mask(crc32c(data, offset, length));
            case XXHASH -> XxHash.xxh32(data, offset, length, 0);
            case XXHASH64 -> (int) XxHash.xxh64(data, offset, length, 0);
            case XXH3 -> length == 0 ? 0
                    : modifyForLastByte((int) XxHash.xxh3(data, offset, length - 1), data[offset + length - 1]);
        };
    }

    static int crc32c(byte[] data, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(data, offset, length);
        return (int) crc.getValue();
    }

    /** {@code crc32c::Mask}: rotate right by 15 bits, add a constant, so a CRC of data holding CRCs stays strong. */
    static int mask(int crc) {
        return Integer.rotateRight(crc, 15) + CRC32C_MASK_DELTA;
    }

    /** {@code crc32c::Unmask}, the inverse of {@link #mask}. */
    static int unmask(int masked) {
        return Integer.rotateLeft(masked - CRC32C_MASK_DELTA, 15);
    }

    static int modifyForLastByte(int checksum, byte lastByte) {
        return checksum ^ (lastByte & 0xFF) * XXH3_LAST_BYTE_PRIME;
    }

    /** {@code ChecksumModifierForContext(base, offset)}: 0 when base is 0. */
    static int contextModifier(int base, long offset) {
        if (base == 0) {
            return 0;
        }
        return base ^ ((int) offset + (int) (offset >>> 32));
    }
}
