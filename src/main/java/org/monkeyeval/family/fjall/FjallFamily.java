package org.monkeyeval.family.fjall;

import java.util.List;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.StandardBloom;
import org.monkeyeval.family.WholeBits;

/**
 * fjall's standard Bloom filter, set per level with {@code FilterPolicy::new([...])} of
 * {@code FilterPolicyEntry::Bloom(BloomConstructionPolicy::BitsPerKey(b))}. From fjall-rs/lsm-tree
 * {@code src/segment/filter/standard_bloom/builder.rs} ({@code Builder::with_bpk}):
 *
 * <pre>
 *   m     = n * (bpk as usize)                 whole bits per key, rounded down
 *   k     = max(1, (bpk * LN_2) as usize)      f32 arithmetic, rounded down
 *   bytes = ceil(m / 8);  m = bytes * 8
 *   p     = (1 - e^(-k n / m))^k               (double hashing; standard Bloom estimate)
 * </pre>
 *
 * {@code BitsPerKey(0.0)} builds no filter. The filter's header (magic bytes, type, m and k) is not
 * counted. Settings stop at 100 bits per key.
 */
public final class FjallFamily implements FilterFamily {

    /** Highest bits per key offered. */
    public static final int MAX_BITS_PER_KEY = 100;

    /** std::f32::consts::LN_2. */
    private static final float LN_2_F32 = (float) Math.log(2.0);

    /** The family; created after the constants above, which its settings read. */
    public static final FjallFamily INSTANCE = new FjallFamily();

    private final List<Setting> settings = WholeBits.settings(MAX_BITS_PER_KEY, FjallFamily::hashes);

    private FjallFamily() {
    }

    @Override
    public String name() {
        return "fjall";
    }

    @Override
    public String source() {
        return "fjall-rs/lsm-tree src/segment/filter/standard_bloom/builder.rs: sizing from the source,"
                + " rate the standard Bloom estimate; unverified against fjall's own filter";
    }

    @Override
    public List<Setting> settings() {
        return settings;
    }

    /** k = max(1, (bpk * LN_2) as usize), in f32. */
    public static int hashes(int bitsPerKey) {
        float product = bitsPerKey * LN_2_F32;
        return Math.max(1, (int) product);
    }

    /** m = ceil(n b / 8) * 8. */
    public static long arrayBits(long entries, int bitsPerKey) {
        long m = entries * bitsPerKey;
        return (m + 7) / 8 * 8;
    }

    /** A whole number of bits per key, rounded down; none below 1. */
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

    @Override
    public double filterBits(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        return setting.hasFilter() ? arrayBits(entries, (int) setting.bitsPerKey()) : 0.0;
    }
}
