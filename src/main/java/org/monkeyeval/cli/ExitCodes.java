package org.monkeyeval.cli;

/** Exit codes of every command. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** {@code verify} found a regression. */
    public static final int REGRESSION = 1;
    /** Bad command line. */
    public static final int USAGE = 2;
    /** Bad input files. */
    public static final int INVALID_INPUT = 3;
    /** A bug or an environment failure (disk full, solver failure). */
    public static final int INTERNAL = 4;

    private ExitCodes() {
    }
}
