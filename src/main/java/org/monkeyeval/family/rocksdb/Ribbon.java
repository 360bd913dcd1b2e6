package org.monkeyeval.family.rocksdb;

import java.util.function.DoubleSupplier;

import org.monkeyeval.filter.LineOccupancy;

/**
 * RocksDB's sizing rules for its Ribbon filter ({@code NewRibbonFilterPolicy}, Standard128Ribbon,
 * RocksDB &gt;= 6.15) at one bits-per-key setting, re-implemented from facebook/rocksdb at commit
 * 1dfa7297933df05237ac11376d6cb69d32591b1d (the same rules are in v7.8.3 and v10.10.1). The filter
 * itself is {@link RibbonFilter}.
 *
 * <pre>
 * table/block_based/filter_policy.cc, BloomLikeFilterPolicy::BloomLikeFilterPolicy(bits_per_key)
 *   b sanitized as for Bloom (&lt; 0.5 no filter, &lt; 1 -&gt; 1, &gt;= 100 -&gt; 100), millibits = (int)(b*1000 + 0.500001)
 *   oneIn = 1 / CacheLocalFpRate(b, ChooseNumProbes(millibits), 512)          the Bloom filter's rate, as
 *                                                                            "1 in oneIn"  (desiredOneInFpRate)
 * Standard128RibbonBitsBuilder::CalculateSpaceAndSlots(n)  (n &gt;= 1 hashes; n = 0 writes no filter bytes)
 *   n &gt; 950,000,000 (kMaxRibbonEntries)        -&gt; the Bloom filter at millibits
 *   slots = RoundUpNumSlots(GetNumSlots(n))                                   (numSlots)
 *   bytes = GetBytesForOneInFpRate(slots, oneIn, bias) + 5                    (ribbonDataBytes)
 *           bias = the upper 32 bits of the first key's 64-bit hash
 *   slots &lt; 1024 and Bloom's bytes &lt; bytes     -&gt; the Bloom filter at millibits (FastLocalBloom
 *                                                 CalculateSpace: roundUp64(ceil(n*millibits/8000)) + 5)
 *   (AllocateMaybeRounding keeps the size when optimize_filters_for_memory is false, as modelled here;
 *    with it true, sizes follow malloc_usable_size and are not predicted.)
 *
 * util/ribbon_config.cc, BandingConfigHelper1MaybeSupported&lt;kOneIn20, 128, no smash&gt;::GetNumSlots(n)
 *   the slots for which one seed fails with chance about 1 in 20, interpolated between known points
 *   K[k] = keys that fit 2^k slots (k = 8..17: 248.851 .. 126506) and, from 2^18 slots on, the
 *   overhead formula slots/keys = F17 + (k - 17) * 0.0038 with F17 = 2^17 / 126506    (numSlotsFor)
 *
 * util/ribbon_impl.h, SerializableInterleavedSolution
 *   RoundUpNumSlots(s)     = s rounded up to a multiple of 128, and 256 if that is 128
 *   GetBytesForOneInFpRate(slots, oneIn, bias)   (InternalGetBytesForFpRate)
 *     r = FloorLog2((uint32) oneIn) result bits ("columns") in the lower blocks, r + 1 in the upper
 *     lowerPortion = (1/oneIn - 2^-(r+1)) / (2^-r - 2^-(r+1))        share of starts at r bits
 *     upperStartBlock = (uint32) ((lowerPortion * (slots - 127) + (bias + 0.5) / 2^32) / 128)
 *     bytes = 16 * (blocks * r + blocks - upperStartBlock),  blocks = slots / 128
 *     (oneIn &gt; 2^32 - 1: 32 bits everywhere, 4 bytes per slot; oneIn &lt;= 1: one 16-byte segment)
 *   InternalConfigure(blocks, bytes): upper = ceil(segments / blocks) (at most 32), upperStartBlock =
 *     upper * blocks - segments: what a reader derives from the byte count and blocks   ({@link Layout})
 *   ExpectedFpRate = p 2^-(upper-1) + (1 - p) 2^-upper, p = 128 upperStartBlock / (slots - 127)
 * </pre>
 *
 * <p>The rounding bias: the one place where the size depends on the keys. It adds less than 1 to a
 * number that is then divided by 128, so it moves upperStartBlock (and the size, by 16 bytes) only
 * when {@code lowerPortion * starts} lies within 1 below a multiple of 128, for about one n in 128.
 * {@link #filterBytes(long, int)} takes the bias; {@link #expectedFilterBytes(long)} averages over a
 * uniform bias, which is what a family can say without the keys (see {@link #roundingThreshold}).
 *
 * <p>Where this departs from RocksDB: {@code CacheLocalFpRate} is {@link RocksDbLocalBloom}'s, which
 * writes {@code 1 - exp} as {@code -expm1}; that and Java's {@code Math.log} against the C library's
 * can differ in the last bits of a double, which changes a size only if a truncated quantity
 * ({@code (uint32) oneIn}, the interpolated slots, upperStartBlock) lies within that error of an
 * integer.
 */
public final class Ribbon {

