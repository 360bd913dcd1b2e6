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

    /** Bits actually allocated to the filter's bit array (after any rounding), excluding metadata. */
    long bitCount();

    /** Number of probes (hash functions) per key. */
    int hashes();
}
