package org.monkeyeval.report;

import java.util.List;
import java.util.function.LongConsumer;
import java.util.Set;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.Deployable;
import org.monkeyeval.alloc.EngineAnchors;
import org.monkeyeval.alloc.ProgressivePolicy;
import org.monkeyeval.alloc.Robust;
import org.monkeyeval.alloc.RobustDeployable;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.Workload;
import org.monkeyeval.text.Csv;
import org.monkeyeval.text.Numbers;

/** The two tables of an evaluation: {@code rows.csv} (one row per run) and {@code cases.csv} (one per case). */
public final class AllocationTables {

    public static final String ROWS_FILE = "rows.csv";
    public static final String CASES_FILE = "cases.csv";

    /**
     * Columns of {@code rows.csv}. Columns are only ever appended: a table published by an earlier
     * version is a prefix of today's and is verified on the columns it has.
     */
    public static final List<String> ROW_COLUMNS = List.of(
            "case_id", "run", "run_name", "entries", "weight",
            "uniform_bits_per_entry", "uniform_ideal_fpr", "optimized_bits_per_entry", "optimized_ideal_fpr",
            "uniform_filter_bits", "optimized_filter_bits", "optimized_over_uniform_fpr",
            "level", "lookup_weight");

    /** Columns of {@code cases.csv}; appended to only, as for {@link #ROW_COLUMNS}. */
    public static final List<String> CASE_COLUMNS = List.of(
            "case_id", "runs", "total_entries", "budget_bits", "threshold_t",
            "uniform_ideal_R", "optimized_ideal_R", "improvement", "zero_bit_runs",
            "bits_per_entry", "budget_field",
            "workload", "zero_result_share", "uniform_ideal_cost", "optimized_ideal_cost", "cost_improvement");

    /**
     * Columns appended to {@code rows.csv} when an engine granularity is asked for, on the command line
     * or by a case (absent otherwise; empty on the rows of cases without one):
     * the engine's setting for the run's group as written in its configuration, the real filter bits
     * per entry, its rate and its real size in bits.
     */
    public static final List<String> DEPLOYABLE_ROW_COLUMNS = List.of(
            "deployable_setting", "deployable_bits_per_entry", "deployable_fpr", "deployable_filter_bits");

    /**
     * Columns appended to {@code cases.csv} with an engine granularity (empty for cases without one): the
     * engine, R and weighted cost
     * of the deployable allocation, the bits it uses, the ideal optimum on the engine's curve and the
     * loss between them.
     */
    public static final List<String> DEPLOYABLE_CASE_COLUMNS = List.of(
            "engine_granularity", "deployable_R", "deployable_cost", "deployable_bits", "engine_bound_cost",
            "deployable_over_bound");

    /** Columns appended to {@code rows.csv} when cases give each run's current bits (imported databases). */
    public static final List<String> CURRENT_ROW_COLUMNS = List.of("current_bits_per_entry", "current_fpr");

    /** Columns appended to {@code cases.csv} when cases give each run's current bits. */
    public static final List<String> CURRENT_CASE_COLUMNS = List.of("current_R", "current_cost");

    /**
     * Columns appended to {@code rows.csv} when a case's zero-result share is uncertain (empty on the rows
     * of other cases): the robust allocation's bits per entry and rate.
     */
    public static final List<String> ROBUST_ROW_COLUMNS = List.of("robust_bits_per_entry", "robust_ideal_fpr");

    /**
     * Columns appended to {@code cases.csv} when a case's zero-result share is uncertain (empty for other
     * cases): the interval [zL, zH] and the KL radius it came from (empty for a range given as such); the
     * largest regret over the interval of the uniform, the nominal optimum and the robust allocation;
     * the robust allocation's cost at each end; and z*, the share whose weighted optimum it is.
     */
    public static final List<String> ROBUST_CASE_COLUMNS = List.of(
            "zero_result_share_low", "zero_result_share_high", "kl_radius",
            "uniform_worst_regret", "optimized_worst_regret", "robust_worst_regret",
            "robust_cost_low", "robust_cost_high", "robust_zero_result_share");