    /** Bits of a coefficient row (kCoeffBits: {@code Unsigned128} CoeffRow). */
    public static final int COEFF_BITS = 128;

    /** Bytes of one segment: one 128-bit column of one block. */
    public static final int SEGMENT_BYTES = 16;

    /** Most result bits (columns) of a block: {@code ResultRow = uint32_t}. */
    public static final int MAX_RESULT_BITS = 32;

    /** Bytes of metadata after the filter data (kMetadataLen), for Ribbon and Bloom alike. */
    public static final int METADATA_BYTES = 5;

    /** Most hashes a Ribbon filter takes (kMaxRibbonEntries); more fall back to Bloom. */
    public static final long MAX_RIBBON_ENTRIES = 950_000_000L;

    /** Below this many slots, a Bloom filter that is smaller is used instead (CalculateSpaceAndSlots). */
    public static final long SMALL_FILTER_SLOTS = 1024;

    /** The fewest slots of a filter: two blocks (RoundUpNumSlots never gives one start). */
    public static final long MIN_SLOTS = 2L * COEFF_BITS;

    /**
     * Keys that fit 2^k slots with a 1-in-20 chance that one seed fails, k = 0..17 (0 = unsupported),
     * from {@code BandingConfigHelperData<kOneIn20, 128U, false>::kKnownToAddByPow2} in
     * util/ribbon_config.cc (RocksDB measured them with FindOccupancy in util/ribbon_test.cc).
     */
    private static final double[] KNOWN_TO_ADD_BY_POW2 = {
        0, 0, 0, 0, 0, 0, 0, 0,
        248.851, 499.532, 1001.26, 2003.97, 4005.59, 8000.39, 15966.6, 31828.1, 63447.3, 126506,
    };

    /** Growth of the overhead factor (slots per key) per doubling of the slots for kCoeffBits 128. */
    private static final double FACTOR_PER_POW2 = 0.0038;

    /** 1 / ln 2 as RocksDB writes it in GetNumSlots and GetNumToAdd (10 decimals, not the double's). */
    private static final double LOG2_E_ROCKSDB = 1.4426950409;

    /** 2^32, the denominator of the rounding bias. */
    private static final double TWO_TO_32 = 4294967296.0;

    /** The largest {@code uint32_t}, {@code static_cast<ResultRow>(-1)}. */
    private static final double MAX_UINT32 = 4294967295.0;

    private final double bitsPerKey;
    private final int millibits;
    private final int bloomProbes;
    private final double desiredOneInFpRate;
    // GetBytesForOneInFpRate's terms of the rate alone, r and the share of blocks with r columns, computed once (a row
    // of settings sizes each setting's filter at two biases); -1 and NaN where it answers without them
    private final int lowerColumnsOfRate;
    private final double lowerPortionOfRate;

    private Ribbon(double bitsPerKey) {
        this.bitsPerKey = RocksDbLocalBloom.sanitizedBitsPerKey(bitsPerKey);
        this.millibits = RocksDbLocalBloom.millibitsPerKey(bitsPerKey);
        this.bloomProbes = RocksDbLocalBloom.chooseNumProbes(millibits);
        this.desiredOneInFpRate = 1.0 / RocksDbLocalBloom.cacheLocalFpRate(this.bitsPerKey, bloomProbes);
        boolean mixed = mixesColumns(desiredOneInFpRate);
        this.lowerColumnsOfRate = mixed ? lowerColumns(desiredOneInFpRate) : -1;
        this.lowerPortionOfRate = mixed ? lowerPortion(desiredOneInFpRate) : Double.NaN;
    }

    /**
     * The rules of {@code NewRibbonFilterPolicy(bitsPerKey)}.
     *
     * @param bitsPerKey the Bloom-equivalent bits per key, {@code >= 0.5} (below, RocksDB builds no
     *                   filter: see {@link RocksDbLocalBloom#hasFilter(double)})
     */
    public static Ribbon of(double bitsPerKey) {
        if (!RocksDbLocalBloom.hasFilter(bitsPerKey)) {
            throw new IllegalArgumentException("bits per key (" + bitsPerKey
                    + ") < 0.5: RocksDB builds no filter");
        }
        return new Ribbon(bitsPerKey);
    }

    /** The rules at {@code millibits / 1000.0} bits per key, the value {@code ribbonfilter:B} gives for a B of three decimals. */
    public static Ribbon ofMillibits(int millibits) {
        if (millibits < 1000 || millibits > 100_000) {
            throw new IllegalArgumentException("millibits per key (" + millibits + ") must be in [1000, 100000]");
        }
        return new Ribbon(millibits / 1000.0);
    }

    // ---- the setting ----

    /** Bits per key after RocksDB's sanitizing (the value CacheLocalFpRate is taken at). */
    public double bitsPerKey() {
        return bitsPerKey;
    }

    /** Thousandths of a bit per key (the Bloom fallback's size). */
    public int millibits() {
        return millibits;
    }

    /** Probes of the Bloom fallback (FastLocalBloomImpl::ChooseNumProbes at {@link #millibits()}). */
    public int bloomProbes() {
        return bloomProbes;
    }

