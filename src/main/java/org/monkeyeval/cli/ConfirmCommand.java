package org.monkeyeval.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.confirm.CaseCount;
import org.monkeyeval.confirm.ConfirmSettings;
import org.monkeyeval.confirm.Confirmer;
import org.monkeyeval.confirm.Layout;
import org.monkeyeval.engine.EngineSettings;
import org.monkeyeval.family.Engine;
import org.monkeyeval.family.RocksDbFamily;
import org.monkeyeval.engine.RocksDbEngineCheck;
import org.monkeyeval.engine.RocksDbNative;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.InvalidInputException;
import org.monkeyeval.io.OutputFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.ConfirmReport;
import org.monkeyeval.report.ConfirmSummary;
import org.monkeyeval.report.EngineTables;
import org.monkeyeval.report.ToolInfo;

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

    @Option(names = "--queries", defaultValue = "" + ConfirmSettings.DEFAULT_QUERIES, paramLabel = "Q",
            description = "Absent-key queries per run (default: ${DEFAULT-VALUE}).")
    private long queries;

    @Option(names = "--seed", defaultValue = "" + ConfirmSettings.DEFAULT_SEED, paramLabel = "S",
            description = "Seed of keys and hash (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--threads", paramLabel = "T",
            description = "Worker threads (default: available processors).")
    private Integer threads;

    @Option(names = "--layout", split = ",", defaultValue = "standard,rocksdb", paramLabel = "L",
            description = "Filters to build, comma-separated: standard and rocksdb (built with the project's"
                + " pinned hash, predicted exactly), or any family whose real filter is built here, by its"
                + " family name (e.g. xor8; the error for an unknown name lists them all)"
                + " (default: ${DEFAULT-VALUE}).")
    private List<String> layouts;

    @Option(names = "--precision", paramLabel = "REL",
            description = "Keep doubling Q until every filtered run's 95%% interval half-width is below REL"
                    + " times its observed rate (capped by --max-queries).")
    private Double precision;

    @Option(names = "--engine", paramLabel = "ENGINE",
            description = "Also check the allocations inside a real engine: rocksdb (embedded RocksDB,"
                    + " its own filters and statistics; writes engine.csv).")
    private String engine;

    @Option(names = "--engine-granularity", paramLabel = "ENGINE",
            description = "With --engine rocksdb: also measure the deployable allocation of rocksdb (one setting"
                    + " per tree) or rocksdb-per-level, built with each run's setting.")
    private String engineGranularity;

    @Option(names = "--engine-cases", split = ",", paramLabel = "ID",
            description = "Cases to check in the engine (default: all).")
    private List<String> engineCases = List.of();

    @Option(names = "--engine-queries", defaultValue = "" + EngineSettings.DEFAULT_QUERIES, paramLabel = "Q",
            description = "Absent-key lookups per run in the engine (default: ${DEFAULT-VALUE}).")
    private long engineQueries;

    @Option(names = "--present-share", defaultValue = "" + EngineSettings.DEFAULT_PRESENT_SHARE, paramLabel = "F",
            description = "Present-key lookups per run in the engine, as a share of --engine-queries, so the"
                    + " true-positive counter is exercised (default: ${DEFAULT-VALUE}).")
    private double presentShare;

    @Option(names = "--max-queries", defaultValue = "" + ConfirmSettings.DEFAULT_MAX_QUERIES, paramLabel = "Q",
            description = "Cap on Q with --precision (default: ${DEFAULT-VALUE}).")
    private long maxQueries;

    @Option(names = "--max-filter-entries", defaultValue = "" + ConfirmSettings.DEFAULT_MAX_FILTER_ENTRIES,
            paramLabel = "N",
            description = "Most keys one filter (or engine SST) is built over; a larger run is confirmed on a filter"
                    + " of its bits per entry over N of its keys (built_entries in confirm.csv; default:"
                    + " ${DEFAULT-VALUE}).")
    private long maxFilterEntries;

    @Override
    public Integer call() throws Exception {
        ConfirmSettings settings = settings();
        Engine granularity = EngineOption.parse(engineGranularity);
        if (granularity != null && engine == null) {
            throw new UsageException("--engine-granularity needs --engine rocksdb (the deployable allocation is"
                    + " measured inside RocksDB)");
        }
        if (granularity != null && granularity.family() != RocksDbFamily.INSTANCE) {
            throw new UsageException("--engine-granularity: the RocksDB engine check measures rocksdb or"
                    + " rocksdb-per-level, not " + granularity.label());
        }
        List<CaseFile> files = CaseFolder.read(folders.cases);
        AllocationReport allocations = AllocationReport.build(files, new CaseEvaluator(new ThresholdSolver(), granularity),
                ToolInfo.current(), List.of(), SourceDateEpoch.fromEnvironment());
        EngineSettings engineSettings = engineSettings(files);
        long heap = Runtime.getRuntime().maxMemory();
        for (int i = 0; i < files.size(); i++) {
            String problem = Confirmer.limit(allocations.results().get(i), settings, heap).orElse(null);
            if (problem == null && engineSettings != null && engineSettings.selects(files.get(i).lsmCase().id())) {
                problem = RocksDbEngineCheck.limit(allocations.results().get(i), engineSettings, heap).orElse(null);
            }
            if (problem != null) {
                throw new InvalidInputException(folders.cases.resolve(files.get(i).fileName()) + ": runs: cannot be"
                        + " confirmed: " + problem);
            }
        }
        PrintWriter err = spec.commandLine().getErr();
        var counts = new Confirmer(settings).confirm(allocations.results(), TerminalProgress.forStderr("confirm", err));
        ConfirmReport.Engine engineResult = engineSettings == null ? null : new ConfirmReport.Engine(engineSettings,
                new RocksDbEngineCheck(engineSettings).check(allocations.results(),
                        TerminalProgress.forStderr("confirm --engine", err)));
        List<String> command = new ArrayList<>(List.of("confirm", "--cases", folders.cases.toString(), "--out",
                folders.out.toString(), "--queries", Long.toString(queries), "--seed", Long.toString(seed), "--threads",
                Integer.toString(settings.threads()), "--layout", String.join(",", layouts), "--max-filter-entries",
                Long.toString(maxFilterEntries)));
        if (engineSettings != null) {
            command.addAll(List.of("--engine", engine, "--engine-cases", String.join(",", engineCases),
                    "--engine-queries", Long.toString(engineQueries), "--present-share",
                    Double.toString(presentShare)));
            if (granularity != null) {
                command.addAll(List.of("--engine-granularity", granularity.label()));
            }
        }
        ConfirmReport report = ConfirmReport.render(files, counts, settings, engineResult, ToolInfo.current(),
                command, SourceDateEpoch.fromEnvironment());
        // without --engine, an engine.csv left by an earlier confirmation no longer has provenance
        OutputFolder.write(folders.out, report.documents(), List.of(EngineTables.FILE));
        List<CaseCount> shown = new ArrayList<>(counts);
        if (engineResult != null) {
            shown.addAll(engineResult.result().cases());
        }
        spec.commandLine().getOut().print(ConfirmSummary.cases(shown));
        spec.commandLine().getOut().printf("%nwrote %s to %s%n", String.join(", ", report.documents().keySet()), folders.out);
        spec.commandLine().getOut().println(ReportHint.line(folders));
        return ExitCodes.OK;
    }

    private EngineSettings engineSettings(List<CaseFile> files) throws UsageException, EnvironmentException {
        if (engine == null) {
            return null;
        }
        if (!engine.equals("rocksdb")) {
            throw new UsageException("--engine: unknown engine '" + engine + "' (expected rocksdb)");
        }
        if (!RocksDbNative.available()) {
            throw new EnvironmentException("--engine rocksdb: " + RocksDbNative.problem().orElse(""));
        }
        List<String> known = files.stream().map(f -> f.lsmCase().id()).toList();
        for (String id : engineCases) {
            if (!known.contains(id)) {
                throw new UsageException("--engine-cases: no case with id '" + id + "' in " + folders.cases);
            }
        }
        try {
            return new EngineSettings(engineQueries, seed, presentShare, engineCases, maxFilterEntries);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private ConfirmSettings settings() throws UsageException {
        try {
            List<Layout> parsed = layouts.stream().map(Layout::fromLabel).distinct().toList();
            int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
            double p = precision == null ? Double.NaN : precision;
            long cap = precision == null ? Math.max(queries, maxQueries) : maxQueries;
            return new ConfirmSettings(queries, seed, t, parsed, p, cap, maxFilterEntries);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
