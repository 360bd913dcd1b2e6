package org.monkeyeval.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.engine.rocksdb.ImportedCase;
import org.monkeyeval.engine.rocksdb.RocksDbImport;
import org.monkeyeval.engine.rocksdb.RocksDbMeasure;
import org.monkeyeval.engine.rocksdb.RocksDbSnapshotOpen;
import org.monkeyeval.report.MeasureTables;

/** {@code measure}: RocksDB's own count of the data blocks an absent-key lookup reads, beside the predicted R. */
@Command(name = "measure", mixinStandardHelpOptions = true,
        description = {"Send absent keys through a RocksDB database with statistics on and print what RocksDB counts:"
            + " measured_R, the data blocks read per absent-key lookup (block cache data hits + misses) with its 95%%"
            + " interval, the filter's useful and positive counts, Get latency p50 and p99, beside the predicted"
            + " current_R of the same database (import, then run's current allocation) and the version read"
            + " (MANIFEST, sequence number). The database is opened read-only, or as a secondary instance while"
            + " another process holds it: no lock, nothing written in its folder. Absent keys: present keys"
            + " sampled by iteration, each extended by a byte, checked absent by the Get; for a column family whose"
            + " Get checks key prefixes only (a prefix extractor, whole_key_filtering=false), absent prefixes:"
            + " the last byte of a present key's prefix changed, checked absent by a Seek (the output says so).",
            "Example:",
            "  measure --rocksdb /var/lib/db --queries 100000 --seed 1"})
final class MeasureCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private DatabaseLookups lookups;

    @Option(names = "--column-family", defaultValue = "default", paramLabel = "NAME",
            description = "Column family to measure (default: ${DEFAULT-VALUE}).")
    private String columnFamily;

    @Option(names = "--all-column-families", description = "Measure every column family (not with --column-family).")
    private boolean allColumnFamilies;

    /** How the answer is printed. */
    enum Format { table, json }

    @Option(names = "--format", defaultValue = "table", paramLabel = "FORMAT",
            description = "table or json; one of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private Format format;

    @Override
    public Integer call() throws Exception {
        if (allColumnFamilies && spec.commandLine().getParseResult().hasMatchedOption("--column-family")) {
            throw new UsageException("give --column-family or --all-column-families, not both");
        }
        RocksDbMeasure.Settings settings = lookups.settings();
        Path dir = lookups.dir;
        EnvironmentException.requireRocksDb("RocksDB's native library does not load here");
        List<String> families = allColumnFamilies ? RocksDbSnapshotOpen.columnFamilies(dir) : List.of(columnFamily);
        List<MeasureTables.Row> rows = new ArrayList<>();
        for (RocksDbMeasure.Measurement m : RocksDbMeasure.measure(dir, families, settings,
                (open, family) -> ImportedCase.currentR(RocksDbImport.read(open, family)))) {
            rows.add(new MeasureTables.Row(m));
        }
        spec.commandLine().getOut().print(switch (format) {
            case table -> MeasureTables.table(dir.toString(), settings.queries(), settings.seed(), rows);
            case json -> MeasureTables.json(dir.toString(), settings.queries(), settings.seed(), rows);
        });
        return ExitCodes.OK;
    }
}
