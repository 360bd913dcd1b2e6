package org.monkeyeval.report;

import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.DeployableSolver;
import org.monkeyeval.alloc.EngineFamilies;
import org.monkeyeval.alloc.MonkeyModel;
import org.monkeyeval.alloc.ProgressivePolicy;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.model.TreeShape;
import org.monkeyeval.model.Workload;
import org.monkeyeval.text.Json;
import org.monkeyeval.text.Sha256;

/**
 * {@code provenance.json}: what produced the tables and from what. Deterministic: the same inputs
 * and tool version give the same bytes; the only time recorded is SOURCE_DATE_EPOCH, when set.
 */
public final class Provenance {

    public static final String FILE = "provenance.json";

    private Provenance() {
    }

    /**
     * The opening fields of every provenance file: tool, SOURCE_DATE_EPOCH when set (the only time
     * recorded) and the command line as given.
     */
    public static ObjectNode header(ToolInfo tool, List<String> command, OptionalLong sourceDateEpoch) {
        ObjectNode node = Json.object();
        node.set("tool", tool(tool));
        if (sourceDateEpoch.isPresent()) {
            node.put("sourceDateEpoch", sourceDateEpoch.getAsLong());
        }
        ArrayNode commandNode = node.putArray("command");
        command.forEach(commandNode::add);
        return node;
    }

    /** The tool's name and version. */
    public static ObjectNode tool(ToolInfo tool) {
        ObjectNode node = Json.object();
        node.put("name", tool.name());
        node.put("version", tool.version());
        return node;
    }

    /** The model section: objective, constraint, formula and c, with their source. */
    public static ObjectNode model() {
        ObjectNode node = Json.object();
        node.put("objective", "minimize R = sum_i p_i (expected probes of one absent-key lookup)");
        node.put("constraint", "sum_i n_i * b_i = M, b_i >= 0");
        node.put("fpr", "p_i = exp(-c * b_i) (ideal continuous Bloom FPR with the optimal number of hashes)");
        node.put("allocation", "b_i = max(0, (t - ln w_i) / c), w_i = n_i / N, t set so the budget is spent");
        node.put("uniformBaseline", "b_i = M / N for every run");
        ObjectNode c = node.putObject("c");
        c.put("expression", "ln(2)^2");
        Json.putNumber(c, "value", MonkeyModel.C);
        ArrayNode assumptions = node.putArray("assumptions");
        assumptions.add("every lookup is for a key absent from every run");
        assumptions.add("all filters and indexes are resident; one false positive costs one equally weighted probe");
        assumptions.add("b_i = 0 means no filter: the run is always probed (p_i = 1)");
        assumptions.add("not priced: block cache residency, device reads, CPU, filter layout overheads");
        node.put("source", "N. Dayan, M. Athanassoulis, S. Idreos. Monkey: Optimal Navigable Key-Value Store."
                + " SIGMOD 2017, eq. 2 and section 4.1. DOI 10.1145/3035918.3064054");
        return node;
    }

    /**
     * How lookups weight the runs: the weighted objective, its optimum and where the weights come
     * from. A section of its own so that the {@code model} section of earlier versions stays valid.
     */
    public static ObjectNode lookupWeights() {
        ObjectNode node = Json.object();
        node.put("probeOrder", "runs in case-file order are probed in that order: the first is the newest");
        node.put("zeroResultShare", "z = share of lookups for absent keys; v = 1 - z find their key, each stored"
                + " entry equally likely; default z = 1");
        node.put("reach", "a_i = z + v * (sum_{j after i} n_j) / N: the probability that a lookup probes run i's"
                + " filter and is not answered there");
        node.put("measuredLookups", "a_i = L_i / max_j L_j from per-run lookups (filter probes that did not find"
                + " the key); v unknown, so the cost omits + v");
        node.put("objective", "minimize cost = sum_i a_i p_i + v (expected run reads per lookup)");
        node.put("allocation", "b_i = max(0, (t - ln(w_i / a_i)) / c); a run with a_i = 0 gets no filter and takes"
                + " no part in t; with every a_i = 1 this is the model section's allocation");
        node.put("uniformBaseline", "b_i = M / N for every run, whatever the weights");
        node.put("tables", "uniform_ideal_R and optimized_ideal_R stay sum_i p_i over all runs (the absent-key"
                + " cost); uniform_ideal_cost and optimized_ideal_cost are the weighted cost");
        ArrayNode sources = node.putArray("sources");
        sources.add("N. Dayan, M. Athanassoulis, S. Idreos. Monkey: Optimal Navigable Key-Value Store. SIGMOD 2017"
                + " (zero-result and non-zero-result point lookups). DOI 10.1145/3035918.3064054");
        sources.add("A. Huynh, H. A. Chaudhari, E. Terzi, M. Athanassoulis. Endure: A Robust Tuning Paradigm for LSM"
                + " Trees Under Workload Uncertainty. PVLDB 15(8), 2022 (workload-weighted lookup costs)");
        return node;
    }

