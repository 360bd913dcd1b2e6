package org.monkeyeval.alloc;

import java.util.List;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.Engine;

/**
 * The robust allocation at an engine's granularity: of the allocations the engine can express within
 * the budget, the one whose largest regret over an interval of zero-result shares is least, the regret
 * at each share taken against the best allocation the engine can express there
 * (see {@link RobustDeployableSolver}).
 *
 * @param ends             the interval's ends, their weights and the engine's optima there
 * @param engine           the engine and its granularity
 * @param groupOfRun       each run's group (level, or tree), in run order
 * @param settingOfGroup   the setting chosen for each group (for {@link Engine#ROCKSDB_RIBBON}, the Ribbon
 *                         setting of ribbonfilter:B:L, one group)
 * @param familyOfRun      the family that builds each run's filter, in run order
 * @param settingOfRun     the setting of that family each run's filter is built with, in run order
 * @param bloomBeforeLevel {@link Engine#ROCKSDB_RIBBON}'s bloom_before_level L, or null for other engines
 * @param fpr              each run's rate at its setting, in run order
 * @param filterBits       each run's real filter size in bits, in run order
 * @param usedBits         sum of the filter sizes, at most the budget
 * @param dualBound        the Lagrangian (minimax-duality) lower bound on the least worst regret (the least
 *                         worst regret itself where every allocation was costed)
 * @param lowerBound       a certified lower bound on the least worst regret: the answer's own worst regret where
 *                         the search proved it least ({@link #exact()}), else the largest worst regret the search
 *                         proved nothing below (at least the dual bound)
 * @param solves           deployable solves of the duality step (the two ends included)
 * @param nodes            nodes of the exact search that closed the gap left by the duality (0 when none was
 *                         left), or the allocations costed where every one was
 */
public record RobustDeployable(ShareEnds ends, Engine engine, int[] groupOfRun, List<Setting> settingOfGroup,
                               List<FilterFamily> familyOfRun, List<Setting> settingOfRun, Integer bloomBeforeLevel,
                               double[] fpr, double[] filterBits, double usedBits, double dualBound,
                               double lowerBound, int solves, long nodes) {

    public RobustDeployable {
        groupOfRun = groupOfRun.clone();
        settingOfGroup = List.copyOf(settingOfGroup);
        familyOfRun = List.copyOf(familyOfRun);
        settingOfRun = List.copyOf(settingOfRun);
        fpr = fpr.clone();
        filterBits = filterBits.clone();
        if (familyOfRun.size() != fpr.length || settingOfRun.size() != fpr.length) {
            throw new IllegalArgumentException("families, settings and rates differ in length");
        }
    }

    /** The setting run {@code run}'s filter is built with. */
    public Setting setting(int run) {
        return settingOfRun.get(run);
    }

    /** The family that builds run {@code run}'s filter. */
    public FilterFamily family(int run) {
        return familyOfRun.get(run);
    }

    public double fpr(int run) {
        return fpr[run];
    }

    public double filterBits(int run) {
        return filterBits[run];
    }

    /** True when no allocation the engine can express has a smaller worst regret (to the solver's tolerance). */
    public boolean exact() {
        return lowerBound >= worstRegret();
    }

    /** This allocation with a search's certified lower bound, where the search stopped short of proving it least. */
    RobustDeployable withLowerBound(double bound) {
        return new RobustDeployable(ends, engine, groupOfRun, settingOfGroup, familyOfRun, settingOfRun,
                bloomBeforeLevel, fpr, filterBits, usedBits, dualBound, Math.min(bound, worstRegret()), solves, nodes);
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
