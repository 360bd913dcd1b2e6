package org.monkeyeval.family.rocksdb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.DoubleSupplier;
import java.util.function.LongUnaryOperator;

import org.monkeyeval.family.ByteKeyFilter;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.RealFilter;
import org.monkeyeval.family.RealFilterFamily;
import org.monkeyeval.family.Setting;

/**
 * RocksDB's Ribbon filter, {@code NewRibbonFilterPolicy(b)} ({@code filter_policy=ribbonfilter:B} in
 * an options string), with {@link Ribbon}'s rules:
 *
 * <pre>
 *   b &lt; 0.5                     no filter
 *   millibits = (int)(b*1000 + 0.500001), as for Bloom (the settings are millibits 1000 .. 100000)
 *   oneIn     = 1 / CacheLocalFpRate(b, ChooseNumProbes(millibits))       the Bloom filter's rate
 *   size      = Ribbon.filterBytes(n): 16 * (blocks r + blocks - upperStartBlock) + 5,
 *               blocks = RoundUpNumSlots(GetNumSlots(n)) / 128, r = floor(log2 oneIn);
 *               the Bloom filter's size instead where RocksDB falls back (fewer than 1024 slots and
 *               Bloom smaller, or more than 950,000,000 keys)
 *   p         = the built layout's rate: starts in the r-bit blocks match with 2^-r, the others with
 *               2^-(r+1), plus the 64-bit hash collision term n / 2^64; the Bloom family's
 *               CacheLocalFpRate where RocksDB falls back to Bloom (the Poisson mixture where a
 *               line holds at most one key on average, which CacheLocalFpRate cannot rate)
 * </pre>
 *
 * <p>Each setting carries {@code resultBits} (r, the lower blocks' result bits) and
 * {@code upperResultBits} (r + 1, or 32 at the cap), which depend on b only, and {@code bloomProbes},
 * the probes of the Bloom fallback. The share of the two block kinds depends on n, and so does the
 * size, by at most one 16-byte segment, on the first key's hash (RocksDB's rounding bias): size and
 * rate here are averages over that hash ({@link Ribbon#expectedFilterBytes}, {@link Ribbon#expectedFpr}).
 *
 * <p>Where this departs from RocksDB: with {@code RibbonFilterPolicy}'s default
 * {@code bloom_before_level = 0} RocksDB builds its Bloom filter for memtable flushes (level "-1")
 * and Ribbon for every file written by compaction or SstFileWriter; here a run is costed as the
 * Ribbon filter ({@code ribbonfilter:B:-1} builds it everywhere). A run is costed as one filter, as
 * in {@link RocksDbFamily}; RocksDB builds one per SST file. optimize_filters_for_memory (RocksDB's
 * default since 9.2) is taken as false: with it, sizes follow the allocator's
 * {@code malloc_usable_size} and are not predicted.
 */
public final class RocksDbRibbonFamily implements RealFilterFamily {

    /** Name of the parameter: result bits of the lower blocks. */
    public static final String RESULT_BITS = "resultBits";

    /** Name of the parameter: result bits of the upper blocks. */
    public static final String UPPER_RESULT_BITS = "upperResultBits";

    /** Name of the parameter: probes of the Bloom filter RocksDB builds instead for small n. */
    public static final String BLOOM_PROBES = "bloomProbes";

    /** The family; created after the constants above, which its settings read. */
    public static final RocksDbRibbonFamily INSTANCE = new RocksDbRibbonFamily();

    private final List<Setting> settings;
    /** The rules at each millibit value, index millibits - MIN_MILLIBITS. */
    private final Ribbon[] rules;

    private RocksDbRibbonFamily() {
        int count = RocksDbFamily.MAX_MILLIBITS - RocksDbFamily.MIN_MILLIBITS + 1;
        rules = new Ribbon[count];
        List<Setting> all = new ArrayList<>(count + 1);
        all.add(Setting.none());
        for (int i = 0; i < count; i++) {
            rules[i] = Ribbon.ofMillibits(RocksDbFamily.MIN_MILLIBITS + i);
            all.add(setting(rules[i]));
        }
        this.settings = Collections.unmodifiableList(all);
    }

    @Override
    public String name() {
        return "rocksdb-ribbon";
    }

    @Override
    public List<Setting> settings() {
        return settings;
    }

    /** The setting at {@code millibits} thousandths of a Bloom-equivalent bit per key. */
    public Setting ofMillibits(int millibits) {
        return settings.get(index(millibits) + 1);
    }

    /** RocksDB's reading of a requested b: no filter below 0.5, else its millibits. */
    @Override
    public Setting settingFor(double bitsPerEntry) {
        if (!RocksDbLocalBloom.hasFilter(bitsPerEntry)) {
            return Setting.none();
        }
        return ofMillibits(RocksDbLocalBloom.millibitsPerKey(bitsPerEntry));
    }

    /** The rules of a setting with a filter. */
    public Ribbon rules(Setting setting) {
        if (!setting.hasFilter()) {
            throw new IllegalArgumentException("setting " + setting.knob() + " builds no filter");
        }
        return rules[index(RocksDbFamily.millibits(setting))];
    }

