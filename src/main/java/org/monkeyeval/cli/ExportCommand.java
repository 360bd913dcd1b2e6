package org.monkeyeval.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.DeployableSolver;
import org.monkeyeval.alloc.HitsOptimized;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.family.Engine;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.InvalidInputException;
import org.monkeyeval.io.OutputFile;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.report.EngineExport;

/** {@code export}: the engine settings that implement a case's deployable allocation. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write the settings that implement a case's deployable allocation for ENGINE, with the cost"
            + " they are expected to achieve and the loss against the optimum: a Pebble OPTIONS fragment and Go,"
            + " a RocksDB OPTIONS file (rocksdb, rocksdb-ribbon, rocksdb-legacy) or C++ FilterPolicy choosing Bloom"
            + " or Ribbon by level (rocksdb-per-level), fjall Rust, a"
            + " Cassandra/ScyllaDB ALTER TABLE, a LevelDB NewBloomFilterPolicy line. Example:",
            "  export --engine pebble --case leveled-7-t10",
            "Without --engine, the case's own engineGranularity (an imported RocksDB names rocksdb-per-level)."})
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

    @Override
    public Integer call() throws Exception {
        Engine given = EngineOption.parse(engine, "--engine");
        List<CaseFile> files = CaseFolder.read(cases);
        LsmCase lsmCase = files.stream().map(CaseFile::lsmCase).filter(c -> c.id().equals(caseId)).findFirst()
                .orElseThrow(() -> new InvalidInputException(cases + ": no case '" + caseId + "' (it has "
                        + String.join(", ", files.stream().map(f -> f.lsmCase().id()).toList()) + ")"));
        if (given == null && lsmCase.engineGranularity() == null) {
            throw new UsageException("--engine: missing, and case " + caseId + " names no engineGranularity"
                    + " (give one of " + Engine.LABELS + ")");
        }
        Engine e = given != null ? given : Engine.fromLabel(lsmCase.engineGranularity());
        CaseResult result = new CaseEvaluator(new ThresholdSolver(), e).evaluate(lsmCase);
        HitsOptimized hits = null;
        if (e == Engine.ROCKSDB) {
            Integer[] levels = lsmCase.runs().stream().map(r -> r.level()).toArray(Integer[]::new);
            hits = HitsOptimized.solve(new DeployableSolver(), e, lsmCase.entries(), result.weights().reach(),
                    levels, result.budgetBits());
        }
        String text = EngineExport.render(result, hits);
        if (to == null) {
            spec.commandLine().getOut().print(text);
        } else {
            OutputFile.writeString(to, "export", "settings file", text);
            spec.commandLine().getOut().printf("wrote %s%n", to);
        }
        return ExitCodes.OK;
    }
}
