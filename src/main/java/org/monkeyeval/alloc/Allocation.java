package org.monkeyeval.alloc;

import java.util.Arrays;

/**
 * Bits per entry and ideal FPR for every run of a case, in case-file order, with R = sum p_i.
 * Arrays are copied on the way in and out.
 */
public final class Allocation {

    private final double[] bitsPerEntry;
    private final double[] fpr;
    private final double expectedProbes;

    private Allocation(double[] bitsPerEntry) {
        this.bitsPerEntry = bitsPerEntry.clone();
        this.fpr = new double[bitsPerEntry.length];
        for (int i = 0; i < fpr.length; i++) {
            fpr[i] = MonkeyModel.idealFpr(bitsPerEntry[i]);
        }
        this.expectedProbes = orderFreeSum(fpr);
    }

    private Allocation(double[] bitsPerEntry, double[] fpr) {
        if (fpr.length != bitsPerEntry.length) {
            throw new IllegalArgumentException("rates (" + fpr.length + ") and bits (" + bitsPerEntry.length
                    + ") must be given for the same runs");
        }
        this.bitsPerEntry = bitsPerEntry.clone();
        this.fpr = fpr.clone();
        this.expectedProbes = orderFreeSum(this.fpr);
    }

    /** An allocation whose rates are given (an engine's real filters), not read off the ideal curve. */
    public static Allocation of(double[] bitsPerEntry, double[] fpr) {
        return new Allocation(bitsPerEntry, fpr);
    }

    /** An allocation from per-run bits per entry. */
    public static Allocation of(double[] bitsPerEntry) {
        return new Allocation(bitsPerEntry);
    }

    /** The engines' default: every run gets b = M / N. */
    public static Allocation uniform(int runs, double budgetBits, double totalEntries) {
        double b = totalEntries > 0 ? budgetBits / totalEntries : 0.0;
        double[] bits = new double[runs];
        Arrays.fill(bits, b);
        return new Allocation(bits);
    }

    public int runs() {
        return bitsPerEntry.length;
    }

    public double bitsPerEntry(int run) {
        return bitsPerEntry[run];
    }

    public double fpr(int run) {
        return fpr[run];
    }

    public double[] bitsPerEntry() {
        return bitsPerEntry.clone();
    }

    /** p_i of every run (a copy). */
    public double[] fpr() {
        return fpr.clone();
    }

    /** R = sum p_i, the expected probes of one absent-key lookup. */
    public double expectedProbes() {
        return expectedProbes;
    }

    /** Runs with no filter (b = 0). */
    public int zeroBitRuns() {
        int zero = 0;
        for (double b : bitsPerEntry) {
            if (b == 0.0) {
                zero++;
            }
        }
        return zero;
    }

    /**
     * Sum in ascending order so the result does not depend on the order of the runs: permuting the
     * runs of a case gives the same bytes for R, not merely a close number.
     */
    static double orderFreeSum(double[] values) {
        double[] sorted = values;
        for (int i = 1; i < values.length; i++) {
            if (Double.compare(values[i - 1], values[i]) > 0) { // not yet ascending (uniform bits are)
                sorted = values.clone();
                Arrays.sort(sorted);
                break;
            }
        }
        double sum = 0.0;
        for (double v : sorted) {
            sum += v;
        }
        return sum;
    }
}
