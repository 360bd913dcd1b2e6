package org.monkeyeval.alloc;

import java.util.List;
import java.util.function.IntFunction;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;

/**
 * The engines' own settings as anchors to price beside the optimum, each on its engine's read path at the
 * memory it spends, beside the best allocation at the anchor's engine granularity at that same memory
 * ({@link DeployableSolver}):
 *
 * <ul>
 *   <li>{@link #progressiveFuse}: Pebble's binary-fuse progressive policy ({@link ProgressivePolicy#fuse});</li>
 *   <li>{@link #ribbonHybrid}: RocksDB's {@code NewRibbonFilterPolicy(B)} at its default
 *       {@code bloom_before_level = 0} (facebook/rocksdb {@code include/rocksdb/filter_policy.h},
 *       {@code NewRibbonFilterPolicy(double bloom_equivalent_bits_per_key, int bloom_before_level = 0)}, at
 *       1dfa7297933df05237ac11376d6cb69d32591b1d): the fast local Bloom filter for a flush's files (the case's
 *       L0 runs), Ribbon for every file written by compaction ({@link DeployableRibbonSolver#buildsBloom});
 *       beside the best {@code ribbonfilter:B:L} at its memory ({@link Engine#ROCKSDB_RIBBON}, of which it is one);</li>
 *   <li>{@link #rocksdbUniform}: RocksDB's {@code bloomfilter:B} for every file, beside the best per-level
 *       allocation at its memory ({@link Engine#ROCKSDB_PER_LEVEL}: none, Bloom or Ribbon per level, of which it
 *       is one);</li>
 *   <li>{@link #pebbleUniform}: Pebble's {@code bloom.FilterPolicy(b)} at every level, on Pebble's Get path
 *       (no L6 filter read: {@link ReadPath}), beside the best Pebble allocation at its memory
 *       ({@link Engine#PEBBLE}, of which it is one).</li>
 * </ul>
 *
 * The settings are made comparable by one rule: B is the case's budget per entry, M / N, as the engine's
 * setting takes it ({@link FilterFamily#settingFor}: RocksDB's millibits, rounded to the nearest; Pebble's
 * whole bits, rounded down), so each anchor spends about the case's budget, and each is compared with the
 * optimum at the memory it really spends. Each run is priced as one filter, as the deployable allocation
 * prices it, so every anchor is a point the optimum searches over and the optimum is no worse. Where the
 * anchor's engine cannot hold the case (Pebble's seven levels; a run past one RocksDB filter's cap,
 * {@link #rocksDbHolds}) or a family cannot size a run, the anchor is null, never a failure.
 *
 * @param progressiveFuse Pebble's binary-fuse progressive policy, or null
 * @param ribbonHybrid    RocksDB's ribbonfilter:B:0, or null
 * @param rocksdbUniform  RocksDB's bloomfilter:B, or null
 * @param pebbleUniform   Pebble's bloom(b) at every level, or null
 */
