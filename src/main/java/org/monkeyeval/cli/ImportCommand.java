package org.monkeyeval.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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

/** {@code import}: a case file from a RocksDB database, opened as a secondary instance. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Write a case file from a RocksDB database, read as it is while it may be open and written by"
            + " its server (a RocksDB secondary instance when another process holds it, read-only otherwise: no lock"
            + " taken, nothing written in DIR; the version read, MANIFEST and sequence number, reported): each L0 file a run (newest"
            + " first), each non-empty level a run holding its files, each file with the filter it really holds"
            + " (read from the file: fast local Bloom, legacy Bloom, Ribbon or none; partitioned; whole keys or"
            + " prefixes), the filter memory as the budget. `run` on the case prices `current` on those filters,"
            + " and adds the deployable allocation at the case's engineGranularity. Examples:",
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
        if (!RocksDbNative.available()) {
            throw new EnvironmentException("RocksDB's native library does not load here: "
                    + RocksDbNative.problem().orElse(""));
        }
        if (id != null && !id.matches("[a-z0-9][a-z0-9._-]{0,127}")) {
            throw new UsageException("--id: '" + id + "' must match [a-z0-9][a-z0-9._-]*");
        }
        if (allColumnFamilies) {
            if (to == null) {
                throw new UsageException("--all-column-families needs --to FOLDER");
            }
            if (spec.commandLine().getParseResult().hasMatchedOption("--column-family")) {
                throw new UsageException("give --column-family or --all-column-families, not both");
            }
            Map<String, String> cases = new LinkedHashMap<>();
            List<RocksDbImport.Imported> all = RocksDbImport.readAll(dir);
            for (RocksDbImport.Imported imported : all) {
                String caseId = id == null ? null : id + "-" + ImportedCase.id(imported.columnFamily())
                        .substring("rocksdb-".length());
                String json = json(imported, sampled, caseId, granularity);
                String name = ImportedCase.caseId(imported, caseId) + ".json";
                if (cases.put(name, json) != null) {
                    throw new InvalidInputException(dir + ": two column families give the case file name " + name);
                }
            }
            List<String> wrote = new ArrayList<>();
            int i = 0;
            for (Map.Entry<String, String> c : cases.entrySet()) {
                Path file = to.resolve(c.getKey());
                OutputFile.writeString(file, "case file", "case file", c.getValue());
                wrote.add(String.format(Locale.ROOT, "wrote %s (%s)", file, version(all.get(i++))));
            }
            wrote.forEach(spec.commandLine().getOut()::println);
            return ExitCodes.OK;
        }
        RocksDbImport.Imported imported = RocksDbImport.read(dir, columnFamily);
        String json = json(imported, sampled, id, granularity);
        if (to == null) {
            spec.commandLine().getOut().print(json);
        } else {
            OutputFile.writeString(to, "case file", "case file", json);
            spec.commandLine().getOut().printf("wrote %s (%s)%n", to, version(imported));
        }
        return ExitCodes.OK;
    }

    private String json(RocksDbImport.Imported imported, boolean sampled, String caseId, Engine granularity)
            throws InvalidInputException {
        try {
            return ImportedCase.json(imported, sampled, caseId, granularity);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(dir + ": " + e.getMessage());
        }
    }

    /** "column family default, MANIFEST-000012, sequence number 345": the version read. */
    private static String version(RocksDbImport.Imported imported) {
        return String.format(Locale.ROOT, "column family %s, MANIFEST-%06d, sequence number %d",
                imported.columnFamily(), imported.manifestNumber(), imported.sequenceNumber());
    }
}