    /**
     * Columns appended to {@code rows.csv} when a case with an uncertain share has a deployable allocation
     * too: the engine's setting of the robust deployable allocation, its real bits per entry and rate.
     */
    public static final List<String> ROBUST_DEPLOYABLE_ROW_COLUMNS = List.of(
            "robust_deployable_setting", "robust_deployable_bits_per_entry", "robust_deployable_fpr");

    /**
     * Columns appended to {@code cases.csv} with them: the largest regret over the interval of the
     * deployable and of the robust deployable allocation (against the engine's optima at the ends), the
     * latter's cost at each end and the bits it uses.
     */
    public static final List<String> ROBUST_DEPLOYABLE_CASE_COLUMNS = List.of(
            "deployable_worst_regret", "robust_deployable_worst_regret", "robust_deployable_cost_low",
            "robust_deployable_cost_high", "robust_deployable_bits");

    /**
     * Columns appended last to {@code rows.csv} with an engine granularity (after every group above, so
     * that a table published before them is a prefix): the family that builds the run's filter and the
     * parameters it derives from the setting.
     */
    public static final List<String> DEPLOYABLE_TYPE_ROW_COLUMNS = List.of("deployable_family",
            "deployable_parameters");

    /**
     * Columns appended last to {@code cases.csv} with an engine granularity: the deployable allocation's
     * build work per written entry (empty where a family has no measured build time) and rocksdb-ribbon's
     * bloom_before_level (empty for other engines).
     */
    public static final List<String> DEPLOYABLE_TYPE_CASE_COLUMNS = List.of("deployable_build_ns_per_entry",
            "deployable_bloom_before_level");

    /** Column appended last to {@code rows.csv} with a robust deployable allocation: the family of the run's filter. */
    public static final List<String> ROBUST_DEPLOYABLE_TYPE_ROW_COLUMNS = List.of("robust_deployable_family");

    /** Column appended last to {@code cases.csv} with a robust deployable allocation: rocksdb-ribbon's L. */
    public static final List<String> ROBUST_DEPLOYABLE_TYPE_CASE_COLUMNS = List.of(
            "robust_deployable_bloom_before_level");

    /**
     * Columns appended last to {@code cases.csv} when some case fits Pebble's levels: Pebble's progressive
     * policy ({@code DBTableFilterPolicyProgressive}) on Pebble's Get path at its own filter memory, the best
     * Pebble allocation at that memory, and how many times the policy's cost is the optimum's.
     */
    public static final List<String> PROGRESSIVE_CASE_COLUMNS = List.of("progressive_filter_bits",
            "progressive_unread_filter_bits", "progressive_cost", "progressive_optimum_cost", "progressive_loss",
            "progressive_tables_known");

    /**
     * Columns appended last to {@code cases.csv}, after the progressive ones, when some case has an engine's own
     * setting as an anchor ({@link EngineAnchors}): Pebble's binary-fuse progressive policy, RocksDB's
     * {@code ribbonfilter:B:0} hybrid, RocksDB's {@code bloomfilter:B} and Pebble's {@code bloom(b)} at every level,
     * each with its filter memory, its cost on its engine's read path, the optimum's cost at that memory and
     * granularity, and their ratio ({@code _loss}); empty where the anchor does not apply.
     */
    public static final List<String> ANCHOR_CASE_COLUMNS = List.of("progressive_fuse_filter_bits",
            "progressive_fuse_unread_filter_bits", "progressive_fuse_cost", "progressive_fuse_optimum_cost",
            "progressive_fuse_loss", "progressive_fuse_tables_known",
            "ribbon_hybrid_bits_per_key", "ribbon_hybrid_filter_bits", "ribbon_hybrid_cost",
            "ribbon_hybrid_optimum_cost", "ribbon_hybrid_loss",
            "rocksdb_uniform_bits_per_key", "rocksdb_uniform_filter_bits", "rocksdb_uniform_cost",
            "rocksdb_uniform_optimum_cost", "rocksdb_uniform_loss",
            "pebble_uniform_bits_per_key", "pebble_uniform_filter_bits", "pebble_uniform_unread_filter_bits",
            "pebble_uniform_cost", "pebble_uniform_optimum_cost", "pebble_uniform_loss");