public record EngineAnchors(ProgressivePolicy.Anchor progressiveFuse, Priced ribbonHybrid, Priced rocksdbUniform,
                            Priced pebbleUniform) {

    /** RocksDB's default bloom_before_level ({@code NewRibbonFilterPolicy}, include/rocksdb/filter_policy.h). */
    public static final int DEFAULT_BLOOM_BEFORE_LEVEL = 0;

    /** No anchor at all (folders and callers that price none). */
    public static final EngineAnchors NONE = new EngineAnchors(null, null, null, null);

    /**
     * One engine setting for the whole tree, priced.
     *
     * @param bitsPerKey         the setting's bits per key (0: no filter)
     * @param filterBits         its filter memory, bits
     * @param unreadBits         the part in filters the engine's lookup does not read
     * @param weightedFpr        sum_i a_i p_i on the engine's read path (without v)
     * @param optimumWeightedFpr the same of the best allocation at the anchor's granularity at {@code filterBits}
     */
    public record Priced(double bitsPerKey, double filterBits, double unreadBits, double weightedFpr,
                         double optimumWeightedFpr) {

        /** This anchor with the optimum found at its memory. */
        Priced beside(Deployable optimum) {
            return new Priced(bitsPerKey, filterBits, unreadBits, weightedFpr, optimum.weightedFpr());
        }
    }

    /** Every anchor of the case; each null where it does not apply. */
    public static EngineAnchors of(LsmCase lsmCase, double[] reach, DeployableSolver solver) {
        return of(lsmCase, reach, KeyRangeReach.of(lsmCase), solver);
    }

    /**
     * As {@link #of(LsmCase, double[], DeployableSolver)} with the case's key-range reach already found.
     *
     * @param keyRanges the case's key-range reach ({@link KeyRangeReach#of}), or null
     */
    public static EngineAnchors of(LsmCase lsmCase, double[] reach, KeyRangeReach keyRanges, DeployableSolver solver) {
        return new EngineAnchors(ProgressivePolicy.fuseOrNone(lsmCase, reach, keyRanges, solver),
                ProgressivePolicy.orNone(() -> ribbonHybrid(lsmCase, reach, solver)),
                ProgressivePolicy.orNone(() -> rocksdbUniform(lsmCase, reach, keyRanges, solver)),
                ProgressivePolicy.orNone(() -> pebbleUniform(lsmCase, reach, keyRanges, solver)));
    }

    /** B: the case's budget per entry, M / N. */
    public static double bitsPerEntry(LsmCase lsmCase) {
        return lsmCase.budgetBits() / lsmCase.totalEntries().doubleValue();
    }

    /**
     * True if one RocksDB filter holds each run below its cap at every setting: n &lt;= MAX_DATA_BYTES * 8 keys, so
     * that even 1 bit per key stays under {@link RocksDbLocalBloom#MAX_DATA_BYTES} (RocksDB caps a larger filter's
     * data, and its rate then tends to 1). A run beyond it (3.4 * 10^10 keys, no SST file's size) gets no RocksDB
     * anchor; pricing every per-level setting of such a run is also what would take the time.
     */
    static boolean rocksDbHolds(long[] entries) {
        for (long n : entries) {
            if (n > RocksDbLocalBloom.MAX_DATA_BYTES * Byte.SIZE) {
                return false;
            }
        }
        return true;
    }

    /** RocksDB's {@code ribbonfilter:B:0} ({@link #DEFAULT_BLOOM_BEFORE_LEVEL}), beside the best (B, L) at its memory. */
    public static Priced ribbonHybrid(LsmCase lsmCase, double[] reach, DeployableSolver solver) {
        if (!rocksDbHolds(lsmCase.entries())) {
            return null;
        }
        Integer[] levels = ProgressivePolicy.levelsOf(lsmCase);
        List<FilterFamily> families = solver.families().of(Engine.ROCKSDB_RIBBON);
        double b = bitsPerEntry(lsmCase);
        long[] entries = lsmCase.entries();
        boolean[] consulted = ReadPath.consulted(Engine.ROCKSDB_RIBBON, lsmCase.runs());
        Setting bloom = families.get(0).settingFor(b);
        Priced priced = price(entries, reach, consulted, new double[entries.length], i -> {
            boolean isBloom = DeployableRibbonSolver.buildsBloom(DeployableRibbonSolver.levelish(levels[i], i),
                    DEFAULT_BLOOM_BEFORE_LEVEL);
            FilterFamily family = families.get(isBloom ? 0 : 1);
            return new DeployableChoice(family, family.settingFor(b));
        }, bloom.bitsPerKey());
        return priced.beside(solver.solve(Engine.ROCKSDB_RIBBON, entries, reach, levels, consulted,
                priced.filterBits()));
    }

    /**
     * RocksDB's {@code bloomfilter:B} for every file, beside the best rocksdb-per-level allocation at its memory.
     *
     * @param keyRanges the case's key-range reach ({@link KeyRangeReach#of}), or null
     */
    static Priced rocksdbUniform(LsmCase lsmCase, double[] reach, KeyRangeReach keyRanges, DeployableSolver solver) {
        if (!rocksDbHolds(lsmCase.entries())) {
            return null;
        }
        return uniform(Engine.ROCKSDB, Engine.ROCKSDB_PER_LEVEL, lsmCase, reach, keyRanges, solver);
    }

    /** Pebble's {@code bloom.FilterPolicy(b)} at every level, on the Get path, beside the best Pebble allocation. */
    public static Priced pebbleUniform(LsmCase lsmCase, double[] reach, DeployableSolver solver) {
        return pebbleUniform(lsmCase, reach, KeyRangeReach.of(lsmCase), solver);
    }

    /** As {@link #pebbleUniform(LsmCase, double[], DeployableSolver)} with the case's key-range reach (or null). */
    static Priced pebbleUniform(LsmCase lsmCase, double[] reach, KeyRangeReach keyRanges, DeployableSolver solver) {
        try {
            EngineLevels.map(Engine.PEBBLE, lsmCase.runs());
        } catch (EngineLevels.ShapeException e) {
            return null;
        }
        return uniform(Engine.PEBBLE, Engine.PEBBLE, lsmCase, reach, keyRanges, solver);
    }

    /** The engine's one setting at B for every run, on its read path, beside the best at {@code granularity}. */
    private static Priced uniform(Engine engine, Engine granularity, LsmCase lsmCase, double[] reach,
                                  KeyRangeReach keyRanges, DeployableSolver solver) {
        FilterFamily family = engine.family();
        Setting setting = family.settingFor(bitsPerEntry(lsmCase));
        long[] entries = lsmCase.entries();
        List<Run> runs = lsmCase.runs();
        boolean[] consulted = ReadPath.consulted(engine, runs);
        // Pebble's filters hold Split prefixes: where the case gives the share of present prefixes, each run is
        // priced s_i + (1 - s_i) p, the anchor's and the optimum's alike (ReadPath.presentPrefixShares)
        double[] presentShare = ReadPath.presentPrefixShares(granularity, lsmCase, keyRanges);
        Priced priced = price(entries, reach, consulted, presentShare, i -> new DeployableChoice(family, setting),
                setting.bitsPerKey());
        return priced.beside(solver.solve(granularity, entries, reach, ProgressivePolicy.levelsOf(lsmCase),
                consulted, presentShare, priced.filterBits()));
    }

    /**
     * Each run as one filter of the choice given for it: the filter memory, the part of it the lookup does not
     * read, and sum_i a_i p_i with an unread filter's rate 1 and a read one's s_i + (1 - s_i) p.
     */
    private static Priced price(long[] entries, double[] reach, boolean[] consulted, double[] presentShare,
                                IntFunction<DeployableChoice> choiceOfRun, double bitsPerKey) {
        double bits = 0.0;
        double unread = 0.0;
        double weighted = 0.0;
        for (int i = 0; i < entries.length; i++) {
            DeployableChoice choice = choiceOfRun.apply(i);
            double m = choice.filterBits(entries[i]);
            bits += m;
            if (!consulted[i]) {
                unread += m;
            }
            long n = entries[i];
            weighted += reach[i] * ReadPath.rate(consulted[i], presentShare[i], () -> choice.fpr(n));
        }
        return new Priced(bitsPerKey, bits, unread, weighted, Double.NaN);
    }
}
