package org.monkeyeval.stats;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The mean of n non-negative integer counts (one per trial, e.g. the data blocks one lookup read) with
 * a two-sided confidence interval, from the counts' sum and sum of squares.
 *
 * <pre>
 *   mean  = S1 / n
 *   s^2   = (S2 - S1^2 / n) / (n - 1)                 sample variance of the counts
 *   sum &gt; 0:  mean -/+ z(1 - alpha/2) * s / sqrt(n)   lower end at least 0
 *   sum = 0:  [0, -ln(alpha/2) / n]                   exact Poisson upper bound for a zero count
 * </pre>
 *
 * <p>The normal interval is the central-limit one for the mean of i.i.d. counts: it needs only their
 * variance, which the counts carry, so a lookup reading two blocks is weighed as such (a binomial
 * interval would not). It is asked of tens of thousands of trials here, where the normal
 * approximation of the mean is good. At a zero sum the sample variance is 0 and the normal interval
 * collapses to a point; the Poisson bound used instead is the one the counts' total would have if it
 * were Poisson: P(0 | mu) = e^-mu = alpha/2 gives mu = -ln(alpha/2), 3.69 at 95% (the "rule of three"
 * with its two-sided constant).
 *
 * <p>Sums are exact in {@code long}: n counts of at most a few dozen blocks each.
 */
public final class MeanInterval {

    private final long trials;
    private final long sum;
    private final long sumOfSquares;
    private final double confidence;
    private final double lower;
    private final double upper;

    private MeanInterval(long trials, long sum, long sumOfSquares, double confidence, double lower, double upper) {
        this.trials = trials;
        this.sum = sum;
        this.sumOfSquares = sumOfSquares;
        this.confidence = confidence;
        this.lower = lower;
        this.upper = upper;
    }

    /** The 95% interval of the mean of {@code trials} counts whose sum and sum of squares are given. */
    public static MeanInterval of(long trials, long sum, long sumOfSquares) {
        return of(trials, sum, sumOfSquares, BinomialInterval.DEFAULT_CONFIDENCE);
    }

    /**
     * @param trials       n, at least 2
     * @param sum          S1 = sum of the counts, at least 0
     * @param sumOfSquares S2 = sum of the counts' squares, at least S1 (counts are integers) and at most S1^2
     * @param confidence   in (0, 1)
     */
    public static MeanInterval of(long trials, long sum, long sumOfSquares, double confidence) {
        if (trials < 2) {
            throw new IllegalArgumentException("trials (" + trials + ") must be >= 2");
        }
        if (sum < 0) {
            throw new IllegalArgumentException("sum (" + sum + ") must be >= 0");
        }
        if (sumOfSquares < sum || (double) sumOfSquares > (double) sum * sum) {
            throw new IllegalArgumentException("sum of squares (" + sumOfSquares + ") must lie in [sum, sum^2] = ["
                    + sum + ", " + (double) sum * sum + "] for integer counts");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence (" + confidence + ") must be in (0, 1)");
        }
        double alpha = 1 - confidence;
        double n = trials;
        double mean = sum / n;
        if (sum == 0) {
            return new MeanInterval(trials, sum, sumOfSquares, confidence, 0.0, -Math.log(alpha / 2) / n);
        }
        double variance = Math.max(0.0, (sumOfSquares - (double) sum * sum / n) / (n - 1));
        double z = new NormalDistribution(0, 1).inverseCumulativeProbability(1 - alpha / 2);
        double half = z * Math.sqrt(variance / n);
        return new MeanInterval(trials, sum, sumOfSquares, confidence, Math.max(0.0, mean - half), mean + half);
    }

    public long trials() {
        return trials;
    }

    public long sum() {
        return sum;
    }

    public long sumOfSquares() {
        return sumOfSquares;
    }

    public double confidence() {
        return confidence;
    }

    /** S1 / n. */
    public double mean() {
        return sum / (double) trials;
    }

    public double lower() {
        return lower;
    }

    public double upper() {
        return upper;
    }
}
