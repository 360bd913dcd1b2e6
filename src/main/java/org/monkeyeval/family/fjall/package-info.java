/**
 * fjall's filter ({@link org.monkeyeval.family.fjall.FjallFamily}): one FilterPolicy entry per level, whole
 * bits per key. Pure functions, no I/O.
 */
package org.monkeyeval.family.fjall;
