package org.monkeyeval.alloc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.LsmCase;

/**
 * The robust allocation at an engine's granularity, found exactly: the same minimax duality as
 * {@link RobustSolver}, each weighted problem solved by {@link DeployableSolver}, and an exact search
 * over the engine's settings for whatever gap the duality leaves.
 *
 * <pre>
 * s = one setting per group;  rL(s) = cost(zL, s) - optD(zL),  rH(s) = cost(zH, s) - optD(zH),
 * optD(z) the least cost the engine's settings reach at z (a deployable solve).
 * Regret is convex in z here too ({@link ShareEnds}), so the robust s minimizes max(rL(s), rH(s)).
 *
 * 1. Duality. For theta in [0, 1], g(theta) = min_s theta rL(s) + (1 - theta) rH(s) is one deployable
 *    solve with reach theta a(zL) + (1 - theta) a(zH), and a lower bound on the answer. Over a finite
 *    set of allocations g is concave and piecewise linear, with a vertex of the lower-left convex hull
 *    of the points (rL(s), rH(s)) per piece. Starting from the two ends' optima A = (0, rH) and
 *    B = (rL, 0), the theta whose line passes through both is solved; a point below that line
 *    replaces A or B (by the sign of rL - rH), until none is: then A-B is the hull edge that crosses
 *    the diagonal and g(theta) is the dual bound. (The search for non-inferior points of two
 *    objectives; Cohon, Church and Sheer, Water Resources Research 15(5), 1979.) Only the ends are
 *    solved exactly ({@link #DUAL_STEP_STATES}): each step between them takes the knapsack's allocation
 *    and its certified lower bound on g(theta), and the dual bound is the largest of those.
 * 2. Exact search. Unlike the continuous problem, the engine's settings are a finite set, and the
 *    least max(rL, rH) can lie above the dual bound (an unsupported point inside the hull). The best
 *    allocation seen is the incumbent; group by group (largest first), the partial allocations whose
 *    lower bound is below it are kept, the others cut:
 *      max over w in {theta, 0, 1/16, ..., 1} of  w (cL - AL) + (1 - w)(cH - AH) + bound_w(rest)
 *    each bound the LP bound of the groups left at the budget left (lower convex hulls, as in
 *    {@link DeployableSolver}); a partial allocation is dropped when another is no larger and no
 *    costlier at both ends. What survives the last group is every allocation that could beat the
 *    incumbent; the best of them is the answer.
 * </pre>
 *
 * The settings are every family's the engine offers ({@link DeployableChoice#union}): at rocksdb-per-level
 * each level chooses none, Bloom or Ribbon, and the search keeps, per group, only the settings no other
 * dominates (as small and no costlier at both ends), which over the union drops most of one family where
 * the other is better. Before the search, local moves from the duality's allocations (every mix of A's
 * and B's settings, then single-group changes and two-group exchanges of budget) give it a tighter
 * incumbent; they change how much it prunes, not its answer. rocksdb-ribbon's (B, L) is few enough to
 * cost every pair ({@link DeployableRibbonSolver#robust}).
 *
 * <p>Both steps carry the deployable solver's relative tolerance ({@link DeployableSolver#PRUNE_TOLERANCE}).
 * The search runs in rounds with reduced-cost fixing ({@link Rounds}); past its cap on partial
 * allocations the answer is the incumbent with its certified lower bound ({@link RobustDeployable#lowerBound}),
 * never a failure.
 */
public final class RobustDeployableSolver {

    /**
     * Default cap on the partial allocations one round of the robust search keeps: each holds its costs at
     * both ends, and the tables of both ends are held beside them, within -Xmx1g.
     */
    public static final long DEFAULT_MAX_NODES = 1_000_000L;

    /**
     * Cap on duality steps: each finds an allocation below the line through the last two, and there are finitely
     * many; past it, the largest certified g(theta) is the dual bound.
     */
    public static final int MAX_DUAL_STEPS = 200;

    /**
     * Partial allocations a weighted solve between the two ends may keep: one, so none is searched. Its allocation
     * is the knapsack's after its pair exchanges and its bound the LP bound at that weight (raised by probing),
     * which bounds g(theta) from below. The ends' optima stay exact (the regrets are taken against them); the
     * duality's own steps need not be, since the rounds decide. On 200 random runs at 5 bits per entry its seven
     * steps took 1.5 s, where exact they had taken 9.4 s (nine steps), and the whole solve 15.2 s against 23.5 s;
     * the least worst regret is the same, proven, at every benchmark shape.
     */
    static final long DUAL_STEP_STATES = 1;

    /**
     * The rounds run first with 1/FIRST_TRY_SHARE of the cap, and only where one passes it does the beam
     * ({@link Rounds#beam}) look for a lower incumbent before they go on with the whole cap: most shapes are
     * proven without it. The beam took 0.4 to 1.6 s of the robust solves of 64 equal runs and 12 runs without
     * levels, where it found nothing the rounds needed; 200 random runs need it at both budgets.
     */
    static final long FIRST_TRY_SHARE = 10;

    /**
     * The rounds run again with layers compacted ({@link Compact#AFTER_CAP}) only where the round that passed the cap
     * had kept less than 1/COMPACT_BELOW_SHARE of it: compacted layers hold fewer children, never fewer partial
     * allocations. On random shapes at 16 bits per entry, the rounds that compaction went on to prove had kept 2 to 4%
     * of the cap (30 runs in 10 levels, 60 in 20) and 37% (120 runs in 64 levels); one that had kept 85% (200 runs in
     * 64 levels) passed it again, 11 s later.
     */
    static final long COMPACT_BELOW_SHARE = 2;

    private final DeployableSolver solver;
    private final long maxNodes;
    private final Tuning tuning;
    /** Layers of the beam decided among the children below a threshold ({@code Search.beamChildren}; tests read it). */
    final LongAdder beamLayersBelowThresholds = new LongAdder();
    /** The most children stretches side by side held between them in one extension ({@code Search.extend}; tests). */
    final LongAccumulator mostHeldTogether = new LongAccumulator(Math::max, 0);
    /** Extensions in stretches side by side that passed the cap (tests read it). */
    final LongAdder stretchedPastCap = new LongAdder();

    /** When the search's layers are compacted a stretch of partial allocations at a time ({@code Search.compacted}). */
    enum Compact {
        /** Never: where a round passes the cap, only the rounds below its cut may yet prove the answer. */
        NEVER,
        /** In rounds again from the bound proved, where a round passed the whole cap (the default). */
        AFTER_CAP,
        /** In every round (tests compare it with layers extended whole). */
        ALWAYS
    }

    /**
     * How the search runs, none of which changes an answer proved (tests compare each with another).
     *
     * @param statesPerStretch    partial allocations of a search layer each stretch extended side by side takes at
     *                            least (many stretches against one: the same answer, nodes and cap)
     * @param beamBelowThresholds whether the beam's layers are extended first below thresholds near their parents'
     *                            bounds ({@code Search.beamChildren}; against layers extended below the cut: the same
     *                            beam, at every cap)
     * @param compact             when layers are compacted
     * @param compactStretch      the most partial allocations a compacted layer extends at once
     * @param roundsBelowPassedCut the most rounds between the bound proved and a cut whose round passed the whole cap,
     *                            where the rounds before them left the answer unproven ({@code Rounds.below}; 0: none)
     */
    record Tuning(int statesPerStretch, boolean beamBelowThresholds, Compact compact, int compactStretch,
                  int roundsBelowPassedCut) {
        static final Tuning DEFAULT = new Tuning(Search.STATES_PER_STRETCH, true, Compact.AFTER_CAP,
                Integer.MAX_VALUE, Rounds.ROUNDS_BELOW_PASSED_CUT);

        Tuning {
            if (statesPerStretch < 1) {
                throw new IllegalArgumentException("statesPerStretch (" + statesPerStretch + ") must be >= 1");
            }
            if (compactStretch < 1) {
                throw new IllegalArgumentException("compactStretch (" + compactStretch + ") must be >= 1");
            }
            if (roundsBelowPassedCut < 0) {
                throw new IllegalArgumentException("roundsBelowPassedCut (" + roundsBelowPassedCut + ") must be >= 0");
            }
        }
    }

    public RobustDeployableSolver() {
        this(new DeployableSolver(), DEFAULT_MAX_NODES);
    }

    /** @param maxNodes cap on the partial allocations one round of the exact search keeps, {@code >= 1} */
    public RobustDeployableSolver(DeployableSolver solver, long maxNodes) {
        this(solver, maxNodes, Tuning.DEFAULT);
    }

    /** @param statesPerStretch as {@link Tuning#statesPerStretch}, the rest of the tuning the default */
    RobustDeployableSolver(DeployableSolver solver, long maxNodes, int statesPerStretch) {
        this(solver, maxNodes, new Tuning(statesPerStretch, Tuning.DEFAULT.beamBelowThresholds(),
                Tuning.DEFAULT.compact(), Tuning.DEFAULT.compactStretch(), Tuning.DEFAULT.roundsBelowPassedCut()));
    }

    RobustDeployableSolver(DeployableSolver solver, long maxNodes, Tuning tuning) {
        if (maxNodes < 1) {
            throw new IllegalArgumentException("maxNodes (" + maxNodes + ") must be >= 1");
        }
        this.solver = solver;
        this.maxNodes = maxNodes;
        this.tuning = tuning;
    }

    /**
     * The robust allocation over every setting of every family the engine offers ({@link Engine#families()}),
     * runs grouped as the engine sets them ({@link DeployableSolver#groups}): for
     * {@link Engine#ROCKSDB_PER_LEVEL} each level takes none, a Bloom or a Ribbon setting; for
     * {@link Engine#ROCKSDB_RIBBON} the tree takes one (B, bloom_before_level), and every such pair is
     * costed at both ends ({@link DeployableRibbonSolver#robust}).
     *
     * @param engine     the engine (its families and settings)
     * @param entries    n_i in probe order, each {@code >= 1}
     * @param levels     each run's level, or null where a run has none
     * @param interval   [zL, zH]
     * @param budgetBits M, {@code >= 0}
     * @param keyRanges  the share of lookups each run's key ranges receive, or null when the runs give none
     */
    public RobustDeployable solve(Engine engine, long[] entries, Integer[] levels, ShareInterval interval,
                                  double budgetBits, KeyRangeReach keyRanges) {
        return solve(engine, entries, levels, ReadPath.all(entries.length), interval, budgetBits, keyRanges);
    }

    /**
     * As {@link #solve(Engine, long[], Integer[], ShareInterval, double, KeyRangeReach)}, some runs' filters
     * unread by the engine's lookup ({@link ReadPath}): their rate is 1 at every share, whatever the setting.
     *
     * @param consulted whether the lookup reads each run's filter, in run order
     */
    public RobustDeployable solve(Engine engine, long[] entries, Integer[] levels, boolean[] consulted,
                                  ShareInterval interval, double budgetBits, KeyRangeReach keyRanges) {
        return solve(engine, entries, levels, consulted, new double[entries.length], interval, budgetBits, keyRanges);
    }

    /**
     * As {@link #solve(Engine, long[], Integer[], boolean[], ShareInterval, double, KeyRangeReach)}, the engine's
     * filters holding key prefixes: a consulted run's rate is s_i + (1 - s_i) p at every share
     * ({@link ReadPath#rate(boolean, double, double)}; s_i from {@link ReadPath#presentPrefixShares}, all 0 for
     * rocksdb-ribbon).
     */
    public RobustDeployable solve(Engine engine, long[] entries, Integer[] levels, boolean[] consulted,
                                  double[] presentShare, ShareInterval interval, double budgetBits,
                                  KeyRangeReach keyRanges) {
        if (engine == Engine.ROCKSDB_RIBBON) {
            if (ReadPath.anyPresent(presentShare)) {
                throw new IllegalArgumentException("rocksdb-ribbon is solved for whole-key filters (no present"
                        + " prefix share)");
            }
            if (!ReadPath.consultsAll(consulted)) {
                throw new IllegalArgumentException("rocksdb-ribbon is solved with every run's filter read");
            }
            LookupWeights[] w = ShareEnds.weights(entries, LsmCase.sum(entries).doubleValue(), interval, keyRanges);
            return DeployableRibbonSolver.robust(engine.family(), solver.families().of(engine).get(1), entries,
                    levels, interval, w, budgetBits);
        }
        return solve(engine, DeployableChoice.union(solver.families().of(engine)), entries,
                DeployableSolver.groups(engine, levels), consulted, presentShare, interval, budgetBits, keyRanges);
    }

    /**
     * As {@link #solve(Engine, long[], Integer[], ShareInterval, double, KeyRangeReach)} with the runs'
     * groups given and no key ranges; not for {@link Engine#ROCKSDB_RIBBON}, whose type follows each run's level.
     *
     * @param groupOfRun each run's group, 0 .. groups-1, every group used ({@link DeployableSolver#groups})
     */
    public RobustDeployable solve(Engine engine, long[] entries, int[] groupOfRun, ShareInterval interval,
                                  double budgetBits) {
        if (engine == Engine.ROCKSDB_RIBBON) {
            throw new IllegalArgumentException("rocksdb-ribbon sets its filter type by level: solve it with the"
                    + " runs' levels");
        }
        return solve(engine, DeployableChoice.union(solver.families().of(engine)), entries, groupOfRun,
                ReadPath.all(entries.length), interval, budgetBits, null);
    }

    /** As {@link #solve(Engine, long[], int[], ShareInterval, double)} over {@code family}'s settings (tests use subsets). */
    RobustDeployable solve(Engine engine, FilterFamily family, long[] entries, int[] groupOfRun,
                           ShareInterval interval, double budgetBits) {
        return solve(engine, DeployableChoice.union(List.of(family)), entries, groupOfRun,
                ReadPath.all(entries.length), interval, budgetBits, null);
    }

    /** The robust allocation over {@code settings}, each group taking one of them. */
    RobustDeployable solve(Engine engine, List<DeployableChoice> settings, long[] entries, int[] groupOfRun,
                           ShareInterval interval, double budgetBits, KeyRangeReach keyRanges) {
        return solve(engine, settings, entries, groupOfRun, ReadPath.all(entries.length), interval, budgetBits,
                keyRanges);
    }

    /** The robust allocation over {@code settings}, each group taking one of them, some filters unread. */
    RobustDeployable solve(Engine engine, List<DeployableChoice> settings, long[] entries, int[] groupOfRun,
                           boolean[] consulted, ShareInterval interval, double budgetBits, KeyRangeReach keyRanges) {
        return solve(engine, settings, entries, groupOfRun, consulted, new double[entries.length], interval,
                budgetBits, keyRanges);
    }

