package org.monkeyeval.bundle;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.BloomBeforeLevelTable;
import org.monkeyeval.report.ConfirmTables;
import org.monkeyeval.report.EngineTables;
import org.monkeyeval.report.RenamedColumns;
import org.monkeyeval.report.SweepTable;

/**
 * What the columns of the published CSV tables hold: Table Schema type ({@code string},
 * {@code integer}, {@code number}, {@code boolean}) and a description, per table, with the table's primary key.
 * The meanings follow {@link AllocationTables} and {@link ConfirmTables}; c = ln(2)^2 throughout.
 * A column this class does not know gets type {@code string} and {@link #UNKNOWN_DESCRIPTION}.
 */
final class TableColumns {

    static final String UNKNOWN_DESCRIPTION = "Column not described by this version of monkey-eval";

    static final String STRING = "string";
    static final String INTEGER = "integer";
    static final String NUMBER = "number";
    static final String BOOLEAN = "boolean";

    /** One column: Table Schema field name, type and description. */
    record Column(String name, String type, String description) {
    }

    /** One known table: file name in {@code out/}, description, primary key and columns by name. */
    record Table(String fileName, String description, List<String> primaryKey, Map<String, Column> columns) {

        /** The column's description, or a generic string column when the table does not know it. */
        Column column(String name) {
            Column known = columns.get(name);
            if (known == null && RenamedColumns.of(fileName).containsKey(name)) {
                Column today = columns.get(RenamedColumns.of(fileName).get(name));
                return new Column(name, today.type(), today.description());
            }
            return known != null ? known : unknown(name);
        }
    }

    private static final Column CASE_ID = new Column("case_id", STRING, "Case id from the case file");
    private static final Column RUN = new Column("run", INTEGER, "1-based position of the run in the case file");
    private static final Column ENTRIES = new Column("entries", INTEGER, "n_i: entries in the run");
    private static final Column ALLOCATION = new Column("allocation", STRING,
            "Which allocation the filters were built with: uniform or optimized");
    private static final Column LAYOUT = new Column("layout", STRING,
            "Filter layout: standard (classic Bloom filter), rocksdb (RocksDB cache-local Bloom filter rules, in"
                    + " process) or rocksdb-engine (RocksDB itself, embedded)");
    private static final Column QUERIES = new Column("queries", INTEGER, "Q: absent-key queries asked of every run");

