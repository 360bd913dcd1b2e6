package org.monkeyeval.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.monkeyeval.family.StandardBloom;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;

/**
 * The batched builds set exactly the bits the former one-key-at-a-time build set ({@link OneKeyAtATime}),
 * for both construction forms (key array and key generator), across probe counts and across sizes that
 * fill no batch, exactly one, and leave a partial last batch; and the batched check of a filter against
 * keys gives the answer of {@code mayContain} one key at a time. Every published count rests on these bits.
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
        "6000, 8", "20000, 11", "3000, 13", "5000, 15", "8000, 29", "9500, 35", "12000, 39", "14000, 45",
        "7000, 17", "9000, 19.07", "11000, 21", "13000, 24",
        "15000, 27", "17000, 33", "19000, 41", "21000, 48", "23000, 60", "2500, 100"})
    void rocksDb_batchedBuild_sameBitsAsOneKeyAtATime(int n, double bitsPerKey) {
        long[] keys = keys(n, 7L * n);
        long[] expected = OneKeyAtATime.rocksDb(keys, RocksDbLocalBloom.millibitsPerKey(bitsPerKey), SEED);
        assertArrayEquals(expected, RocksDbLocalBloom.construct(keys, bitsPerKey, SEED).words());
        assertArrayEquals(expected, RocksDbLocalBloom.construct(n, bitsPerKey, i -> keys[(int) i], SEED).words());
    }

    /** The answer of asking one key at a time, as {@link Filter#firstRejected}'s default gives it. */
    private static int firstRejectedOneAtATime(Filter f, long[] keys) {
        for (int j = 0; j < keys.length; j++) {
            if (!f.mayContain(keys[j])) {
                return j;
            }
        }
        return -1;
    }

    @ParameterizedTest(name = "{0} stored keys/{1} bits per entry")
    @CsvSource({"1, 10", "300, 2", "1000, 10", "5000, 19.07"})
    void firstRejected_batched_sameAnswerAsMayContainPerKey(int n, double bitsPerEntry) {
        long[] stored = keys(n, 3);
        KeySpace space = new KeySpace(3);
        // absent keys, then the stored ones: the first rejection is among the absent keys
        long[] mixed = new long[n + 700];
        for (int j = 0; j < 700; j++) {
            mixed[j] = space.absentKey(j);
        }
        System.arraycopy(stored, 0, mixed, 700, n);
        for (Filter f : new Filter[] {StandardBloom.construct(stored, bitsPerEntry, SEED),
            RocksDbLocalBloom.construct(stored, bitsPerEntry, SEED)}) {
            assertEquals(-1, f.firstRejected(stored, stored.length), "no false negatives");
            assertEquals(firstRejectedOneAtATime(f, mixed), f.firstRejected(mixed, mixed.length));
            // every absent key from some point on: each prefix's answer agrees too
            for (int cut : new int[] {1, 17, 256, 257, 699}) {
                long[] tail = Arrays.copyOfRange(mixed, 700 - cut, mixed.length);
                assertEquals(firstRejectedOneAtATime(f, tail), f.firstRejected(tail, tail.length), "cut " + cut);
            }
        }
    }
}
