package org.monkeyeval.family.fastfilter;

import java.util.List;
import java.util.function.LongUnaryOperator;

import org.fastfilter.utils.Hash;
import org.fastfilter.xor.Xor16;
import org.fastfilter.xor.Xor8;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.RealFilter;
import org.monkeyeval.family.RealFilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.filter.Filter;

/**
 * A static-set fingerprint filter of one fingerprint width: xor (three hashes, 1.23 n + 3 slots) or
 * binary fuse (three hashes into consecutive segments, about 1.125 n slots for large n).
 *
 * <pre>
 *   xor (FastFilter 1.0.2, org.fastfilter.xor.Xor8 / Xor16, getArrayLength):
 *     slots = 3 + floor(123 n / 100)                                   (integer arithmetic)
 *   binary fuse, arity 3 (FastFilter 1.0.5, org.fastfilter.xor.XorBinaryFuse8.construct;
 *   Graf and Lemire 2022, section 4; n &lt;= 1 as in FastFilter/xor_singleheader binaryfusefilter.h;
 *   the functions are BinaryFuseFilter's):
 *     segmentLength = min(2^18, 2^floor(ln n / ln 3.33 + 2.11))       (4 for n &lt;= 1)
 *     sizeFactor    = max(1.125, 0.875 + 0.25 ln(10^6) / ln n)
 *     capacity      = floor(n sizeFactor)                              (0 for n &lt;= 1)
 *     segmentCount  = ceil(capacity / segmentLength) - 2; arrayLength = (segmentCount + 2) segmentLength
 *     segmentCount  = ceil(arrayLength / segmentLength), then 1 if &lt;= 2, else minus 2
 *     slots         = (segmentCount + 2) segmentLength
 *   bits = slots * w        (w = 4, 8, 10, 12, 16; every width packed w bits to a slot)
 *   p    = 2^-w              binary fuse, built here ({@link BinaryFuseFilter}: its fingerprint is
 *                            independent of its slots, so every built filter has rate 2^-w)
 *   p    = 2^-w * excess(n)  xor, the mean rate of FastFilter 1.0.2's filters (below)
 * </pre>
 *
 * <p>Where FastFilter 1.0.2's xor filters depart from 2^-w. The analysis (Graf and Lemire 2020,
 * section 3) takes a key's fingerprint independent of its three slots. In the library the fingerprint
 * is the hash's low w bits, and slot 1 is {@code reduce((int) rotateLeft(hash, 21), blockLength)},
 * whose 32-bit argument carries the hash's bits 0..10 at its top: the fingerprint and the second slot
 * are not independent, and a filter's rate depends on how its table's values sit in its slots.
 *
 * <p>A built filter's rate. {@link #build} predicts each filter at the rate of its own table, computed
 * by {@link XorTableRate} (the exact joint law of fingerprint and slot 1, the blocks' value histograms
 * XOR-convolved; the one approximation and its measured size are in that class's comment), with build
 * variance 0: {@code confirm}'s z-score of an xor row tests the library's filter against that filter's
 * rate with the queries' binomial noise only, and the row's {@code predicted_fpr} is that filter's rate,
 * not the family's mean. The rate varies from filter to filter with a right-skewed law (xor8, n = 6349,
 * 2000 filters: mean 1.24, sd 0.25, 99th percentile 2.19, skewness 2.9, in units of 2^-8), so a Gaussian
 * around the mean, as used before, misread the rare high filter as a failed prediction (tiering-4-l3,
 * run 5: measured 0.842%, the mean 0.474% gave z = 4.46; its own table's rate is 0.837%, z = 0.57).
 *
 * <p>The family's rate, for costing. Mean over filters of that per-filter rate, in units of 2^-w, and
 * the standard deviation between filters ({@code XorRateTable} in the tests: random 64-bit keys,
 * 2000 filters per size up to n = 3000, 1000 at 10^4, 400 at 10^5, 60 at 10^6; standard error of a
 * mean = sd / sqrt(filters)):
 *
 * <pre>
 *   n        10     30     100    300    1000   3000   10^4   10^5   10^6
 *   xor8     1.015  1.030  1.120  1.202  1.229  1.240  1.239  1.181  1.144   mean
 *            0.041  0.043  0.132  0.217  0.247  0.231  0.247  0.229  0.236   sd between filters
 *   xor16    2.156  2.846  3.080  2.142  1.351  1.274  1.156  1.020  1.002   mean
 *            0.696  1.142  1.510  1.179  0.105  0.048  0.027  0.009  0.003   sd between filters
 * </pre>
 *
 * {@link #fpr} is 2^-w times the mean, interpolated linearly in log10 n and held at the ends;
 * {@link #rateSpread} gives the standard deviation between filters the same way. An earlier table,
 * measured from queries ({@code org.monkeyeval.bench.XorRateSimulation}, 16 to 1000 filters, 4*10^5 or
 * 2*10^6 queries each), agrees for xor8 within 2.5 of its standard errors; for xor16 its few positives per filter
 * (about 30) left it off by up to 0.1 (n = 10^5: 1.081 against 1.020 +- 0.0004), and its spreads
 * carried the queries' noise.
 *
 * The one setting is the fingerprint width; {@link #settingFor} takes it when the bits per entry
 * asked for reach the family's asymptotic bits per key (1.23 w for xor, 1.125 w for binary fuse) and
 * gives no filter below. The real filter of xor8 and xor16 is the library's, built with its seed
 * drawn from {@link Hash#setSeed} under a lock (the library draws seeds from one static
 * {@code Random}), so a build is a function of the seed passed in. Binary fuse filters of every width
 * are built here ({@link BinaryFuseFilter}), their hash seeds drawn from the seed passed in.
 */
