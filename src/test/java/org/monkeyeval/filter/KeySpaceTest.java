package org.monkeyeval.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Guards the key space: golden keys stay fixed; the counter-to-key map is a bijection (its inverse
 * recovers every counter); stored keys are distinct within and across runs and never equal an absent
 * key; out-of-range runs and indices are refused rather than silently aliased.
 */
final class KeySpaceTest {

    private static final KeySpace KEYS = new KeySpace(2017L);

    @Test
    void storedAndAbsentKeys_fixedSeed_giveGoldenValues() {
        assertEquals(0xEA3A029E60C2F702L, KEYS.storedKey(0, 0));
        assertEquals(0xF78643F80A007E24L, KEYS.storedKey(2, 12_345));
        assertEquals(0x3B7F35C6569B3CF9L, KEYS.absentKey(0));
        assertEquals(0x6E0483CEF1FF1305L, KEYS.absentKey(99));
        assertEquals(0xF690FE3D416A8676L, KEYS.storedKey(KeySpace.MAX_RUNS - 1, KeySpace.MAX_INDEX - 1));
    }

    @Test
    void counterOf_randomAndBoundaryCounters_invertsKeyOf() {
        SplittableRandom random = new SplittableRandom(33);
        long[] edges = {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 40, (1L << 40) - 1, 1L << 33};
        for (long c : edges) {
            assertEquals(c, KEYS.counterOf(KEYS.keyOf(c)), "counter " + c);
            assertEquals(c, KEYS.keyOf(KEYS.counterOf(c)), "key " + c);
        }
        for (int i = 0; i < 100_000; i++) {
            long c = random.nextLong();
            assertEquals(c, KEYS.counterOf(KEYS.keyOf(c)), "counter " + c);
        }
    }

    @Test
    void inverseOdd_randomOddNumbers_isMultiplicativeInverse() {
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 10_000; i++) {
            long a = random.nextLong() | 1L;
            assertEquals(1L, a * KeySpace.inverseOdd(a), "a = " + a);
        }
        assertThrows(IllegalArgumentException.class, () -> KeySpace.inverseOdd(2L));
    }

    @Test
    void keys_sampleOfRunsAndAbsentKeys_allDistinct() {
        Set<Long> seen = new HashSet<>();
        int runs = 4;
        int perRun = 40_000;
        for (int r = 0; r < runs; r++) {
            for (long i = 0; i < perRun; i++) {
                assertTrue(seen.add(KEYS.storedKey(r, i)), "duplicate stored key run " + r + " index " + i);
            }
        }
        int stored = seen.size();
        for (long j = 0; j < 80_000; j++) {
            assertTrue(seen.add(KEYS.absentKey(j)), "absent key " + j + " collides");
        }
        for (long i = KeySpace.MAX_INDEX - 1_000; i < KeySpace.MAX_INDEX; i++) {
            assertTrue(seen.add(KEYS.storedKey(KeySpace.MAX_RUNS - 1, i)), "duplicate at top run, index " + i);
        }
        assertEquals(runs * perRun, stored);
    }

    @Test
    void counters_storedAndAbsent_fallInDisjointHalves() {
        assertFalse(KeySpace.isAbsentCounter(KeySpace.storedCounter(KeySpace.MAX_RUNS - 1, KeySpace.MAX_INDEX - 1)));
        assertFalse(KeySpace.isAbsentCounter(KeySpace.storedCounter(0, 0)));
        assertTrue(KeySpace.isAbsentCounter(KeySpace.absentCounter(0)));
        assertTrue(KeySpace.isAbsentCounter(KeySpace.absentCounter(Long.MAX_VALUE)));
        assertEquals(1L << 40, KeySpace.storedCounter(0, 0));
        assertTrue(KeySpace.isAbsentCounter(KEYS.counterOf(KEYS.absentKey(12))));
    }

    @Test
    void storedCounter_outOfRangeRunOrIndex_rejected() {
        assertThrows(IllegalArgumentException.class, () -> KeySpace.storedCounter(KeySpace.MAX_RUNS, 0));
        assertThrows(IllegalArgumentException.class, () -> KeySpace.storedCounter(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> KeySpace.storedCounter(0, KeySpace.MAX_INDEX));
        assertThrows(IllegalArgumentException.class, () -> KeySpace.storedCounter(0, -1));
        assertThrows(IllegalArgumentException.class, () -> KeySpace.absentCounter(-1));
    }

    @Test
    void keys_differentSeeds_differ() {
        KeySpace other = new KeySpace(2018L);
        assertNotEquals(KEYS.storedKey(0, 0), other.storedKey(0, 0));
        assertNotEquals(KEYS.absentKey(0), other.absentKey(0));
    }

    @Test
    void storedKeys_range_equalsStoredKeyOneAtATime() {
        KeySpace space = new KeySpace(11);
        long[] out = new long[1000];
        space.storedKeys(4, KeySpace.MAX_INDEX - 1000, out, 1000);
        for (int j = 0; j < 1000; j++) {
            assertEquals(space.storedKey(4, KeySpace.MAX_INDEX - 1000 + j), out[j]);
        }
        assertThrows(IllegalArgumentException.class, () -> space.storedKeys(4, KeySpace.MAX_INDEX - 999, out, 1000));
    }
}
