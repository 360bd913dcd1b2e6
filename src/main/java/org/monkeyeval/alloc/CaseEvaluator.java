package org.monkeyeval.alloc;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Workload;

/**
 * Evaluates one case: the uniform baseline and Monkey's optimized allocation at the same budget, the
 * optimum weighted by the lookups that reach each run (all 1 when every lookup is for an absent key),
 * and, when an engine is given or the case names one ({@link LsmCase#engineGranularity()}), the best
 * allocation that engine can express ({@link DeployableSolver}). When the case's zero-result share is
 * uncertain (a range, or a KL radius), also the robust allocation ({@link RobustSolver}) and, with an
 * engine, the robust one the engine can express ({@link RobustDeployableSolver}), over every family the
 * engine offers (rocksdb-per-level: none, Bloom or Ribbon per level; rocksdb-ribbon: one (B, L)). Runs
 * given with their files' key ranges weigh every allocation by the lookups those ranges receive
 * ({@link KeyRangeReach}), found once per case.
 */
public final class CaseEvaluator {

    private final ThresholdSolver solver;
    private final Engine engine;
    private final DeployableSolver deployableSolver;
    private final RobustDeployableSolver robustDeployableSolver;

    public CaseEvaluator(ThresholdSolver solver) {
        this(solver, null);
    }

    /**
     * @param engine the engine whose deployable allocation is added to every result, or null to add one
     *               only to cases that name their engine granularity
     */
    public CaseEvaluator(ThresholdSolver solver, Engine engine) {
        this(solver, engine, EngineFamilies.OFFERED);
    }

    /**
     * @param engine   as in {@link #CaseEvaluator(ThresholdSolver, Engine)}
     * @param families the families each engine's deployable allocation chooses from (a published folder's,
     *                 when it is solved again as it was)
     */
    public CaseEvaluator(ThresholdSolver solver, Engine engine, EngineFamilies families) {
        this.solver = solver;
        this.engine = engine;
        this.deployableSolver = new DeployableSolver(DeployableSolver.DEFAULT_MAX_NODES, families);
        this.robustDeployableSolver = new RobustDeployableSolver(deployableSolver,
                RobustDeployableSolver.DEFAULT_MAX_NODES);
    }

    /** The families each engine's deployable allocation chooses from. */
    public EngineFamilies families() {
        return deployableSolver.families();
    }

    /** The engine whose deployable allocation is computed for every case, or null. */
    public Engine engine() {
        return engine;
    }

    public ThresholdSolver solver() {
        return solver;
    }

    /**
     * At most the bytes of the tables one evaluation of the case holds at once: three doubles per run and setting
     * (the robust search's costs at both ends and the sizes; a nominal solve holds two), every run its own group, at
     * the most settings an engine offers (rocksdb-per-level's Bloom and Ribbon, also an anchor of every case),
     * within the solvers' cap on cells. Callers that solve cases side by side keep the large ones apart.
     */
    public static long tableBytes(LsmCase lsmCase) {
        long cells = Math.min((long) lsmCase.runs().size() * MostSettings.COUNT, DeployableSolver.MAX_TABLE_CELLS);
        return 3L * Double.BYTES * cells;
    }

    /** The most settings an engine's deployable allocation chooses from, over every engine. */
    private static final class MostSettings {
        static final long COUNT = java.util.Arrays.stream(Engine.values())
                .mapToLong(e -> e.families().stream().mapToLong(f -> f.settings().size()).sum()).max().orElse(0);
    }

    public CaseResult evaluate(LsmCase lsmCase) {
        long[] entries = lsmCase.entries();
        double totalEntries = lsmCase.totalEntries().doubleValue();
        double budgetBits = lsmCase.budgetBits();
        KeyRangeReach keyRanges = KeyRangeReach.of(lsmCase);
        LookupWeights weights = LookupWeights.of(lsmCase, keyRanges);
        ThresholdSolver.Solution solution = solver.solve(entries, weights.reach(), budgetBits);
        Allocation uniform = Allocation.uniform(entries.length, budgetBits, totalEntries);
        Allocation optimized = Allocation.of(solution.bitsPerEntry());
        Deployable deployable = null;
        Engine engine = engineOf(lsmCase);
        Integer[] levels = new Integer[entries.length];
        for (int i = 0; i < levels.length; i++) {
            levels[i] = lsmCase.runs().get(i).level();
        }
        boolean[] consulted = engine == null ? ReadPath.all(entries.length) : ReadPath.consulted(engine, lsmCase.runs());
        double[] presentShare = ReadPath.presentPrefixShares(engine, lsmCase, keyRanges);
        if (engine != null) {
            try {
                deployable = deployableSolver.solve(engine, entries, weights.reach(), levels, consulted, presentShare,
                        budgetBits);
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new DeployableException("case " + lsmCase.id() + ": no deployable allocation for "
                        + engine.label() + (this.engine == null ? " (the case's engineGranularity)" : "") + ": "
                        + e.getMessage(), e);
            }
        }
        Allocation current = CurrentFilters.of(lsmCase, keyRanges);
        Robust robust = null;
        RobustDeployable robustDeployable = null;
        if (lsmCase.workload() instanceof Workload.ZeroResultShare z && z.uncertain()) {
            ShareInterval interval = ShareInterval.of(z);
            robust = new RobustSolver(solver).solve(entries, interval, budgetBits, keyRanges);
            if (deployable != null) {
                try {
                    robustDeployable = robustDeployableSolver.solve(engine, entries, levels, consulted, presentShare,
                            interval, budgetBits, keyRanges);
                } catch (IllegalArgumentException | IllegalStateException e) {
                    throw new DeployableException("case " + lsmCase.id() + ": no robust deployable allocation for "
                            + engine.label() + ": " + e.getMessage(), e);
                }
            }
        }
        Anchored anchored = anchored(lsmCase, weights.reach(), keyRanges);
        return new CaseResult(lsmCase, budgetBits, uniform, optimized, solution, weights, deployable, current,
                robust, robustDeployable, anchored.progressive(), anchored.anchors());
    }

    /**
     * The parts of a case's evaluation that no engine granularity changes: Pebble's progressive policy and the
     * engines' own settings, each beside the optimum at its memory, with the families they were priced on.
     */
    private record Anchored(EngineFamilies families, ProgressivePolicy.Anchor progressive, EngineAnchors anchors) {
    }

    /**
     * Kept per case object (by identity) while it is reachable: {@code run} with several granularities reads each
     * case once and evaluates it once per engine, and its anchors are found once. They are the same values found
     * again: each is a function of the case and the families alone.
     */
    private static final Map<LsmCase, Anchored> ANCHORED = Collections.synchronizedMap(new WeakHashMap<>());

    private Anchored anchored(LsmCase lsmCase, double[] reach, KeyRangeReach keyRanges) {
        Anchored kept = ANCHORED.get(lsmCase);
        if (kept != null && kept.families() == families()) {
            return kept;
        }
        Anchored anchored = new Anchored(families(), ProgressivePolicy.orNone(lsmCase, reach, keyRanges,
                deployableSolver), EngineAnchors.of(lsmCase, reach, keyRanges, deployableSolver));
        ANCHORED.put(lsmCase, anchored);
        return anchored;
    }

    /** The engine given to this evaluator, else the case's own, else null. */
    private Engine engineOf(LsmCase lsmCase) {
        if (engine != null) {
            return engine;
        }
        return lsmCase.engineGranularity() == null ? null : Engine.fromLabel(lsmCase.engineGranularity());
    }
}
