package org.monkeyeval.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Pins Hashing.hash64: fixed inputs give fixed outputs, so no one changes the hash behind recorded
 * results without this test failing; and the documented SplitMix64 relation holds.
 */
final class HashingTest {

    @Test
    void hash64_fixedInputs_giveGoldenOutputs() {
        // 0xE220A8397B1DCDAF is also the well-known first output of SplitMix64 seeded with 0.
        assertEquals(0xE220A8397B1DCDAFL, Hashing.hash64(0L, 0L));
        assertEquals(0x910A2DEC89025CC1L, Hashing.hash64(1L, 0L));
        assertEquals(0xE4D971771B652C20L, Hashing.hash64(-1L, 0L));
        assertEquals(0x537A638DF1AF2BE9L, Hashing.hash64(0x0123456789ABCDEFL, 42L));
        assertEquals(0xC9812FEA6A807FDCL, Hashing.hash64(Long.MIN_VALUE, -7L));
    }

    @Test
    void hash64_seedS_equalsSplitMix64OutputNumberSPlusOne() {
        SplittableRandom keys = new SplittableRandom(2006);
        for (int trial = 0; trial < 200; trial++) {
            long key = keys.nextLong();
            SplittableRandom generator = new SplittableRandom(key);
            for (long seed = 0; seed < 5; seed++) {
                assertEquals(generator.nextLong(), Hashing.hash64(key, seed), "key " + key + " seed " + seed);
            }
        }
    }

    @Test
    void name_statesEveryConstantOfTheFunction() {
        assertTrue(Hashing.NAME.contains("0x9E3779B97F4A7C15"), Hashing.NAME);
        assertTrue(Hashing.NAME.contains("0xBF58476D1CE4E5B9"), Hashing.NAME);
        assertTrue(Hashing.NAME.contains("0x94D049BB133111EB"), Hashing.NAME);
        assertTrue(Hashing.NAME.contains(">>> 30") && Hashing.NAME.contains(">>> 27")
                && Hashing.NAME.contains(">>> 31"), Hashing.NAME);
    }
}
