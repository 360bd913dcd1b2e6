package org.monkeyeval.filter;

/**
 * Finite-filter predictions beyond the per-layout formulas: the exact line-load mixture of a
 * cache-local filter, and the filter-to-filter (build) variance of a filter's false-positive rate.
 *
 * <p>Why build variance: the formulas predict the FPR <em>averaged over filter builds</em>. One built
 * filter has one realized fill; its FPR differs from the average by a build-to-build spread that, for
 * small filters, dwarfs the query noise of a million queries (n = 10,000 keys in m = 5,000 bits
 * leave about 1,350 +- 21 bits unset). A z-score against the formula must carry both variances:
 * Var(x/Q) = p(1-p)/Q + Var_build(p).
 *
 * <p>Occupancy: throwing t balls into m bins, the number of empty bins Z has
 * E[Z] = m(1-1/m)^t and Var(Z) = m(m-1)(1-2/m)^t + m(1-1/m)^t - m^2(1-1/m)^(2t)
 * (classical occupancy; Johnson and Kotz, <i>Urn Models and Their Application</i>, 1977, ch. 3).
 * With FPR = f^k for the set fraction f = 1 - Z/m, the delta method gives
 * Var(p) = (k f^(k-1))^2 Var(Z) / m^2.
 */
public final class Predictions {

    /** Bits in one cache line of the cache-local layout. */
    public static final int LINE_BITS = 512;

    private Predictions() {
    }

    /** Mean and variance of one filter's FPR over builds. */
    public record Moments(double mean, double variance) {
    }

    /**
     * Standard Bloom filter with n keys, m bits, k probes per key, independent uniform probes:
     * mean (1 - (1-1/m)^(kn))^k and the build variance by the delta method.
     */
    public static Moments standard(long n, long m, int k) {
        return occupancy((double) k * n, m, k);
    }

    /**
     * Cache-local Bloom filter: n keys spread uniformly over L lines of 512 bits, k probes inside the
     * key's line: the built filter's mean rate and build variance, {@link LineOccupancy#moments}.
     */
    public static Moments cacheLocal(long n, long lines, int k) {
        return LineOccupancy.moments(n, lines, k);
    }

    /** FPR moments of one bit array of m bits after t probe throws, queried with k probes. */
    public static Moments occupancy(double throwsCount, double m, int k) {
        if (throwsCount == 0) {
            return new Moments(0.0, 0.0);
        }
        double logStay = Math.log1p(-1.0 / m);
        double stay = Math.exp(throwsCount * logStay);                    // (1-1/m)^t
        double stayTwo = m > 2 ? Math.exp(throwsCount * Math.log1p(-2.0 / m)) : 0.0; // (1-2/m)^t
        double emptyMean = m * stay;
        double emptyVariance = Math.max(0.0, m * (m - 1) * stayTwo + emptyMean - emptyMean * emptyMean);
        double setFraction = -Math.expm1(throwsCount * logStay);           // 1 - (1-1/m)^t, precise
        double fpr = Math.pow(setFraction, k);
        double slope = k * Math.pow(setFraction, k - 1);
        return new Moments(fpr, slope * slope * emptyVariance / (m * m));
    }

    /**
     * z of x false positives in Q queries against a predicted mean and build variance:
     * (x - Q p) / sqrt(Q p (1-p) + Q^2 Var_build). NaN when both variances are 0 and x = Q p;
     * infinite when they are 0 and x differs.
     */
    public static double zScore(long x, long queries, Moments predicted) {
        double p = predicted.mean();
        double variance = queries * p * (1 - p) + (double) queries * queries * predicted.variance();
        double diff = x - queries * p;
        if (variance == 0) {
            return diff == 0 ? 0.0 : Math.copySign(Double.POSITIVE_INFINITY, diff);
        }
        return diff / Math.sqrt(variance);
    }
}
