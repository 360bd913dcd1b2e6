package org.monkeyeval.alloc;

import java.util.List;

import org.monkeyeval.family.Engine;
import org.monkeyeval.family.Setting;

/**
 * The robust allocation at an engine's granularity: of the allocations the engine can express within
 * the budget, the one whose largest regret over an interval of zero-result shares is least, the regret
 * at each share taken against the best allocation the engine can express there
 * (see {@link RobustDeployableSolver}).
 *
 * @param ends           the interval's ends, their weights and the engine's optima there
 * @param engine         the engine and its granularity
 * @param groupOfRun     each run's group (level, or tree), in run order
 * @param settingOfGroup the setting chosen for each group
 * @param fpr            each run's rate at its group's setting, in run order
 * @param filterBits     each run's real filter size in bits, in run order
 * @param usedBits       sum of the filter sizes, at most the budget
 * @param dualBound      the Lagrangian (minimax-duality) lower bound on the least worst regret
 * @param solves         deployable solves of the duality step (the two ends included)
 * @param nodes          nodes of the exact search that closed the gap left by the duality (0 when none was left)
 */
public record RobustDeployable(ShareEnds ends, Engine engine, int[] groupOfRun, List<Setting> settingOfGroup,
                               double[] fpr, double[] filterBits, double usedBits, double dualBound, int solves,
                               long nodes) {

    public RobustDeployable {
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

    /** cost(zL, .) on the engine's filter. */
    public double costLow() {
        return ends.low().cost(fpr);
    }

    /** cost(zH, .) on the engine's filter. */
    public double costHigh() {
        return ends.high().cost(fpr);
    }

    public double regretLow() {
        return ends.regretLow(fpr);
    }

    public double regretHigh() {
        return ends.regretHigh(fpr);
    }

    /** The largest regret over the interval, the least any allocation the engine can express reaches. */
    public double worstRegret() {
        return ends.worstRegret(fpr);
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
