package org.monkeyeval.filter;

/**
 * An approximate-membership filter over 64-bit keys: one-sided error, never a false negative for a
 * key that was added when it was built.
 */
public interface Filter {

    /**
     * Returns {@code false} only if {@code key} was certainly not added; {@code true} means "maybe".
     * Implementations do not allocate.
     */
    boolean mayContain(long key);

    /**
     * The position of the first of {@code keys[0 .. count-1]} that {@link #mayContain} rejects, or -1
     * when it accepts them all: the same answer as asking one key at a time, which is what this default
     * does. The layouts override it with a batched form for checking a filter against its own keys.
     */
    default int firstRejected(long[] keys, int count) {
        for (int j = 0; j < count; j++) {
            if (!mayContain(keys[j])) {
                return j;
            }
        }
        return -1;
    }

    /** Bits actually allocated to the filter's bit array (after any rounding), excluding metadata. */
    long bitCount();

    /** Number of probes (hash functions) per key. */
    int hashes();
}