    /** 1 / (the Bloom filter's CacheLocalFpRate at this setting): the rate Ribbon is sized for. */
    public double desiredOneInFpRate() {
        return desiredOneInFpRate;
    }

    /** Result bits of the lower blocks: FloorLog2((uint32) oneIn), 0 when oneIn &lt;= 1, 32 above 2^32 - 1. */
    public int lowerResultBits() {
        if (!(desiredOneInFpRate > 1.0)) {
            return 0;
        }
        if (desiredOneInFpRate > MAX_UINT32) {
            return MAX_RESULT_BITS;
        }
        return 63 - Long.numberOfLeadingZeros((long) desiredOneInFpRate);
    }

    /** Result bits of the upper blocks: one more than {@link #lowerResultBits()}, except at 32. */
    public int upperResultBits() {
        return Math.min(MAX_RESULT_BITS, lowerResultBits() + 1);
    }

    // ---- sizes for n keys ----

    /**
     * True if RocksDB builds its Bloom filter instead of a Ribbon filter for n hashes: more than
     * {@link #MAX_RIBBON_ENTRIES}, or fewer than 1024 slots where the Bloom filter is smaller.
     * (It also falls back when all 256 seeds fail, which the slot count makes vanishingly rare.)
     *
     * @param roundingBias32 the upper 32 bits of the first hash added, read as unsigned
     */
    public boolean usesBloom(long entries, int roundingBias32) {
        checkEntries(entries);
        return entries > MAX_RIBBON_ENTRIES || usesBloom(entries, numSlots(entries), roundingBias32);
    }

    /** {@link #usesBloom(long, int)} for n of at most {@link #MAX_RIBBON_ENTRIES}, its {@link #numSlots} given. */
    private boolean usesBloom(long entries, long slots, int roundingBias32) {
        return usesBloomOverData(entries, slots, ribbonDataBytes(slots, roundingBias32));
    }

    /**
     * Bytes RocksDB writes for the filter of n hashes, the 5 metadata bytes included: the table
     * property {@code filter_size} of an SST file that holds one (unpartitioned) filter; 0 for n = 0.
     */
    public long filterBytes(long entries, int roundingBias32) {
        checkEntries(entries);
        if (entries == 0) {
            return 0;
        }
        if (entries > MAX_RIBBON_ENTRIES) {
            return bloomBytesWithMetadata(entries);
        }
        return filterBytes(entries, numSlots(entries), roundingBias32);
    }

    /** {@link #filterBytes(long, int)} for 0 &lt; n &lt;= {@link #MAX_RIBBON_ENTRIES}, its {@link #numSlots} given. */
    private long filterBytes(long entries, long slots, int roundingBias32) {
        return bytesOverData(entries, slots, ribbonDataBytes(slots, roundingBias32));
    }

    /** {@link #filterBytes(long, int)} averaged over a uniformly random rounding bias. */
    public double expectedFilterBytes(long entries) {
        checkEntries(entries);
        if (entries == 0) {
            return 0.0;
        }
        return averageOverBias(roundingThreshold(entries), bias -> filterBytes(entries, bias));
    }

    /** Bytes of the Bloom fallback with metadata (FastLocalBloomBitsBuilder::CalculateSpace). */
    public long bloomBytesWithMetadata(long entries) {
        return RocksDbLocalBloom.filterBytes(entries, millibits) + METADATA_BYTES;
    }

    /** Data bytes of a Ribbon filter over {@code slots} slots (GetBytesForOneInFpRate, no metadata). */
    public long ribbonDataBytes(long slots, int roundingBias32) {
        if (lowerColumnsOfRate < 0) {
            return bytesForOneInFpRate(slots, desiredOneInFpRate, roundingBias32);
        }
        checkSlots(slots);
        return mixedDataBytes(slots, lowerColumnsOfRate, lowerPortionOfRate, roundingBias32);
    }

    /**
     * The Ribbon layout RocksDB builds for n hashes: blocks, result bits, where the upper blocks start.
     *
     * @throws IllegalArgumentException if RocksDB builds its Bloom filter for these n and bias
     */
    public Layout layout(long entries, int roundingBias32) {
        checkEntries(entries);
        if (entries == 0 || usesBloom(entries, roundingBias32)) {
            throw new IllegalArgumentException("RocksDB builds no Ribbon filter for " + entries
                    + " entries at " + bitsPerKey + " bits per key (see usesBloom)");
        }
        return layoutOverSlots(numSlots(entries), roundingBias32);
    }

    /** The Ribbon layout over {@code slots} slots, where RocksDB builds a Ribbon filter. */
    private Layout layoutOverSlots(long slots, int roundingBias32) {
        return Layout.of(slots / COEFF_BITS, ribbonDataBytes(slots, roundingBias32));
    }

    // ---- rates ----

    /**
     * The false-positive rate of the filter RocksDB builds over n hashes: the Ribbon layout's
     * {@link Layout#expectedFpRate()} with the 64-bit hash collision term added, or where RocksDB
     * falls back, the Bloom filter's rate ({@link #bloomFpr}, as {@code org.monkeyeval.family.rocksdb.RocksDbFamily}
     * rates it).
     */
    public double fpr(long entries, int roundingBias32) {
        return fpr(entries, roundingBias32, () -> bloomFpr(entries));
    }

