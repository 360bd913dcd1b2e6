package org.monkeyeval.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.verify.FolderVerification;
import org.monkeyeval.verify.PublishedFolder;
import org.monkeyeval.verify.Verifier;

/** {@code verify}: recomputes the tables and compares them with a published output folder. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Recompute every table from the cases and compare with the files in --out. Byte-equal "
            + "passes; otherwise rows are compared by key with a relative tolerance. Also fails when "
            + "an input or output no longer matches its SHA-256 in the provenance files. When --out "
            + "holds confirm-provenance.json, the confirmation is rerun with its seed and queries "
            + "and its tables are checked too; with an engine section, the engine check reruns as "
            + "well. When --out holds report-provenance.json, sweep.csv is recomputed and report.html and "
            + "figures/*.svg are redrawn from the published tables and must be byte-identical. Outputs of a "
            + "command that was not run into --out (no provenance.json, or no confirm-provenance.json) are "
            + "reported as absent and not checked. Inside an unpacked bundle (SHA256SUMS beside --out) every "
            + "listed file is checked against SHA256SUMS; other files are named as extra, and build output "
            + "(target/) is ignored. Exit 0 on match, 1 on any regression, 3 when --out is missing or holds "
            + "nothing to verify.")
final class VerifyCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private Folders folders;

    @Option(names = "--tolerance", defaultValue = "1e-9", paramLabel = "REL",
            description = "Relative tolerance for numeric fields (default: ${DEFAULT-VALUE}).")
    private double tolerance;

    @Option(names = "--threads", paramLabel = "T",
            description = "Worker threads for rerunning a confirmation (default: available processors).")
    private Integer threads;

    @Override
    public Integer call() throws Exception {
        if (!(tolerance >= 0.0)) {
            throw new UsageException("--tolerance (" + tolerance + ") must be >= 0");
        }
        PublishedFolder folder = PublishedFolder.toVerify(folders.out);
        Verifier.Result result = FolderVerification.verify(folder, CaseFolder.read(folders.cases), tolerance,
                threads == null ? Runtime.getRuntime().availableProcessors() : threads,
                SourceDateEpoch.fromEnvironment());
        PrintWriter out = spec.commandLine().getOut();
        result.lines().forEach(out::println);
        out.println(result.passed() ? "PASS" : "REGRESSION");
        return result.passed() ? ExitCodes.OK : ExitCodes.REGRESSION;
    }
}
