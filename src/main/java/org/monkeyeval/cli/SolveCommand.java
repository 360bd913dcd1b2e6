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
import org.monkeyeval.family.Engine;
import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.TreeShape;
import org.monkeyeval.model.Workload;
import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.SummaryTable;
import org.monkeyeval.report.TableJson;

/** {@code solve}: one case from the command line, printed as a table. */
@Command(name = "solve", mixinStandardHelpOptions = true,
        description = {"Solve one case given on the command line and print the per-run table (or, with --format"
            + " csv|json, the rows of rows.csv). Examples:",
            "  solve --entries 10000,100000,1000000 --bits-per-entry 10",
            "  solve --policy leveling --size-ratio 10 --levels 7 --entries 1111111000 --l0-runs 4 "
                + "--l0-entries 100000 --bits-per-entry 10 --zero-result-share 0.5",
            "  solve --entries 10000,100000,1000000 --bits-per-entry 10 --zero-result-share 0.6 "
                + "--zero-result-share-range 0.2,0.9"})
final class SolveCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--entries", required = true, split = ",", paramLabel = "N",
            description = "Entries of each run in probe order (newest first), comma-separated, e.g. "
                + "10000,100000,1000000; with --policy, the entries of levels 1..L (one number).")
    private List<Long> entries;

    @Option(names = "--policy", paramLabel = "POLICY",
            description = "Describe a tree instead of listing runs: leveling, tiering or lazy-leveling.")
    private String policy;

    @Option(names = "--size-ratio", paramLabel = "T", description = "Size ratio T of the tree (>= 2).")
    private Double sizeRatio;

    @Option(names = "--levels", paramLabel = "L", description = "Levels 1..L of the tree (L0 not counted).")
    private Integer levels;

    @Option(names = "--l0-runs", paramLabel = "K", description = "L0 runs of the tree (default: none).")
    private Integer l0Runs;

    @Option(names = "--l0-entries", paramLabel = "E", description = "Entries of each L0 run.")
    private Long l0Entries;

    @Option(names = "--zero-result-share", paramLabel = "Z",
            description = "Share of lookups for absent keys, in [0, 1] (default: 1, every key absent).")
    private Double zeroResultShare;

    @Option(names = "--zero-result-share-range", split = ",", paramLabel = "LO,HI",
            description = "The zero-result share may lie anywhere in [LO, HI] (which holds --zero-result-share):"
                + " add the robust allocation, the least worst regret over the range.")
    private List<Double> zeroResultShareRange;

    @Option(names = "--kl-radius", paramLabel = "RHO",
            description = "Instead of a range: every share z' with KL((z', 1-z') || (z, 1-z)) <= RHO (nats) around"
                + " --zero-result-share.")
    private Double klRadius;

    @ArgGroup(exclusive = true, multiplicity = "1")
    private BudgetOption budget;

    @CommandLine.Option(names = "--engine-granularity", paramLabel = "ENGINE",
            description = "Add the deployable allocation: the best one ENGINE can express within the budget,"
                + " costed with its own filter (pebble, rocksdb, rocksdb-per-level, fjall, leveldb, cassandra).")
    private String engineGranularity;

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
        Engine engine = EngineOption.parse(engineGranularity);
        Budget b;
        Workload workload;
        try {
            b = budget.bitsPerEntry != null ? new Budget.BitsPerEntry(budget.bitsPerEntry)
                    : new Budget.TotalBits(budget.totalBits);
            workload = zeroResultShare == null ? Workload.ABSENT_KEYS
                    : new Workload.ZeroResultShare(zeroResultShare, uncertainty());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (zeroResultShare == null && (zeroResultShareRange != null || klRadius != null)) {
            throw new UsageException("--zero-result-share-range and --kl-radius are uncertainty around a share:"
                    + " give --zero-result-share too");
        }
        TreeShape tree = policy == null ? null : tree();
        List<Run> runs = new ArrayList<>();
        if (tree == null) {
            if (sizeRatio != null || levels != null || l0Runs != null || l0Entries != null) {
                throw new UsageException("--size-ratio, --levels, --l0-runs and --l0-entries describe a tree: "
                        + "give --policy too");
            }
            for (long n : entries) {
                if (n <= 0) {
                    throw new UsageException("--entries: every run needs a positive number of entries, got " + n);
                }
                runs.add(new Run(null, n));
            }
        } else {
            try {
                runs = tree.expand();
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        LsmCase lsmCase = new LsmCase("command-line", "", runs, b, tree, workload);
        if (lsmCase.budgetBits() / lsmCase.totalEntries().doubleValue() > Budget.MAX_BITS_PER_ENTRY) {
            throw new UsageException("budget is over " + (int) Budget.MAX_BITS_PER_ENTRY + " bits per entry");
        }
        CaseResult result = new CaseEvaluator(new ThresholdSolver(), engine).evaluate(lsmCase);
        spec.commandLine().getOut().print(switch (format) {
            case table -> SummaryTable.runs(result);
            case csv -> AllocationTables.rows(List.of(result));
            case json -> TableJson.of(AllocationTables.rows(List.of(result)), AllocationTables.TEXT_COLUMNS);
        });
        return ExitCodes.OK;
    }

    /** The range or KL radius around the share, or null when neither is given. */
    private Workload.Uncertainty uncertainty() throws UsageException {
        if (zeroResultShareRange != null && klRadius != null) {
            throw new UsageException("give either --zero-result-share-range or --kl-radius, not both");
        }
        if (zeroResultShareRange != null) {
            if (zeroResultShareRange.size() != 2) {
                throw new UsageException("--zero-result-share-range takes LO,HI, got " + zeroResultShareRange.size()
                        + " values");
            }
            return new Workload.ShareRange(zeroResultShareRange.get(0), zeroResultShareRange.get(1));
        }
        return klRadius == null ? null : new Workload.KlRadius(klRadius);
    }

    private TreeShape tree() throws UsageException {
        TreeShape.Policy p = TreeShape.Policy.byField(policy);
        if (p == null) {
            throw new UsageException("--policy: \"" + policy + "\" is not a policy (leveling, tiering, lazy-leveling)");
        }
        if (sizeRatio == null || levels == null) {
            throw new UsageException("a tree needs --size-ratio and --levels");
        }
        if (entries.size() != 1) {
            throw new UsageException("--entries: a tree takes one number, the entries of levels 1..L");
        }
        if ((l0Runs == null) != (l0Entries == null)) {
            throw new UsageException("--l0-runs and --l0-entries go together");
        }
        try {
            return new TreeShape(p, sizeRatio, levels, entries.get(0), l0Runs == null ? 0 : l0Runs,
                    l0Entries == null ? 0 : l0Entries);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
