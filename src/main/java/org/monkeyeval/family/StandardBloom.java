package org.monkeyeval.family;

import java.util.Arrays;
import java.util.function.LongUnaryOperator;

import org.monkeyeval.filter.FastRange;
import org.monkeyeval.filter.Filter;
import org.monkeyeval.filter.Hashing;

/**
 * A classic (non-blocked) Bloom filter: m bits, k probes spread over the whole array.
 *
 * <pre>
 * Cheat sheet:
 *   n = entries, b = bits per entry (the allocation being tested)
 *   m = max(1, round(n * b))     bits, exactly; any m, not rounded to a power of two or to a word
 *   k = max(1, round(b * ln 2))  probes; ln 2 * b minimizes the FPR for b bits/entry
 *   predicted FPR = (1 - e^(-k n / m))^k            (Bloom 1970; Broder-Mitzenmacher 2004, 2.1)
 *
 * Probes, from one 64-bit hash per key (Kirsch-Mitzenmacher 2006 double hashing, finalized):
 *   h1 = Hashing.hash64(key, seed)
 *   h2 = rotateLeft(h1, 32) | 1                  forced odd, so h2 != 0 (mod 2^64)
 *   g_i = h1 + i * h2   (mod 2^64),  i = 0 .. k-1
 *   bit_i = fastrange64(mix13(g_i), m) = floor(mix13(g_i) * m / 2^64)   (Lemire 2019)
 * </pre>
 *
 * <p>Departures from the textbook, on purpose. Kirsch and Mitzenmacher take {@code h1 + i h2 mod m}
 * with independent h1, h2. Here the sequence is formed mod 2^64, so any m works and the map onto
 * {@code [0, m)} needs no division; h2 is the 32-bit rotation of h1 (one hash per key); forcing h2 odd
 * makes the k values g_i distinct, which removes the {@code h2 = 0} trap in which every probe of a key
 * lands on one bit. Each g_i then passes through the bijective {@link Hashing#mix13} finalizer before
 * range reduction. Without it the k bits of a key form an arithmetic progression, and two keys whose
 * (h1, h2) fall within about 2^64/m of each other share most of their bits: Kirsch and Mitzenmacher's
 * guarantee is asymptotic in m, and the shared-pattern term of order n/m^2 is not. Measured on a run of
 * n = 100 keys at b = 24.07 (m = 2407, k = 17, formula 9.5e-6), the unfinalized sequence gave 102
 * false positives in 10^6 absent queries (z = 25.8, published case ratio-100); finalized, the count
 * agrees with the formula (see the confirm tables). The finalizer costs one multiply-xorshift per probe
 * actually taken.
 *
 * <p>No filter for b = 0: {@link #construct} rejects {@code bitsPerEntry <= 0}; callers ask
 * {@link #hasFilter(double)} first and treat a run without a filter as always probed (its FPR is 1).
 *
 * <p>References:
 * <ol>
 *   <li>B. H. Bloom. Space/Time Trade-offs in Hash Coding with Allowable Errors. CACM 13(7), 1970.
 *   <li>A. Broder, M. Mitzenmacher. Network Applications of Bloom Filters: A Survey. Internet
 *       Mathematics 1(4), 2004, section 2.1.
 *   <li>A. Kirsch, M. Mitzenmacher. Less Hashing, Same Performance: Building a Better Bloom Filter.
 *       ESA 2006, LNCS 4168.
 *   <li>D. Lemire. Fast Random Integer Generation in an Interval. ACM TOMACS 29(1), 2019.
 * </ol>
 */
public final class StandardBloom implements Filter {

    /** Description of the probe derivation, recorded in provenance next to {@link Hashing#NAME}. */
    public static final String PROBE_DERIVATION = "standard bloom: m = max(1, round(n*b)), k = max(1, round(b*ln2));"
            + " h1 = hash64(key, seed), h2 = rotateLeft(h1, 32) | 1, g_i = h1 + i*h2 mod 2^64,"
            + " bit_i = unsignedMultiplyHigh(mix13(g_i), m)";

    /** ln 2: the optimal number of probes per bit per entry. */
    public static final double LN_2 = Math.log(2.0);

    /** Keys per build batch: three 2 KiB working arrays, resident in L1 beside the key batch. */
    static final int BUILD_BATCH = 256;