    /** Key of the section that says how the robust allocation of an uncertain zero-result share is found. */
    public static final String ROBUST = "robust";

    /**
     * How an uncertain zero-result share is read and its robust allocation found; written when some case
     * has one.
     */
    public static ObjectNode robust() {
        ObjectNode node = Json.object();
        node.put("interval", "workload.zeroResultShareRange [zL, zH] as given (it holds zeroResultShare), or for"
                + " workload.klRadius rho every z' with KL((z', 1 - z') || (z, 1 - z)) <= rho: each end the root of"
                + " KL = rho on its side of z by bisection to adjacent doubles, the end inside the radius kept (0 or 1"
                + " when KL(0 || z) or KL(1 || z) is within it)");
        node.put("regret", "regret(z, b) = cost(z, b) - min_b' cost(z, b'), cost = sum_i a_i(z) p_i + (1 - z):"
                + " convex in z (affine minus concave), so an allocation's worst regret over [zL, zH] is at an end");
        node.put("robustAllocation", "min_b max(regret(zL, b), regret(zH, b)); by minimax duality the weighted"
                + " optimum at z* = theta zL + (1 - theta) zH, z* the share where the two end regrets are equal"
                + " (bisection to adjacent doubles), or an end whose optimum has no regret at the other");
        node.put("deployable", "at an engine's granularity, regret against the engine's optimum at each end;"
                + " the same duality over deployable solves (hull edge of the end regrets crossing the diagonal;"
                + " the steps between the ends unsearched, each the knapsack's allocation after its pair exchanges,"
                + " the dual bound the largest of their LP bounds),"
                + " then an exact search over the engine's settings (partial allocations dominated at both ends,"
                + " or whose LP lower bound at some weight of the two ends, theta, 0, 1/16, ..., 1, reaches the cut,"
                + " cut; rounds of cuts from the dual bound to the incumbent, first with a tenth of the cap, and"
                + " where a round passes it a beam of the search's layers may lower the incumbent) closes the gap the"
                + " duality leaves");
        node.put("tables", "cases.csv zero_result_share_low/high, kl_radius, uniform_worst_regret,"
                + " optimized_worst_regret (the nominal optimum's), robust_worst_regret, robust_cost_low/high,"
                + " robust_zero_result_share (z*); rows.csv robust_bits_per_entry, robust_ideal_fpr");
        ArrayNode sources = node.putArray("sources");
        sources.add("L. J. Savage. The Theory of Statistical Decision. JASA 46(253), 1951 (minimax regret)");
        sources.add("M. Sion. On general minimax theorems. Pacific Journal of Mathematics 8(1), 1958");
        sources.add("A. Huynh, H. A. Chaudhari, E. Terzi, M. Athanassoulis. Endure: A Robust Tuning Paradigm for LSM"
                + " Trees Under Workload Uncertainty. PVLDB 15(8), 2022 (KL-divergence uncertainty region)");
        return node;
    }

