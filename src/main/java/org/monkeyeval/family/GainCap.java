package org.monkeyeval.family;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Where a real filter stops gaining: the setting past which more bits per key no longer lower the
 * family's own rate by more than {@link #TOLERANCE} per added bit. The families' {@code settings()}
 * stop there, so no allocation spends memory a filter cannot turn into fewer reads.
 *
 * <pre>
 *   ideal Bloom filter:  one more bit per key multiplies p by e^(-ln^2 2) = 0.618 (a 38% fall)
 *   the cap c of a family over its knob's settings s_1 &lt; s_2 &lt; ... (bits b_j, rate r_j(n)):
 *     the first c such that, for every reference n and every j &gt; c,
 *         r_j(n) &gt;= r_c(n) * (1 - TOLERANCE)^(b_j - b_c)
 *   i.e. from the cap on, no setting is below the cap's rate by more than the tolerance per added bit
 * </pre>
 *
 * With g_j = ln r_j - b_j ln(1 - TOLERANCE) the condition at c is g_c &lt;= min over j &gt; c of g_j, one
 * backward pass per n. Measured from the cap rather than bit by bit, so that a setting whose line
 * count happens to be a bad one (Pebble's rate jumps at a few line counts, LevelDB's small filters
 * are not monotone in b) neither ends the gains early nor hides a later fall. The rate is averaged
 * over nothing: each reference size is a condition of its own.
 *
 * <p>Why these floors exist, by family: Pebble's probes stop at 6 and its one 32-bit hash puts a
 * floor near fill / 512 (a step with many factors of two) and n / 2^32 (keys sharing the query's hash)
 * under the rate ({@code family.rocksdb.LegacyBloomRate}); LevelDB's probes stop at 30 and its small
 * per-2 KiB filters repeat bits ({@code family.leveldb.LevelDbFilterRate}). RocksDB's fast local Bloom
 * (24 probes from 50 bits, a 64-bit hash), fjall's standard Bloom estimate and Cassandra's 20 buckets
 * keep falling by more than the tolerance up to the end of their knobs, so their cap is the knob's end.
 *
 * <p>The tolerance is a judgement, stated: a bit that buys less than a 10% lower rate buys about a
 * quarter of what a bit buys an ideal filter, and the memory is better left unspent (or given to a
 * run whose filter still gains). Families pin the cap they derive here as a constant, checked against
 * this derivation by a test, so that loading a family does not simulate its rates.
 */
public final class GainCap {

    /** Largest relative fall of the rate per added bit past the cap. */
    public static final double TOLERANCE = 0.10;

    /** Run sizes the condition is checked at: 2^10, 2^12, ..., 2^30 keys. */
    public static final List<Long> REFERENCE_ENTRIES;

    static {
        List<Long> sizes = new ArrayList<>();
        for (int e = 10; e <= 30; e += 2) {
            sizes.add(1L << e);
        }
        REFERENCE_ENTRIES = Collections.unmodifiableList(sizes);
    }

    private GainCap() {
    }

    /**
     * The index in {@code settings} (no filter first, then by increasing bits per key) of the first
     * setting with a filter from which no later setting lowers the rate by more than {@code tolerance}
     * per added bit, at every size in {@code entries}; the last index if none earlier qualifies.
     */
    public static int derive(FilterFamily family, List<Setting> settings, List<Long> entries, double tolerance) {
        if (!(tolerance > 0.0) || !(tolerance < 1.0)) {
            throw new IllegalArgumentException("tolerance (" + tolerance + ") must be in (0, 1)");
        }
        if (settings.size() < 2 || settings.get(0).hasFilter()) {
            throw new IllegalArgumentException("settings must start with no filter and hold at least one filter ("
                    + settings.size() + " settings)");
        }
        int count = settings.size();
        boolean[] holds = new boolean[count];
        Arrays.fill(holds, true);
        double perBit = Math.log1p(-tolerance);
        double[] g = new double[count];
        for (long n : entries) {
            for (int j = 1; j < count; j++) {
                g[j] = Math.log(family.fpr(n, settings.get(j))) - settings.get(j).bitsPerKey() * perBit;
            }
            double least = Double.POSITIVE_INFINITY;
            for (int c = count - 1; c >= 1; c--) {
                if (!(g[c] <= least)) {
                    holds[c] = false;
                }
                least = Math.min(least, g[c]);
            }
        }
        for (int c = 1; c < count; c++) {
            if (holds[c]) {
                return c;
            }
        }
        return count - 1;
    }

    /** {@link #derive} at {@link #REFERENCE_ENTRIES} and {@link #TOLERANCE}, as bits per key of the cap. */
    public static double deriveBits(FilterFamily family, List<Setting> settings) {
        return settings.get(derive(family, settings, REFERENCE_ENTRIES, TOLERANCE)).bitsPerKey();
    }

    /** The settings up to and including {@code capBits} bits per key (no filter kept). */
    public static List<Setting> upTo(List<Setting> settings, double capBits) {
        int end = 0;
        while (end < settings.size() && settings.get(end).bitsPerKey() <= capBits) {
            end++;
        }
        return Collections.unmodifiableList(new ArrayList<>(settings.subList(0, end)));
    }
}