public final class StaticSetFamily implements RealFilterFamily {

    /** xor filter, 8-bit fingerprints (FastFilter Xor8). */
    public static final StaticSetFamily XOR8 = new StaticSetFamily("xor8", Kind.XOR, 8);
    /** xor filter, 16-bit fingerprints (FastFilter Xor16). */
    public static final StaticSetFamily XOR16 = new StaticSetFamily("xor16", Kind.XOR, 16);
    /** binary fuse filter, 4-bit fingerprints packed two to a byte (Pebble's binary-fuse policy at L6). */
    public static final StaticSetFamily BINARY_FUSE4 = new StaticSetFamily("binary-fuse4", Kind.BINARY_FUSE, 4);
    /** binary fuse filter, 8-bit fingerprints (FastFilter 1.0.5 XorBinaryFuse8's sizing and slots). */
    public static final StaticSetFamily BINARY_FUSE8 = new StaticSetFamily("binary-fuse8", Kind.BINARY_FUSE, 8);
    /** binary fuse filter, 10-bit fingerprints, bit-packed (Pebble's binary-fuse policy at L5). */
    public static final StaticSetFamily BINARY_FUSE10 = new StaticSetFamily("binary-fuse10", Kind.BINARY_FUSE, 10);
    /** binary fuse filter, 12-bit fingerprints, bit-packed (Pebble's binary-fuse policy at L4). */
    public static final StaticSetFamily BINARY_FUSE12 = new StaticSetFamily("binary-fuse12", Kind.BINARY_FUSE, 12);
    /** binary fuse filter, 16-bit fingerprints (FastFilter 1.0.5 XorBinaryFuse16's sizing and slots). */
    public static final StaticSetFamily BINARY_FUSE16 = new StaticSetFamily("binary-fuse16", Kind.BINARY_FUSE, 16);

    /** Name of the setting's parameter: bits per fingerprint. */
    public static final String FINGERPRINT_BITS = "fingerprintBits";

    /** Hashes (slots) per key of both kinds. */
    public static final int ARITY = 3;

    /** Largest key count the library's int-indexed arrays take: 3 + 1.23 n slots must fit an int. */
    public static final long MAX_ENTRIES = (Integer.MAX_VALUE - ARITY) / 123L * 100L;

    private static final Object LIBRARY_SEED_LOCK = new Object();