    /**
     * Every column {@code rows.csv} can have: the base, deployable, current, robust, robust deployable,
     * deployable type and robust deployable type columns, in that order.
     */
    public static final List<String> ALL_ROW_COLUMNS = columns(ROW_COLUMNS, DEPLOYABLE_ROW_COLUMNS, CURRENT_ROW_COLUMNS,
            ROBUST_ROW_COLUMNS, ROBUST_DEPLOYABLE_ROW_COLUMNS, DEPLOYABLE_TYPE_ROW_COLUMNS,
            ROBUST_DEPLOYABLE_TYPE_ROW_COLUMNS);

    /** Every column {@code cases.csv} can have, in order. */
    public static final List<String> ALL_CASE_COLUMNS = columns(CASE_COLUMNS, DEPLOYABLE_CASE_COLUMNS,
            CURRENT_CASE_COLUMNS, ROBUST_CASE_COLUMNS, ROBUST_DEPLOYABLE_CASE_COLUMNS, DEPLOYABLE_TYPE_CASE_COLUMNS,
            ROBUST_DEPLOYABLE_TYPE_CASE_COLUMNS, PROGRESSIVE_CASE_COLUMNS, ANCHOR_CASE_COLUMNS);

    /** Key columns of each table, for regression comparison. */
    public static final List<String> ROW_KEY = List.of("case_id", "run");
    /** Columns of rows.csv that hold text, not numbers. */
    public static final Set<String> TEXT_COLUMNS = Set.of("case_id", "run_name", "deployable_setting",
            "robust_deployable_setting", "deployable_family", "deployable_parameters", "robust_deployable_family");
    public static final List<String> CASE_KEY = List.of("case_id");

    /** cases.csv's columns that an engine family's rate prices (the deployable and current allocations). */
    public static final List<String> RATE_CASE_COLUMNS = List.of("deployable_R", "deployable_cost",
            "deployable_bits", "engine_bound_cost", "deployable_over_bound", "current_R", "current_cost",
            "deployable_bloom_before_level");

    /** cases.csv's columns that Pebble's Bloom rate prices, whatever the case's engine. */
    public static final List<String> PEBBLE_RATE_CASE_COLUMNS = List.of("progressive_cost", "progressive_optimum_cost",
            "progressive_loss", "progressive_fuse_cost", "progressive_fuse_optimum_cost", "progressive_fuse_loss",
            "pebble_uniform_cost", "pebble_uniform_optimum_cost", "pebble_uniform_loss");

    /** rows.csv's columns that an engine family's rate prices. */
    public static final List<String> RATE_ROW_COLUMNS = List.of("deployable_setting", "deployable_bits_per_entry",
            "deployable_fpr", "deployable_filter_bits", "current_fpr", "deployable_family", "deployable_parameters");

    private AllocationTables() {
    }

    /** {@code rows.csv} for results already sorted by case id. */
    public static String rows(List<CaseResult> results) {
        StringBuilder out = new StringBuilder();
        writeRows(results, out);
        return out.toString();
    }

    /** {@code cases.csv} for results already sorted by case id. */
    public static String cases(List<CaseResult> results) {
        StringBuilder out = new StringBuilder();
        writeCases(results, out);
        return out.toString();
    }

    /** Writes {@code rows.csv} row by row to {@code out}. */
    public static void writeRows(List<CaseResult> results, Appendable out) {
        writeRows(results, out, rows -> { });
    }

