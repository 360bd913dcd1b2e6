package org.monkeyeval.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.confirm.CaseCount;
import org.monkeyeval.confirm.ConfirmSettings;
import org.monkeyeval.confirm.Confirmer;
import org.monkeyeval.confirm.Layout;
import org.monkeyeval.confirm.RunCount;
import org.monkeyeval.engine.rocksdb.EngineFilter;
import org.monkeyeval.engine.rocksdb.EngineSettings;
import org.monkeyeval.engine.rocksdb.RocksDbEngineCheck;
import org.monkeyeval.family.StandardBloom;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;
import org.monkeyeval.filter.Hashing;
import org.monkeyeval.filter.KeySpace;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.text.Json;
import org.monkeyeval.text.Sha256;

/**
 * Renders the documents of {@code confirm}: {@code confirm.csv}, {@code confirm-cases.csv} and
 * {@code confirm-provenance.json}. The tables do not depend on the thread count; the provenance
 * records it.
 *
 * @param counts    the counts, in case, allocation, layout order
 * @param documents file name to text, in writing order
 */
public record ConfirmReport(List<CaseCount> counts, Map<String, String> documents) {

    public static final String PROVENANCE_FILE = "confirm-provenance.json";

    /**
     * How a run above the cap is confirmed; stated in the settings section (not in the compared method
     * section) so that folders written before the cap existed still verify.
     */
    static final String SAMPLE_RULE = "a run of n > maxFilterEntries entries is confirmed on a filter over its"
            + " first maxFilterEntries keys, storedKey(i, 0 .. maxFilterEntries - 1), at the run's own b_i (same"
            + " bits per entry and hash count; for the engine, an SST of those keys); filter_bits, predicted_fpr"
            + " and z_score are those of the filter as built, model_fpr is e^(-c b_i); confirm.csv and engine.csv"
            + " give built_entries beside entries, and sampledRuns lists every such run";

    /**
     * The engine check's part, when it ran.
     *
     * @param settings what it did
     * @param result   its rows and per-case sums
     */
    public record Engine(EngineSettings settings, RocksDbEngineCheck.Result result) {
    }

    /** Key of confirm-provenance.json's prediction revision ({@link #PREDICTION_REVISION}). */
    public static final String PREDICTION_REVISION_KEY = "predictionRevision";

    /**
     * How a row's predicted rate is found. 1 (folders without the key): every layout at its family's
     * rate, xor filters at the family's mean over filters with its filter-to-filter spread added to the
     * variance; 2: each xor filter at the rate of its own table ({@code XorTableRate}), no spread; 3:
     * cache-local Bloom filters (RocksDB's fast local and legacy Bloom, Pebble's, Ribbon's Bloom fallback,
     * and the engine check's filters) at the built filter's rate and build variance, each line's occupancy
     * mixed over its load ({@code filter.LineOccupancy}), where revision 2 took each line's classical rate.
     */
    public static final int PREDICTION_REVISION = 3;

    /** The layouts whose predicted columns revision 2 changed. */
    private static final Set<String> XOR_LAYOUTS = Set.of("xor8", "xor16");

    /** The layouts whose predicted columns revision 3 changed (confirm.csv and engine.csv). */
    private static final Set<String> CACHE_LOCAL_LAYOUTS = Set.of("rocksdb", "rocksdb-legacy", "pebble",
            "rocksdb-ribbon", "rocksdb-engine", "rocksdb-legacy-engine", "rocksdb-ribbon-engine");

    /** The layouts whose predicted columns differ between a folder's prediction revision and today's. */
    public static Set<String> layoutsRevisedSince(int revision) {
        Set<String> revised = new TreeSet<>();
        if (revision < 2) {
            revised.addAll(XOR_LAYOUTS);
        }
        if (revision < 3) {
            revised.addAll(CACHE_LOCAL_LAYOUTS);
        }
        return revised;
    }

