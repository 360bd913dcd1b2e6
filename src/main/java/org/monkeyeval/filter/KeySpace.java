package org.monkeyeval.filter;

/**
 * Deterministic 64-bit keys for filter experiments, produced by index with no sets or arrays:
 * stored keys of run r and absent (query) keys that are disjoint from every stored key by
 * construction.
 *
 * <pre>
 * Counters (64 bits):
 *   stored key (run r, index i):  c = (r + 1) &lt;&lt; 40 | i     0 &lt;= i &lt; 2^40, 0 &lt;= r &lt; 2^23 - 1
 *                                 -&gt; top bit 0, bits 40..62 hold r + 1 &gt;= 1
 *   absent key (index j):         c = 1 &lt;&lt; 63 | j           0 &lt;= j &lt; 2^63
 *                                 -&gt; top bit 1
 * Key = bijection(c):
 *   x = c ^ whitening(seed)
 *   x = (x ^ x &gt;&gt;&gt; 33) * 0xFF51AFD7ED558CCD
 *   x = (x ^ x &gt;&gt;&gt; 33) * 0xC4CEB9FE1A85EC53
 *   x =  x ^ x &gt;&gt;&gt; 33                         (MurmurHash3's fmix64, A. Appleby)
 *   whitening(seed) = Hashing.mix13(seed)
 * </pre>
 *
 * <p>Why the keys are distinct and the absent keys never stored: the counter map
 * {@code (r, i) -> (r+1) << 40 | i} is injective on its domain because {@code i < 2^40} occupies only
 * bits 0..39 and {@code r + 1 < 2^23} only bits 40..62; stored counters have top bit 0 and absent
 * counters top bit 1, so the two counter sets are disjoint. Every step of the key map is invertible
 * (xor with a constant, xor-shift by at least 32 bits, which is its own inverse, multiplication by an
 * odd constant, which has an inverse mod 2^64), so distinct counters give distinct keys. No sampling
 * or checking is needed; {@link #counterOf(long)} implements the inverse.
 *
 * <p>The key map deliberately uses other constants than {@link Hashing#hash64}, so that a key is not
 * produced and then hashed by the same mixer.
 */
public final class KeySpace {

    /** Exclusive upper bound on a stored key's index within its run: 2^40. */
    public static final long MAX_INDEX = 1L << 40;

    /** Exclusive upper bound on a run number: 2^23 - 1, so that (r + 1) fits bits 40..62. */
    public static final int MAX_RUNS = (1 << 23) - 1;

    /** Description of the key map, recorded in provenance. */
    public static final String NAME = "fmix64(counter ^ mix13(seed)); stored counter = (run + 1) << 40 | index,"
            + " absent counter = 1 << 63 | index";

    private static final int RUN_SHIFT = 40;
    private static final long ABSENT_BIT = 1L << 63;
    private static final long FMIX_M1 = 0xFF51_AFD7_ED55_8CCDL;
    private static final long FMIX_M2 = 0xC4CE_B9FE_1A85_EC53L;
    private static final long FMIX_M1_INVERSE = inverseOdd(FMIX_M1);
    private static final long FMIX_M2_INVERSE = inverseOdd(FMIX_M2);

    private final long seed;
    private final long whitening;

    /** A key space for one seed; different seeds give unrelated key sets. */
    public KeySpace(long seed) {
        this.seed = seed;
        this.whitening = Hashing.mix13(seed);
    }

    /** The seed this key space was made from. */
    public long seed() {
        return seed;
    }

    /** The {@code index}-th key stored in run {@code run}. */
    public long storedKey(int run, long index) {
        return keyOf(storedCounter(run, index));
    }

    /**
     * Stored keys {@code index .. index+count-1} of run {@code run} into {@code out[0 .. count-1]}: the
     * same keys as {@link #storedKey} one at a time, with the bounds checked once for the whole range.
     */
    public void storedKeys(int run, long index, long[] out, int count) {
        if (count < 0 || count > out.length) {
            throw new IllegalArgumentException("count (" + count + ") must be in [0, " + out.length + "]");
        }
        if (count == 0) {
            return;
        }
        long first = storedCounter(run, index);
        storedCounter(run, index + count - 1); // checks the last index too
        for (int j = 0; j < count; j++) {
            out[j] = keyOf(first + j);
        }
    }

    /** The {@code index}-th query key; never equal to any stored key of any run. */
    public long absentKey(long index) {
        return keyOf(absentCounter(index));
    }

    /** The counter {@code (run + 1) << 40 | index} of a stored key. */
    public static long storedCounter(int run, long index) {
        if (run < 0 || run >= MAX_RUNS) {
            throw new IllegalArgumentException("run (" + run + ") must be in [0, " + MAX_RUNS + ")");
        }
        if (index < 0 || index >= MAX_INDEX) {
            throw new IllegalArgumentException("index (" + index + ") must be in [0, 2^40)");
        }
        return ((long) (run + 1) << RUN_SHIFT) | index;
    }

    /** The counter {@code 1 << 63 | index} of an absent key. */
    public static long absentCounter(long index) {
        if (index < 0) {
            throw new IllegalArgumentException("absent index (" + index + ") must be in [0, 2^63)");
        }
        return ABSENT_BIT | index;
    }

    /** True if {@code counter} is an absent-key counter (top bit set). */
    public static boolean isAbsentCounter(long counter) {
        return counter < 0;
    }

    /** The seeded bijection from counters to keys. */
    public long keyOf(long counter) {
        long x = counter ^ whitening;
        x = (x ^ (x >>> 33)) * FMIX_M1;
        x = (x ^ (x >>> 33)) * FMIX_M2;
        return x ^ (x >>> 33);
    }

    /** The inverse of {@link #keyOf(long)}: {@code counterOf(keyOf(c)) == c} for every c. */
    public long counterOf(long key) {
        // x ^= x >>> 33 is an involution: the second application cancels because bits shifted twice
        // by 33 fall off the 64-bit word.
        long x = key ^ (key >>> 33);
        x *= FMIX_M2_INVERSE;
        x ^= x >>> 33;
        x *= FMIX_M1_INVERSE;
        x ^= x >>> 33;
        return x ^ whitening;
    }

    /**
     * Multiplicative inverse of an odd 64-bit number mod 2^64 by Newton's iteration
     * {@code y <- y (2 - a y)}: starting from {@code y = a} (correct to 3 bits, since a*a = 1 mod 8
     * for odd a) each step doubles the correct low bits, so five steps reach 96 >= 64 bits.
     */
    static long inverseOdd(long a) {
        if ((a & 1) == 0) {
            throw new IllegalArgumentException("no inverse mod 2^64 for even " + a);
        }
        long y = a;
        for (int step = 0; step < 5; step++) {
            y *= 2 - a * y;
        }
        return y;
    }
}
