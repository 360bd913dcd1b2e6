package org.monkeyeval.alloc;

import org.monkeyeval.model.Workload;

/**
 * The interval [low, high] of zero-result shares z a case's allocation is judged over: the range the
 * case gives, the z' within a Kullback-Leibler radius of the nominal z, or z alone when it is known.
 *
 * <pre>
 * Two outcomes (absent key, found key) with probabilities (z', 1 - z') against the nominal (z, 1 - z):
 *   KL(z' || z) = z' ln(z'/z) + (1 - z') ln((1 - z')/(1 - z))      (nats; 0 ln 0 = 0)
 * convex in z', 0 at z' = z, rising on each side (its derivative ln(z'/z) - ln((1-z')/(1-z)) has the
 * sign of z' - z), so {z' : KL(z' || z) &lt;= rho} is an interval:
 *   low  = 0 if KL(0 || z) = -ln(1 - z) &lt;= rho, else the root of KL(z' || z) = rho in (0, z)
 *   high = 1 if KL(1 || z) = -ln z      &lt;= rho, else the root of KL(z' || z) = rho in (z, 1)
 * </pre>
 *
 * Each root is found by bisection until its bracket is two adjacent doubles, and the end kept is the
 * one inside the region (KL &lt;= rho): the interval is the widest one of doubles the radius holds, as
 * far as KL itself is computed to the last bit. Endure (Huynh, Chaudhari, Terzi, Athanassoulis,
 * PVLDB 15(8), 2022) bounds workload uncertainty by the same divergence over its mix of query kinds
 * (the workloads within KL divergence rho of the expected one); here the mix has two kinds.
 *
 * @param low  in [0, 1]
 * @param high in [low, 1]
 */
public record ShareInterval(double low, double high) {

    /** Cap on bisection steps per end; adjacent doubles are reached long before (at most ~1075 below 1). */
    static final int MAX_BISECTIONS = 2200;

    public ShareInterval {
        if (!(low >= 0.0 && low <= high && high <= 1.0)) {
            throw new IllegalArgumentException("share interval [" + low + ", " + high
                    + "] must satisfy 0 <= low <= high <= 1");
        }
    }

    /** Whether the interval is one point. */
    public boolean point() {
        return low == high;
    }

    /** The interval of a workload: its range, its KL radius's interval, or [z, z]. */
    public static ShareInterval of(Workload.ZeroResultShare workload) {
        if (workload.uncertainty() instanceof Workload.ShareRange range) {
            return new ShareInterval(range.low(), range.high());
        }
        if (workload.uncertainty() instanceof Workload.KlRadius kl) {
            return ofKlRadius(workload.share(), kl.radius());
        }
        return new ShareInterval(workload.share(), workload.share());
    }

    /**
     * {z' : KL(z' || z) &lt;= rho} (see the class comment).
     *
     * @param share  z in [0, 1]
     * @param radius rho, finite and {@code >= 0}
     */
    public static ShareInterval ofKlRadius(double share, double radius) {
        if (!(share >= 0.0 && share <= 1.0)) {
            throw new IllegalArgumentException("share (" + share + ") must be in [0, 1]");
        }
        if (!(radius >= 0.0) || Double.isInfinite(radius)) {
            throw new IllegalArgumentException("radius (" + radius + ") must be finite and >= 0");
        }
        if (radius == 0.0 || share == 0.0 || share == 1.0) {
            // KL(z' || 0) and KL(z' || 1) are infinite for every z' other than z itself
            return new ShareInterval(share, share);
        }
        return new ShareInterval(end(share, radius, 0.0), end(share, radius, 1.0));
    }

    /**
     * KL((z', 1 - z') || (z, 1 - z)) in nats, with 0 ln 0 = 0; +infinity where z' puts weight on an
     * outcome z gives none.
     */
    public static double divergence(double other, double share) {
        return term(other, share) + term(1.0 - other, 1.0 - share);
    }

    /** p ln(p / q), 0 for p = 0, +infinity for p &gt; 0 = q. */
    private static double term(double p, double q) {
        if (p == 0.0) {
            return 0.0;
        }
        if (q == 0.0) {
            return Double.POSITIVE_INFINITY;
        }
        return p * Math.log(p / q);
    }

    /** The end of the region towards {@code limit} (0 or 1): the limit itself when it is inside. */
    private static double end(double share, double radius, double limit) {
        if (divergence(limit, share) <= radius) {
            return limit;
        }
        double inside = share;   // KL = 0 <= rho
        double outside = limit;  // KL > rho
        for (int step = 0; step < MAX_BISECTIONS; step++) {
            double mid = inside + (outside - inside) / 2;
            if (mid == inside || mid == outside) {
                return inside;
            }
            if (divergence(mid, share) <= radius) {
                inside = mid;
            } else {
                outside = mid;
            }
        }
        throw new IllegalStateException("KL interval end did not converge: share " + share + ", radius " + radius
                + ", bracket [" + inside + ", " + outside + "]");
    }
}
