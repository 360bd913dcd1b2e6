package org.monkeyeval.model;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One evaluation case: runs i = 1..r with n_i entries, a memory budget M and the lookups that reach
 * the runs. Runs are in probe order: the first is the newest and is asked first.
 *
 * <p>Immutable. N and the entry counts are computed once, so that per-run work over a case of a
 * million runs stays linear.
 */
public final class LsmCase {

    /** Ids are safe as file names and CSV keys. */
    public static final Pattern ID_PATTERN = Pattern.compile("[a-z0-9][a-z0-9._-]*");

    private final String id;
    private final String description;
    private final List<Run> runs;
    private final Budget budget;
    private final TreeShape tree;
    private final Workload workload;
    private final String engineGranularity;
    private final RocksDbOptions rocksdb;
    private final Double presentPrefixShare;
    private final Versions versions;
    private final long[] entries;
    private final BigInteger totalEntries;

    /** A case of listed runs whose lookups are all for absent keys. */
    public LsmCase(String id, String description, List<Run> runs, Budget budget) {
        this(id, description, runs, budget, null, Workload.ABSENT_KEYS);
    }

    /**
     * @param id          unique id, {@code [a-z0-9][a-z0-9._-]*}
     * @param description free text, may be empty
     * @param runs        the runs in probe order (position i is the 1-based {@code run} column); for a
     *                    tree, its expansion
     * @param budget      the filter memory budget
     * @param tree        the shape the runs were expanded from, or {@code null} for a listed case
     * @param workload    the lookups; {@link Workload.MeasuredLookups} requires {@code lookups} on every run
     */
    public LsmCase(String id, String description, List<Run> runs, Budget budget, TreeShape tree, Workload workload) {
        this(id, description, runs, budget, tree, workload, null);
    }

    /**
     * As {@link #LsmCase(String, String, List, Budget, TreeShape, Workload)}, for a case that names the
     * engine granularity its deployable allocation is found at.
     *
     * @param engineGranularity the engine's label (as {@code --engine-granularity} takes it), or {@code null}
     */
    public LsmCase(String id, String description, List<Run> runs, Budget budget, TreeShape tree, Workload workload,
                   String engineGranularity) {
        this(id, description, runs, budget, tree, workload, engineGranularity, null);
    }

    /**
     * As {@link #LsmCase(String, String, List, Budget, TreeShape, Workload, String)}, for a RocksDB database
     * whose own options the case carries.
     *
     * @param rocksdb the column family's options as read from its OPTIONS file, or {@code null}
     */
    public LsmCase(String id, String description, List<Run> runs, Budget budget, TreeShape tree, Workload workload,
                   String engineGranularity, RocksDbOptions rocksdb) {
        this(id, description, runs, budget, tree, workload, engineGranularity, rocksdb, null);
    }

    /**
     * As {@link #LsmCase(String, String, List, Budget, TreeShape, Workload, String, RocksDbOptions)}, for a case
     * whose workload says what share of its absent keys have a prefix the database holds (files whose
     * filters hold only prefixes read the block for those).
     *
     * @param presentPrefixShare in [0, 1], or {@code null} when the case does not say (taken as 0: every
     *                           absent key's prefix absent too)
     */
    public LsmCase(String id, String description, List<Run> runs, Budget budget, TreeShape tree, Workload workload,
                   String engineGranularity, RocksDbOptions rocksdb, Double presentPrefixShare) {
        this(id, description, runs, budget, tree, workload, engineGranularity, rocksdb, presentPrefixShare, null);
    }

