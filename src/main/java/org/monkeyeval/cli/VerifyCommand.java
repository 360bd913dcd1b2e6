package org.monkeyeval.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.bundle.BundleChecker;
import org.monkeyeval.bundle.Sha256Sums;
import org.monkeyeval.confirm.CaseCount;
import org.monkeyeval.confirm.ConfirmProgress;
import org.monkeyeval.confirm.ConfirmSettings;
import org.monkeyeval.confirm.Confirmer;
import org.monkeyeval.engine.EngineSettings;
import org.monkeyeval.engine.RocksDbEngineCheck;
import org.monkeyeval.engine.RocksDbNative;
import org.monkeyeval.family.Engine;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.InvalidInputException;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.page.ReportDocuments;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.ConfirmReport;
import org.monkeyeval.report.ConfirmTables;
import org.monkeyeval.report.EngineTables;
import org.monkeyeval.report.Json;
import org.monkeyeval.report.Provenance;
import org.monkeyeval.report.ReportData;
import org.monkeyeval.report.SweepTable;
import org.monkeyeval.report.ToolInfo;
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
        checkOutFolder();
        List<CaseFile> files = CaseFolder.read(folders.cases);
        Verifier verifier = new Verifier(tolerance);
        Engine runGranularity = runGranularity(folders.out.resolve(Provenance.FILE));
        AllocationReport report = allocations(files, runGranularity);
        List<Verifier.Result> results = new ArrayList<>();
        if (Files.exists(folders.out.resolve(Provenance.FILE))) {
            results.add(verifier.verify(folders.out, files, List.of(
                    table(AllocationTables.CASES_FILE, AllocationTables.CASE_KEY, report.documents()),
                    table(AllocationTables.ROWS_FILE, AllocationTables.ROW_KEY, report.documents())),
                    Provenance.FILE, report.documents().get(Provenance.FILE), List.of("model", "solver"),
                    List.of("lookupWeights", "treeExpansion", Provenance.DEPLOYABLE)));
        } else {
            results.add(new Verifier.Result(true, List.of("absent " + String.join(", ", AllocationTables.CASES_FILE,
                    AllocationTables.ROWS_FILE, Provenance.FILE) + ": no output of run here; not checked")));
        }

        Path confirmProvenance = folders.out.resolve(ConfirmReport.PROVENANCE_FILE);
        if (Files.exists(confirmProvenance)) {
            JsonNode recorded = readJson(confirmProvenance);
            ConfirmSettings settings = confirmSettings(confirmProvenance, recorded);
            // confirm may have been given another --engine-granularity than run
            Engine confirmGranularity = confirmGranularity(confirmProvenance, recorded);
            List<CaseResult> confirmed = confirmGranularity == runGranularity ? report.results()
                    : allocations(files, confirmGranularity).results();
            List<CaseCount> counts = new Confirmer(settings).confirm(confirmed, ConfirmProgress.SILENT);
            EngineSettings engineSettings = engineSettings(confirmProvenance, recorded);
            if (engineSettings != null && !RocksDbNative.available()) {
                throw new EnvironmentException(confirmProvenance + " records an engine check, which cannot be"
                        + " rerun here: " + RocksDbNative.problem().orElse(""));
            }
            ConfirmReport.Engine engine = engineSettings == null ? null : new ConfirmReport.Engine(engineSettings,
                    new RocksDbEngineCheck(engineSettings).check(confirmed, ConfirmProgress.SILENT));
            ConfirmReport confirm = ConfirmReport.render(files, counts, settings, engine, ToolInfo.current(),
                    List.of("verify"), SourceDateEpoch.fromEnvironment());
            List<Verifier.Table> tables = new ArrayList<>(List.of(
                    table(ConfirmTables.CASES_FILE, ConfirmTables.CASE_KEY, confirm.documents()),
                    table(ConfirmTables.RUNS_FILE, ConfirmTables.RUN_KEY, confirm.documents())));
            if (engine != null) {
                tables.add(new Verifier.Table(EngineTables.FILE, EngineTables.KEY,
                        confirm.documents().get(EngineTables.FILE), EngineTables.VOLATILE_COLUMNS));
            }
            results.add(verifier.verify(folders.out, files, tables, ConfirmReport.PROVENANCE_FILE,
                    confirm.documents().get(ConfirmReport.PROVENANCE_FILE), List.of("method")));
        } else {
            results.add(new Verifier.Result(true, List.of("absent " + String.join(", ", ConfirmTables.RUNS_FILE,
                    ConfirmTables.CASES_FILE, ConfirmReport.PROVENANCE_FILE)
                    + ": no output of confirm here; not checked")));
        }
        if (Files.exists(folders.out.resolve(ReportDocuments.PROVENANCE_FILE))) {
            results.addAll(verifyReport(files, verifier));
        }
        Path bundleRoot = folders.out.toAbsolutePath().normalize().getParent();
        if (bundleRoot != null && Files.exists(bundleRoot.resolve(Sha256Sums.FILE))) {
            BundleChecker.Report bundle = BundleChecker.check(bundleRoot);
            List<String> lines = new ArrayList<>();
            if (bundle.problems().isEmpty()) {
                lines.add("ok   " + Sha256Sums.FILE + ": every listed file of the bundle matches");
            } else {
                lines.add("FAIL " + Sha256Sums.FILE);
                bundle.problems().forEach(p -> lines.add("  " + p));
            }
            if (!bundle.extra().isEmpty()) {
                lines.add("note " + bundle.extra().size() + " extra file(s) not listed in " + Sha256Sums.FILE
                        + " (not part of the published bundle; not checked):");
                bundle.extra().forEach(p -> lines.add("  " + p));
            }
            results.add(new Verifier.Result(bundle.problems().isEmpty(), lines));
        }
        boolean passed = results.stream().allMatch(Verifier.Result::passed);
        results.forEach(r -> r.lines().forEach(spec.commandLine().getOut()::println));
        spec.commandLine().getOut().println(passed ? "PASS" : "REGRESSION");
        return passed ? ExitCodes.OK : ExitCodes.REGRESSION;
    }

    /** A missing folder, or one without any provenance, is an input error, not a regression. */
    private void checkOutFolder() throws InvalidInputException {
        if (!Files.exists(folders.out)) {
            throw new InvalidInputException(folders.out + ": the output folder does not exist");
        }
        if (!Files.isDirectory(folders.out)) {
            throw new InvalidInputException(folders.out + ": is a file, not an output folder");
        }
        if (!Files.exists(folders.out.resolve(Provenance.FILE))
                && !Files.exists(folders.out.resolve(ConfirmReport.PROVENANCE_FILE))) {
            throw new InvalidInputException(folders.out + ": nothing to verify: it holds neither "
                    + Provenance.FILE + " (written by run) nor " + ConfirmReport.PROVENANCE_FILE
                    + " (written by confirm)");
        }
    }

    /**
     * sweep.csv is recomputed from the cases and compared by tolerance; the page and figures are
     * redrawn from the published tables (sweep.csv included) and compared byte for byte.
     */
    private List<Verifier.Result> verifyReport(List<CaseFile> files, Verifier verifier) throws Exception {
        String sweep = ReportDocuments.sweep(files, new ThresholdSolver());
        Map<String, String> published = ReportCommand.readTables(folders.out);
        Path publishedSweep = folders.out.resolve(SweepTable.FILE);
        published.put(SweepTable.FILE, Files.exists(publishedSweep)
                ? Files.readString(publishedSweep, StandardCharsets.UTF_8) : sweep);
        Map<String, String> redrawn;
        try {
            redrawn = new LinkedHashMap<>(ReportDocuments.render(files, published, ToolInfo.current(),
                    List.of("verify"), SourceDateEpoch.fromEnvironment()));
        } catch (ReportData.TableException e) {
            throw new InvalidInputException(folders.out + File.separator + e.getMessage());
        }
        String provenance = redrawn.remove(ReportDocuments.PROVENANCE_FILE);
        redrawn.remove(SweepTable.FILE);
        Verifier.Result tables = verifier.verify(folders.out, files,
                List.of(new Verifier.Table(SweepTable.FILE, SweepTable.KEY, sweep)), ReportDocuments.PROVENANCE_FILE,
                provenance, List.of("sweep", "figures"));
        int revision = readJson(folders.out.resolve(ReportDocuments.PROVENANCE_FILE)).path(ReportDocuments.DRAWING)
                .path("revision").asInt(1);
        if (revision != ReportDocuments.DRAWING_REVISION) {
            // another version drew them from the same tables: nothing to compare byte for byte
            return List.of(tables, new Verifier.Result(true, List.of("note " + ReportDocuments.HTML_FILE + " and "
                    + ReportDocuments.FIGURES_FOLDER + "/: drawn at drawing revision " + revision + "; this version"
                    + " draws revision " + ReportDocuments.DRAWING_REVISION + ", so they are not compared byte for"
                    + " byte (`report` redraws them; the tables they show are checked above)")));
        }
        return List.of(tables, verifier.verifyBytes(folders.out, redrawn, List.of(ReportDocuments.FIGURES_FOLDER)));
    }

    private static Verifier.Table table(String name, List<String> key, Map<String, String> documents) {
        return new Verifier.Table(name, key, documents.get(name));
    }

    private static AllocationReport allocations(List<CaseFile> files, Engine granularity) throws UsageException {
        return AllocationReport.build(files, new CaseEvaluator(new ThresholdSolver(), granularity), ToolInfo.current(),
                List.of("verify"), SourceDateEpoch.fromEnvironment());
    }

    /**
     * The engine granularity run was given for every case, or null (none, or cases naming their own):
     * provenance.json records it in its section deployable.
     */
    private static Engine runGranularity(Path provenance) throws InvalidInputException {
        if (Files.exists(provenance)) {
            JsonNode engine = readJson(provenance).path(Provenance.DEPLOYABLE).path("engine");
            if (!engine.isMissingNode()) {
                return engineNamed(provenance, "deployable.engine", engine.asText());
            }
        }
        return null;
    }

    /** The engine granularity confirm was given, from its recorded command line, or null. */
    private static Engine confirmGranularity(Path confirmProvenance, JsonNode recorded) throws InvalidInputException {
        JsonNode command = recorded.path("command");
        for (int i = 0; i + 1 < command.size(); i++) {
            if ("--engine-granularity".equals(command.get(i).asText())) {
                return engineNamed(confirmProvenance, "command", command.get(i + 1).asText());
            }
        }
        return null;
    }

    private static Engine engineNamed(Path file, String field, String label) throws InvalidInputException {
        try {
            return Engine.fromLabel(label);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(file + ": field " + field + ": " + e.getMessage());
        }
    }

    private static JsonNode readJson(Path file) throws InvalidInputException {
        try {
            return Json.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new InvalidInputException(file + ": not readable JSON: " + e.getMessage());
        }
    }

    private static EngineSettings engineSettings(Path provenance, JsonNode recorded) throws InvalidInputException {
        JsonNode node = recorded.path("engine");
        try {
            return node.isMissingNode() ? null : ConfirmReport.engineSettingsFrom(node);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(provenance + ": engine: cannot be read back: " + e.getMessage());
        }
    }

    private ConfirmSettings confirmSettings(Path provenance, JsonNode recorded) throws InvalidInputException {
        try {
            int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
            return ConfirmReport.settingsFrom(recorded.path("settings"), t);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(provenance + ": settings: cannot be read back: " + e.getMessage());
        }
    }
}
