package org.monkeyeval.family.pebble;

import java.util.List;
import java.util.function.LongUnaryOperator;

import org.monkeyeval.family.ByteKeyFilter;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.GainCap;
import org.monkeyeval.family.RealFilter;
import org.monkeyeval.family.RealFilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.WholeBits;
import org.monkeyeval.family.rocksdb.LegacyBloom;
import org.monkeyeval.family.rocksdb.LegacyBloomRate;
import org.monkeyeval.family.rocksdb.RocksDbLegacyFamily;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;

/**
 * Pebble's table Bloom filter, {@code bloom.FilterPolicy(bitsPerKey uint32)}, set per level through
 * {@code Options.Levels[i].TableFilterPolicy}. From cockroachdb/pebble
 * {@code sstable/tablefilters/bloom/bloom.go} and {@code bits.go} at commit
 * f82e3ff74d10b1f33df146eefc5661518f868542:
 *
 * <pre>
 *   bitsPerKey: a whole number &gt;= 1 (FilterPolicy panics below 1); no policy = no filter
 *   k      = probes[min(bitsPerKey, 10)], probes = {-, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6}   (calculateProbes)
 *   lines  = ceil(n * bitsPerKey / 512) | 1       made odd                              (calculateNumLines)
 *   bytes  = lines * 64 + 5                       1 byte of k, 4 bytes of lines         (buildFilter)
 * </pre>
 *
 * The filter is RocksDB's legacy full Bloom filter with Pebble's probes: the same 32-bit hash, the
 * same in-line probe progression and the same trailer ({@link LegacyBloom}, tested byte for byte
 * against Pebble's {@code TestSmallBloomFilter}). Its rate is {@link LegacyBloomRate#fpr}: the exact
 * rate of that probe pattern (a step with many factors of two probes few distinct bits, which puts a
 * floor near fill / 512 under the rate), mixed over the binomial line load, plus the keys a 32-bit hash
 * makes share a query's probes. It reproduces Pebble's simulated table (the comment above
 * {@code FilterPolicy}) within 0.6% at 1..20 bits per key: 1.14% at 10 bits per key, where
 * independent probes would give 0.96%, and 0.140% at 20, where they would give 0.044%. Where this
 * departs from Pebble: a run is costed as one filter (Pebble builds one per table), and the rate
 * assumes uniform hashes (see {@link LegacyBloomRate}, and {@code LegacyBloomLattice} for filters of
 * 2^17 lines or more).
 *
 * <p>The settings offered to an allocation stop at {@value #GAIN_CAP_BITS} bits per key, where the
 * filter stops gaining ({@link GainCap}: past it no setting up to 100 bits lowers this rate by more than
 * 10% per added bit, at any run size from 2^10 to 2^30 keys). The 6-probe cap leaves only the memory to
 * lower the rate, and the floor of the probe pattern (about fill / 512) and of the 32-bit hash
 * (n / 2^32: 0.23% at 10^7 keys) take over: from 25 to 100 bits per key the rate at 2^10 keys falls from
 * 0.0876% to 0.0165% (2.2% per added bit), at 2^20 keys from 0.135% to 0.076% (0.8% per bit), at 2^24
 * keys from 1.11% to 1.05%. The cap is 25, not 21, because at 2^26 keys 21 bits per key makes
 * 2,752,513 = 21 * 2^17 + 1 lines, whose hashes' fields line up with the line: 6.39% there, where 22 bits
 * give 4.67% (a filter built from 2^26 random hashes measured 6.40%). {@link #settingFor} still answers for the whole
 * knob, up to {@value #MAX_BITS_PER_KEY} (Pebble accepts more; nothing here needs it).
 */
public final class PebbleFamily implements RealFilterFamily {

    /** Highest bits per key of the knob modelled here. */
    public static final int MAX_BITS_PER_KEY = 100;

    /** Highest bits per key offered to an allocation: {@link GainCap#deriveBits} of the knob (pinned by a test). */
    public static final int GAIN_CAP_BITS = 25;