    /** How a {@code tree} in a case file becomes runs. */
    public static ObjectNode treeExpansion() {
        ObjectNode node = Json.object();
        node.put("levels", "level i (1..L) holds the share T^(i-1) / sum_{j=1..L} T^(j-1) of the entries,"
                + " split equally over its runs");
        node.put("runsPerLevel", "leveling 1; tiering T-1; lazy-leveling T-1 above the last level, 1 at the last");
        node.put("rounding", "largest remainder: floor every run's exact share, then one more entry each to the"
                + " runs with the largest fractional part (ties: the newer run); T is taken as the exact value of"
                + " its double");
        node.put("l0", "l0.runs runs of l0.entriesPerRun entries, newest of all, each its own sorted run");
        node.put("order", "newest first: L0.1.., then L1 (or L1.1, L1.2, ..), L2, ..");
        ArrayNode sources = node.putArray("sources");
        sources.add("N. Dayan, M. Athanassoulis, S. Idreos. Monkey: Optimal Navigable Key-Value Store. SIGMOD 2017"
                + " (leveling and tiering). DOI 10.1145/3035918.3064054");
        sources.add("N. Dayan, S. Idreos. Dostoevsky: Better Space-Time Trade-Offs for LSM-Tree Based Key-Value"
                + " Stores via Adaptive Removal of Superfluous Merging. SIGMOD 2018 (lazy leveling)."
                + " DOI 10.1145/3183713.3196927");
        return node;
    }

    /** Key of the section that records the engine granularity of the deployable allocation. */
    public static final String DEPLOYABLE = "deployable";

    /** The engine given for every case, its family and how the deployable allocation is found. */
    public static ObjectNode deployable(Engine engine, EngineFamilies families) {
        ObjectNode node = Json.object();
        node.put("engine", engine.label());
        describeEngine(node, engine, families.of(engine));
        describeMethod(node);
        return node;
    }

    /**
     * The engines the cases name ({@code engineGranularity}), case by case in id order, and how the
     * deployable allocation is found; null when no case names one.
     */
    public static ObjectNode deployableByCase(List<CaseResult> results, EngineFamilies families) {
        ObjectNode cases = Json.object();
        SortedMap<String, Engine> used = new TreeMap<>();
        results.stream().filter(r -> r.deployable() != null)
                .sorted(Comparator.comparing(r -> r.lsmCase().id()))
                .forEach(r -> {
                    cases.put(r.lsmCase().id(), r.deployable().engine().label());
                    used.put(r.deployable().engine().label(), r.deployable().engine());
                });
        if (used.isEmpty()) {
            return null;
        }
        ObjectNode node = Json.object();
        node.put("source", "each case file's engineGranularity; cases without one have no deployable allocation");
        node.set("cases", cases);
        ObjectNode engines = node.putObject("engines");
        used.forEach((label, engine) -> describeEngine(engines.putObject(label), engine, families.of(engine)));
        describeMethod(node);
        return node;
    }

    /**
     * An engine's family, granularity and settings; where it chooses among several families, which
     * (a folder solved when an engine offered one family has no {@code families}: see {@link EngineFamilies}).
     */
    private static void describeEngine(ObjectNode node, Engine engine, List<FilterFamily> families) {
        node.put("family", engine.family().name());
        node.put("granularity", engine.perLevel() ? "one setting per level (runs without a level: one each)"
                : "one setting for the whole tree");
        node.put("settings", settingsText(engine.family().settings().size()));
        if (families.size() > 1) {
            node.put("families", String.join(", ", families.stream().map(f -> f.name()).toList()));
            node.put("choices", engine == Engine.ROCKSDB_RIBBON
                    ? "one B (the families' settings, paired by knob) and bloom_before_level L from -1 to the"
                            + " number of levels: Bloom for flushes and files written below L, Ribbon from L on"
                    : "per group, none or any setting of any of the families");
        }
    }

    /** How the deployable section describes an engine's settings. */
    private static String settingsText(int count) {
        return count + " settings, no filter first; see docs/engines.md for each engine's rate, size and source";
    }

