package org.monkeyeval.cli;

/** A command line that parses but makes no sense (exit code 2). */
final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
