package org.monkeyeval.report;

import java.util.List;
import java.util.function.LongConsumer;
import java.util.Set;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.Deployable;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.Workload;

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
            "uniform_bits_per_entry", "uniform_fpr", "optimized_bits_per_entry", "optimized_fpr",
            "uniform_filter_bits", "optimized_filter_bits", "fpr_ratio",
            "level", "lookup_weight");

    /** Columns of {@code cases.csv}; appended to only, as for {@link #ROW_COLUMNS}. */
    public static final List<String> CASE_COLUMNS = List.of(
            "case_id", "runs", "total_entries", "budget_bits", "threshold_t",
            "uniform_R", "optimized_R", "improvement", "zero_bit_runs",
            "bits_per_entry", "budget_field",
            "workload", "zero_result_share", "uniform_cost", "optimized_cost", "cost_improvement");

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
            "engine_granularity", "deployable_R", "deployable_cost", "deployable_bits", "engine_optimized_cost",
            "rounding_loss");

    /** Columns appended to {@code rows.csv} when cases give each run's current bits (imported databases). */
    public static final List<String> CURRENT_ROW_COLUMNS = List.of("current_bits_per_entry", "current_fpr");

    /** Columns appended to {@code cases.csv} when cases give each run's current bits. */
    public static final List<String> CURRENT_CASE_COLUMNS = List.of("current_R", "current_cost");

    /** Every column {@code rows.csv} can have: the base, deployable and current columns, in that order. */
    public static final List<String> ALL_ROW_COLUMNS = columns(ROW_COLUMNS, DEPLOYABLE_ROW_COLUMNS, CURRENT_ROW_COLUMNS);

    /** Every column {@code cases.csv} can have, in order. */
    public static final List<String> ALL_CASE_COLUMNS = columns(CASE_COLUMNS, DEPLOYABLE_CASE_COLUMNS,
            CURRENT_CASE_COLUMNS);

    /** Key columns of each table, for regression comparison. */
    public static final List<String> ROW_KEY = List.of("case_id", "run");
    /** Columns of rows.csv that hold text, not numbers. */
    public static final Set<String> TEXT_COLUMNS = Set.of("case_id", "run_name", "deployable_setting");
    public static final List<String> CASE_KEY = List.of("case_id");

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
        Csv csv = new Csv(out).row(columns(ROW_COLUMNS, deployable ? DEPLOYABLE_ROW_COLUMNS : List.of(),
                current ? CURRENT_ROW_COLUMNS : List.of()));
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
        Csv csv = new Csv(out).row(columns(CASE_COLUMNS, deployable ? DEPLOYABLE_CASE_COLUMNS : List.of(),
                current ? CURRENT_CASE_COLUMNS : List.of()));
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
                cells.add(Numbers.format(result.engineOptimizedCost()));
                cells.add(Numbers.format(result.roundingLoss()));
            }
            if (current) {
                cells.add(result.current() == null ? "" : Numbers.format(result.current().expectedProbes()));
                cells.add(result.current() == null ? "" : Numbers.format(result.currentCost()));
            }
            csv.row(cells);
        }
    }

    /** True if any case has a deployable allocation (all do under --engine-granularity). */
    static boolean hasDeployable(List<CaseResult> results) {
        return results.stream().anyMatch(r -> r.deployable() != null);
    }

    /** True if any case gives its runs' current bits. */
    static boolean hasCurrent(List<CaseResult> results) {
        return results.stream().anyMatch(r -> r.current() != null);
    }

    /** The base columns, then the deployable ones, then the current ones: appended, never reordered. */
    private static List<String> columns(List<String> base, List<String> deployable, List<String> current) {
        List<String> all = new java.util.ArrayList<>(base);
        all.addAll(deployable);
        all.addAll(current);
        return List.copyOf(all);
    }
}