    /** As {@link #writeRows(List, Appendable)}, telling {@code rowsWritten} the count every 65,536 rows. */
    public static void writeRows(List<CaseResult> results, Appendable out, LongConsumer rowsWritten) {
        long written = 0;
        boolean deployable = hasDeployable(results);
        boolean current = hasCurrent(results);
        boolean robust = hasRobust(results);
        boolean robustDeployable = hasRobustDeployable(results);
        Csv csv = new Csv(out).row(columns(ROW_COLUMNS, deployable ? DEPLOYABLE_ROW_COLUMNS : List.of(),
                current ? CURRENT_ROW_COLUMNS : List.of(), robust ? ROBUST_ROW_COLUMNS : List.of(),
                robustDeployable ? ROBUST_DEPLOYABLE_ROW_COLUMNS : List.of(),
                deployable ? DEPLOYABLE_TYPE_ROW_COLUMNS : List.of(),
                robustDeployable ? ROBUST_DEPLOYABLE_TYPE_ROW_COLUMNS : List.of()));
        for (CaseResult result : results) {
            List<Run> runs = result.lsmCase().runs();
            double totalEntries = result.lsmCase().totalEntries().doubleValue();
            // the uniform columns are one number per case: printed once (a million-run case prints
            // ten million numbers otherwise)
            String uniformBitsText = runs.isEmpty() ? "" : Numbers.format(result.uniform().bitsPerEntry(0));
            String uniformFprText = runs.isEmpty() ? "" : Numbers.format(result.uniform().fpr(0));
            for (int i = 0; i < runs.size(); i++) {
                Run run = runs.get(i);
                double uniformBits = result.uniform().bitsPerEntry(i);
                double optimizedBits = result.optimized().bitsPerEntry(i);
                csv.text(result.lsmCase().id())
                        .integer(i + 1)
                        .text(run.name() == null ? "" : run.name())
                        .integer(run.entries())
                        .number(run.entries() / totalEntries)
                        .text(uniformBits == result.uniform().bitsPerEntry(0) ? uniformBitsText
                                : Numbers.format(uniformBits))
                        .text(result.uniform().fpr(i) == result.uniform().fpr(0) ? uniformFprText
                                : Numbers.format(result.uniform().fpr(i)))
                        .number(optimizedBits)
                        .number(result.optimized().fpr(i))
                        .number(uniformBits * run.entries())
                        .number(optimizedBits * run.entries())
                        .number(result.optimized().fpr(i) / result.uniform().fpr(i))
                        .text(run.level() == null ? "" : Integer.toString(run.level()))
                        .text(result.weights().reach(i) == 1.0 ? "1" : Numbers.format(result.weights().reach(i)));
                if (deployable) {
                    Deployable d = result.deployable();
                    if (d == null) {
                        csv.text("").text("").text("").text("");
                    } else {
                        csv.text(d.setting(i).knob())
                            .number(d.filterBits(i) / run.entries())
                                .number(d.fpr(i))
                                .number(d.filterBits(i));
                    }
                }
                if (current) {
                    if (result.current() == null) {
                        csv.text("").text("");
                    } else {
                        csv.number(result.current().bitsPerEntry(i)).number(result.current().fpr(i));
                    }
                }
                if (robust) {
                    if (result.robust() == null) {
                        csv.text("").text("");
                    } else {
                        csv.number(result.robust().allocation().bitsPerEntry(i))
                                .number(result.robust().allocation().fpr(i));
                    }
                }
                if (robustDeployable) {
                    RobustDeployable r = result.robustDeployable();
                    if (r == null) {
                        csv.text("").text("").text("");
                    } else {
                        csv.text(r.setting(i).knob()).number(r.filterBits(i) / run.entries()).number(r.fpr(i));
                    }
                }
                if (deployable) {
                    Deployable d = result.deployable();
                    if (d == null) {
                        csv.text("").text("");
                    } else {
                        csv.text(d.family(i).name()).text(d.setting(i).parametersText());
                    }
                }
                if (robustDeployable) {
                    RobustDeployable r = result.robustDeployable();
                    csv.text(r == null ? "" : r.family(i).name());
                }
                csv.end();
                if ((++written & 0xFFFF) == 0) {
                    rowsWritten.accept(written);
                }
            }
        }
    }

