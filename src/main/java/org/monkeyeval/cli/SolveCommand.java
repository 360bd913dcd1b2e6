package org.monkeyeval.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.SummaryTable;
import org.monkeyeval.report.TableJson;

/** {@code solve}: one case from the command line, printed as a table. */
@Command(name = "solve", mixinStandardHelpOptions = true,
        description = "Solve one case given on the command line and print the per-run table (or, with --format"
            + " csv|json, the rows of rows.csv). Example: solve --entries 10000,100000,1000000 --bits-per-entry 10")
final class SolveCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--entries", required = true, split = ",", paramLabel = "N",
            description = "Entries of each run, comma-separated, e.g. 10000,100000,1000000.")
    private List<Long> entries;

    @ArgGroup(exclusive = true, multiplicity = "1")
    private BudgetOption budget;

    /** How the result is printed. */
    enum Format { table, csv, json }

    @Option(names = "--format", defaultValue = "table", paramLabel = "FORMAT",
            description = "table (for reading), csv or json (the columns of rows.csv, case_id command-line);"
                    + " one of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private Format format;

    static final class BudgetOption {
        @Option(names = "--bits-per-entry", paramLabel = "B", description = "Budget as average bits per entry.")
        Double bitsPerEntry;

        @Option(names = "--total-bits", paramLabel = "M", description = "Budget as total bits.")
        Double totalBits;
    }

    @Override
    public Integer call() throws Exception {
        List<Run> runs = new ArrayList<>();
        for (long n : entries) {
            if (n <= 0) {
                throw new UsageException("--entries: every run needs a positive number of entries, got " + n);
            }
            runs.add(new Run(null, n));
        }
        Budget b;
        try {
            b = budget.bitsPerEntry != null ? new Budget.BitsPerEntry(budget.bitsPerEntry)
                    : new Budget.TotalBits(budget.totalBits);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        LsmCase lsmCase = new LsmCase("command-line", "", runs, b);
        if (lsmCase.budgetBits() / lsmCase.totalEntries().doubleValue() > Budget.MAX_BITS_PER_ENTRY) {
            throw new UsageException("budget is over " + (int) Budget.MAX_BITS_PER_ENTRY + " bits per entry");
        }
        CaseResult result = new CaseEvaluator(new ThresholdSolver()).evaluate(lsmCase);
        spec.commandLine().getOut().print(switch (format) {
            case table -> SummaryTable.runs(result);
            case csv -> AllocationTables.rows(List.of(result));
            case json -> TableJson.of(AllocationTables.rows(List.of(result)), AllocationTables.TEXT_COLUMNS);
        });
        return ExitCodes.OK;
    }
}
