package org.monkeyeval.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.SummaryTable;
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

    @CommandLine.Option(names = "--engine-granularity", paramLabel = "ENGINE", split = ",",
            description = "Add the deployable allocation: the best one ENGINE can express within the budget,"
                + " costed with its own filters (" + Engine.LABELS + "). Several, comma-separated: one folder"
                + " per engine, --out/ENGINE, each the bytes run with that engine alone writes there, solved in"
                + " one process that prices each filter's rates once for all of them.")
    private List<String> engineGranularities;

    @Override
    public Integer call() throws Exception {
        List<Engine> engines = EngineOption.parseAll(engineGranularities);
        List<Path> outs = new ArrayList<>();
        for (Engine engine : engines) {
            outs.add(engines.size() == 1 ? folders.out : folders.out.resolve(engine.label()));
        }
        List<CaseFile> files = CaseFolder.read(folders.cases);
        TerminalProgress progress = TerminalProgress.forStderr("run", spec.commandLine().getErr());
        List<AllocationReport> reports = new ArrayList<>();
        try {
            // every engine solved before any folder is written; solving takes about a third of the time
            for (int e = 0; e < engines.size(); e++) {
                double before = (double) e / engines.size();
                String engine = engines.size() > 1 ? engines.get(e).label() + ": " : "";
                List<String> command = PartBuilder.allocationsCommand(folders.cases.toString(),
                        outs.get(e).toString(), engines.get(e));
                reports.add(PartBuilder.allocations(files, engines.get(e), command,
                        SourceDateEpoch.fromEnvironment(), (what, done) -> progress.step(
                                engine + what, (before + done / engines.size()) / 3)));
            }
            for (int e = 0; e < engines.size(); e++) {
                double before = (double) e / engines.size();
                String engine = engines.size() > 1 ? engines.get(e).label() + ": " : "";
                RunFolder.write(folders.cases, outs.get(e), reports.get(e), (what, written) -> progress.step(
                        engine + what, 1.0 / 3 + 2.0 / 3 * (before + written / engines.size())));
            }
        } finally {
            progress.finished();
        }
        PrintWriter out = spec.commandLine().getOut();
        for (int e = 0; e < engines.size(); e++) {
            if (engines.size() > 1) {
                out.printf("%s%n", engines.get(e).label());
            }
            out.print(SummaryTable.cases(reports.get(e).results()));
            out.printf("%nwrote %s to %s%n", String.join(", ", RunFolder.named(reports.get(e))), outs.get(e));
            // a confirmation made from other case files is kept (it may have taken long), but named as stale
            List<String> changes = new PublishedFolder(outs.get(e)).changedInputs(Part.CONFIRMATION, files);
            if (!changes.isEmpty()) {
                spec.commandLine().getErr().printf("monkey-eval: note: the confirmation in %s is stale (%s since"
                        + " it was made): rerun confirm, or verify will fail on it%n", outs.get(e),
                        String.join(", ", changes));
            }
            out.println(ReportHint.line(folders.cases, outs.get(e)));
        }
        return ExitCodes.OK;
    }
}
