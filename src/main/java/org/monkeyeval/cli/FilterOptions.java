package org.monkeyeval.cli;

import java.util.List;
import java.util.OptionalDouble;

import picocli.CommandLine.Option;

import org.monkeyeval.confirm.ConfirmSettings;

/** {@code confirm}'s options of the real filters, as a picocli mixin, and the settings they state. */
final class FilterOptions {

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

    @Option(names = "--family-cases", split = ",", paramLabel = "ID",
            description = "Build the layouts other than standard and rocksdb (the families' real filters) for these"
                + " cases only (default: every case).")
    private List<String> familyCases = List.of();

    @Option(names = "--precision", paramLabel = "REL",
            description = "Keep doubling Q until every filtered run's 95%% interval half-width is below REL"
                    + " times its observed rate (capped by --max-queries).")
    private Double precision;

    @Option(names = "--max-queries", defaultValue = "" + ConfirmSettings.DEFAULT_MAX_QUERIES, paramLabel = "Q",
            description = "Cap on Q with --precision (default: ${DEFAULT-VALUE}).")
    private long maxQueries;

    @Option(names = "--max-filter-entries", defaultValue = "" + ConfirmSettings.DEFAULT_MAX_FILTER_ENTRIES,
            paramLabel = "N",
            description = "Most keys one filter (or engine SST) is built over; a larger run is confirmed on a filter"
                    + " of its bits per entry over N of its keys (built_entries in confirm.csv; default:"
                    + " ${DEFAULT-VALUE}).")
    private long maxFilterEntries;

    /** The layouts as given, for the command line recorded. */
    List<String> layouts() {
        return layouts;
    }

    /** The settings the options state; one out of range is a bad command line. */
    ConfirmSettings settings() throws UsageException {
        try {
            int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
            OptionalDouble p = precision == null ? OptionalDouble.empty() : OptionalDouble.of(precision);
            return ConfirmSettings.of(queries, seed, t, layouts, p, maxQueries, maxFilterEntries, familyCases);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
