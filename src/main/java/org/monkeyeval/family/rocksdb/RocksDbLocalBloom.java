package org.monkeyeval.family.rocksdb;

import java.util.Arrays;
import java.util.function.LongUnaryOperator;

import org.monkeyeval.filter.FastRange;
import org.monkeyeval.filter.Filter;
import org.monkeyeval.filter.Hashing;
import org.monkeyeval.filter.LineOccupancy;

/**
 * A re-implementation, written from the published rules, of RocksDB's format_version=5 "fast local
 * Bloom" filter: a blocked Bloom filter whose every probe for a key falls in one 64-byte (512-bit)
 * cache line.
 *
 * <pre>
 * Rules (RocksDB table/block_based/filter_policy.cc and util/bloom_impl.h; checked against
 * facebook/rocksdb at commit 1dfa7297933df05237ac11376d6cb69d32591b1d):
 *
 *   BloomLikeFilterPolicy::BloomLikeFilterPolicy(bits_per_key)       sanitize, then millibits
 *     b &lt; 0.5        -> 0: no filter at all                      (hasFilter)
 *     0.5 &lt;= b &lt; 1   -> 1 bit/key
 *     b &gt;= 100        -> 100 bits/key  (RocksDB also maps NaN to 100; here NaN is rejected)
 *     millibits = (int) (b * 1000.0 + 0.500001)                  (millibitsPerKey)
 *
 *   FastLocalBloomBitsBuilder::CalculateSpace(num_entries)          data bytes
 *     raw   = ceil(n * millibits / 8000), capped at 0xFFFFFFC0
 *     bytes = raw rounded UP to a multiple of 64, plus 5 metadata bytes (not filter bits; excluded
 *             here and in bitCount)                               (filterBytes)
 *     n = 0 -> Finish() writes an always-false filter with no data bytes
 *
 *   FastLocalBloomImpl::ChooseNumProbes(millibits)                  (chooseNumProbes)
 *     &lt;= 2080 -> 1    &lt;= 3580 -> 2    &lt;= 5100 -> 3    &lt;= 6640 -> 4    &lt;= 8300 -> 5
 *     &lt;= 10070 -> 6   &lt;= 11720 -> 7   &lt;= 14001 -> 8   &lt;= 16050 -> 9   &lt;= 18300 -> 10
 *     &lt;= 22001 -> 11  &lt;= 25501 -> 12  &gt; 50000 -> 24   otherwise (millibits - 1) / 2000 - 1
 *     (integer division; note 25502..26000 -> 11, one less than at 25501: RocksDB's table is not
 *     monotone there, and this reproduces it as written)
 *     FastLocalBloomBitsBuilder::GetNumProbes uses the configured millibits, not the rounded-up
 *     size, unless optimize_filters_for_memory is set (not modelled: default options).
 *
 *   FastLocalBloomImpl::AddHash / HashMayMatch, with h1 = Lower32of64(h), h2 = Upper32of64(h)
 *     line  = fastrange32(h1, bytes / 64)             the lower 32 bits pick the cache line
 *     x     = h2                                      the upper 32 bits pick bits in the line
 *     probe i = 0 .. k-1: bit position = top 9 bits of x (x &gt;&gt;&gt; 23, in [0, 512));
 *                         then x = x * 0x9E3779B9 mod 2^32
 *     i.e. probe i reads the top 9 bits of h2 * 0x9E3779B9^i: one multiplication per probe by
 *     the 32-bit golden-ratio constant, no rotation and no second hash.
 * </pre>
 *
 * <p>Where this class departs from RocksDB: RocksDB hashes the key bytes with XXH3 (its
 * {@code GetSliceHash64}); here the 64-bit key is hashed with {@link Hashing#hash64(long, long)}.
 * RocksDB addresses byte {@code pos >> 3}, bit {@code pos & 7}; here the line is 8 longs and bit
 * {@code pos} of the line is bit {@code pos & 63} of word {@code pos >> 6}, the same bit when the
 * words are laid out little-endian. The 5 metadata bytes are not allocated.
 *
 * <p>Expected FPR. Keys land in lines like balls in bins: the line a query picks holds j keys with
 * probability Binomial(j; n, 1/lines), and its k probes all find set bits with probability
 * E[(X/512)^k], X the bits that the line's k j probes set: {@link #predictedFpr()}, from
 * {@link LineOccupancy}. Two lower approximations are kept as diagnostics: the classical Poisson
 * mixture {@link #poissonMixtureFpr(double, int)} (Putze, Sanders, Singler 2007, blocked Bloom
 * filters), which takes each probed bit as set with probability 1 - (1 - 1/512)^(k j), and RocksDB's own
 * estimate ({@link #cacheLocalFpRate(double, int)}, {@code BloomMath::CacheLocalFpRate}), which averages
 * the classical rate at one standard deviation above and below the mean line load. The comment on
 * {@code FastLocalBloomImpl} in util/bloom_impl.h gives 0.9535% as the theoretical best for 10
 * bits/key, 6 probes, 512-bit lines and about 0.957% as measured for the implementation; filters
 * built here by its rules measure 0.968% at 10 bits per key and 492,356 keys, where the line
 * occupancy gives 0.966% (docs/families.md).
 *
 * <p>References:
 * <ol>
 *   <li>F. Putze, P. Sanders, J. Singler. Cache-, Hash- and Space-Efficient Bloom Filters. WEA 2007,
 *       LNCS 4525 (the blocked Bloom filter and its Poisson analysis).
 *   <li>RocksDB: util/bloom_impl.h ({@code BloomMath}, {@code FastLocalBloomImpl}),
 *       table/block_based/filter_policy.cc ({@code BloomLikeFilterPolicy},
 *       {@code FastLocalBloomBitsBuilder}, {@code FastLocalBloomBitsReader}), util/fastrange.h.
 *   <li>D. Lemire. Fast Random Integer Generation in an Interval. ACM TOMACS 29(1), 2019.
 * </ol>
 */
