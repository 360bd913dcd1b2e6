package org.monkeyeval.alloc;

import java.util.List;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.RunFile;

/**
 * The best allocation an engine can express within a budget, costed with the engine's own filters.
 *
 * @param engine          the engine and its granularity
 * @param groupOfRun      the group (level, or tree) each run's setting belongs to, in run order
 * @param settingOfGroup  the setting chosen for each group (for {@link Engine#ROCKSDB_RIBBON}, the Ribbon
 *                        setting of its one B; {@link #setting(int)} gives what each run builds)
 * @param familyOfRun     the family that builds each run's filter, in run order
 * @param settingOfRun    the setting of that family each run's filter is built with, in run order
 * @param bloomBeforeLevel {@link Engine#ROCKSDB_RIBBON}'s bloom_before_level L, or null for other engines
 * @param fpr             each run's rate at its setting, in run order
 * @param filterBits      each run's real filter size in bits, in run order
 * @param usedBits        sum of the filter sizes, at most the budget
 * @param weightedFpr     sum a_i p_i (without v)
 * @param engineBound     the lower bound of sum a_i p_i over any per-run choice of the engine's settings
 *                        (of every family it offers) within the budget (the lower convex hull of every
 *                        run's curve, filled greedily): the ideal optimum on the engine's curve
 * @param buildNanosPerEntry build work per written entry: sum_i n_i t(family_i) / sum_i n_i, nanoseconds,
 *                        with t the family's measured build time per key ({@link DeployableBuildWork})
 * @param lpBound         the LP relaxation of the allocation at the engine's granularity (each group's lower
 *                        convex hull, filled by slope; {@link ChoiceKnapsack}): a lower bound on
 *                        {@code weightedFpr} any reader can recompute from the groups' settings
 * @param lowerBound      a certified lower bound on the least sum a_i p_i the engine can express:
 *                        {@code weightedFpr} itself where the search proved it optimal ({@link #exact()}), else
 *                        the largest cost the search proved nothing cheaper than, at least {@code lpBound}
 * @param nodes           partial allocations the search kept (for rocksdb-ribbon, the (B, L) pairs costed)
 */
public record Deployable(Engine engine, int[] groupOfRun, List<Setting> settingOfGroup,
                         List<FilterFamily> familyOfRun, List<Setting> settingOfRun, Integer bloomBeforeLevel,
                         double[] fpr, double[] filterBits, double usedBits, double weightedFpr, double engineBound,
                         double buildNanosPerEntry, double lpBound, double lowerBound, long nodes) {

    public Deployable {
        groupOfRun = groupOfRun.clone();
        settingOfGroup = List.copyOf(settingOfGroup);
        familyOfRun = List.copyOf(familyOfRun);
        settingOfRun = List.copyOf(settingOfRun);
        fpr = fpr.clone();
        filterBits = filterBits.clone();
        if (familyOfRun.size() != groupOfRun.length || settingOfRun.size() != groupOfRun.length
                || fpr.length != groupOfRun.length || filterBits.length != groupOfRun.length) {
            throw new IllegalArgumentException("per-run lists differ in length from the " + groupOfRun.length
                    + " runs");
        }
    }

    /** True when the allocation is the least-cost one the engine can express (to the solver's tolerance). */
    public boolean exact() {
        return lowerBound == weightedFpr;
    }

    /** weightedFpr - lpBound: how far the answer lies above the LP relaxation (the integrality gap where exact). */
    public double lpGap() {
        return weightedFpr - lpBound;
    }

    /** The setting run {@code run} builds (its group's, and for rocksdb-ribbon the Bloom or Ribbon one of B). */
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

    /**
     * The filter bits the allocation builds in a database whose runs list their files: each file holds its own
     * filter at its run's setting, sized by the family for the entries that file's filter holds, so every file
     * rounds up on its own (RocksDB builds one filter per table file). A run without files is one filter, as
     * {@link #filterBits(int)} sizes it.
     */
    public double filterBitsPerFile(LsmCase lsmCase) {
        double bits = 0.0;
        for (int i = 0; i < groupOfRun.length; i++) {
            Run run = lsmCase.runs().get(i);
            if (run.files().isEmpty()) {
                bits += filterBits[i];
            } else {
                for (RunFile f : run.files()) {
                    bits += family(i).filterBits(f.allocationEntries(), setting(i));
                }
            }
        }
        return bits;
    }

    /** The filters the allocation builds, runs per family in run order: "rocksdb-ribbon on 5 runs, no filter on 1 run". */
    public String builds() {
        java.util.Map<String, Integer> runs = new java.util.LinkedHashMap<>();
        for (int i = 0; i < groupOfRun.length; i++) {
            runs.merge(setting(i).hasFilter() ? family(i).name() : "no filter", 1, Integer::sum);
        }
        List<String> parts = new java.util.ArrayList<>();
        runs.forEach((family, n) -> parts.add(family + " on " + n + (n == 1 ? " run" : " runs")));
        return String.join(", ", parts);
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
