package org.monkeyeval.report;

import java.util.List;
import java.util.function.LongConsumer;
import java.util.Set;

import org.monkeyeval.alloc.CaseResult;
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

    /** Key columns of each table, for regression comparison. */
    public static final List<String> ROW_KEY = List.of("case_id", "run");
    /** Columns of rows.csv that hold text, not numbers. */
    public static final Set<String> TEXT_COLUMNS = Set.of("case_id", "run_name");
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
        Csv csv = new Csv(out).row(ROW_COLUMNS);
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
                        .text(result.weights().reach(i) == 1.0 ? "1" : Numbers.format(result.weights().reach(i)))
                        .end();
                if ((++written & 0xFFFF) == 0) {
                    rowsWritten.accept(written);
                }
            }
        }
    }

    /** Writes {@code cases.csv} to {@code out}. */
    public static void writeCases(List<CaseResult> results, Appendable out) {
        Csv csv = new Csv(out).row(CASE_COLUMNS);
        for (CaseResult result : results) {
            double t = result.solution().threshold();
            csv.row(result.lsmCase().id(),
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
                    Numbers.format(result.costImprovement()));
        }
    }
}