    /** confirm.csv's columns that follow from a row's prediction (the measured counts do not). */
    public static final List<String> PREDICTED_RUN_COLUMNS = List.of("predicted_fpr", "z_score");

    /** confirm-cases.csv's columns that follow from the rows' predictions. */
    public static final List<String> PREDICTED_CASE_COLUMNS = List.of("predicted_R", "R_z_score", "predicted_cost",
            "predicted_improvement");

    /** Renders the documents for counts already computed; {@code engine} may be null. */
    public static ConfirmReport render(List<CaseFile> files, List<CaseCount> counts, ConfirmSettings settings,
                                       Engine engine, ToolInfo tool, List<String> command,
                                       OptionalLong sourceDateEpoch) {
        Map<String, String> tables = new LinkedHashMap<>();
        List<CaseCount> caseRows = new ArrayList<>(counts);
        if (engine != null) {
            caseRows.addAll(engine.result().cases());
        }
        tables.put(ConfirmTables.CASES_FILE, ConfirmTables.cases(caseRows));
        tables.put(ConfirmTables.RUNS_FILE, ConfirmTables.runs(counts));
        if (engine != null) {
            tables.put(EngineTables.FILE, EngineTables.rows(engine.result().runs(), counts));
        }

        ObjectNode p = Provenance.header(tool, command, sourceDateEpoch);
        p.set("settings", settings(settings));
        p.set("sampledRuns", sampledRuns(counts, engine));
        p.set("method", method());
        p.put(PREDICTION_REVISION_KEY, PREDICTION_REVISION);
        if (engine != null) {
            p.set("engine", engine(engine.settings()));
        }
        p.set("inputs", Provenance.inputs(files));
        Map<String, String> hashed = new LinkedHashMap<>(tables);
        hashed.remove(EngineTables.FILE);
        ArrayNode outputs = Provenance.outputs(hashed);
        if (engine != null) {
            // engine.csv carries latency and block-cache columns that change on every rerun; its
            // recorded hash covers the other columns, so this file stays reproducible
            ObjectNode e = outputs.addObject();
            e.put("path", EngineTables.FILE);
            e.put("sha256OfComparedColumns",
                    Sha256.hex(EngineTables.comparedColumns(tables.get(EngineTables.FILE))
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            ArrayNode notCompared = e.putArray("notCompared");
            EngineTables.VOLATILE_COLUMNS.forEach(notCompared::add);
        }
        p.set("outputs", outputs);

        Map<String, String> documents = new LinkedHashMap<>(tables);
        documents.put(PROVENANCE_FILE, Json.write(p));
        return new ConfirmReport(List.copyOf(counts), documents);
    }

    /** The settings section; {@code threads} is recorded but does not change any table. */
    public static ObjectNode settings(ConfirmSettings settings) {
        ObjectNode node = Json.object();
        node.put("seed", settings.seed());
        node.put("queries", settings.queries());
        ArrayNode layouts = node.putArray("layouts");
        settings.layouts().forEach(l -> layouts.add(l.label()));
        Json.putNumber(node, "precision", settings.precision());
        node.put("maxQueries", settings.maxQueries());
        node.put("threads", settings.threads());
        node.put("maxFilterEntries", settings.maxFilterEntries());
        node.put("filterSample", SAMPLE_RULE);
        if (!settings.familyCases().isEmpty()) {
            // recorded only when it narrows the families' layouts, so earlier sections read the same
            ArrayNode familyCases = node.putArray("familyCases");
            settings.familyCases().forEach(familyCases::add);
        }
        return node;
    }

    /** Reads the settings back from a provenance settings section (for {@code verify}); no cap when absent. */
    public static ConfirmSettings settingsFrom(JsonNode node, int threads) {
        List<Layout> layouts = new ArrayList<>();
        node.path("layouts").forEach(l -> layouts.add(Layout.fromLabel(l.asText())));
        double precision = node.path("precision").isNumber() ? node.path("precision").asDouble() : Double.NaN;
        List<String> familyCases = new ArrayList<>();
        node.path("familyCases").forEach(c -> familyCases.add(c.asText()));
        return new ConfirmSettings(node.path("queries").asLong(), node.path("seed").asLong(), threads, layouts,
                precision, node.path("maxQueries").asLong(), maxFilterEntriesFrom(node), familyCases);
    }

    /** The recorded cap, or none for a provenance written before the cap existed. */
    private static long maxFilterEntriesFrom(JsonNode node) {
        JsonNode cap = node.path("maxFilterEntries");
        if (cap.isMissingNode()) {
            return ConfirmSettings.NO_FILTER_CAP;
        }
        if (!cap.canConvertToExactIntegral() || !cap.canConvertToLong()) {
            throw new IllegalArgumentException("maxFilterEntries (" + cap + ") must be a whole number");
        }
        return cap.asLong();
    }

    /** Every run whose filters (or engine SSTs) were built over fewer keys than it holds, once per run. */
    static ArrayNode sampledRuns(List<CaseCount> counts, Engine engine) {
        List<CaseCount> all = new ArrayList<>(counts);
        if (engine != null) {
            all.addAll(engine.result().cases());
        }
        Map<String, ObjectNode> runs = new LinkedHashMap<>();
        for (CaseCount c : all) {
            for (RunCount r : c.runs()) {
                if (r.sampled()) {
                    ObjectNode run = Json.object();
                    run.put("caseId", r.caseId());
                    run.put("run", r.run());
                    run.put("entries", r.entries());
                    run.put("builtEntries", r.builtEntries());
                    runs.putIfAbsent(r.caseId() + "/" + r.run(), run);
                }
            }
        }
        ArrayNode node = Json.array();
        runs.values().forEach(node::add);
        return node;
    }

    /** The engine section: what ran, with which options, and what is compared. */
    public static ObjectNode engine(EngineSettings settings) {
        ObjectNode node = Json.object();
        node.put("name", "RocksDB, embedded through RocksJava (org.rocksdb:rocksdbjni)");
        node.put("version", RocksDbEngineCheck.engineVersion());
        node.put("seed", settings.seed());
        node.put("queries", settings.queries());
        Json.putNumber(node, "presentShare", settings.presentShare());
        ArrayNode cases = node.putArray("cases");
        settings.caseIds().forEach(cases::add);
        node.put("maxFilterEntries", settings.maxFilterEntries());
        node.put("keys", EngineSettings.KEY_BYTES + "-byte keys: KeySpace key big-endian, then mix13(key) big-endian;"
                + " bytewise comparator");
        node.put("runs", "one column family per run, each holding one SST file written by SstFileWriter with the"
                + " run's options and ingested (move); every absent lookup issues one get per run");
        ObjectNode options = node.putObject("options");
        options.put("filterPolicy", "BloomFilter(bits_per_key = allocated b_i), full filter; no filter policy for b_i = 0");
        options.put("formatVersion", EngineFilter.FAST_LOCAL_BLOOM.formatVersion());
        options.put("optimizeFiltersForMemory", false);
        options.put("wholeKeyFiltering", true);
        options.put("cacheIndexAndFilterBlocks", false);
        options.put("blockCacheBytes", EngineSettings.BLOCK_CACHE_BYTES);
        options.put("disableAutoCompactions", true);
        node.put("counters", "per-run deltas of BLOOM_FILTER_FULL_POSITIVE (P), BLOOM_FILTER_FULL_TRUE_POSITIVE (T),"
                + " BLOOM_FILTER_USEFUL (U), BLOCK_CACHE_DATA_MISS, BLOCK_CACHE_DATA_HIT");
        node.put("prediction", "binomial line-load mixture at the engine's filter size and RocksDB's probe count");
        ArrayNode ignored = node.putArray("notCompared");
        EngineTables.VOLATILE_COLUMNS.forEach(ignored::add);
        if (!settings.filters().equals(List.of(EngineFilter.FAST_LOCAL_BLOOM))) {
            // recorded only when other filters than the default were built, so earlier sections read the same
            ArrayNode filters = node.putArray("filters");
            for (EngineFilter f : settings.filters()) {
                ObjectNode filter = filters.addObject();
                filter.put("name", f.label());
                filter.put("layout", f.layout());
                filter.put("formatVersion", f.formatVersion());
                filter.put("filterPolicy", f == EngineFilter.RIBBON ? "ribbonfilter:b_i:-1 (options string)"
                        : "BloomFilter(bits_per_key = allocated b_i)");
                filter.put("prediction", f == EngineFilter.FAST_LOCAL_BLOOM
                        ? "binomial line-load mixture at the engine's filter size and RocksDB's probe count"
                        : "family " + f.label() + " at RocksDB's setting for b_i");
            }
        }
        return node;
    }

    /** Reads the engine settings back from a provenance engine section (for {@code verify}). */
    public static EngineSettings engineSettingsFrom(JsonNode node) {
        List<String> cases = new ArrayList<>();
        node.path("cases").forEach(c -> cases.add(c.asText()));
        List<EngineFilter> filters = new ArrayList<>();
        node.path("filters").forEach(f -> filters.add(EngineFilter.fromLabel(f.path("name").asText())));
        if (filters.isEmpty()) {
            filters.add(EngineFilter.FAST_LOCAL_BLOOM);
        }
        return new EngineSettings(node.path("queries").asLong(), node.path("seed").asLong(),
                node.path("presentShare").asDouble(), cases, maxFilterEntriesFrom(node), filters);
    }

    /** The method section: keys, hash, layouts, predictions, counting, intervals. */
    public static ObjectNode method() {
        ObjectNode node = Json.object();
        node.put("hash", Hashing.NAME);
        node.put("hashSeed", "mix13(seed ^ 0x" + Long.toHexString(Confirmer.HASH_SEED_SALT) + ")");
        node.put("keys", KeySpace.NAME);
        node.put("keysPerRun", "run i (0-based) holds storedKey(i, 0 .. n_i - 1); the same keys under every"
                + " allocation and layout; queries are absentKey(0 .. Q - 1), disjoint by construction, the same"
                + " for every run");
        ObjectNode layouts = node.putObject("layouts");
        layouts.put("standard", StandardBloom.PROBE_DERIVATION);
        layouts.put("rocksdb", RocksDbLocalBloom.PROBE_DERIVATION);
        ObjectNode predictions = node.putObject("predictions");
        predictions.put("model_fpr", "exp(-ln(2)^2 * b) (Monkey eq. 2)");
        predictions.put("standard", "(1 - exp(-k n / m))^k at the built m and k");
        predictions.put("rocksdb", "Poisson mixture over keys per 512-bit line (Putze, Sanders, Singler 2007);"
                + " RocksDB's CacheLocalFpRate reported beside it as cache_local_fpr");
        node.put("counting", "P = filter said may-contain, T = key present (0 for absent queries), U = filter said"
                + " no; observed_fpr = (P - T) / (P - T + U), empty when the denominator is 0; a run without a"
                + " filter is read by every query (probes = Q)");
        node.put("fprInterval", "Clopper-Pearson, 95%");
        node.put("rInterval", "measured_R +- 1.96 * sqrt(sum (x+2)/(Q+4) * (1 - (x+2)/(Q+4)) / Q) over filtered runs"
                + " (Agresti-Coull adjusted), floored at the bypassed runs' count");
        node.put("zScore", "(x - Q p) / sqrt(Q p (1 - p)) with p = predicted_fpr; R_z_score uses"
                + " sqrt(sum p (1 - p) / Q)");
        node.put("noFalseNegatives", "every stored key of every filter is queried once after building; any"
                + " rejection aborts the confirmation");
        return node;
    }
}
