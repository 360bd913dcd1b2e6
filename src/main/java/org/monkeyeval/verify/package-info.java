/**
 * Regression checking: compares recomputed tables with published ones, byte for byte first and
 * then row by row with a numeric tolerance, and checks provenance checksums.
 */
package org.monkeyeval.verify;
