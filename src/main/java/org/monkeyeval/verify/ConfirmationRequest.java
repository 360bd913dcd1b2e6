package org.monkeyeval.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.confirm.ConfirmSettings;
import org.monkeyeval.confirm.Confirmer;
import org.monkeyeval.engine.rocksdb.EngineFilter;
import org.monkeyeval.engine.rocksdb.EngineSettings;
import org.monkeyeval.engine.rocksdb.RocksDbEngineCheck;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.rocksdb.RocksDbFamily;

/**
 * What a confirmation is asked to do: the real filters' settings, the RocksDB engine check's (or none)
 * and the engine whose deployable allocation is confirmed too (or none). The command line that
 * {@code confirm-provenance.json} records is written from it ({@link #command}), and
 * {@link PublishedFolder#confirmation} reads the same request back to make the part again.
 *
 * <p>It lives beside the folder's other parts, not in {@code confirm}, because it joins the filters'
 * settings and limits with the engine check's, and the engine check is built on {@code confirm}.
 *
 * @param settings    the filters' settings
 * @param engine      the engine check's settings, or null when it does not run
 * @param granularity the engine whose deployable allocation is confirmed as well, or null
 */
public record ConfirmationRequest(ConfirmSettings settings, EngineSettings engine, Engine granularity) {

    /** The one engine the check runs, as {@code --engine} names it. */
    public static final String ENGINE = "rocksdb";

    /** The option that records {@link #granularity}; {@link PublishedFolder} reads it back. */
    static final String GRANULARITY_OPTION = "--engine-granularity";

    public ConfirmationRequest {
        if (settings == null) {
            throw new IllegalArgumentException("a confirmation needs its settings");
        }
    }

    /**
     * Checks that {@code granularity} can be asked of a confirmation with or without the engine check:
     * its deployable allocation is measured inside RocksDB, so it needs the check and is one of
     * RocksDB's.
     *
     * @throws IllegalArgumentException naming the options, when it cannot
     */
    public static void checkGranularity(Engine granularity, boolean engineCheck) {
        if (granularity != null && !engineCheck) {
            throw new IllegalArgumentException("--engine-granularity needs --engine rocksdb (the deployable"
                    + " allocation is measured inside RocksDB)");
        }
        if (granularity != null && granularity.family() != RocksDbFamily.INSTANCE) {
            throw new IllegalArgumentException("--engine-granularity: the RocksDB engine check measures rocksdb or"
                    + " rocksdb-per-level, not " + granularity.label());
        }
    }

    /**
     * Why a case's allocation cannot be confirmed on this heap: the filters' limit first, then, for a case
     * the engine check selects, the engine's; empty when it can.
     */
    public Optional<String> limit(String caseId, CaseResult allocation, long heapBytes) {
        Optional<String> problem = Confirmer.limit(allocation, settings, heapBytes);
        if (problem.isEmpty() && engine != null && engine.selects(caseId)) {
            problem = RocksDbEngineCheck.limit(allocation, engine, heapBytes);
        }
        return problem;
    }

    /**
     * The command line recorded for this request, every setting spelled out so the record alone
     * reproduces the tables.
     *
     * @param layouts the layouts as given on the command line (recorded as given, a repeat included)
     */
    public List<String> command(String cases, String out, List<String> layouts) {
        List<String> command = new ArrayList<>(List.of(Part.CONFIRMATION.command(), "--cases", cases, "--out", out,
                "--queries", Long.toString(settings.queries()), "--seed", Long.toString(settings.seed()),
                "--threads", Integer.toString(settings.threads()), "--layout", String.join(",", layouts),
                "--max-filter-entries", Long.toString(settings.maxFilterEntries())));
        if (!settings.familyCases().isEmpty()) {
            command.addAll(List.of("--family-cases", String.join(",", settings.familyCases())));
        }
        if (engine != null) {
            command.addAll(List.of("--engine", ENGINE, "--engine-cases", String.join(",", engine.caseIds()),
                    "--engine-queries", Long.toString(engine.queries()), "--present-share",
                    Double.toString(engine.presentShare())));
            if (!engine.filters().equals(List.of(EngineFilter.FAST_LOCAL_BLOOM))) {
                command.addAll(List.of("--engine-filters",
                        String.join(",", engine.filters().stream().map(EngineFilter::label).toList())));
            }
            if (granularity != null) {
                command.addAll(List.of(GRANULARITY_OPTION, granularity.label()));
            }
        }
        return command;
    }
}
