package org.monkeyeval.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.export.CaseSettings;
import org.monkeyeval.export.ExportTarget;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.OutputFile;
import org.monkeyeval.model.LsmCase;

/** {@code export}: the engine settings that implement a case's deployable allocation. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write the settings that implement a case's deployable allocation for ENGINE, with the cost"
            + " they are expected to achieve and the loss against the optimum: a Pebble OPTIONS fragment and Go,"
            + " a RocksDB OPTIONS file (rocksdb, rocksdb-ribbon, rocksdb-legacy) or C++ FilterPolicy choosing Bloom"
            + " or Ribbon by level (rocksdb-per-level), fjall Rust, a"
            + " Cassandra/ScyllaDB ALTER TABLE, a LevelDB NewBloomFilterPolicy line, an HBase shell alter of the"
            + " column family with the hbase-site.xml property.", "Examples:",
            "  export --engine pebble --case leveled-7-t10",
            "  export --engine hbase --case seed-10bpe --table usertable --column-family f",
            "Without --engine, the case's own engineGranularity (an imported RocksDB names rocksdb-per-level).",
            "Levels: each run is written at the level the engine really puts it, and the export lists case level"
            + " -> engine level. A run listed without a level is case level (its position from 1); L0 stays L0."
            + " RocksDB, Pebble and fjall fill from the bottom (RocksDB's level_compaction_dynamic_level_bytes,"
            + " on by default since 8.4 and written in the OPTIONS; Pebble's and fjall's dynamic base level):"
            + " the deepest case level is the last level (L6; RocksDB: num_levels - 1) and the others stack"
            + " above it. RocksDB gets num_levels = deepest case level + 1 where that is more than 7. LevelDB"
            + " keeps case level i at Li. Cassandra and HBase have no levels. Exit 3 with the reason where the engine"
            + " cannot hold the case: Pebble or fjall with more than 6 levels below L0, LevelDB past L6."})
final class ExportCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--engine", paramLabel = "ENGINE",
            description = "One of " + Engine.LABELS + " (default: the case's engineGranularity).")
    private String engine;

    @Option(names = "--cases", defaultValue = "cases", paramLabel = "DIR",
            description = "Folder of case files (default: ${DEFAULT-VALUE}).")
    private Path cases;

    @Option(names = "--case", required = true, paramLabel = "ID", description = "The case to export.")
    private String caseId;

    @Option(names = "--to", paramLabel = "FILE", description = "Write here (default: standard output).")
    private Path to;

    @Option(names = "--table", paramLabel = "NAME",
            description = "--engine hbase: the table the alter names, [namespace:]name (default: the case id).")
    private String table;

    @Option(names = "--column-family", paramLabel = "NAME",
            description = "--engine hbase: the column family the alter names (default: "
                    + ExportTarget.DEFAULT_COLUMN_FAMILY + ").")
    private String columnFamily;

    @Override
    public Integer call() throws Exception {
        Engine given = EngineOption.parse(engine, "--engine");
        LsmCase lsmCase = CaseFolder.readCase(cases, caseId);
        if (given == null && lsmCase.engineGranularity() == null) {
            throw new UsageException("--engine: missing, and case " + caseId + " names no engineGranularity"
                    + " (give one of " + Engine.LABELS + ")");
        }
        Engine e = given != null ? given : Engine.fromLabel(lsmCase.engineGranularity());
        if (e != Engine.HBASE && (table != null || columnFamily != null)) {
            throw new UsageException((table != null ? "--table" : "--column-family") + ": applies to --engine hbase only,"
                    + " not " + e.label());
        }
        String text = CaseSettings.render(lsmCase, e, target(lsmCase.id()));
        if (to == null) {
            spec.commandLine().getOut().print(text);
        } else {
            OutputFile.writeString(to, "export", "settings file", text);
            spec.commandLine().getOut().printf("wrote %s%n", to);
        }
        return ExitCodes.OK;
    }

    private ExportTarget target(String caseId) throws UsageException {
        try {
            return new ExportTarget(table != null ? table : caseId,
                    columnFamily != null ? columnFamily : ExportTarget.DEFAULT_COLUMN_FAMILY);
        } catch (IllegalArgumentException bad) {
            throw new UsageException((table != null && bad.getMessage().startsWith("table") ? "--table: "
                    : columnFamily != null ? "--column-family: " : "") + bad.getMessage());
        }
    }
}
