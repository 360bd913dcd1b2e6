package org.monkeyeval.engine.sst;

/**
 * The checksum a table's blocks carry, as the footer's first byte names it (RocksDB
 * include/rocksdb/table.h {@code enum ChecksumType}; the codes are part of the file format).
 */
public enum ChecksumType {
    /** {@code kNoChecksum}: blocks carry no checksum; nothing is verified. */
    NONE(0),
    /** {@code kCRC32c}: CRC-32C, masked ({@code util/crc32c.h Mask}). */
    CRC32C(1),
    /** {@code kxxHash}: XXH32, seed 0. */
    XXHASH(2),
    /** {@code kxxHash64}: the lower 32 bits of XXH64, seed 0. */
    XXHASH64(3),
    /** {@code kXXH3}: the lower 32 bits of XXH3-64, seed 0, with the last byte mixed in separately. */
    XXH3(4);

    private final int code;

    ChecksumType(int code) {
        this.code = code;
    }

    /** The byte written in the footer. */
    public int code() {
        return code;
    }

    /** The type with footer byte {@code code}, or null if RocksDB defines none. */
    static ChecksumType ofCode(int code) {
        for (ChecksumType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return null;
    }
}
