package org.monkeyeval.alloc;

/**
 * The threshold search failed or its answer missed the budget. Carries the bracket and the
 * function values at its ends, as commons-math's bracketing failures do.
 */
public final class SolverException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final double low;
    private final double high;
    private final double valueAtLow;
    private final double valueAtHigh;

    public SolverException(String message, double low, double high, double valueAtLow, double valueAtHigh) {
        super(message + " (bracket [" + low + ", " + high + "], S-M = [" + valueAtLow + ", " + valueAtHigh + "])");
        this.low = low;
        this.high = high;
        this.valueAtLow = valueAtLow;
        this.valueAtHigh = valueAtHigh;
    }

    public double low() {
        return low;
    }

    public double high() {
        return high;
    }

    public double valueAtLow() {
        return valueAtLow;
    }

    public double valueAtHigh() {
        return valueAtHigh;
    }
}
