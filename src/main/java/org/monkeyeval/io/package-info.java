/**
 * The disk: reading and validating case files ({@link org.monkeyeval.io.CaseReader},
 * {@link org.monkeyeval.io.CaseFolder}, with file, field, line and column in every error), writing files and
 * output folders all-or-nothing ({@link org.monkeyeval.io.OutputFile}, {@link org.monkeyeval.io.OutputFolder}),
 * file-system failures in words ({@link org.monkeyeval.io.FileProblem}), and run facts such as the git commit
 * ({@link org.monkeyeval.io.RunInfo}). It stands on the case model, the families (to check the filters a
 * case names) and {@code text}; no allocation math and no document formatting live here, so the rooms that
 * read cases or write folders (the RocksDB adapter, report, verify, bundle, cli) may all use it.
 */
package org.monkeyeval.io;
