package org.monkeyeval.confirm;

import java.util.List;

/**
 * The runs of one case under one allocation and layout, and their sum: the measured R.
 *
 * @param caseId     case id
 * @param allocation "uniform" or "optimized"
 * @param layout     filter layout label ({@link Layout#label()}, or {@code rocksdb-engine})
 * @param queries    Q
 * @param runs       one count per run, in case-file order
 */
public record CaseCount(String caseId, String allocation, String layout, long queries, List<RunCount> runs) {

    /** z for a two-sided 95% normal interval. */
    private static final double Z95 = 1.959963984540054;

    public CaseCount {
        runs = List.copyOf(runs);
    }

    /** Measured R: reads of all runs per query (bypassed runs count every query). */
    public double measuredR() {
        long probes = 0;
        for (RunCount r : runs) {
            probes += r.probes();
        }
        return (double) probes / queries;
    }

    /**
     * Standard error of the measured R, treating runs as independent binomials with the
     * Agresti-Coull adjusted rate (x + 2) / (Q + 4), which stays positive at zero false positives
     * (Agresti and Coull 1998). Bypassed runs contribute no variance.
     */
    public double measuredStandardError() {
        double variance = 0;
        for (RunCount r : runs) {
            if (r.filtered()) {
                double p = (r.falsePositives() + 2.0) / (queries + 4.0);
                variance += p * (1 - p) / queries;
            }
        }
        return Math.sqrt(variance);
    }

    /** Lower end of the 95% normal interval of R, never below the bypassed runs' certain reads. */
    public double measuredLow() {
        double floor = 0;
        for (RunCount r : runs) {
            if (!r.filtered()) {
                floor += 1;
            }
        }
        return Math.max(floor, measuredR() - Z95 * measuredStandardError());
    }

    /** Upper end of the 95% normal interval of R. */
    public double measuredHigh() {
        return measuredR() + Z95 * measuredStandardError();
    }

    /** Model R = sum e^(-c b_i). */
    public double modelR() {
        return runs.stream().mapToDouble(RunCount::modelFpr).sum();
    }

    /** Predicted R = sum of the layout's finite predictions (1 for a run without a filter). */
    public double predictedR() {
        return runs.stream().mapToDouble(RunCount::predictedFpr).sum();
    }

    /**
     * Standard error of R under the prediction: sqrt(sum (p(1-p)/Q + Var_build)) over filtered runs,
     * with each run's filter-to-filter build variance (see {@link Predictions}).
     */
    public double predictedStandardError() {
        double variance = 0;
        for (RunCount r : runs) {
            if (r.filtered()) {
                variance += r.predictedFpr() * (1 - r.predictedFpr()) / queries + r.buildVariance();
            }
        }
        return Math.sqrt(variance);
    }

    /** (measured R - predicted R) / predicted standard error; NaN when no run has a filter. */
    public double zScore() {
        double se = predictedStandardError();
        return se == 0 ? Double.NaN : (measuredR() - predictedR()) / se;
    }
}