    /** {@link #fpr(long, int)} with the Bloom fallback's rate, {@link #bloomFpr}, asked of {@code bloomRate}. */
    private double fpr(long entries, int roundingBias32, DoubleSupplier bloomRate) {
        checkEntries(entries);
        if (entries == 0) {
            return 0.0;
        }
        if (entries > MAX_RIBBON_ENTRIES) {
            return bloomRate.getAsDouble();
        }
        return fpr(entries, numSlots(entries), roundingBias32, bloomRate);
    }

    /** {@link #fpr(long, int, DoubleSupplier)} for 0 &lt; n &lt;= {@link #MAX_RIBBON_ENTRIES}, its slots given. */
    private double fpr(long entries, long slots, int roundingBias32, DoubleSupplier bloomRate) {
        return fprOverData(entries, slots, ribbonDataBytes(slots, roundingBias32), bloomRate);
    }

    /** {@link #fpr(long, int)} averaged over a uniformly random rounding bias. */
    public double expectedFpr(long entries) {
        checkEntries(entries);
        if (entries == 0) {
            return 0.0;
        }
        return averageOverBias(roundingThreshold(entries), bias -> fpr(entries, bias));
    }

    /** The Bloom fallback's rate over its real lines, as the Bloom family rates it ({@link LineOccupancy#fpr}). */
    public double bloomFpr(long entries) {
        checkEntries(entries);
        if (entries == 0) {
            return 0.0;
        }
        return LineOccupancy.fpr(entries, RocksDbLocalBloom.lines(entries, millibits), bloomProbes);
    }

    /**
     * RocksDB's own {@code Standard128RibbonBitsBuilder::EstimatedFpRate(n, lenWithMetadata)}: 1 for a
     * filter of metadata only; the Bloom estimate above kMaxRibbonEntries; otherwise the Ribbon layout
     * that {@code lenWithMetadata} bytes give at RoundUpNumSlots(GetNumSlots(n)) slots, without the
     * collision term, and even where the filter built is the small-filter Bloom fallback (RocksDB
     * calls it only to trade sizes under optimize_filters_for_memory).
     */
    public double estimatedFpRate(long entries, long lenWithMetadata) {
        checkEntries(entries);
        if (lenWithMetadata <= METADATA_BYTES) {
            return entries > 0 ? 1.0 : 0.0;
        }
        if (entries > MAX_RIBBON_ENTRIES) {
            return RocksDbLocalBloom.cacheLocalFpRate(8.0 * (lenWithMetadata - METADATA_BYTES) / entries,
                    bloomProbes); // FastLocalBloomImpl::EstimatedFpRate also adds a 64-bit fingerprint term
        }
        return Layout.of(numSlots(entries) / COEFF_BITS, lenWithMetadata).expectedFpRate();
    }

    /**
     * RocksDB's {@code ExpectedCollisionFpRate} for a 64-bit hash: n / 2^64, the chance that a key's
     * hash equals one of the n stored hashes (util/ribbon_impl.h).
     */
    public static double collisionFpRate(long entries) {
        return entries / 0x1p64; // 2^64, as pow(2.0, 64) gives it exactly
    }

    /** {@code BloomMath::IndependentProbabilitySum}: a + b - ab. */
    static double independentProbabilitySum(double a, double b) {
        return a + b - a * b;
    }

    // ---- reverse: keys for a byte budget ----