    private static final Table ROWS = table(AllocationTables.ROWS_FILE,
            "One row per run per case: uniform and optimized (Monkey) bits per entry and false-positive rates",
            AllocationTables.ROW_KEY,
            CASE_ID,
            RUN,
            new Column("run_name", STRING, "Name of the run from the case file; empty when the case file gives none"),
            ENTRIES,
            new Column("weight", NUMBER, "w_i = n_i / N"),
            new Column("uniform_bits_per_entry", NUMBER, "b = M / N, the same for every run"),
            new Column("uniform_ideal_fpr", NUMBER, "e^(-c b): the run's false-positive rate under uniform bits per entry,"
                    + " on the ideal Bloom curve"),
            new Column("optimized_bits_per_entry", NUMBER, "Monkey's b_i = max(0, (t - ln w_i) / c)"),
            new Column("optimized_ideal_fpr", NUMBER, "e^(-c b_i); 1 when b_i = 0 (the run has no filter)"),
            new Column("uniform_filter_bits", NUMBER, "n_i * b: filter bits of the run under the uniform allocation"),
            new Column("optimized_filter_bits", NUMBER,
                    "n_i * b_i: filter bits of the run under the optimized allocation"),
            new Column("optimized_over_uniform_fpr", NUMBER, "optimized_ideal_fpr / uniform_ideal_fpr; above 1 the run got worse"),
            new Column("level", INTEGER, "Tree level of the run (0 for L0); empty when the case lists runs without"
                    + " levels"),
            new Column("lookup_weight", NUMBER, "a_i: probability that a lookup probes the run's filter and is not"
                    + " answered there (z + v * entries after the run / N), or measured lookups / the busiest run's;"
                    + " 1 when every lookup is for an absent key"),
            new Column("deployable_setting", STRING, "For a case with an engine granularity (its"
                    + " engineGranularity, or --engine-granularity for every case; empty for other cases): the"
                    + " engine's setting for the run's level (or tree) as written in its configuration (bits per key, or Cassandra's"
                    + " bloom_filter_fp_chance); none for no filter"),
            new Column("deployable_bits_per_entry", NUMBER, "Real filter bits of the run at that setting (metadata"
                    + " included) / n_i"),
            new Column("deployable_fpr", NUMBER, "The run's rate at that setting on the engine's own filter family"),
            new Column("deployable_filter_bits", NUMBER, "Real filter bits of the run at that setting"),
            new Column("current_bits_per_entry", NUMBER, "Filter bits per entry the run holds today (an imported"
                    + " database); empty for other cases"),
            new Column("current_fpr", NUMBER, "The run's rate today: on the filters its files hold when the case"
                    + " lists them (imported databases), else e^(-c b) at the current bits per entry; empty for"
                    + " other cases"),
            new Column("robust_bits_per_entry", NUMBER, "For a case whose zero-result share is uncertain (a range or a"
                    + " KL radius; empty for other cases): bits per entry of the robust allocation, the least worst"
                    + " regret over the share's interval"),
            new Column("robust_ideal_fpr", NUMBER, "e^(-c b) at the robust bits per entry; empty for other cases"),
            new Column("robust_deployable_setting", STRING, "For a case with an uncertain share and an engine"
                    + " granularity: the engine's setting of the robust deployable allocation for the run's level"
                    + " (or tree); empty for other cases"),
            new Column("robust_deployable_bits_per_entry", NUMBER, "Real filter bits of the run at that setting / n_i"),
            new Column("robust_deployable_fpr", NUMBER, "The run's rate at that setting on the engine's own filter family"),
            new Column("deployable_family", STRING, "For a case with an engine granularity: the filter family that"
                    + " builds the run's filter under the deployable allocation (rocksdb: fast local Bloom,"
                    + " rocksdb-ribbon: Ribbon, rocksdb-legacy, pebble, ...); rocksdb-per-level and rocksdb-ribbon"
                    + " choose Bloom or Ribbon by level"),
            new Column("deployable_parameters", STRING, "What the family derives from the run's setting (probes,"
                    + " Ribbon's resultBits, ...), name=value separated by spaces; empty for no filter"),
            new Column("robust_deployable_family", STRING, "For a case with an uncertain share and an engine"
                    + " granularity: the filter family that builds the run's filter under the robust deployable"
                    + " allocation (rocksdb-per-level and rocksdb-ribbon choose Bloom or Ribbon by level); empty"
                    + " for other cases"));