    /** Pebble's probes table, indexed by bits per key 1..10 (index 0 unused). */
    private static final int[] PROBES = {0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6};

    /** The family; created after the constants above, which its settings read. */
    public static final PebbleFamily INSTANCE = new PebbleFamily();

    private final List<Setting> knob = WholeBits.settings(MAX_BITS_PER_KEY, PebbleFamily::calculateProbes);
    private final List<Setting> settings = GainCap.upTo(knob, GAIN_CAP_BITS);

    private PebbleFamily() {
    }

    @Override
    public String name() {
        return "pebble";
    }

    @Override
    public String source() {
        return "cockroachdb/pebble sstable/tablefilters/bloom (commit f82e3ff7): RocksDB's legacy full filter"
                + " with Pebble's probes; rate from the real probe pattern (family.rocksdb.LegacyBloomRate),"
                + " within 0.6% of Pebble's simulated table";
    }

    /** No filter, then 1 .. {@value #GAIN_CAP_BITS} bits per key: the knob up to where the filter stops gaining. */
    @Override
    public List<Setting> settings() {
        return settings;
    }

    /** Every setting of the knob, no filter, then 1 .. {@value #MAX_BITS_PER_KEY} bits per key. */
    public List<Setting> knobSettings() {
        return knob;
    }

    /** The knob's end: {@link #settingFor} answers up to {@value #MAX_BITS_PER_KEY} bits per key. */
    @Override
    public double maxBitsPerKey() {
        return MAX_BITS_PER_KEY;
    }

    /** Pebble's calculateProbes: probes[min(bitsPerKey, 10)]. */
    public static int calculateProbes(int bitsPerKey) {
        if (bitsPerKey < 1) {
            throw new IllegalArgumentException("bits per key (" + bitsPerKey + ") must be >= 1");
        }
        return PROBES[Math.min(bitsPerKey, PROBES.length - 1)];
    }

    /** Pebble's calculateNumLines: ceil(n * bitsPerKey / 512), made odd. */
    public static long calculateNumLines(long entries, int bitsPerKey) {
        long lines = (entries * bitsPerKey + RocksDbLocalBloom.CACHE_LINE_BITS - 1) / RocksDbLocalBloom.CACHE_LINE_BITS;
        return lines | 1L;
    }

    /** A whole number of bits per key, rounded down (Pebble takes a uint32); none below 1. */
    @Override
    public Setting settingFor(double bitsPerEntry) {
        return WholeBits.settingFor(knob, bitsPerEntry);
    }

    @Override
    public double fpr(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return 1.0;
        }
        long lines = calculateNumLines(entries, (int) setting.bitsPerKey());
        return LegacyBloomRate.fpr(entries, lines, setting.probes());
    }

    /**
     * (lines * 64 + 5) bytes; past 2^32 - 1 lines, none (the rate refuses them alike, so an unread filter, which is
     * only sized, is refused where a read one is).
     */
    @Override
    public double filterBits(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return 0.0;
        }
        long lines = calculateNumLines(entries, (int) setting.bitsPerKey());
        if (lines > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("lines (" + lines + ") must be in [1, 2^32 - 1]");
        }
        return 8.0 * (lines * RocksDbLocalBloom.CACHE_LINE_BYTES + RocksDbLocalBloom.METADATA_BYTES);
    }

    /**
     * Pebble's filter over the keys' {@link org.monkeyeval.filter.KeyBytes}: RocksDB's legacy block
     * ({@link LegacyBloom}: the same 32-bit hash, probe derivation, odd line count and 5-byte trailer) with
     * Pebble's probe count; the seed is not used.
     */
    @Override
    public RealFilter build(long entries, Setting setting, LongUnaryOperator keyOfIndex, long seed) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return RealFilter.none();
        }
        int bits = (int) setting.bitsPerKey();
        LegacyBloom.Builder builder = LegacyBloom.builder(bits, calculateProbes(bits));
        ByteKeyFilter.forEachKey(entries, keyOfIndex, builder::add);
        return RocksDbLegacyFamily.realFilter(builder.finish(), fpr(entries, setting), entries);
    }
}
