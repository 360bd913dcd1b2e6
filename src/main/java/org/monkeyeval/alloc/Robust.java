package org.monkeyeval.alloc;

/**
 * The robust (minimax-regret) allocation of a case whose zero-result share lies somewhere in an
 * interval: of all allocations of the budget, the one whose largest regret over the interval is least
 * (see {@link RobustSolver}).
 *
 * @param ends       the interval's ends, their weights and their optima
 * @param share      z*: the share whose weighted optimum this allocation is
 * @param allocation the allocation
 * @param solves     weighted solves it took (the two ends included)
 */
public record Robust(ShareEnds ends, double share, Allocation allocation, int solves) {

    /** [zL, zH]. */
    public ShareInterval interval() {
        return ends.interval();
    }

    /** cost(zL, b): expected run reads per lookup at the low end. */
    public double costLow() {
        return ends.low().cost(allocation);
    }

    /** cost(zH, b). */
    public double costHigh() {
        return ends.high().cost(allocation);
    }

    /** regret(zL, b). */
    public double regretLow() {
        return ends.regretLow(allocation);
    }

    /** regret(zH, b). */
    public double regretHigh() {
        return ends.regretHigh(allocation);
    }

    /** max over the interval of regret(z, b), the least any allocation of the budget reaches. */
    public double worstRegret() {
        return ends.worstRegret(allocation);
    }
}