    private static final Table CASES = table(AllocationTables.CASES_FILE,
            "One row per case: budget, Lagrange threshold, R under each allocation and the improvement",
            AllocationTables.CASE_KEY,
            CASE_ID,
            new Column("runs", INTEGER, "r: number of runs in the case"),
            new Column("total_entries", INTEGER, "N = sum of n_i"),
            new Column("budget_bits", NUMBER, "M: filter memory budget in bits"),
            new Column("threshold_t", NUMBER, "Lagrange threshold t; empty when M = 0 (undefined)"),
            new Column("uniform_ideal_R", NUMBER, "R = sum of p_i under uniform bits per entry"),
            new Column("optimized_ideal_R", NUMBER, "R = sum of p_i under the optimized allocation"),
            new Column("improvement", NUMBER, "uniform_ideal_R / optimized_ideal_R"),
            new Column("zero_bit_runs", INTEGER, "Runs that get no filter (b_i = 0) under the optimized allocation"),
            new Column("bits_per_entry", NUMBER, "M / N"),
            new Column("budget_field", STRING, "Budget field the case file gave: bitsPerEntry or totalBits"),
            new Column("workload", STRING, "Where the lookup weights come from: absent-keys (z = 1),"
                    + " zero-result-share, or measured-lookups (per-run counts; v unknown)"),
            new Column("zero_result_share", NUMBER, "z: share of lookups for absent keys; empty for measured lookups"),
            new Column("uniform_ideal_cost", NUMBER, "sum a_i p_i + v under uniform bits: expected run reads per lookup"
                    + " (without + v for measured lookups)"),
            new Column("optimized_ideal_cost", NUMBER, "sum a_i p_i + v under the optimized allocation (without + v for"
                    + " measured lookups)"),
            new Column("cost_improvement", NUMBER, "uniform_ideal_cost / optimized_ideal_cost"),
            new Column("engine_granularity", STRING, "The case's engineGranularity, or --engine-granularity for"
                    + " every case (empty for a case without one): the engine whose deployable allocation follows"
                    + " (" + org.monkeyeval.family.catalog.Engine.LABELS + ")"),
            new Column("deployable_R", NUMBER, "sum of p_i under the deployable allocation, on the engine's family"),
            new Column("deployable_cost", NUMBER, "sum a_i p_i + v under the deployable allocation"),
            new Column("deployable_bits", NUMBER, "Real filter bits the deployable allocation uses, at most M"),
            new Column("engine_bound_cost", NUMBER, "Least cost any per-run choice of the engine's settings"
                    + " could reach within M (LP bound on the engine's curve)"),
            new Column("deployable_over_bound", NUMBER, "deployable_cost / engine_bound_cost"),
            new Column("current_R", NUMBER, "sum of p_i at the bits each run holds today; empty for other cases"),
            new Column("current_cost", NUMBER, "sum a_i p_i + v at the bits each run holds today"),
            new Column("zero_result_share_low", NUMBER, "zL, the low end of the share's interval; empty when the share"
                    + " is known"),
            new Column("zero_result_share_high", NUMBER, "zH, the high end of the share's interval; empty when the"
                    + " share is known"),
            new Column("kl_radius", NUMBER, "rho, when the interval comes from klRadius; empty otherwise"),
            new Column("uniform_worst_regret", NUMBER, "max over [zL, zH] of cost(z, uniform) - min_b cost(z, b): the"
                    + " worse end"),
            new Column("optimized_worst_regret", NUMBER, "the same for the optimum at the nominal share"),
            new Column("robust_worst_regret", NUMBER, "the same for the robust allocation (the least of all)"),
            new Column("robust_cost_low", NUMBER, "cost of the robust allocation at zL"),
            new Column("robust_cost_high", NUMBER, "cost of the robust allocation at zH"),
            new Column("robust_zero_result_share", NUMBER, "z*, the share whose weighted optimum is the robust"
                    + " allocation"),
            new Column("deployable_worst_regret", NUMBER, "worst regret over [zL, zH] of the deployable allocation,"
                    + " against the engine's own optimum at each end"),
            new Column("robust_deployable_worst_regret", NUMBER, "the same for the robust deployable allocation"),
            new Column("robust_deployable_cost_low", NUMBER, "cost of the robust deployable allocation at zL"),
            new Column("robust_deployable_cost_high", NUMBER, "cost of the robust deployable allocation at zH"),
            new Column("robust_deployable_bits", NUMBER, "filter bits of the robust deployable allocation, at most M"),
            new Column("deployable_build_ns_per_entry", NUMBER, "Build work of the deployable allocation per written"
                    + " entry: sum n_i t_i / N, t_i the build time per key of the run's family as measured by"
                    + " EngineFilterBenchmark (nanoseconds; docs/benchmarks.md); empty where a family has no"
                    + " measured build time"),
            new Column("deployable_bloom_before_level", INTEGER, "For rocksdb-ribbon: bloom_before_level L of"
                    + " filter_policy=ribbonfilter:B:L (Bloom for flushes and levels below L, Ribbon from L on);"
                    + " empty for other engines"),
            new Column("robust_deployable_bloom_before_level", INTEGER, "For rocksdb-ribbon with an uncertain share:"
                    + " bloom_before_level L of the robust deployable allocation; empty for other engines"),
            new Column("progressive_filter_bits", NUMBER, "Filter memory of Pebble's DBTableFilterPolicyProgressive"
                    + " (16, 16, 16, 16, 14, 10, 8 bits per key at L0-L6, 1 MiB cap per table where the runs' files"
                    + " are given); empty where Pebble's levels cannot hold or its filter cannot size the case"),
            new Column("progressive_unread_filter_bits", NUMBER, "The part of it in L6 filters, which Pebble's Get"
                    + " does not read"),
            new Column("progressive_cost", NUMBER, "sum a_i p_i + v of the progressive policy on Pebble's Get path"),
            new Column("progressive_optimum_cost", NUMBER, "sum a_i p_i + v of the best Pebble allocation at"
                    + " progressive_filter_bits"),
            new Column("progressive_loss", NUMBER, "progressive_cost / progressive_optimum_cost"),
            new Column("progressive_tables_known", BOOLEAN, "true when the case lists its runs' files, so the cap"
                    + " per table was applied; false when each run was taken as one table"),
            new Column("progressive_fuse_filter_bits", NUMBER, "Filter memory of Pebble's"
                    + " DBTableFilterPolicyBinaryFuseProgressive (binary fuse, 16, 16, 16, 12, 10, 8, 4 fingerprint"
                    + " bits at L0-L6; no filter for a table above 10,000,000 keys where the runs' files are given);"
                    + " empty where Pebble's levels cannot hold the case"),
            new Column("progressive_fuse_unread_filter_bits", NUMBER, "The part of it in L6 filters, which Pebble's"
                    + " Get does not read"),
            new Column("progressive_fuse_cost", NUMBER, "sum a_i p_i + v of the binary-fuse policy on Pebble's Get"
                    + " path"),
            new Column("progressive_fuse_optimum_cost", NUMBER, "sum a_i p_i + v of the best Pebble allocation at"
                    + " progressive_fuse_filter_bits, each level taking bloom(b) or binaryfuse(w)"),
            new Column("progressive_fuse_loss", NUMBER, "progressive_fuse_cost / progressive_fuse_optimum_cost"),
            new Column("progressive_fuse_tables_known", BOOLEAN, "true when the case lists its runs' files, so the"
                    + " 10,000,000-key limit per table was applied"),
            new Column("ribbon_hybrid_bits_per_key", NUMBER, "B of RocksDB's NewRibbonFilterPolicy(B) at its default"
                    + " bloom_before_level 0 (ribbonfilter:B:0: Bloom for L0, Ribbon below): the case's bits per"
                    + " entry at RocksDB's millibit resolution"),
            new Column("ribbon_hybrid_filter_bits", NUMBER, "Its filter memory, one filter per run"),
            new Column("ribbon_hybrid_cost", NUMBER, "sum a_i p_i + v of ribbonfilter:B:0 on RocksDB's Get path"),
            new Column("ribbon_hybrid_optimum_cost", NUMBER, "sum a_i p_i + v of the best ribbonfilter:B:L"
                    + " (rocksdb-ribbon) at ribbon_hybrid_filter_bits"),
            new Column("ribbon_hybrid_loss", NUMBER, "ribbon_hybrid_cost / ribbon_hybrid_optimum_cost"),
            new Column("rocksdb_uniform_bits_per_key", NUMBER, "B of RocksDB's bloomfilter:B for every file: the"
                    + " case's bits per entry at RocksDB's millibit resolution"),
            new Column("rocksdb_uniform_filter_bits", NUMBER, "Its filter memory, one filter per run"),
            new Column("rocksdb_uniform_cost", NUMBER, "sum a_i p_i + v of bloomfilter:B on RocksDB's Get path"),
            new Column("rocksdb_uniform_optimum_cost", NUMBER, "sum a_i p_i + v of the best rocksdb-per-level"
                    + " allocation (none, Bloom or Ribbon per level) at rocksdb_uniform_filter_bits"),
            new Column("rocksdb_uniform_loss", NUMBER, "rocksdb_uniform_cost / rocksdb_uniform_optimum_cost"),
            new Column("pebble_uniform_bits_per_key", NUMBER, "b of Pebble's bloom.FilterPolicy(b) at every level:"
                    + " the case's bits per entry rounded down to whole bits; empty where Pebble's levels cannot"
                    + " hold the case"),
            new Column("pebble_uniform_filter_bits", NUMBER, "Its filter memory, one filter per run"),
            new Column("pebble_uniform_unread_filter_bits", NUMBER, "The part of it in L6 filters, which Pebble's"
                    + " Get does not read"),
            new Column("pebble_uniform_cost", NUMBER, "sum a_i p_i + v of bloom(b) on Pebble's Get path"),
            new Column("pebble_uniform_optimum_cost", NUMBER, "sum a_i p_i + v of the best Pebble allocation at"
                    + " pebble_uniform_filter_bits"),
            new Column("pebble_uniform_loss", NUMBER, "pebble_uniform_cost / pebble_uniform_optimum_cost"));