    /**
     * The robust allocation over {@code settings}, each group taking one of them, some filters unread and each
     * consulted run's rate s_i + (1 - s_i) p ({@link ReadPath#rate(boolean, double, double)}).
     */
    RobustDeployable solve(Engine engine, List<DeployableChoice> settings, long[] entries, int[] groupOfRun,
                           boolean[] consulted, double[] presentShare, ShareInterval interval, double budgetBits,
                           KeyRangeReach keyRanges) {
        double total = LsmCase.sum(entries).doubleValue();
        LookupWeights[] w = ShareEnds.weights(entries, total, interval, keyRanges);
        double[] reachLow = w[0].reach();
        double[] reachHigh = w[1].reach();
        // the ends' solves, every weighted solve of the duality and the search share one table of the
        // groups' costs at both ends; their allocations are positions among each group's undominated settings
        Tables tables = new Tables(settings, entries, reachLow, reachHigh, groupOfRun, consulted, presentShare);
        int[] sa = tables.solveWeighted(1.0, budgetBits, solver.maxStates());
        // the ends' costs (the offsets, set by tables.ends below, are still 0) against their certified lower bounds
        double endsGap = unproven(tables.regretLow(sa), tables.lowerCost);
        int[] sb = sa;
        if (!interval.point()) {
            sb = tables.solveWeighted(0.0, budgetBits, solver.maxStates());
            endsGap = Math.max(endsGap, unproven(tables.regretHigh(sb), tables.lowerCost));
        }
        double[] fprA = fprOf(settings, entries, groupOfRun, consulted, presentShare, tables.settingsOf(sa));
        double[] fprB = fprOf(settings, entries, groupOfRun, consulted, presentShare, tables.settingsOf(sb));
        ShareEnds ends = new ShareEnds(interval, w[0], w[1], w[0].cost(fprA), w[1].cost(fprB));
        tables.ends(ends);
        int solves = interval.point() ? 1 : 2;

        int[] best = ends.worstRegret(fprA) <= ends.worstRegret(fprB) ? sa : sb;
        if (ends.worstRegret(best == sa ? fprA : fprB) <= 0.0) {
            RobustDeployable r = build(engine, settings, entries, groupOfRun, consulted, presentShare,
                    tables.settingsOf(best), ends, 0.0, solves, 0);
            return bounded(r, r.worstRegret(), r.worstRegret(), endsGap);
        }
        double theta = 1.0;
        double dual = Double.NEGATIVE_INFINITY; // the largest certified g(theta), a lower bound on the answer
        for (int step = 0; step < MAX_DUAL_STEPS; step++) {
            double xa = tables.regretLow(sa);
            double ya = tables.regretHigh(sa);
            double xb = tables.regretLow(sb);
            double yb = tables.regretHigh(sb);
            // the theta whose line theta x + (1 - theta) y takes the same value at A and at B
            theta = (yb - ya) / ((xa - ya) - (xb - yb));
            double line = theta * xa + (1 - theta) * ya;
            int[] c = tables.solveWeighted(theta, budgetBits, DUAL_STEP_STATES);
            solves++;
            // the weighted solve's certified lower bound on its cost, less the weighted offsets: at most g(theta)
            dual = Math.max(dual, tables.lowerCost - (theta * tables.offsetLow + (1 - theta) * tables.offsetHigh));
            double xc = tables.regretLow(c);
            double yc = tables.regretHigh(c);
            if (Math.max(xc, yc) < tables.worstRegret(best)) {
                best = c;
            }
            double value = theta * xc + (1 - theta) * yc;
            if (!(value < line - DeployableSolver.PRUNE_TOLERANCE * Math.abs(line)) || xc == yc) {
                break; // no allocation found below the line through A and B: theta is the edge's weight
            }
            if (xc - yc < 0) {
                sa = c;
            } else {
                sb = c;
            }
        }
        double incumbent = tables.worstRegret(best);
        int[] settingOfGroup = best;
        long nodes = 0;
        double lower = incumbent;
        if (incumbent > dual + DeployableSolver.PRUNE_TOLERANCE * incumbent) {
            int[] improved = tables.improve(sa, sb, settingOfGroup, budgetBits);
            if (tables.worstRegret(improved) < incumbent) {
                // an allocation a local move found; the search below still decides whether any beats it
                settingOfGroup = improved;
                incumbent = tables.worstRegret(improved);
            }
            // first with a tenth of the cap; where a round passes it, a beam of the search's layers may find a
            // lower incumbent, and the rounds go on from the bound proved, with the whole cap
            Rounds rounds = new Rounds(tables, budgetBits, theta, Math.max(1, maxNodes / FIRST_TRY_SHARE));
            rounds.tuning = tuning;
            rounds.compact = tuning.compact() == Compact.ALWAYS;
            int[] found = rounds.run(dual, incumbent);
            if (found == null && rounds.lowerBound < incumbent) {
                rounds.maxStates = maxNodes;
                int[] beamed = rounds.beam(incumbent);
                if (beamed != null) {
                    settingOfGroup = beamed;
                    incumbent = tables.worstRegret(beamed);
                }
                // the round at the incumbent decides alone where it stays within the cap; where it passes it, the
                // rounds go on from the bound the first try proved
                double proven = rounds.lowerBound;
                found = rounds.last(proven, incumbent);
                if (found == null && rounds.lowerBound < incumbent) {
                    found = rounds.run(proven, incumbent);
                }
            }
            if (found == null && rounds.lowerBound < incumbent && tuning.compact() == Compact.AFTER_CAP
                    && rounds.keptPastCap < maxNodes / COMPACT_BELOW_SHARE) {
                // a round's layer held more children than the whole cap while it had kept few: the rounds again from
                // the bound proved, each layer's children held a stretch at a time, its undominated ones kept as they
                // come (compacted layers keep as many partial allocations, so where those neared the cap, they too
                // would pass it)
                rounds.maxStates = maxNodes;
                rounds.compact = true;
                found = rounds.run(rounds.lowerBound, incumbent);
            }
            if (found == null && rounds.lowerBound < incumbent) {
                // some round passed the whole cap: rounds at cuts between the bound proved and the cut it passed
                found = rounds.below(tuning.roundsBelowPassedCut());
            }
            nodes = rounds.states;
            beamLayersBelowThresholds.add(rounds.beamLayersBelowThresholds);
            mostHeldTogether.accumulate(rounds.mostHeldTogether);
            stretchedPastCap.add(rounds.stretchedPastCap);
            if (found != null) {
                settingOfGroup = found;
            }
            lower = rounds.lowerBound;
        }
        RobustDeployable r = build(engine, settings, entries, groupOfRun, consulted, presentShare,
                tables.settingsOf(settingOfGroup), ends, dual, solves, nodes);
        return bounded(r, tables.worstRegret(settingOfGroup), lower, endsGap);
    }

    /**
     * The answer {@code r} (worst regret {@code worst}) with the bound the search proved, {@code lower}, where it is
     * below the answer's worst regret. Where an end's optimum is unproven ({@code endsGap > 0}), the regrets are taken
     * against an allocation that may cost more than the optimum there, by at most the gap, so the answer's worst
     * regret against the optima is at most its own plus the gap (each regret is the cost less the end's best); the
     * bound proved stays a bound (every allocation's worst regret against the optima is at least its own), lowered by
     * the gap so that the answer is not called least.
     */
    private static RobustDeployable bounded(RobustDeployable r, double worst, double lower, double endsGap) {
        double bound = endsGap > 0 ? Math.min(lower, worst) - endsGap : lower;
        return bound >= worst ? r : r.withLowerBound(bound);
    }

    /**
     * What an end's knapsack left unproven: its allocation's cost less the certified lower bound on the least, where
     * that is more than the knapsack's tolerance ({@link DeployableSolver#PRUNE_TOLERANCE} of the cost), else 0.
     */
    static double unproven(double cost, double lowerBound) {
        double gap = cost - lowerBound;
        return gap > DeployableSolver.PRUNE_TOLERANCE * Math.abs(cost) ? gap : 0.0;
    }

    /** Each run's rate under one setting per group (indices into {@code settings}). */
    private static double[] fprOf(List<DeployableChoice> settings, long[] entries, int[] groupOfRun,
                                  boolean[] consulted, double[] presentShare, int[] settingOfGroup) {
        double[] fpr = new double[entries.length];
        for (int i = 0; i < entries.length; i++) {
            DeployableChoice choice = settings.get(settingOfGroup[groupOfRun[i]]);
            long n = entries[i];
            fpr[i] = ReadPath.rate(consulted[i], presentShare[i], () -> choice.fpr(n));
        }
        return fpr;
    }

    /** Each group's choice in {@code d} as an index into {@code settings}. */
    private static int[] settingIndices(List<DeployableChoice> settings, Deployable d) {
        int groups = d.settingOfGroup().size();
        int[] index = new int[groups];
        int[] groupOfRun = d.groupOfRun();
        for (int i = 0; i < groupOfRun.length; i++) {
            index[groupOfRun[i]] = indexOf(settings, new DeployableChoice(d.family(i), d.setting(i)));
        }
        return index;
    }

    /** The position of {@code choice} in {@code settings}; a no-filter setting matches the no-filter choice. */
    private static int indexOf(List<DeployableChoice> settings, DeployableChoice choice) {
        for (int s = 0; s < settings.size(); s++) {
            DeployableChoice c = settings.get(s);
            if (c.equals(choice) || !c.setting().hasFilter() && !choice.setting().hasFilter()) {
                return s;
            }
        }
        throw new IllegalStateException("setting " + choice + " is not among the engine's settings");
    }

    private static RobustDeployable build(Engine engine, List<DeployableChoice> settings, long[] entries,
                                          int[] groupOfRun, boolean[] consulted, double[] presentShare,
                                          int[] settingOfGroup, ShareEnds ends, double dual, int solves, long nodes) {
        List<DeployableChoice> chosen = new ArrayList<>(settingOfGroup.length);
        for (int s : settingOfGroup) {
            chosen.add(settings.get(s));
        }
        List<DeployableChoice> ofRun = new ArrayList<>(entries.length);
        for (int i = 0; i < entries.length; i++) {
            ofRun.add(chosen.get(groupOfRun[i]));
        }
        return of(engine, groupOfRun, chosen.stream().map(DeployableChoice::setting).toList(), ofRun, null, entries,
                consulted, presentShare, ends, dual, solves, nodes);
    }

    /** The robust allocation of each run's choice: its rates (1 where the filter is not read) and sizes. */
    static RobustDeployable of(Engine engine, int[] groupOfRun, List<Setting> settingOfGroup,
                               List<DeployableChoice> ofRun, Integer bloomBeforeLevel, long[] entries,
                               boolean[] consulted, ShareEnds ends, double dual, int solves, long nodes) {
        return of(engine, groupOfRun, settingOfGroup, ofRun, bloomBeforeLevel, entries, consulted,
                new double[entries.length], ends, dual, solves, nodes);
    }

    /** As {@link #of(Engine, int[], List, List, Integer, long[], boolean[], ShareEnds, double, int, long)}, rates s + (1 - s) p. */
    static RobustDeployable of(Engine engine, int[] groupOfRun, List<Setting> settingOfGroup,
                               List<DeployableChoice> ofRun, Integer bloomBeforeLevel, long[] entries,
                               boolean[] consulted, double[] presentShare, ShareEnds ends, double dual, int solves,
                               long nodes) {
        double[] fpr = new double[entries.length];
        double[] bits = new double[entries.length];
        double used = 0.0;
        for (int i = 0; i < entries.length; i++) {
            DeployableChoice choice = ofRun.get(i);
            long n = entries[i];
            fpr[i] = ReadPath.rate(consulted[i], presentShare[i], () -> choice.fpr(n));
            bits[i] = choice.filterBits(n);
            used += bits[i];
        }
        return new RobustDeployable(ends, engine, groupOfRun, settingOfGroup,
                ofRun.stream().map(DeployableChoice::family).toList(),
                ofRun.stream().map(DeployableChoice::setting).toList(), bloomBeforeLevel, fpr, bits, used, dual,
                ends.worstRegret(fpr), solves, nodes);
    }

    /**
     * A group's settings that no other dominates (none other as small and no costlier at both ends), by
     * size: a dominated setting can be swapped for its dominator in any allocation without raising
     * either end's cost or the size, so the search needs only these. Over the union of several
     * families (Bloom and Ribbon per level) this drops most of one family where the other is better.
     *
     * <p>Only the {@link #stretchCandidates} are put in order and scanned: the settings the scan keeps are all
     * among them, so the result is the same settings in the same order.
     */
    static int[] undominatedBySize(double[] low, double[] high, double[] size) {
        int[] order = inScanOrder(stretchCandidates(low, high, size), low, high, size);
        Stairs stairs = new Stairs();
        int[] kept = new int[order.length];
        int n = 0;
        for (int s : order) {
            if (stairs.add(low[s], high[s])) {
                kept[n++] = s;
            }
        }
        return Arrays.copyOf(kept, n);
    }

    /**
     * The kept settings' least cost at zH for each cost at zL, as stairs: costs at zL ascending (in
     * {@link Double#compare}'s order, as {@link IndexSort#sortable} keys), costs at zH falling. Held in two arrays:
     * a setting that is kept usually undercuts the last ones at both ends, so the stairs stay short.
     */
    private static final class Stairs {
        private long[] key = new long[16];     // IndexSort.sortable of the cost at zL, ascending (unsigned)
        private double[] least = new double[16]; // the least cost at zH from that cost at zL on
        private int size;

        /**
         * Whether a setting of costs (l, h) is dominated by none before it (no step at or below l with a cost at
         * zH at most h), and then adds it: its step, and the steps above l it undercuts at zH dropped.
         */
        boolean add(double l, double h) {
            long k = IndexSort.sortable(l);
            int floor = floor(k);
            if (floor >= 0 && least[floor] <= h) {
                return false;
            }
            int at;
            if (floor >= 0 && key[floor] == k) {
                least[floor] = h;
                at = floor;
            } else {
                at = floor + 1;
                if (size == key.length) {
                    key = Arrays.copyOf(key, 2 * size);
                    least = Arrays.copyOf(least, 2 * size);
                }
                System.arraycopy(key, at, key, at + 1, size - at);
                System.arraycopy(least, at, least, at + 1, size - at);
                key[at] = k;
                least[at] = h;
                size++;
            }
            int end = at + 1;
            while (end < size && least[end] >= h) {
                end++;
            }
            System.arraycopy(key, end, key, at + 1, size - end);
            System.arraycopy(least, end, least, at + 1, size - end);
            size -= end - (at + 1);
            return true;
        }

        /** The last step whose key is at most k, or -1. */
        private int floor(long k) {
            int lo = -1;
            int hi = size;
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (Long.compareUnsigned(key[mid], k) <= 0) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }

    /**
     * For each group that holds one run, the first group whose one run has the same entries and read path (itself if
     * none comes before); -1 for a group of several runs. Such groups' rows are one row p, and their costs a p and
     * b p, a and b their runs' reach at the two ends (64 equal runs; tiers of equal runs).
     */
    static int[] firstAlike(long[] entries, int[] groupOfRun, boolean[] consulted, double[] presentShare, int groups) {
        int[] runs = new int[groups];
        int[] runOf = new int[groups];
        for (int i = 0; i < entries.length; i++) {
            runs[groupOfRun[i]]++;
            runOf[groupOfRun[i]] = i;
        }
        record Kind(long entries, boolean consulted, long presentShare) {
        }
        Map<Kind, Integer> first = new HashMap<>();
        int[] alike = new int[groups];
        for (int k = 0; k < groups; k++) {
            int i = runOf[k];
            int group = k;
            alike[k] = runs[k] != 1 ? -1 : first.computeIfAbsent(new Kind(entries[i], consulted[i],
                    Double.doubleToLongBits(presentShare[i])), x -> group);
        }
        return alike;
    }

    /**
     * Whether the costs 0 + a x compare every two rates of {@code sortedRate} (a row's rates in ascending order) as
     * the rates themselves do (less or equal, by {@link Double#compare}): checked between neighbours, which carries
     * to every pair. A rounded product does unless two rates a few units in the last place apart round to one
     * cost, or a is 0.
     */
    static boolean scaledOrdersAlike(double[] sortedRate, double a) {
        double last = oneRunSum(a, sortedRate[0]);
        for (int j = 1; j < sortedRate.length; j++) {
            double cost = oneRunSum(a, sortedRate[j]);
            if (Double.compare(sortedRate[j - 1], sortedRate[j]) != Double.compare(last, cost)) {
                return false;
            }
            last = cost;
        }
        return true;
    }

