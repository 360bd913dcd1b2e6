package org.monkeyeval.family.hbase;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongUnaryOperator;

import org.monkeyeval.family.ByteKeyFilter;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.RealFilter;
import org.monkeyeval.family.RealFilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.filter.KeyBytes;
import org.monkeyeval.filter.Predictions;

/**
 * HBase's ROW Bloom filter, set per column family by {@code io.storefile.bloom.error.rate} (the knob; 1%
 * by default), at the default chunk size (128 KiB), fold (7) and hash ({@code murmur}). A store file's
 * filter is a compound Bloom filter ({@link HBaseCompoundBloom}): full chunks of maxKeys keys and a last
 * chunk folded to the keys it holds ({@link HBaseBloomSizing}). Its rate and size for n keys:
 *
 * <pre>
 *   chunks c = ceil(n / maxKeys), the last holding n_l = n - (c - 1) maxKeys keys in m_l bits (folded)
 *   size     = 8 (sum of the chunks' bytes) + 8 * 33 c        (each chunk an HFile block with its
 *                                                             33-byte header, HConstants.HFILEBLOCK_HEADER_SIZE)
 *   rate     = ((c - 1) maxKeys p(maxKeys, m) + (n_l - 1) p(n_l, m_l)) / (n + 1)
 *   p(n, m)  = (1 - (1 - 1/m)^(k n))^k, plus the queries whose probes repeat (chunkRate)
 * </pre>
 *
 * <p>Why the weights. An absent key asks one chunk, the last whose first key is at or below it, and none
 * when it sorts before the file's first key or after its last ({@link HBaseCompoundBloom#mayContain}).
 * For absent keys drawn from the same distribution as the n stored ones, the share of them falling
 * between the stored keys of ranks a and b is (b - a) / (n + 1) on average: maxKeys / (n + 1) for each
 * full chunk, (n_l - 1) / (n + 1) for the last, 2 / (n + 1) outside the file. The build variance adds
 * to each chunk's (weight squared) the spread of those shares (Dirichlet: (sum w r^2 - (sum w r)^2) /
 * (n + 2)).
 *
 * <p>Settings. The knob is a float; the settings here are the rates from 0.5 down to 1e-9 with three
 * significant digits (0.5, 0.499, ..., 0.1, 0.0999, ..., 0.000000001), kept once per distinct chunk
 * (maxKeys, k) and ordered by bits per key, which is 8 B / maxKeys of a full chunk: 9.59 at 0.01. A run
 * smaller than a chunk gets a folded one, up to twice those bits per key; the size above counts them.
 *
 * <p>p(n, m) counts the queries whose probes repeat ({@link #chunkRate}: HBase's double hashing
 * {@code |(hash1 + i hash2) % m|} in 32 bits has period m / gcd(hash2, m)), which at high bits per key
 * dominate: 1000 keys at 38 bits per key measure 4e-6 where f^k is 2e-13. Where it departs from HBase:
 * two probes merged across the sign (about k^2 / 2m of the queries, one probe fewer) are not counted,
 * and a period's probes are taken to cover 2q bits. The Bloom meta block
 * (its fixed fields and one index entry per chunk, the chunk's first key) and the blocks' checksums are
 * not counted in the size. The other hash types ({@code jenkins}, {@code murmur3}), block sizes and folds
 * are not offered as settings.
 */
public final class HBaseFamily implements RealFilterFamily {

    /** Bytes of a BLOOM_CHUNK block's header ({@code HConstants.HFILEBLOCK_HEADER_SIZE}, checksums on). */
    public static final int BLOCK_HEADER_BYTES = 33;
    /** Name of the setting's parameter: keys per full chunk (maxKeys). */
    public static final String CHUNK_KEYS = "chunk-keys";
    /** Highest rate offered; above ~0.6185 HBase's chunk gets no probe. */
    public static final String MAX_RATE = "0.5";
    /** Lowest rate offered (43 bits per key). */
    public static final int MIN_RATE_EXPONENT = -9;

    /** The family; created after the constants above, which its settings read. */
    public static final HBaseFamily INSTANCE = new HBaseFamily();

    private final List<Setting> settings;