    /** The columns of confirm.csv, which engine.csv starts with. */
    private static final Column[] CONFIRM_RUN_COLUMNS = {
        CASE_ID,
        ALLOCATION,
        LAYOUT,
        RUN,
        ENTRIES,
        new Column("built_entries", INTEGER, "Keys the filter was built over: entries, or for a run above"
                + " --max-filter-entries that many of the run's keys (its first ones), at the same bits per entry"),
        new Column("bits_per_entry", NUMBER, "b_i: bits per entry allocated to the run"),
        new Column("filter_bits", INTEGER, "Bits the built filter occupies (built over built_entries keys); 0 when"
                + " the run has no filter"),
        new Column("hashes", INTEGER, "Probes per key of the built filter; 0 when the run has no filter"),
        QUERIES,
        new Column("positives", INTEGER, "P: queries the filter answered with may-contain"),
        new Column("true_positives", INTEGER, "T: positives whose key was really present (0 for absent keys)"),
        new Column("useful_negatives", INTEGER, "U: queries the filter answered with no, saving the read"),
        new Column("observed_fpr", NUMBER, "(P-T)/(P-T+U), empty when undefined"),
        new Column("fpr_low", NUMBER,
                "Lower end of the 95% Clopper-Pearson interval of observed_fpr; empty when undefined"),
        new Column("fpr_high", NUMBER,
                "Upper end of the 95% Clopper-Pearson interval of observed_fpr; empty when undefined"),
        new Column("model_fpr", NUMBER, "e^(-c b_i): the model's false-positive rate"),
        new Column("predicted_fpr", NUMBER, "The layout's finite-filter prediction for the filter as built (at"
                + " built_entries); 1 when the run has no filter"),
        new Column("z_score", NUMBER, "z of the false-positive count against predicted_fpr, with query and"
                + " filter-to-filter variance; empty when undefined"),
        new Column("probes", INTEGER, "Reads of the run: false positives, or every query (in the key range, for rocksdb-engine) when the run has no filter"),
        new Column("cache_local_fpr", NUMBER, "RocksDB's CacheLocalFpRate estimate; empty for other layouts"),
        new Column("poisson_mixture_fpr", NUMBER,
                "Poisson mixture over keys per cache line (Putze et al. 2007); empty for other layouts")
    };

