package org.monkeyeval.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.confirm.ConfirmSettings;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.OutputFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.ConfirmSummary;
import org.monkeyeval.verify.ConfirmationRequest;
import org.monkeyeval.verify.Part;
import org.monkeyeval.verify.PartBuilder;

/** {@code confirm}: builds real filters with the allocated bits and counts their false positives. */
@Command(name = "confirm", mixinStandardHelpOptions = true,
        description = "Build real Bloom filters with the uniform and optimized bits per entry of every case, "
            + "send the same absent-key queries through every run, and report measured against "
            + "predicted false-positive rates (confirm.csv, confirm-cases.csv, "
            + "confirm-provenance.json). Same seed gives the same tables for any thread count. With "
            + "--engine rocksdb, also runs the allocations inside an embedded RocksDB and reads its "
            + "own statistics (engine.csv, engine rows in confirm-cases.csv).")
final class ConfirmCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private Folders folders;

    @CommandLine.Mixin
    private EngineCheckOptions engineCheck;

    @CommandLine.Mixin
    private FilterOptions filters;

    @Override
    public Integer call() throws Exception {
        ConfirmSettings settings = filters.settings();
        Engine granularity = engineCheck.granularity();
        List<CaseFile> files = CaseFolder.read(folders.cases);
        OptionalLong epoch = SourceDateEpoch.fromEnvironment();
        List<CaseResult> allocations = PartBuilder.allocations(files, granularity, List.of(), epoch).results();
        ConfirmationRequest request = new ConfirmationRequest(settings,
                engineCheck.settings(files, folders.cases, settings.seed(), settings.maxFilterEntries()), granularity);
        PartBuilder.checkLimits(files, allocations, request, folders.cases, Runtime.getRuntime().maxMemory());
        PrintWriter err = spec.commandLine().getErr();
        PartBuilder.Confirmation made = PartBuilder.confirmation(files, allocations, request,
                request.command(folders.cases.toString(), folders.out.toString(), filters.layouts()), epoch,
                () -> TerminalProgress.forStderr("confirm", err),
                () -> TerminalProgress.forStderr("confirm --engine", err));
        Map<String, String> documents = made.report().documents();
        OutputFolder.write(folders.out, documents, Part.CONFIRMATION.optionalFiles());
        PrintWriter out = spec.commandLine().getOut();
        out.print(ConfirmSummary.cases(made.caseCounts()));
        out.printf("%nwrote %s to %s%n", String.join(", ", documents.keySet()), folders.out);
        out.println(ReportHint.line(folders));
        return ExitCodes.OK;
    }
}
