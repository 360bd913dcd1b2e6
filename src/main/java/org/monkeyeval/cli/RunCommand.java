package org.monkeyeval.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.OutputFolder;
import org.monkeyeval.io.RunInfo;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.SummaryTable;
import org.monkeyeval.report.ToolInfo;

/** {@code run}: evaluates every case of a folder and writes the tables and provenance. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Evaluate every case file and write rows.csv, cases.csv and provenance.json. Nothing "
            + "is written unless every case is valid and solved.")
final class RunCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private Folders folders;

    @Override
    public Integer call() throws Exception {
        List<String> command = List.of("run", "--cases", folders.cases.toString(), "--out", folders.out.toString());
        AllocationReport report = AllocationReport.build(CaseFolder.read(folders.cases),
                new CaseEvaluator(new ThresholdSolver()), ToolInfo.current(), command,
                SourceDateEpoch.fromEnvironment());
        Map<String, String> documents = new LinkedHashMap<>(report.documents());
        documents.put(RunInfo.FILE, RunInfo.describe(folders.cases));
        OutputFolder.write(folders.out, documents);
        spec.commandLine().getOut().print(SummaryTable.cases(report.results()));
        spec.commandLine().getOut().printf("%nwrote %s to %s%n", String.join(", ", documents.keySet()), folders.out);
        spec.commandLine().getOut().println(ReportHint.line(folders));
        return ExitCodes.OK;
    }
}
