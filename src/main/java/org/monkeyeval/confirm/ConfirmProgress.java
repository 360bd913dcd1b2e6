package org.monkeyeval.confirm;

/** Receives progress of a long confirmation. Called from the calling thread only. */
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

    /** The confirmation has ended (also on failure). */
    default void finished() {
    }
}
