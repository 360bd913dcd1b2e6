package org.monkeyeval.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.engine.rocksdb.ImportedCase;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.io.OutputFile;

/** {@code import}: a case file from a RocksDB database, opened as a secondary instance. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Write a case file from a RocksDB database, read as it is while it may be open and written by"
            + " its server (a RocksDB secondary instance when another process holds it, read-only otherwise: no lock"
            + " taken, nothing written in DIR; the version read, MANIFEST and sequence number, reported): each L0 file a run (newest"
            + " first), each non-empty level a run holding its files, each file with the filter it really holds"
            + " (read from the file: fast local Bloom, legacy Bloom, Ribbon or none; partitioned; whole keys or"
            + " prefixes), the filter memory as the budget. `run` on the case prices `current` on those filters,"
            + " and adds the deployable allocation at the case's engineGranularity. Prefix-only filters: sized by their"
            + " prefixes, priced for absent prefixes unless the case's workload.presentPrefixShare says.", "Examples:",
            "  import --rocksdb /var/lib/db --column-family default --to cases/mydb.json",
            "  import --rocksdb /var/lib/db --all-column-families --to cases/mydb/"})
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

    @Option(names = "--to", paramLabel = "FILE.json", description = "Write the case here (default: standard output);"
            + " with --all-column-families, the folder to write one case per column family into, each named"
            + " <case id>.json (rocksdb-<column family>, or <ID>-<column family> with --id).")
    private Path to;

    @Option(names = "--all-column-families",
            description = "One case per column family (needs --to FOLDER; not with --column-family).")
    private boolean allColumnFamilies;

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
        EnvironmentException.requireRocksDb("RocksDB's native library does not load here");
        if (id != null && !id.matches("[a-z0-9][a-z0-9._-]{0,127}")) {
            throw new UsageException("--id: '" + id + "' must match [a-z0-9][a-z0-9._-]*");
        }
        if (!allColumnFamilies) {
            ImportedCase.File file = ImportedCase.read(dir, columnFamily, sampled, id, granularity);
            if (to == null) {
                spec.commandLine().getOut().print(file.json());
            } else {
                OutputFile.writeString(to, "case file", "case file", file.json());
                spec.commandLine().getOut().printf("wrote %s (%s)%n%s%n", to, file.version(),
                        ReportHint.importedCase(to));
            }
            return ExitCodes.OK;
        }
        if (to == null) {
            throw new UsageException("--all-column-families needs --to FOLDER");
        }
        if (spec.commandLine().getParseResult().hasMatchedOption("--column-family")) {
            throw new UsageException("give --column-family or --all-column-families, not both");
        }
        List<ImportedCase.File> files = ImportedCase.readAll(dir, sampled, id, granularity);
        for (ImportedCase.File file : files) {
            OutputFile.writeString(to.resolve(file.name()), "case file", "case file", file.json());
        }
        files.forEach(f -> spec.commandLine().getOut().printf("wrote %s (%s)%n", to.resolve(f.name()), f.version()));
        files.stream().findFirst().ifPresent(f -> spec.commandLine().getOut().println(ReportHint.importedCase(to.resolve(f.name()))));
        return ExitCodes.OK;
    }
}