    private HBaseFamily() {
        List<Setting> all = new ArrayList<>();
        BigDecimal max = new BigDecimal(MAX_RATE);
        for (int exponent = -1; exponent >= MIN_RATE_EXPONENT; exponent--) {
            for (int mantissa = 999; mantissa >= 100; mantissa--) {
                BigDecimal rate = BigDecimal.valueOf(mantissa, 2 - exponent);
                if (rate.compareTo(max) <= 0) {
                    all.add(ofRate(rate.stripTrailingZeros().toPlainString()));
                }
            }
        }
        all.add(ofRate(BigDecimal.ONE.scaleByPowerOfTen(MIN_RATE_EXPONENT).toPlainString()));
        all.sort(Comparator.comparingDouble(Setting::bitsPerKey));
        List<Setting> distinct = new ArrayList<>();
        distinct.add(Setting.none());
        for (Setting s : all) {
            Setting previous = distinct.get(distinct.size() - 1);
            if (previous.parameter(CHUNK_KEYS) != s.parameter(CHUNK_KEYS) || previous.probes() != s.probes()) {
                distinct.add(s);
            }
        }
        this.settings = Collections.unmodifiableList(distinct);
    }

    /**
     * The setting {@code io.storefile.bloom.error.rate = rate} gives, at the default chunk size and fold:
     * bits per key 8 B / maxKeys, probes k, chunk-keys maxKeys; the knob is the rate as given.
     */
    public static Setting ofRate(String rate) {
        float value;
        try {
            value = Float.parseFloat(rate);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("io.storefile.bloom.error.rate (" + rate + ") is not a number");
        }
        HBaseBloomSizing.Chunk chunk = HBaseBloomSizing.chunk(value);
        return new Setting((double) chunk.bitSize() / chunk.maxKeys(), rate, List.of(
                new Setting.Parameter(Setting.PROBES, chunk.hashCount()),
                new Setting.Parameter(CHUNK_KEYS, chunk.maxKeys())));
    }

    /** The chunk of a setting with a filter (default chunk size; maxKeys and k from its parameters). */
    public static HBaseBloomSizing.Chunk chunk(Setting setting) {
        if (!setting.hasFilter() || setting.parameter(CHUNK_KEYS) < 1) {
            throw new IllegalArgumentException("setting " + setting.knob() + " is not an HBase filter setting");
        }
        int bytes = HBaseBloomSizing.foldableByteSize(HBaseBloomSizing.foldableByteSize(
                HBaseBloomSizing.DEFAULT_BLOCK_SIZE * 8L, HBaseBloomSizing.DEFAULT_MAX_FOLD) * 8L,
                HBaseBloomSizing.DEFAULT_MAX_FOLD);
        return new HBaseBloomSizing.Chunk(bytes, setting.parameter(CHUNK_KEYS), setting.probes());
    }

    @Override
    public String knobUnit() {
        return "io.storefile.bloom.error.rate";
    }

    @Override
    public String name() {
        return "hbase";
    }

    @Override
    public String source() {
        return "HBase 2.6.1 util/BloomFilterFactory.java, BloomFilterUtil.java, BloomFilterChunk.java, MurmurHash.java,"
                + " io/hfile/CompoundBloomFilterWriter.java, CompoundBloomFilter.java, regionserver/StoreFileReader.java;"
                + " chunk bytes equal to hbase-server 2.6.1's CompoundBloomFilterWriter; rate: the chunk a key is"
                + " routed to, absent keys outside the file's key range answered no";
    }

    @Override
    public List<Setting> settings() {
        return settings;
    }

