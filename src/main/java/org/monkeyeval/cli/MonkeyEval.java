package org.monkeyeval.cli;

import java.io.PrintWriter;
import java.nio.file.FileSystemException;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import org.monkeyeval.alloc.CurrentCostException;
import org.monkeyeval.alloc.DeployableException;
import org.monkeyeval.io.FileProblem;
import org.monkeyeval.text.InvalidInputException;
import org.monkeyeval.text.Printable;
import org.monkeyeval.verify.RerunUnavailableException;

/** Entry point: {@code java -jar monkey-eval.jar <command>}. */
@Command(name = "monkey-eval",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Sizes Bloom filters across the runs of an LSM-tree: compares the uniform bits per"
            + " entry that engines use with Monkey's allocation (Dayan, Athanassoulis, Idreos, SIGMOD 2017),"
            + " which minimizes the expected false-positive probes of an absent-key lookup at the same memory.",
        subcommands = {RunCommand.class, SolveCommand.class, ConfirmCommand.class, ReportCommand.class, VerifyCommand.class,
            BundleCommand.class, ImportCommand.class, MeasureCommand.class, RehearseCommand.class, ExportCommand.class, FamiliesCommand.class, AutoComplete.GenerateCompletion.class,
            CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:verify found a regression",
            "2:bad command line",
            "3:invalid input: a case file, or a path that cannot be read or written",
            "4:internal error or environment failure (a bug, the solver, RocksDB, a Java heap too small)"})
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
        int code = execute(cli, args);
        cli.getOut().flush();
        cli.getErr().flush();
        System.exit(code);
    }

    /** The configured command line, also used by tests. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new MonkeyEval());
        // picocli hides generate-completion by default; list it: `source <(monkey-eval generate-completion)`
        cli.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(false);
        cli.setExecutionExceptionHandler(MonkeyEval::handle);
        cli.setParameterExceptionHandler(MonkeyEval::handleParameter);
        return cli;
    }

    /**
     * Runs {@code cli} on {@code args}: as {@link CommandLine#execute}, and where the Java heap runs out (an error,
     * which picocli hands on rather than to {@link #handle}), says so in words, exit 4, without a stack trace.
     */
    static int execute(CommandLine cli, String... args) {
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            return heapTooSmall(cli.getErr());
        }
    }

    /** Where the heap ran out: its size and how to give more (exit 4). */
    private static int heapTooSmall(PrintWriter err) {
        long megabytes = Runtime.getRuntime().maxMemory() >> 20;
        err.println("monkey-eval: out of memory: the work needs more than this Java heap's " + megabytes
                + " MB; run java with a larger heap, as in java -Xmx1g -jar monkey-eval.jar (1 GB holds the"
                + " bundled cases at every engine granularity)");
        err.flush();
        return ExitCodes.INTERNAL;
    }

    /**
     * Whether {@code ex} was caused by the Java heap running out: work on other threads hands it back wrapped (a
     * future's ExecutionException); the causes are followed a few levels deep, never round a loop.
     */
    private static boolean causedByHeapRunningOut(Throwable ex) {
        Throwable t = ex;
        for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                return true;
            }
        }
        return false;
    }

    private static int handle(Exception ex, CommandLine cli, CommandLine.ParseResult parsed) {
        PrintWriter err = cli.getErr();
        if (causedByHeapRunningOut(ex)) {
            return heapTooSmall(err);
        }
        if (ex instanceof CommandLine.ParameterException usage) {
            err.println(Printable.escape(usage.getMessage()));
            usage.getCommandLine().usage(err);
            err.flush();
            return ExitCodes.USAGE;
        }
        if (ex instanceof InvalidInputException) {
            err.println("monkey-eval: " + ex.getMessage());
            err.flush();
            return ExitCodes.INVALID_INPUT;
        }
        if (ex instanceof FileSystemException fs) {
            // a file or folder the user named cannot be used: say which and why, in words
            err.println("monkey-eval: " + FileProblem.of(fs).getMessage());
            err.flush();
            return ExitCodes.INVALID_INPUT;
        }
        if (ex instanceof DeployableException || ex instanceof CurrentCostException) {
            // a case beyond the deployable search's limits: the input is too large for the granularity
            err.println("monkey-eval: " + Printable.escape(ex.getMessage()));
            err.flush();
            return ExitCodes.INVALID_INPUT;
        }
        if (ex instanceof EnvironmentException || ex instanceof RerunUnavailableException) {
            err.println("monkey-eval: " + Printable.escape(ex.getMessage()));
            err.flush();
            return ExitCodes.INTERNAL;
        }
        if (ex instanceof UsageException) {
            err.println("monkey-eval: " + Printable.escape(ex.getMessage()));
            err.flush();
            return ExitCodes.USAGE;
        }
        err.println("monkey-eval: internal error: " + Printable.escape(ex.toString()));
        if (System.getenv("MONKEY_EVAL_DEBUG") != null) {
            ex.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.INTERNAL;
    }

    /** A command line that does not parse: the problem (its values escaped) and the usage, exit 2. */
    private static int handleParameter(CommandLine.ParameterException ex, String[] args) {
        CommandLine cli = ex.getCommandLine();
        PrintWriter err = cli.getErr();
        err.println(Printable.escape(ex.getMessage()));
        if (!CommandLine.UnmatchedArgumentException.printSuggestions(ex, err)) {
            cli.usage(err);
        }
        err.flush();
        return ExitCodes.USAGE;
    }
}
