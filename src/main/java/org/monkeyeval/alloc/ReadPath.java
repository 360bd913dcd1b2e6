package org.monkeyeval.alloc;

import java.util.List;
import java.util.function.DoubleSupplier;

import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.RocksDbOptions;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.RunFile;

/**
 * Which runs' filters an engine's point lookup consults. A filter saves a read only where the lookup asks
 * it: a run whose filter the read path skips is read by every absent-key lookup that reaches it, so its
 * rate is 1 whatever its filter holds, and memory given to its filter buys nothing (the deployable
 * allocation then gives it none).
 *
 * <p>Pebble's {@code Get} reads no filter of level 6 ({@link Engine#readsLastLevelFilters()}); Pebble
 * fills its levels from the bottom, so the runs at L6 are those of the case's deepest level below L0
 * ({@link EngineLevels#lastLevelRuns}). Every other engine's lookup here consults every run's filter.
 */
public final class ReadPath {

    private ReadPath() {
    }

    /** Whether the engine's point lookup reads each run's filter, in run order. */
    public static boolean[] consulted(Engine engine, List<Run> runs) {
        boolean[] consulted = new boolean[runs.size()];
        boolean[] last = engine.readsLastLevelFilters() ? new boolean[runs.size()] : EngineLevels.lastLevelRuns(runs);
        for (int i = 0; i < consulted.length; i++) {
            consulted[i] = !last[i];
        }
        return consulted;
    }

    /**
     * Whether today's lookups read each run's filter ({@code current}): all of them, unless the case says the
     * database is read with RocksDB's {@code optimize_filters_for_hits}. Then a Get skips the filter of every
     * file of the last non-empty level, also a file that holds one because it was written before that level
     * was the last; when only L0 has files, the filter of its last (oldest) file:
     *
     * <pre>
     *   IsFilterSkipped(level, is_file_last_in_level) = optimize_filters_for_hits
     *       &amp;&amp; (level &gt; 0 || is_file_last_in_level) &amp;&amp; level == num_non_empty_levels - 1
     * </pre>
     *
     * (facebook/rocksdb {@code db/version_set.cc}, {@code Version::IsFilterSkipped}). The case's deepest level
     * is taken as the last non-empty one; runs listed without levels are levels by position.
     */
    public static boolean[] today(LsmCase lsmCase) {
        List<Run> runs = lsmCase.runs();
        boolean[] consulted = all(runs.size());
        if (!lsmCase.optimizeFiltersForHits()) {
            return consulted;
        }
        boolean[] last = EngineLevels.lastLevelRuns(runs);
        for (int i = 0; i < consulted.length; i++) {
            consulted[i] = !last[i];
        }
        if (consultsAll(consulted)) {
            consulted[runs.size() - 1] = false; // only L0 holds files: its last (oldest) file
        }
        return consulted;
    }

    /** What a RocksDB point Get checks in one file's filter. */
    public enum FileCheck {
        /** The whole key: the filter's rate at everything it holds (keys, and prefixes when it has both). */
        WHOLE_KEY,
        /** The key's prefix: an absent key whose prefix the file holds reads the block. */
        PREFIX,
        /** Nothing: every lookup that reaches the file reads its block. */
        NONE
    }

    /**
     * What a Get checks in file {@code f} of a database opened with {@code options} (null: options not known,
     * taken as the file's own). RocksDB 7.8.3, table/block_based/block_based_table_reader.cc,
     * {@code BlockBasedTable::FullFilterKeyMayMatch}:
     *
     * <pre>
     *   rep_-&gt;whole_key_filtering = table option whole_key_filtering
     *                                &amp;&amp; the file's rocksdb.block.based.table.whole.key.filtering   (Rep, on open)
     *   if rep_-&gt;whole_key_filtering:                      KeyMayMatch(user key)           -&gt; WHOLE_KEY
     *   else if !PrefixExtractorChanged(prefix_extractor)
     *           &amp;&amp; prefix_extractor-&gt;InDomain(user key):  PrefixMayMatch(Transform(key))  -&gt; PREFIX
     *   else:                                              may_match = true                -&gt; NONE
     * </pre>
     *
     * {@code PrefixExtractorChanged} is true when the database has no prefix extractor, or when the name the
     * file records ({@code rocksdb.prefix.extractor.name}) is not the current extractor's
     * ({@code PrefixExtractorChangedHelper}, same file). Lookup keys are taken to be in the extractor's domain
     * (a fixed prefix: at least its length).
     */
    public static FileCheck fileCheck(RunFile f, RocksDbOptions options) {
        boolean wholeKeyOption = options == null || options.wholeKeyFiltering();
        if (f.wholeKeyFiltering() && wholeKeyOption) {
            return FileCheck.WHOLE_KEY;
        }
        String current = options == null || options.prefixExtractor() == null ? f.prefixExtractor()
                : options.prefixExtractor();
        boolean changed = current == null || RocksDbOptions.NO_PREFIX_EXTRACTOR.equals(current)
                || f.prefixExtractor() == null || !f.prefixExtractor().equals(current);
        return changed ? FileCheck.NONE : FileCheck.PREFIX;
    }

