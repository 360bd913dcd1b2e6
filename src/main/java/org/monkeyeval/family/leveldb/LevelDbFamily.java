package org.monkeyeval.family.leveldb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongUnaryOperator;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.GainCap;
import org.monkeyeval.family.RealFilter;
import org.monkeyeval.family.RealFilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.WholeBits;
import org.monkeyeval.family.StandardBloom;

/**
 * LevelDB's {@code NewBloomFilterPolicy(int bits_per_key)}, one value for the whole database, costed as
 * LevelDB builds it: one small filter per 2 KiB of each table's data blocks ({@link LevelDbFilterBlock},
 * {@link LevelDbLayout}), each {@link LevelDbBloom} over the keys of the data blocks starting in its
 * 2 KiB, plus the filter block's offsets and trailer.
 *
 * <pre>
 *   per filter of n_f keys:  8 ceil(max(64, n_f b) / 8) bits, plus 8 bits that record k   (util/bloom.cc)
 *   per 2 KiB of data:       one 4-byte offset (empty filters included)                   (table/filter_block.cc)
 *   per table:               4 bytes of offsets-array offset and 1 byte of base lg
 *   k = (int) (b * 0.69) clamped to [1, 30];  b a whole number, 1..100 here
 *   rate of a lookup in the run: sum over filters f of (n_f / n) r_f, the rate r_f of the filter of
 *   the block the key would be in, weighted by the share of absent keys that reach it ({@link #filterRate});
 *   a filter's rate is simulated from LevelDB's probe arithmetic ({@link LevelDbFilterRate}), or the
 *   standard (1 - e^(-k n_f / m))^k above 2^16 bits
 * </pre>
 *
 * The share is the filter's keys over the run's: LevelDB's index sends a key to the data block of the
 * first stored key at or above it (table/two_level_iterator.cc, Block::Iter::Seek), so a block owns the
 * gaps below its keys, and absent keys drawn like the stored ones fall into a block in proportion to its
 * keys. A run's last data block is usually partial, and its filter, over few keys in 64 bits or more,
 * has a rate many times a full one's: weighted by blocks it would count as a full block's share.
 *
 * The filter block's own block trailer (5 bytes) and its metaindex entry are not counted; neither is
 * anything outside the filter block.
 *
 * <p>Keys per filter come from the layout's entry size; the default, {@link #INSTANCE}, takes
 * {@link LevelDbLayout#DEFAULT} (db_bench's 16-byte keys and 100-byte values, 4 KiB blocks: 33 keys per
 * filter). Measured with the real filter over random 16-byte keys, 4 * 10^6 absent keys per point
 * ({@code mvn -q test -Dtest=LevelDbFilterRateTest -Dleveldb.rate.queries=4000000
 * -Dleveldb.rate.print=true}), against the standard estimate and this family's filter rate:
 *
 * <pre>
 *   keys per filter   b     m   standard   measured   this family
 *         33         10   336   7.79e-3    1.010e-2   1.004e-2
 *         33         16   528   4.59e-4    1.581e-3   1.608e-3
 *         33         20   664   6.42e-5    6.050e-4   5.394e-4
 *         33         24   792   9.87e-6    4.333e-4   4.237e-4
 *         10         20   200   6.79e-5    2.415e-3   2.406e-3
 *          1         10    64   5.14e-7    1.974e-3   2.039e-3
 *        100          6   600   5.61e-2    6.365e-2   6.396e-2
 * </pre>
 *
 * At 33 keys per filter the rate barely falls past 20 bits per key, where a standard Bloom filter keeps
 * halving every 1.44 bits. The size is dearer too: at 10 bits per key each 33-key filter takes 336 + 8
 * bits and its block about 2.06 offsets of 32 bits, 12.42 bits per entry in all (7 bits per key cost
 * 9.27; the whole-run model says 10 and 7).
 *
 * <p>The settings offered to an allocation stop at {@value #GAIN_CAP_BITS} bits per key, where the
 * filter stops gaining ({@link GainCap}, derived over the default layout: past it no setting up to 100
 * bits lowers this family's rate by more than 10% per added bit, at any run size from 2^10 to 2^30
 * keys): the probes stop at 30 from 44 bits per key, and a 33-key filter's probes repeat bits long
 * before (the table above). {@link #settingFor} still answers for the whole knob, up to
 * {@value #MAX_BITS_PER_KEY}. Other layouts and {@link #wholeRun()} take the same cap.
 *
 * <p>{@link #wholeRun()} keeps the earlier model, one filter over the whole run (n b bits, at least 64,
 * plus the byte of k; the standard rate): what this family tends to as a filter's keys grow, except for
 * the offsets and trailer, which the layout-based family counts.
 */
