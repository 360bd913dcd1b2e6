package org.monkeyeval.alloc;

import java.util.List;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.fastfilter.StaticSetFamily;
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

    /**
     * Fingerprint bits of Pebble's binary-fuse progressive policy, L0 to L6 (cockroachdb/pebble {@code options.go},
     * {@code DBTableFilterPolicyBinaryFuseProgressive}, at 26e702194e718bd975623f6c7dd3702f77b64709; PR 5700).
     */
    private static final int[] FUSE_FINGERPRINT_BITS = {16, 16, 16, 12, 10, 8, 4};

    /**
     * Pebble builds no binary fuse filter for a table of more keys than this ({@code maxSize} in
     * {@code sstable/tablefilters/binaryfuse/filter.go}, at 07be3a6618997c26a76ccfece284b119a6cc15a5).
     */
    public static final long MAX_FUSE_TABLE_KEYS = 10_000_000L;

    /**
     * The table filter policies a Pebble level can take: {@code bloom.FilterPolicy(b)} and
     * {@code binaryfuse.FilterPolicy(w)} for w = 4, 8, 10, 12, 16 ({@code binaryfuse.SupportedBitsPerFingerprint},
     * {@code sstable/tablefilters/binaryfuse/binary_fuse.go}).
     */
    public static final List<FilterFamily> PEBBLE_TABLE_FILTERS = List.of(PebbleFamily.INSTANCE,
            StaticSetFamily.BINARY_FUSE4, StaticSetFamily.BINARY_FUSE8, StaticSetFamily.BINARY_FUSE10,
            StaticSetFamily.BINARY_FUSE12, StaticSetFamily.BINARY_FUSE16);

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
        return inWords(BITS_PER_KEY);
    }

    private static String inWords(int[] perLevel) {
        StringBuilder b = new StringBuilder();
        for (int level = 0; level < perLevel.length; level++) {
            b.append(level == 0 ? "" : level == perLevel.length - 1 ? " and " : ", ").append(perLevel[level]);
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
        return price(lsmCase, reach, keyRanges, (level, keys, tableKnown) -> {
            int target = targetBitsPerKey(level);
            return new DeployableChoice(PebbleFamily.INSTANCE, settingOf(tableKnown ? cappedBitsPerKey(keys, target)
                    : target));
        }, (c, consulted, presentShare, bits) -> solver.solve(Engine.PEBBLE, c.entries(), reach, levelsOf(c),
                consulted, presentShare, bits));
    }

    /**
     * Pebble's binary-fuse progressive policy for the case ({@code DBTableFilterPolicyBinaryFuseProgressive}:
     * {@link #fuseFingerprintBits} at L0..L6, no filter for a table of more than {@link #MAX_FUSE_TABLE_KEYS}
     * keys where the case lists the tables), on Pebble's Get path, and beside it the best allocation Pebble can
     * express at the memory it spends, each level taking any of Pebble's table filter policies
     * ({@link #PEBBLE_TABLE_FILTERS}: {@code bloom.FilterPolicy(b)} or {@code binaryfuse.FilterPolicy(w)});
     * null when Pebble's levels cannot hold the case's. The policy is one of those allocations, so the
     * optimum is no worse.
     *
     * @param reach  the lookups that reach each run (a_i)
     */
    public static Anchor fuse(LsmCase lsmCase, double[] reach, DeployableSolver solver) {
        return fuse(lsmCase, reach, KeyRangeReach.of(lsmCase), solver);
    }

    /**
     * As {@link #fuse(LsmCase, double[], DeployableSolver)} with the case's key-range reach already found.
     *
     * @param keyRanges the case's key-range reach ({@link KeyRangeReach#of}), or null
     */
    public static Anchor fuse(LsmCase lsmCase, double[] reach, KeyRangeReach keyRanges, DeployableSolver solver) {
        return price(lsmCase, reach, keyRanges, (level, keys, tableKnown) -> {
            StaticSetFamily family = fuseFamily(FUSE_FINGERPRINT_BITS[level]);
            Setting setting = tableKnown && keys > MAX_FUSE_TABLE_KEYS ? Setting.none() : family.settings().get(1);
            return new DeployableChoice(family, setting);
        }, (c, consulted, presentShare, bits) -> solver.solve(Engine.PEBBLE,
                DeployableChoice.union(PEBBLE_TABLE_FILTERS), c.entries(), reach,
                DeployableSolver.groups(Engine.PEBBLE, levelsOf(c)), consulted, presentShare, bits));
    }

    /** Pebble's binary-fuse progressive policy's fingerprint bits at Pebble level {@code level}, 0..6. */
    public static int fuseFingerprintBits(int level) {
        return FUSE_FINGERPRINT_BITS[level];
    }

    /** The fuse policy's widths in words, L0 first: "16, 16, 16, 12, 10, 8 and 4". */
    public static String fuseWidthsInWords() {
        return inWords(FUSE_FINGERPRINT_BITS);
    }

    /** The binary fuse family of {@code fingerprintBits} bits (4, 8, 10, 12 or 16: Pebble's supported widths). */
    static StaticSetFamily fuseFamily(int fingerprintBits) {
        return switch (fingerprintBits) {
            case 4 -> StaticSetFamily.BINARY_FUSE4;
            case 8 -> StaticSetFamily.BINARY_FUSE8;
            case 10 -> StaticSetFamily.BINARY_FUSE10;
            case 12 -> StaticSetFamily.BINARY_FUSE12;
            case 16 -> StaticSetFamily.BINARY_FUSE16;
            default -> throw new IllegalArgumentException("fingerprint bits (" + fingerprintBits
                    + ") must be 4, 8, 10, 12 or 16 (binaryfuse.SupportedBitsPerFingerprint)");
        };
    }

    /** The filter a table of {@code keys} keys at Pebble level {@code level} gets under a policy. */
    @FunctionalInterface
    private interface TablePolicy {
        DeployableChoice of(int level, long keys, boolean tableKnown);
    }

    /** The best allocation at a memory, with the runs' filters that a Get reads and their shares of present prefixes. */
    @FunctionalInterface
    private interface Optimum {
        Deployable at(LsmCase lsmCase, boolean[] consulted, double[] presentShare, double bits);
    }

    /**
     * A per-level Pebble policy priced table by table (a run's files where the case lists them, else the run
     * as one table) on Pebble's Get path, and the optimum at the memory it spends.
     */
    private static Anchor price(LsmCase lsmCase, double[] reach, KeyRangeReach keyRanges, TablePolicy policy,
                                Optimum optimum) {
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
            double before = bits;
            double rate = 0.0; // the run's filters' rate, computed only where a Get reads them
            if (run.files() != null && !run.files().isEmpty()) {
                long total = run.files().stream().mapToLong(RunFile::entries).sum();
                for (RunFile file : run.files()) {
                    DeployableChoice choice = policy.of(level[i], file.entries(), true);
                    bits += choice.filterBits(file.entries());
                    if (consulted[i]) {
                        rate += (double) file.entries() / total * choice.fpr(file.entries());
                    }
                }
            } else {
                tablesKnown = false;
                DeployableChoice choice = policy.of(level[i], run.entries(), false);
                bits += choice.filterBits(run.entries());
                rate = consulted[i] ? choice.fpr(run.entries()) : Double.NaN;
            }
            weighted += reach[i] * ReadPath.rate(consulted[i], presentShare[i], rate);
            if (!consulted[i]) {
                unread += bits - before;
            }
        }
        return new Anchor(bits, unread, weighted, optimum.at(lsmCase, consulted, presentShare, bits).weightedFpr(),
                tablesKnown);
    }

    /** Each run's level, null where it has none. */
    static Integer[] levelsOf(LsmCase lsmCase) {
        List<Run> runs = lsmCase.runs();
        Integer[] levels = new Integer[runs.size()];
        for (int i = 0; i < levels.length; i++) {
            levels[i] = runs.get(i).level();
        }
        return levels;
    }

    /**
     * {@link #of}, or null where Pebble's filter cannot size a run (more than 2^32 - 1 lines) or the
     * solver cannot find the allocation at the policy's memory: the anchor is an addition to a case, never
     * a reason to refuse it.
     */
    public static Anchor orNone(LsmCase lsmCase, double[] reach, KeyRangeReach keyRanges, DeployableSolver solver) {
        return orNone(() -> of(lsmCase, reach, keyRanges, solver));
    }

    /** {@link #fuse}, or null where it cannot be priced, as {@link #orNone(LsmCase, double[], KeyRangeReach, DeployableSolver)}. */
    public static Anchor fuseOrNone(LsmCase lsmCase, double[] reach, KeyRangeReach keyRanges,
                                    DeployableSolver solver) {
        return orNone(() -> fuse(lsmCase, reach, keyRanges, solver));
    }

    /**
     * The anchor, or null where a family cannot size a run or the solver cannot find the allocation at the
     * anchor's memory: an anchor is an addition to a case, never a reason to refuse it.
     */
    static <T> T orNone(java.util.function.Supplier<T> anchor) {
        try {
            return anchor.get();
        } catch (IllegalArgumentException | IllegalStateException e) {
            return null;
        }
    }

    private static Setting settingOf(int bitsPerKey) {
        return bitsPerKey == 0 ? Setting.none() : PebbleFamily.INSTANCE.settingFor(bitsPerKey);
    }
}
