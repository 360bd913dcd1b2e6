package org.monkeyeval.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.engine.RocksDbImport;
import org.monkeyeval.engine.RocksDbNative;
import org.monkeyeval.family.Engine;
import org.monkeyeval.io.InvalidInputException;
import org.monkeyeval.io.OutputFile;
import org.monkeyeval.report.ImportedCase;

/** {@code import}: a case file from a RocksDB database, opened read-only. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Write a case file from a RocksDB database opened read-only: each L0 file a run (newest first),"
            + " each non-empty level a run, the filter memory it holds as the budget, each run's bits per entry"
            + " today as currentBitsPerEntry. `run` on the case adds the allocation `current`, and the deployable"
            + " allocation at the case's engineGranularity. Example:",
            "  import --rocksdb /var/lib/db --column-family default --to cases/mydb.json"})
final class ImportCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--rocksdb", required = true, paramLabel = "DIR", description = "The database folder.")
    private Path dir;

    @Option(names = "--column-family", defaultValue = "default", paramLabel = "NAME",
            description = "Column family to read (default: ${DEFAULT-VALUE}).")
    private String columnFamily;

    @Option(names = "--id", paramLabel = "ID",
            description = "Case id (default: rocksdb-<column family>).")
    private String id;

    @Option(names = "--to", paramLabel = "FILE.json", description = "Write the case here (default: standard output).")
    private Path to;

    @Option(names = "--weights", defaultValue = "none", paramLabel = "WEIGHTS",
            description = "sampled-reads: each run's sampled reads as its lookups; none (default).")
    private String weights;

    @Option(names = "--engine-granularity", paramLabel = "ENGINE",
            description = "The case's engineGranularity: the engine granularity `run` finds its deployable allocation"
                    + " at (" + Engine.LABELS + "), or none (default:"
                    + " rocksdb-per-level, bits per key by level_at_creation).")
    private String engineGranularity;

    @Override
    public Integer call() throws Exception {
        boolean sampled = switch (weights) {
            case "none" -> false;
            case "sampled-reads" -> true;
            default -> throw new UsageException("--weights: \"" + weights + "\" is not one of none, sampled-reads");
        };
        Engine granularity = "none".equals(engineGranularity) ? null
                : engineGranularity == null ? ImportedCase.DEFAULT_GRANULARITY : EngineOption.parse(engineGranularity);
        if (!RocksDbNative.available()) {
            throw new EnvironmentException("RocksDB's native library does not load here: "
                    + RocksDbNative.problem().orElse(""));
        }
        if (id != null && !id.matches("[a-z0-9][a-z0-9._-]{0,127}")) {
            throw new UsageException("--id: '" + id + "' must match [a-z0-9][a-z0-9._-]*");
        }
        RocksDbImport.Imported imported = RocksDbImport.read(dir, columnFamily);
        String json;
        try {
            json = ImportedCase.json(imported, sampled, id, granularity);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(dir + ": " + e.getMessage());
        }
        if (to == null) {
            spec.commandLine().getOut().print(json);
        } else {
            OutputFile.writeString(to, "case file", "case file", json);
            spec.commandLine().getOut().printf("wrote %s%n", to);
        }
        return ExitCodes.OK;
    }
}
