package org.monkeyeval.family.rocksdb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;

/**
 * RocksDB's format_version 5 cache-local Bloom filter (the default of {@code NewBloomFilterPolicy}
 * since RocksDB 6.x), with its rules as {@link RocksDbLocalBloom} re-implements them:
 *
 * <pre>
 *   b &lt; 0.5                    no filter
 *   millibits = (int)(b*1000 + 0.500001) after sanitizing (0.5..1 -&gt; 1, &gt;= 100 -&gt; 100)
 *   k         = ChooseNumProbes(millibits)           RocksDB's millibit table
 *   size      = roundUp64(ceil(n * millibits / 8000)) + 5 metadata bytes
 *   p         = CacheLocalFpRate(lines * 512 / n, k) RocksDB's own estimate, util/bloom_impl.h
 * </pre>
 *
 * The settings are every millibit value from 1000 to 100000 (what the OPTIONS file's
 * {@code bloomfilter:B} can say, at RocksDB's resolution) and no filter.
 *
 * <p>Where this departs from RocksDB: a run is costed as one filter; RocksDB builds one per SST
 * file, so a run of many files pays the 5 metadata bytes and the line rounding once per file.
 * The rate is RocksDB's two-point {@code CacheLocalFpRate}, cheap enough to cost 99,001 settings per
 * run; {@code confirm} predicts built filters with the exact line-load mixture instead.
 */
public final class RocksDbFamily implements FilterFamily {

    /** Lowest millibits per key RocksDB builds a filter with (0.5 to 1 bit is raised to 1). */
    public static final int MIN_MILLIBITS = 1000;
    /** Highest millibits per key (100 bits; more is capped). */
    public static final int MAX_MILLIBITS = 100_000;

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
                + " FastLocalBloomImpl and BloomMath::CacheLocalFpRate (commit 1dfa7297); bytes equal to RocksJava"
                + " 10.10 and RocksDB 7.8.3 files (family.rocksdb.FastLocalBloomBuilder)";
    }

    @Override
    public List<Setting> settings() {
        return settings;
    }

    /** The setting at {@code millibits} thousandths of a bit per key, written with three decimals at most. */
    public static Setting ofMillibits(int millibits) {
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
        return lines(entries, setting) * RocksDbLocalBloom.CACHE_LINE_BYTES + RocksDbLocalBloom.METADATA_BYTES;
    }

    /** CacheLocalFpRate at the built filter's real bits per key, lines * 512 / n. */
    @Override
    public double fpr(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return 1.0;
        }
        return cacheLocalFpRate(entries, lines(entries, setting), setting.probes());
    }

    /** RocksDB's CacheLocalFpRate for n keys in {@code lines} 512-bit lines and k probes. */
    public static double cacheLocalFpRate(long entries, long lines, int hashes) {
        return RocksDbLocalBloom.cacheLocalFpRate((double) lines * RocksDbLocalBloom.CACHE_LINE_BITS / entries, hashes);
    }

    @Override
    public double filterBits(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        return 8.0 * filterBytesWithMetadata(entries, setting);
    }

    private static String knob(int millibits) {
        String whole = Integer.toString(millibits / 1000);
        int rest = millibits % 1000;
        if (rest == 0) {
            return whole;
        }
        String decimals = String.format(java.util.Locale.ROOT, "%03d", rest);
        return whole + "." + decimals.replaceAll("0+$", "");
    }
}
