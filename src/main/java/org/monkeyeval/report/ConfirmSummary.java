package org.monkeyeval.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.monkeyeval.confirm.CaseCount;

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
        return SummaryTable.render(rows);
    }
}