    /**
     * A group's sum over its one run, a x added to the sum's start 0.0 as the tables sum a group's runs: the same
     * bits (0.0 + -0.0 is 0.0), so a group finished from its run's row holds what summing would have given.
     */
    static double oneRunSum(double a, double x) {
        return 0.0 + a * x;
    }

    /** The least of {@code cost} over each {@code block} positions in turn (the last block may be shorter). */
    static double[] leastByBlock(double[] cost, int block) {
        double[] least = new double[(cost.length + block - 1) / block];
        Arrays.fill(least, Double.POSITIVE_INFINITY);
        for (int j = 0; j < cost.length; j++) {
            least[j / block] = Math.min(least[j / block], cost[j]);
        }
        return least;
    }

    /** Most ascending stretches of candidates {@link #inScanOrder} merges rather than sorting. */
    static final int MAX_MERGED_STRETCHES = 16;

    /**
     * The candidates (ascending indices) by size, then cost at zL, then cost at zH, then index: the scan's order, the
     * order {@code Search.Layer.undominated} sorts its children in. They fall into ascending stretches (four for most
     * groups over 200 random runs at rocksdb-per-level, 157,000 candidates of 198,003 settings, and up to 15): up to
     * {@link #MAX_MERGED_STRETCHES} are merged two at a time ({@link DeployableSolver#mergeStretches}, the earlier
     * stretch first on ties, its indices the smaller), more sorted by size and cost at zL ({@link IndexSort}) and runs
     * equal in both by cost at zH, stably. Either way the one order, every key compared by {@link Double#compare}.
     */
    static int[] inScanOrder(int[] candidates, double[] low, double[] high, double[] size) {
        int n = candidates.length;
        int[] starts = new int[MAX_MERGED_STRETCHES + 1];
        int stretches = n == 0 ? 0 : 1;
        for (int j = 1; j < n && stretches <= MAX_MERGED_STRETCHES; j++) {
            if (comesBefore(candidates[j], candidates[j - 1], low, high, size)) {
                starts[stretches++] = j; // the last slot is written only where the stretches are too many to merge
            }
        }
        if (stretches <= MAX_MERGED_STRETCHES) {
            starts[stretches] = n;
            return DeployableSolver.mergeStretches(candidates, n, starts, stretches,
                    (a, b) -> comesBefore(a, b, low, high, size));
        }
        IndexSort.sort(candidates, size, low);
        for (int from = 0; from < n; ) {
            int to = from + 1;
            while (to < n && Double.compare(size[candidates[to]], size[candidates[from]]) == 0
                    && Double.compare(low[candidates[to]], low[candidates[from]]) == 0) {
                to++;
            }
            IndexSort.bySecondary(candidates, from, to, high); // stable, by cost at zH
            from = to;
        }
        return candidates;
    }

    /**
     * The settings, in index order, that no earlier setting of their stretch dominates. The settings fall into
     * a few stretches each ascending in the order the scan of {@link #undominatedBySize} takes (size, cost at
     * zL, cost at zH, index; a family's settings by rising millibits, mostly): within a stretch an earlier
     * setting also comes earlier in the whole order, so a setting one of them dominates (no larger, no costlier
     * at both ends, in the scan's comparisons) is one the scan drops, directly or through whatever dominates that
     * one. Each setting is held against the stretch's cheapest so far at each end, which is one setting where a
     * group's costs at both ends rise and fall together (its runs of one size: both are sums of a_i p over the
     * same p). On the benchmark's shapes at rocksdb-per-level, 899 to 156,769 of a group's 198,003 settings pass
     * (the fewest where small runs leave many settings of one filter size).
     */
    static int[] stretchCandidates(double[] low, double[] high, double[] size) {
        int[] kept = new int[Math.min(size.length, 1024)];
        int k = 0;
        int leastLow = -1;
        int leastHigh = -1;
        for (int s = 0; s < size.length; s++) {
            if (s > 0 && comesBefore(s, s - 1, low, high, size)) { // a new stretch
                leastLow = -1;
                leastHigh = -1;
            }
            if (dominates(leastLow, s, low, high) || dominates(leastHigh, s, low, high)) {
                continue;
            }
            if (k == kept.length) {
                kept = Arrays.copyOf(kept, Math.min(size.length, 2 * k));
            }
            kept[k++] = s;
            if (leastLow < 0 || Double.compare(low[s], low[leastLow]) < 0) {
                leastLow = s;
            }
            if (leastHigh < 0 || Double.compare(high[s], high[leastHigh]) < 0) {
                leastHigh = s;
            }
        }
        return Arrays.copyOf(kept, k);
    }

    /** Whether setting a comes before b in (size, cost at zL, cost at zH) order, each by {@link Double#compare}. */
    private static boolean comesBefore(int a, int b, double[] low, double[] high, double[] size) {
        int c = Double.compare(size[a], size[b]);
        if (c == 0) {
            c = Double.compare(low[a], low[b]);
        }
        if (c == 0) {
            c = Double.compare(high[a], high[b]);
        }
        return c < 0;
    }

    /** Whether setting d (none where negative) dominates s as the scan compares them: cost at zL, then at zH. */
    private static boolean dominates(int d, int s, double[] low, double[] high) {
        return d >= 0 && Double.compare(low[d], low[s]) <= 0 && high[d] <= high[s];
    }

    /**
     * The groups' costs at both ends and sizes at each of their undominated settings, by size, built once per robust
     * solve: the weighted solves of the duality, the local moves and the search all read them, and their
     * allocations are positions among these (a group's j-th undominated setting), turned into settings at the end.
     *
     * <p>The runs' rows are summed group by group (the runs of a group in run order, so each sum is the same
     * bits): a group's costs over every setting are held only until its last run is added, and then only its
     * undominated settings are kept. On 200 random runs at rocksdb-per-level that keeps 3.9 million of 12.3
     * million cells, where the whole tables (294 MB) beside the runs' rows had filled -Xmx1g.
     */
    private static final class Tables {
        /** Summed groups whose finishing may wait at once: the common pool's threads, and one more. */
        static final int FINISHING_AT_ONCE = ForkJoinPool.getCommonPoolParallelism() + 1;
        final int groups;
        final int[][] bySize;       // per group: the undominated setting indices by size, then cost (position j)
        final double[][] sortedSize; // per group: size at each position
        final double[][] low;       // per group and position: sum_{i in g} a_i(zL) p(n_i, s)
        final double[][] high;      // the same at zH
        final Integer[] order;      // groups, largest first
        final int[][] identity;     // per group: 0 .. n-1 over its n undominated settings (one array per n)
        double[][] blockLeastLow;   // per group: least cost at zL of each block of MOVE_BLOCK settings by size
        double[][] blockLeastHigh;  // (built by the first improve)
        double offsetLow;           // AL = optD(zL) - vL: rL = cost at zL without v, minus AL
        double offsetHigh;

        Tables(List<DeployableChoice> settings, long[] entries, double[] reachLow, double[] reachHigh,
               int[] groupOfRun, boolean[] consulted, double[] presentShare) {
            int count = settings.size();
            int g = 0;
            for (int x : groupOfRun) {
                g = Math.max(g, x + 1);
            }
            groups = g;
            if ((long) Math.max(groups, 1) * count * 3 > DeployableSolver.MAX_TABLE_CELLS) {
                throw new IllegalArgumentException(groups + " groups x " + count + " settings is more than the"
                        + " robust search tabulates (" + DeployableSolver.MAX_TABLE_CELLS + " cells)");
            }
            bySize = new int[groups][];
            sortedSize = new double[groups][];
            low = new double[groups][];
            high = new double[groups][];
            double[] groupEntries = new double[groups];
            int[] runsLeft = new int[groups];
            for (int i = 0; i < entries.length; i++) {
                groupEntries[groupOfRun[i]] += entries[i];
                runsLeft[groupOfRun[i]]++;
            }
            Finisher finisher = new Finisher(count, firstAlike(entries, groupOfRun, consulted, presentShare, groups));
            // the runs group by group, each group's in run order: one group's sums over every setting open at a time
            int[] byGroup = IntStream.range(0, entries.length).boxed()
                    .sorted(Comparator.<Integer>comparingInt(i -> groupOfRun[i]).thenComparingInt(i -> i))
                    .mapToInt(Integer::intValue).toArray();
            long[] groupedEntries = new long[byGroup.length];
            boolean[] groupedConsulted = new boolean[byGroup.length];
            double[] groupedShare = new double[byGroup.length];
            for (int j = 0; j < byGroup.length; j++) {
                groupedEntries[j] = entries[byGroup[j]];
                groupedConsulted[j] = consulted[byGroup[j]];
                groupedShare[j] = presentShare[byGroup[j]];
            }
            double[][] open = new double[3][]; // the open group's costs at zL and zH and sizes, per setting
            int[] runOf = new int[groups]; // a group's run, where it holds one
            // a summed group is finished on the common pool while the next is summed here, each in its own slots;
            // at most FINISHING_AT_ONCE groups' sums wait (4.8 MB each at rocksdb-per-level)
            Queue<ForkJoinTask<?>> finishing = new ArrayDeque<>();
            RateRows.forEachRun(settings, groupedEntries, groupedConsulted, groupedShare, (j, p, m) -> {
                int i = byGroup[j];
                int k = groupOfRun[i];
                runOf[k] = i;
                if (finisher.deferred(k)) { // one run alike to others: its costs come from the kept row, later
                    finisher.keepRow(k, p, m);
                    return;
                }
                if (j == 0 || groupOfRun[byGroup[j - 1]] != k) {
                    open[0] = new double[count];
                    open[1] = new double[count];
                    open[2] = new double[count];
                }
                double[] sumLow = open[0];
                double[] sumHigh = open[1];
                double[] sumSize = open[2];
                double a = reachLow[i];
                double b = reachHigh[i];
                for (int s = 0; s < count; s++) {
                    sumLow[s] += a * p[s];
                    sumHigh[s] += b * p[s];
                    sumSize[s] += m[s];
                }
                if (--runsLeft[k] == 0) {
                    double[] costLow = open[0];
                    double[] costHigh = open[1];
                    double[] size = open[2];
                    finishing.add(ForkJoinPool.commonPool().submit(() -> finisher.finish(k, costLow, costHigh, size)));
                    if (finishing.size() > FINISHING_AT_ONCE) {
                        finishing.remove().join();
                    }
                }
            });
            while (!finishing.isEmpty()) {
                finishing.remove().join();
            }
            finisher.finishAlike(runOf, reachLow, reachHigh);
            for (int k = 0; k < groups; k++) {
                if (bySize[k] == null) { // a group of no runs: no cost, no size
                    finisher.finish(k, new double[count], new double[count], new double[count]);
                }
            }
            order = new Integer[groups];
            for (int k = 0; k < groups; k++) {
                order[k] = k;
            }
            Arrays.sort(order, Comparator.<Integer>comparingDouble(k -> -groupEntries[k]).thenComparingInt(k -> k));
            identity = new int[groups][];
            Map<Integer, int[]> byLength = new HashMap<>();
            for (int k = 0; k < groups; k++) {
                identity[k] = byLength.computeIfAbsent(bySize[k].length, n -> IntStream.range(0, n).toArray());
            }
        }

        /**
         * Turns each group's summed costs and sizes into its undominated settings by size and their costs, group
         * by group.
         *
         * <p>Groups of one run each of one size and read path (64 equal runs; tiers of equal runs) are finished
         * together from their run's row (p, m), kept once: a group's costs are the sums 0 + a p and 0 + b p, a and b
         * its run's reach at the two ends, and its sizes 0 + m, the same bits as summed run by run. Where a group's
         * costs order the settings as p does (every two settings compare alike: checked between neighbours in p's
         * order, which carries to every pair), every comparison the scan makes comes out as on p itself, so it
         * takes the same undominated settings in the same order as the first such group; the checks and each
         * group's costs at its settings are computed on the common pool, each group in its own slots.
         */
        private final class Finisher {
            private final int count;
            private final int[] alike;    // firstAlike
            private final double[][] row; // the first group's run's rates, where a later group is alike to it
            private final double[][] bits; // and its sizes

            Finisher(int count, int[] alike) {
                this.count = count;
                this.alike = alike;
                row = new double[groups][];
                bits = new double[groups][];
                for (int k = 0; k < groups; k++) {
                    if (alike[k] >= 0 && alike[k] != k) {
                        row[alike[k]] = new double[0]; // to be kept
                    }
                }
            }

            /** Whether group k is one run alike to another group's, finished from the kept row. */
            boolean deferred(int k) {
                return alike[k] >= 0 && row[alike[k]] != null;
            }

            void keepRow(int k, double[] p, double[] m) {
                if (alike[k] == k) {
                    row[k] = p.clone();
                    bits[k] = m.clone();
                }
            }

            /** Finishes the groups alike to others, from their kept rows; {@code runOf} their runs. */
            void finishAlike(int[] runOf, double[] reachLow, double[] reachHigh) {
                for (int first = 0; first < groups; first++) {
                    if (alike[first] != first || row[first] == null) {
                        continue;
                    }
                    int kind = first;
                    double[] p = row[first];
                    double[] m = bits[first];
                    int[] members = IntStream.range(0, groups).filter(k -> alike[k] == kind).toArray();
                    int[] byRate = IntStream.range(0, count).toArray();
                    IndexSort.sort(byRate, p, new long[count]);
                    double[] sortedRate = new double[count];
                    for (int j = 0; j < count; j++) {
                        sortedRate[j] = p[byRate[j]];
                    }
                    boolean[] orders = new boolean[members.length];
                    IntStream.range(0, members.length).parallel().forEach(x -> {
                        int i = runOf[members[x]];
                        orders[x] = scaledOrdersAlike(sortedRate, reachLow[i])
                                && scaledOrdersAlike(sortedRate, reachHigh[i]);
                    });
                    int shared = -1; // the first member whose costs order the settings as p does
                    for (int x = 0; x < members.length && shared < 0; x++) {
                        if (orders[x]) {
                            shared = members[x];
                            int i = runOf[shared];
                            finish(shared, scaled(p, reachLow[i]), scaled(p, reachHigh[i]), scaled(m, 1.0));
                        }
                    }
                    int from = shared;
                    IntStream.range(0, members.length).parallel().forEach(x -> {
                        int k = members[x];
                        int i = runOf[k];
                        if (orders[x]) {
                            bySize[k] = bySize[from];
                            sortedSize[k] = sortedSize[from];
                            int n = bySize[k].length;
                            low[k] = new double[n];
                            high[k] = new double[n];
                            for (int j = 0; j < n; j++) {
                                low[k][j] = oneRunSum(reachLow[i], p[bySize[k][j]]);
                                high[k][j] = oneRunSum(reachHigh[i], p[bySize[k][j]]);
                            }
                        } else if (k != from) {
                            finish(k, scaled(p, reachLow[i]), scaled(p, reachHigh[i]), scaled(m, 1.0));
                        }
                    });
                    row[first] = null;
                    bits[first] = null;
                }
            }

            /** {@link #oneRunSum} of each x: a group's sums over its one run. */
            private double[] scaled(double[] x, double a) {
                double[] y = new double[x.length];
                for (int s = 0; s < x.length; s++) {
                    y[s] = oneRunSum(a, x[s]);
                }
                return y;
            }

            /** Group k's undominated settings by size, its sizes and costs at them, from its sums over every setting. */
            void finish(int k, double[] costLow, double[] costHigh, double[] size) {
                bySize[k] = undominatedBySize(costLow, costHigh, size);
                int n = bySize[k].length;
                sortedSize[k] = new double[n];
                low[k] = new double[n];
                high[k] = new double[n];
                for (int j = 0; j < n; j++) {
                    sortedSize[k][j] = size[bySize[k][j]];
                    low[k][j] = costLow[bySize[k][j]];
                    high[k][j] = costHigh[bySize[k][j]];
                }
            }
        }

