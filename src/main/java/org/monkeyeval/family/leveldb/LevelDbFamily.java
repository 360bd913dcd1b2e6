package org.monkeyeval.family.leveldb;

import java.util.List;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.WholeBits;
import org.monkeyeval.filter.StandardBloom;

/**
 * LevelDB's {@code NewBloomFilterPolicy(int bits_per_key)}, one value for the whole database. From
 * google/leveldb {@code util/bloom.cc} ({@code BloomFilterPolicy}):
 *
 * <pre>
 *   k    = (size_t)(bits_per_key * 0.69), clamped to [1, 30]    ("0.69 =~ ln(2)", rounded down on purpose)
 *   bits = n * bits_per_key, at least 64, rounded up to whole bytes; one more byte records k
 *   p    = (1 - e^(-k n / m))^k  (double hashing of one 32-bit hash; standard Bloom estimate)
 * </pre>
 *
 * Where this departs from LevelDB: LevelDB builds one filter per 2 KiB of data block
 * ({@code table/filter_block.cc}, kFilterBaseLg = 11), so each small filter pays the 64-bit floor and
 * the byte of k; a run is costed here as one filter. Settings stop at 100 bits per key.
 */
public final class LevelDbFamily implements FilterFamily {

    /** Highest bits per key offered. */
    public static final int MAX_BITS_PER_KEY = 100;

    /** The family; created after the constants above, which its settings read. */
    public static final LevelDbFamily INSTANCE = new LevelDbFamily();

    private final List<Setting> settings = WholeBits.settings(MAX_BITS_PER_KEY, LevelDbFamily::hashes);

    private LevelDbFamily() {
    }

    @Override
    public String name() {
        return "leveldb";
    }

    @Override
    public List<Setting> settings() {
        return settings;
    }

    /** k = (int)(bits_per_key * 0.69), clamped to [1, 30]. */
    public static int hashes(int bitsPerKey) {
        int k = (int) (bitsPerKey * 0.69);
        return Math.max(1, Math.min(30, k));
    }

    /** Bits of the filter array: max(64, n b) rounded up to a multiple of 8. */
    public static long arrayBits(long entries, int bitsPerKey) {
        long bits = Math.max(64L, entries * bitsPerKey);
        return (bits + 7) / 8 * 8;
    }

    /** A whole number of bits per key, rounded down (the policy takes an int); none below 1. */
    @Override
    public Setting settingFor(double bitsPerEntry) {
        return WholeBits.settingFor(settings, bitsPerEntry);
    }

    @Override
    public double fpr(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return 1.0;
        }
        return StandardBloom.predictedFpr(entries, arrayBits(entries, (int) setting.bitsPerKey()), setting.probes());
    }

    /** The array plus the byte that records k. */
    @Override
    public double filterBits(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        return setting.hasFilter() ? arrayBits(entries, (int) setting.bitsPerKey()) + 8.0 : 0.0;
    }
}
