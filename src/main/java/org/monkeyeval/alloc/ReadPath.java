package org.monkeyeval.alloc;

import java.util.List;

import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;

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
}
