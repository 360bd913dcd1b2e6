package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The help reads whole: the command list of the top-level --help shows each command's first description
 * line, so no such line ends in "Example:" or "Examples:" with nothing after it; every command's own --help
 * exits 0, and where it announces examples, some follow.
 */
final class HelpTextTest {

    @Test
    void topLevelHelp_noCommandSummaryEndsInADanglingExamples() {
        Cli.Outcome o = Cli.run("--help");
        assertEquals(0, o.exitCode(), o.err());
        for (String line : o.out().split("\\R")) {
            assertTrue(!line.strip().endsWith("Examples:") && !line.strip().endsWith("Example:"), line);
        }
    }

    /** A '%' not doubled in a description makes picocli print the text unformatted, with a warning on stderr. */
    @Test
    void everyCommandsHelp_formatsWithoutPicocliWarnings() {
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            Cli.run("--help");
            for (String name : List.copyOf(MonkeyEval.commandLine().getSubcommands().keySet())) {
                Cli.run(name, "--help");
            }
        } finally {
            System.setErr(err);
        }
        String warnings = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(!warnings.contains("picocli WARN"), warnings);
    }

    @Test
    void everyCommandsHelp_examplesAnnouncedAreGiven() {
        for (String name : List.copyOf(MonkeyEval.commandLine().getSubcommands().keySet())) {
            Cli.Outcome o = Cli.run(name, "--help");
            assertEquals(0, o.exitCode(), name + ": " + o.err());
            List<String> lines = List.of(o.out().split("\\R"));
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).strip().matches("Examples?:")) {
                    assertTrue(i + 1 < lines.size() && lines.get(i + 1).startsWith("  ")
                            && lines.get(i + 1).contains(name), name + ": nothing after '" + lines.get(i) + "'");
                }
            }
        }
    }
}