    /** Largest m for which {@link FastRange#fastRange64Narrow} applies: 2^32. */
    private static final long MAX_NARROW_RANGE = 1L << 32;

    /** Largest bit array a Java {@code long[]} can hold here: (2^31 - 9) words of 64 bits. */
    public static final long MAX_BITS = (long) (Integer.MAX_VALUE - 8) * Long.SIZE;

    private final long[] words;
    private final long bits;
    private final int hashes;
    private final long hashSeed;
    private final long entries;

    private StandardBloom(long entries, long bits, int hashes, long hashSeed) {
        this.entries = entries;
        this.bits = bits;
        this.hashes = hashes;
        this.hashSeed = hashSeed;
        this.words = new long[(int) ((bits + Long.SIZE - 1) / Long.SIZE)];
    }

    /**
     * Builds a filter holding the keys {@code keyOfIndex(0) .. keyOfIndex(entries - 1)}, generated a batch
     * at a time (no key array for the whole run).
     *
     * @param entries      n, {@code >= 0}
     * @param bitsPerEntry b, finite and {@code > 0} (see {@link #hasFilter(double)})
     * @param keyOfIndex   the i-th stored key
     * @param hashSeed     seed passed to {@link Hashing#hash64(long, long)}
     */
    public static StandardBloom construct(long entries, double bitsPerEntry, LongUnaryOperator keyOfIndex,
            long hashSeed) {
        if (keyOfIndex == null) {
            throw new IllegalArgumentException("keyOfIndex must not be null");
        }
        StandardBloom filter = new StandardBloom(entries, bitsFor(entries, bitsPerEntry),
                hashesFor(bitsPerEntry), hashSeed);
        Batch batch = new Batch((int) Math.min(BUILD_BATCH, Math.max(1, entries)));
        long[] keys = new long[batch.size()];
        for (long from = 0; from < entries; from += keys.length) {
            int count = (int) Math.min(keys.length, entries - from);
            for (int j = 0; j < count; j++) {
                keys[j] = keyOfIndex.applyAsLong(from + j);
            }
            filter.addBatch(keys, 0, count, batch);
        }
        return filter;
    }

    /**
     * Builds a filter holding {@code keys} (FastFilter's {@code Bloom.construct(long[], double)} shape).
     * The same bits are set as by the generator form for the same keys in the same order.
     *
     * @param keys         the stored keys, n = keys.length
     * @param bitsPerEntry b, finite and {@code > 0} (see {@link #hasFilter(double)})
     * @param hashSeed     seed passed to {@link Hashing#hash64(long, long)}
     */
    public static StandardBloom construct(long[] keys, double bitsPerEntry, long hashSeed) {
        if (keys == null) {
            throw new IllegalArgumentException("keys must not be null");
        }
        StandardBloom filter = new StandardBloom(keys.length, bitsFor(keys.length, bitsPerEntry),
                hashesFor(bitsPerEntry), hashSeed);
        Batch batch = new Batch(Math.min(BUILD_BATCH, Math.max(1, keys.length)));
        for (int from = 0; from < keys.length; from += batch.size()) {
            filter.addBatch(keys, from, Math.min(batch.size(), keys.length - from), batch);
        }
        return filter;
    }

    /** True if b bits per entry gets a filter at all: {@code b > 0}. */
    public static boolean hasFilter(double bitsPerEntry) {
        checkBitsPerEntry(bitsPerEntry);
        return bitsPerEntry > 0.0;
    }