    /** Why the engine's lookup skips the filters {@link #consulted} says it does not read, in a few words. */
    public static String why(Engine engine) {
        return engine.readsLastLevelFilters() ? "none skipped"
                : "the last level, L6: Pebble's Get reads no L6 filter unless IterOptions.UseL6Filters, file_cache.go";
    }

    /** Every run's filter consulted. */
    public static boolean[] all(int runs) {
        boolean[] consulted = new boolean[runs];
        java.util.Arrays.fill(consulted, true);
        return consulted;
    }

    /** True when every run's filter is consulted. */
    public static boolean consultsAll(boolean[] consulted) {
        for (boolean c : consulted) {
            if (!c) {
                return false;
            }
        }
        return true;
    }

    /** The rate a lookup meets at a run: the filter's where the read path consults it, else 1. */
    static double rate(boolean consulted, double filterRate) {
        return consulted ? filterRate : 1.0;
    }

    /**
     * The rate a lookup meets at a run whose filter holds key prefixes: where the read path consults the filter,
     * s + (1 - s) fpr with s the share of the absent keys reaching the run whose prefix it holds
     * ({@link CurrentFilters#prefixFilterRate}, the rule RocksDB's prefix-only files are priced by); else 1.
     * With s = 0 it is {@link #rate(boolean, double)} bit for bit.
     */
    static double rate(boolean consulted, double presentShare, double filterRate) {
        return consulted ? CurrentFilters.prefixFilterRate(filterRate, presentShare) : 1.0;
    }

    /**
     * As {@link #rate(boolean, double, double)}, the filter's own rate asked only where the lookup reads the filter:
     * an unread filter's rate is never needed, and some cost a quadrature (Pebble's L6, {@code LegacyBloomLattice}).
     */
    static double rate(boolean consulted, double presentShare, DoubleSupplier filterRate) {
        return rate(consulted, presentShare, consulted ? filterRate.getAsDouble() : Double.NaN);
    }

    /**
     * Whether the engine's filters hold key prefixes that an absent key can share with a stored one: Pebble's
     * table filter holds each point key's {@code Split} prefix (cockroachdb/pebble {@code sstable/colblk_writer.go},
     * {@code w.filterWriter.AddKey(key.UserKey[:eval.kcmp.PrefixLen])}), and a Get checks the key's prefix (it
     * seeks with {@code SeekPrefixGE}). CockroachDB's prefix is the key without its MVCC timestamp, so a read of
     * a key at a version it does not hold finds the prefix; under the default comparer the prefix is the key.
     */
    public static boolean filtersPrefixes(Engine engine) {
        return engine == Engine.PEBBLE || engine == Engine.PEBBLE_USE_L6_FILTERS;
    }

    /**
     * s_i for each run at {@code engine}: of the absent-key lookups reaching run i, the share whose prefix it
     * holds, when the case gives q (workload.presentPrefixShare) and the engine's filters hold prefixes
     * ({@link #filtersPrefixes}); else 0 (a whole-key filter, or absent prefixes). As for a RocksDB prefix-only
     * file ({@link CurrentFilters#presentPrefixShare}): a present prefix is held by one run, run i with
     * probability l_i = n_i / N (its share of the filter entries), and it reaches a share d_i of the absent
     * keys (1, or its key-range reach when the case gives key ranges), so s_i = min(1, q l_i / d_i).
     *
     * @param keyRanges the case's key-range reach ({@link KeyRangeReach#of}), or null
     */
    public static double[] presentPrefixShares(Engine engine, LsmCase lsmCase, KeyRangeReach keyRanges) {
        double[] share = new double[lsmCase.runs().size()];
        if (engine == null || !filtersPrefixes(engine) || !lsmCase.presentPrefixShareGiven()) {
            return share;
        }
        double total = lsmCase.totalEntries().doubleValue();
        for (int i = 0; i < share.length; i++) {
            share[i] = CurrentFilters.presentPrefixShare(lsmCase.presentPrefixShare(), lsmCase.entries(i) / total,
                    keyRanges == null ? 1.0 : keyRanges.runReach(i));
        }
        return share;
    }

    /** True when some run's lookups read its block for a present prefix (some s_i above 0). */
    public static boolean anyPresent(double[] presentShare) {
        for (double s : presentShare) {
            if (s > 0.0) {
                return true;
            }
        }
        return false;
    }
}