    /** Writes {@code cases.csv} to {@code out}. */
    public static void writeCases(List<CaseResult> results, Appendable out) {
        boolean deployable = hasDeployable(results);
        boolean current = hasCurrent(results);
        boolean robust = hasRobust(results);
        boolean robustDeployable = hasRobustDeployable(results);
        boolean progressive = results.stream().anyMatch(r -> r.progressive() != null);
        boolean anchors = results.stream().anyMatch(r -> !r.anchors().equals(EngineAnchors.NONE));
        Csv csv = new Csv(out).row(columns(CASE_COLUMNS, deployable ? DEPLOYABLE_CASE_COLUMNS : List.of(),
                current ? CURRENT_CASE_COLUMNS : List.of(), robust ? ROBUST_CASE_COLUMNS : List.of(),
                robustDeployable ? ROBUST_DEPLOYABLE_CASE_COLUMNS : List.of(),
                deployable ? DEPLOYABLE_TYPE_CASE_COLUMNS : List.of(),
                robustDeployable ? ROBUST_DEPLOYABLE_TYPE_CASE_COLUMNS : List.of(),
                progressive ? PROGRESSIVE_CASE_COLUMNS : List.of(), anchors ? ANCHOR_CASE_COLUMNS : List.of()));
        for (CaseResult result : results) {
            double t = result.solution().threshold();
            List<String> cells = new java.util.ArrayList<>(List.of(result.lsmCase().id(),
                    Integer.toString(result.lsmCase().runs().size()),
                    result.lsmCase().totalEntries().toString(),
                    Numbers.format(result.budgetBits()),
                    Double.isNaN(t) ? "" : Numbers.format(t),
                    Numbers.format(result.uniform().expectedProbes()),
                    Numbers.format(result.optimized().expectedProbes()),
                    Numbers.format(result.improvement()),
                    Integer.toString(result.optimized().zeroBitRuns()),
                    Numbers.format(result.budgetBits() / result.lsmCase().totalEntries().doubleValue()),
                    result.lsmCase().budget().field(),
                    result.lsmCase().workload().source(),
                    result.lsmCase().workload() instanceof Workload.ZeroResultShare z ? Numbers.format(z.share()) : "",
                    Numbers.format(result.uniformCost()),
                    Numbers.format(result.optimizedCost()),
                    Numbers.format(result.costImprovement())));
            if (deployable && result.deployable() == null) {
                cells.addAll(java.util.Collections.nCopies(DEPLOYABLE_CASE_COLUMNS.size(), ""));
            } else if (deployable) {
                Deployable d = result.deployable();
                cells.add(d.engine().label());
                cells.add(Numbers.format(d.expectedProbes()));
                cells.add(Numbers.format(result.deployableCost()));
                cells.add(Numbers.format(d.usedBits()));
                cells.add(Numbers.format(result.engineBoundCost()));
                cells.add(Numbers.format(result.deployableOverBound()));
            }
            if (current) {
                cells.add(result.current() == null ? "" : Numbers.format(result.current().expectedProbes()));
                cells.add(result.current() == null ? "" : Numbers.format(result.currentCost()));
            }
            if (robust) {
                cells.addAll(robustCells(result));
            }
            if (robustDeployable) {
                cells.addAll(robustDeployableCells(result));
            }
            if (deployable) {
                Deployable d = result.deployable();
                cells.add(d == null || Double.isNaN(d.buildNanosPerEntry()) ? ""
                        : Numbers.format(d.buildNanosPerEntry()));
                cells.add(d == null || d.bloomBeforeLevel() == null ? "" : Integer.toString(d.bloomBeforeLevel()));
            }
            if (robustDeployable) {
                RobustDeployable r = result.robustDeployable();
                cells.add(r == null || r.bloomBeforeLevel() == null ? "" : Integer.toString(r.bloomBeforeLevel()));
            }
            if (progressive) {
                cells.addAll(progressiveCells(result));
            }
            if (anchors) {
                cells.addAll(anchorCells(result));
            }
            csv.row(cells);
        }
    }

    /** The {@link #PROGRESSIVE_CASE_COLUMNS} of one case, empty when Pebble's levels cannot hold it. */
    private static List<String> progressiveCells(CaseResult result) {
        return pebblePolicyCells(result, result.progressive());
    }

    /** A Pebble per-level policy's six cells (progressive or progressive_fuse), empty where it does not apply. */
    private static List<String> pebblePolicyCells(CaseResult result, ProgressivePolicy.Anchor a) {
        if (a == null) {
            return java.util.Collections.nCopies(PROGRESSIVE_CASE_COLUMNS.size(), "");
        }
        double cost = result.anchorCost(a.weightedFpr());
        double optimum = result.anchorCost(a.optimumWeightedFpr());
        return List.of(Numbers.format(a.filterBits()), Numbers.format(a.unreadBits()), Numbers.format(cost),
                Numbers.format(optimum), Numbers.format(cost / optimum), Boolean.toString(a.tablesKnown()));
    }

