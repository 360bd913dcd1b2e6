package org.monkeyeval.family.rocksdb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.LongUnaryOperator;

import org.monkeyeval.family.ByteKeyFilter;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.RealFilter;
import org.monkeyeval.family.RealFilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.filter.Predictions;

/**
 * RocksDB's legacy full Bloom filter, what {@code BloomFilterPolicy(b)} builds with
 * {@code format_version <= 4} ({@link LegacyBloom}):
 *
 * <pre>
 *   settings  none, and every millibits value 1000..100000 (RocksDbFamily's knobs)
 *   b         whole bits per key = (millibits + 500) / 1000         BloomLikeFilterPolicy
 *   k         clamp((int) (b * 0.69), 1, 30)                       LegacyNoLocalityBloomImpl::ChooseNumProbes
 *   lines     ceil(min(n b, 0xffff0000) / 512), made odd           LegacyBloomBitsBuilder::CalculateSpace
 *   size      (lines * 64 + 5) bytes
 *   p         LegacyBloomRate.fpr(n, lines, k)                     the real probe pattern and 32-bit hash
 * </pre>
 *
 * The millibit settings are kept because they are what the configuration says; all those that round
 * to the same whole bits build the same filter, with the same size and rate. A setting's
 * {@code bitsPerKey} is the requested value, its probes RocksDB's for the whole bits.
 *
 * <p>The rate is not monotone in b: probes grow as 0.69 b while the step floor of the probe pattern
 * stays, so 22 bits per key (15 probes, 0.268%) is worse than 20 (13 probes, 0.260%); RocksDB warns
 * about high bits per key with this filter for that reason.
 *
 * <p>Where this departs from RocksDB: a run is costed as one filter (RocksDB builds one per SST file);
 * the rate assumes uniform 32-bit hashes (see {@link LegacyBloomRate}). The rate of the last
 * (entries, whole bits) asked is kept, so a sweep over the 99,001 settings computes each distinct
 * filter once.
 */
public final class RocksDbLegacyFamily implements RealFilterFamily {

    /** The family; created after the constants it reads. */
    public static final RocksDbLegacyFamily INSTANCE = new RocksDbLegacyFamily();

    private final List<Setting> settings;

    /** The last rate computed, keyed by entries and whole bits per key (immutable, published whole). */
    private volatile LastRate last;

    private record LastRate(long entries, int wholeBits, double fpr) {
    }

    private RocksDbLegacyFamily() {
        List<Setting> all = new ArrayList<>(RocksDbFamily.MAX_MILLIBITS - RocksDbFamily.MIN_MILLIBITS + 2);
        all.add(Setting.none());
        for (int millibits = RocksDbFamily.MIN_MILLIBITS; millibits <= RocksDbFamily.MAX_MILLIBITS; millibits++) {
            all.add(ofMillibits(millibits));
        }
        this.settings = Collections.unmodifiableList(all);
    }

    @Override
    public String name() {
        return "rocksdb-legacy";
    }

    @Override
    public String source() {
        return "facebook/rocksdb 1dfa7297933df05237ac11376d6cb69d32591b1d table/block_based/filter_policy.cc"
                + " LegacyBloomBitsBuilder, util/bloom_impl.h LegacyLocalityBloomImpl; bytes checked against"
                + " RocksJava 10.10.1.1 format_version 4 tables; rate from the real probe pattern"
                + " (LegacyBloomRate), exact up to 16 probes, extrapolated above";
    }

    @Override
    public List<Setting> settings() {
        return settings;
    }

    /** The setting at {@code millibits}: RocksDbFamily's knob, probes for the whole bits it rounds to. */
    public static Setting ofMillibits(int millibits) {
        if (millibits < RocksDbFamily.MIN_MILLIBITS || millibits > RocksDbFamily.MAX_MILLIBITS) {
            throw new IllegalArgumentException("millibits per key (" + millibits + ") must be in ["
                    + RocksDbFamily.MIN_MILLIBITS + ", " + RocksDbFamily.MAX_MILLIBITS + "]");
        }
        Setting knob = RocksDbFamily.ofMillibits(millibits);
        return Setting.bloom(knob.bitsPerKey(), LegacyBloom.chooseNumProbes(LegacyBloom.wholeBitsPerKey(millibits)),
                knob.knob());
    }

    /** RocksDB's reading of a requested b: no filter below 0.5, else its millibits. */
    @Override
    public Setting settingFor(double bitsPerEntry) {
        if (!RocksDbLocalBloom.hasFilter(bitsPerEntry)) {
            return Setting.none();
        }
        return ofMillibits(RocksDbLocalBloom.millibitsPerKey(bitsPerEntry));
    }

    /** The whole bits per key RocksDB builds a setting with. */
    public static int wholeBitsPerKey(Setting setting) {
        if (!setting.hasFilter()) {
            throw new IllegalArgumentException("setting " + setting.knob() + " builds no filter");
        }
        return LegacyBloom.wholeBitsPerKey(RocksDbLocalBloom.millibitsPerKey(setting.bitsPerKey()));
    }

    @Override
    public double fpr(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return 1.0;
        }
        int whole = wholeBitsPerKey(setting);
        LastRate cached = last;
        if (cached != null && cached.entries() == entries && cached.wholeBits() == whole) {
            return cached.fpr();
        }
        double p = LegacyBloomRate.fpr(entries, LegacyBloom.numLines(entries, whole), LegacyBloom.chooseNumProbes(whole));
        last = new LastRate(entries, whole, p);
        return p;
    }

    /** 8 * (lines * 64 + 5). */
    @Override
    public double filterBits(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return 0.0;
        }
        return 8.0 * LegacyBloom.filterBytes(entries, wholeBitsPerKey(setting));
    }

    /**
     * RocksDB's legacy filter over the keys' {@link org.monkeyeval.filter.KeyBytes}, bit for bit the block
     * RocksDB writes for them ({@link LegacyBloom}); the seed is not used (the hash is RocksDB's).
     */
    @Override
    public RealFilter build(long entries, Setting setting, LongUnaryOperator keyOfIndex, long seed) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return RealFilter.none();
        }
        int whole = wholeBitsPerKey(setting);
        LegacyBloom.Builder builder = LegacyBloom.builder(whole);
        ByteKeyFilter.forEachKey(entries, keyOfIndex, builder::add);
        return realFilter(builder.finish(), fpr(entries, setting), entries);
    }

    /**
     * A built legacy block as a real filter, with the line-load variance of a blocked filter of its lines
     * and probes as its filter-to-filter spread (Pebble's filter is built the same way).
     */
    public static RealFilter realFilter(byte[] block, double predicted, long entries) {
        LegacyBloom reader = LegacyBloom.read(block);
        long bits = 8L * block.length;
        double variance = Predictions.cacheLocal(entries, reader.numLines(), reader.numProbes()).variance();
        return new RealFilter(new ByteKeyFilter(reader::mayContain, bits, reader.numProbes()), bits, predicted, variance);
    }
}
