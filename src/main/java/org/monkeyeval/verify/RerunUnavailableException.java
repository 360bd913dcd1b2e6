package org.monkeyeval.verify;

/**
 * A published part cannot be made again on this machine, whatever the input: its provenance records an
 * engine check and RocksDB's native library does not load here. The message names the provenance file
 * and what is missing, in one line.
 */
public final class RerunUnavailableException extends Exception {
    private static final long serialVersionUID = 1L;

    public RerunUnavailableException(String message) {
        super(message);
    }
}