    @Override
    public double fpr(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return 1.0;
        }
        return rules(setting).expectedFpr(entries);
    }

    /**
     * Each setting's rate and size from one rounding threshold ({@link Ribbon#expectedFprAndFilterBytes}), the slots
     * counted once for the row (they depend on n alone), and the Bloom fallback rated once per distinct filter: its
     * rate depends on n only through its lines and probes
     * ({@link Ribbon#bloomFpr}), and settings of the same lines and probes stand next to each other (as in
     * {@link RocksDbFamily#rowOfSettings}), so each takes its neighbour's, the same bits as computing it again.
     */
    @Override
    public void rowOfSettings(long entries, double[] fpr, double[] bits) {
        FilterFamily.checkEntries(entries);
        fpr[0] = 1.0; // Setting.none()
        bits[0] = 0.0;
        BloomRates bloom = new BloomRates(entries);
        long slots = Ribbon.rowSlots(entries); // n's alone
        double[] both = new double[2];
        for (int i = 0; i < rules.length; i++) {
            Ribbon r = rules[i];
            bloom.rule = r;
            r.expectedFprAndFilterBytes(entries, slots, bloom, both);
            fpr[i + 1] = both[0];
            bits[i + 1] = 8.0 * both[1];
        }
    }

    /**
     * The Bloom fallback's rate of the last lines and probes asked for, kept for the next setting of the same; as a
     * supplier, the rate of the rule set last ({@code rule}), over the row's n keys.
     */
    private static final class BloomRates implements DoubleSupplier {
        private final long entries;
        private Ribbon rule;
        private long lines = -1;
        private int probes = -1;
        private double rate;

        BloomRates(long entries) {
            this.entries = entries;
        }

        @Override
        public double getAsDouble() {
            return rate(rule, entries);
        }

        double rate(Ribbon r, long entries) {
            long l = RocksDbLocalBloom.lines(entries, r.millibits());
            if (l != lines || r.bloomProbes() != probes) {
                lines = l;
                probes = r.bloomProbes();
                rate = r.bloomFpr(entries);
            }
            return rate;
        }
    }

    @Override
    public double filterBits(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return 0.0;
        }
        return 8.0 * rules(setting).expectedFilterBytes(entries);
    }

    private static Setting setting(Ribbon ribbon) {
        int millibits = ribbon.millibits();
        Setting bloom = RocksDbFamily.ofMillibits(millibits); // the knob text, written as RocksDbFamily does
        return new Setting(millibits / 1000.0, bloom.knob(), List.of(
                new Setting.Parameter(RESULT_BITS, ribbon.lowerResultBits()),
                new Setting.Parameter(UPPER_RESULT_BITS, ribbon.upperResultBits()),
                new Setting.Parameter(BLOOM_PROBES, ribbon.bloomProbes())));
    }

    private static int index(int millibits) {
        if (millibits < RocksDbFamily.MIN_MILLIBITS || millibits > RocksDbFamily.MAX_MILLIBITS) {
            throw new IllegalArgumentException("millibits per key (" + millibits + ") must be in ["
                    + RocksDbFamily.MIN_MILLIBITS + ", " + RocksDbFamily.MAX_MILLIBITS + "]");
        }
        return millibits - RocksDbFamily.MIN_MILLIBITS;
    }

    @Override
    public String source() {
        return "facebook/rocksdb table/block_based/filter_policy.cc Standard128RibbonBitsBuilder, util/ribbon_impl.h,"
                + " ribbon_alg.h, ribbon_config.cc (v7.8.3, v10.10.1, 1dfa7297); blocks equal to RocksJava 10.10 and"
                + " db_bench 7.8.3 files, Schema vectors of util/bloom_test.cc; Bloom where RocksDB falls back";
    }

    /**
     * RocksDB's Ribbon filter over the keys' {@link org.monkeyeval.filter.KeyBytes} (their XXPH3 hashes),
     * or the fast local Bloom filter where RocksDB falls back to it; the block is RocksDB's, bit for bit.
     * The seed is not used: RocksDB's own seed search decides.
     */
    @Override
    public RealFilter build(long entries, Setting setting, LongUnaryOperator keyOfIndex, long seed) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return RealFilter.none();
        }
        Ribbon rules = rules(setting);
        long[] hashes = new long[Math.toIntExact(entries)];
        int[] next = {0};
        ByteKeyFilter.forEachKey(entries, keyOfIndex, key -> hashes[next[0]++] = Xxph3.hash64(key));
        double predicted = fpr(entries, setting);
        if (!rules.usesBloom(entries, (int) (hashes[0] >>> 32))) {
            try {
                RibbonFilter ribbon = RibbonFilter.construct(hashes, rules);
                long bits = 8L * ribbon.filterBytes();
                return new RealFilter(new ByteKeyFilter(ribbon::mayContainKey, bits, 0), bits, predicted, 0.0);
            } catch (IllegalStateException noSeedSolves) {
                // RocksDB's Finish falls back to Bloom after too many re-seeds; so does this build
            }
        }
        FastLocalBloomBuilder bloom = new FastLocalBloomBuilder(rules.bitsPerKey());
        ByteKeyFilter.forEachKey(entries, keyOfIndex, bloom::addKey);
        byte[] block = bloom.finish();
        FastLocalBloomReader reader = FastLocalBloomReader.of(block);
        return new RealFilter(new ByteKeyFilter(reader::mayContain, 8L * block.length, 0), 8L * block.length,
                predicted, 0.0);
    }
}