        /** Each group's setting index of an allocation given as positions. */
        int[] settingsOf(int[] position) {
            int[] setting = new int[groups];
            for (int k = 0; k < groups; k++) {
                setting[k] = bySize[k][position[k]];
            }
            return setting;
        }

        /** The ends' optima, which the regrets are taken against. */
        void ends(ShareEnds ends) {
            offsetLow = ends.lowBest() - (ends.low().foundShareKnown() ? ends.low().foundShare() : 0.0);
            offsetHigh = ends.highBest() - (ends.high().foundShareKnown() ? ends.high().foundShare() : 0.0);
        }

        /** Group k's cost theta cL + (1 - theta) cH at {@code positions} (sizes {@code sizes}), with the hull. */
        DeployableSolver.Hull weightedHull(int k, int[] positions, double[] sizes, int[] identity, double theta) {
            double[] c = new double[positions.length];
            for (int j = 0; j < positions.length; j++) {
                c[j] = theta * low[k][positions[j]] + (1 - theta) * high[k][positions[j]];
            }
            return DeployableSolver.Hull.ofGiven(c, sizes, identity);
        }

        /**
         * The allocation of least theta rL + (1 - theta) rH within the budget (positions), exact
         * unless the knapsack stops at its cap; {@link #lowerCost} then says how low its cost could be.
         */
        int[] solveWeighted(double theta, double budget, long maxStates) {
            WeightedKnapsack.Answer a = WeightedKnapsack.solve(low, high, sortedSize, identity, order, theta, budget,
                    maxStates);
            lowerCost = a.lowerCost();
            if (theta == 1.0) {
                verticesLow = a.vertices();
            } else if (theta == 0.0) {
                verticesHigh = a.vertices();
            }
            lastTheta = theta;
            lastVertices = a.vertices();
            return a.position();
        }

        // the last weighted solve's theta and vertices: the rounds' LP bound at theta reads the duality's last step's
        private double lastTheta = Double.NaN;
        private DeployableSolver.Hull[] lastVertices;

        // the vertices of the groups' hulls at theta 1 and 0 ({@link DeployableSolver.Hull#vertices}: what an LP bound
        // reads of a hull), as the ends' solves found them: the rounds' LP bounds read them again
        private DeployableSolver.Hull[] verticesLow;
        private DeployableSolver.Hull[] verticesHigh;

        /**
         * The vertices of each group's hull of theta cL + (1 - theta) cH over its undominated settings
         * ({@link DeployableSolver.Hull#ofWeighted}), what an LP bound reads of it.
         */
        DeployableSolver.Hull[] vertices(double theta) {
            if (Double.compare(theta, lastTheta) == 0) {
                return lastVertices;
            }
            DeployableSolver.Hull[] vertices = new DeployableSolver.Hull[groups];
            IntStream.range(0, groups).parallel().forEach(k -> vertices[k] = // each its own slot
                    DeployableSolver.Hull.verticesOfWeighted(low[k], high[k], theta, sortedSize[k]));
            return vertices;
        }

        /** The vertices of each group's hull at theta 1 or 0, as {@link #solveWeighted} kept them, else built. */
        DeployableSolver.Hull[] endVertices(double theta) {
            DeployableSolver.Hull[] kept = theta == 1.0 ? verticesLow : verticesHigh;
            return kept != null ? kept : vertices(theta);
        }

        /** The certified lower bound on the weighted cost theta cL + (1 - theta) cH of the last {@link #solveWeighted}. */
        double lowerCost;

        /** Groups whose every mix of the two hull vertices' settings {@link #improve} tries (2^groups mixes). */
        static final int MAX_MIXED_GROUPS = 16;
        /** Positions either side of a group's setting that an exchange of budget between two groups tries. */
        static final int EXCHANGE_WINDOW = 16;
        /** Rounds of local moves at most. */
        static final int MAX_ROUNDS = 100;
        /** Undominated settings by size per block whose least costs bound the moves into it ({@link #mayLower}). */
        static final int MOVE_BLOCK = 16;

        /** rL of one setting per group (positions). */
        double regretLow(int[] x) {
            double sum = 0.0;
            for (int k = 0; k < groups; k++) {
                sum += low[k][x[k]];
            }
            return sum - offsetLow;
        }

        /** rH of one setting per group (positions). */
        double regretHigh(int[] x) {
            double sum = 0.0;
            for (int k = 0; k < groups; k++) {
                sum += high[k][x[k]];
            }
            return sum - offsetHigh;
        }

        /** max(rL, rH) of one setting per group (positions). */
        double worstRegret(int[] x) {
            double sumLow = 0.0;
            double sumHigh = 0.0;
            for (int k = 0; k < groups; k++) {
                sumLow += low[k][x[k]];
                sumHigh += high[k][x[k]];
            }
            return Math.max(sumLow - offsetLow, sumHigh - offsetHigh);
        }

        private double used(int[] x) {
            double u = 0.0;
            for (int k = 0; k < groups; k++) {
                u += sortedSize[k][x[k]];
            }
            return u;
        }

        /**
         * A tighter incumbent for the exact search, from local moves (the search's answer does not depend on
         * them, only its work): every mix of the settings of A and B, the hull vertices either side of the
         * diagonal, when there are at most {@link #MAX_MIXED_GROUPS} groups; then, round by round, the best
         * single group's change that fits, and the best exchange of budget between two groups (one group
         * moved within {@link #EXCHANGE_WINDOW} positions of its setting, the other to the largest of its
         * undominated settings that fits and the {@link #EXCHANGE_WINDOW} below it), until no move lowers
         * the worst regret by more than the relative tolerance {@link DeployableSolver#PRUNE_TOLERANCE}. A
         * block of settings whose least costs cannot lower it is passed over whole ({@link #mayLower}). The
         * window trades the incumbent's quality against the moves' own work: at 64 positions the moves took
         * four fifths of a robust solve over 64 equal runs (shares 0.05-0.9, 5 bits per entry) and at 16 the
         * solve took 6.7 s instead of 17.6 s, the same answer after fewer partial allocations (104,568 against
         * 176,085). Without the tolerance, the moves went on for all {@link #MAX_ROUNDS} rounds on every
         * benchmark shape, each lowering the worst regret in its last bits only after the sixth to eighth
         * round (64 equal runs: 3.0 s of moves, against 0.6 s of search).
         */
        int[] improve(int[] a, int[] b, int[] start, double budget) {
            if (blockLeastLow == null) {
                blockLeastLow = blockLeast(low);
                blockLeastHigh = blockLeast(high);
            }
            int[] best = start.clone();
            double bestWorst = worstRegret(best);
            if (groups <= MAX_MIXED_GROUPS) {
                int[] mix = new int[groups];
                for (int mask = 0; mask < 1 << groups; mask++) {
                    for (int k = 0; k < groups; k++) {
                        mix[k] = (mask >>> k & 1) == 1 ? a[k] : b[k];
                    }
                    if (used(mix) <= budget && worstRegret(mix) < bestWorst) {
                        best = mix.clone();
                        bestWorst = worstRegret(best);
                    }
                }
            }
            for (int round = 0; round < MAX_ROUNDS; round++) {
                // a move must lower the worst regret by more than the search's tolerance: below it, the sums in
                // another order differ in their last bits, and moves among allocations of the same worst regret
                // (settings swapped between groups alike) would each look a little better than the last
                int[] next = bestMove(best, bestWorst - DeployableSolver.PRUNE_TOLERANCE * Math.abs(bestWorst),
                        budget);
                if (next == null) {
                    break;
                }
                best = next;
                bestWorst = worstRegret(best);
            }
            return best;
        }

        /**
         * The best single-group change or two-group exchange that lowers the worst regret below {@code worst}, or
         * null: the least worst regret over the single-group changes, then the exchanges from each group in turn,
         * the first found on ties. Each of those parts is scanned alone, side by side, from {@code worst}, and the
         * least taken, the earliest part's on ties: the move one scan over them in order finds. Where that scan had
         * already found a better move in an earlier part, a later part's own best so far is no lower, so it passes
         * over no block the scan would try ({@link #mayLower}); a move it records that the scan would not is
         * beaten by the earlier part's, or ties it and comes after.
         */
        private int[] bestMove(int[] x, double worst, double budget) {
            double sumLow = 0.0;
            double sumHigh = 0.0;
            double used = used(x);
            for (int k = 0; k < groups; k++) {
                sumLow += low[k][x[k]];
                sumHigh += high[k][x[k]];
            }
            double l = sumLow;
            double h = sumHigh;
            List<Move> parts = IntStream.rangeClosed(0, groups).parallel() // in part order
                    .mapToObj(part -> part == 0 ? bestChange(x, worst, budget, l, h, used)
                            : bestExchange(part - 1, x, worst, budget, l, h, used))
                    .toList();
            Move best = null;
            for (Move m : parts) {
                if (m != null && (best == null || m.worst() < best.worst())) {
                    best = m;
                }
            }
            return best == null ? null : best.settings();
        }

        /** A move's settings (positions) and their worst regret. */
        private record Move(int[] settings, double worst) {
        }

        /** The best change of one group's setting that lowers the worst regret below {@code worst}, or null. */
        private Move bestChange(int[] x, double worst, double budget, double sumLow, double sumHigh, double used) {
            Move best = null;
            double bestWorst = worst;
            for (int k = 0; k < groups; k++) {
                double free = budget - used + sortedSize[k][x[k]];
                double l0 = sumLow - low[k][x[k]] - offsetLow;
                double h0 = sumHigh - high[k][x[k]] - offsetHigh;
                int last = Sorted.firstAbove(sortedSize[k], free) - 1;
                if (last < 0 || !mayLower(k, 0, last, l0, h0, bestWorst)) {
                    continue;
                }
                for (int s = 0; s <= last; s++) {
                    if (s % MOVE_BLOCK == 0 && !mayLower(k, s, Math.min(last, s + MOVE_BLOCK - 1), l0, h0, bestWorst)) {
                        s += MOVE_BLOCK - 1; // no setting of the block lowers the worst regret below the best so far
                        continue;
                    }
                    double w = Math.max(l0 + low[k][s], h0 + high[k][s]);
                    if (w < bestWorst) {
                        bestWorst = w;
                        int[] moved = x.clone();
                        moved[k] = s;
                        best = new Move(moved, w);
                    }
                }
            }
            return best;
        }

        /**
         * The best exchange of budget from group k1 (moved within {@link #EXCHANGE_WINDOW} positions of its setting)
         * to another that lowers the worst regret below {@code worst}, or null.
         */
        private Move bestExchange(int k1, int[] x, double worst, double budget, double sumLow, double sumHigh,
                                  double used) {
            Move best = null;
            double bestWorst = worst;
            int p1 = Sorted.firstAtLeast(sortedSize[k1], sortedSize[k1][x[k1]]);
            // each other group's largest fitting setting, searched from where the last s1 found it: the budget it has
            // falls a little as s1 grows
            int[] near = x.clone();
            for (int s1 = Math.max(0, p1 - EXCHANGE_WINDOW); s1 < Math.min(low[k1].length, p1 + EXCHANGE_WINDOW);
                 s1++) {
                for (int k2 = 0; k2 < groups; k2++) {
                    if (k2 == k1) {
                        continue;
                    }
                    double free = budget - used + sortedSize[k1][x[k1]] - sortedSize[k1][s1] + sortedSize[k2][x[k2]];
                    double l0 = sumLow - low[k1][x[k1]] + low[k1][s1] - low[k2][x[k2]] - offsetLow;
                    double h0 = sumHigh - high[k1][x[k1]] + high[k1][s1] - high[k2][x[k2]] - offsetHigh;
                    near[k2] = Sorted.firstAboveNear(sortedSize[k2], free, near[k2]);
                    int top = near[k2] - 1;
                    if (top < 0 || !mayLower(k2, Math.max(0, top - EXCHANGE_WINDOW + 1), top, l0, h0, bestWorst)) {
                        continue;
                    }
                    for (int s2 = top; s2 >= 0 && s2 > top - EXCHANGE_WINDOW; s2--) {
                        double w = Math.max(l0 + low[k2][s2], h0 + high[k2][s2]);
                        if (w < bestWorst) {
                            bestWorst = w;
                            int[] moved = x.clone();
                            moved[k1] = s1;
                            moved[k2] = s2;
                            best = new Move(moved, w);
                        }
                    }
                }
            }
            return best;
        }

        /**
         * Whether some setting of group k at positions [from, to] by size could make the worst regret
         * max(l0 + cL, h0 + cH) lower than {@code worst}: false when even the least costs of the blocks that
         * cover those positions cannot. Floating-point addition is monotone, so l0 + (a least cL) is at most
         * l0 + cL of every setting there: a move this rules out is one the scan would not have taken, and the
         * move found is the same.
         */
        private boolean mayLower(int k, int from, int to, double l0, double h0, double worst) {
            double low = Double.POSITIVE_INFINITY;
            double high = Double.POSITIVE_INFINITY;
            for (int block = from / MOVE_BLOCK; block <= to / MOVE_BLOCK; block++) {
                low = Math.min(low, blockLeastLow[k][block]);
                high = Math.min(high, blockLeastHigh[k][block]);
            }
            return Math.max(l0 + low, h0 + high) < worst;
        }

        /** Per group, the least of {@code cost} (by position) over each block of {@link #MOVE_BLOCK} positions. */
        private double[][] blockLeast(double[][] cost) {
            double[][] least = new double[groups][];
            for (int k = 0; k < groups; k++) {
                least[k] = leastByBlock(cost[k], MOVE_BLOCK);
            }
            return least;
        }
    }

