package org.monkeyeval.alloc;

/** Positions in an ascending array of doubles, by bisection (no NaN). */
final class Sorted {

    private Sorted() {
    }

    /** The first position whose value is at least {@code value}; the length where none is. */
    static int firstAtLeast(double[] sorted, double value) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The first position whose value is above {@code value}; the length where none is. */
    static int firstAbove(double[] sorted, double value) {
        return firstAbove(sorted, value, 0, sorted.length);
    }

    /**
     * {@link #firstAbove(double[], double)}, searched from position {@code near} (0 to the length): galloping away
     * from it (1, 2, 4, ... positions) until the answer is bracketed, then halving the bracket. The values are
     * ascending, so there is one such position and this is it, in O(log distance) look-ups where successive values
     * asked for lie near one another.
     */
    static int firstAboveNear(double[] sorted, double value, int near) {
        int n = sorted.length;
        int lo; // every position below lo holds a value at most value
        int hi; // the answer is at most hi
        if (near < n && sorted[near] <= value) {
            lo = near + 1;
            hi = lo;
            for (int step = 1; hi < n && sorted[hi] <= value; step <<= 1) {
                lo = hi + 1;
                hi = Math.min(n, hi + step);
            }
        } else {
            hi = near;
            lo = hi;
            for (int step = 1; lo > 0 && sorted[lo - 1] > value; step <<= 1) {
                hi = lo - 1;
                lo = Math.max(0, lo - step);
            }
        }
        return firstAbove(sorted, value, lo, hi);
    }

    /** The first position in [lo, hi] whose value is above {@code value}, given the answer lies there. */
    private static int firstAbove(double[] sorted, double value, int lo, int hi) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
