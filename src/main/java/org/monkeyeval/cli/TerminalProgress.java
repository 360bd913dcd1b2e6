package org.monkeyeval.cli;

import java.io.PrintStream;

import org.monkeyeval.confirm.ConfirmProgress;

/** Progress lines on stderr when it is a terminal; silent otherwise (pipes, CI, tests). */
final class TerminalProgress implements ConfirmProgress {

    private final PrintStream err;

    private TerminalProgress(PrintStream err) {
        this.err = err;
    }

    static ConfirmProgress forStderr() {
        return System.console() == null ? ConfirmProgress.SILENT : new TerminalProgress(System.err);
    }

    @Override
    public void update(String caseId, int caseIndex, int cases, String phase) {
        err.printf("\r\033[Kconfirm [%d/%d] %s: %s", caseIndex + 1, cases, caseId, phase);
        err.flush();
    }

    @Override
    public void finished() {
        err.print("\r\033[K");
        err.flush();
    }
}
