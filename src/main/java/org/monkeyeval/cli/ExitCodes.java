package org.monkeyeval.cli;

/** Exit codes of every command. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** {@code verify} found a regression. */
    public static final int REGRESSION = 1;
    /** Bad command line. */
    public static final int USAGE = 2;
    /** Bad input: a case file, or a path the user gave that cannot be read or written. */
    public static final int INVALID_INPUT = 3;
    /** A bug, or a failure of the environment the user cannot fix by a different input (solver, RocksDB). */
    public static final int INTERNAL = 4;

    private ExitCodes() {
    }
}