    /** log10 n of the measured sizes (see the class comment). */
    private static final double[] MEASURED_LOG10_N = {1, Math.log10(30), 2, Math.log10(300), 3, Math.log10(3000), 4, 5, 6};
    /** Filters the tables' means are taken over, per measured size (see the class comment). */
    private static final int[] MEASURED_FILTERS = {2000, 2000, 2000, 2000, 2000, 2000, 1000, 400, 60};
    private static final double[] XOR8_EXCESS = {1.015, 1.030, 1.120, 1.202, 1.229, 1.240, 1.239, 1.181, 1.144};
    private static final double[] XOR8_SPREAD = {0.041, 0.043, 0.132, 0.217, 0.247, 0.231, 0.247, 0.229, 0.236};
    private static final double[] XOR16_EXCESS = {2.156, 2.846, 3.080, 2.142, 1.351, 1.274, 1.156, 1.020, 1.002};
    private static final double[] XOR16_SPREAD = {0.696, 1.142, 1.510, 1.179, 0.105, 0.048, 0.027, 0.009, 0.003};

    private enum Kind { XOR, BINARY_FUSE }

    private final String name;
    private final Kind kind;
    private final int fingerprintBits;
    private final Setting setting;

    private StaticSetFamily(String name, Kind kind, int fingerprintBits) {
        this.name = name;
        this.kind = kind;
        this.fingerprintBits = fingerprintBits;
        double asymptotic = (kind == Kind.XOR ? 1.23 : 1.125) * fingerprintBits;
        this.setting = new Setting(asymptotic, Integer.toString(fingerprintBits),
                List.of(new Setting.Parameter(FINGERPRINT_BITS, fingerprintBits)));
    }