public final class RocksDbLocalBloom implements Filter {

    /** Description of the rules and probe derivation, recorded in provenance next to {@link Hashing#NAME}. */
    public static final String PROBE_DERIVATION = "rocksdb fast local bloom (format_version=5) rules:"
            + " b<0.5 no filter, b<1 -> 1, b>=100 -> 100; millibits = (int)(b*1000 + 0.500001);"
            + " k = ChooseNumProbes(millibits); bytes = roundUp64(ceil(n*millibits/8000)) (no metadata);"
            + " h = hash64(key, seed); line = fastrange32(lower32(h), bytes/64); x = upper32(h);"
            + " probe i: bit (x >>> 23) of the line, then x *= 0x9E3779B9 mod 2^32";

    /** Bits in a cache line (RocksDB's fixed block size). */
    public static final int CACHE_LINE_BITS = 512;

    /** Bytes in a cache line. */
    public static final int CACHE_LINE_BYTES = 64;

    /** Bytes RocksDB appends after the bit array (kMetadataLen); not filter bits, not allocated here. */
    public static final int METADATA_BYTES = 5;

    /** Cap on the data bytes of one filter (FastLocalBloomBitsBuilder::CalculateSpace): 0xFFFFFFC0. */
    public static final long MAX_DATA_BYTES = 0xFFFF_FFC0L;

    /** Below this many bits per key RocksDB builds no filter. */
    public static final double MIN_BITS_PER_KEY = 0.5;

    /** Bits per key are capped here. */
    public static final double MAX_BITS_PER_KEY = 100.0;

    /** The 32-bit golden-ratio multiplier that remixes the in-line hash between probes. */
    public static final int PROBE_MULTIPLIER = 0x9E37_79B9;

    /** Most probes {@link #chooseNumProbes} can give (RocksDB: above 50000 millibits). */
    public static final int MAX_PROBES = 24;

    /** Relative tolerance at which {@link #poissonMixtureFpr(double, int)} stops summing. */
    public static final double POISSON_TAIL_TOLERANCE = 1e-12;

    /** Keys hashed per batch while building (see {@link #addBatch}). */
    static final int BUILD_BATCH = 256;

    private static final int WORDS_PER_LINE = CACHE_LINE_BITS / Long.SIZE;
    private static final long LOW_32 = 0xFFFF_FFFFL;
    private static final int BIT_POSITION_SHIFT = 32 - 9;

