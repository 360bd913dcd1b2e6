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
        int lo = 0;
        int hi = sorted.length;
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
