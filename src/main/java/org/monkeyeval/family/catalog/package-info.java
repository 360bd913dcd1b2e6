/**
 * Every family by name ({@link org.monkeyeval.family.catalog.Families}), the answer to "what does family F
 * build for n keys at b bits per key" ({@link org.monkeyeval.family.catalog.FamilyLookup}), and the
 * granularity at which each engine sets its filter, with the families that setting can build
 * ({@link org.monkeyeval.family.catalog.Engine}). The catalog stands above the engines' family packages,
 * which know nothing of it, so that the families and their list form no cycle.
 */
package org.monkeyeval.family.catalog;
