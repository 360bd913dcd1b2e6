package org.monkeyeval.stats;

import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * An exact (Clopper-Pearson) confidence interval for a binomial proportion x/n, valid at x = 0 and
 * x = n, and the z-score of x against a predicted proportion.
 *
 * <pre>
 *   alpha = 1 - confidence
 *   lower = Beta^-1(alpha/2;     x,     n - x + 1)      for 0 &lt; x
 *   upper = Beta^-1(1 - alpha/2; x + 1, n - x)          for x &lt; n
 *   x = 0:  lower = 0,  upper = 1 - (alpha/2)^(1/n)     (closed forms of the same quantiles)
 *   x = n:  upper = 1,  lower = (alpha/2)^(1/n)
 *   z = (x - n p) / sqrt(n p (1 - p))
 * </pre>
 *
 * <p>The interval is conservative: its coverage is at least the confidence level for every true p,
 * and it never leaves [0, 1] (unlike the normal-approximation interval, which collapses to a point at
 * x = 0, the case that matters when counting false positives of a good filter).
 *
 * <p>References: C. J. Clopper, E. S. Pearson. The Use of Confidence or Fiducial Limits Illustrated in
 * the Case of the Binomial. Biometrika 26(4), 1934, 404-413. The beta-quantile form is the standard
 * identity between binomial tails and the regularized incomplete beta function; quantiles come from
 * commons-math3's {@link BetaDistribution}.
 */
public final class BinomialInterval {

    /** The usual confidence level, 95%. */
    public static final double DEFAULT_CONFIDENCE = 0.95;

    /** Absolute accuracy asked of the beta inverse CDF (commons-math3's default, 1e-9, is too loose for p near 1e-6). */
    static final double INVERSE_CDF_ACCURACY = 1e-15;

    private final long successes;
    private final long trials;
    private final double confidence;
    private final double lower;
    private final double upper;

    private BinomialInterval(long successes, long trials, double confidence, double lower, double upper) {
        this.successes = successes;
        this.trials = trials;
        this.confidence = confidence;
        this.lower = lower;
        this.upper = upper;
    }

    /** The 95% Clopper-Pearson interval for x successes in n trials. */
    public static BinomialInterval clopperPearson(long successes, long trials) {
        return clopperPearson(successes, trials, DEFAULT_CONFIDENCE);
    }

    /**
     * The Clopper-Pearson interval for x successes in n trials at the given two-sided confidence.
     *
     * @param successes  x, in [0, n]
     * @param trials     n, {@code >= 1}
     * @param confidence in (0, 1), e.g. 0.95
     */
    public static BinomialInterval clopperPearson(long successes, long trials, double confidence) {
        if (trials < 1) {
            throw new IllegalArgumentException("trials (" + trials + ") must be >= 1");
        }
        if (successes < 0 || successes > trials) {
            throw new IllegalArgumentException("successes (" + successes + ") must be in [0, " + trials + "]");
        }
        if (!(confidence > 0.0 && confidence < 1.0)) {
            throw new IllegalArgumentException("confidence (" + confidence + ") must be in (0, 1)");
        }
        double halfAlpha = (1.0 - confidence) / 2.0;
        // ln(alpha/2) / n, shared by both closed-form edges
        double logEdge = Math.log(halfAlpha) / trials;
        double lower;
        double upper;
        if (successes == 0) {
            lower = 0.0;
        } else if (successes == trials) {
            lower = Math.exp(logEdge);
        } else {
            lower = betaQuantile(halfAlpha, successes, trials - successes + 1);
        }
        if (successes == trials) {
            upper = 1.0;
        } else if (successes == 0) {
            upper = -Math.expm1(logEdge);
        } else {
            upper = betaQuantile(1.0 - halfAlpha, successes + 1, trials - successes);
        }
        return new BinomialInterval(successes, trials, confidence, lower, upper);
    }

    /**
     * z = (x - n p) / sqrt(n p (1 - p)): how many binomial standard deviations x lies from its mean n p.
     *
     * <p>Convention when p is 0 or 1 (zero variance): 0 if x equals n p exactly (x = 0 for p = 0, x = n
     * for p = 1), otherwise positive or negative infinity with the sign of x - n p, since such an x
     * is impossible under p.
     *
     * @param p the predicted proportion, in [0, 1]
     */
    public static double zScore(long successes, long trials, double p) {
        if (trials < 1) {
            throw new IllegalArgumentException("trials (" + trials + ") must be >= 1");
        }
        if (successes < 0 || successes > trials) {
            throw new IllegalArgumentException("successes (" + successes + ") must be in [0, " + trials + "]");
        }
        if (!(p >= 0.0 && p <= 1.0)) {
            throw new IllegalArgumentException("p (" + p + ") must be in [0, 1]");
        }
        double deviation = successes - trials * p;
        if (p == 0.0 || p == 1.0) {
            // Exact comparison is intentional: with zero variance only the exact mean is consistent.
            if (deviation == 0.0) {
                return 0.0;
            }
            return deviation > 0.0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        }
        return deviation / Math.sqrt(trials * p * (1.0 - p));
    }

    private static double betaQuantile(double probability, double alpha, double beta) {
        // No random generator: the distribution is only used for its inverse CDF.
        return new BetaDistribution(null, alpha, beta, INVERSE_CDF_ACCURACY).inverseCumulativeProbability(probability);
    }

    /** True if p lies in [lower, upper]. */
    public boolean contains(double p) {
        return p >= lower && p <= upper;
    }

    /** The point estimate x / n. */
    public double proportion() {
        return (double) successes / trials;
    }

    /** x. */
    public long successes() {
        return successes;
    }

    /** n. */
    public long trials() {
        return trials;
    }

    /** The two-sided confidence level, e.g. 0.95. */
    public double confidence() {
        return confidence;
    }

    /** Lower end of the interval, in [0, 1]. */
    public double lower() {
        return lower;
    }

    /** Upper end of the interval, in [0, 1]. */
    public double upper() {
        return upper;
    }

    @Override
    public String toString() {
        return "BinomialInterval[x=" + successes + ", n=" + trials + ", confidence=" + confidence + ", lower="
                + lower + ", upper=" + upper + "]";
    }
}