    /**
     * The search of step 2 in rounds, as {@link ChoiceKnapsack} does for one cost: with lambda the
     * critical slope of an objective's LP over the groups' undominated settings, every allocation x within
     * the budget has cost(x) = LP + sum_g r_g(x_g) + lambda (M - S(x)), r the reduced costs, so an
     * allocation of worst regret below T has r_g(x_g) below T + A - LP in every group, for each of the
     * three objectives cL (A = AL), cH (A = AH) and theta cL + (1 - theta) cH (A = theta AL + (1 - theta) AH)
     * (reduced-cost fixing; Pisinger, EJOR 83(2), 1995). Round k cuts at T = dual + (U - dual) share(k),
     * U the incumbent, the last at U itself: a round that finds nothing proves the least worst regret is at
     * least its T; one that finds an allocation has found the least. Past the cap on partial allocations
     * the incumbent stands, with the last proved T as its certified lower bound. Where a round passes the
     * first try's cap ({@link #FIRST_TRY_SHARE}), the search's layers cut to the {@link #BEAM} partial
     * allocations of least bound ({@link #beam}) may find a lower U: on 200 random runs at 5 bits per entry
     * (shares 0.05 to 0.9) the local moves' incumbent was 0.0185716529898, the beam's 0.0185023083897, the
     * least, which the round at it then proved alone ({@link #last}): 151,282 partial allocations in all, where
     * the rounds from the first try's bound up to it had kept 338,330.
     */
    private static final class Rounds {
        /** Rounds that halve the share of the gap they cut at, from 1/2^HALVING_ROUNDS to 1/2. */
        static final int HALVING_ROUNDS = 6;
        /**
         * Rounds from one half of the gap to the incumbent, in equal steps. Partial allocations below a cut
         * multiply once the cut passes the least worst regret (many allocations lie a little above it), so a
         * round whose cut is a little above the least finds it where one at the incumbent could not: on 200
         * random runs at 16 bits per entry, the least was found at 15/16 of the gap after 93,017 partial
         * allocations, and the round at the incumbent (from a beam of 50) passed the cap.
         */
        static final int FINE_ROUNDS = 7;
        /**
         * Rounds {@link #below} a cut whose round passed the whole cap at most: enough to narrow the gap between the
         * bound proved and the cut passed 65,536 times. Each takes as long as a round near the cap (0.2 to 1.7 s at 200
         * runs in 64 levels, 5 to 11 s where its layers are compacted). The least sits so close above the bound proved
         * that four were too few: of the benchmark generator's random shapes of 200 runs in 64 levels at 16 bits per
         * entry from seeds 201 to 212, three were left unproven with four (gaps of 0.23%, 1.96% and 1.26%), and
         * sixteen proved all three in their 6th, 11th and 6th round (the incumbent had been 0.23%, 1.9% and 1.3% above
         * the least); a first solve in its own JVM took 13.6, 72 and 12.2 s against 12.8, 52 and 13.9 s.
         */
        static final int ROUNDS_BELOW_PASSED_CUT = 16;
        /** Partial allocations a layer of {@link #beam} keeps. */
        static final int BEAM = 64;
        final Tables t;
        final double budget;
        final double theta;
        long maxStates;
        Tuning tuning = Tuning.DEFAULT;
        boolean compact;               // each search's layers compacted ({@link Search#compacted})
        long keptPastCap;              // the partial allocations the last round past the cap had kept
        double passedCut = Double.NaN; // and its cut
        boolean overflowed;            // whether the last round passed the cap
        int beamLayersBelowThresholds; // layers of the beams decided below a threshold
        long mostHeldTogether;         // the searches' Search.mostHeldTogether, the most
        int stretchedPastCap;          // and their Search.stretchedPastCap, summed
        // per objective (cL, cH, theta cL + (1 - theta) cH): the critical slope lambda of its LP and each group's
        // least C + lambda S; a setting's reduced cost C + lambda S - least is computed where a round reads it
        // (three tables as large as the costs', which the heap need not hold beside the search)
        final double[] lambda = new double[3];
        final double[][] least = new double[3][];
        final double lpLow;
        final double lpHigh;
        final double lpTheta;
        final double margin;
        long states;
        double lowerBound;

        Rounds(Tables t, double budget, double theta, long maxStates) {
            this.t = t;
            this.budget = budget;
            this.theta = theta;
            this.maxStates = maxStates;
            int groups = t.groups;
            double[] lp = new double[3];
            double scale = 0.0;
            for (int o = 0; o < 3; o++) {
                int objective = o;
                List<DeployableSolver.Hull> hulls = Arrays.asList(objective == 2 ? t.vertices(theta) // in group order
                        : t.endVertices(objective == 0 ? 1.0 : 0.0));
                DeployableSolver.Bound bound = DeployableSolver.Bound.of(hulls);
                double slope = ChoiceKnapsack.criticalSlope(bound, budget);
                if (Double.isNaN(slope)) {
                    slope = 0.0; // every group's cheapest fits: r = C - min C
                }
                lambda[o] = slope;
                least[o] = new double[groups];
                IntStream.range(0, groups).parallel().forEach(k -> { // each group its own slot
                    double min = Double.POSITIVE_INFINITY;
                    for (int j = 0; j < t.low[k].length; j++) {
                        min = Math.min(min, cost(objective, k, j) + lambda[objective] * t.sortedSize[k][j]);
                    }
                    least[objective][k] = min;
                });
                double sum = -slope * budget;
                for (int k = 0; k < groups; k++) {
                    sum += least[o][k];
                    scale += Math.abs(least[o][k]) + slope * t.sortedSize[k][t.low[k].length - 1];
                }
                lp[o] = slope == 0.0 ? sum : Math.max(sum, bound.at(budget));
            }
            lpLow = lp[0];
            lpHigh = lp[1];
            lpTheta = lp[2];
            margin = 1e-12 * (scale + lambdaFree(lp));
            for (int o = 0; o < 3; o++) {
                blockLeast[o] = new double[groups][];
            }
            IntStream.range(0, groups).parallel().forEach(k -> { // each group its own slots
                int n = t.low[k].length;
                for (int o = 0; o < 3; o++) {
                    double[] least = new double[(n + PASS_BLOCK - 1) / PASS_BLOCK];
                    for (int b = 0; b < least.length; b++) {
                        double m = Double.POSITIVE_INFINITY;
                        for (int j = b * PASS_BLOCK, end = Math.min(n, j + PASS_BLOCK); j < end; j++) {
                            double r = reduced(o, k, j);
                            if (r < m) { // as passing reads it: a NaN never below
                                m = r;
                            }
                        }
                        least[b] = m;
                    }
                    blockLeast[o][k] = least;
                }
            });
        }

        /** Settings by size per block whose least reduced cost under each objective {@link #passing} reads first. */
        static final int PASS_BLOCK = 64;
        /**
         * Per objective, group and block of {@link #PASS_BLOCK} settings: the least reduced cost. A block whose least
         * does not pass under some objective holds no setting that passes under all three, so {@link #passing} reads
         * the settings of the other blocks alone: the same comparisons on the same doubles, where any setting passes.
         */
        private final double[][][] blockLeast = new double[3][][];

        /** Group k's cost at position j under objective o: cL, cH, theta cL + (1 - theta) cH. */
        private double cost(int o, int k, int j) {
            return o == 0 ? t.low[k][j] : o == 1 ? t.high[k][j] : theta * t.low[k][j] + (1 - theta) * t.high[k][j];
        }

        /** Group k's reduced cost at position j under objective o. */
        private double reduced(int o, int k, int j) {
            return cost(o, k, j) + lambda[o] * t.sortedSize[k][j] - least[o][k];
        }

        private static double lambdaFree(double[] lp) {
            return Math.abs(lp[0]) + Math.abs(lp[1]) + Math.abs(lp[2]);
        }

        /** The least worst regret's allocation if one is below {@code incumbent}, else null; sets {@link #lowerBound}. */
        int[] run(double dual, double incumbent) {
            return run(dual, incumbent, 0);
        }

        /**
         * The last round of {@link #run} alone, at the incumbent: the least worst regret's allocation if one is below
         * it, else null, with {@link #lowerBound} the incumbent, or {@code proven} where the round passes the cap.
         */
        int[] last(double proven, double incumbent) {
            return run(proven, incumbent, HALVING_ROUNDS + FINE_ROUNDS);
        }

        private int[] run(double dual, double incumbent, int firstRound) {
            double proven = dual;
            int total = HALVING_ROUNDS + FINE_ROUNDS + 1;
            for (int round = firstRound; round < total; round++) {
                boolean last = round == total - 1;
                double cut = last ? incumbent * (1 - DeployableSolver.PRUNE_TOLERANCE)
                        : dual + (incumbent - dual) * share(round);
                if (cut <= proven) {
                    continue;
                }
                int[] found = round(cut);
                if (overflowed) {
                    lowerBound = proven;
                    return null;
                }
                if (found != null) {
                    lowerBound = t.worstRegret(found);
                    return found;
                }
                proven = Math.min(cut, incumbent);
            }
            lowerBound = incumbent;
            return null;
        }

        /**
         * Rounds between the bound proved ({@link #lowerBound}) and the cut of the last round that passed the cap, each
         * at the middle of what lies between them, at most {@code rounds}: one that passes the cap lowers the upper
         * end, one that finds nothing below its cut raises the bound proved, and the first that finds an allocation
         * ends them, with the least worst regret (nothing lies below the bound proved, and the round finds the least
         * below its cut). The partial allocations below a cut multiply as the cut rises past the least, so a cut
         * between the two is reached within the cap where the cut passed was not: on 200 random runs in 64 levels at 16
         * bits per entry, whose round at 6.59412e-6 had passed the cap with 6.58950e-6 proved, the first round below
         * found nothing under 6.59181e-6 and the second the least, 6.59213e-6, under 6.59296e-6 (a cap four times
         * larger had found it in its first rounds).
         */
        int[] below(int rounds) {
            double proven = lowerBound;
            double passed = passedCut;
            for (int r = 0; r < rounds; r++) {
                double cut = proven + (passed - proven) / 2;
                if (!(cut > proven && cut < passed)) {
                    break; // no double lies between them
                }
                int[] found = round(cut);
                if (overflowed) {
                    passed = cut;
                } else if (found != null) {
                    lowerBound = t.worstRegret(found);
                    return found;
                } else {
                    proven = cut;
                }
            }
            lowerBound = proven;
            return null;
        }

        /**
         * One round of the exact search at {@code cut}: the allocation of least worst regret below it, or null where
         * there is none or the round passed the cap ({@link #overflowed}, with {@link #keptPastCap} and
         * {@link #passedCut}).
         */
        private int[] round(double cut) {
            overflowed = false;
            int[][] pass = passing(cut);
            if (Arrays.stream(pass).anyMatch(p -> p.length == 0)) {
                return null; // a group with no setting below the cut: nothing is
            }
            Search search = new Search(t, pass, budget, theta, maxStates);
            search.tune(tuning);
            search.compact = compact;
            int[] found = search.run(cut);
            watched(search);
            states += search.nodes;
            if (search.overflow) {
                overflowed = true;
                keptPastCap = search.nodes;
                passedCut = cut;
            }
            return found;
        }

        /**
         * The share of the gap between the dual bound and the incumbent that round {@code round} cuts at: halving
         * up to one half, then in steps of 1 / (2 ({@link #FINE_ROUNDS} + 1)).
         */
        static double share(int round) {
            return round < HALVING_ROUNDS ? 1 / Math.pow(2, HALVING_ROUNDS - round)
                    : 0.5 + 0.5 * (round - HALVING_ROUNDS + 1) / (FINE_ROUNDS + 1.0);
        }

        /**
         * An allocation below {@code incumbent} from the search's layers with at most {@link #BEAM} partial
         * allocations kept in each (those of least bound), or null: not exact, a cheaper incumbent for the rounds.
         */
        int[] beam(double incumbent) {
            double cut = incumbent * (1 - DeployableSolver.PRUNE_TOLERANCE);
            int[][] pass = passing(cut);
            if (Arrays.stream(pass).anyMatch(p -> p.length == 0)) {
                return null;
            }
            Search search = new Search(t, pass, budget, theta, maxStates);
            search.beam = BEAM;
            search.tune(tuning);
            int[] found = search.run(cut);
            watched(search);
            return found != null && t.worstRegret(found) < incumbent ? found : null;
        }

        /** Adds what a search counted for tests to this one's counts. */
        private void watched(Search search) {
            beamLayersBelowThresholds += search.beamLayersBelowThresholds;
            mostHeldTogether = Math.max(mostHeldTogether, search.mostHeldTogether);
            stretchedPastCap += search.stretchedPastCap;
        }

        /** Per group, the positions of the settings whose three reduced costs pass at worst regret {@code cut}. */
        private int[][] passing(double cut) {
            double low = cut + t.offsetLow - lpLow + margin;
            double high = cut + t.offsetHigh - lpHigh + margin;
            double weighted = cut + theta * t.offsetLow + (1 - theta) * t.offsetHigh - lpTheta + margin;
            int[][] pass = new int[t.groups][];
            IntStream.range(0, t.groups).parallel().forEach(k -> { // each group its own slot
                int settings = t.low[k].length;
                double[] leastLow = blockLeast[0][k];
                double[] leastHigh = blockLeast[1][k];
                double[] leastWeighted = blockLeast[2][k];
                int[] kept = new int[Math.min(settings, 4 * PASS_BLOCK)];
                int n = 0;
                for (int b = 0; b < leastLow.length; b++) {
                    if (!(leastLow[b] < low && leastHigh[b] < high && leastWeighted[b] < weighted)) {
                        continue;
                    }
                    for (int j = b * PASS_BLOCK, end = Math.min(settings, j + PASS_BLOCK); j < end; j++) {
                        if (reduced(0, k, j) < low && reduced(1, k, j) < high && reduced(2, k, j) < weighted) {
                            if (n == kept.length) {
                                kept = Arrays.copyOf(kept, Math.min(settings, 2 * n));
                            }
                            kept[n++] = j;
                        }
                    }
                }
                pass[k] = n == kept.length ? kept : Arrays.copyOf(kept, n);
            });
            return pass;
        }
    }

    /**
     * The exact search of step 2 at one cut: layer by layer over the groups (largest first), the partial
     * allocations (size, cost at zL, cost at zH) that no other dominates and whose lower bound is below
     * the cut, over each group's settings that reduced-cost fixing lets pass ({@link Rounds}).
     *
     * <p>A partial allocation's bound is the largest of w (cL - AL) + (1 - w) (cH - AH) + LP_w(rest) over the
     * weights w = theta, 0, 1/{@link #WEIGHT_GRID}, ..., 1, each a lower bound on max(rL, rH) of every
     * completion (max(x, y) is at least any mean of x and y). Theta's is the dual's and the best at the root;
     * a partial allocation that has spent more regret at one end than the other is bounded best by a weight
     * nearer that end. On 200 random runs at 5 bits per entry the round at half the gap kept 17,668 partial
     * allocations with the grid and passed the cap of 1,000,000 with theta, 0 and 1 alone.
     */
    static final class Search {
        /** The bounds' weights besides theta: 0, 1/WEIGHT_GRID, ..., 1. */
        static final int WEIGHT_GRID = 16;
        final int groups;
        final int[][] bySize;       // per group: the passing settings' positions (among the tables'), by size
        final double[][] sortedSize; // per group: sizes in that order
        final double[][] sortedLow;  // per group: costs at zL in that order (read in order, not by setting)
        final double[][] sortedHigh; // per group: costs at zH in that order
        final DeployableSolver.Hull[] thetaHull;
        final Integer[] order;
        final DeployableSolver.Hull[][] weightHull;  // per weight of weightBound (1, 0, the grid's), per group: hull
        final DeployableSolver.Bound[][] weightRest; // per weight of weightBound, per depth: the groups left's LP bound
        final DeployableSolver.Bound[] restTheta; // per depth d: the LP bound of the groups order[d..] at theta
        final double[] grid;                     // the interior weights w of WEIGHT_GRID
        /** Partial allocations of a layer each of its side-by-side stretches extends at least. */
        static final int STATES_PER_STRETCH = 16;
        /** Stretches of a layer's partial allocations extended side by side at most. */
        static final int MAX_STRETCHES = 8;
        int statesPerStretch = STATES_PER_STRETCH; // partial allocations a stretch takes at least
        final Reader reader;                     // the one that reads a layer extended in one stretch, and a beam's
        final Reader[] stretchReader = new Reader[MAX_STRETCHES]; // stretch c's, made when first needed
        final Layer[] stretchLayer = new Layer[MAX_STRETCHES];    // its children
        /** Positions whose least costs {@link #blockCut} tests at once. */
        static final int SKIP_BLOCK = 32;
        final double[][] blockLeastLow;  // per group: the least cost at zL of each SKIP_BLOCK positions
        final double[][] blockLeastHigh; // the same at zH
        int beam;                                // partial allocations kept a layer, least bound first; 0: all
        boolean beamBelowThresholds = true;      // a beam's layers extended first below thresholds (beamChildren)
        int beamLayersBelowThresholds;           // and decided there
        long mostHeldTogether;                   // the most children stretches side by side held in one extension
        int stretchedPastCap;                    // extensions in stretches side by side that passed the cap
        final double budget;
        final double theta;
        final double offsetLow;
        final double offsetHigh;
        final long maxStates;
        long nodes;
        boolean overflow;
        long held;        // the children an extension may hold: the cap, or what a compacted layer leaves of it
        boolean compact;  // layers extended a stretch of partial allocations at a time ({@link #compacted})
        int compactStretch = Integer.MAX_VALUE; // the most partial allocations a compacted layer extends at once