public final class LevelDbFamily implements RealFilterFamily {

    /** Highest bits per key of the knob modelled here. */
    public static final int MAX_BITS_PER_KEY = 100;

    /**
     * Highest bits per key offered to an allocation: {@link GainCap#deriveBits} of the default layout's
     * knob (pinned by a test, since deriving it simulates rates).
     */
    public static final int GAIN_CAP_BITS = 20;

    /**
     * A run with at least this many data blocks has its last, partly filled block's filter costed as a
     * full one for the rate (its weight is below 1 / this); its size is always exact.
     */
    public static final int PARTIAL_FILTER_BLOCKS = 64;

    /** Simulated rates by (keys, bits per key), shared by every instance: pure functions of their key. */
    private static final Map<Long, Double> RATES = new ConcurrentHashMap<>();

    /** The family over the default layout; created after the constants above, which its settings read. */
    public static final LevelDbFamily INSTANCE = new LevelDbFamily(LevelDbLayout.DEFAULT);

    private static final LevelDbFamily WHOLE_RUN = new LevelDbFamily(null);

    private final List<Setting> knob = WholeBits.settings(MAX_BITS_PER_KEY, LevelDbFamily::hashes);
    private final List<Setting> settings = GainCap.upTo(knob, GAIN_CAP_BITS);
    /** Null for the whole-run model. */
    private final LevelDbLayout layout;
    private final LevelDbLayout.TableFilters fullTable;

    private LevelDbFamily(LevelDbLayout layout) {
        this.layout = layout;
        this.fullTable = layout == null ? null
                : layout.tableFilters(layout.blocksPerTable(), layout.keysPerBlock());
    }

    /** The family over {@code layout}. */
    public static LevelDbFamily of(LevelDbLayout layout) {
        if (layout == null) {
            throw new IllegalArgumentException("layout must not be null (wholeRun() is the one-filter model)");
        }
        return layout.equals(LevelDbLayout.DEFAULT) ? INSTANCE : new LevelDbFamily(layout);
    }

    /** The earlier model: one filter over the whole run, the standard rate, no offsets or trailer. */
    public static LevelDbFamily wholeRun() {
        return WHOLE_RUN;
    }

    /** The layout, or empty for {@link #wholeRun()}. */
    public Optional<LevelDbLayout> layout() {
        return Optional.ofNullable(layout);
    }

    @Override
    public String name() {
        return "leveldb";
    }

