package org.monkeyeval.alloc;

import org.monkeyeval.family.catalog.Engine;

/**
 * RocksDB's {@code optimize_filters_for_hits}: no filter on the last level, one setting for the rest.
 * The best such allocation within the budget, costed as the deployable one, so that an export can say
 * whether the option is the better choice (it is when lookups mostly find their key, so the last
 * level's filter is seldom useful: Monkey's optimum with z = 0 drops it too).
 *
 * @param deployable the setting of the levels above the last (its runs in the order given), or null
 *                   when every run is on the last level
 * @param lastLevel  which runs are on the last level
 * @param weightedFpr sum a_i p_i over all runs, the last level's runs counted at p = 1
 * @param usedBits   filter bits of the runs above the last level
 */
public record HitsOptimized(Deployable deployable, boolean[] lastLevel, double weightedFpr, double usedBits) {

    /**
     * @param levels each run's level, or null where a case lists runs without levels (then the last
     *               run is the last level)
     */
    public static HitsOptimized solve(DeployableSolver solver, Engine engine, long[] entries, double[] reach,
                                      Integer[] levels, double budgetBits) {
        int runs = entries.length;
        boolean[] last = new boolean[runs];
        int maxLevel = -1;
        for (Integer l : levels) {
            if (l != null) {
                maxLevel = Math.max(maxLevel, l);
            }
        }
        int upper = 0;
        for (int i = 0; i < runs; i++) {
            last[i] = maxLevel >= 0 ? levels[i] != null && levels[i] == maxLevel : i == runs - 1;
            if (!last[i]) {
                upper++;
            }
        }
        double lastCost = 0.0;
        long[] upperEntries = new long[upper];
        double[] upperReach = new double[upper];
        for (int i = 0, k = 0; i < runs; i++) {
            if (last[i]) {
                lastCost += reach[i];
            } else {
                upperEntries[k] = entries[i];
                upperReach[k++] = reach[i];
            }
        }
        if (upper == 0) {
            return new HitsOptimized(null, last, lastCost, 0.0);
        }
        Deployable d = solver.solve(engine, upperEntries, upperReach, new int[upper], budgetBits);
        return new HitsOptimized(d, last, d.weightedFpr() + lastCost, d.usedBits());
    }

    @Override
    public boolean[] lastLevel() {
        return lastLevel.clone();
    }
}
