package org.monkeyeval.cli;

/**
 * The machine cannot do what was asked, whatever the input (exit code 4), e.g. RocksDB's native
 * library does not load on this platform. The message says what is missing, in one line.
 */
final class EnvironmentException extends Exception {
    private static final long serialVersionUID = 1L;

    EnvironmentException(String message) {
        super(message);
    }
}