    @Override
    public String source() {
        return "google/leveldb util/bloom.cc, util/hash.cc, table/filter_block.cc (commit 78a352f4): one filter"
                + " per 2 KiB of table, bytes equal to libleveldb 1.23; rate simulated from LevelDB's probe arithmetic";
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

    /** k = (int)(bits_per_key * 0.69), clamped to [1, 30] ({@link LevelDbBloom#hashes}). */
    public static int hashes(int bitsPerKey) {
        return LevelDbBloom.hashes(bitsPerKey);
    }

    /** Bits of one filter's array: max(64, n b) rounded up to a multiple of 8 ({@link LevelDbBloom#filterBits}). */
    public static long arrayBits(long entries, int bitsPerKey) {
        return LevelDbBloom.filterBits(entries, bitsPerKey);
    }

    /**
     * The expected rate of one filter over {@code keys} keys: {@link LevelDbFilterRate#simulate} up to
     * 2^16 bits (computed once per (keys, b) and kept), the standard estimate above.
     */
    public static double filterRate(long keys, int bitsPerKey) {
        if (!LevelDbFilterRate.simulated(keys, bitsPerKey)) {
            return LevelDbFilterRate.standard(keys, bitsPerKey);
        }
        // keys <= 2^16 here, and bitsPerKey <= 2^16 since the filter is at most 2^16 bits
        return RATES.computeIfAbsent(keys << 20 | bitsPerKey,
                key -> LevelDbFilterRate.simulate((int) keys, bitsPerKey).rate());
    }

    /** A whole number of bits per key, rounded down (the policy takes an int); none below 1. */
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
        int b = (int) setting.bitsPerKey();
        if (layout == null) {
            return StandardBloom.predictedFpr(entries, arrayBits(entries, b), setting.probes());
        }
        Run run = run(entries);
        double weighted = 0.0;
        if (run.fullTables > 0) {
            weighted += run.fullTables * keyWeightedRate(fullTable, b, false);
        }
        weighted += keyWeightedRate(run.lastTable, b, run.blocks >= PARTIAL_FILTER_BLOCKS);
        return weighted / entries;
    }

