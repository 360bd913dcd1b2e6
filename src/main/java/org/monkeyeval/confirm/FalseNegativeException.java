package org.monkeyeval.confirm;

/** A filter rejected a key it holds: the one error a Bloom filter must never make. */
public final class FalseNegativeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FalseNegativeException(String message) {
        super("false negative: " + message);
    }
}
