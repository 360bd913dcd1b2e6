/**
 * The disk and the outside world: reading and validating case files (with file, field, line and
 * column in every error), writing output folders all-or-nothing, and run facts such as the git
 * commit. No allocation math and no document formatting live here.
 */
package org.monkeyeval.io;