    /** The setting with the most bits per key at most {@code bitsPerEntry}; no filter below the first. */
    @Override
    public Setting settingFor(double bitsPerEntry) {
        Setting best = settings.get(0);
        int lo = 1;
        int hi = settings.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (settings.get(mid).bitsPerKey() <= bitsPerEntry) {
                best = settings.get(mid);
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return best;
    }

    @Override
    public double fpr(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        return setting.hasFilter() ? moments(entries, chunk(setting)).mean() : 1.0;
    }

    @Override
    public double filterBits(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        return setting.hasFilter() ? sizeBits(entries, chunk(setting)) : 0.0;
    }

    /** 8 (sum of the chunks' bytes) + 8 * 33 per chunk: the BLOOM_CHUNK blocks, headers included. */
    static long sizeBits(long entries, HBaseBloomSizing.Chunk chunk) {
        return 8 * (HBaseBloomSizing.totalByteSize(chunk, entries)
                + BLOCK_HEADER_BYTES * HBaseBloomSizing.chunks(chunk, entries));
    }

    /** Rate and build variance of the filter over n keys, for absent keys distributed as the stored ones. */
    static Predictions.Moments moments(long entries, HBaseBloomSizing.Chunk chunk) {
        long chunks = HBaseBloomSizing.chunks(chunk, entries);
        long lastKeys = HBaseBloomSizing.lastChunkKeys(chunk, entries);
        long lastBits = 8L * HBaseBloomSizing.lastChunkBytes(chunk, entries);
        double spread = entries + 1.0;
        double fullWeight = chunk.maxKeys() / spread;
        double lastWeight = (lastKeys - 1) / spread;
        Predictions.Moments full = chunkRate(chunk.maxKeys(), chunk.bitSize(), chunk.hashCount());
        Predictions.Moments last = chunkRate(lastKeys, lastBits, chunk.hashCount());
        double fullShare = (chunks - 1) * fullWeight;
        double mean = fullShare * full.mean() + lastWeight * last.mean();
        double second = fullShare * full.mean() * full.mean() + lastWeight * last.mean() * last.mean();
        double shares = Math.max(0.0, second - mean * mean) / (entries + 2.0);
        double builds = (chunks - 1) * fullWeight * fullWeight * full.variance() + lastWeight * lastWeight * last.variance();
        return new Predictions.Moments(mean, builds + shares);
    }

    /**
     * One chunk's rate: n keys in m bits (a power of two: the default chunk and its folds), k probes.
     *
     * <pre>
     *   p = (1 - sum_q P(q)) f^k + sum_q P(q) f^min(k, 2q),   f = 1 - (1 - 1/m)^(k n)
     *   q = m / gcd(hash2 mod m, m), the period of the probes mod m;  q = 2^t &lt; k
     *   P(1) = 1/m (hash2 = 0 mod m),  P(q) = q / (2m) for q &gt;= 2   (hash2 uniform)
     * </pre>
     *
     * Why: a query's probes |(hash1 + i hash2) % m| repeat with period q, so they hit at most q residues,
     * each on either side of 0 (the sign of the 32-bit sum), at most 2q bits; for q &lt; k the query passes
     * with probability f^D, D &lt;= 2q, far above f^k when f^k is small. Taken at D = min(k, 2q) (the signs
     * of many probes mix); the merges of two probes on opposite sides (about k^2 / 2m, one probe each)
     * are left out. The build variance is the standard one of f^k ({@link Predictions#standard}).
     */
    static Predictions.Moments chunkRate(long keys, long bits, int k) {
        if (Long.bitCount(bits) != 1) {
            throw new IllegalArgumentException("a chunk of " + bits + " bits: the period rule needs a power of two");
        }
        Predictions.Moments distinct = Predictions.standard(keys, bits, k);
        double collapsed = 0.0;
        double mean = 0.0;
        for (long q = 1; q < k && q <= bits; q <<= 1) {
            double share = q == 1 ? 1.0 / bits : q / (2.0 * bits);
            collapsed += share;
            mean += share * Predictions.occupancy((double) k * keys, bits, (int) Math.min(k, 2 * q)).mean();
        }
        return new Predictions.Moments((1 - collapsed) * distinct.mean() + mean, distinct.variance());
    }

    /**
     * HBase's filter over the keys' {@link KeyBytes} as rows, added in row order (a store file holds its
     * rows sorted): chunk for chunk the bytes hbase-server writes. The seed is not used.
     */
    @Override
    public RealFilter build(long entries, Setting setting, LongUnaryOperator keyOfIndex, long seed) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return RealFilter.none();
        }
        if (entries > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("entries (" + entries + ") are more than one sort here holds");
        }
        HBaseBloomSizing.Chunk chunk = chunk(setting);
        long[] keys = new long[(int) entries];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = keyOfIndex.applyAsLong(i) ^ Long.MIN_VALUE; // signed order of the flipped key = unsigned order
        }
        Arrays.sort(keys);
        HBaseCompoundBloom.Builder builder = HBaseCompoundBloom.builder(chunk);
        byte[] row = new byte[KeyBytes.LENGTH];
        for (long flipped : keys) {
            KeyBytes.write(flipped ^ Long.MIN_VALUE, row);
            builder.add(row);
        }
        HBaseCompoundBloom bloom = builder.build();
        long bits = 8 * (bloom.totalByteSize() + (long) BLOCK_HEADER_BYTES * bloom.chunkCount());
        Predictions.Moments predicted = moments(entries, chunk);
        return new RealFilter(new ByteKeyFilter(bloom::mayContain, bits, bloom.hashCount()), bits,
                predicted.mean(), predicted.variance());
    }
}
