package org.monkeyeval.confirm;

import java.util.List;

import org.monkeyeval.alloc.LookupWeights;
import org.monkeyeval.filter.Predictions;

/**
 * The runs of one case under one allocation and layout, and their sum: the measured R.
 *
 * @param caseId     case id
 * @param allocation "uniform" or "optimized"
 * @param layout     filter layout label ({@link Layout#label()}, or {@code rocksdb-engine})
 * @param queries    Q
 * @param runs       one count per run, in case-file order
 * @param weights    the lookups that reach each run (a_i, v), for the weighted cost
 */
public record CaseCount(String caseId, String allocation, String layout, long queries, List<RunCount> runs,
                        LookupWeights weights) {

    /** z for a two-sided 95% normal interval. */
    private static final double Z95 = 1.959963984540054;

    public CaseCount {
        runs = List.copyOf(runs);
        if (weights.reach().length != runs.size()) {
            throw new IllegalArgumentException(runs.size() + " runs but " + weights.reach().length + " weights");
        }
    }

    /** A case whose lookups are all for absent keys (every a_i = 1). */
    public CaseCount(String caseId, String allocation, String layout, long queries, List<RunCount> runs) {
        this(caseId, allocation, layout, queries, runs, allAbsent(runs.size()));
    }

    private static LookupWeights allAbsent(int runs) {
        double[] reach = new double[runs];
        java.util.Arrays.fill(reach, 1.0);
        return new LookupWeights(reach, 0.0);
    }

    /**
     * Measured weighted cost: sum a_i * (reads of run i per query) + v, the reads of a run being its
     * false positives (every query when it has no filter). The absent-key queries measure each run's
     * rate; the weights carry it to the workload (see {@link LookupWeights}).
     */
    public double measuredCost() {
        if (weights.allAbsent()) {
            return measuredR(); // a_i = 1, v = 0: the same number, not a differently rounded sum
        }
        double[] rate = new double[runs.size()];
        for (int i = 0; i < rate.length; i++) {
            rate[i] = (double) runs.get(i).probes() / queries;
        }
        return weights.cost(rate);
    }

    /** Model weighted cost: sum a_i e^(-c b_i) + v. */
    public double modelCost() {
        if (weights.allAbsent()) {
            return modelR();
        }
        return weights.cost(runs.stream().mapToDouble(RunCount::modelFpr).toArray());
    }

    /** Predicted weighted cost: sum a_i * (the layout's finite prediction) + v. */
    public double predictedCost() {
        if (weights.allAbsent()) {
            return predictedR();
        }
        return weights.cost(runs.stream().mapToDouble(RunCount::predictedFpr).toArray());
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
