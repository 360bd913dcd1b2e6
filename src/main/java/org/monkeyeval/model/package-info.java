/**
 * The case model: a named set of LSM-tree runs with their entry counts and one memory budget.
 * Plain immutable values with argument checks; no math beyond totals, no I/O.
 */
package org.monkeyeval.model;
