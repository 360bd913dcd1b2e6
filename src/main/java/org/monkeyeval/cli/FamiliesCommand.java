package org.monkeyeval.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.catalog.Families;
import org.monkeyeval.family.catalog.FamilyLookup;
import org.monkeyeval.report.FamilyTable;

/** {@code families}: what a filter family builds for n keys at b bits per key. */
@Command(name = "families", mixinStandardHelpOptions = true,
        description = {"Look a filter up: the setting an engine uses when asked for B bits per key, the filter's"
            + " real size over N keys (filter_bits, bits_per_key, metadata included), its false-positive rate and"
            + " its parameters, with the source of the rules. Without --bits-per-key, every request from 1 to 24"
            + " bits per key; without --family or --engine, every family.", "Examples:",
            "  families --family pebble --entries 5000000 --bits-per-key 12",
            "  families --engine rocksdb --entries 100000 --format csv"})
final class FamiliesCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--family", paramLabel = "F", description = "The family (see the list with no option).")
    private String family;

    @Option(names = "--engine", paramLabel = "E",
            description = "Every family an engine granularity chooses from (as --engine-granularity names it;"
                    + " rocksdb-per-level and rocksdb-ribbon: Bloom and Ribbon).")
    private String engine;

    @Option(names = "--entries", defaultValue = "1000000", paramLabel = "N",
            description = "Keys in the filter, >= 1 (default: ${DEFAULT-VALUE}).")
    private long entries;

    @Option(names = "--bits-per-key", paramLabel = "B", description = "Bits per key asked for.")
    private Double bitsPerKey;

    /** How the answer is printed. */
    enum Format { table, csv, json }

    @Option(names = "--format", defaultValue = "table", paramLabel = "FORMAT",
            description = "table, csv or json; one of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private Format format;

    @Override
    public Integer call() throws Exception {
        List<FilterFamily> families = chosen();
        if (entries < 1) {
            throw new UsageException("--entries: a filter holds at least 1 key, got " + entries);
        }
        List<FamilyLookup.Row> rows = new ArrayList<>();
        for (FilterFamily f : families) {
            try {
                rows.addAll(bitsPerKey == null ? FamilyLookup.table(f, entries)
                        : List.of(FamilyLookup.lookup(f, entries, bitsPerKey)));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--bits-per-key: " + e.getMessage());
            }
        }
        spec.commandLine().getOut().print(switch (format) {
            case table -> FamilyTable.table(rows);
            case csv -> FamilyTable.csv(rows);
            case json -> FamilyTable.json(rows);
        });
        return ExitCodes.OK;
    }

    private List<FilterFamily> chosen() throws UsageException {
        if (family != null && engine != null) {
            throw new UsageException("give --family or --engine, not both");
        }
        if (engine != null) {
            Engine e = EngineOption.parse(engine, "--engine");
            return e.families();
        }
        if (family != null) {
            try {
                return List.of(Families.byName(family));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--family: " + e.getMessage());
            }
        }
        return Families.all();
    }
}