    /**
     * As {@link #LsmCase(String, String, List, Budget, TreeShape, Workload, String, RocksDbOptions, Double)}, for a
     * case whose keys are stored as several versions: {@code runs} then hold the entries their filters hold
     * (distinct keys; Pebble: distinct Split prefixes), and {@code versions} says how they were counted.
     *
     * @param versions versions per key, or null when every stored entry is a filter entry
     */
    public LsmCase(String id, String description, List<Run> runs, Budget budget, TreeShape tree, Workload workload,
                   String engineGranularity, RocksDbOptions rocksdb, Double presentPrefixShare, Versions versions) {
        this.versions = versions;
        if (presentPrefixShare != null && !(presentPrefixShare >= 0.0 && presentPrefixShare <= 1.0)) {
            throw new IllegalArgumentException("presentPrefixShare (" + presentPrefixShare + ") must be in [0, 1]");
        }
        this.presentPrefixShare = presentPrefixShare;
        if (id == null || !ID_PATTERN.matcher(id).matches()) {
            throw new IllegalArgumentException("id (" + id + ") must match " + ID_PATTERN.pattern());
        }
        if (runs == null || runs.isEmpty()) {
            throw new IllegalArgumentException("case " + id + " has no runs");
        }
        if (budget == null) {
            throw new IllegalArgumentException("case " + id + " has no budget");
        }
        Objects.requireNonNull(workload, "workload");
        this.id = id;
        this.description = description == null ? "" : description;
        this.runs = List.copyOf(runs);
        this.budget = budget;
        this.tree = tree;
        this.workload = workload;
        this.engineGranularity = engineGranularity;
        this.rocksdb = rocksdb;
        boolean measured = workload instanceof Workload.MeasuredLookups;
        double busiest = 0.0;
        for (Run run : this.runs) {
            if ((run.lookups() != null) != measured) {
                throw new IllegalArgumentException(measured ? "every run needs lookups when any run has them"
                        : "per-run lookups need a measured-lookups workload");
            }
            if (measured) {
                busiest = Math.max(busiest, run.lookups());
            }
        }
        if (measured && busiest == 0.0) {
            throw new IllegalArgumentException("lookups are 0 on every run: no lookup reaches a filter");
        }
        this.entries = new long[this.runs.size()];
        for (int i = 0; i < entries.length; i++) {
            entries[i] = this.runs.get(i).entries();
        }
        this.totalEntries = sum(entries);
    }

    /** This case with another budget; every other field as it is. */
    public LsmCase withBudget(Budget other) {
        return new LsmCase(id, description, runs, other, tree, workload, engineGranularity, rocksdb,
                presentPrefixShare, versions);
    }

    /** The exact sum of non-negative entry counts (the sum of up to 2^63-1 per run can exceed a long). */
    public static BigInteger sum(long[] entries) {
        BigInteger total = BigInteger.ZERO;
        long partial = 0;
        for (long n : entries) {
            long next = partial + n;
            if (next < partial) { // overflowed: flush the partial sum
                total = total.add(BigInteger.valueOf(partial));
                next = n;
            }
            partial = next;
        }
        return total.add(BigInteger.valueOf(partial));
    }

    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** The runs in probe order. */
    public List<Run> runs() {
        return runs;
    }

    public Budget budget() {
        return budget;
    }

    /** The tree shape the runs were expanded from, or {@code null} when the case lists its runs. */
    public TreeShape tree() {
        return tree;
    }

    public Workload workload() {
        return workload;
    }

    /** The engine granularity the case asks its deployable allocation at, or {@code null} for none. */
    public String engineGranularity() {
        return engineGranularity;
    }

    /** The RocksDB options the case carries (an imported database's), or {@code null}. */
    public RocksDbOptions rocksdb() {
        return rocksdb;
    }

    /** True when the database is read today with RocksDB's optimize_filters_for_hits. */
    public boolean optimizeFiltersForHits() {
        return rocksdb != null && rocksdb.optimizeFiltersForHits();
    }

    /**
     * The share of absent-key lookups whose key's prefix the database holds (workload.presentPrefixShare),
     * 0 when the case does not say: absent keys are then taken to have absent prefixes.
     */
    public double presentPrefixShare() {
        return presentPrefixShare == null ? 0.0 : presentPrefixShare;
    }

    /** Whether the case gives {@link #presentPrefixShare()} itself. */
    public boolean presentPrefixShareGiven() {
        return presentPrefixShare != null;
    }

    /**
     * How the runs' entries count what their filters hold when keys are stored as several versions
     * (versionsPerKey, or runs' filterEntries), or null: every stored entry is then a filter entry.
     */
    public Versions versions() {
        return versions;
    }

    /** Entry counts in probe order (a copy). */
    public long[] entries() {
        return entries.clone();
    }

    /** n_i of one run (0-based). */
    public long entries(int run) {
        return entries[run];
    }

    /** N = sum n_i, exactly (the sum of up to 2^63-1 per run can exceed a long). */
    public BigInteger totalEntries() {
        return totalEntries;
    }

    /** M in bits. */
    public double budgetBits() {
        return budget.totalBits(totalEntries.doubleValue());
    }

    @Override
    public String toString() {
        return "LsmCase[" + id + ", " + runs.size() + " runs, " + budget + ", " + workload + "]";
    }
}
