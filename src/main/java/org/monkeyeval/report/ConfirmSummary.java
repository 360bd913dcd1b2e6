package org.monkeyeval.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.monkeyeval.confirm.CaseCount;
import org.monkeyeval.confirm.RunCount;

/** Terminal summary of a confirmation: measured R beside the model's and the layout's prediction. */
public final class ConfirmSummary {

    private ConfirmSummary() {
    }

    public static String cases(List<CaseCount> counts) {
        List<Object[]> rows = new ArrayList<>();
        rows.add(new String[] {"case", "allocation", "layout", "queries", "measured R", "95% interval",
            "predicted R", "model R", "z"});
        for (CaseCount c : counts) {
            double z = c.zScore();
            rows.add(new Object[] {c.caseId(), c.allocation(), c.layout(), Long.toString(c.queries()),
                new SummaryTable.Num(c.measuredR()),
                new SummaryTable.Num("[%s, %s]", c.measuredLow(), c.measuredHigh()),
                new SummaryTable.Num(c.predictedR()), new SummaryTable.Num(c.modelR()),
                Double.isNaN(z) ? "" : String.format(Locale.ROOT, "%.2f", z)});
        }
        return SummaryTable.render(rows) + sampled(counts);
    }

    /** One line naming the runs built over fewer keys than they hold, or nothing when there are none. */
    static String sampled(List<CaseCount> counts) {
        Set<String> runs = new LinkedHashSet<>();
        for (CaseCount c : counts) {
            for (RunCount r : c.runs()) {
                if (r.sampled()) {
                    runs.add(c.caseId() + " run " + r.run() + " (" + r.entries() + " entries, built over "
                            + r.builtEntries() + ")");
                }
            }
        }
        return runs.isEmpty() ? "" : "\nfilters built over a sample of their run's keys (--max-filter-entries): "
                + String.join(", ", runs) + "\n";
    }
}
