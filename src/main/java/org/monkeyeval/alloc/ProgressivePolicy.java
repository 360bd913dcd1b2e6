package org.monkeyeval.alloc;

import java.util.List;

import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.RunFile;

/**
 * Pebble's own answer to the question this tool asks, as an anchor to price beside the optimum: the
 * table filter policy {@code DBTableFilterPolicyProgressive}, Bloom filters of more bits per key on the
 * smaller levels, each table's filter capped near 1 MiB (cockroachdb/pebble {@code options.go},
 * {@code DBTableFilterPolicyProgressive}; {@code sstable/tablefilters/bloom/adaptive.go},
 * {@code AdaptivePolicy}, {@code MaxBitsPerKey}; {@code sstable/block}, {@code AllocationOverheadAllowance}):
 *
 * <pre>
 *   level                L0  L1  L2  L3  L4  L5  L6
 *   target bits per key  16  16  16  16  14  10   8        bloom.AdaptivePolicy(b, 1 MiB - 384 bytes)
 *   a table of n keys whose filter at b would pass the cap: b = floor(maxLines * 512 / n) (maxLines the
 *   odd number of 64-byte lines the cap holds, at most 512); below 2 bits per key, no filter
 * </pre>
 *
 * The anchor is priced on Pebble's Get read path ({@link ReadPath}: no L6 filter is read, so the memory
 * the policy gives L6 buys nothing a Get sees), at the memory it spends, and beside it the best
 * allocation Pebble can express at that same memory ({@link DeployableSolver} at {@link Engine#PEBBLE}).
 * The cap is applied table by table where the case lists a run's files (as {@code import} writes
 * them); a run given by its entries alone is one table, and the cap is not applied to it (a table of
 * more than about 520,000 keys at 16 bits per key would be capped; {@link Anchor#tablesKnown()} says
 * which). Where the case's levels do not fit Pebble's seven, or a run is beyond what Pebble's filter
 * sizes, there is no anchor ({@link #orNone}).
 */
public final class ProgressivePolicy {

    /** Target bits per key of Pebble's progressive policy, L0 to L6. */
    private static final int[] BITS_PER_KEY = {16, 16, 16, 16, 14, 10, 8};

    /** The cap on one table's filter: 1 MiB less Pebble's block allocation overhead allowance (384 bytes). */
    public static final long MAX_FILTER_BYTES = 1024 * 1024 - 384;

    private ProgressivePolicy() {
    }

    /**
     * The anchor and the optimum at its memory.
     *
     * @param filterBits        the policy's filter memory, bits
     * @param unreadBits        the part of it in filters a Get does not read (L6's)
     * @param weightedFpr       sum_i a_i p_i of the policy on Pebble's Get path (without v)
     * @param optimumWeightedFpr the same of the best Pebble allocation at {@code filterBits}
     * @param tablesKnown       true when every run's tables (files) were given, so the cap was applied
     */
    public record Anchor(double filterBits, double unreadBits, double weightedFpr, double optimumWeightedFpr,
                         boolean tablesKnown) {
    }

    /** The targets in words, L0 first: "16, 16, 16, 16, 14, 10 and 8". */
    public static String targetsInWords() {
        StringBuilder b = new StringBuilder();
        for (int level = 0; level < BITS_PER_KEY.length; level++) {
            b.append(level == 0 ? "" : level == BITS_PER_KEY.length - 1 ? " and " : ", ").append(BITS_PER_KEY[level]);
        }
        return b.toString();
    }

    /** Pebble's progressive policy's target bits per key at Pebble level {@code level}, 0..6. */
    public static int targetBitsPerKey(int level) {
        return BITS_PER_KEY[level];
    }

    /**
     * The bits per key Pebble's AdaptivePolicy builds a table of {@code keys} keys with, for a target of
     * {@code target}: the target while the filter stays within {@link #MAX_FILTER_BYTES}, else the most
     * its odd number of lines allows ({@code MaxBitsPerKey}), and 0 (no filter) below 2.
     */
    public static int cappedBitsPerKey(long keys, int target) {
        if (PebbleFamily.INSTANCE.filterBits(keys, settingOf(target)) <= 8.0 * MAX_FILTER_BYTES) {
            return target;
        }
        long maxLines = (MAX_FILTER_BYTES - RocksDbLocalBloom.METADATA_BYTES) / RocksDbLocalBloom.CACHE_LINE_BYTES;
        if ((maxLines & 1) == 0) {
            maxLines--; // Pebble's filters have an odd number of lines
        }
        long lineBits = RocksDbLocalBloom.CACHE_LINE_BITS;
        long bits = Math.min(lineBits, maxLines * lineBits / keys);
        return bits < 2 ? 0 : (int) bits;
    }