    private static void describeMethod(ObjectNode node) {
        node.put("objective", "minimize sum_i a_i p(n_i, s_g(i)) subject to sum_i size(n_i, s_g(i)) <= M, real sizes"
                + " with metadata; cost adds v as for optimized");
        // the text folders have recorded since the deployable allocation was first published: kept as it
        // was, so that they stay verifiable; how the answer is searched for now is deployableSearch()
        node.put("method", "group by group, largest first, the undominated partial allocations whose cost plus the"
                + " LP bound of the groups left (lower convex hulls of their settings; Sinha and Zoltners,"
                + " Operations Research 27(3), 1979) is below the incumbent; relative prune tolerance "
                + DeployableSolver.PRUNE_TOLERANCE);
        node.put("engineOptimum", "engine_bound_cost: the same LP bound with one setting per run: the least"
                + " cost any per-run choice of the engine's settings could reach; deployable_over_bound ="
                + " deployable_cost / engine_bound_cost");
    }

    /** Key of the section that says how the deployable allocation is searched for and what certifies it. */
    public static final String DEPLOYABLE_SEARCH = "deployableSearch";

    /**
     * How the exact deployable allocation is searched for, and the per-case certificate; written beside
     * {@link #DEPLOYABLE}. A folder without this section was solved by the search {@code deployable.method}
     * names, which reaches the same optimum (to the same relative tolerance): its tables stay comparable.
     */
    public static ObjectNode deployableSearch() {
        return deployableSearch(exchangesAndRounds() + "; where every group has the same settings (equal runs), in"
                + " place of the rounds, branch and bound over how many groups take each range of settings (a node's"
                + " LP bound merges its ranges' hulls, each scaled by its count; the range the critical segment"
                + " splits is branched on the count at or below its lower end), least bound first; past "
                + DeployableSolver.DEFAULT_MAX_EQUAL_GROUPS_NODES + " nodes, the incumbent"
                + " with the least open bound");
    }

    /** The search with pair exchanges and rounds, up to its caps: how the answer was searched for before equal groups. */
    private static String exchangesAndRounds() {
        return "a multiple-choice knapsack solved exactly: the LP bound from each group's lower"
                + " convex hull of its undominated settings (Sinha and Zoltners, Operations Research 27(3), 1979;"
                + " Dyer 1984; Zemel 1984); the first incumbent gives the budget the LP's whole steps leave to the"
                + " group of its fractional segment first, then exchanges between pairs of groups improve it;"
                + " reduced-cost fixing at the LP's critical slope and fixing by probing (a setting kept only where"
                + " its cost plus the LP bound of the other groups at the budget it leaves is below the cut); then"
                + " below a cut raised from the largest that probing alone refutes towards the incumbent, its distance"
                + " from the LP bound growing by a factor of " + DeployableSolver.CUT_FACTOR + " a round (the core of"
                + " Pisinger, EJOR 83(2), 1995), the groups dealt into two halves, each half's undominated partial"
                + " allocations whose cost plus the LP bound of the groups not in them is below the cut, and the two"
                + " halves met in one pass (Horowitz and Sahni, JACM 21(2), 1974); relative prune tolerance "
                + DeployableSolver.PRUNE_TOLERANCE + "; past " + DeployableSolver.DEFAULT_MAX_NODES + " partial"
                + " allocations in a round, or " + DeployableSolver.TRIES_PER_STATE + " times as many children merged,"
                + " the incumbent with its certified lower bound";
    }

    /** The search of two halves, up to its caps. */
    private static String twoHalves() {
        return "a multiple-choice knapsack solved exactly: the LP bound from each group's lower"
                + " convex hull of its undominated settings (Sinha and Zoltners, Operations Research 27(3), 1979;"
                + " Dyer 1984; Zemel 1984), reduced-cost fixing at the LP's critical slope, then below a cut raised in"
                + " rounds from the LP bound to the incumbent (the core of Pisinger, EJOR 83(2), 1995) the groups"
                + " dealt into two halves, each half's undominated partial allocations whose cost plus the LP bound of"
                + " the groups not in them is below the cut, and the two halves met in one pass (Horowitz and Sahni,"
                + " JACM 21(2), 1974); the first incumbent gives the budget the LP's whole steps leave to the group of"
                + " its fractional segment first; relative prune tolerance " + DeployableSolver.PRUNE_TOLERANCE;
    }

