package org.monkeyeval.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.ToolInfo;
import org.monkeyeval.verify.Verifier;

/** {@code verify}: recomputes the tables and compares them with a published output folder. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Recompute every table from the cases and compare with the files in --out.",
            "Byte-equal passes; otherwise rows are compared by key with a relative tolerance.",
            "Also fails when an input or output no longer matches its SHA-256 in provenance.json.",
            "Exit 0 on match, 1 on any regression."})
final class VerifyCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--cases", defaultValue = "cases", paramLabel = "DIR",
            description = "Folder of *.json case files (default: ${DEFAULT-VALUE}).")
    private Path cases;

    @Option(names = "--out", defaultValue = "out", paramLabel = "DIR",
            description = "Published output folder to check (default: ${DEFAULT-VALUE}).")
    private Path out;

    @Option(names = "--tolerance", defaultValue = "1e-9", paramLabel = "REL",
            description = "Relative tolerance for numeric fields (default: ${DEFAULT-VALUE}).")
    private double tolerance;

    @Override
    public Integer call() throws Exception {
        if (!(tolerance >= 0.0)) {
            throw new UsageException("--tolerance (" + tolerance + ") must be >= 0");
        }
        List<CaseFile> files = CaseFolder.read(cases);
        AllocationReport report = AllocationReport.build(files, new CaseEvaluator(new ThresholdSolver()),
                ToolInfo.current(), List.of("verify"), SourceDateEpoch.fromEnvironment());
        List<Verifier.Table> tables = List.of(
                new Verifier.Table(AllocationTables.CASES_FILE, AllocationTables.CASE_KEY,
                        report.documents().get(AllocationTables.CASES_FILE)),
                new Verifier.Table(AllocationTables.ROWS_FILE, AllocationTables.ROW_KEY,
                        report.documents().get(AllocationTables.ROWS_FILE)));
        Verifier.Result result = new Verifier(tolerance).verify(out, files, tables,
                report.documents().get(org.monkeyeval.report.Provenance.FILE), List.of("model", "solver"));
        result.lines().forEach(spec.commandLine().getOut()::println);
        return result.passed() ? ExitCodes.OK : ExitCodes.REGRESSION;
    }
}