    /**
     * Pebble's progressive policy for the case, on Pebble's Get path, and the best Pebble allocation at the
     * memory it spends; null when Pebble's levels cannot hold the case's.
     *
     * @param reach  the lookups that reach each run (a_i)
     */
    public static Anchor of(LsmCase lsmCase, double[] reach, DeployableSolver solver) {
        return of(lsmCase, reach, KeyRangeReach.of(lsmCase), solver);
    }

    /**
     * As {@link #of(LsmCase, double[], DeployableSolver)} with the case's key-range reach already found: Pebble's
     * filters hold Split prefixes, so where the case gives workload.presentPrefixShare each run is priced
     * s_i + (1 - s_i) p, the policy's and the optimum's alike ({@link ReadPath#presentPrefixShares}).
     *
     * @param keyRanges the case's key-range reach ({@link KeyRangeReach#of}), or null
     */
    public static Anchor of(LsmCase lsmCase, double[] reach, KeyRangeReach keyRanges, DeployableSolver solver) {
        List<Run> runs = lsmCase.runs();
        EngineLevels.Mapping mapping;
        try {
            mapping = EngineLevels.map(Engine.PEBBLE, runs);
        } catch (EngineLevels.ShapeException e) {
            return null;
        }
        boolean[] consulted = ReadPath.consulted(Engine.PEBBLE, runs);
        double[] presentShare = ReadPath.presentPrefixShares(Engine.PEBBLE, lsmCase, keyRanges);
        int[] level = mapping.engineLevel();
        double bits = 0.0;
        double unread = 0.0;
        double weighted = 0.0;
        boolean tablesKnown = true;
        for (int i = 0; i < runs.size(); i++) {
            Run run = runs.get(i);
            int target = targetBitsPerKey(level[i]);
            double before = bits;
            double rate;
            if (run.files() != null && !run.files().isEmpty()) {
                rate = 0.0;
                long total = run.files().stream().mapToLong(RunFile::entries).sum();
                for (RunFile file : run.files()) {
                    Setting setting = settingOf(cappedBitsPerKey(file.entries(), target));
                    bits += PebbleFamily.INSTANCE.filterBits(file.entries(), setting);
                    rate += (double) file.entries() / total * PebbleFamily.INSTANCE.fpr(file.entries(), setting);
                }
            } else {
                tablesKnown = false;
                Setting setting = settingOf(target);
                bits += PebbleFamily.INSTANCE.filterBits(run.entries(), setting);
                rate = PebbleFamily.INSTANCE.fpr(run.entries(), setting);
            }
            weighted += reach[i] * ReadPath.rate(consulted[i], presentShare[i], rate);
            if (!consulted[i]) {
                unread += bits - before;
            }
        }
        Integer[] levels = new Integer[runs.size()];
        for (int i = 0; i < levels.length; i++) {
            levels[i] = runs.get(i).level();
        }
        Deployable optimum = solver.solve(Engine.PEBBLE, lsmCase.entries(), reach, levels, consulted, presentShare,
                bits);
        return new Anchor(bits, unread, weighted, optimum.weightedFpr(), tablesKnown);
    }

    /**
     * {@link #of}, or null where Pebble's filter cannot size a run (more than 2^32 - 1 lines) or the
     * solver cannot find the allocation at the policy's memory: the anchor is an addition to a case, never
     * a reason to refuse it.
     */
    public static Anchor orNone(LsmCase lsmCase, double[] reach, KeyRangeReach keyRanges, DeployableSolver solver) {
        try {
            return of(lsmCase, reach, keyRanges, solver);
        } catch (IllegalArgumentException | IllegalStateException e) {
            return null;
        }
    }

    private static Setting settingOf(int bitsPerKey) {
        return bitsPerKey == 0 ? Setting.none() : PebbleFamily.INSTANCE.settingFor(bitsPerKey);
    }
}