    /**
     * The {@link #DEPLOYABLE_SEARCH} sections folders have recorded before today's: a search over the same
     * problem to the same relative tolerance, whose answers the tables compare, so that a folder recording
     * one stays verifiable.
     */
    public static List<ObjectNode> earlierDeployableSearches() {
        return List.of(deployableSearch("a multiple-choice knapsack solved exactly: the LP bound from each group's"
                + " lower convex hull of its undominated settings (Sinha and Zoltners, Operations Research 27(3), 1979;"
                + " Dyer 1984; Zemel 1984), reduced-cost fixing at the LP's critical slope, then group by group the"
                + " undominated partial allocations whose cost plus the LP bound of the groups left is below a cut"
                + " raised in rounds from the LP bound to the incumbent (the core of Pisinger, EJOR 83(2), 1995);"
                + " relative prune tolerance " + DeployableSolver.PRUNE_TOLERANCE + "; past 1000000 partial"
                + " allocations in a round, the incumbent with its certified lower bound"),
                deployableSearch(twoHalves() + "; past 4000000 partial allocations in a round, the incumbent with its"
                        + " certified lower bound"),
                deployableSearch(twoHalves() + "; past 4000000 partial allocations in a round, or 10 times as many"
                        + " settings tried, the incumbent with its certified lower bound"),
                deployableSearch(exchangesAndRounds()));
    }

    /**
     * The forms of a provenance section that folders recorded before today's and that still verify (their
     * tables are compared as any other, less the columns a later rate revision repriced):
     * {@link #DEPLOYABLE_SEARCH}'s, {@link #RATES}' and {@link #DEPLOYABLE}'s as rate revision 2 wrote it.
     */
    public static List<ObjectNode> earlierForms(String section, JsonNode today) {
        if (RATES.equals(section)) {
            return List.of(ratesAtRevision2());
        }
        if (DEPLOYABLE.equals(section) && today instanceof ObjectNode todays) {
            return List.of(deployableAtRevision2(todays));
        }
        return DEPLOYABLE_SEARCH.equals(section) ? earlierDeployableSearches() : List.of();
    }

    private static ObjectNode deployableSearch(String method) {
        ObjectNode node = Json.object();
        node.put("method", method);
        node.put("certificate", "per case, deployable.lpBound (the LP relaxation at the engine's granularity, a lower"
                + " bound any reader can recompute from the groups' settings), deployable.lpGap = deployable_cost - v"
                + " - lpBound, deployable.exact (the search proved the answer least) and deployable.lowerBound (the"
                + " answer's own cost where exact)");
        node.put("deployableMethod", "deployable.method is the text folders recorded before this section existed"
                + " (a search with a node budget, over the same problem): the optimum both reach is the same to the"
                + " relative prune tolerance, so it is kept for them to stay verifiable");
        return node;
    }

    /** Key of the section that records the rate revision of the engines' Bloom families ({@link #rates()}). */
    public static final String RATES = "rates";

    /** Key, inside {@link #RATES}, of the revision. */
    public static final String RATE_REVISION_KEY = "revision";

    /**
     * The rate revision the deployable and current columns were priced at
     * ({@link RocksDbFamily#RATE_REVISION}); a folder without this section was priced at revision 1.
     */
    public static ObjectNode rates() {
        ObjectNode node = Json.object();
        node.put(RATE_REVISION_KEY, RocksDbFamily.RATE_REVISION);
        node.put("rocksdb", ROCKSDB_RATE);
        node.put("legacy", "RocksDB's legacy Bloom filter (format_version <= 4) and Pebble's table filter of 2^17 lines"
                + " or more and up to 16 probes at the rate of the filter built from 32-bit hashes, its line (h mod lines)"
                + " and probes drawn from the same hash: per query hash, inclusion-exclusion over the hashes of its"
                + " line, averaged over 4 queries of each of the 512 probe steps (LegacyBloomLattice); smaller"
                + " filters at independent line and probes (LegacyBloomRate)");
        node.put("revision2", "the legacy Bloom filter at independent line and probes at every size; folders whose"
                + " rates section says revision 2 were priced so");
        node.put("revision1", REVISION1_RATE);
        return node;
    }

