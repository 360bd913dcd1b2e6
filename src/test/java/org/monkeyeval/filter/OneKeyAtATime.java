package org.monkeyeval.filter;

import org.monkeyeval.family.StandardBloom;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;

/**
 * The filter builds as they were before batching, kept as the reference the batched builds must
 * reproduce bit for bit: each key hashed, then its probes set, one key at a time. Public so that the
 * build benchmark can time it beside the batched build.
 */
public final class OneKeyAtATime {

    private OneKeyAtATime() {
    }

    /** A standard Bloom filter's words for these keys, m bits and k probes (the former add loop). */
    public static long[] standard(long[] keys, long m, int k, long hashSeed) {
        long[] words = new long[(int) ((m + Long.SIZE - 1) / Long.SIZE)];
        for (long key : keys) {
            long g = Hashing.hash64(key, hashSeed);
            long h2 = Long.rotateLeft(g, 32) | 1L;
            for (int i = 0; i < k; i++) {
                long bit = FastRange.fastRange64(Hashing.mix13(g), m);
                words[(int) (bit >>> 6)] |= 1L << bit;
                g += h2;
            }
        }
        return words;
    }

    /** A RocksDB-layout filter's words for these keys at {@code millibits} per key (the former add loop). */
    public static long[] rocksDb(long[] keys, int millibits, long hashSeed) {
        long lines = RocksDbLocalBloom.lines(keys.length, millibits);
        long queryLines = Math.max(1, lines);
        int k = RocksDbLocalBloom.chooseNumProbes(millibits);
        long[] words = new long[(int) (queryLines * 8)];
        for (long key : keys) {
            long h = Hashing.hash64(key, hashSeed);
            int base = (int) FastRange.fastRange32((int) h, queryLines) * 8;
            int y = (int) (h >>> 32);
            for (int i = 0; i < k; i++) {
                words[base + (y >>> 29)] |= 1L << (y >>> 23);
                y *= RocksDbLocalBloom.PROBE_MULTIPLIER;
            }
        }
        return words;
    }
}
