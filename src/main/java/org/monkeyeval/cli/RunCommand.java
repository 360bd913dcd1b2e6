package org.monkeyeval.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.family.Engine;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.OutputFolder;
import org.monkeyeval.io.RunInfo;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.ConfirmReport;
import org.monkeyeval.report.SummaryTable;
import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.Provenance;
import org.monkeyeval.report.TextDocument;
import org.monkeyeval.report.ToolInfo;
import org.monkeyeval.verify.StaleOutputs;

/** {@code run}: evaluates every case of a folder and writes the tables and provenance. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Evaluate every case file and write rows.csv, cases.csv and provenance.json (and "
            + "run-info.json, the facts of this execution, which git ignores). Nothing is written unless every "
            + "case is valid and solved. A confirmation already in --out made from other case files is "
            + "kept and named as stale on stderr.")
final class RunCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private Folders folders;

    @CommandLine.Option(names = "--engine-granularity", paramLabel = "ENGINE",
            description = "Add the deployable allocation: the best one ENGINE can express within the budget,"
                + " costed with its own filter (pebble, rocksdb, rocksdb-per-level, fjall, leveldb, cassandra).")
    private String engineGranularity;

    @Override
    public Integer call() throws Exception {
        Engine engine = EngineOption.parse(engineGranularity);
        List<String> command = new ArrayList<>(List.of("run", "--cases", folders.cases.toString(), "--out",
                folders.out.toString()));
        if (engine != null) {
            command.addAll(List.of("--engine-granularity", engine.label()));
        }
        List<CaseFile> files = CaseFolder.read(folders.cases);
        // solving takes about a third of the time, writing rows.csv the rest
        TerminalProgress progress = TerminalProgress.forStderr("run", spec.commandLine().getErr());
        AllocationReport report;
        try {
            report = AllocationReport.build(files, new CaseEvaluator(new ThresholdSolver(), engine), ToolInfo.current(),
                    command, SourceDateEpoch.fromEnvironment(), (what, done) -> progress.step(what, done / 3));
            double rows = report.results().stream().mapToLong(r -> r.lsmCase().runs().size()).sum();
            List<TextDocument> documents = new ArrayList<>(report.streamed(written -> progress.step(
                    "writing rows.csv, " + written + " of " + (long) rows + " rows", 1.0 / 3 + 2.0 / 3 * written / rows)));
            documents.add(TextDocument.of(RunInfo.FILE, RunInfo.describe(folders.cases)));
            OutputFolder.writeStreamed(folders.out, documents, List.of());
        } finally {
            progress.finished();
        }
        List<String> written = List.of(AllocationTables.CASES_FILE, AllocationTables.ROWS_FILE, Provenance.FILE,
                RunInfo.FILE);
        spec.commandLine().getOut().print(SummaryTable.cases(report.results()));
        spec.commandLine().getOut().printf("%nwrote %s to %s%n", String.join(", ", written), folders.out);
        warnIfConfirmationStale(files);
        spec.commandLine().getOut().println(ReportHint.line(folders));
        return ExitCodes.OK;
    }

    /**
     * A confirmation left in --out from other case files is kept (it may have taken long), but
     * named as stale: verify would fail on it until confirm is rerun.
     */
    private void warnIfConfirmationStale(List<CaseFile> files) {
        Path confirmProvenance = folders.out.resolve(ConfirmReport.PROVENANCE_FILE);
        List<String> changes = StaleOutputs.changedInputs(confirmProvenance, files);
        if (!changes.isEmpty()) {
            spec.commandLine().getErr().printf("monkey-eval: note: the confirmation in %s is stale (%s since it was"
                    + " made): rerun confirm, or verify will fail on it%n", folders.out, String.join(", ", changes));
        }
    }
}
