package org.monkeyeval.cli;

import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.SummaryTable;
import org.monkeyeval.text.TableJson;

/** {@code solve}: one case from the command line, printed as a table. */
@Command(name = "solve", mixinStandardHelpOptions = true,
        description = {"Solve one case given on the command line and print the per-run table (or, with --format"
            + " csv|json, the rows of rows.csv).", "Examples:",
            "  solve --entries 10000,100000,1000000 --bits-per-entry 10",
            "  solve --policy leveling --size-ratio 10 --levels 7 --entries 1111111000 --l0-runs 4 "
                + "--l0-entries 100000 --bits-per-entry 10 --zero-result-share 0.5",
            "  solve --entries 10000,100000,1000000 --bits-per-entry 10 --zero-result-share 0.6 "
                + "--zero-result-share-range 0.2,0.9"})
final class SolveCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private CaseOptions lsmCase;

    @CommandLine.Option(names = "--engine-granularity", paramLabel = "ENGINE",
            description = "Add the deployable allocation: the best one ENGINE can express within the budget,"
                + " costed with its own filters (" + Engine.LABELS + ").")
    private String engineGranularity;

    /** How the result is printed. */
    enum Format { table, csv, json }

    @Option(names = "--format", defaultValue = "table", paramLabel = "FORMAT",
            description = "table (for reading), csv or json (the columns of rows.csv, case_id command-line);"
                    + " one of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private Format format;

    @Override
    public Integer call() throws Exception {
        Engine engine = EngineOption.parse(engineGranularity);
        CaseResult result = new CaseEvaluator(new ThresholdSolver(), engine).evaluate(lsmCase.lsmCase());
        spec.commandLine().getOut().print(switch (format) {
            case table -> SummaryTable.runs(result);
            case csv -> AllocationTables.rows(List.of(result));
            case json -> TableJson.of(AllocationTables.rows(List.of(result)), AllocationTables.TEXT_COLUMNS);
        });
        return ExitCodes.OK;
    }
}
