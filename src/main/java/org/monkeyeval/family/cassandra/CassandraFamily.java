package org.monkeyeval.family.cassandra;

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
 * Cassandra's (and ScyllaDB's) per-table {@code bloom_filter_fp_chance}. From apache/cassandra, tag
 * {@code cassandra-5.0.4}, {@code src/java/org/apache/cassandra/utils/BloomCalculations.java} (the table {@code probs} and
 * {@code computeBloomSpec(maxBucketsPerElement, maxFalsePosProb)}), {@code FilterFactory.java}
 * ({@code getFilter}, {@code createFilter}) and {@code obs/OffHeapBitSet.java}:
 *
 * <pre>
 *   fp_chance = 1.0                        no filter (AlwaysPresentFilter)
 *   fp_chance &gt;= probs[2][1] = 0.393       K = 2, 1 bucket per element (the trivial case; the
 *                                          arguments of that BloomSpecification are swapped in Cassandra)
 *   otherwise                              the fewest buckets b (from 2, at most 20) whose
 *                                          probs[b][optK(b)] &lt;= fp_chance, then K lowered while
 *                                          probs[b][K-1] &lt;= fp_chance
 *   bits      = n * b + 20 (BITSET_EXCESS), rounded up to whole 64-bit words
 *   p         = sum over d of P(D = d) f^d,  f = 1 - e^(-K n / m)
 *               D: the distinct bits among a key's K probes (Murmur3 double hashing, abs(base % m);
 *               CassandraDistinctProbes); the standard estimate f^K is the case D = K
 * </pre>
 *
 * <p>Measured on the real filter ({@link CassandraBloom}, checked bit for bit against cassandra-all 5.0.4),
 * the standard estimate holds within 4 sigma for every setting at n = 10^4 and 10^6 (CassandraFprTest),
 * but not for small runs: double hashing sometimes puts several probes of a key on one bit, and at
 * n = 100, 20 buckets (m = 2048) the rate is 4.8 times f^K. The distinct-probes model follows the
 * measured rate there within 3 to 8 % (it drops terms of order n / m^2), within a factor 2 for runs of
 * 1 to 10 keys (where f^K is off by up to 10^6), and changes the rate at n = 10^4 by at most 1.5 %.
 *
 * <p>The reachable settings are no filter, (1 bucket, K = 2), and b = 3..20 buckets with their optimal K
 * (asked for with fp_chance = probs[b][optK(b)], the value written as the knob). ScyllaDB's
 * {@code utils/bloom_calculations.cc} is a port of the same table and rules (not checked line by line
 * here, nor its probes, which the rate model takes to be Cassandra's). Cassandra also lowers the buckets for more than ~4.6e17 entries; not modelled.
 */
public final class CassandraFamily implements RealFilterFamily {

    /** BloomCalculations.probs: row i buckets per element, column j hashes (j = 0 a dummy). */
    static final double[][] PROBS = {
        {1.0},
        {1.0, 1.0},
        {1.0, 0.393, 0.400},
        {1.0, 0.283, 0.237, 0.253},
        {1.0, 0.221, 0.155, 0.147, 0.160},
        {1.0, 0.181, 0.109, 0.092, 0.092, 0.101},
        {1.0, 0.154, 0.0804, 0.0609, 0.0561, 0.0578, 0.0638},
        {1.0, 0.133, 0.0618, 0.0423, 0.0359, 0.0347, 0.0364},
        {1.0, 0.118, 0.0489, 0.0306, 0.024, 0.0217, 0.0216, 0.0229},
        {1.0, 0.105, 0.0397, 0.0228, 0.0166, 0.0141, 0.0133, 0.0135, 0.0145},
        {1.0, 0.0952, 0.0329, 0.0174, 0.0118, 0.00943, 0.00844, 0.00819, 0.00846},
        {1.0, 0.0869, 0.0276, 0.0136, 0.00864, 0.0065, 0.00552, 0.00513, 0.00509},
        {1.0, 0.08, 0.0236, 0.0108, 0.00646, 0.00459, 0.00371, 0.00329, 0.00314},
        {1.0, 0.074, 0.0203, 0.00875, 0.00492, 0.00332, 0.00255, 0.00217, 0.00199, 0.00194},
        {1.0, 0.0689, 0.0177, 0.00718, 0.00381, 0.00244, 0.00179, 0.00146, 0.00129, 0.00121, 0.0012},
        {1.0, 0.0645, 0.0156, 0.00596, 0.003, 0.00183, 0.00128, 0.001, 0.000852, 0.000775, 0.000744},
        {1.0, 0.0606, 0.0138, 0.005, 0.00239, 0.00139, 0.000935, 0.000702, 0.000574, 0.000505, 0.00047,
            0.000459},
        {1.0, 0.0571, 0.0123, 0.00423, 0.00193, 0.00107, 0.000692, 0.000499, 0.000394, 0.000335, 0.000302,
            0.000287, 0.000284},
        {1.0, 0.054, 0.0111, 0.00362, 0.00158, 0.000839, 0.000519, 0.00036, 0.000275, 0.000226, 0.000198,
            0.000183, 0.000176},
        {1.0, 0.0513, 0.00998, 0.00312, 0.0013, 0.000663, 0.000394, 0.000264, 0.000194, 0.000155, 0.000132,
            0.000118, 0.000111, 0.000109},
        {1.0, 0.0488, 0.00906, 0.0027, 0.00108, 0.00053, 0.000303, 0.000196, 0.00014, 0.000108, 8.89e-05,
            7.77e-05, 7.12e-05, 6.79e-05, 6.71e-05},
    };

    /** Most buckets per element (BloomCalculations.probs.length - 1). */
    public static final int MAX_BUCKETS = PROBS.length - 1;
    /** FilterFactory.BITSET_EXCESS. */
    public static final long BITSET_EXCESS = 20;

    /** The family; created after the constants above, which its settings read. */
    public static final CassandraFamily INSTANCE = new CassandraFamily();

    private final List<Setting> settings;

    private CassandraFamily() {
        List<Setting> all = new ArrayList<>();
        all.add(Setting.none());
        all.add(spec(PROBS[2][1]));
        for (int b = 3; b <= MAX_BUCKETS; b++) {
            all.add(spec(PROBS[b][optimalHashes(b)]));
        }
        this.settings = Collections.unmodifiableList(all);
    }

    @Override
    public String knobUnit() {
        return "bloom_filter_fp_chance";
    }

    @Override
    public String name() {
        return "cassandra";
    }

    @Override
    public List<Setting> settings() {
        return settings;
    }

    /** optKPerBuckets: the first K with the lowest tabulated rate in row b, at least 1. */
    public static int optimalHashes(int buckets) {
        double min = Double.MAX_VALUE;
        int best = 1;
        for (int j = 0; j < PROBS[buckets].length; j++) {
            if (PROBS[buckets][j] < min) {
                min = PROBS[buckets][j];
                best = Math.max(1, j);
            }
        }
        return best;
    }

    /**
     * computeBloomSpec(20, fpChance) as Cassandra computes it, for fpChance in (0, 1): the setting
     * (buckets per element, K), with fpChance as its knob. 1.0 gives no filter.
     */
    public static Setting spec(double fpChance) {
        if (!(fpChance > 0.0) || fpChance > 1.0) {
            throw new IllegalArgumentException("bloom_filter_fp_chance (" + fpChance + ") must be in (0, 1]");
        }
        if (fpChance == 1.0) {
            return Setting.none();
        }
        String knob = Setting.decimal(fpChance);
        if (fpChance >= PROBS[2][1]) {
            return Setting.bloom(optimalHashes(2), 2, knob); // BloomSpecification(2, optKPerBuckets[2]): K = 2, 1 bucket
        }
        int maxK = PROBS[MAX_BUCKETS].length - 1;
        if (fpChance < PROBS[MAX_BUCKETS][maxK]) {
            throw new IllegalArgumentException("bloom_filter_fp_chance (" + fpChance + ") is below "
                    + PROBS[MAX_BUCKETS][maxK] + ", which 20 buckets per element cannot satisfy");
        }
        int buckets = 2;
        int k = optimalHashes(2);
        while (PROBS[buckets][k] > fpChance) {
            buckets++;
            k = optimalHashes(buckets);
        }
        while (PROBS[buckets][k - 1] <= fpChance) {
            k--;
        }
        return Setting.bloom(buckets, k, knob);
    }

    /** Bits of the bit set: n b + 20, rounded up to 64-bit words (OpenBitSet.bits2words). */
    public static long bitSetBits(long entries, int buckets) {
        long numBits = entries * buckets + BITSET_EXCESS;
        return ((numBits - 1) / 64 + 1) * 64;
    }

    /**
     * The setting with the most buckets per element at most {@code bitsPerEntry} (fp_chance is the
     * knob; this maps a bits-per-entry request onto it), no filter below 1.
     */
    @Override
    public Setting settingFor(double bitsPerEntry) {
        Setting best = settings.get(0);
        for (Setting s : settings) {
            if (s.bitsPerKey() <= bitsPerEntry) {
                best = s;
            }
        }
        return best;
    }

    @Override
    public double fpr(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return 1.0;
        }
        return CassandraDistinctProbes.fpr(entries, bitSetBits(entries, (int) setting.bitsPerKey()), setting.probes());
    }

    @Override
    public double filterBits(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        return setting.hasFilter() ? bitSetBits(entries, (int) setting.bitsPerKey()) : 0.0;
    }

    @Override
    public String source() {
        return "apache/cassandra cassandra-5.0.4 utils/BloomFilter.java, FilterFactory.java, BloomCalculations.java,"
                + " MurmurHash.java; bits equal to cassandra-all 5.0.4's serialized filters; rate counts the distinct"
                + " bits of double hashing's probes (CassandraDistinctProbes)";
    }

    /**
     * Cassandra's filter over the keys' {@link org.monkeyeval.filter.KeyBytes}, as the partition keys'
     * bytes: sized as {@code FilterFactory.getFilter(n, fp_chance)} sizes it, bit for bit Cassandra's;
     * the seed is not used. Queries hash into their own arrays, so several threads may ask at once.
     */
    @Override
    public RealFilter build(long entries, Setting setting, LongUnaryOperator keyOfIndex, long seed) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return RealFilter.none();
        }
        CassandraBloom bloom = CassandraBloom.create(entries, Double.parseDouble(setting.knob()));
        ByteKeyFilter.forEachKey(entries, keyOfIndex, bloom::add);
        long bits = bloom.bitCount();
        ByteKeyFilter filter = new ByteKeyFilter(key -> {
            long[] h = new long[2];
            CassandraMurmur3.hash3x64x128(key, 0, key.length, 0L, h);
            return bloom.mayContainHash(h[0], h[1]);
        }, bits, bloom.hashes());
        double variance = Predictions.standard(entries, bits, bloom.hashes()).variance();
        return new RealFilter(filter, bits, fpr(entries, setting), variance);
    }
}