        /** Takes the tuning's stretches and beam. */
        void tune(Tuning tuning) {
            statesPerStretch = tuning.statesPerStretch();
            beamBelowThresholds = tuning.beamBelowThresholds();
            compactStretch = tuning.compactStretch();
        }

        Search(Tables t, int[][] pass, double budget, double theta, long maxStates) {
            groups = t.groups;
            order = t.order;
            bySize = pass;
            sortedSize = new double[groups][];
            sortedLow = new double[groups][];
            sortedHigh = new double[groups][];
            DeployableSolver.Hull[] hullLow = new DeployableSolver.Hull[groups];
            DeployableSolver.Hull[] hullHigh = new DeployableSolver.Hull[groups];
            thetaHull = new DeployableSolver.Hull[groups];
            int[][] identity = new int[groups][]; // per group: 0 .. n-1 over its n passing settings
            IntStream.range(0, groups).parallel().forEach(k -> { // each group's own slots
                int n = pass[k].length;
                identity[k] = IntStream.range(0, n).toArray();
                sortedSize[k] = new double[n];
                double[] low = new double[n];
                double[] high = new double[n];
                sortedLow[k] = low;
                sortedHigh[k] = high;
                for (int j = 0; j < n; j++) {
                    int s = pass[k][j];
                    sortedSize[k][j] = t.sortedSize[k][s];
                    low[j] = t.low[k][s];
                    high[j] = t.high[k][s];
                }
                hullLow[k] = DeployableSolver.Hull.ofGiven(low, sortedSize[k], identity[k]);
                hullHigh[k] = DeployableSolver.Hull.ofGiven(high, sortedSize[k], identity[k]);
                thetaHull[k] = t.weightedHull(k, pass[k], sortedSize[k], identity[k], theta);
            });
            // each weight's suffix bounds are one chain, depth after depth: the weights' chains run side by side
            DeployableSolver.Bound[][] ends = Stream.of(thetaHull, hullLow, hullHigh).parallel()
                    .map(hulls -> hulls == thetaHull ? suffixBoundsWithParts(hulls) : suffixBounds(hulls))
                    .toArray(DeployableSolver.Bound[][]::new);
            weightHull = new DeployableSolver.Hull[2 + WEIGHT_GRID - 1][];
            weightRest = new DeployableSolver.Bound[2 + WEIGHT_GRID - 1][];
            weightHull[0] = hullLow;
            weightHull[1] = hullHigh;
            weightRest[0] = ends[1];
            weightRest[1] = ends[2];
            restTheta = ends[0];
            grid = new double[WEIGHT_GRID - 1];
            blockLeastLow = new double[groups][];
            blockLeastHigh = new double[groups][];
            for (int k = 0; k < groups; k++) {
                blockLeastLow[k] = leastByBlock(sortedLow[k], SKIP_BLOCK);
                blockLeastHigh[k] = leastByBlock(sortedHigh[k], SKIP_BLOCK);
            }
            IntStream.range(0, grid.length).parallel().forEach(e -> { // each weight its own hulls and chain
                double w = (e + 1.0) / WEIGHT_GRID;
                grid[e] = w;
                DeployableSolver.Hull[] hulls = new DeployableSolver.Hull[groups];
                for (int k = 0; k < groups; k++) {
                    hulls[k] = t.weightedHull(k, pass[k], sortedSize[k], identity[k], w);
                }
                weightHull[2 + e] = hulls;
                weightRest[2 + e] = suffixBounds(hulls);
            });
            this.budget = budget;
            this.theta = theta;
            this.offsetLow = t.offsetLow;
            this.offsetHigh = t.offsetHigh;
            this.maxStates = maxStates;
            held = maxStates;
            reader = new Reader();
        }

        private static DeployableSolver.Bound.Cursor[] cursors(DeployableSolver.Bound[] bounds) {
            DeployableSolver.Bound.Cursor[] read = new DeployableSolver.Bound.Cursor[bounds.length];
            for (int d = 0; d < bounds.length; d++) {
                read[d] = bounds[d].cursor();
            }
            return read;
        }

        /**
         * {@link #suffixBounds} of theta's hulls, carrying the costs at zL and at zH of their vertices ({@code
         * DeployableSolver.Bound.Parts}): where the rest is allocated as theta's LP allocates it, its costs at both
         * ends ({@link Reader#belowAtEveryWeight}).
         */
        private DeployableSolver.Bound[] suffixBoundsWithParts(DeployableSolver.Hull[] hulls) {
            List<DeployableSolver.Hull> inOrder = new ArrayList<>(groups);
            List<double[]> partLow = new ArrayList<>(groups);
            List<double[]> partHigh = new ArrayList<>(groups);
            for (int d = 0; d < groups; d++) {
                int k = order[d];
                DeployableSolver.Hull hull = hulls[k];
                inOrder.add(hull);
                partLow.add(atHullPositions(hull, sortedLow[k]));
                partHigh.add(atHullPositions(hull, sortedHigh[k]));
            }
            return DeployableSolver.Bound.suffixes(inOrder, partLow, partHigh);
        }

        /** A cost of each of the hull's settings, by its positions ({@code values} by the group's passing positions). */
        private static double[] atHullPositions(DeployableSolver.Hull hull, double[] values) {
            boolean identity = hull.index.length == values.length;
            for (int j = 0; identity && j < hull.index.length; j++) {
                identity = hull.index[j] == j;
            }
            if (identity) {
                return values;
            }
            double[] at = new double[hull.index.length];
            for (int j = 0; j < at.length; j++) {
                at[j] = values[hull.index[j]];
            }
            return at;
        }

        /** bound[d]: the LP bound of the groups order[d..] (bound[groups] of none). */
        private DeployableSolver.Bound[] suffixBounds(DeployableSolver.Hull[] hulls) {
            List<DeployableSolver.Hull> inOrder = new ArrayList<>(groups);
            for (int d = 0; d < groups; d++) {
                inOrder.add(hulls[order[d]]);
            }
            return DeployableSolver.Bound.suffixes(inOrder);
        }

        /**
         * Whether theta's bound cuts every setting of group k at positions [j, j + SKIP_BLOCK) after a partial
         * allocation of costs (low, high), {@code rest} theta's LP bound of the groups left at the budget the block's
         * smallest setting leaves: the bound with the block's least costs at both ends and that rest is no more than
         * any of theirs (the sums and products are monotone,
         * and the rest's LP bound falls as the budget grows), less a margin far above the rounding where the LP's
         * interpolation meets a segment's end. A block it passes is tried setting by setting, so the same partial
         * allocations are kept. Where the rest cannot fit, every setting of the block is cut or does not fit.
         */
        private boolean blockCut(int k, int j, double low, double high, double rest, double cut) {
            int block = j / SKIP_BLOCK;
            if (rest == Double.POSITIVE_INFINITY) {
                return true;
            }
            return blockThetaBound(theta, low + blockLeastLow[k][block], high + blockLeastHigh[k][block], offsetLow,
                    offsetHigh, rest) >= cut;
        }

        /**
         * theta (l - AL) + (1 - theta) (h - AH) + rest, less 10^-12 of its terms' sizes: with l and h a block's
         * least sums and rest the LP bound at its largest budget left, no more than theta's bound of any setting
         * of the block ({@link #bound}'s first term).
         */
        static double blockThetaBound(double theta, double l, double h, double offsetLow, double offsetHigh,
                                      double rest) {
            double b = theta * (l - offsetLow) + (1 - theta) * (h - offsetHigh) + rest;
            return b - 1e-12 * (Math.abs(l) + Math.abs(h) + Math.abs(offsetLow) + Math.abs(offsetHigh)
                    + Math.abs(rest));
        }

        /**
         * Relative room {@link #vouchesBelow} leaves for the rounding of the bounds it vouches for and of its own
         * terms: sums of a few terms each, and the LP bounds' prefix sums from the rest's dearest (smallest) settings
         * down, each within a few units in the last place of the largest term per addition (some thousands of segments
         * would not reach a millionth of this room).
         */
        static final double CERTIFICATE_ROOM = 1e-9;

        /**
         * Whether a partial allocation of costs (low, high) whose rest, allocated as theta's LP allocates it, costs
         * {@code restLow} and {@code restHigh} at the two ends, has every weight's bound below {@code cut}: the larger
         * of (low - AL) + restLow and (high - AH) + restHigh is, by more than {@link #CERTIFICATE_ROOM} of the terms,
         * {@code restScale} the rest's costs at its smallest settings, where its prefix sums start.
         */
        static boolean vouchesBelow(double low, double high, double offsetLow, double offsetHigh, double restLow,
                                    double restHigh, double restScale, double cut) {
            double atLow = (low - offsetLow) + restLow;
            double atHigh = (high - offsetHigh) + restHigh;
            double room = CERTIFICATE_ROOM * (Math.abs(low) + Math.abs(high) + Math.abs(offsetLow) + Math.abs(offsetHigh)
                    + Math.abs(restLow) + Math.abs(restHigh) + Math.abs(restScale));
            return Math.max(atLow, atHigh) + room < cut;
        }

        /** Weight i of {@link #weightBound}: 1, 0 or the grid's (i - 2)-th. */
        private double weight(int i) {
            return i == 0 ? 1.0 : i == 1 ? 0.0 : grid[i - 2];
        }

        /**
         * Fills {@code next} with the children of the layer at depth d (partial allocations {@code used}, {@code low},
         * {@code high}), in order of the partial allocation each extends, then of setting; false where they pass the
         * cap. A layer of many partial allocations is extended in up to {@link #MAX_STRETCHES} stretches side by
         * side, each into its own children, which are then joined in stretch order: the same children in the same
         * order as one extension, and the cap passed where one extension would pass it ({@link #passedCap}).
         */
        private boolean extend(int d, double[] used, double[] low, double[] high, double cut, Layer next) {
            return extend(d, 0, used.length, used, low, high, cut, next);
        }

        /** {@link #extend(int, double[], double[], double[], double, Layer)} of partial allocations [from, to). */
        private boolean extend(int d, int from, int to, double[] used, double[] low, double[] high, double cut,
                               Layer next) {
            int states = to - from;
            int stretches = Math.min(MAX_STRETCHES, Math.max(1, states / statesPerStretch));
            next.clear();
            if (stretches == 1) {
                reader.extend(d, from, to, used, low, high, cut, next);
                return !reader.overflow;
            }
            AtomicLong together = new AtomicLong(); // the children the stretches hold between them
            IntStream.range(0, stretches).parallel().forEach(c -> { // each stretch its own reader and children
                if (stretchReader[c] == null) {
                    stretchReader[c] = c == 0 ? reader : new Reader();
                    stretchLayer[c] = new Layer();
                }
                stretchLayer[c].clear();
                stretchReader[c].together = together;
                stretchReader[c].extend(d, from + (int) ((long) c * states / stretches),
                        from + (int) ((long) (c + 1) * states / stretches), used, low, high, cut, stretchLayer[c]);
                stretchReader[c].together = null;
            });
            boolean passed = passedCap(stretches);
            long heldTogether = 0;
            for (int c = 0; c < stretches; c++) {
                heldTogether += stretchLayer[c].count;
            }
            mostHeldTogether = Math.max(mostHeldTogether, heldTogether);
            stretchedPastCap += passed ? 1 : 0;
            if (!passed) {
                for (int c = 0; c < stretches; c++) {
                    next.append(stretchLayer[c]);
                }
            }
            releaseStretchRoom();
            return !passed;
        }

        /**
         * Lets the stretches' children's columns go where they hold room for more than twice the cap's children
         * between them: kept from one layer to the next (so they need not grow again), they hold room for the most
         * children each stretch held at any depth, which the cap bounds one layer at a time, not over the layers.
         */
        private void releaseStretchRoom() {
            long room = 0;
            for (Layer l : stretchLayer) {
                room += l == null ? 0 : l.room();
            }
            if (room / 2 > held) {
                for (int c = 0; c < MAX_STRETCHES; c++) {
                    if (stretchLayer[c] != null) {
                        stretchLayer[c] = new Layer();
                    }
                }
            }
        }

        /**
         * Whether the first {@code stretches} stretches' children pass the cap as one extension of the whole layer
         * would: that one tries a setting while {@link #held} children are held. A stretch that did so alone
         * passed it, and so did one about to add a child while the stretches held the cap's children between them
         * (it stops there, so that the stretches never hold more than the cap); more children than the cap were held
         * with one more setting tried before the last; exactly as many pass it where a setting was tried after the
         * last child.
         */
        private boolean passedCap(int stretches) {
            long total = 0;
            for (int c = 0; c < stretches; c++) {
                if (stretchReader[c].overflow) {
                    return true;
                }
                total += stretchLayer[c].count;
            }
            if (total != held) {
                return total > held;
            }
            int last = stretches - 1;
            while (stretchLayer[last].count == 0) {
                last--; // the stretch holding the last child
            }
            for (int c = last; c < stretches; c++) {
                if (stretchReader[c].triedAfterLast) {
                    return true;
                }
            }
            return false;
        }

        /**
         * What one thread reads while it extends partial allocations: per depth, the LP bounds of the groups left at
         * theta and at each weight of weightBound (weightRest's), each from where it last read, since a group's
         * settings are tried in size order and leave budgets a few of its segments apart; and per depth the weight
         * whose bound last reached the cut, tried first. Neither changes a value read or a child kept: a cursor finds
         * the one segment a budget lies in, and a child is kept only where every weight's bound is below the cut.
         */
        final class Reader {
            final DeployableSolver.Bound.Cursor[] readTheta = cursors(restTheta);
            final double[] restParts = new double[2]; // belowAtEveryWeight's: the rest's costs at zL and zH
            final DeployableSolver.Bound.Cursor[][] readWeight = new DeployableSolver.Bound.Cursor[weightRest.length][];
            final int[] lastCut = new int[groups + 1]; // per depth: the weight (weightBound's i) that last cut
            boolean overflow;       // the last extension tried a setting while the cap's children were held (or the
                                    // stretches beside it held more than the cap between them)
            AtomicLong together;    // where stretches extend a layer side by side, the children they hold between them
            boolean triedAfterLast; // and tried a setting after its last child (or tried one and kept none)

            Reader() {
                for (int i = 0; i < weightRest.length; i++) {
                    readWeight[i] = cursors(weightRest[i]);
                }
            }

