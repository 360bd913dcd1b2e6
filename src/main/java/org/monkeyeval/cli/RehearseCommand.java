package org.monkeyeval.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.engine.rocksdb.RocksDbMeasure;
import org.monkeyeval.engine.rocksdb.RocksDbRehearsal;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.report.RehearsalTables;

/** {@code rehearse}: a recommendation applied to a copy of a RocksDB database and measured before and after. */
@Command(name = "rehearse", mixinStandardHelpOptions = true,
        description = {"Apply the deployable allocation to a copy of a RocksDB database and measure it: the copy"
            + " imported, every file rewritten at its own level with the filter RocksDB builds for the allocation"
            + " (each file alone by CompactFiles into its own level, automatic compactions off), and RocksDB's own"
            + " count of the data blocks an absent-key lookup reads measured before and after with the same absent"
            + " keys, as measure does. Prints predicted and measured R with the 95%% interval, filter bits against"
            + " the budget and files per level, before and after, and the rewrite's wall time. DIR is only read;"
            + " a database another process holds is refused (rehearse a checkpoint of it).", "Example:",
            "  rehearse --rocksdb /var/lib/db --engine-granularity rocksdb-per-level --queries 200000"})
final class RehearseCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private DatabaseLookups lookups;

    @Option(names = "--column-family", defaultValue = "default", paramLabel = "NAME",
            description = "Column family to rehearse (default: ${DEFAULT-VALUE}).")
    private String columnFamily;

    @Option(names = "--engine-granularity", paramLabel = "ENGINE", description = "rocksdb, rocksdb-per-level,"
            + " rocksdb-ribbon or rocksdb-legacy (default: the imported case's, rocksdb-per-level).")
    private String engineGranularity;

    @Option(names = "--keep", paramLabel = "DIR", description = "Leave the rewritten copy in this new folder.")
    private Path keep;

    /** How the answer is printed. */
    enum Format { table, json }

    @Option(names = "--format", defaultValue = "table", paramLabel = "FORMAT",
            description = "table or json; one of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private Format format;

    @Override
    public Integer call() throws Exception {
        RocksDbMeasure.Settings settings = lookups.settings();
        Engine engine = EngineOption.parse(engineGranularity, "--engine-granularity");
        EnvironmentException.requireRocksDb("RocksDB's native library does not load here");
        RocksDbRehearsal.Result r = RocksDbRehearsal.rehearse(lookups.dir, columnFamily, engine, settings, keep,
                line -> spec.commandLine().getErr().println("rehearse: " + line));
        spec.commandLine().getOut().print(format == Format.table ? RehearsalTables.table(lookups.dir.toString(), r)
                : RehearsalTables.json(lookups.dir.toString(), settings.queries(), settings.seed(), r));
        return ExitCodes.OK;
    }
}
