/**
 * The command line: thin picocli commands that parse options, delegate to the other packages and
 * map outcomes to the exit codes in {@link org.monkeyeval.cli.ExitCodes}.
 */
package org.monkeyeval.cli;
