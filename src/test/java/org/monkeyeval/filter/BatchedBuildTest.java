package org.monkeyeval.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The batched builds set exactly the bits the former one-key-at-a-time build set ({@link OneKeyAtATime}),
 * for both construction forms (key array and key generator), across probe counts and across sizes that
 * fill no batch, exactly one, and leave a partial last batch. Every published count rests on these bits.
 */
final class BatchedBuildTest {

    private static final long SEED = 0x0123_4567_89AB_CDEFL;

    private static long[] keys(int n, long keySeed) {
        KeySpace space = new KeySpace(keySeed);
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = space.storedKey(2, i);
        }
        return keys;
    }

    @ParameterizedTest(name = "standard/{0} keys/{1} bits per entry")
    @CsvSource({"0, 10", "1, 10", "255, 0.7", "256, 1.5", "257, 4", "1000, 10", "4099, 19.0669", "100003, 9.48",
        "20000, 33.43", "3000, 100"})
    void standard_batchedBuild_sameBitsAsOneKeyAtATime(int n, double bitsPerEntry) {
        long[] keys = keys(n, n);
        long[] expected = OneKeyAtATime.standard(keys, StandardBloom.bitsFor(n, bitsPerEntry),
                StandardBloom.hashesFor(bitsPerEntry), SEED);
        assertArrayEquals(expected, StandardBloom.construct(keys, bitsPerEntry, SEED).words());
        assertArrayEquals(expected, StandardBloom.construct(n, bitsPerEntry, i -> keys[(int) i], SEED).words());
    }

    @ParameterizedTest(name = "rocksdb/{0} keys/{1} bits per key")
    @CsvSource({"0, 10", "1, 10", "255, 0.5", "256, 2", "257, 3", "1000, 4.5", "4099, 6", "100003, 10",
        "6000, 8", "20000, 11", "3000, 13", "5000, 15", "8000, 29", "9500, 35", "12000, 39", "14000, 45", "7000, 17", "9000, 19.07", "11000, 21", "13000, 24",
        "15000, 27", "17000, 33", "19000, 41", "21000, 48", "23000, 60", "2500, 100"})
    void rocksDb_batchedBuild_sameBitsAsOneKeyAtATime(int n, double bitsPerKey) {
        long[] keys = keys(n, 7L * n);
        long[] expected = OneKeyAtATime.rocksDb(keys, RocksDbLocalBloom.millibitsPerKey(bitsPerKey), SEED);
        assertArrayEquals(expected, RocksDbLocalBloom.construct(keys, bitsPerKey, SEED).words());
        assertArrayEquals(expected, RocksDbLocalBloom.construct(n, bitsPerKey, i -> keys[(int) i], SEED).words());
    }
}
