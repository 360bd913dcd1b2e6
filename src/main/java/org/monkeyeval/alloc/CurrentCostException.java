package org.monkeyeval.alloc;

/**
 * A case whose current allocation cannot be priced honestly. Names the case, the run and the file.
 */
public final class CurrentCostException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CurrentCostException(String message) {
        super(message);
    }
}
