package org.monkeyeval.alloc;

/**
 * A case whose deployable allocation cannot be found within the solver's limits (too many groups times
 * settings to tabulate, or more search nodes than its budget). Names the case and the engine.
 */
public final class DeployableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DeployableException(String message, Throwable cause) {
        super(message, cause);
    }
}