    private static final Table CONFIRM = table(ConfirmTables.RUNS_FILE,
            "One row per run, allocation and layout: false positives counted on real filters for absent keys,"
                    + " next to the model and the layout's finite-filter prediction",
            ConfirmTables.RUN_KEY,
            CONFIRM_RUN_COLUMNS);

    private static final Table ENGINE = table(EngineTables.FILE,
            "One row per run measured inside an embedded RocksDB: its own Bloom-filter counters, the filter it"
                    + " built, block-cache traffic and latency, beside the in-process rocksdb layout",
            EngineTables.KEY,
            concat(CONFIRM_RUN_COLUMNS,
                    new Column("present_queries", INTEGER, "Present-key lookups sent to the run (they make T > 0)"),
                    new Column("range_skipped", INTEGER,
                            "Absent lookups outside the run's key range, answered without the filter or a read"),
                    new Column("allocated_filter_bits", NUMBER, "built_entries * b_i: the allocation's bits for"
                            + " the filter as built (n_i * b_i unless the run is above --max-filter-entries)"),
                    new Column("rule_filter_bytes", INTEGER,
                            "Filter bytes RocksDB's rules give for n_i and b_i (lines * 64 + 5 metadata)"),
                    new Column("engine_filter_bytes", INTEGER, "Filter bytes RocksDB built (table property)"),
                    new Column("layout_observed_fpr", NUMBER,
                            "observed_fpr of the in-process rocksdb layout for the same run; empty when undefined"),
                    new Column("layout_fpr_low", NUMBER, "Lower end of its 95% Clopper-Pearson interval"),
                    new Column("layout_fpr_high", NUMBER, "Upper end of its 95% Clopper-Pearson interval"),
                    new Column("data_block_misses", INTEGER,
                            "Block-cache data misses during the absent lookups; varies between reruns"),
                    new Column("data_block_hits", INTEGER,
                            "Block-cache data hits during the absent lookups; varies between reruns"),
                    new Column("latency_p50_us", NUMBER, "Median absent-lookup get latency, microseconds; varies"),
                    new Column("latency_p99_us", NUMBER, "99th percentile absent-lookup get latency, microseconds;"
                            + " varies")));

