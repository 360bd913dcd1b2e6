package org.monkeyeval.cli;

import java.nio.file.Path;
import java.util.List;

import picocli.CommandLine.Option;

import org.monkeyeval.engine.rocksdb.EngineFilter;
import org.monkeyeval.engine.rocksdb.EngineSettings;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.verify.ConfirmationRequest;

/** {@code confirm}'s options of the engine check, as a picocli mixin, and what they ask for. */
final class EngineCheckOptions {

    @Option(names = "--engine", paramLabel = "ENGINE",
            description = "Also check the allocations inside a real engine: rocksdb (embedded RocksDB,"
                    + " its own filters and statistics; writes engine.csv).")
    private String engine;

    @Option(names = "--engine-filters", split = ",", defaultValue = "rocksdb", paramLabel = "F",
            description = "With --engine rocksdb: the RocksDB filters to build, comma-separated: rocksdb (fast local"
                    + " Bloom, format_version 5), rocksdb-legacy (full Bloom, format_version 4), rocksdb-ribbon"
                    + " (Ribbon) (default: ${DEFAULT-VALUE}).")
    private List<String> engineFilters;

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

    /** The engine whose deployable allocation is confirmed too, or null; checked against --engine. */
    Engine granularity() throws UsageException {
        Engine granularity = EngineOption.parse(engineGranularity);
        try {
            ConfirmationRequest.checkGranularity(granularity, engine != null);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return granularity;
    }

    /** The engine check's settings, or null without --engine; every case named must be among {@code files}. */
    EngineSettings settings(List<CaseFile> files, Path cases, long seed, long maxFilterEntries)
            throws UsageException, EnvironmentException {
        if (engine == null) {
            return null;
        }
        if (!engine.equals(ConfirmationRequest.ENGINE)) {
            throw new UsageException("--engine: unknown engine '" + engine + "' (expected rocksdb)");
        }
        EnvironmentException.requireRocksDb("--engine rocksdb");
        List<String> known = files.stream().map(f -> f.lsmCase().id()).toList();
        for (String id : engineCases) {
            if (!known.contains(id)) {
                throw new UsageException("--engine-cases: no case with id '" + id + "' in " + cases);
            }
        }
        try {
            List<EngineFilter> filters = engineFilters.stream().map(EngineFilter::fromLabel).distinct().toList();
            return new EngineSettings(engineQueries, seed, presentShare, engineCases, maxFilterEntries, filters);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
