package org.monkeyeval.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.engine.rocksdb.RocksDbMeasure;
import org.monkeyeval.engine.rocksdb.RocksDbRehearsal;
import org.monkeyeval.engine.rocksdb.RocksDbSnapshotOpen;
import org.monkeyeval.io.OutputFolder;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.report.RehearsalTables;
import org.monkeyeval.report.ToolInfo;

/** {@code rehearse}: a recommendation applied to a copy of a RocksDB database and measured before and after. */
@Command(name = "rehearse", mixinStandardHelpOptions = true,
        description = {"Apply the deployable allocation to a copy of a RocksDB database and measure it: the copy"
            + " imported, every file rewritten at its own level with the filter RocksDB builds for the allocation"
            + " (each file alone by CompactFiles into its own level, automatic compactions off), and RocksDB's own"
            + " count of the data blocks an absent-key lookup reads measured before and after with the same absent"
            + " keys, as measure does. Prints predicted and measured R with the 95%% interval, filter bits against"
            + " the budget and files per level, before and after, and the rewrite's wall time. DIR is only read:"
            + " a database nobody holds is copied file by file; one another process holds is copied as a"
            + " checkpoint of the version a secondary instance reads (entries only in its write-ahead log are not"
            + " in it). The allocation is solved at a budget small enough that the filters RocksDB builds, one"
            + " per file, fit the database's filter memory.", "Example:",
            "  rehearse --rocksdb /var/lib/db --engine-granularity rocksdb-per-level --queries 200000 --out out/"})
final class RehearseCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private DatabaseLookups lookups;

    @Option(names = "--column-family", defaultValue = "default", paramLabel = "NAME",
            description = "Column family to rehearse (default: ${DEFAULT-VALUE}).")
    private String columnFamily;

    @Option(names = "--all-column-families",
            description = "Rehearse every column family, one after another on one copy (not with --column-family).")
    private boolean allColumnFamilies;

    @Option(names = "--engine-granularity", paramLabel = "ENGINE", description = "rocksdb, rocksdb-per-level,"
            + " rocksdb-ribbon or rocksdb-legacy (default: the imported case's, rocksdb-per-level).")
    private String engineGranularity;

    @Option(names = "--keep", paramLabel = "DIR", description = "Leave the rewritten copy in this new folder.")
    private Path keep;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write the result there: " + RehearsalTables.CSV_FILE
            + " (one row per column family) and its provenance, " + RehearsalTables.PROVENANCE_FILE
            + "; report shows the measured gain beside the predicted one when they sit in its input folder.")
    private Path out;

    /** How the answer is printed. */
    enum Format { table, csv, json }

    @Option(names = "--format", defaultValue = "table", paramLabel = "FORMAT",
            description = "One of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private Format format;

    @Override
    public Integer call() throws Exception {
        if (allColumnFamilies && spec.commandLine().getParseResult().hasMatchedOption("--column-family")) {
            throw new UsageException("give --column-family or --all-column-families, not both");
        }
        RocksDbMeasure.Settings settings = lookups.settings();
        Engine engine = EngineOption.parse(engineGranularity, "--engine-granularity");
        EnvironmentException.requireRocksDb("RocksDB's native library does not load here");
        Path dir = lookups.dir;
        List<String> families = allColumnFamilies ? RocksDbSnapshotOpen.columnFamilies(dir) : List.of(columnFamily);
        List<RocksDbRehearsal.Result> results = RocksDbRehearsal.rehearse(dir, families, engine, settings, keep,
                line -> spec.commandLine().getErr().println("rehearse: " + line));
        String database = dir.toString();
        if (out != null) {
            OutputFolder.write(out, Map.of(
                    RehearsalTables.CSV_FILE, RehearsalTables.csv(database, settings.queries(), settings.seed(), results),
                    RehearsalTables.PROVENANCE_FILE, RehearsalTables.provenance(ToolInfo.current(), database,
                            settings.queries(), settings.seed(), results)));
            spec.commandLine().getErr().println("rehearse: wrote " + out.resolve(RehearsalTables.CSV_FILE) + " and "
                    + out.resolve(RehearsalTables.PROVENANCE_FILE));
        }
        spec.commandLine().getOut().print(switch (format) {
            case table -> RehearsalTables.table(database, results);
            case csv -> RehearsalTables.csv(database, settings.queries(), settings.seed(), results);
            case json -> RehearsalTables.json(database, settings.queries(), settings.seed(), results);
        });
        return ExitCodes.OK;
    }
}
