package org.monkeyeval.filter;

/**
 * The one pinned, seeded 64-bit key hash used by every filter in this package.
 *
 * <pre>
 *   hash64(key, seed) = mix13(key + (seed + 1) * GOLDEN_GAMMA)          (all arithmetic mod 2^64)
 *   mix13(z):  z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9
 *              z = (z ^ (z >>> 27)) * 0x94D049BB133111EB
 *              return z ^ (z >>> 31)
 *   GOLDEN_GAMMA = 0x9E3779B97F4A7C15  (2^64 / golden ratio, rounded to odd)
 * </pre>
 *
 * <p>{@code mix13} is David Stafford's "Mix13" variant of the MurmurHash3 64-bit finalizer, the
 * output function of SplitMix64 (G. L. Steele, D. Lea, C. H. Flood. Fast Splittable Pseudorandom
 * Number Generators. OOPSLA 2014). With this offset, {@code hash64(key, s)} is the {@code (s+1)}-th
 * output of a SplitMix64 generator whose state starts at {@code key}; in particular
 * {@code hash64(key, 0)} equals {@code new java.util.SplittableRandom(key).nextLong()} on JDK 17.
 *
 * <p>For a fixed seed the map {@code key -> hash64(key, seed)} is a bijection of the 64-bit integers
 * (an added constant, then xor-shifts and odd multiplications, each invertible), so distinct keys
 * never share a 64-bit hash: every false positive measured with these filters comes from the bit
 * array, none from hash collisions.
 *
 * <p>This function is part of every measured result. Do not change it; introduce a new function with
 * a new {@link #NAME} instead. {@code HashingTest} pins golden values.
 */
public final class Hashing {

    /** Exact description of {@link #hash64(long, long)}, recorded in provenance. */
    public static final String NAME = "splitmix64-mix13: z = key + (seed + 1) * 0x9E3779B97F4A7C15;"
            + " z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >>> 27)) * 0x94D049BB133111EB;"
            + " hash = z ^ (z >>> 31) (64-bit two's complement, mod 2^64)";

    /** 2^64 divided by the golden ratio, made odd: SplitMix64's default gamma. */
    public static final long GOLDEN_GAMMA = 0x9E37_79B9_7F4A_7C15L;

    private static final long MIX13_M1 = 0xBF58_476D_1CE4_E5B9L;
    private static final long MIX13_M2 = 0x94D0_49BB_1331_11EBL;

    private Hashing() {
    }

    /** The pinned seeded hash; see the class comment for the exact definition. */
    public static long hash64(long key, long seed) {
        return mix13(key + seedOffset(seed));
    }

    /**
     * The constant {@code (seed + 1) * GOLDEN_GAMMA} that {@link #hash64} adds to the key, so that
     * {@code hash64(key, seed) == mix13(key + seedOffset(seed))}: a filter that queries many keys with
     * one seed can compute it once.
     */
    public static long seedOffset(long seed) {
        return (seed + 1) * GOLDEN_GAMMA;
    }

    /** Stafford's Mix13 finalizer, a bijection of the 64-bit integers. */
    public static long mix13(long z) {
        z = (z ^ (z >>> 30)) * MIX13_M1;
        z = (z ^ (z >>> 27)) * MIX13_M2;
        return z ^ (z >>> 31);
    }
}
