package org.monkeyeval.confirm;

/**
 * Receives progress of a long computation (a confirmation, the engine check). Called from the
 * calling thread only.
 */
public interface ConfirmProgress {

    /** Does nothing. */
    ConfirmProgress SILENT = (caseId, caseIndex, cases, phase) -> { };

    /**
     * @param caseId    the case being confirmed
     * @param caseIndex 0-based position of the case
     * @param cases     number of cases
     * @param phase     what is happening, e.g. "building 12 filters" or "querying 1000000"
     */
    void update(String caseId, int caseIndex, int cases, String phase);

    /**
     * As {@link #update(String, int, int, String)}, with an estimate of the share of the whole work
     * done so far, from 0 to 1 (for an estimate of the time left).
     */
    default void update(String caseId, int caseIndex, int cases, String phase, double fractionDone) {
        update(caseId, caseIndex, cases, phase);
    }

    /** The confirmation has ended (also on failure). */
    default void finished() {
    }
}
