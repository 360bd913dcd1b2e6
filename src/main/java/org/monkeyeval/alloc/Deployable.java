package org.monkeyeval.alloc;

import java.util.List;

import org.monkeyeval.family.Engine;
import org.monkeyeval.family.Setting;

/**
 * The best allocation an engine can express within a budget, costed with the engine's own filter.
 *
 * @param engine          the engine and its granularity
 * @param groupOfRun      the group (level, or tree) each run's setting belongs to, in run order
 * @param settingOfGroup  the setting chosen for each group
 * @param fpr             each run's rate at its group's setting, in run order
 * @param filterBits      each run's real filter size in bits, in run order
 * @param usedBits        sum of the filter sizes, at most the budget
 * @param weightedFpr     sum a_i p_i (without v)
 * @param engineBound     the lower bound of sum a_i p_i over any per-run choice of the engine's settings
 *                        within the budget (the lower convex hull of every run's curve, filled
 *                        greedily): the ideal optimum on the engine's curve
 * @param nodes           search nodes visited
 */
public record Deployable(Engine engine, int[] groupOfRun, List<Setting> settingOfGroup, double[] fpr,
                         double[] filterBits, double usedBits, double weightedFpr, double engineBound,
                         long nodes) {

    public Deployable {
        groupOfRun = groupOfRun.clone();
        settingOfGroup = List.copyOf(settingOfGroup);
        fpr = fpr.clone();
        filterBits = filterBits.clone();
    }

    /** The setting of run {@code run}. */
    public Setting setting(int run) {
        return settingOfGroup.get(groupOfRun[run]);
    }

    public double fpr(int run) {
        return fpr[run];
    }

    public double filterBits(int run) {
        return filterBits[run];
    }

    /** R = sum p_i over all runs, summed in ascending order. */
    public double expectedProbes() {
        return Allocation.orderFreeSum(fpr);
    }

    @Override
    public int[] groupOfRun() {
        return groupOfRun.clone();
    }

    @Override
    public double[] fpr() {
        return fpr.clone();
    }

    @Override
    public double[] filterBits() {
        return filterBits.clone();
    }
}