            /** Adds to {@code next} the children of partial allocations [from, to) of the layer at depth d. */
            void extend(int d, int from, int to, double[] used, double[] low, double[] high, double cut, Layer next) {
                int k = order[d];
                overflow = false;
                boolean tried = false;
                for (int state = from; state < to; state++) {
                    int[] window = window(d, used[state], low[state], high[state], cut);
                    double blockTheta = Double.NaN; // theta's LP bound of the rest at the block's largest budget left
                    double blockOther = Double.NaN; // and that of the weight that last cut at this depth
                    int other = lastCut[d + 1];
                    for (int j = window[0]; j < window[1]; j++) {
                        if (next.count == held) {
                            overflow = true;
                            return;
                        }
                        tried = true;
                        if (j == window[0] || j % SKIP_BLOCK == 0) {
                            double left = budget - (used[state] + sortedSize[k][j]);
                            blockTheta = readTheta[d + 1].at(left);
                            if (j % SKIP_BLOCK == 0 && j + SKIP_BLOCK <= window[1]
                                    && blockCut(k, j, low[state], high[state], blockTheta, cut)) {
                                j += SKIP_BLOCK - 1; // every setting of the block is cut (or does not fit)
                                continue;
                            }
                            other = lastCut[d + 1];
                            blockOther = beam > 0 ? Double.NaN : readWeight[other][d + 1].at(left);
                        }
                        double u = used[state] + sortedSize[k][j];
                        if (u > budget) {
                            break;
                        }
                        double l = low[state] + sortedLow[k][j];
                        double h = high[state] + sortedHigh[k][j];
                        // the bounds with the block's rest are below the setting's own (blockThetaBound): where one
                        // reaches the cut, so does the whole bound, or theta's for a beam
                        if (blockThetaBound(theta, l, h, offsetLow, offsetHigh, blockTheta) >= cut
                                || beam == 0 && blockThetaBound(weight(other), l, h, offsetLow, offsetHigh, blockOther)
                                        >= cut) {
                            continue;
                        }
                        // a beam ranks by the whole bound only the few it may keep (leastBounds); the rounds' layers
                        // read no bound of the children they keep, only whether it is below the cut
                        double b = beam > 0 ? thetaBound(d + 1, u, l, h) : boundOrBelow(d + 1, u, l, h, cut);
                        if (b >= cut) {
                            continue;
                        }
                        if (together != null && together.incrementAndGet() > held) {
                            // the stretches hold more children than the cap between them: so would one extension
                            overflow = true;
                            return;
                        }
                        next.add(u, l, h, state, bySize[k][j], b);
                        tried = false;
                    }
                }
                triedAfterLast = tried;
            }

            /**
             * A lower bound on max(rL, rH) of every completion of a partial allocation through depth d, the largest
             * of the bounds at theta, 0, 1 and the grid's weights; past {@code cut}, the first that passes it.
             */
            private double bound(int d, double used, double low, double high, double cut) {
                double b = thetaBound(d, used, low, high);
                if (b >= cut) {
                    return b;
                }
                // whether some weight's bound reaches the cut, and the largest where none does, do not depend on the
                // order the weights are tried in: the one that last cut at this depth first (on 200 random runs, 55% of
                // the partial allocations are cut by theta's, the rest had taken 5.7 more weights each in turn)
                double left = budget - used;
                int first = lastCut[d];
                b = Math.max(b, weightBound(first, d, left, low, high));
                return b >= cut ? b : otherWeights(d, left, low, high, first, b, cut);
            }

            /**
             * {@link #bound}, or where it is below {@code cut}, some value below the cut: where theta's and the first
             * weight's are, and {@link #belowAtEveryWeight} shows that every other weight's is too, the larger of those
             * two, without reading the others. It cuts the same partial allocations as {@link #bound}, after the same
             * weights' bounds, and leaves the weight that last cut as it does.
             */
            private double boundOrBelow(int d, double used, double low, double high, double cut) {
                double b = thetaBound(d, used, low, high);
                if (b >= cut) {
                    return b;
                }
                double left = budget - used;
                int first = lastCut[d];
                b = Math.max(b, weightBound(first, d, left, low, high));
                if (b >= cut || belowAtEveryWeight(d, left, low, high, cut)) {
                    return b;
                }
                return otherWeights(d, left, low, high, first, b, cut);
            }

            /**
             * Whether every weight's bound of a partial allocation of costs (low, high) with {@code left} bits left is
             * below {@code cut}, shown by theta's LP allocation of the groups after depth d: it fits in what is left,
             * so at any weight w the LP bound of the rest is at most w A + (1 - w) B, A and B that allocation's costs
             * at zL and zH (the LP is the least over every fractional allocation that fits, and theta's is one),
             * and w (low - AL + A) + (1 - w)(high - AH + B) is at most the larger of its two ends
             * ({@link #vouchesBelow}).
             */
            private boolean belowAtEveryWeight(int d, double left, double low, double high, double cut) {
                DeployableSolver.Bound.Parts parts = restTheta[d].parts;
                return readTheta[d].partsAt(left, restParts) && vouchesBelow(low, high, offsetLow, offsetHigh,
                        restParts[0], restParts[1], Math.abs(parts.baseA()) + Math.abs(parts.baseB()), cut);
            }

            /**
             * {@link #bound} past theta's and the first weight's ({@code first}, their larger {@code most}, below the
             * cut): the other weights' in turn, until one reaches the cut (it then cuts first at this depth).
             */
            private double otherWeights(int d, double left, double low, double high, int first, double most,
                                        double cut) {
                double b = most;
                for (int i = 0; i < 2 + grid.length && b < cut; i++) {
                    if (i != first) {
                        b = Math.max(b, weightBound(i, d, left, low, high));
                        if (b >= cut) {
                            lastCut[d] = i;
                        }
                    }
                }
                return b;
            }

            /** Theta's bound, the first of {@link #bound}'s and never above it. */
            private double thetaBound(int d, double used, double low, double high) {
                return spent(theta, low, high) + readTheta[d].at(budget - used);
            }

            /** The bound at weight 1 (i = 0: cL), 0 (i = 1: cH) or the grid's (i - 2)-th weight. */
            private double weightBound(int i, int d, double left, double low, double high) {
                double rest = readWeight[i][d].at(left);
                if (i == 0) {
                    return low + rest - offsetLow;
                }
                if (i == 1) {
                    return high + rest - offsetHigh;
                }
                return spent(grid[i - 2], low, high) + rest;
            }

            /**
             * Positions [from, to) in group order[d]'s size order of the settings that can lead below the
             * cut from a partial allocation: with H the lower convex hull of the group's theta-weighted cost
             * against size, phi(u) = theta-part of the partial cost + H(u) + boundTheta(rest, M - used - u)
             * is convex in u and no more than the bound's theta term of any setting of size u (a setting
             * larger than every undominated one costs at least the cheapest, whose size is the hull's end,
             * with less budget left), so the settings worth trying have sizes between the hull vertices next
             * to where phi crosses the cut, and beyond the last vertex when it is one of them. Outside a beam,
             * whose children theta's bound alone cuts, the same holds at each weight of the whole bound: the
             * window is also narrowed to that of the weight that last cut at the depth below (on 200 random runs
             * at 5 bits per entry, the round at the incumbent's windows held 58.1 million settings with theta's alone,
             * 43.6 million narrowed; 65.0 and 57.6 million at 16 bits; the same partial allocations kept).
             */
            private int[] window(int d, double used, double low, double high, double cut) {
                int k = order[d];
                double[] span = sizeWindow(thetaHull[k], restTheta[d + 1], used, spent(theta, low, high), cut);
                double from = span[0];
                double to = span[1];
                if (beam == 0) {
                    int i = lastCut[d + 1];
                    double[] other = sizeWindow(weightHull[i][k], weightRest[i][d + 1], used,
                            spent(weight(i), low, high), cut);
                    from = Math.max(from, other[0]);
                    to = Math.min(to, other[1]);
                }
                double[] sizes = sortedSize[k];
                int first = Sorted.firstAtLeast(sizes, from);
                return new int[] {first, Math.max(first, Sorted.firstAbove(sizes, to))};
            }
        }

        /** The setting of each group of the best allocation below {@code cut}, or null when there is none. */
        int[] run(double cut) {
            double[] used = {0.0};
            double[] low = {0.0};
            double[] high = {0.0};
            int[][] parent = new int[groups][];
            int[][] choice = new int[groups][];
            Layer next = new Layer();
            // a beam's: its partial allocations' whole bounds, from which beamChildren's thresholds start
            double[] whole = beam > 0 ? new double[] {reader.bound(0, 0.0, 0.0, 0.0, cut)} : null;
            for (int d = 0; d < groups; d++) {
                Layer layer = next; // the children kept are at positions kept of it
                int[] kept;
                if (compact) {
                    layer = compacted(d, used, low, high, cut, next); // its children are those kept, in sweep order
                    kept = layer == null ? null : IntStream.range(0, layer.count).toArray();
                } else if (beam > 0) {
                    kept = beamChildren(d, used, low, high, whole, cut, next);
                } else {
                    kept = extend(d, used, low, high, cut, next) ? next.undominated() : null;
                }
                if (kept == null) {
                    overflow = true;
                    return null;
                }
                if (kept.length == 0) {
                    return null; // nothing beats the incumbent
                }
                nodes += kept.length;
                if (nodes > maxStates) {
                    overflow = true;
                    return null;
                }
                used = Layer.gather(layer.size, kept);
                low = Layer.gather(layer.low, kept);
                high = Layer.gather(layer.high, kept);
                parent[d] = Layer.gather(layer.origin, kept);
                choice[d] = Layer.gather(layer.setting, kept);
                if (beam > 0) {
                    whole = new double[kept.length];
                    for (int x = 0; x < kept.length; x++) {
                        whole[x] = reader.bound(d + 1, used[x], low[x], high[x], cut);
                    }
                }
            }
            int bestState = -1;
            double best = cut;
            for (int x = 0; x < used.length; x++) {
                double worst = Math.max(low[x] - offsetLow, high[x] - offsetHigh);
                if (worst < best) {
                    best = worst;
                    bestState = x;
                }
            }
            if (bestState < 0) {
                return null;
            }
            int[] setting = new int[groups];
            int x = bestState;
            for (int d = groups - 1; d >= 0; d--) {
                setting[order[d]] = choice[d][x];
                x = parent[d][x];
            }
            return setting;
        }

        /**
         * The {@link #beam} partial allocations of least bound among {@code kept} (in sweep order, each with theta's
         * bound), those whose whole bound ({@link #bound}) is below the cut, least first, ties in sweep order; each
         * with its whole bound ({@link #least}). A partial allocation whose whole bound reaches the cut dominates none
         * whose bound is below it (a dominating one's bounds are no larger, to the rounding of the LP's interpolation
         * where a budget meets a segment's end), so the sweep over theta's bounds keeps the same ones below the cut
         * as a sweep over whole bounds. The beam only proposes an incumbent; the rounds decide the answer.
         */
        private int[] leastBounds(int d, Layer layer, int[] kept, double cut) {
            return leastBounds(d, layer, kept, cut, Double.POSITIVE_INFINITY);
        }

        /**
         * As {@link #leastBounds(int, Layer, int[], double)}, or null where {@code kept} are only the undominated
         * children whose theta bound is at most {@code threshold} and they do not decide the beam: it decides
         * where {@link #beam} are held, each of whole bound at most the threshold, since every child left out
         * has a theta bound above it, which {@link #least} would not value.
         */
        private int[] leastBounds(int d, Layer layer, int[] kept, double cut, double threshold) {
            double[] first = new double[kept.length];
            for (int x = 0; x < first.length; x++) {
                first[x] = layer.bound[kept[x]];
            }
            double[] whole = new double[first.length];
            int[] least = least(first,
                    x -> reader.bound(d, layer.size[kept[x]], layer.low[kept[x]], layer.high[kept[x]], cut),
                    beam, cut, whole);
            if (!decides(least, whole, beam, threshold)) {
                return null;
            }
            int[] out = new int[least.length];
            for (int i = 0; i < least.length; i++) {
                out[i] = kept[least[i]];
            }
            return out;
        }