    private static final Table CONFIRM_CASES = table(ConfirmTables.CASES_FILE,
            "One row per case, allocation and layout: measured R against the model's and the layout's predicted R",
            ConfirmTables.CASE_KEY,
            CASE_ID,
            ALLOCATION,
            LAYOUT,
            QUERIES,
            new Column("measured_R", NUMBER, "Reads of all runs per query (runs without a filter count every query)"),
            new Column("measured_R_low", NUMBER,
                    "Lower end of the 95% normal interval of measured_R, never below the reads of runs without a filter"),
            new Column("measured_R_high", NUMBER, "Upper end of the 95% normal interval of measured_R"),
            new Column("model_R", NUMBER, "Sum of e^(-c b_i) over the runs"),
            new Column("predicted_R", NUMBER, "Sum of the layout's finite-filter predictions over the runs"),
            new Column("R_z_score", NUMBER,
                    "(measured_R - predicted_R) / predicted standard error; empty when no run has a filter"),
            new Column("measured_improvement", NUMBER, "Uniform measured_R / optimized measured_R for this case and"
                    + " layout; empty when either allocation is missing or the optimized value is 0"),
            new Column("model_improvement", NUMBER, "Uniform model_R / optimized model_R for this case and layout;"
                    + " empty when either allocation is missing or the optimized value is 0"),
            new Column("predicted_improvement", NUMBER, "Uniform predicted_R / optimized predicted_R for this case and"
                    + " layout; empty when either allocation is missing or the optimized value is 0"),
            new Column("measured_cost", NUMBER, "sum a_i * (reads of run i per absent-key query) + v: the measured"
                    + " rates weighted by the case's lookups (without + v for measured lookups)"),
            new Column("model_cost", NUMBER, "sum a_i e^(-c b_i) + v"),
            new Column("predicted_cost", NUMBER, "sum a_i * predicted_fpr_i + v"));

    private static final Table SWEEP = table(SweepTable.FILE,
            "One row per case and memory budget: both allocations from 0 to 24 bits per entry in steps of 0.25 and at"
                    + " the case's own budget, under the model and under RocksDB's cache-local filter rules",
            SweepTable.KEY,
            CASE_ID,
            new Column("bits_per_entry", NUMBER, "M / N at this point of the sweep"),
            new Column("budget_bits", NUMBER, "M = bits_per_entry * N (the case's own M on its own row)"),
            new Column("case_budget", BOOLEAN, "true on the row of the case's own budget (as in cases.csv)"),
            new Column("uniform_ideal_R", NUMBER, "Sum of e^(-c b) over the runs, b = M / N for every run"),
            new Column("optimized_ideal_R", NUMBER, "Sum of e^(-c b_i) over the runs under Monkey's allocation at M,"
                    + " weighted by the case's lookups as in cases.csv"),
            new Column("improvement", NUMBER, "uniform_ideal_R / optimized_ideal_R"),
            new Column("filtered_runs", INTEGER, "Runs that keep a filter (b_i > 0) under the optimized allocation"),
            new Column("uniform_rocksdb_R", NUMBER, "Sum over the runs of the RocksDB cache-local layout's predicted"
                    + " FPR at the uniform b (exact line-load mixture; 1 for a run below 0.5 bits per entry)"),
            new Column("optimized_rocksdb_R", NUMBER, "The same prediction summed under the optimized b_i"),
            new Column("uniform_ideal_cost", NUMBER, "Expected run reads per lookup under the uniform b: sum a_i e^(-c b)"
                    + " + v with the case's lookup weights (without + v for measured lookups; equals uniform_ideal_R when"
                    + " every lookup is for an absent key)"),
            new Column("optimized_ideal_cost", NUMBER, "The same cost under the optimized b_i"));

