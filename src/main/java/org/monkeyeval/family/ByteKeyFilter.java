package org.monkeyeval.family;

import java.util.function.Predicate;
import java.util.function.LongUnaryOperator;

import org.monkeyeval.filter.Filter;
import org.monkeyeval.filter.KeyBytes;

/**
 * An engine's filter, which answers for key bytes, asked for 64-bit keys: each key as its
 * {@link KeyBytes}. Safe to query from several threads (a query allocates its 16 bytes).
 */
public final class ByteKeyFilter implements Filter {

    private final Predicate<byte[]> mayContainBytes;
    private final long bitCount;
    private final int hashes;

    /**
     * @param mayContainBytes the engine filter's own test of key bytes
     * @param bitCount        the filter's bits, metadata included
     * @param hashes          its probes per key (0 for a filter without probes)
     */
    public ByteKeyFilter(Predicate<byte[]> mayContainBytes, long bitCount, int hashes) {
        this.mayContainBytes = mayContainBytes;
        this.bitCount = bitCount;
        this.hashes = hashes;
    }

    /** Every key of {@code keyOfIndex(0 .. entries-1)} as its bytes, in order, to {@code sink}. */
    public static void forEachKey(long entries, LongUnaryOperator keyOfIndex, java.util.function.Consumer<byte[]> sink) {
        byte[] bytes = new byte[KeyBytes.LENGTH];
        for (long i = 0; i < entries; i++) {
            KeyBytes.write(keyOfIndex.applyAsLong(i), bytes);
            sink.accept(bytes);
        }
    }

    @Override
    public boolean mayContain(long key) {
        return mayContainBytes.test(KeyBytes.of(key));
    }

    @Override
    public long bitCount() {
        return bitCount;
    }

    @Override
    public int hashes() {
        return hashes;
    }
}