    /** The filter block bytes of every table of the run, in bits. */
    @Override
    public double filterBits(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return 0.0;
        }
        int b = (int) setting.bitsPerKey();
        if (layout == null) {
            return arrayBits(entries, b) + 8.0;
        }
        Run run = run(entries);
        return 8.0 * (run.fullTables * filterBlockBytes(fullTable, b) + filterBlockBytes(run.lastTable, b));
    }

    /** Bytes of one table's filter block: its filters, 4 bytes per offset, the 5-byte trailer. */
    public static long filterBlockBytes(LevelDbLayout.TableFilters table, int bitsPerKey) {
        long bytes = LevelDbFilterBlock.OFFSET_BYTES * table.offsets() + LevelDbFilterBlock.TRAILER_BYTES;
        for (LevelDbLayout.Window w : table.windows()) {
            bytes += LevelDbBloom.filterBytes(w.keys(), bitsPerKey);
        }
        return bytes;
    }

    /**
     * Sum over the table's filters of (keys in it) * (its rate); with {@code lastAsFull} the last filter,
     * which holds the run's partial block, takes the rate of a full filter of as many blocks (its weight
     * stays its own keys).
     */
    private double keyWeightedRate(LevelDbLayout.TableFilters table, int b, boolean lastAsFull) {
        List<LevelDbLayout.Window> windows = table.windows();
        double sum = 0.0;
        for (int i = 0; i < windows.size(); i++) {
            LevelDbLayout.Window w = windows.get(i);
            int rateKeys = lastAsFull && i == windows.size() - 1 ? w.blocks() * layout.keysPerBlock() : w.keys();
            sum += (double) w.keys() * filterRate(rateKeys, b);
        }
        return sum;
    }

    /** A run's tables: how many full ones, and the last (possibly the only one). */
    private record Run(long blocks, long fullTables, LevelDbLayout.TableFilters lastTable) {
    }

    private Run run(long entries) {
        long perBlock = layout.keysPerBlock();
        long blocks = (entries + perBlock - 1) / perBlock;
        int lastBlockKeys = (int) (entries - (blocks - 1) * perBlock);
        long perTable = layout.blocksPerTable();
        long tables = (blocks + perTable - 1) / perTable;
        long lastTableBlocks = blocks - (tables - 1) * perTable;
        return new Run(blocks, tables - 1, layout.tableFilters(lastTableBlocks, lastBlockKeys));
    }

    /**
     * The run as LevelDB writes it, with this family's layout: its keys' {@link org.monkeyeval.filter.KeyBytes}
     * in order, cut into tables of {@link LevelDbLayout#blocksPerTable} blocks of
     * {@link LevelDbLayout#keysPerBlock} keys, each 2 KiB window's keys in one {@link LevelDbBloom} filter
     * (the bytes LevelDB writes for them). A query finds its table and data block as LevelDB's index
     * does: the block of the first stored key above it; a key below a table's first key or above the
     * run's last is outside every table, and LevelDB asks no filter for it (answered false here). The
     * whole-run family (no layout) builds one filter over the run. The seed is not used.
     */
    @Override
    public RealFilter build(long entries, Setting setting, LongUnaryOperator keyOfIndex, long seed) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return RealFilter.none();
        }
        int b = (int) setting.bitsPerKey();
        LevelDbBloom policy = LevelDbBloom.policy(b);
        long[] sorted = new long[Math.toIntExact(entries)];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = keyOfIndex.applyAsLong(i) ^ Long.MIN_VALUE; // flipped: signed order = unsigned order
        }
        java.util.Arrays.sort(sorted);
        List<Integer> windowStarts = new ArrayList<>();
        List<byte[]> filters = new ArrayList<>();
        java.util.BitSet tableStarts = new java.util.BitSet(sorted.length);
        int at = 0;
        if (layout == null) {
            windowStarts.add(0);
            filters.add(policy.createFilter(keysOf(sorted, 0, sorted.length)));
            tableStarts.set(0);
        } else {
            Run run = run(entries);
            for (long t = 0; t <= run.fullTables; t++) {
                LevelDbLayout.TableFilters table = t < run.fullTables ? fullTable : run.lastTable;
                tableStarts.set(at);
                for (LevelDbLayout.Window w : table.windows()) {
                    windowStarts.add(at);
                    filters.add(policy.createFilter(keysOf(sorted, at, w.keys())));
                    at += w.keys();
                }
            }
        }
        int[] starts = windowStarts.stream().mapToInt(Integer::intValue).toArray();
        // filter-to-filter spread of the run's rate: a query meets one window's filter, so the run's rate is
        // the key-weighted mean of the windows' rates, each window's spread that of a Bloom filter of its size
        double variance = 0.0;
        for (int w = 0; w < starts.length; w++) {
            int keys = (w + 1 < starts.length ? starts[w + 1] : sorted.length) - starts[w];
            double share = (double) keys / sorted.length;
            long m = LevelDbBloom.filterBits(keys, b);
            variance += share * share * org.monkeyeval.filter.Predictions.standard(keys, m, policy.probes()).variance();
        }
        byte[][] windows = filters.toArray(new byte[0][]);
        long bits = Math.round(filterBits(entries, setting));
        org.monkeyeval.filter.Filter filter = new org.monkeyeval.filter.Filter() {
            @Override
            public boolean mayContain(long key) {
                int pos = java.util.Arrays.binarySearch(sorted, key ^ Long.MIN_VALUE);
                if (pos >= 0) {
                    return LevelDbBloom.keyMayMatch(org.monkeyeval.filter.KeyBytes.of(key), windows[window(pos)]);
                }
                int above = -pos - 1;
                if (above == sorted.length || tableStarts.get(above)) {
                    return false; // outside every table's key range: LevelDB reads no filter
                }
                return LevelDbBloom.keyMayMatch(org.monkeyeval.filter.KeyBytes.of(key), windows[window(above)]);
            }

            private int window(int keyIndex) {
                int w = java.util.Arrays.binarySearch(starts, keyIndex);
                return w >= 0 ? w : -w - 2;
            }

            @Override
            public long bitCount() {
                return bits;
            }

            @Override
            public int hashes() {
                return policy.probes();
            }
        };
        return new RealFilter(filter, bits, fpr(entries, setting), variance);
    }

    private static List<byte[]> keysOf(long[] sorted, int from, int count) {
        List<byte[]> keys = new ArrayList<>(count);
        for (int i = from; i < from + count; i++) {
            keys.add(org.monkeyeval.filter.KeyBytes.of(sorted[i] ^ Long.MIN_VALUE));
        }
        return keys;
    }
}