    private static final Table BLOOM_BEFORE_LEVEL = table(BloomBeforeLevelTable.FILE,
            "One row per case at rocksdb-ribbon granularity and per bloom_before_level L: the best"
                    + " filter_policy=ribbonfilter:B:L within the case's budget at that L, its expected reads and its"
                    + " build work per written entry",
            BloomBeforeLevelTable.KEY,
            CASE_ID,
            new Column("bloom_before_level", INTEGER, "L, of the case's levels: RocksDB builds its fast local Bloom"
                    + " filter for files written below L (a flush counts as level -1; a case's L0 run is taken as a"
                    + " flush's file) and Ribbon from L on; -1 is Ribbon everywhere, the number of levels Bloom"
                    + " everywhere"),
            new Column("bloom_equivalent_bits_per_key", STRING, "B, the best at this L, as RocksDB's"
                    + " ribbonfilter:B:L writes it (NewRibbonFilterPolicy's bloom_equivalent_bits_per_key); none for"
                    + " no filter"),
            new Column("deployable_R", NUMBER, "Sum of the runs' rates on RocksDB's own filters at (B, L)"),
            new Column("deployable_cost", NUMBER, "Expected run reads per lookup at (B, L): sum a_i p_i + v (without"
                    + " + v for measured lookups), as cases.csv deployable_cost"),
            new Column("deployable_bits", NUMBER, "Real filter bits of every run at (B, L), at most the budget"),
            new Column("filter_bits_per_entry", NUMBER, "deployable_bits / N"),
            new Column("build_ns_per_entry", NUMBER, "Build work per written entry at (B, L), nanoseconds: sum_i n_i"
                    + " t_i / sum_i n_i with t_i the measured build time per key of run i's family, as cases.csv"
                    + " deployable_build_ns_per_entry"),
            new Column("chosen", BOOLEAN, "true at the L of the case's deployable allocation (cases.csv"
                    + " deployable_bloom_before_level)"));

    private static final Map<String, Table> BY_FILE = Map.of(
            ROWS.fileName(), ROWS, CASES.fileName(), CASES, CONFIRM.fileName(), CONFIRM,
            CONFIRM_CASES.fileName(), CONFIRM_CASES, ENGINE.fileName(), ENGINE, SWEEP.fileName(), SWEEP,
            BLOOM_BEFORE_LEVEL.fileName(), BLOOM_BEFORE_LEVEL);

    private TableColumns() {
    }

    /** The known table with this file name (directly in {@code out/}), if any. */
    static Optional<Table> known(String fileName) {
        return Optional.ofNullable(BY_FILE.get(fileName));
    }

    /** Every known table. */
    static List<Table> all() {
        return List.of(ROWS, CASES, CONFIRM, CONFIRM_CASES, ENGINE, SWEEP, BLOOM_BEFORE_LEVEL);
    }

    /** A column no table describes. */
    static Column unknown(String name) {
        return new Column(name, STRING, UNKNOWN_DESCRIPTION);
    }

    private static Column[] concat(Column[] first, Column... more) {
        Column[] all = Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    private static Table table(String fileName, String description, List<String> primaryKey, Column... columns) {
        Map<String, Column> byName = new LinkedHashMap<>();
        Map<String, String> renamed = RenamedColumns.of(fileName);
        for (Column declared : columns) {
            Column column = declared;
            for (Map.Entry<String, String> r : renamed.entrySet()) {
                if (r.getValue().equals(declared.name())) {
                    column = new Column(declared.name(), declared.type(), declared.description()
                            + " (earlier tables name it " + r.getKey() + ")");
                }
            }
            if (byName.put(column.name(), column) != null) {
                throw new IllegalStateException(fileName + " describes column " + column.name() + " twice");
            }
        }
        return new Table(fileName, description, List.copyOf(primaryKey), Map.copyOf(byName));
    }
}
