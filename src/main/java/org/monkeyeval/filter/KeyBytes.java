package org.monkeyeval.filter;

/**
 * The bytes an engine stores for a 64-bit key of {@link KeySpace}: the key big-endian, then
 * {@link Hashing#mix13(long)} of it big-endian, 16 bytes. The engine check writes these keys into
 * RocksDB, and a family whose engine hashes key bytes hashes these, so the filter built here over a
 * run's keys is the filter the engine builds over the same run.
 */
public final class KeyBytes {

    /** Bytes of every key. */
    public static final int LENGTH = 16;

    /** Description recorded in provenance. */
    public static final String NAME = "key bytes = big-endian key, then big-endian mix13(key) (16 bytes)";

    private KeyBytes() {
    }

    /** The 16 bytes of {@code key}. */
    public static byte[] of(long key) {
        byte[] out = new byte[LENGTH];
        write(key, out);
        return out;
    }

    /** Writes the 16 bytes of {@code key} into {@code out[0 .. 15]}. */
    public static void write(long key, byte[] out) {
        putLong(out, 0, key);
        putLong(out, 8, Hashing.mix13(key));
    }

    private static void putLong(byte[] out, int at, long v) {
        for (int i = 7; i >= 0; i--) {
            out[at + i] = (byte) v;
            v >>>= 8;
        }
    }
}
