package org.monkeyeval.cli;

import java.io.PrintWriter;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import org.monkeyeval.io.InvalidInputException;

/** Entry point: {@code java -jar monkey-eval.jar <command>}. */
@Command(name = "monkey-eval",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Sizes Bloom filters across the runs of an LSM-tree: compares the uniform bits per"
            + " entry that engines use with Monkey's allocation (Dayan, Athanassoulis, Idreos, SIGMOD 2017),"
            + " which minimizes the expected false-positive probes of an absent-key lookup at the same memory.",
        subcommands = {RunCommand.class, SolveCommand.class, ConfirmCommand.class, ReportCommand.class, VerifyCommand.class,
            BundleCommand.class,
            CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:verify found a regression",
            "2:bad command line",
            "3:invalid input file",
            "4:internal error"})
public final class MonkeyEval implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    public static void main(String[] args) {
        // report draws figures with Java2D into SVG text: no window, no display needed
        System.setProperty("java.awt.headless", "true");
        CommandLine cli = commandLine();
        int code = cli.execute(args);
        cli.getOut().flush();
        cli.getErr().flush();
        System.exit(code);
    }

    /** The configured command line, also used by tests. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new MonkeyEval());
        cli.setExecutionExceptionHandler(MonkeyEval::handle);
        return cli;
    }

    private static int handle(Exception ex, CommandLine cli, CommandLine.ParseResult parsed) {
        PrintWriter err = cli.getErr();
        if (ex instanceof CommandLine.ParameterException usage) {
            err.println(usage.getMessage());
            usage.getCommandLine().usage(err);
            err.flush();
            return ExitCodes.USAGE;
        }
        if (ex instanceof InvalidInputException) {
            err.println("monkey-eval: " + ex.getMessage());
            err.flush();
            return ExitCodes.INVALID_INPUT;
        }
        if (ex instanceof UsageException) {
            err.println("monkey-eval: " + ex.getMessage());
            err.flush();
            return ExitCodes.USAGE;
        }
        err.println("monkey-eval: internal error: " + ex);
        if (System.getenv("MONKEY_EVAL_DEBUG") != null) {
            ex.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.INTERNAL;
    }
}
