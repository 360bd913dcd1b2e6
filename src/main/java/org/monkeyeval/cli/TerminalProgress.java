package org.monkeyeval.cli;

import java.io.Console;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.function.LongSupplier;

import org.monkeyeval.confirm.ConfirmProgress;

/**
 * Progress of a long command on stderr, for any command: {@link #step(String, double)} takes what
 * is being done and the share of the work done so far.
 *
 * <p>On a terminal: one line redrawn in place, a bar, the share done and an estimate of the time
 * left. Elsewhere (CI logs, nohup, pipes): a plain line at most every {@link #LOG_INTERVAL_NANOS},
 * so that a long run shows it is alive without flooding the log; a run shorter than that prints
 * nothing. The estimate assumes the rest of the work goes at the pace so far.
 */
final class TerminalProgress implements ConfirmProgress {

    /** Minimum time between two lines when stderr is not a terminal. */
    static final long LOG_INTERVAL_NANOS = 5_000_000_000L;
    private static final int BAR = 24;

    private final String command;
    private final PrintWriter err;
    private final boolean terminal;
    private final LongSupplier clock;
    private final long start;
    private long lastLine;
    private double fraction;
    private boolean drawn;

    TerminalProgress(String command, PrintWriter err, boolean terminal, LongSupplier clock) {
        this.command = command;
        this.err = err;
        this.terminal = terminal;
        this.clock = clock;
        this.start = clock.getAsLong();
        this.lastLine = start;
    }

    /** Progress of {@code command} on the command line's stderr. */
    static TerminalProgress forStderr(String command, PrintWriter err) {
        return new TerminalProgress(command, err, stderrIsTerminal(), System::nanoTime);
    }

    /**
     * @param what         what is being done now, e.g. "[3/14] seed-10bpe: querying"
     * @param fractionDone share of the whole work done, 0 to 1 (a smaller value than before is ignored)
     */
    void step(String what, double fractionDone) {
        if (fractionDone > fraction && fractionDone <= 1.0) {
            fraction = fractionDone;
        }
        long now = clock.getAsLong();
        String eta = eta(now);
        if (terminal) {
            int filled = (int) Math.round(fraction * BAR);
            err.printf(Locale.ROOT, "\r\033[K%s [%s%s] %3.0f%% %s%s", command, "#".repeat(filled),
                    ".".repeat(BAR - filled), 100 * fraction, what, eta.isEmpty() ? "" : ", " + eta);
            err.flush();
            drawn = true;
        } else if (now - lastLine >= LOG_INTERVAL_NANOS) {
            err.printf(Locale.ROOT, "%s: %s; %.0f%% done%s%n", command, what, 100 * fraction,
                    eta.isEmpty() ? "" : ", " + eta);
            err.flush();
            lastLine = now;
        }
    }

    /** "about 1 min 20 s left", or empty while nothing is done yet. */
    private String eta(long now) {
        if (fraction <= 0) {
            return "";
        }
        double elapsed = (now - start) / 1e9;
        long left = Math.round(elapsed * (1 - fraction) / fraction);
        return "about " + duration(left) + " left";
    }

    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return (seconds / 60) + " min " + (seconds % 60) + " s";
        }
        return (seconds / 3600) + " h " + (seconds % 3600 / 60) + " min";
    }

    @Override
    public void update(String caseId, int caseIndex, int cases, String phase) {
        update(caseId, caseIndex, cases, phase, fraction);
    }

    @Override
    public void update(String caseId, int caseIndex, int cases, String phase, double fractionDone) {
        step("[" + (caseIndex + 1) + "/" + cases + "] " + caseId + ": " + phase, fractionDone);
    }

    @Override
    public void finished() {
        if (drawn) {
            err.print("\r\033[K");
            err.flush();
            drawn = false;
        }
    }

    /**
     * Whether the process talks to a terminal. JDK 22 and later return a console even when output is
     * redirected and tell with {@code Console.isTerminal()}; JDK 17 returns null then.
     */
    private static boolean stderrIsTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // before JDK 22 a console exists only on a terminal
        }
    }
}
