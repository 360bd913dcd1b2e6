package org.monkeyeval.cli;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.TreeShape;
import org.monkeyeval.model.Workload;

/**
 * {@code solve}'s case, given on the command line as a picocli mixin: runs listed or a tree described,
 * a budget and a workload. A combination that parses but makes no case is a bad command line.
 */
final class CaseOptions {

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

    static final class BudgetOption {
        @Option(names = "--bits-per-entry", paramLabel = "B", description = "Budget as average bits per entry.")
        Double bitsPerEntry;

        @Option(names = "--total-bits", paramLabel = "M", description = "Budget as total bits.")
        Double totalBits;
    }

    /** The case the options describe, named {@code command-line}. */
    LsmCase lsmCase() throws UsageException {
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
        return lsmCase;
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
}
