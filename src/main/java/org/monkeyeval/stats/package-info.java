/**
 * Small statistics for reporting measured rates honestly: an exact confidence interval for a
 * proportion that stays valid at zero or all successes ({@link org.monkeyeval.stats.BinomialInterval},
 * Clopper and Pearson 1934) and the z-score of a count against a predicted rate. Pure functions over
 * numbers; no I/O.
 */
package org.monkeyeval.stats;
