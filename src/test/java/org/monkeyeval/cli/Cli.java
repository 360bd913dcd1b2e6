package org.monkeyeval.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

import picocli.CommandLine;

/** Runs the command line in-process and captures what it prints. */
final class Cli {

    record Outcome(int exitCode, String out, String err) {
    }

    private Cli() {
    }

    static Outcome run(String... args) {
        return run(MonkeyEval.commandLine(), args);
    }

    /** As {@link #run(String...)}, on {@code cli} (a test's own commands added to the command line). */
    static Outcome run(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = MonkeyEval.execute(cli, args);
        cli.getOut().flush();
        cli.getErr().flush();
        return new Outcome(code, out.toString(), err.toString());
    }
}
