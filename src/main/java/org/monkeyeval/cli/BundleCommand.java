package org.monkeyeval.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.bundle.BundleEntry;
import org.monkeyeval.bundle.BundleSources;
import org.monkeyeval.bundle.BundleWriter;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.report.ToolInfo;
import org.monkeyeval.text.InvalidInputException;
import org.monkeyeval.verify.Part;
import org.monkeyeval.verify.PublishedFolder;

/** {@code bundle}: one reproducible zip with the cases, the published outputs, the evaluator and its source. */
@Command(name = "bundle", mixinStandardHelpOptions = true,
        description = "Write one byte-reproducible zip: cases/, out/ (tables and provenance), README.md, "
            + "LICENSE-CC0, the runnable jar, src/ and pom.xml, datapackage.json (Frictionless Data "
            + "Package v2), ro-crate-metadata.json (RO-Crate 1.2, Process Run Crate) and SHA256SUMS, "
            + "written last. Entry times come from SOURCE_DATE_EPOCH, else 2026-01-01T00:00:00Z.")
final class BundleCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private Folders folders;

    @Option(names = "--to", defaultValue = "monkey-eval-bundle.zip", paramLabel = "FILE.zip",
            description = "The zip to write (default: ${DEFAULT-VALUE}).")
    private Path to;

    @Option(names = "--root", defaultValue = ".", paramLabel = "DIR",
            description = "Project folder holding README.md, LICENSE-CC0, pom.xml and src/ (default: ${DEFAULT-VALUE}).")
    private Path root;

    @Option(names = "--jar", paramLabel = "FILE",
            description = "The evaluator jar to ship (default: the running jar, else target/monkey-eval.jar).")
    private Path jar;

    @Override
    public Integer call() throws Exception {
        CaseFolder.read(folders.cases); // refuse to ship invalid cases
        Path evaluator = jar != null ? jar : RunningJar.path().orElse(root.resolve("target/monkey-eval.jar"));
        Path runProvenance = new PublishedFolder(folders.out).provenance(Part.ALLOCATIONS);
        for (Path required : List.of(evaluator, runProvenance, root.resolve("README.md"),
                root.resolve("LICENSE-CC0"), root.resolve("pom.xml"), root.resolve("src"))) {
            if (!Files.exists(required)) {
                throw new InvalidInputException(required + ": needed for the bundle but missing");
            }
        }
        List<BundleEntry> entries = BundleWriter.write(to, BundleSources.collect(root, folders.cases, folders.out, evaluator),
                ToolInfo.current(), SourceDateEpoch.fromEnvironment());
        spec.commandLine().getOut().printf("wrote %s: %d entries, %d bytes%n", to, entries.size(), Files.size(to));
        return ExitCodes.OK;
    }
}