    private final long[] words;
    private final long lines;
    /** Lines a query picks from: {@link #lines}, or one all-zero line when n = 0 (always false). */
    private final long queryLines;
    private final int numProbes;
    private final int millibitsPerKey;
    private final long entries;
    private final long hashSeed;
    /** {@link Hashing#seedOffset(long)} of {@link #hashSeed}, so a query pays only for {@code mix13}. */
    private final long hashOffset;
    /** Multipliers that take probe 0 to probe 1 and probe 1 to probe 2; 1 where k is smaller (see mayContain). */
    private final int secondMultiplier;
    private final int thirdMultiplier;

    private RocksDbLocalBloom(long entries, int millibitsPerKey, long hashSeed) {
        this.entries = entries;
        this.millibitsPerKey = millibitsPerKey;
        this.numProbes = chooseNumProbes(millibitsPerKey);
        this.lines = filterBytes(entries, millibitsPerKey) / CACHE_LINE_BYTES;
        this.hashSeed = hashSeed;
        this.queryLines = Math.max(1, lines);
        this.hashOffset = Hashing.seedOffset(hashSeed);
        this.secondMultiplier = numProbes >= 2 ? PROBE_MULTIPLIER : 1;
        this.thirdMultiplier = numProbes >= 3 ? PROBE_MULTIPLIER : 1;
        // queryLines <= 0xFFFFFFC0 / 64 < 2^26, so queryLines * 8 fits an int.
        this.words = new long[(int) (queryLines * WORDS_PER_LINE)];
    }

