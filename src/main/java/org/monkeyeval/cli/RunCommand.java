package org.monkeyeval.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.OutputFolder;
import org.monkeyeval.io.RunInfo;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.BloomBeforeLevelTable;
import org.monkeyeval.report.SummaryTable;
import org.monkeyeval.text.TextDocument;
import org.monkeyeval.verify.Part;
import org.monkeyeval.verify.PartBuilder;
import org.monkeyeval.verify.PublishedFolder;

/** {@code run}: evaluates every case of a folder and writes the tables and provenance. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Evaluate every case file and write rows.csv, cases.csv, bloom-before-level.csv (when a "
            + "case is at rocksdb-ribbon granularity: its best allocation at each bloom_before_level) and "
            + "provenance.json (and "
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
                + " costed with its own filters (" + Engine.LABELS + ").")
    private String engineGranularity;

    @Override
    public Integer call() throws Exception {
        Engine engine = EngineOption.parse(engineGranularity);
        List<String> command = PartBuilder.allocationsCommand(folders.cases.toString(), folders.out.toString(), engine);
        List<CaseFile> files = CaseFolder.read(folders.cases);
        // solving takes about a third of the time, writing rows.csv the rest
        TerminalProgress progress = TerminalProgress.forStderr("run", spec.commandLine().getErr());
        AllocationReport report;
        try {
            report = PartBuilder.allocations(files, engine, command, SourceDateEpoch.fromEnvironment(),
                    (what, done) -> progress.step(what, done / 3));
            double rows = report.results().stream().mapToLong(r -> r.lsmCase().runs().size()).sum();
            List<TextDocument> documents = new ArrayList<>(report.streamed(written -> progress.step(
                    "writing rows.csv, " + written + " of " + (long) rows + " rows", 1.0 / 3 + 2.0 / 3 * written / rows)));
            documents.add(TextDocument.of(RunInfo.FILE, RunInfo.describe(folders.cases)));
            // a bloom-before-level.csv of an earlier run is removed when no case is at rocksdb-ribbon now
            OutputFolder.writeStreamed(folders.out, documents, Part.ALLOCATIONS.optionalFiles());
        } finally {
            progress.finished();
        }
        List<String> written = new ArrayList<>(Part.ALLOCATIONS.named());
        if (!report.bloomBeforeLevel().isEmpty()) {
            written.add(written.size() - 1, BloomBeforeLevelTable.FILE);
        }
        written.add(RunInfo.FILE);
        PrintWriter out = spec.commandLine().getOut();
        out.print(SummaryTable.cases(report.results()));
        out.printf("%nwrote %s to %s%n", String.join(", ", written), folders.out);
        // a confirmation made from other case files is kept (it may have taken long), but named as stale
        List<String> changes = new PublishedFolder(folders.out).changedInputs(Part.CONFIRMATION, files);
        if (!changes.isEmpty()) {
            spec.commandLine().getErr().printf("monkey-eval: note: the confirmation in %s is stale (%s since it was"
                    + " made): rerun confirm, or verify will fail on it%n", folders.out, String.join(", ", changes));
        }
        out.println(ReportHint.line(folders));
        return ExitCodes.OK;
    }
}