    /** The {@link #ANCHOR_CASE_COLUMNS} of one case. */
    private static List<String> anchorCells(CaseResult result) {
        EngineAnchors a = result.anchors();
        List<String> cells = new java.util.ArrayList<>(pebblePolicyCells(result, a.progressiveFuse()));
        cells.addAll(pricedCells(result, a.ribbonHybrid(), false));
        cells.addAll(pricedCells(result, a.rocksdbUniform(), false));
        cells.addAll(pricedCells(result, a.pebbleUniform(), true));
        return cells;
    }

    /** One tree-wide setting's cells: bits per key, filter bits, (unread bits,) cost, optimum's cost, ratio. */
    private static List<String> pricedCells(CaseResult result, EngineAnchors.Priced p, boolean withUnread) {
        int size = withUnread ? 6 : 5;
        if (p == null) {
            return java.util.Collections.nCopies(size, "");
        }
        double cost = result.anchorCost(p.weightedFpr());
        double optimum = result.anchorCost(p.optimumWeightedFpr());
        List<String> cells = new java.util.ArrayList<>(List.of(Numbers.format(p.bitsPerKey()),
                Numbers.format(p.filterBits())));
        if (withUnread) {
            cells.add(Numbers.format(p.unreadBits()));
        }
        cells.addAll(List.of(Numbers.format(cost), Numbers.format(optimum), Numbers.format(cost / optimum)));
        return cells;
    }

    /** The {@link #ROBUST_CASE_COLUMNS} of one case, empty when its share is known. */
    private static List<String> robustCells(CaseResult result) {
        Robust r = result.robust();
        if (r == null) {
            return java.util.Collections.nCopies(ROBUST_CASE_COLUMNS.size(), "");
        }
        String radius = result.lsmCase().workload() instanceof Workload.ZeroResultShare z
                && z.uncertainty() instanceof Workload.KlRadius kl ? Numbers.format(kl.radius()) : "";
        return List.of(Numbers.format(r.interval().low()), Numbers.format(r.interval().high()), radius,
                Numbers.format(result.uniformWorstRegret()), Numbers.format(result.optimizedWorstRegret()),
                Numbers.format(r.worstRegret()), Numbers.format(r.costLow()), Numbers.format(r.costHigh()),
                Numbers.format(r.share()));
    }

    /** The {@link #ROBUST_DEPLOYABLE_CASE_COLUMNS} of one case, empty without a robust deployable allocation. */
    private static List<String> robustDeployableCells(CaseResult result) {
        RobustDeployable r = result.robustDeployable();
        if (r == null) {
            return java.util.Collections.nCopies(ROBUST_DEPLOYABLE_CASE_COLUMNS.size(), "");
        }
        return List.of(Numbers.format(result.deployableWorstRegret()), Numbers.format(r.worstRegret()),
                Numbers.format(r.costLow()), Numbers.format(r.costHigh()), Numbers.format(r.usedBits()));
    }

    /** True if any case has a robust allocation (an uncertain zero-result share). */
    static boolean hasRobust(List<CaseResult> results) {
        return results.stream().anyMatch(r -> r.robust() != null);
    }

    /** True if any case has a robust deployable allocation. */
    static boolean hasRobustDeployable(List<CaseResult> results) {
        return results.stream().anyMatch(r -> r.robustDeployable() != null);
    }

    /** True if any case has a deployable allocation (all do under --engine-granularity). */
    static boolean hasDeployable(List<CaseResult> results) {
        return results.stream().anyMatch(r -> r.deployable() != null);
    }

    /** True if any case gives its runs' current bits. */
    static boolean hasCurrent(List<CaseResult> results) {
        return results.stream().anyMatch(r -> r.current() != null);
    }

    /** The base columns, then each group appended in turn, never reordered. */
    @SafeVarargs
    private static List<String> columns(List<String> base, List<String>... groups) {
        List<String> all = new java.util.ArrayList<>(base);
        for (List<String> group : groups) {
            all.addAll(group);
        }
        return List.copyOf(all);
    }
}