    private static final String ROCKSDB_RATE = "RocksDB's fast local Bloom filter (and Ribbon's Bloom fallback, and"
            + " the files of current) at the rate of the filter RocksDB builds: p = E_J[E[(X/512)^k]], J ~ Binomial(n,"
            + " 1/lines) keys in the queried line, X the bits its k J probes set (classical occupancy; Bose et al.,"
            + " Information Processing Letters 108(4), 2008; Putze, Sanders, Singler, WEA 2007)";

    private static final String REVISION1_RATE = "RocksDB's own estimate, BloomMath::CacheLocalFpRate"
            + " (util/bloom_impl.h), low at high bits per key; folders without this section were priced so";

    /** Pebble's settings before rate revision 3 moved its gain cap from 21 to 25 bits per key: none, then 1..21. */
    private static final int PEBBLE_SETTINGS_AT_REVISION_2 = 22;

    /** Today's deployable section with Pebble's engines described as revision 2 described them. */
    private static ObjectNode deployableAtRevision2(ObjectNode today) {
        ObjectNode node = today.deepCopy();
        JsonNode engines = node.path("engines");
        engines.fieldNames().forEachRemaining(label -> {
            JsonNode engine = engines.path(label);
            if (engine instanceof ObjectNode described && PebbleFamily.INSTANCE.name().equals(engine.path("family").asText())) {
                described.put("settings", settingsText(PEBBLE_SETTINGS_AT_REVISION_2));
            }
        });
        return node;
    }

    /** The rates section as revision 2 recorded it (a folder priced then verifies on what revision 3 left alone). */
    private static ObjectNode ratesAtRevision2() {
        ObjectNode node = Json.object();
        node.put(RATE_REVISION_KEY, 2);
        node.put("rocksdb", ROCKSDB_RATE);
        node.put("revision1", REVISION1_RATE);
        return node;
    }

    /** Key of the section that describes Pebble's progressive policy as priced in cases.csv. */
    public static final String PROGRESSIVE = "progressive";

    /** How cases.csv's progressive_* columns are found; written when some case fits Pebble's levels. */
    public static ObjectNode progressive() {
        ObjectNode node = Json.object();
        node.put("policy", "Pebble's DBTableFilterPolicyProgressive: bloom.AdaptivePolicy(b, 1 MiB - 384 bytes) with b ="
                + " 16, 16, 16, 16, 14, 10, 8 bits per key at L0..L6 (cockroachdb/pebble options.go)");
        node.put("levels", "each run at the Pebble level the export maps it to (alloc.EngineLevels)");
        node.put("cap", "per table: b while its filter (odd 64-byte lines + 5 bytes) fits the cap, else floor(maxLines *"
                + " 512 / n), no filter below 2 (sstable/tablefilters/bloom adaptive.go, MaxBitsPerKey); applied file by"
                + " file where the case lists a run's files (progressive_tables_known = true), else not applied");
        node.put("readPath", "Pebble's Get: no L6 filter read (file_cache.go), so L6 costs one read and its filter memory"
                + " is progressive_unread_filter_bits");
        node.put("optimum", "progressive_optimum_cost: the deployable allocation at pebble granularity with"
                + " progressive_filter_bits as its budget; progressive_loss = progressive_cost / progressive_optimum_cost");
        return node;
    }

    /** Key of the section that describes the engines' own settings as anchors, as priced in cases.csv. */
    public static final String ANCHORS = "anchors";