    /** m = max(1, round(n * b)): the exact bit count for n entries at b &gt; 0 bits per entry. */
    public static long bitsFor(long entries, double bitsPerEntry) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
        if (!hasFilter(bitsPerEntry)) {
            throw new IllegalArgumentException("bits per entry (" + bitsPerEntry
                    + ") must be > 0 for a filter; b = 0 means no filter (see hasFilter)");
        }
        double product = entries * bitsPerEntry;
        if (!(product <= MAX_BITS)) {
            throw new IllegalArgumentException("n * b (" + entries + " * " + bitsPerEntry + ") exceeds "
                    + MAX_BITS + " bits");
        }
        return Math.max(1L, Math.round(product));
    }

    /** k = max(1, round(b ln 2)), from the requested b (not from m/n after rounding). */
    public static int hashesFor(double bitsPerEntry) {
        checkBitsPerEntry(bitsPerEntry);
        long k = Math.round(bitsPerEntry * LN_2);
        if (k > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("bits per entry (" + bitsPerEntry + ") gives too many probes");
        }
        return (int) Math.max(1L, k);
    }

    /**
     * Predicted FPR {@code (1 - e^(-k n / m))^k} of a standard Bloom filter (Bloom 1970; Broder and
     * Mitzenmacher 2004, section 2.1). It treats the k probes as independent and uniform; the exact
     * rate for finite m is slightly higher (Bose et al. 2008), negligibly so at the sizes tested here.
     * The inner term is computed as {@code -expm1(-k n / m)} to keep precision when kn/m is small.
     */
    public static double predictedFpr(long n, long m, int k) {
        if (n < 0) {
            throw new IllegalArgumentException("n (" + n + ") must be >= 0");
        }
        if (m < 1) {
            throw new IllegalArgumentException("m (" + m + ") must be >= 1");
        }
        if (k < 1) {
            throw new IllegalArgumentException("k (" + k + ") must be >= 1");
        }
        double setFraction = -Math.expm1(-(double) k * n / m);
        return Math.pow(setFraction, k);
    }

    /**
     * The bit probed by the i-th probe of a key whose hash is {@code hash}, in a filter of {@code m}
     * bits: {@code fastrange64(mix13(hash + i * (rotateLeft(hash, 32) | 1)), m)}, in {@code [0, m)}.
     */
    public static long probeIndex(long hash, int i, long m) {
        long h2 = Long.rotateLeft(hash, 32) | 1L;
        return FastRange.fastRange64(Hashing.mix13(hash + i * h2), m);
    }

    @Override
    public boolean mayContain(long key) {
        long g = Hashing.hash64(key, hashSeed);
        long h2 = Long.rotateLeft(g, 32) | 1L;
        // The first two probes are tested together, with one branch: for an absent key each probe
        // is a coin flip, and a branch per probe mispredicts about once a query. Further probes keep
        // the early exit, since each may be a separate cache miss in a large filter.
        long first = FastRange.fastRange64(Hashing.mix13(g), bits);
        long both = words[(int) (first >>> 6)] >>> first; // the long shift uses first & 63
        if (hashes > 1) {
            long second = FastRange.fastRange64(Hashing.mix13(g + h2), bits);
            both &= words[(int) (second >>> 6)] >>> second;
        }
        if ((both & 1L) == 0) {
            return false;
        }
        g += 2 * h2;
        for (int i = 2; i < hashes; i++) {
            long bit = FastRange.fastRange64(Hashing.mix13(g), bits);
            // word bit >>> 6, bit (bit & 63): Java's long shift uses only the low six bits of its count
            if ((words[(int) (bit >>> 6)] & (1L << bit)) == 0) {
                return false;
            }
            g += h2;
        }
        return true;
    }

    /** Working arrays of one batch, allocated once per build or check: probe values, steps, bit indexes. */
    private record Batch(long[] probe, long[] step, long[] bit) {
        Batch(int size) {
            this(new long[size], new long[size], new long[size]);
        }

        int size() {
            return probe.length;
        }
    }

    /**
     * Sets the bits of {@code keys[from .. from+count-1]}: the same bits as adding the keys one at a
     * time (each key's probes follow {@link #probeIndex}), in the order probe 0 of every key, then probe 1
     * of every key, and so on; OR-ing bits in does not depend on the order. The bit indexes come from
     * {@link #startBatch} and {@link #nextRound}; the loop here sets them, independent stores the CPU
     * overlaps. No allocation per key.
     *
     * <p>This loop and {@link #firstRejected}'s are the same in both layouts and written out in each on
     * purpose: one generic version, called through method references to each layout's start and next
     * round, built the rocksdb layout at 8.40 and 8.60 ns per key against 7.96 written out
     * ({@code FilterBuildBenchmark}, idle machine), 1.54x FastFilter's BlockedBloom instead of 1.36x.
     */
    private void addBatch(long[] keys, int from, int count, Batch batch) {
        startBatch(keys, from, count, batch);
        long[] bit = batch.bit();
        long[] w = words;
        for (int i = 0; i < hashes; i++) {
            nextRound(count, batch);
            for (int j = 0; j < count; j++) {
                long b = bit[j];
                w[(int) (b >>> 6)] |= 1L << b; // word b >>> 6, bit b & 63 (the long shift uses the low six bits)
            }
        }
    }

    /** Batched {@link #mayContain} over the keys, for checking a filter against its own keys. */
    @Override
    public int firstRejected(long[] keys, int count) {
        Batch batch = new Batch(Math.min(BUILD_BATCH, Math.max(1, count)));
        long[] missing = new long[batch.size()];
        long[] bit = batch.bit();
        long[] w = words;
        for (int from = 0; from < count; from += batch.size()) {
            int n = Math.min(batch.size(), count - from);
            startBatch(keys, from, n, batch);
            Arrays.fill(missing, 0L);
            for (int i = 0; i < hashes; i++) {
                nextRound(n, batch);
                for (int j = 0; j < n; j++) {
                    long b = bit[j];
                    missing[j] |= ~(w[(int) (b >>> 6)] >>> b) & 1L;
                }
            }
            for (int j = 0; j < n; j++) {
                if (missing[j] != 0) {
                    return from + j;
                }
            }
        }
        return -1;
    }

    /**
     * Hashes {@code keys[from .. from+count-1]} into the batch: each key's first probe value h1 and its
     * step h2 = rotateLeft(h1, 32) | 1.
     */
    private void startBatch(long[] keys, int from, int count, Batch batch) {
        long[] g = batch.probe();
        long[] step = batch.step();
        long offset = Hashing.seedOffset(hashSeed);
        for (int j = 0; j < count; j++) {
            g[j] = Hashing.mix13(keys[from + j] + offset);
        }
        for (int j = 0; j < count; j++) {
            step[j] = Long.rotateLeft(g[j], 32) | 1L;
        }
    }

    /**
     * The next probe round: every key's bit index, fastRange64(mix13(g), m), into the batch's bit array,
     * and every key's g stepped by its h2.
     *
     * <p>Why two short loops: each is straight-line 64-bit arithmetic over arrays, which C2 vectorizes
     * with AVX-512's 64-bit multiplies (finalize and step; then map into [0, m) with
     * {@link FastRange#fastRange64Narrow}). One loop doing both, or one using the 128-bit
     * {@code multiplyHigh}, stays scalar and measured several times slower per probe
     * (docs/benchmarks.md, "Filter build speed").
     */
    private void nextRound(int count, Batch batch) {
        long[] g = batch.probe();
        long[] step = batch.step();
        long[] bit = batch.bit();
        for (int j = 0; j < count; j++) {
            long probe = g[j];
            bit[j] = Hashing.mix13(probe);
            g[j] = probe + step[j];
        }
        long m = bits;
        if (m <= MAX_NARROW_RANGE) {
            for (int j = 0; j < count; j++) {
                bit[j] = FastRange.fastRange64Narrow(bit[j], m);
            }
        } else {
            for (int j = 0; j < count; j++) {
                bit[j] = FastRange.fastRange64(bit[j], m);
            }
        }
    }

    /** m: bits allocated and addressed (the word array's unused tail bits are never probed). */
    @Override
    public long bitCount() {
        return bits;
    }

    /** k. */
    @Override
    public int hashes() {
        return hashes;
    }

    /** n, the number of keys added. */
    public long entries() {
        return entries;
    }

    /** The seed passed to {@link Hashing#hash64(long, long)}. */
    public long hashSeed() {
        return hashSeed;
    }

    /** A copy of the bit array (tests compare builds bit for bit). */
    public long[] words() {
        return words.clone();
    }

    /** Number of bits set to 1 (a fill diagnostic; computed on each call). */
    public long bitsSet() {
        long set = 0;
        for (long w : words) {
            set += Long.bitCount(w);
        }
        return set;
    }

    /** {@link #predictedFpr(long, long, int)} for this filter's n, m and k. */
    public double predictedFpr() {
        return predictedFpr(entries, bits, hashes);
    }

    private static void checkBitsPerEntry(double bitsPerEntry) {
        if (!(bitsPerEntry >= 0.0) || Double.isInfinite(bitsPerEntry)) {
            throw new IllegalArgumentException("bits per entry (" + bitsPerEntry + ") must be finite and >= 0");
        }
    }
}