    /**
     * RocksDB's {@code Standard128RibbonBitsBuilder::ApproximateNumEntries(bytes)} (used to cut
     * partitioned filters): about the most hashes whose filter fits {@code bytes}, metadata included.
     */
    public long approximateNumEntries(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes (" + bytes + ") must be >= 0");
        }
        long lenNoMetadata = (Math.max(bytes, METADATA_BYTES) - METADATA_BYTES) & ~15L; // RoundDownUsableSpace
        if (!(desiredOneInFpRate > 1.0)) {
            return MAX_RIBBON_ENTRIES;
        }
        double minRealBitsPerSlot;
        if (desiredOneInFpRate >= 1.0 + MAX_UINT32) {
            minRealBitsPerSlot = MAX_RESULT_BITS;
        } else {
            // A mix of r and r + 1 columns is a little worse than log2(oneIn) bits.
            long rounded = (long) desiredOneInFpRate;
            int upperBitsPerKey = 1 + (63 - Long.numberOfLeadingZeros(rounded));
            double fpRateForUpper = Math.pow(2.0, -upperBitsPerKey);
            double portionLower = (1.0 / desiredOneInFpRate - fpRateForUpper) / fpRateForUpper;
            minRealBitsPerSlot = upperBitsPerKey - portionLower;
        }
        double maxSlots = lenNoMetadata * 8.0 / minRealBitsPerSlot;
        if (!(maxSlots < numSlotsFor(MAX_RIBBON_ENTRIES))) {
            return MAX_RIBBON_ENTRIES;
        }
        long slots = roundUpNumSlots((long) maxSlots);
        for (int i = 0; slots > 0; ++i) {
            if (bytesForOneInFpRate(slots, desiredOneInFpRate, 0) <= lenNoMetadata || i >= 2) {
                break;
            }
            slots = roundDownNumSlots(slots - 1);
        }
        long entries = numToAdd(slots);
        if (slots < SMALL_FILTER_SLOTS) {
            // FastLocalBloomBitsBuilder::ApproximateNumEntries: 8000 * bytes rounded down to lines / millibits
            long bloomData = bytes >= METADATA_BYTES ? bloomRoundDown(bytes) - METADATA_BYTES : 0;
            return Math.max(entries, 8000L * bloomData / millibits);
        }
        return Math.min(entries, MAX_RIBBON_ENTRIES);
    }

    private static long bloomRoundDown(long availableSize) {
        long rv = Math.min(availableSize - METADATA_BYTES, RocksDbLocalBloom.MAX_DATA_BYTES);
        return (rv & ~63L) + METADATA_BYTES;
    }

    // ---- static rules (util/ribbon_config.cc, util/ribbon_impl.h) ----

    /** RoundUpNumSlots(GetNumSlots(n)): the slots of the Ribbon filter for n hashes (NumEntriesToNumSlots). */
    public static long numSlots(long entries) {
        return roundUpNumSlots(numSlotsFor(entries));
    }

    /**
     * {@code GetNumSlots(n)} for kOneIn20, 128-bit rows, no smash: 0 for n = 0; 256 where the table
     * has no point (k &lt; 8); otherwise linear interpolation, rounded up, between the powers of two
     * 2^k and 2^(k+1) whose known key counts bracket n, with k first guessed as round(log2 n).
     */
    public static long numSlotsFor(long entries) {
        checkEntries(entries);
        if (entries == 0) {
            return 0;
        }
        double log2NumToAdd = Math.log(entries) * LOG2_E_ROCKSDB;
        int approxLog2Slots = (int) (log2NumToAdd + 0.5);
        double lowerNumToAdd = numToAddForPow2(approxLog2Slots);
        double upperNumToAdd;
        if (approxLog2Slots == 0 || lowerNumToAdd == 0) {
            return MIN_SLOTS;
        } else if (entries < lowerNumToAdd) {
            upperNumToAdd = lowerNumToAdd;
            --approxLog2Slots;
            lowerNumToAdd = numToAddForPow2(approxLog2Slots);
        } else {
            upperNumToAdd = numToAddForPow2(approxLog2Slots + 1);
        }
        double upperPortion = (entries - lowerNumToAdd) / (upperNumToAdd - lowerNumToAdd);
        double lowerNumSlots = (double) (1L << approxLog2Slots);
        return (long) (upperPortion * lowerNumSlots + lowerNumSlots + 0.999999999);
    }

    /** {@code GetNumToAdd(slots)}: the keys {@code slots} slots take (the inverse of {@link #numSlotsFor}). */
    public static long numToAdd(long slots) {
        if (slots < 0) {
            throw new IllegalArgumentException("slots (" + slots + ") must be >= 0");
        }
        if (slots == 0) {
            return 0;
        }
        double log2NumSlots = Math.log(slots) * LOG2_E_ROCKSDB;
        int floorLog2 = (int) log2NumSlots;
        if (floorLog2 + 1 < KNOWN_TO_ADD_BY_POW2.length) {
            double ceilPortion = (double) slots / (1L << floorLog2) - 1.0;
            return (long) (ceilPortion * KNOWN_TO_ADD_BY_POW2[floorLog2 + 1]
                    + (1.0 - ceilPortion) * KNOWN_TO_ADD_BY_POW2[floorLog2]);
        }
        return (long) (slots / factorForLarge(log2NumSlots));
    }

    /** {@code GetNumToAddForPow2(k)}: the table for k &lt; 18, else 2^k / the overhead factor at k. */
    static double numToAddForPow2(int log2Slots) {
        if (log2Slots < KNOWN_TO_ADD_BY_POW2.length) {
            return KNOWN_TO_ADD_BY_POW2[log2Slots];
        }
        return (double) (1L << log2Slots) / factorForLarge(log2Slots);
    }

    /**
     * {@code GetFactorForLarge(log2 slots)}: slots per key grows by 0.0038 per doubling, from
     * {@code 2^17 / K[17]} at 2^17 slots (GetBaseFactor + log2 * GetFactorPerPow2).
     */
    static double factorForLarge(double log2Slots) {
        int last = KNOWN_TO_ADD_BY_POW2.length - 1;
        double finalKnownFactor = 1.0 * (1L << last) / KNOWN_TO_ADD_BY_POW2[last];
        double baseFactor = finalKnownFactor - last * FACTOR_PER_POW2;
        return baseFactor + log2Slots * FACTOR_PER_POW2;
    }

    /** {@code SerializableInterleavedSolution::RoundUpNumSlots}: a multiple of 128, never a single block. */
    public static long roundUpNumSlots(long slots) {
        long corrected = (slots + COEFF_BITS - 1) / COEFF_BITS * COEFF_BITS;
        return corrected == COEFF_BITS ? corrected + COEFF_BITS : corrected;
    }

    /** {@code RoundDownNumSlots}: a multiple of 128, and 0 instead of a single block. */
    public static long roundDownNumSlots(long slots) {
        long corrected = slots / COEFF_BITS * COEFF_BITS;
        return corrected == COEFF_BITS ? 0 : corrected;
    }

    /**
     * {@code GetBytesForOneInFpRate(slots, oneIn, bias)}: data bytes (no metadata) for a filter of
     * {@code slots} slots whose rate is as close to 1/oneIn as mixing r- and (r+1)-bit blocks gets;
     * see the class comment. The bias ({@code rounding_bias32}) decides a fractional block.
     */
    public static long bytesForOneInFpRate(long slots, double oneIn, int roundingBias32) {
        checkSlots(slots);
        if (!mixesColumns(oneIn)) {
            double fpRate = 1.0 / oneIn;
            if (!(oneIn > 1.0 && fpRate < 1.0)) {
                return SEGMENT_BYTES; // "Effectively asking for 100% FP rate": one segment
            }
            return slots * (MAX_RESULT_BITS / Byte.SIZE); // above 2^32 - 1: 32 columns, the most a ResultRow holds
        }
        return mixedDataBytes(slots, lowerColumns(oneIn), lowerPortion(oneIn), roundingBias32);
    }

    private static void checkSlots(long slots) {
        if (slots < MIN_SLOTS || slots % COEFF_BITS != 0) {
            throw new IllegalArgumentException("slots (" + slots + ") must be a multiple of 128, >= 256");
        }
    }

    /** Whether GetBytesForOneInFpRate mixes r- and (r+1)-column blocks for oneIn: in (1, 2^32 - 1], 1/oneIn below 1. */
    private static boolean mixesColumns(double oneIn) {
        double fpRate = 1.0 / oneIn;
        return oneIn > 1.0 && fpRate < 1.0 && !(oneIn > MAX_UINT32);
    }

    /** r = floor(log2(oneIn)), the lower blocks' columns. */
    private static int lowerColumns(double oneIn) {
        return 63 - Long.numberOfLeadingZeros((long) oneIn);
    }

    /** The share of blocks with r columns whose mix with r + 1 gives the rate 1/oneIn. */
    private static double lowerPortion(double oneIn) {
        double fpRate = 1.0 / oneIn;
        int lowerColumns = lowerColumns(oneIn);
        // 2^-r exactly, as pow gives it for integer powers of two (Math.scalb, without pow's general path)
        double lowerColumnsFpRate = Math.scalb(1.0, -lowerColumns);
        double upperColumnsFpRate = Math.scalb(1.0, -(lowerColumns + 1));
        return (fpRate - upperColumnsFpRate) / (lowerColumnsFpRate - upperColumnsFpRate);
    }

    /** The data bytes of r- and (r+1)-column blocks mixed as {@code lowerPortion} asks, the bias placing the split. */
    private static long mixedDataBytes(long slots, int lowerColumns, double lowerPortion, int roundingBias32) {
        long blocks = slots / COEFF_BITS;
        long upperStartBlock = upperStartBlockAt(slots, lowerPortion, roundingBias32);
        long segments = blocks * lowerColumns + (blocks - upperStartBlock);
        return segments * SEGMENT_BYTES;
    }

    /**
     * The first block with r + 1 result bits, as InternalGetBytesForFpRate computes it:
     * {@code (uint32) ((lowerPortion * starts + (bias + 0.5) / 2^32) / 128)}.
     *
     * @param oneIn in (1, 2^32 - 1]
     */
    static long upperStartBlock(long slots, double oneIn, int roundingBias32) {
        return upperStartBlockAt(slots, lowerPortion(oneIn), roundingBias32);
    }

    /** {@link #upperStartBlock(long, double, int)} from its rate's share of blocks with r columns. */
    private static long upperStartBlockAt(long slots, double lowerPortion, int roundingBias32) {
        double roundingBias = (Integer.toUnsignedLong(roundingBias32) + 0.5) / TWO_TO_32;
        long starts = slots - COEFF_BITS + 1;
        return (long) ((lowerPortion * starts + roundingBias) / COEFF_BITS);
    }

    /**
     * The least unsigned rounding bias at which a filter of n hashes takes the size of the largest
     * bias; 2^32 when every bias gives the same size. Sizes are monotone in the bias (a larger bias
     * moves upperStartBlock up, never down, and by at most one block), so the bias range splits in two
     * at this point; found by bisection on the same double arithmetic RocksDB does.
     */
    public long roundingThreshold(long entries) {
        checkEntries(entries);
        if (entries == 0 || entries > MAX_RIBBON_ENTRIES) {
            return 1L << 32;
        }
        return thresholdOverSlots(numSlots(entries));
    }

    /** {@link #roundingThreshold(long)} for 0 &lt; n &lt;= {@link #MAX_RIBBON_ENTRIES}, from its {@link #numSlots}. */
    private long thresholdOverSlots(long slots) {
        return thresholdOverSlots(slots, ribbonDataBytes(slots, 0), ribbonDataBytes(slots, -1));
    }

    /** {@link #thresholdOverSlots(long)}, the data bytes at the least and the largest bias given. */
    private long thresholdOverSlots(long slots, long low, long high) {
        if (low == high) {
            return 1L << 32;
        }
        long lo = 0; // size(lo) != high
        long hi = 0xFFFF_FFFFL; // size(hi) == high
        while (hi - lo > 1) {
            long mid = (lo + hi) >>> 1;
            if (ribbonDataBytes(slots, (int) mid) == high) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /**
     * {@link #expectedFpr} and {@link #expectedFilterBytes} over n hashes at once, the rounding threshold found
     * once for both: the same two numbers, bit for bit (a family's row of settings takes both).
     *
     * @param bloomRate the Bloom fallback's rate over the n hashes, {@link #bloomFpr}, asked for only where RocksDB
     *                  builds that filter (a row of settings hands on the rate its neighbour of the same lines and
     *                  probes found)
     * @return the rate, then the bytes
     */
    public double[] expectedFprAndFilterBytes(long entries, DoubleSupplier bloomRate) {
        checkEntries(entries);
        if (entries == 0) {
            return new double[] {0.0, 0.0};
        }
        return expectedFprAndFilterBytes(entries, rowSlots(entries), bloomRate);
    }

    /**
     * The slots {@link #expectedFprAndFilterBytes(long, long, DoubleSupplier)} takes for n &gt;= 1: {@link #numSlots},
     * or -1 above {@link #MAX_RIBBON_ENTRIES}, where every bias builds the Bloom filter.
     */
    static long rowSlots(long entries) {
        return entries > MAX_RIBBON_ENTRIES ? -1 : numSlots(entries);
    }

    /**
     * {@link #expectedFprAndFilterBytes(long, DoubleSupplier)} for n &gt;= 1, its slots given ({@link #rowSlots}):
     * the slots depend on n alone, so a row of settings counts them once. Each
     * bias's data bytes ({@link #ribbonDataBytes}) are computed once and read by the threshold, the layout, the
     * fallback test and the size: the same values each of them computes for itself.
     */
    double[] expectedFprAndFilterBytes(long entries, long slots, DoubleSupplier bloomRate) {
        double[] both = new double[2];
        expectedFprAndFilterBytes(entries, slots, bloomRate, both);
        return both;
    }

    /**
     * {@link #expectedFprAndFilterBytes(long, long, DoubleSupplier)} written into {@code both} (the rate, then the
     * bytes): a row of settings hands the same two slots to each of its 99,001 settings.
     */
    void expectedFprAndFilterBytes(long entries, long slots, DoubleSupplier bloomRate, double[] both) {
        if (entries > MAX_RIBBON_ENTRIES) { // every bias builds the Bloom filter
            both[0] = bloomRate.getAsDouble();
            both[1] = bloomBytesWithMetadata(entries);
            return;
        }
        long dataLow = ribbonDataBytes(slots, 0);
        long dataHigh = ribbonDataBytes(slots, -1);
        long threshold = thresholdOverSlots(slots, dataLow, dataHigh);
        // averageOverBias's steps without its lambdas: a row of settings asks this 99,001 times, and they were most
        // of what the row allocated
        double fprLow = fprOverData(entries, slots, dataLow, bloomRate);
        double bytesLow = bytesOverData(entries, slots, dataLow);
        if (threshold >= 1L << 32) {
            both[0] = fprLow;
            both[1] = bytesLow;
            return;
        }
        double shareHigh = shareAtOrAbove(threshold);
        both[0] = overBias(shareHigh, fprLow, fprOverData(entries, slots, dataHigh, bloomRate));
        both[1] = overBias(shareHigh, bytesLow, bytesOverData(entries, slots, dataHigh));
    }

    /**
     * Whether RocksDB builds the Bloom filter at a bias whose {@link #ribbonDataBytes} are {@code data}: few slots,
     * and the Bloom filter smaller (CalculateSpaceAndSlots).
     */
    private boolean usesBloomOverData(long entries, long slots, long data) {
        return slots < SMALL_FILTER_SLOTS && bloomBytesWithMetadata(entries) < data + METADATA_BYTES;
    }

    /**
     * The rate at a bias whose {@link #ribbonDataBytes} are {@code data}: the layout's with the hash collision term,
     * or the Bloom fallback's.
     */
    private double fprOverData(long entries, long slots, long data, DoubleSupplier bloomRate) {
        if (usesBloomOverData(entries, slots, data)) {
            return bloomRate.getAsDouble();
        }
        return independentProbabilitySum(Layout.of(slots / COEFF_BITS, data).expectedFpRate(),
                collisionFpRate(entries));
    }

    /** Bytes with metadata at a bias whose {@link #ribbonDataBytes} are {@code data}. */
    private long bytesOverData(long entries, long slots, long data) {
        return usesBloomOverData(entries, slots, data) ? bloomBytesWithMetadata(entries) : data + METADATA_BYTES;
    }

    /** The value at a uniformly random rounding bias, the biases at or above {@code threshold} giving the larger. */
    private static double averageOverBias(long threshold, java.util.function.IntToDoubleFunction valueAtBias) {
        double atLow = valueAtBias.applyAsDouble(0);
        if (threshold >= 1L << 32) {
            return atLow;
        }
        return overBias(shareAtOrAbove(threshold), atLow, valueAtBias.applyAsDouble(-1));
    }

    /** The share of the 2^32 rounding biases at or above {@code threshold}, which give the larger value. */
    private static double shareAtOrAbove(long threshold) {
        return ((1L << 32) - threshold) / TWO_TO_32;
    }

    /** The mean over the biases of a value {@code atLow} below the threshold and {@code atHigh} at or above it. */
    private static double overBias(double shareHigh, double atLow, double atHigh) {
        return (1.0 - shareHigh) * atLow + shareHigh * atHigh;
    }

    private static void checkEntries(long entries) {
        if (entries < 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 0");
        }
    }

    /**
     * The shape of a Ribbon filter's data as its reader derives it from the block count and the data
     * bytes ({@code SerializableInterleavedSolution::InternalConfigure}): blocks below
     * {@code upperStartBlock} have {@code upperColumns - 1} result bits, the rest {@code upperColumns}.
     *
     * @param numBlocks       blocks of 128 slots, {@code >= 2}
     * @param upperColumns    result bits of the upper blocks, 0..32
     * @param upperStartBlock the first block with {@code upperColumns} result bits
     */
    public record Layout(long numBlocks, int upperColumns, long upperStartBlock) {

        public Layout {
            if (numBlocks < 2) {
                throw new IllegalArgumentException("blocks (" + numBlocks + ") must be >= 2");
            }
            if (upperColumns < 0 || upperColumns > MAX_RESULT_BITS) {
                throw new IllegalArgumentException("result bits (" + upperColumns + ") must be in [0, 32]");
            }
            if (upperStartBlock < 0 || upperStartBlock >= numBlocks && upperColumns > 0) {
                throw new IllegalArgumentException("upper start block (" + upperStartBlock + ") must be in [0, "
                        + numBlocks + ")");
            }
        }

        /**
         * InternalConfigure: {@code segments = dataBytes / 16}, upper = ceil(segments / blocks) capped at
         * 32, upperStartBlock = upper * blocks - segments (0 at the cap, where bytes beyond go unused).
         */
        public static Layout of(long numBlocks, long dataBytes) {
            if (numBlocks < 2) {
                throw new IllegalArgumentException("blocks (" + numBlocks + ") must be >= 2");
            }
            if (dataBytes < 0) {
                throw new IllegalArgumentException("data bytes (" + dataBytes + ") must be >= 0");
            }
            long segments = dataBytes / SEGMENT_BYTES;
            long upper = (segments + numBlocks - 1) / numBlocks;
            if (upper > MAX_RESULT_BITS) {
                return new Layout(numBlocks, MAX_RESULT_BITS, 0);
            }
            return new Layout(numBlocks, (int) upper, upper * numBlocks - segments);
        }

        /** Slots, 128 per block. */
        public long numSlots() {
            return numBlocks * COEFF_BITS;
        }

        /** Positions a key can start at: slots - 127 (each key's row spans 128 slots). */
        public long numStarts() {
            return numSlots() - COEFF_BITS + 1;
        }

        /** 128-bit segments of data: one per result bit per block. */
        public long numSegments() {
            return numBlocks * upperColumns - upperStartBlock;
        }

        /** Data bytes used, 16 per segment (without metadata). */
        public long dataBytes() {
            return numSegments() * SEGMENT_BYTES;
        }

        /** Result bits of block {@code block}. */
        public int columnsOfBlock(long block) {
            return block < upperStartBlock ? upperColumns - 1 : upperColumns;
        }

        /** Mean result bits over the starts a query can pick: the filter's bits of "fingerprint". */
        public double meanResultBits() {
            double lowerPortion = lowerPortion();
            return lowerPortion * (upperColumns - 1) + (1.0 - lowerPortion) * upperColumns;
        }

        /**
         * {@code SerializableInterleavedSolution::ExpectedFpRate}: a query's start falls in a lower
         * block with chance p = 128 upperStartBlock / starts (every lower block is a full block of
         * starts), where r - 1 bits must match by chance, else r bits.
         */
        public double expectedFpRate() {
            double lowerPortion = lowerPortion();
            // 0.5^(r - 1) and 0.5^r exactly, as pow gives them for integer powers of two
            double upperRate = HALF_TO_THE[upperColumns];
            return lowerPortion * (2.0 * upperRate) + (1.0 - lowerPortion) * upperRate;
        }

        /**
         * 0.5^r for r = 0..32, each exact ({@link Math#scalb}); twice one is 0.5^(r - 1), also exact. A row of
         * settings asks 99,001 layouts their rate, and scalb's general path had been a fifth of the row's time.
         */
        private static final double[] HALF_TO_THE = halfPowers();

        private static double[] halfPowers() {
            double[] powers = new double[MAX_RESULT_BITS + 1];
            for (int r = 0; r <= MAX_RESULT_BITS; r++) {
                powers[r] = Math.scalb(1.0, -r);
            }
            return powers;
        }

        private double lowerPortion() {
            return (upperStartBlock * 1.0 * COEFF_BITS) / numStarts();
        }
    }
}
