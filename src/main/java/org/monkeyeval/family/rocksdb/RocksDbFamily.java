package org.monkeyeval.family.rocksdb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.filter.LineOccupancy;

/**
 * RocksDB's format_version 5 cache-local Bloom filter (the default of {@code NewBloomFilterPolicy}
 * since RocksDB 6.x), with its rules as {@link RocksDbLocalBloom} re-implements them:
 *
 * <pre>
 *   b &lt; 0.5                    no filter
 *   millibits = (int)(b*1000 + 0.500001) after sanitizing (0.5..1 -&gt; 1, &gt;= 100 -&gt; 100)
 *   k         = ChooseNumProbes(millibits)           RocksDB's millibit table
 *   size      = roundUp64(ceil(n * millibits / 8000)) + 5 metadata bytes
 *   p         = E_J[ E[(X/512)^k] ]                  the built filter's rate (LineOccupancy):
 *               J ~ Binomial(n, 1/lines) keys in the queried line, X the bits its k J probes set
 * </pre>
 *
 * The settings are every millibit value from 1000 to 100000 (what the OPTIONS file's
 * {@code bloomfilter:B} can say, at RocksDB's resolution) and no filter.
 *
 * <p>Where this departs from RocksDB: a run is costed as one filter; RocksDB builds one per SST
 * file, so a run of many files pays the 5 metadata bytes and the line rounding once per file.
 * The rate is the rate of the filter RocksDB builds ({@link LineOccupancy}), not RocksDB's own
 * estimate {@code BloomMath::CacheLocalFpRate} (the mean of the classical rate at one standard deviation
 * above and below a line's mean load), which is low at high bits per key: 16% low at 24 bits per key and
 * 492,356 keys, where filters built as RocksDB builds them measure within their sampling error of this
 * rate (docs/families.md). Folders solved before this rate (rate revision 1, {@link #RATE_REVISION})
 * used the estimate.
 */
public final class RocksDbFamily implements FilterFamily {

    /** Lowest millibits per key RocksDB builds a filter with (0.5 to 1 bit is raised to 1). */
    public static final int MIN_MILLIBITS = 1000;
    /** Highest millibits per key (100 bits; more is capped). */
    public static final int MAX_MILLIBITS = 100_000;

    /**
     * The revision of the engines' Bloom rates, recorded in the provenance of every table they priced: 1
     * priced this family at RocksDB's CacheLocalFpRate estimate; 2 at the built filter's rate
     * ({@link LineOccupancy}); 3 prices the legacy Bloom filter (RocksDB's format_version &lt;= 4, Pebble's
     * table filter) of 2^17 lines or more with its line and probes drawn from one hash
     * ({@link LegacyBloomRate#fpr}).
     */
    public static final int RATE_REVISION = 3;

    /** The first revision at which the legacy Bloom rate of large filters is the one-hash lattice's. */
    public static final int LEGACY_LATTICE_REVISION = 3;

    /** The family; created after the constants above, which its settings read. */
    public static final RocksDbFamily INSTANCE = new RocksDbFamily();

    private final List<Setting> settings;

    private RocksDbFamily() {
        List<Setting> all = new ArrayList<>(MAX_MILLIBITS - MIN_MILLIBITS + 2);
        all.add(Setting.none());
        for (int millibits = MIN_MILLIBITS; millibits <= MAX_MILLIBITS; millibits++) {
            all.add(ofMillibits(millibits));
        }
        this.settings = Collections.unmodifiableList(all);
    }

    @Override
    public String name() {
        return "rocksdb";
    }

    @Override
    public String source() {
        return "RocksDB table/block_based/filter_policy.cc FastLocalBloomBitsBuilder, util/bloom_impl.h"
                + " FastLocalBloomImpl (commit 1dfa7297); rate: line occupancy mixture (filter.LineOccupancy); bytes equal to RocksJava"
                + " 10.10 and RocksDB 7.8.3 files (family.rocksdb.FastLocalBloomBuilder)";
    }

    @Override
    public List<Setting> settings() {
        return settings;
    }

    /**
     * The setting at {@code millibits} thousandths of a bit per key, written with three decimals at most: the family's
     * own (one instance per setting, its knob text shared by the families that write theirs alike), once the family
     * is built.
     */
    public static Setting ofMillibits(int millibits) {
        if (INSTANCE != null && millibits >= MIN_MILLIBITS && millibits <= MAX_MILLIBITS) {
            return INSTANCE.settings.get(millibits - MIN_MILLIBITS + 1);
        }
        return Setting.bloom(millibits / 1000.0, RocksDbLocalBloom.chooseNumProbes(millibits), knob(millibits));
    }