    @Override
    public String knobUnit() {
        return "fingerprint bits";
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String source() {
        return kind == Kind.XOR
                ? "FastFilter 1.0.2 org.fastfilter.xor." + (fingerprintBits == 8 ? "Xor8" : "Xor16")
                        + " (Graf and Lemire, Xor Filters, ACM JEA 25, 2020); rate as the library measures it, above 2^-w;"
                        + " no listed engine builds it"
                : "binary fuse, arity 3, " + fingerprintBits + "-bit fingerprints packed (Graf and Lemire,"
                        + " Binary Fuse Filters, ACM JEA 27, 2022): FastFilter 1.0.5 XorBinaryFuse8's sizing,"
                        + " FastFilter's segment layout and slots, built here with a fingerprint independent of"
                        + " the slots (rate 2^-w); no listed engine builds it";
    }

    /** none, then the one fingerprint width. */
    @Override
    public List<Setting> settings() {
        return List.of(Setting.none(), setting);
    }

    /** The fingerprint width when {@code bitsPerEntry} reaches its asymptotic bits per key, else none. */
    @Override
    public Setting settingFor(double bitsPerEntry) {
        return bitsPerEntry >= setting.bitsPerKey() ? setting : Setting.none();
    }

    /** Every request at or above the asymptotic bits per key gets the one width. */
    @Override
    public double maxBitsPerKey() {
        return Double.POSITIVE_INFINITY;
    }

    /**
     * 2^-w (binary fuse, {@link BinaryFuseFilter#falsePositiveRate}) or 2^-w times the mean excess of the
     * library's filters (xor); 1 without a filter.
     */
    @Override
    public double fpr(long entries, Setting s) {
        FilterFamily.checkEntries(entries);
        if (!s.hasFilter()) {
            return 1.0;
        }
        double ideal = Math.scalb(1.0, -fingerprintBits);
        if (kind == Kind.BINARY_FUSE) {
            return BinaryFuseFilter.falsePositiveRate(fingerprintBits);
        }
        return ideal * interpolate(fingerprintBits == 8 ? XOR8_EXCESS : XOR16_EXCESS, entries);
    }

    /**
     * Standard deviation of the rate between filters built over different keys or seeds, computed for
     * the library's xor filters (the class comment; right-skewed, not Gaussian); 0 for binary fuse and
     * without a filter. A built filter carries its own rate and needs none of it.
     */
    public double rateSpread(long entries, Setting s) {
        FilterFamily.checkEntries(entries);
        if (!s.hasFilter() || kind == Kind.BINARY_FUSE) {
            return 0.0;
        }
        return Math.scalb(interpolate(fingerprintBits == 8 ? XOR8_SPREAD : XOR16_SPREAD, entries), -fingerprintBits);
    }

    /**
     * Standard error of the family's mean rate (the table's precision): the spread between filters over
     * the square root of the filters measured, at the nearer measured size; 0 for binary fuse and
     * without a filter.
     */
    public double tableStandardError(long entries, Setting s) {
        FilterFamily.checkEntries(entries);
        if (!s.hasFilter() || kind == Kind.BINARY_FUSE) {
            return 0.0;
        }
        double x = Math.log10(entries);
        int nearest = 0;
        for (int i = 1; i < MEASURED_LOG10_N.length; i++) {
            if (Math.abs(MEASURED_LOG10_N[i] - x) < Math.abs(MEASURED_LOG10_N[nearest] - x)) {
                nearest = i;
            }
        }
        return rateSpread(entries, s) / Math.sqrt(MEASURED_FILTERS[nearest]);
    }

    /** The table at log10 n, linear between measured sizes, held at the ends. */
    private static double interpolate(double[] table, long entries) {
        double x = Math.log10(entries);
        if (x <= MEASURED_LOG10_N[0]) {
            return table[0];
        }
        for (int i = 1; i < MEASURED_LOG10_N.length; i++) {
            if (x <= MEASURED_LOG10_N[i]) {
                double t = (x - MEASURED_LOG10_N[i - 1]) / (MEASURED_LOG10_N[i] - MEASURED_LOG10_N[i - 1]);
                return table[i - 1] + t * (table[i] - table[i - 1]);
            }
        }
        return table[table.length - 1];
    }

    @Override
    public double filterBits(long entries, Setting s) {
        FilterFamily.checkEntries(entries);
        return s.hasFilter() ? (double) slots(entries) * fingerprintBits : 0.0;
    }

    /** Fingerprint slots of the filter over {@code entries} keys. */
    public long slots(long entries) {
        return kind == Kind.XOR ? xorSlots(entries) : binaryFuseSlots(entries);
    }

    /** Xor8/Xor16 getArrayLength: 3 + floor(123 n / 100). */
    public static long xorSlots(long entries) {
        return ARITY + 123L * entries / 100;
    }

    /** XorBinaryFuse8/16 (arity 3): the array length construct allocates ({@link BinaryFuseFilter#slots}). */
    public static long binaryFuseSlots(long entries) {
        return BinaryFuseFilter.slots(entries);
    }

    /**
     * Builds the filter over {@code keyOfIndex(0 .. entries-1)}, which must be distinct (peeling never
     * ends on duplicates). xor8 and xor16 are the library's: its one random draw, the hash seed, follows
     * from {@code seed}, and the filter is predicted at its own table's rate ({@link XorTableRate}).
     * Binary fuse filters are {@link BinaryFuseFilter}s, their hash seeds drawn from {@code seed}, each
     * predicted at 2^-w. Build variance 0 for both: a filter's answers differ from its rate by the
     * queries' binomial noise only.
     */
    @Override
    public RealFilter build(long entries, Setting s, LongUnaryOperator keyOfIndex, long seed) {
        FilterFamily.checkEntries(entries);
        if (!s.hasFilter()) {
            return RealFilter.none();
        }
        if (entries > MAX_ENTRIES) {
            throw new IllegalArgumentException("entries (" + entries + ") above the library's " + MAX_ENTRIES);
        }
        if (kind == Kind.BINARY_FUSE) {
            BinaryFuseFilter fuse = BinaryFuseFilter.construct(entries, fingerprintBits, keyOfIndex, seed);
            return new RealFilter(fuse, fuse.bitCount(), BinaryFuseFilter.falsePositiveRate(fingerprintBits), 0.0);
        }
        long[] keys = new long[(int) entries];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = keyOfIndex.applyAsLong(i);
        }
        org.fastfilter.Filter built;
        synchronized (LIBRARY_SEED_LOCK) {
            Hash.setSeed(seed);
            built = fingerprintBits == 8 ? Xor8.construct(keys) : Xor16.construct(keys);
        }
        double rate = built instanceof Xor8 xor8
                ? XorTableRate.falsePositiveRate(xor8)
                : XorTableRate.falsePositiveRate((Xor16) built);
        long bits = built.getBitCount();
        Filter filter = new Filter() {
            @Override
            public boolean mayContain(long key) {
                return built.mayContain(key);
            }

            @Override
            public long bitCount() {
                return bits;
            }

            @Override
            public int hashes() {
                return ARITY;
            }
        };
        return new RealFilter(filter, bits, rate, 0.0);
    }
}