    /** How cases.csv's anchor columns (progressive_fuse_*, ribbon_hybrid_*, rocksdb_uniform_*, pebble_uniform_*) are found. */
    public static ObjectNode anchors() {
        ObjectNode node = Json.object();
        node.put("progressiveFuse", "Pebble's DBTableFilterPolicyBinaryFuseProgressive: binaryfuse.FilterPolicy(w) with"
                + " w = " + ProgressivePolicy.fuseWidthsInWords() + " fingerprint bits at L0..L6 (cockroachdb/pebble"
                + " options.go at 26e702194e718bd975623f6c7dd3702f77b64709), each filter sized as the binary-fuse"
                + " families size it (slots x w bits; Pebble's 14-byte trailer not counted) at rate 2^-w; no filter for"
                + " a table above 10,000,000 keys (binaryfuse/filter.go, maxSize) where the case lists the runs' files;"
                + " on Pebble's Get path (no L6 filter read); optimum: the best Pebble allocation at its memory, each"
                + " level taking bloom(b), b = 1..21, or binaryfuse(w), w = 4, 8, 10, 12, 16");
        node.put("ribbonHybrid", "RocksDB's NewRibbonFilterPolicy(B) at its default bloom_before_level = 0"
                + " (include/rocksdb/filter_policy.h): Bloom for the case's L0 runs (flushes), Ribbon for the rest;"
                + " optimum: the best ribbonfilter:B:L (rocksdb-ribbon) at its memory");
        node.put("rocksdbUniform", "RocksDB's bloomfilter:B for every run; optimum: the best rocksdb-per-level"
                + " allocation (none, Bloom or Ribbon per level) at its memory");
        node.put("pebbleUniform", "Pebble's bloom.FilterPolicy(b) at every level, on Pebble's Get path; optimum: the"
                + " best Pebble allocation at its memory");
        node.put("bitsPerKey", "B = M / N, the case's budget per entry, as the engine's setting takes it: RocksDB's"
                + " millibits (nearest), Pebble's whole bits (rounded down)");
        node.put("sizing", "each run one filter, as the deployable allocation sizes it (the binary-fuse progressive"
                + " policy: each listed file one filter), so each anchor is a point the optimum searches over");
        node.put("loss", "<anchor>_loss = <anchor>_cost / <anchor>_optimum_cost, both sum a_i p_i + v");
        return node;
    }

    /** The solver settings. */
    public static ObjectNode solver(ThresholdSolver solver) {
        ObjectNode node = Json.object();
        node.put("search", "org.apache.commons.math3.analysis.solvers.BrentSolver on S(t) - M over"
                + " [min ln w_i, all-runs-active closed form]");
        node.put("polish", "closed form t = (c*M + sum_A n_i ln w_i) / N_A over the self-consistent active set A");
        node.put("maxEvaluations", solver.maxEvaluations());
        Json.putNumber(node, "absoluteAccuracy", solver.absoluteAccuracy());
        Json.putNumber(node, "relativeAccuracy", solver.relativeAccuracy());
        Json.putNumber(node, "budgetTolerance", ThresholdSolver.BUDGET_TOLERANCE);
        return node;
    }