    /** RocksDB's reading of a requested b: no filter below 0.5, else its millibits (see {@link RocksDbLocalBloom}). */
    @Override
    public Setting settingFor(double bitsPerEntry) {
        if (!RocksDbLocalBloom.hasFilter(bitsPerEntry)) {
            return Setting.none();
        }
        return ofMillibits(RocksDbLocalBloom.millibitsPerKey(bitsPerEntry));
    }

    /** Millibits per key of a setting with a filter. */
    public static int millibits(Setting setting) {
        return RocksDbLocalBloom.millibitsPerKey(setting.bitsPerKey());
    }

    /** 64-byte lines of the filter over n keys at a setting with a filter. */
    public static long lines(long entries, Setting setting) {
        return RocksDbLocalBloom.lines(entries, millibits(setting));
    }

    /** Bytes RocksDB writes for the filter: whole 64-byte lines plus 5 metadata bytes (0 without a filter). */
    public static long filterBytesWithMetadata(long entries, Setting setting) {
        if (!setting.hasFilter()) {
            return 0;
        }
        return filterBytesWithMetadata(entries, millibits(setting));
    }

    /** {@link #filterBytesWithMetadata(long, Setting)} of the setting at {@code millibits}. */
    private static long filterBytesWithMetadata(long entries, int millibits) {
        return RocksDbLocalBloom.lines(entries, millibits) * RocksDbLocalBloom.CACHE_LINE_BYTES
                + RocksDbLocalBloom.METADATA_BYTES;
    }

    /** The built filter's rate over its real lines ({@link LineOccupancy#fpr}); 1 without a filter. */
    @Override
    public double fpr(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return 1.0;
        }
        return LineOccupancy.fpr(entries, lines(entries, setting), setting.probes());
    }

    /**
     * Every setting's rate and size, each distinct filter rated once: a setting's rate and size depend on n only
     * through its lines and probes ({@link #fpr}, {@link #filterBits}), and over n keys the millibits up to a
     * thousand apart round to the same lines (at 10,000 keys, 99,001 settings build about 1,950 distinct
     * filters). The settings ascend in millibits, so lines never fall from one to the next and settings of the
     * same filter stand next to each other: each takes its neighbour's values where lines and probes are its
     * neighbour's, the same bits as computing them again.
     */
    @Override
    public void rowOfSettings(long entries, double[] fpr, double[] bits) {
        FilterFamily.checkEntries(entries);
        long previousLines = -1;
        int previousProbes = -1;
        for (int s = 0; s < settings.size(); s++) {
            Setting setting = settings.get(s);
            long lines = setting.hasFilter() ? lines(entries, setting) : -1;
            int probes = setting.probes();
            if (lines >= 0 && lines == previousLines && probes == previousProbes) {
                fpr[s] = fpr[s - 1];
                bits[s] = bits[s - 1];
            } else {
                fpr[s] = fpr(entries, setting);
                bits[s] = filterBits(entries, setting);
            }
            previousLines = lines;
            previousProbes = probes;
        }
    }

    /** The sizes are whole lines of the millibits over n keys: a division each, where a rate sums a mixture. */
    @Override
    public boolean sizesCheap() {
        return true;
    }

    /**
     * Every setting's size, {@link #filterBits} setting by setting: the settings after the first (none) are the
     * millibits from {@link #MIN_MILLIBITS} up, one apart.
     */
    @Override
    public void bitsOfSettings(long entries, double[] bits) {
        FilterFamily.checkEntries(entries);
        bits[0] = 0.0; // Setting.none()
        for (int s = 1; s < settings.size(); s++) {
            bits[s] = 8.0 * filterBytesWithMetadata(entries, MIN_MILLIBITS + s - 1);
        }
    }

    /**
     * RocksDB's own estimate, CacheLocalFpRate, for n keys in {@code lines} 512-bit lines and k probes (a
     * diagnostic beside the built filter's rate; RocksDB's Ribbon sizing reads it).
     */
    public static double cacheLocalFpRate(long entries, long lines, int hashes) {
        return RocksDbLocalBloom.cacheLocalFpRate((double) lines * RocksDbLocalBloom.CACHE_LINE_BITS / entries, hashes);
    }

    @Override
    public double filterBits(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        return 8.0 * filterBytesWithMetadata(entries, setting);
    }

    /**
     * The millibits as bits with three decimals, trailing zeros dropped ("10", "10.5", "10.05"). Written with
     * plain string operations: the family makes 99,001 knobs when it is loaded, and String.format with a
     * regular expression took about 4 s of every command's start.
     */
    private static String knob(int millibits) {
        String whole = Integer.toString(millibits / 1000);
        int rest = millibits % 1000;
        if (rest == 0) {
            return whole;
        }
        String decimals = Integer.toString(1000 + rest).substring(1); // rest in [1, 999], with leading zeros
        int end = decimals.length();
        while (decimals.charAt(end - 1) == '0') {
            end--;
        }
        return whole + "." + decimals.substring(0, end);
    }
}
