package org.monkeyeval.engine.sst;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * The smallest and largest user key of a table, read from its data blocks: the first key of the
 * first data block and the last key of the last data block the index points to, each an internal key
 * whose last 8 bytes (sequence number and type) are dropped. Index separators are not used: RocksDB
 * shortens them, so they need not be keys of the table.
 */
public final class KeyRange {
    private final byte[] smallest;
    private final byte[] largest;

    KeyRange(byte[] smallest, byte[] largest) {
        this.smallest = smallest.clone();
        this.largest = largest.clone();
    }

    /** A copy of the smallest user key. */
    public byte[] smallestUserKey() {
        return smallest.clone();
    }

    /** A copy of the largest user key. */
    public byte[] largestUserKey() {
        return largest.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyRange k && Arrays.equals(smallest, k.smallest) && Arrays.equals(largest, k.largest);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(smallest) + Arrays.hashCode(largest);
    }

    @Override
    public String toString() {
        return "[" + HexFormat.of().formatHex(smallest) + ", " + HexFormat.of().formatHex(largest) + "]";
    }
}