    /** Per-case solver record: bracket, evaluations, residual. */
    public static ArrayNode caseRecords(List<CaseFile> files, List<CaseResult> results) {
        ArrayNode array = Json.array();
        for (int i = 0; i < results.size(); i++) {
            CaseResult result = results.get(i);
            ThresholdSolver.Solution s = result.solution();
            ObjectNode node = array.addObject();
            node.put("id", result.lsmCase().id());
            node.put("file", files.get(i).fileName());
            node.put("budgetField", result.lsmCase().budget().field());
            TreeShape tree = result.lsmCase().tree();
            if (tree != null) {
                ObjectNode shape = node.putObject("tree");
                shape.put("policy", tree.policy().field());
                Json.putNumber(shape, "sizeRatio", tree.sizeRatio());
                shape.put("levels", tree.levels());
                shape.put("entries", tree.entries());
                if (tree.l0Runs() > 0) {
                    shape.put("l0Runs", tree.l0Runs());
                    shape.put("l0EntriesPerRun", tree.l0EntriesPerRun());
                }
                shape.put("expandedRuns", result.lsmCase().runs().size());
            }
            node.put("workload", result.lsmCase().workload().source());
            org.monkeyeval.model.Versions versions = result.lsmCase().versions();
            if (versions != null) { // only a case that gives them: published folders keep their bytes
                ObjectNode v = node.putObject("versions");
                v.put("given", versions.perRun() ? "runs[].filterEntries" : "versionsPerKey");
                Json.putNumber(v, "versionsPerKey", versions.perKey());
                Json.putNumber(v, "storedEntries", versions.storedEntries());
                v.put("filterEntries", result.lsmCase().totalEntries());
                v.put("rule", "each run's filter holds its distinct keys (Pebble: Split prefixes, added once:"
                        + " sstable/colblk_writer.go, sstable/tablefilters/bloom/hash_collector.go), max(1, round(n / v))"
                        + " of n stored entries; runs, allocations and budgets per entry are in filter entries");
            }
            if (result.deployable() != null) {
                ObjectNode deployable = node.putObject("deployable");
                Json.putNumber(deployable, "lpBound", result.deployable().lpBound());
                Json.putNumber(deployable, "lpGap", result.deployable().lpGap());
                deployable.put("exact", result.deployable().exact());
                Json.putNumber(deployable, "lowerBound", result.deployable().lowerBound());
                deployable.put("searchStates", result.deployable().nodes());
            }
            if (result.robust() != null) {
                ObjectNode robust = node.putObject("robust");
                Workload.Uncertainty uncertainty = ((Workload.ZeroResultShare) result.lsmCase().workload())
                        .uncertainty();
                robust.put("given", uncertainty.field());
                if (uncertainty instanceof Workload.KlRadius kl) {
                    Json.putNumber(robust, "klRadius", kl.radius());
                }
                ArrayNode interval = robust.putArray("interval");
                Json.addNumber(interval, result.robust().interval().low());
                Json.addNumber(interval, result.robust().interval().high());
                Json.putNumber(robust, "share", result.robust().share());
                robust.put("solves", result.robust().solves());
                if (result.robustDeployable() != null) {
                    Json.putNumber(robust, "deployableDualBound", result.robustDeployable().dualBound());
                    robust.put("deployableSolves", result.robustDeployable().solves());
                    robust.put("deployableSearchNodes", result.robustDeployable().nodes());
                    robust.put("deployableExact", result.robustDeployable().exact());
                    Json.putNumber(robust, "deployableLowerBound", result.robustDeployable().lowerBound());
                }
            }
            Json.putNumber(node, "budgetBits", result.budgetBits());
            Json.putNumber(node, "threshold", s.threshold());
            ArrayNode bracket = node.putArray("bracket");
            Json.addNumber(bracket, s.bracketLow());
            Json.addNumber(bracket, s.bracketHigh());
            node.put("evaluations", s.evaluations());
            node.put("polishIterations", s.polishIterations());
            Json.putNumber(node, "residualBits", s.residualBits());
            Json.putNumber(node, "relativeResidual", result.budgetBits() == 0 ? 0.0
                    : Math.abs(s.residualBits()) / result.budgetBits());
        }
        return array;
    }

    /** Input files with their SHA-256. */
    public static ArrayNode inputs(List<CaseFile> files) {
        ArrayNode array = Json.array();
        for (CaseFile file : files) {
            ObjectNode node = array.addObject();
            node.put("path", file.fileName());
            node.put("sha256", file.sha256());
        }
        return array;
    }

    /** Output files with their SHA-256 (hex) as already computed, in the given order. */
    public static ArrayNode outputHashes(Map<String, String> sha256ByName) {
        ArrayNode array = Json.array();
        sha256ByName.forEach((name, sha) -> {
            ObjectNode node = array.addObject();
            node.put("path", name);
            node.put("sha256", sha);
        });
        return array;
    }

    /** Output files with their SHA-256, in the given (sorted) order. */
    public static ArrayNode outputs(Map<String, String> textByName) {
        ArrayNode array = Json.array();
        textByName.forEach((name, text) -> {
            ObjectNode node = array.addObject();
            node.put("path", name);
            node.put("sha256", Sha256.hex(text.getBytes(StandardCharsets.UTF_8)));
        });
        return array;
    }
}