    /**
     * Builds a filter over the keys {@code keyOfIndex(0) .. keyOfIndex(entries - 1)}, generated a batch
     * at a time, with RocksDB's sizing and probe rules for {@code bitsPerKey}.
     *
     * @param entries    n, {@code >= 0}; n = 0 gives RocksDB's always-false filter
     * @param bitsPerKey requested bits per key, {@code >= 0.5} (see {@link #hasFilter(double)})
     * @param keyOfIndex the i-th stored key
     * @param hashSeed   seed passed to {@link Hashing#hash64(long, long)}
     */
    public static RocksDbLocalBloom construct(long entries, double bitsPerKey, LongUnaryOperator keyOfIndex,
            long hashSeed) {
        if (keyOfIndex == null) {
            throw new IllegalArgumentException("keyOfIndex must not be null");
        }
        RocksDbLocalBloom filter = empty(entries, bitsPerKey, hashSeed);
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
     * Builds a filter over {@code keys} with RocksDB's sizing and probe rules for {@code bitsPerKey}; the
     * same bits as the generator form for the same keys.
     *
     * @param keys       the stored keys, n = keys.length
     * @param bitsPerKey requested bits per key, {@code >= 0.5} (see {@link #hasFilter(double)})
     * @param hashSeed   seed passed to {@link Hashing#hash64(long, long)}
     */
    public static RocksDbLocalBloom construct(long[] keys, double bitsPerKey, long hashSeed) {
        if (keys == null) {
            throw new IllegalArgumentException("keys must not be null");
        }
        RocksDbLocalBloom filter = empty(keys.length, bitsPerKey, hashSeed);
        Batch batch = new Batch(Math.min(BUILD_BATCH, Math.max(1, keys.length)));
        for (int from = 0; from < keys.length; from += batch.size()) {
            filter.addBatch(keys, from, Math.min(batch.size(), keys.length - from), batch);
        }
        return filter;
    }

    private static RocksDbLocalBloom empty(long entries, double bitsPerKey, long hashSeed) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
        if (!hasFilter(bitsPerKey)) {
            throw new IllegalArgumentException("bits per key (" + bitsPerKey
                    + ") < 0.5: RocksDB builds no filter (see hasFilter)");
        }
        return new RocksDbLocalBloom(entries, millibitsPerKey(bitsPerKey), hashSeed);
    }

    // ---- rules (no filter needed) ----

    /** True if RocksDB builds a filter at this setting: {@code bitsPerKey >= 0.5}. */
    public static boolean hasFilter(double bitsPerKey) {
        checkBitsPerKey(bitsPerKey);
        return bitsPerKey >= MIN_BITS_PER_KEY;
    }

    /** RocksDB's sanitized bits per key: 0 below 0.5, 1 in [0.5, 1), 100 from 100 up, else unchanged. */
    public static double sanitizedBitsPerKey(double bitsPerKey) {
        checkBitsPerKey(bitsPerKey);
        if (bitsPerKey < MIN_BITS_PER_KEY) {
            return 0.0;
        } else if (bitsPerKey < 1.0) {
            return 1.0;
        } else if (bitsPerKey >= MAX_BITS_PER_KEY) {
            return MAX_BITS_PER_KEY;
        }
        return bitsPerKey;
    }

    /**
     * {@code (int) (sanitized * 1000.0 + 0.500001)}: thousandths of a bit per key, 0 for no filter.
     * The 0.000001 above one half is RocksDB's deliberate nudge upward so that settings written with
     * three decimals survive binary rounding (9.9995 gives 10000 whether 9.9995 * 1000 lands just
     * below or at 9999.5).
     */
    public static int millibitsPerKey(double bitsPerKey) {
        return (int) (sanitizedBitsPerKey(bitsPerKey) * 1000.0 + 0.500001);
    }

    /** Probes per key for {@code millibits} thousandths of a bit per key (FastLocalBloomImpl::ChooseNumProbes). */
    public static int chooseNumProbes(int millibits) {
        if (millibits < 0) {
            throw new IllegalArgumentException("millibits per key (" + millibits + ") must be >= 0");
        }
        // Thresholds exactly as in RocksDB; the "odd" values (14001, 22001, 25501) are theirs.
        if (millibits <= 2080) {
            return 1;
        } else if (millibits <= 3580) {
            return 2;
        } else if (millibits <= 5100) {
            return 3;
        } else if (millibits <= 6640) {
            return 4;
        } else if (millibits <= 8300) {
            return 5;
        } else if (millibits <= 10070) {
            return 6;
        } else if (millibits <= 11720) {
            return 7;
        } else if (millibits <= 14001) {
            return 8;
        } else if (millibits <= 16050) {
            return 9;
        } else if (millibits <= 18300) {
            return 10;
        } else if (millibits <= 22001) {
            return 11;
        } else if (millibits <= 25501) {
            return 12;
        } else if (millibits > 50000) {
            return MAX_PROBES;
        }
        return (millibits - 1) / 2000 - 1;
    }

    /**
     * The millibits per key, lowest and highest, that {@link #chooseNumProbes} maps to {@code probes}
     * (RocksDB's table is not monotone at 25502..26000, so the range may hold values of other counts).
     *
     * @throws IllegalArgumentException no millibits in [1000, 100000] gives that many probes
     */
    public static int[] millibitsForProbes(int probes) {
        int low = -1;
        int high = -1;
        for (int m = 1000; m <= 100_000; m++) {
            if (chooseNumProbes(m) == probes) {
                low = low < 0 ? m : low;
                high = m;
            }
        }
        if (low < 0) {
            throw new IllegalArgumentException("no bits per key from 1 to 100 gives " + probes + " probes");
        }
        return new int[] {low, high};
    }

    /**
     * Data bytes of the filter for n entries: {@code ceil(n * millibits / 8000)}, capped at
     * {@link #MAX_DATA_BYTES}, rounded up to a whole number of 64-byte cache lines; 0 for n = 0. The 5
     * metadata bytes RocksDB adds are not included.
     *
     * @param millibits thousandths of a bit per key after sanitizing, in [1000, 100000]
     */
    public static long filterBytes(long entries, int millibits) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
        if (millibits < 1000 || millibits > 100_000) {
            throw new IllegalArgumentException("millibits per key (" + millibits + ") must be in [1000, 100000]");
        }
        long raw;
        if (entries > (MAX_DATA_BYTES * 8000L) / millibits) {
            raw = MAX_DATA_BYTES; // also avoids overflow of entries * millibits
        } else {
            long product = entries * millibits;
            raw = Math.min(MAX_DATA_BYTES, product / 8000 + (product % 8000 == 0 ? 0 : 1));
        }
        return (raw + CACHE_LINE_BYTES - 1) & -(long) CACHE_LINE_BYTES;
    }

    /** Number of 64-byte cache lines of a filter with n entries at the given millibits per key. */
    public static long lines(long entries, int millibits) {
        return filterBytes(entries, millibits) / CACHE_LINE_BYTES;
    }

    // ---- predictions ----

    /**
     * RocksDB's {@code BloomMath::StandardFpRate}: {@code (1 - e^(-k/b))^k}, the standard Bloom
     * estimate for b bits per key and k probes. {@code -expm1} replaces {@code 1 - exp} for precision.
     */
    public static double standardFpRate(double bitsPerKey, int numProbes) {
        checkProbes(numProbes);
        return Math.pow(-Math.expm1(-numProbes / bitsPerKey), numProbes);
    }

    /**
     * RocksDB's {@code BloomMath::CacheLocalFpRate} for 512-bit lines: with lambda = 512 / b keys per
     * line and s = sqrt(lambda), the mean of {@code standardFpRate(512 / (lambda + s), k)} (a crowded
     * line) and {@code standardFpRate(512 / (lambda - s), k)} (an uncrowded one); 1 for b &lt;= 0.
     *
     * @param bitsPerKey b, below 512 so that lambda - s &gt; 0 (RocksDB caps b at 100)
     */
    public static double cacheLocalFpRate(double bitsPerKey, int numProbes) {
        checkProbes(numProbes);
        if (Double.isNaN(bitsPerKey) || bitsPerKey >= CACHE_LINE_BITS) {
            throw new IllegalArgumentException("bits per key (" + bitsPerKey + ") must be < " + CACHE_LINE_BITS);
        }
        if (bitsPerKey <= 0.0) {
            return 1.0; // as in RocksDB: "Fix a discontinuity"
        }
        double keysPerLine = CACHE_LINE_BITS / bitsPerKey;
        double keysStddev = Math.sqrt(keysPerLine);
        double crowded = standardFpRate(CACHE_LINE_BITS / (keysPerLine + keysStddev), numProbes);
        double uncrowded = standardFpRate(CACHE_LINE_BITS / (keysPerLine - keysStddev), numProbes);
        return (crowded + uncrowded) / 2;
    }

    /**
     * Expected FPR of a blocked Bloom filter with 512-bit lines (Putze, Sanders, Singler 2007):
     * {@code sum_j Poisson(j; lambda) * (1 - (1 - 1/512)^(k j))^k}, lambda = keys per line.
     *
     * <p>Where the sum stops: Poisson probabilities are formed in log space from j = 0 (no underflow
     * trouble for large lambda). Once j + 1 &gt; lambda the ratio of successive probabilities is at most
     * r = lambda / (j + 1) &lt; 1, so the Poisson mass beyond j is at most {@code p_j r / (1 - r)}; each
     * omitted term has a factor at most 1, so the sum stops when that bound is at most
     * {@link #POISSON_TAIL_TOLERANCE} times the running sum (relative error below 1e-12).
     */
    public static double poissonMixtureFpr(double keysPerLine, int numProbes) {
        checkProbes(numProbes);
        if (!(keysPerLine >= 0.0) || Double.isInfinite(keysPerLine)) {
            throw new IllegalArgumentException("keys per line (" + keysPerLine + ") must be finite and >= 0");
        }
        if (keysPerLine == 0.0) {
            return 0.0;
        }
        double logLambda = Math.log(keysPerLine);
        double logStayZero = numProbes * Math.log1p(-1.0 / CACHE_LINE_BITS); // ln (1 - 1/512)^k per key
        double logPoisson = -keysPerLine; // ln Poisson(0; lambda)
        double sum = 0.0;
        for (long j = 0; ; j++) {
            if (j > 0) {
                logPoisson += logLambda - Math.log(j);
            }
            double poisson = Math.exp(logPoisson);
            double setFraction = -Math.expm1(logStayZero * j);
            sum += poisson * Math.pow(setFraction, numProbes);
            double ratio = keysPerLine / (j + 1);
            if (ratio < 1.0 && poisson * ratio / (1.0 - ratio) <= POISSON_TAIL_TOLERANCE * sum) {
                return sum;
            }
        }
    }

    // ---- the filter ----

    /**
     * RocksDB's {@code HashMayMatch}: true if every probed bit of the key's line is set.
     *
     * <p>How the probes are read (the answer is the same as probing one at a time; only the order of
     * work differs). Probes 0, 1 and 2 are read without a branch and ANDed; only if all three bits
     * are set does the query go on to the rest ({@link #laterProbesSet}). For an absent key each
     * probed bit is set with about the filter's fill fraction (near one half at RocksDB's choice of
     * k), so about one absent query in ten goes on, and that branch is well predicted; a branch per
     * probe would mispredict about once a query, and reading all k probes without a branch costs k
     * loads every time. This method is kept small enough for the JIT to inline it into its caller;
     * the rarely taken rest is a separate method. When k &lt; 3 the multipliers for probes 1 and 2 are
     * 1, so those reads repeat an earlier probe's bit and change nothing. An empty filter (n = 0) has
     * one all-zero line to read, so it answers false without a test of its own. Measured with
     * {@code FilterQueryBenchmark} (see README).
     */
    @Override
    public boolean mayContain(long key) {
        long h = hash(key);
        int base = lineStart(h);
        long[] w = words;
        int x = (int) (h >>> 32);
        int y1 = x * secondMultiplier;
        int y2 = y1 * thirdMultiplier;
        long firstThree = probedWord(w, base, x) & probedWord(w, base, y1) & probedWord(w, base, y2);
        return (firstThree & 1L) != 0 && laterProbesSet(w, base, y2);
    }

    /**
     * Probes 3 .. k-1 of a key whose probe 2 is at {@code y2}: each is the previous one times
     * {@link #PROBE_MULTIPLIER} mod 2^32 (RocksDB's serial chain). The switch falls through, so
     * entering at case k runs k - 3 identical steps, with the multiplies as immediates and no loop.
     */
    @SuppressWarnings("fallthrough")
    private boolean laterProbesSet(long[] w, int base, int y2) {
        int y = y2;
        long all = -1L;
        switch (numProbes) {
            case 24: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 23: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 22: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 21: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 20: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 19: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 18: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 17: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 16: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 15: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 14: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 13: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 12: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 11: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 10: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 9: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 8: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 7: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 6: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 5: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            case 4: y *= PROBE_MULTIPLIER; all &= probedWord(w, base, y);
            default:
                break; // k <= 3: every probe has been read
        }
        return (all & 1L) != 0;
    }

    /**
     * The word of the line holding the bit at position {@code y >>> 23} (the top 9 bits of y), shifted
     * right so that bit is bit 0: word {@code y >>> 29} (the top 3 bits), bit {@code (y >>> 23) & 63}
     * (a long shift uses only the low 6 bits of its count).
     */
    private static long probedWord(long[] w, int base, int y) {
        return w[wordIndex(base, y)] >>> (y >>> BIT_POSITION_SHIFT);
    }

    /**
     * Index in {@link #words} of the word holding the bit that y picks in the line starting at base:
     * base + (y &gt;&gt;&gt; 29). base is a multiple of 8 and the word index is below 8, so the sum is
     * written as an OR; that way the JIT (C2 on JDK 17) forms the address from the one bounds-checked
     * int instead of redoing the sum in 64 bits, two instructions fewer per probe.
     */
    private static int wordIndex(int base, int y) {
        return base | (y >>> 29);
    }

    /** {@link Hashing#hash64(long, long)} of the key with this filter's seed. */
    private long hash(long key) {
        return Hashing.mix13(key + hashOffset);
    }

    /** Index in {@link #words} of the first word of the line the lower 32 bits of h pick. */
    private int lineStart(long h) {
        return (int) FastRange.fastRange32((int) h, queryLines) * WORDS_PER_LINE;
    }

    /** Working arrays of one batch, allocated once per build or check: probe values, line starts, bit indexes. */
    private record Batch(long[] probe, long[] lineBit, long[] bit) {
        Batch(int size) {
            this(new long[size], new long[size], new long[size]);
        }

        int size() {
            return probe.length;
        }
    }

    /**
     * Sets the k bits of each of {@code keys[from .. from+count-1]} along RocksDB's serial chain
     * (AddHash): the same bits as adding the keys one at a time, set in the order probe 0 of every key,
     * then probe 1 of every key, and so on (OR-ing bits in does not depend on the order). The bit indexes
     * come from {@link #startBatch} and {@link #nextRound}; each round's loop here sets one bit per key,
     * independent stores to different lines, which the CPU overlaps, where setting one key's k bits in
     * turn chains stores to the same words. No allocation per key.
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
        for (int i = 0; i < numProbes; i++) {
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
            for (int i = 0; i < numProbes; i++) {
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
     * Hashes {@code keys[from .. from+count-1]} into the batch: each key's line, as the index of its
     * first bit in the filter, and its first 32-bit probe value, upper32(h).
     *
     * <p>Two loops of straight-line 64-bit arithmetic over arrays, which C2 vectorizes with AVX-512's
     * 64-bit multiplies. The line is {@link FastRange#fastRange32}{@code (lower32(h), lines)} with
     * {@code lower32(h) * lines} read off the wrapped product {@code h * lines - (upper32(h) * lines << 32)}
     * (exact, as lines &lt; 2^26), the form C2 on JDK 17 vectorizes (see {@link FastRange#fastRange64Narrow}).
     */
    private void startBatch(long[] keys, int from, int count, Batch batch) {
        long[] y = batch.probe();
        long[] lineBit = batch.lineBit();
        long offset = hashOffset;
        long range = queryLines;
        for (int j = 0; j < count; j++) {
            y[j] = Hashing.mix13(keys[from + j] + offset);
        }
        for (int j = 0; j < count; j++) {
            long h = y[j];
            long upper = h >>> 32;
            lineBit[j] = ((h * range - ((upper * range) << 32)) >>> 32) * CACHE_LINE_BITS;
            y[j] = upper;
        }
    }

    /**
     * The next probe round: every key's bit index (its line's first bit plus the top 9 bits of its
     * 32-bit probe value) into the batch's bit array, and every probe value stepped along RocksDB's chain,
     * x * 0x9E3779B9 mod 2^32 (multiplied in 64 bits and masked, which leaves the low 32 bits as they
     * are, so the loop vectorizes like the others).
     */
    private void nextRound(int count, Batch batch) {
        long[] y = batch.probe();
        long[] lineBit = batch.lineBit();
        long[] bit = batch.bit();
        for (int j = 0; j < count; j++) {
            long p = y[j];
            bit[j] = lineBit[j] | (p >>> BIT_POSITION_SHIFT);
            y[j] = (p * PROBE_MULTIPLIER) & LOW_32;
        }
    }

    /** Filter bits: lines * 512 (the 5 metadata bytes are not counted). */
    @Override
    public long bitCount() {
        return lines * CACHE_LINE_BITS;
    }

    /** The number of probes, from {@link #chooseNumProbes(int)}. */
    @Override
    public int hashes() {
        return numProbes;
    }

    /** Probes per key (same as {@link #hashes()}). */
    public int numProbes() {
        return numProbes;
    }

    /** Thousandths of a bit per key after RocksDB's sanitizing and rounding. */
    public int millibitsPerKey() {
        return millibitsPerKey;
    }

    /** Number of 64-byte cache lines. */
    public long lines() {
        return lines;
    }

    /** Data bytes, lines * 64. */
    public long filterBytes() {
        return lines * CACHE_LINE_BYTES;
    }

    /** n, the number of keys added. */
    public long entries() {
        return entries;
    }

    /** The seed passed to {@link Hashing#hash64(long, long)}. */
    public long hashSeed() {
        return hashSeed;
    }

    /** Mean keys per line, n / lines (0 for an empty filter). */
    public double keysPerLine() {
        return lines == 0 ? 0.0 : (double) entries / lines;
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

    /** The built filter's expected rate at its keys, lines and probes ({@link LineOccupancy#fpr}). */
    public double predictedFpr() {
        return LineOccupancy.fpr(entries, lines, numProbes);
    }

    /**
     * RocksDB's estimate at this filter's actual size: {@link #cacheLocalFpRate(double, int)} at
     * 8 * bytes / n bits per key. RocksDB's {@code FastLocalBloomImpl::EstimatedFpRate} also adds a
     * 64-bit fingerprint-collision term; it is omitted because {@link Hashing#hash64} is a bijection.
     *
     * @return the estimate; 0 for an empty filter; NaN when the filter has at most one key per line on
     *     average (8 * bytes / n &gt;= 512), where RocksDB's formula divides by a non-positive load
     */
    public double rocksDbEstimatedFpr() {
        if (entries == 0) {
            return 0.0;
        }
        double bitsPerKey = (double) bitCount() / entries;
        return bitsPerKey < CACHE_LINE_BITS ? cacheLocalFpRate(bitsPerKey, numProbes) : Double.NaN;
    }

    private static void checkBitsPerKey(double bitsPerKey) {
        if (Double.isNaN(bitsPerKey) || bitsPerKey < 0.0) {
            throw new IllegalArgumentException("bits per key (" + bitsPerKey + ") must be >= 0");
        }
    }

    private static void checkProbes(int numProbes) {
        if (numProbes < 1) {
            throw new IllegalArgumentException("number of probes (" + numProbes + ") must be >= 1");
        }
    }
}
