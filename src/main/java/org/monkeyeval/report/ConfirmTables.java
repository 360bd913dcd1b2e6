package org.monkeyeval.report;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.monkeyeval.confirm.CaseCount;
import org.monkeyeval.confirm.ConfirmedAllocation;
import org.monkeyeval.confirm.RunCount;
import org.monkeyeval.stats.BinomialInterval;
import org.monkeyeval.text.Csv;
import org.monkeyeval.text.Numbers;

/** The confirmation tables: {@code confirm.csv} (one row per run) and {@code confirm-cases.csv}. */
public final class ConfirmTables {

    public static final String RUNS_FILE = "confirm.csv";
    public static final String CASES_FILE = "confirm-cases.csv";

    /**
     * Columns of {@code confirm.csv}; those up to {@code z_score} are a published contract, read by name.
     * {@code built_entries} (the keys the filter was built over: {@code entries}, or
     * {@code --max-filter-entries} for a larger run) sits beside {@code entries}.
     */
    public static final List<String> RUN_COLUMNS = List.of(
            "case_id", "allocation", "layout", "run", "entries", "built_entries", "bits_per_entry", "filter_bits",
            "hashes", "queries", "positives", "true_positives", "useful_negatives", "observed_fpr", "fpr_low",
            "fpr_high",
            "model_fpr", "predicted_fpr", "z_score",
            "probes", "cache_local_fpr", "poisson_mixture_fpr");

    /**
     * Columns of {@code confirm-cases.csv}; the first nine are a published contract. The costs weight
     * each run by the lookups that reach it: sum a_i * rate_i + v (without v for measured lookups).
     */
    public static final List<String> CASE_COLUMNS = List.of(
            "case_id", "allocation", "layout", "queries", "measured_R", "measured_R_low", "measured_R_high",
            "model_R", "predicted_R",
            "R_z_score", "measured_improvement", "model_improvement", "predicted_improvement",
            "measured_cost", "model_cost", "predicted_cost");

    public static final List<String> RUN_KEY = List.of("case_id", "allocation", "layout", "run");
    public static final List<String> CASE_KEY = List.of("case_id", "allocation", "layout");

    private ConfirmTables() {
    }

    /** {@code confirm.csv}. */
    public static String runs(List<CaseCount> counts) {
        Csv csv = new Csv().row(RUN_COLUMNS);
        for (CaseCount c : counts) {
            for (RunCount r : c.runs()) {
                csv.row(runFields(r));
            }
        }
        return csv.toString();
    }

    /** The {@link #RUN_COLUMNS} fields of one run, shared with the engine table. */
    static List<String> runFields(RunCount r) {
        BinomialInterval ci = r.interval();
        return List.of(r.caseId(), r.allocation(), r.layout(), Integer.toString(r.run()),
                Long.toString(r.entries()), Long.toString(r.builtEntries()), Numbers.format(r.bitsPerEntry()),
                Long.toString(r.filterBits()), Integer.toString(r.hashes()), Long.toString(r.queries()),
                Long.toString(r.positives()), Long.toString(r.truePositives()), Long.toString(r.usefulNegatives()),
                orEmpty(r.observedFpr()), ci == null ? "" : Numbers.format(ci.lower()),
                ci == null ? "" : Numbers.format(ci.upper()), Numbers.format(r.modelFpr()),
                Numbers.format(r.predictedFpr()), orEmpty(r.zScore()), Long.toString(r.probes()),
                orEmpty(r.cacheLocalFpr()), orEmpty(r.poissonFpr()));
    }

    /**
     * {@code confirm-cases.csv}, with uniform/optimized improvements on both rows of a layout (empty on
     * a deployable row).
     */
    public static String cases(List<CaseCount> counts) {
        Map<String, CaseCount> byKey = new HashMap<>();
        for (CaseCount c : counts) {
            byKey.put(c.caseId() + "|" + c.allocation() + "|" + c.layout(), c);
        }
        Csv csv = new Csv().row(CASE_COLUMNS);
        for (CaseCount c : counts) {
            CaseCount uniform = byKey.get(c.caseId() + "|uniform|" + c.layout());
            CaseCount optimized = byKey.get(c.caseId() + "|optimized|" + c.layout());
            // the improvements are the layout's uniform-to-optimized ratios: not the deployable allocation's
            boolean pair = uniform != null && optimized != null
                    && !c.allocation().equals(ConfirmedAllocation.DEPLOYABLE);
            csv.row(c.caseId(), c.allocation(), c.layout(), Long.toString(c.queries()),
                    Numbers.format(c.measuredR()), Numbers.format(c.measuredLow()), Numbers.format(c.measuredHigh()),
                    Numbers.format(c.modelR()), Numbers.format(c.predictedR()), orEmpty(c.zScore()),
                    pair ? ratio(uniform.measuredR(), optimized.measuredR()) : "",
                    pair ? ratio(uniform.modelR(), optimized.modelR()) : "",
                    pair ? ratio(uniform.predictedR(), optimized.predictedR()) : "",
                    Numbers.format(c.measuredCost()), Numbers.format(c.modelCost()),
                    Numbers.format(c.predictedCost()));
        }
        return csv.toString();
    }

    private static String ratio(double a, double b) {
        return b == 0 ? "" : Numbers.format(a / b);
    }

    static String orEmpty(double v) {
        return Double.isFinite(v) ? Numbers.format(v) : "";
    }
}
