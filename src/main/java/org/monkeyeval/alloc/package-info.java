/**
 * The allocation math: Monkey's cost model for absent-key lookups and the bounded solver for its
 * Lagrange threshold. Numbers in, numbers out; no I/O.
 *
 * <p>Where to look: the formulas (c, p = e^(-c*b), b_i = max(0, (t - ln w_i)/c)) live in
 * {@link org.monkeyeval.alloc.MonkeyModel}; the threshold t is found by
 * {@link org.monkeyeval.alloc.ThresholdSolver}; {@link org.monkeyeval.alloc.CaseEvaluator} puts the
 * uniform baseline and the optimized allocation of one case side by side.
 *
 * <p>Reference: N. Dayan, M. Athanassoulis, S. Idreos. Monkey: Optimal Navigable Key-Value Store.
 * SIGMOD 2017, pp. 79-94, eq. 2 and section 4.1. DOI 10.1145/3035918.3064054.
 */
package org.monkeyeval.alloc;