        /**
         * Whether {@link #least}'s answer over only the positions whose first value is at most {@code threshold} is
         * its answer over them and any others, whose first values are above it: where {@code count} are held, each
         * of whole value at most the threshold, no other would be valued (its first value passes the largest held);
         * fewer held, another might be. An infinite threshold left nothing out.
         */
        static boolean decides(int[] least, double[] whole, int count, double threshold) {
            if (threshold == Double.POSITIVE_INFINITY) {
                return true;
            }
            if (least.length < count) {
                return false;
            }
            for (int x : least) {
                if (!(whole[x] <= threshold)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The undominated children of the layer at depth d in sweep order ({@link Layer#undominated}), found a stretch
         * of its partial allocations at a time: each stretch's undominated children are swept together with those kept
         * so far ({@link Layer#sweptWith}). Which children no other dominates, and their order, depend only on the
         * children (the sweep's order is one total order, and a child dropped early is dominated by one kept, which
         * dominates whatever it dominated), so the layer is the one {@link #layers} keeps, while at most the cap's
         * children are held at once: those kept and a stretch's, whose partial allocations are halved where they
         * pass what the kept leave. Null where one partial allocation's children alone pass it.
         */
        private Layer compacted(int d, double[] used, double[] low, double[] high, double cut, Layer chunk) {
            Layer kept = new Layer();
            int states = used.length;
            int step = Math.min(states, compactStretch);
            try {
                for (int from = 0; from < states; ) {
                    int to = (int) Math.min(states, (long) from + step);
                    held = maxStates - kept.count;
                    if (held <= 0) {
                        return null;
                    }
                    if (!extend(d, from, to, used, low, high, cut, chunk)) {
                        if (to - from == 1) {
                            return null;
                        }
                        step = (to - from) / 2;
                        continue;
                    }
                    kept = kept.sweptWith(chunk, chunk.undominated());
                    from = to;
                }
            } finally {
                held = maxStates;
            }
            return kept;
        }

        /** Thresholds {@link #beamChildren} tries before it extends a beam's layer below the cut. */
        static final int BEAM_THRESHOLDS = 6;

        /**
         * The beam's partial allocations among the children of the layer at depth d ({@code whole} its partial
         * allocations' whole bounds), extended first only below a threshold: each of a child's bounds is at least
         * its parent's (the group's setting and the LP of the groups after it are one choice of the LP of the groups
         * from it), so the children the beam keeps lie a little above their parents' bounds. From the largest
         * parent's, the threshold moves up by 3, 15, 63, ... times the parents' spread ({@code 1/1024} of the way to
         * the cut where they have none), at most {@link #BEAM_THRESHOLDS} times; the layer's children below it and
         * a margin decide the beam as {@link #beamLayer} decides it among those of a layer extended below the cut
         * (the same partial allocations), and where none decides, the layer is extended below the cut. Thresholds are
         * tried only where the partial allocations' windows hold at most the cap's settings, so that the layer below the
         * cut could not pass the cap: the beam is the one extended below the cut in every case (a beam that passed the
         * cap where it had given up proposed another incumbent, and the rounds after it, cut elsewhere, did not prove
         * 200 random runs in 64 levels that they had proven). On 200 random runs at 16 bits per entry, the beam's
         * layers extended below the cut held 8.1 million children; below the thresholds, 0.16 million (of its 61
         * layers, 42 decided at the first threshold, 16 at the second, 3 at the third).
         *
         * @return null where the layer passes the cap
         */
        private int[] beamChildren(int d, double[] used, double[] low, double[] high, double[] whole, double cut,
                                   Layer next) {
            double least = Double.POSITIVE_INFINITY;
            double most = Double.NEGATIVE_INFINITY;
            double parentCosts = 0.0;
            for (int x = 0; x < whole.length; x++) {
                least = Math.min(least, whole[x]);
                most = Math.max(most, whole[x]);
                parentCosts = Math.max(parentCosts, Math.abs(low[x]) + Math.abs(high[x]));
            }
            int k = order[d];
            double settingCosts = 0.0;
            for (int j = 0; j < sortedLow[k].length; j++) {
                settingCosts = Math.max(settingCosts, Math.abs(sortedLow[k][j]) + Math.abs(sortedHigh[k][j]));
            }
            double largest = parentCosts + settingCosts; // at least any child's |cost at zL| + |cost at zH|
            double spread = most > least ? most - least : (cut - most) / 1024;
            // the settings every partial allocation's window holds: where they are at most the cap, the layer below the
            // cut cannot pass it, and what a threshold decides is what the layer below the cut would; else it is extended
            long tried = 0;
            for (int x = 0; x < used.length && tried <= held; x++) {
                int[] window = reader.window(d, used[x], low[x], high[x], cut);
                tried += window[1] - window[0];
            }
            int thresholds = beamBelowThresholds && tried <= held ? BEAM_THRESHOLDS : 0;
            double reach = 0.0; // 0, 3, 15, 63, ... spreads
            for (int i = 0; i < thresholds; i++) {
                double threshold = most + reach;
                double margin = 1e-9 * (largest + Math.abs(offsetLow) + Math.abs(offsetHigh) + Math.abs(threshold));
                double below = Math.nextUp(threshold + margin); // theta bounds at most threshold + margin
                if (!(below < cut)) {
                    break;
                }
                if (!extend(d, used, low, high, below, next)) {
                    return null;
                }
                int[] beamed = leastBounds(d + 1, next, next.undominatedUpTo(threshold, margin), cut, threshold);
                if (beamed != null) {
                    beamLayersBelowThresholds++;
                    return beamed;
                }
                reach = 4 * reach + 3 * spread;
            }
            return extend(d, used, low, high, cut, next) ? beamLayer(d + 1, next, cut) : null;
        }

        /** Children of a beam layer whose theta bound is below the first threshold {@link #beamLayer} tries. */
        static final int BEAM_FIRST_CHILDREN = 4096;
        /** Children whose theta bounds {@link #sampledBounds} samples to place a threshold. */
        static final int THRESHOLD_SAMPLES = 4096;

        /**
         * The beam's partial allocations among a layer's children: {@link #leastBounds} of the undominated ones.
         * A child that dominates another has a theta bound no larger (its costs and size are no larger, and the rest's
         * LP bound falls with the budget left), to the rounding of the LP's interpolation where a budget meets a
         * segment's end. So the undominated children of theta bound at most a threshold are found among those within
         * a margin of it, far above that rounding ({@link Layer#undominatedUpTo}), and where the beam is decided
         * among them ({@link #leastBounds(int, Layer, int[], double, double)}) the rest need not be put in order:
         * the threshold first near the {@link #BEAM_FIRST_CHILDREN}-th least theta bound, then four times as many, and
         * all where none decides. On 200 random runs, a beam layer holds up to 334,137 children, of which 71 to 10,934
         * have a theta bound at most the largest whole bound the beam keeps.
         */
        private int[] beamLayer(int d, Layer layer, double cut) {
            double[] sample = sampledBounds(layer);
            double largest = largestCosts(layer);
            for (long rank = BEAM_FIRST_CHILDREN; rank < layer.count; rank *= 4) {
                double threshold = sample[(int) Math.min(sample.length - 1, rank * sample.length / layer.count)];
                double margin = 1e-9 * (largest + Math.abs(offsetLow) + Math.abs(offsetHigh) + Math.abs(threshold));
                int[] held = leastBounds(d, layer, layer.undominatedUpTo(threshold, margin), cut, threshold);
                if (held != null) {
                    return held;
                }
            }
            return leastBounds(d, layer, layer.undominated(), cut);
        }

        /**
         * The theta bounds of up to {@link #THRESHOLD_SAMPLES} children evenly spread over the layer, ascending: the
         * one at a share of them is about the bound at that share of the children, where {@link #beamLayer} places
         * a threshold.
         */
        static double[] sampledBounds(Layer layer) {
            int n = layer.count;
            int samples = Math.min(n, THRESHOLD_SAMPLES);
            double[] sample = new double[samples];
            for (int i = 0; i < samples; i++) {
                sample[i] = layer.bound[(int) ((long) i * n / samples)];
            }
            Arrays.sort(sample);
            return sample;
        }

        /**
         * The largest |cost at zL| + |cost at zH| of the layer's children: with the ends' optima and the threshold,
         * the terms the theta bounds sum, of which {@link #beamLayer}'s margin takes 10^-9 for the rounding by which a
         * dominating child's bound may exceed the one it dominates (some 10^-16 of them).
         */
        private static double largestCosts(Layer layer) {
            double largest = 0.0;
            for (int x = 0; x < layer.count; x++) {
                largest = Math.max(largest, Math.abs(layer.low[x]) + Math.abs(layer.high[x]));
            }
            return largest;
        }

        /**
         * The positions of the {@code count} least values of {@code whole} below {@code cut}, least first, ties by
         * position: what sorting every position by its whole value (stably) and taking the first {@code count} below
         * the cut gives. Each whole value is at least its {@code first} (a cheaper lower bound), and positions are
         * valued by rising first value: once a first value passes the largest whole value held, no later one can
         * displace it, so only those before are valued whole.
         *
         * @param whole  a position's whole value, {@code >= first[x]}, or any value {@code >= cut} where it reaches
         *               the cut
         * @param valued receives the whole value of each position returned
         */
        static int[] least(double[] first, IntToDoubleFunction whole, int count, double cut, double[] valued) {
            int[] byFirst = IntStream.range(0, first.length).toArray();
            IndexSort.sort(byFirst, first, first); // stable: ties in position order
            // the largest (whole value, position) held on top
            PriorityQueue<Integer> held = new PriorityQueue<>(Comparator.<Integer>comparingDouble(x -> valued[x])
                    .thenComparingInt(x -> x).reversed());
            for (int x : byFirst) {
                if (held.size() == count && first[x] > valued[held.peek()]) {
                    break;
                }
                valued[x] = whole.applyAsDouble(x);
                if (valued[x] >= cut) {
                    continue;
                }
                held.add(x);
                if (held.size() > count) {
                    held.poll();
                }
            }
            return held.stream().sorted(Comparator.<Integer>comparingDouble(x -> valued[x]).thenComparingInt(x -> x))
                    .mapToInt(Integer::intValue).toArray();
        }

        /**
         * The children of one layer of the search, column by column (a layer holds up to millions of them, which
         * arrays of their own had filled the heap with): each its size, costs at zL and zH, the partial allocation
         * it extends (its origin), its setting and its bound.
         */
        static final class Layer {
            double[] size = new double[1024];
            double[] low = new double[1024];
            double[] high = new double[1024];
            int[] origin = new int[1024];
            int[] setting = new int[1024];
            double[] bound = new double[1024];
            int count;

            void clear() {
                count = 0;
            }

            void add(double u, double l, double h, int from, int s, double b) {
                roomFor(count + 1);
                size[count] = u;
                low[count] = l;
                high[count] = h;
                origin[count] = from;
                setting[count] = s;
                bound[count] = b;
                count++;
            }

            /**
             * These children (in sweep order, none dominating another) and {@code other}'s at {@code kept} (in sweep
             * order), merged in sweep order, less those an earlier one dominates: a new layer.
             */
            Layer sweptWith(Layer other, int[] kept) {
                Layer out = new Layer();
                out.roomFor(count + kept.length);
                Stairs stairs = new Stairs();
                int a = 0;
                int b = 0;
                while (a < count || b < kept.length) {
                    boolean mine = b == kept.length || a < count && !other.before(kept[b], this, a);
                    Layer from = mine ? this : other;
                    int x = mine ? a++ : kept[b++];
                    if (stairs.add(from.low[x], from.high[x])) {
                        out.add(from.size[x], from.low[x], from.high[x], from.origin[x], from.setting[x],
                                from.bound[x]);
                    }
                }
                return out;
            }

            /** Whether child x comes before child y of {@code layer} in sweep order (size, zL, zH, origin, setting). */
            private boolean before(int x, Layer layer, int y) {
                int c = Double.compare(size[x], layer.size[y]);
                if (c == 0) {
                    c = Double.compare(low[x], layer.low[y]);
                }
                if (c == 0) {
                    c = Double.compare(high[x], layer.high[y]);
                }
                if (c == 0) {
                    c = Integer.compare(origin[x], layer.origin[y]);
                }
                if (c == 0) {
                    c = Integer.compare(setting[x], layer.setting[y]);
                }
                return c < 0;
            }

            /** Adds {@code other}'s children after these, in their order. */
            void append(Layer other) {
                int n = count + other.count;
                roomFor(n);
                System.arraycopy(other.size, 0, size, count, other.count);
                System.arraycopy(other.low, 0, low, count, other.count);
                System.arraycopy(other.high, 0, high, count, other.count);
                System.arraycopy(other.origin, 0, origin, count, other.count);
                System.arraycopy(other.setting, 0, setting, count, other.count);
                System.arraycopy(other.bound, 0, bound, count, other.count);
                count = n;
            }

            /** The children its columns have room for. */
            int room() {
                return size.length;
            }

            /** Columns of room for n children at least, each doubled where it grows. */
            private void roomFor(int n) {
                if (n > size.length) {
                    int grown = Math.max(n, 2 * size.length);
                    size = Arrays.copyOf(size, grown);
                    low = Arrays.copyOf(low, grown);
                    high = Arrays.copyOf(high, grown);
                    origin = Arrays.copyOf(origin, grown);
                    setting = Arrays.copyOf(setting, grown);
                    bound = Arrays.copyOf(bound, grown);
                }
            }

            static double[] gather(double[] column, int[] kept) {
                double[] out = new double[kept.length];
                for (int x = 0; x < kept.length; x++) {
                    out[x] = column[kept[x]];
                }
                return out;
            }

            static int[] gather(int[] column, int[] kept) {
                int[] out = new int[kept.length];
                for (int x = 0; x < kept.length; x++) {
                    out[x] = column[kept[x]];
                }
                return out;
            }

            /**
             * The children no other dominates (none other is as small and no costlier at both ends), in sweep order:
             * by size, then cost at zL, cost at zH, origin and setting, over a staircase of the (cost at zL, cost at
             * zH) pairs kept so far. The children are put in that order by a radix sort of their size and cost at zL
             * ({@link IndexSort}), and only runs equal in both by the rest.
             */
            int[] undominated() {
                return undominated(bySizeThenLow(count));
            }

            /**
             * The undominated children whose bound is at most {@code threshold}, in sweep order, where every child
             * that dominates one of them has a bound at most {@code threshold + margin}: as {@link #undominated}
             * finds them, swept over those children alone.
             */
            int[] undominatedUpTo(double threshold, double margin) {
                int[] within = new int[Math.min(count, 1024)];
                int n = 0;
                for (int x = 0; x < count; x++) {
                    if (bound[x] <= threshold + margin) {
                        if (n == within.length) {
                            within = Arrays.copyOf(within, Math.min(count, 2 * n));
                        }
                        within[n++] = x;
                    }
                }
                within = Arrays.copyOf(within, n);
                IndexSort.sort(within, size, low); // ascending children: ties keep the children's order
                int[] kept = undominated(within);
                int k = 0;
                for (int x : kept) {
                    if (bound[x] <= threshold) {
                        kept[k++] = x;
                    }
                }
                return Arrays.copyOf(kept, k);
            }

            /** The children of {@code order} (by size, then cost at zL) no earlier one dominates, in sweep order. */
            private int[] undominated(int[] order) {
                int n = order.length;
                Stairs stairs = new Stairs();
                int[] kept = new int[Math.min(n, 1024)];
                int k = 0;
                for (int from = 0; from < n; ) {
                    int to = from + 1;
                    while (to < n && Double.compare(size[order[to]], size[order[from]]) == 0
                            && Double.compare(low[order[to]], low[order[from]]) == 0) {
                        to++;
                    }
                    if (to - from > 1) {
                        byRest(order, from, to); // stable: ties in every key keep the children's order
                    }
                    for (int j = from; j < to; j++) {
                        int x = order[j];
                        if (stairs.add(low[x], high[x])) {
                            if (k == kept.length) {
                                kept = Arrays.copyOf(kept, Math.min(n, 2 * k));
                            }
                            kept[k++] = x;
                        }
                    }
                    from = to;
                }
                return Arrays.copyOf(kept, k);
            }

            /** Children at least this many are put in order in two halves side by side, then merged. */
            static final int SORTED_IN_HALVES_FROM = 8192;

            /**
             * The first n children by size, then cost at zL (each in {@link Double#compare}'s order), ties in
             * child order: a radix sort ({@link IndexSort}); from {@link #SORTED_IN_HALVES_FROM} children, one of
             * each half side by side and a merge that takes the first half's child on ties, the same order.
             */
            int[] bySizeThenLow(int n) {
                if (n < SORTED_IN_HALVES_FROM) {
                    int[] order = IntStream.range(0, n).toArray();
                    IndexSort.sort(order, size, low);
                    return order;
                }
                int half = n / 2;
                int[][] halves = {IntStream.range(0, half).toArray(), IntStream.range(half, n).toArray()};
                IntStream.range(0, 2).parallel().forEach(h -> IndexSort.sort(halves[h], size, low)); // each its own
                int[] order = new int[n];
                System.arraycopy(halves[0], 0, order, 0, half);
                System.arraycopy(halves[1], 0, order, half, n - half);
                return DeployableSolver.mergeStretches(order, n, new int[] {0, half, n}, 2, (a, b) -> {
                    int c = Double.compare(size[a], size[b]);
                    return c != 0 ? c < 0 : Double.compare(low[a], low[b]) < 0;
                });
            }

            /** Insertion sort of order[from, to) by (cost at zH, origin, setting), stable. */
            private void byRest(int[] order, int from, int to) {
                for (int i = from + 1; i < to; i++) {
                    int x = order[i];
                    int j = i - 1;
                    while (j >= from && after(order[j], x)) {
                        order[j + 1] = order[j];
                        j--;
                    }
                    order[j + 1] = x;
                }
            }

            private boolean after(int a, int b) {
                int c = Double.compare(high[a], high[b]);
                if (c != 0) {
                    return c > 0;
                }
                c = Integer.compare(origin[a], origin[b]);
                return c != 0 ? c > 0 : setting[a] > setting[b];
            }
        }

        /** w (cL - AL) + (1 - w) (cH - AH) of a partial allocation's costs: the regret its bound at w has spent. */
        private double spent(double w, double low, double high) {
            return w * (low - offsetLow) + (1 - w) * (high - offsetHigh);
        }

        /**
         * The sizes [from, to] of {@link #window}'s settings at one weight, {@code hull} the group's at that weight,
         * {@code rest} the LP bound of the groups after it, {@code spent} the partial allocation's part of the bound.
         */
        private double[] sizeWindow(DeployableSolver.Hull hull, DeployableSolver.Bound rest, double used, double spent,
                                    double cut) {
            int vertices = hull.vertex.length;
            int lo = 0;
            int hi = vertices - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (phi(hull, rest, mid + 1, used, spent) < phi(hull, rest, mid, used, spent)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            int least = lo;
            int left = least;
            int right = least;
            if (phi(hull, rest, least, used, spent) < cut) {
                int a = 0;
                int b = least;
                while (a < b) {
                    int mid = (a + b) >>> 1;
                    if (phi(hull, rest, mid, used, spent) < cut) {
                        b = mid;
                    } else {
                        a = mid + 1;
                    }
                }
                left = a;
                a = least;
                b = vertices - 1;
                while (a < b) {
                    int mid = (a + b + 1) >>> 1;
                    if (phi(hull, rest, mid, used, spent) < cut) {
                        a = mid;
                    } else {
                        b = mid - 1;
                    }
                }
                right = a;
            }
            int v0 = Math.max(0, left - 1);
            int v1 = Math.min(vertices - 1, right + 1);
            return new double[] {hull.size[hull.vertex[v0]],
                    v1 == vertices - 1 ? Double.POSITIVE_INFINITY : hull.size[hull.vertex[v1]]};
        }

        private double phi(DeployableSolver.Hull hull, DeployableSolver.Bound rest, int v, double used, double spent) {
            int j = hull.vertex[v];
            double u = used + hull.size[j];
            if (u > budget) {
                return Double.POSITIVE_INFINITY;
            }
            return spent + hull.cost[j] + rest.at(budget - u);
        }
    }
}
