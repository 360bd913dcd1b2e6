package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Progress outside a terminal is a plain line at most every few seconds, with what is being done and
 * the time left at the pace so far; on a terminal, one line redrawn in place with a bar. The clock
 * is a fake one: no test here waits.
 */
final class TerminalProgressTest {

    private long now;
    private final StringWriter text = new StringWriter();

    private TerminalProgress progress(boolean terminal) {
        return new TerminalProgress("confirm", new PrintWriter(text, true), terminal, () -> now);
    }

    private static long seconds(double s) {
        return (long) (s * 1e9);
    }

    @Test
    void step_notATerminal_oneLineAtMostEveryInterval() {
        TerminalProgress p = progress(false);
        now = 0;
        p.update("a", 0, 4, "building 12 filters", 0.0);
        now = seconds(1);
        p.update("a", 0, 4, "querying", 0.1);
        now = seconds(6);
        p.update("b", 1, 4, "building 12 filters", 0.5);
        now = seconds(7);
        p.update("b", 1, 4, "querying", 0.6);
        now = seconds(12);
        p.update("c", 2, 4, "querying", 0.75);
        p.finished();
        assertEquals(List.of(
                "confirm: [2/4] b: building 12 filters; 50% done, about 6 s left",
                "confirm: [3/4] c: querying; 75% done, about 4 s left"), text.toString().lines().toList());
    }

    @Test
    void step_notATerminalAndQuick_printsNothing() {
        TerminalProgress p = progress(false);
        p.update("a", 0, 1, "querying", 0.5);
        now = seconds(2);
        p.finished();
        assertEquals("", text.toString());
    }

    @Test
    void step_onATerminal_redrawsABarWithTimeLeftAndClearsIt() {
        TerminalProgress p = progress(true);
        now = seconds(10);
        p.step("[1/2] a: querying", 0.25);
        String line = text.toString();
        assertTrue(line.startsWith("\r\033[Kconfirm [######..................]  25% [1/2] a: querying,"
                + " about 30 s left"), line);
        p.finished();
        assertTrue(text.toString().endsWith("\r\033[K"));
    }

    @Test
    void step_smallerShareThanBefore_keepsTheLargest() {
        TerminalProgress p = progress(true);
        now = seconds(10);
        p.step("x", 0.5);
        p.step("y", 0.2);
        assertTrue(text.toString().endsWith(" 50% y, about 10 s left"), text.toString());
    }

    @Test
    void duration_minutesAndHours() {
        assertEquals("59 s", TerminalProgress.duration(59));
        assertEquals("1 min 20 s", TerminalProgress.duration(80));
        assertEquals("2 h 5 min", TerminalProgress.duration(7500));
    }
}
