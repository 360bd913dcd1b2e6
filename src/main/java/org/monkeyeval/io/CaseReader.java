package org.monkeyeval.io;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;

import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.rocksdb.RocksDbFileFilter;
import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.RocksDbOptions;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.RunFile;
import org.monkeyeval.model.TreeShape;
import org.monkeyeval.model.Versions;
import org.monkeyeval.model.Workload;
import org.monkeyeval.text.InvalidInputException;
import org.monkeyeval.text.Numbers;

/**
 * Reads one case file with a streaming parser, so that every problem is reported with the file,
 * the field path, the line and the column of the offending token.
 *
 * <pre>
 * { "id": "seed-10bpe",                          required, [a-z0-9][a-z0-9._-]*
 *   "description": "the worked example",         optional string
 *   "runs": [ {"name": "L1", "entries": 10000,    one or more (at most 1,000,000), newest first; name
 *              "level": 1, "lookups": 120} ],    optional; entries integer 1..2^63-1; level optional
 *                                                integer 0..128; lookups (number >= 0) on every run or none;
 *                                                currentBitsPerEntry (number >= 0): the filter bits per
 *                                                entry the run has today, on every run or none;
 *                                                files (optional, imported databases): see below;
 *                                                filterEntries (integer 1..entries, optional, not with
 *                                                files): the entries the run's filter holds (distinct
 *                                                keys; Pebble: distinct Split prefixes), by which every
 *                                                allocation then sizes the run
 *   "tree": { "policy": "leveling",              instead of runs: leveling, tiering or lazy-leveling
 *             "sizeRatio": 10, "levels": 7,      T >= 2 (whole for tiering, lazy-leveling); L 1..128
 *             "entries": 1111111000,             entries of levels 1..L
 *             "l0": { "runs": 4, "entriesPerRun": 100000 } },  optional
 *   "budget": { "bitsPerEntry": 10 },            exactly one of bitsPerEntry, totalBits (numbers >= 0)
 *   "workload": { "zeroResultShare": 0.3,        optional, in [0, 1]; default 1 (every key absent)
 *                 "zeroResultShareRange": [0.1, 0.6],  optional: z may lie anywhere in [low, high], which
 *                                                must hold zeroResultShare; or instead "klRadius": rho
 *                                                (number >= 0): every z' with KL((z',1-z')||(z,1-z)) <= rho
 *                 "presentPrefixShare": 0.2 },   optional, in [0, 1]; default 0: the share of absent keys
 *                                                whose prefix the database holds (files whose filters hold
 *                                                only prefixes, and runs at the pebble granularities, whose
 *                                                filters hold Split prefixes, read the block for those);
 *                                                zeroResultShare
 *                                                may then be left out (1)
 *   "engineGranularity": "rocksdb-per-level",    optional: the engine granularity of the case's deployable
 *                                                allocation, as --engine-granularity names it (which
 *                                                overrides it); one of Engine.LABELS
 *   "rocksdb": { "numLevels": 7,                 optional (import writes it from the OPTIONS file): the
 *                "levelCompactionDynamicLevelBytes": false,  database's own options, each optional
 *                "optimizeFiltersForHits": true,     (defaults 7, true, false); the runs are then at the
 *                "prefixExtractor": "rocksdb.FixedPrefix.8",  database's own levels (export keeps them
 *                "wholeKeyFiltering": false,      there), and with optimizeFiltersForHits a Get reads no
 *                "compactionStyle": "kCompactionStyleLevel",  filter of the last non-empty level
 *                "formatVersion": 5,               (alloc.ReadPath#today); prefixExtractor ("nullptr" for
 *                "optimizeFiltersForMemory": false } }  none; default each file's own) and
 *                                                wholeKeyFiltering (default true) are what the database is
 *                                                opened with (alloc.ReadPath#fileCheck); compactionStyle,
 *                                                formatVersion (0 to 7) and optimizeFiltersForMemory are
 *                                                recorded as the OPTIONS file says them (export states them)
 *   "versionsPerKey": 3                          optional number &gt;= 1, not with runs' filterEntries or
 *                                                files: each key stored as v versions, so a run of n entries
 *                                                has a filter of max(1, round(n / v)) entries
 *                                                (model.Versions#filterEntries); budgets per entry are then
 *                                                per filter entry
 * </pre>
 *
 * A run's {@code files} (written by {@code import}) are the files it holds, each with the filter it
 * really has; when given, {@code run} prices the case's {@code current} from them
 * ({@link RocksDbFileFilter#fpr}) instead of from currentBitsPerEntry on the ideal curve:
 *
 * <pre>
 *   "files": [ { "name": "000012.sst",           required string
 *                "entries": 30000,               required integer &gt;= 1: the file's keys; the files' entries
 *                                                   sum to the run's, or (as import writes them) their
 *                                                   filterEntries where a file has a prefixExtractor
 *                                                   (model.RunFile#allocationEntries)
 *                "filterEntries": 30000,         optional integer &gt;= 1: keys (and prefixes) added to the filter
 *                "filter": { "family": "rocksdb",  required: rocksdb, rocksdb-legacy, rocksdb-ribbon,
 *                                                   none or always-false
 *                            "bits": 300040,     required integer &gt;= 0: 8 x the filter's bytes
 *                            "parameters": { "lines": 586, "probes": 6 } },  required object of
 *                                                   integers &gt;= 1, the ones the family takes
 *                "partitioned": false,           optional, default false
 *                "wholeKeyFiltering": true,      optional, default true
 *                "prefixExtractor": "rocksdb.FixedPrefix.4",  optional: prefixes added to the filter
 *                "smallestKey": "6b6579", "largestKey": "6b657a",  optional hex user keys
 *                "separatorGapShare": 0.004,     optional, in [0, 1]: the share of the file's key space
 *                                                   where a Get reads a second data block (import reads it
 *                                                   from uncompressed files; alloc.SeparatorGaps); default 0
 *                "filterRate": 0.0094,           optional, in [0, 1]: the rate of the filter the file holds,
 *                                                   from its bits (import writes it for fast local Bloom
 *                                                   filters); default the family's rate at its size
 *                "newestShare": 0.86 } ]         optional, in [0, 1]: the share of its entries whose key no
 *                                                   newer run holds (import samples it); default 1: the
 *                                                   distinct keys absent keys are drawn like (alloc.KeyRangeReach)
 * </pre>
 *
 * Unknown and duplicate fields, nulls, wrong types, trailing content and nesting deeper than
 * {@link #MAX_NESTING} are refused.
 */
public final class CaseReader {

    /** The deepest legal case file nests 3 levels; anything much deeper is refused by the parser. */
    static final int MAX_NESTING = 16;
    /** Longest accepted number literal: 2^63-1 has 19 digits. */
    static final int MAX_NUMBER_LENGTH = 64;
    /** Longest accepted string (ids, names, descriptions). */
    static final int MAX_STRING_LENGTH = 100_000;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_NESTING)
                    .maxNumberLength(MAX_NUMBER_LENGTH)
                    .maxStringLength(MAX_STRING_LENGTH)
                    .build())
            .build();

    private final String file;
    private JsonParser parser;
    /** Where the budget's number stands, for the per-entry limit checked once the runs are known. */
    private JsonLocation budgetAt;
    /** workload.presentPrefixShare, or null when the workload does not give it. */
    private Double presentPrefixShare;
    /** Where the first run giving filterEntries gives it, or null when no run does. */
    private JsonLocation runFilterEntriesAt;
    /** The listed runs' stored entries (versions counted), summed as they are read. */
    private double storedEntries;

    private CaseReader(String file) {
        this.file = file;
    }

    /**
     * Parses and validates one case file.
     *
     * @param file name used in messages
     * @param in   the file's bytes (UTF-8 JSON)
     */
    public static LsmCase read(String file, InputStream in) throws InvalidInputException {
        CaseReader reader = new CaseReader(file);
        try (JsonParser p = FACTORY.createParser(in)) {
            reader.parser = p;
            LsmCase lsmCase = reader.readCase();
            JsonToken trailing = p.nextToken();
            if (trailing != null) {
                throw reader.error("", "unexpected content after the case object");
            }
            return lsmCase;
        } catch (StreamConstraintsException e) {
            throw reader.parseError(e, "input too large or too deeply nested: ");
        } catch (JsonProcessingException e) {
            throw reader.parseError(e, "not valid JSON: ");
        } catch (IOException e) {
            throw new InvalidInputException(file, 0, 0, "", "cannot read: " + e.getMessage());
        }
    }

    private LsmCase readCase() throws IOException, InvalidInputException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw error("", parser.currentToken() == null ? "file is empty" : "expected a JSON object");
        }
        JsonLocation start = parser.currentTokenLocation();
        String id = null;
        String description = null;
        List<Run> runs = null;
        JsonLocation runsAt = null;
        TreeShape tree = null;
        JsonLocation treeAt = null;
        Budget budget = null;
        Workload workload = null;
        JsonLocation workloadAt = null;
        String engineGranularity = null;
        RocksDbOptions rocksdb = null;
        Double versionsPerKey = null;
        JsonLocation versionsAt = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonLocation at = parser.currentTokenLocation();
            parser.nextToken();
            switch (field) {
                case "id" -> {
                    id = string("id");
                    if (!LsmCase.ID_PATTERN.matcher(id).matches()) {
                        throw error("id", "\"" + printable(id) + "\" is not a safe id: use lower-case letters,"
                                + " digits, '.', '_' and '-', starting with a letter or digit");
                    }
                }
                case "description" -> description = string("description");
                case "runs" -> {
                    runsAt = at;
                    runs = readRuns();
                }
                case "tree" -> {
                    treeAt = at;
                    tree = readTree();
                }
                case "budget" -> budget = readBudget();
                case "workload" -> {
                    workloadAt = at;
                    workload = readWorkload();
                }
                case "engineGranularity" -> {
                    String label = string("engineGranularity");
                    try {
                        engineGranularity = Engine.fromLabel(label).label();
                    } catch (IllegalArgumentException e) {
                        throw error("engineGranularity", "unknown engine '" + printable(label) + "' (expected"
                                + " one of " + Engine.LABELS + ")");
                    }
                }
                case "rocksdb" -> rocksdb = readRocksDbOptions();
                case "versionsPerKey" -> {
                    versionsAt = parser.currentTokenLocation();
                    versionsPerKey = nonNegativeNumber("versionsPerKey");
                    if (versionsPerKey < 1.0) {
                        throw error("versionsPerKey", "is the stored entries per distinct key and must be >= 1, got "
                                + parser.getText());
                    }
                }
                default -> throw errorAt(at, field, "unknown field (expected id, description, runs, tree, budget,"
                        + " workload, engineGranularity, rocksdb, versionsPerKey)");
            }
        }
        if (id == null) {
            throw errorAt(start, "id", "missing");
        }
        if (runs != null && tree != null) {
            throw errorAt(runsAt.getLineNr() > treeAt.getLineNr() ? runsAt : treeAt, "runs",
                    "give either runs or tree, not both");
        }
        if (runs == null && tree == null) {
            throw errorAt(start, "runs", "missing (give runs, or tree for a tree shape)");
        }
        if (budget == null) {
            throw errorAt(start, "budget", "missing");
        }
        if (tree != null) {
            try {
                runs = tree.expand();
            } catch (IllegalArgumentException e) {
                throw errorAt(treeAt, "tree", e.getMessage());
            }
        }
        Versions versions = null;
        if (versionsPerKey != null) {
            runs = byVersions(runs, versionsPerKey, versionsAt);
            versions = new Versions(versionsPerKey, false, storedEntries);
        } else if (runFilterEntriesAt != null) {
            double held = 0.0;
            for (Run run : runs) {
                held += run.entries();
            }
            versions = new Versions(storedEntries / held, true, storedEntries);
        }
        boolean measured = runs.get(0).lookups() != null;
        for (int i = 0; i < runs.size(); i++) {
            if ((runs.get(i).lookups() != null) != measured) {
                throw errorAt(runsAt, "runs[" + i + "].lookups", (measured ? "missing" : "given")
                        + ": give lookups on every run or on none");
            }
        }
        if (measured) {
            if (workload != null) {
                throw errorAt(workloadAt, "workload", "give either a workload or per-run lookups, not both");
            }
            if (runs.stream().allMatch(r -> r.lookups() == 0.0)) {
                throw errorAt(runsAt, "runs", "lookups are 0 on every run: no lookup reaches a filter");
            }
            workload = new Workload.MeasuredLookups();
        }
        if (rocksdb != null) {
            for (int i = 0; i < runs.size(); i++) {
                Integer level = runs.get(i).level();
                if (level != null && level >= rocksdb.numLevels()) {
                    throw errorAt(runsAt != null ? runsAt : treeAt, "runs[" + i + "].level", "L" + level
                            + " is past the database's levels (rocksdb.numLevels " + rocksdb.numLevels() + ")");
                }
            }
        }
        LsmCase lsmCase = new LsmCase(id, description, runs, budget, tree,
                workload == null ? Workload.ABSENT_KEYS : workload, engineGranularity, rocksdb, presentPrefixShare,
                versions);
        checkBudgetPerEntry(lsmCase);
        return lsmCase;
    }

    /**
     * The runs with the entries their filters hold at {@code versionsPerKey} stored entries per key
     * ({@link Versions#filterEntries}); refused beside runs' own filterEntries or files, which say it already.
     * Sums the stored entries for {@link Versions}.
     */
    private List<Run> byVersions(List<Run> runs, double versionsPerKey, JsonLocation at) throws InvalidInputException {
        if (runFilterEntriesAt != null) {
            throw errorAt(at, "versionsPerKey", "give either versionsPerKey or the runs' filterEntries, not both");
        }
        List<Run> held = new ArrayList<>(runs.size());
        storedEntries = 0.0;
        for (int i = 0; i < runs.size(); i++) {
            Run r = runs.get(i);
            if (!r.files().isEmpty()) {
                throw errorAt(at, "versionsPerKey", "not with runs that list their files (runs[" + i + "].files):"
                        + " each file's filterEntries says what its filter holds");
            }
            storedEntries += r.entries();
            held.add(new Run(r.name(), Versions.filterEntries(r.entries(), versionsPerKey), r.level(), r.lookups(),
                    r.currentBitsPerEntry()));
        }
        return held;
    }

    /** A total-bits budget may not exceed {@link Budget#MAX_BITS_PER_ENTRY} once divided by the entries. */
    private void checkBudgetPerEntry(LsmCase lsmCase) throws InvalidInputException {
        double perEntry = lsmCase.budgetBits() / lsmCase.totalEntries().doubleValue();
        if (perEntry > Budget.MAX_BITS_PER_ENTRY) {
            throw errorAt(budgetAt, "budget." + lsmCase.budget().field(), Numbers.format(lsmCase.budget().value())
                    + " bits is " + Numbers.format(perEntry) + " bits per entry, over the limit of "
                    + Numbers.format(Budget.MAX_BITS_PER_ENTRY));
        }
    }

    private TreeShape readTree() throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw error("tree", "expected an object with policy, sizeRatio, levels, entries, got "
                    + describe(parser.currentToken()));
        }
        JsonLocation start = parser.currentTokenLocation();
        TreeShape.Policy policy = null;
        Double sizeRatio = null;
        JsonLocation sizeRatioAt = null;
        Long levels = null;
        Long entries = null;
        long l0Runs = 0;
        long l0Entries = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonLocation at = parser.currentTokenLocation();
            parser.nextToken();
            String path = "tree." + field;
            switch (field) {
                case "policy" -> {
                    String name = string(path);
                    policy = TreeShape.Policy.byField(name);
                    if (policy == null) {
                        throw error(path, "\"" + printable(name)
                                + "\" is not a policy (expected leveling, tiering or lazy-leveling)");
                    }
                }
                case "sizeRatio" -> {
                    sizeRatioAt = parser.currentTokenLocation();
                    sizeRatio = nonNegativeNumber(path);
                    if (sizeRatio < 2.0) {
                        throw error(path, "must be >= 2, got " + parser.getText());
                    }
                }
                case "levels" -> {
                    levels = positiveLong(path);
                    if (levels > TreeShape.MAX_LEVELS) {
                        throw error(path, levels + " levels is more than the limit of " + TreeShape.MAX_LEVELS);
                    }
                }
                case "entries" -> entries = positiveLong(path);
                case "l0" -> {
                    long[] l0 = readL0();
                    l0Runs = l0[0];
                    l0Entries = l0[1];
                }
                default -> throw errorAt(at, path, "unknown field (expected policy, sizeRatio, levels, entries, l0)");
            }
        }
        for (Object[] required : new Object[][] {{policy, "policy"}, {sizeRatio, "sizeRatio"}, {levels, "levels"},
            {entries, "entries"}}) {
            if (required[0] == null) {
                throw errorAt(start, "tree." + required[1], "missing");
            }
        }
        if (policy != TreeShape.Policy.LEVELING && sizeRatio != Math.rint(sizeRatio)) {
            throw errorAt(sizeRatioAt, "tree.sizeRatio", "must be a whole number for " + policy.field()
                    + " (it keeps T - 1 runs per level), got " + Numbers.format(sizeRatio));
        }
        try {
            return new TreeShape(policy, sizeRatio, levels.intValue(), entries, (int) l0Runs, l0Entries);
        } catch (IllegalArgumentException e) {
            throw errorAt(start, "tree", e.getMessage());
        }
    }

    private long[] readL0() throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw error("tree.l0", "expected an object with runs and entriesPerRun, got "
                    + describe(parser.currentToken()));
        }
        JsonLocation start = parser.currentTokenLocation();
        long runs = 0;
        long entriesPerRun = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonLocation at = parser.currentTokenLocation();
            parser.nextToken();
            String path = "tree.l0." + field;
            switch (field) {
                case "runs" -> {
                    runs = positiveLong(path);
                    if (runs > TreeShape.MAX_RUNS) {
                        throw error(path, runs + " runs is more than the limit of " + TreeShape.MAX_RUNS);
                    }
                }
                case "entriesPerRun" -> entriesPerRun = positiveLong(path);
                default -> throw errorAt(at, path, "unknown field (expected runs, entriesPerRun)");
            }
        }
        if (runs == 0) {
            throw errorAt(start, "tree.l0.runs", "missing");
        }
        if (entriesPerRun == 0) {
            throw errorAt(start, "tree.l0.entriesPerRun", "missing");
        }
        return new long[] {runs, entriesPerRun};
    }

    private Workload readWorkload() throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw error("workload", "expected an object with zeroResultShare, got " + describe(parser.currentToken()));
        }
        JsonLocation start = parser.currentTokenLocation();
        Double z = null;
        presentPrefixShare = null;
        Workload.Uncertainty uncertainty = null;
        JsonLocation uncertaintyAt = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonLocation at = parser.currentTokenLocation();
            parser.nextToken();
            String path = "workload." + field;
            switch (field) {
                case "zeroResultShare" -> z = share(path);
                case "zeroResultShareRange", "klRadius" -> {
                    if (uncertainty != null) {
                        throw errorAt(at, path, "give either zeroResultShareRange or klRadius, not both");
                    }
                    uncertaintyAt = at;
                    if (field.equals("klRadius")) {
                        double rho = nonNegativeNumber(path);
                        uncertainty = new Workload.KlRadius(rho);
                    } else {
                        uncertainty = readShareRange(path);
                    }
                }
                case "presentPrefixShare" -> presentPrefixShare = shareOfAbsentKeys(path);
                default -> throw errorAt(at, path, "unknown field (expected zeroResultShare, zeroResultShareRange,"
                        + " klRadius, presentPrefixShare)");
            }
        }
        if (z == null && uncertainty == null && presentPrefixShare != null) {
            z = 1.0; // a workload that only says how many absent keys have a present prefix
        }
        if (z == null) {
            throw errorAt(start, "workload.zeroResultShare", uncertainty == null ? "missing"
                    : "missing: " + uncertainty.field() + " is the uncertainty around it");
        }
        if (uncertainty instanceof Workload.ShareRange range && !(range.low() <= z && z <= range.high())) {
            throw errorAt(uncertaintyAt, "workload.zeroResultShareRange", "[" + Numbers.format(range.low()) + ", "
                            + Numbers.format(range.high()) + "] does not hold zeroResultShare " + Numbers.format(z));
        }
        return new Workload.ZeroResultShare(z, uncertainty);
    }

    /** A number in [0, 1]: a share of the absent-key lookups. */
    private double shareOfAbsentKeys(String path) throws IOException, InvalidInputException {
        double v = nonNegativeNumber(path);
        if (v > 1.0) {
            throw error(path, "is a share of the absent-key lookups and must be in [0, 1], got " + parser.getText());
        }
        return v;
    }

    /** A number in [0, 1]: a share of a file's {@code what} (its key space, its entries). */
    private double unitShare(String path, String what) throws IOException, InvalidInputException {
        double v = nonNegativeNumber(path);
        if (v > 1.0) {
            throw error(path, "is a share of the file's " + what + " and must be in [0, 1], got " + parser.getText());
        }
        return v;
    }

    /** A number in [0, 1]: a false-positive rate. */
    private double rate(String path) throws IOException, InvalidInputException {
        double v = nonNegativeNumber(path);
        if (v > 1.0) {
            throw error(path, "is a false-positive rate and must be in [0, 1], got " + parser.getText());
        }
        return v;
    }

    /** A number in [0, 1]: a share of lookups. */
    private double share(String path) throws IOException, InvalidInputException {
        double v = nonNegativeNumber(path);
        if (v > 1.0) {
            throw error(path, "is a share of lookups and must be in [0, 1], got " + parser.getText());
        }
        return v;
    }

    /** {@code [low, high]}: two shares, low &lt;= high. */
    private Workload.ShareRange readShareRange(String path) throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw error(path, "expected [low, high], two shares of lookups, got " + describe(parser.currentToken()));
        }
        JsonLocation start = parser.currentTokenLocation();
        double[] ends = new double[2];
        int count = 0;
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            if (count == 2) {
                throw error(path + "[2]", "expected [low, high], two shares of lookups: a third value");
            }
            ends[count] = share(path + "[" + count + "]");
            count++;
        }
        if (count < 2) {
            throw errorAt(start, path, "expected [low, high], two shares of lookups, got " + count
                    + (count == 1 ? " value" : " values"));
        }
        if (ends[0] > ends[1]) {
            throw errorAt(start, path, "low " + Numbers.format(ends[0]) + " is above high " + Numbers.format(ends[1]));
        }
        return new Workload.ShareRange(ends[0], ends[1]);
    }

    private List<Run> readRuns() throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw error("runs", "expected an array of runs, got " + describe(parser.currentToken()));
        }
        JsonLocation start = parser.currentTokenLocation();
        List<Run> runs = new ArrayList<>();
        List<JsonLocation> starts = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            String path = "runs[" + runs.size() + "]";
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                throw error(path, "expected a run object, got " + describe(parser.currentToken()));
            }
            JsonLocation runStart = parser.currentTokenLocation();
            String name = null;
            long entries = 0;
            boolean hasEntries = false;
            Double lookups = null;
            Integer level = null;
            Double current = null;
            List<RunFile> files = List.of();
            JsonLocation filesAt = null;
            Long filterEntries = null;
            JsonLocation filterEntriesAt = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonLocation at = parser.currentTokenLocation();
                parser.nextToken();
                switch (field) {
                    case "name" -> name = string(path + ".name");
                    case "entries" -> {
                        entries = positiveLong(path + ".entries");
                        hasEntries = true;
                    }
                    case "filterEntries" -> {
                        filterEntriesAt = parser.currentTokenLocation();
                        filterEntries = positiveLong(path + ".filterEntries");
                    }
                    case "lookups" -> lookups = nonNegativeNumber(path + ".lookups");
                    case "currentBitsPerEntry" -> current = nonNegativeNumber(path + ".currentBitsPerEntry");
                    case "files" -> {
                        filesAt = parser.currentTokenLocation();
                        files = readFiles(path + ".files");
                    }
                    case "level" -> {
                        long l = nonNegativeLong(path + ".level");
                        if (l > TreeShape.MAX_LEVELS) {
                            throw error(path + ".level", l + " is more than the limit of " + TreeShape.MAX_LEVELS);
                        }
                        level = (int) l;
                    }
                    default -> throw errorAt(at, path + "." + field,
                            "unknown field (expected name, entries, filterEntries, level, lookups, currentBitsPerEntry,"
                            + " files)");
                }
            }
            if (!hasEntries) {
                throw errorAt(runStart, path + ".entries", "missing");
            }
            if (runs.size() >= TreeShape.MAX_RUNS) {
                throw errorAt(runStart, path, "more runs than the limit of " + TreeShape.MAX_RUNS);
            }
            if (!runs.isEmpty() && (runs.get(0).currentBitsPerEntry() == null) != (current == null)) {
                throw errorAt(runStart, path + ".currentBitsPerEntry", "give currentBitsPerEntry on every run or on none");
            }
            if (!files.isEmpty()) {
                long keys = 0;
                long held = 0;
                for (RunFile f : files) {
                    keys += f.entries();
                    held += f.allocationEntries();
                }
                if (keys != entries && held != entries) {
                    throw errorAt(filesAt, path + ".files", "the files' entries sum to " + keys + (held != keys
                            ? " (" + held + " counting the filterEntries of the files with a prefixExtractor)" : "")
                            + ", not to the run's " + entries);
                }
            }
            storedEntries += entries;
            if (filterEntries != null) {
                if (!files.isEmpty()) {
                    throw errorAt(filterEntriesAt, path + ".filterEntries", "give either filterEntries or files,"
                            + " not both: each file's filterEntries says what its filter holds");
                }
                if (filterEntries > entries) {
                    throw errorAt(filterEntriesAt, path + ".filterEntries", filterEntries + " is more than the run's "
                            + entries + " entries: a filter holds at most one entry per stored entry");
                }
                if (runFilterEntriesAt == null) {
                    runFilterEntriesAt = filterEntriesAt;
                }
                entries = filterEntries;
            }
            runs.add(new Run(name, entries, level, lookups, current, files));
            starts.add(runStart);
        }
        if (runs.isEmpty()) {
            throw errorAt(start, "runs", "must hold at least one run");
        }
        if (runs.stream().anyMatch(r -> !r.files().isEmpty())) {
            for (int i = 0; i < runs.size(); i++) {
                if (runs.get(i).files().isEmpty() && runs.get(i).currentBitsPerEntry() == null) {
                    throw errorAt(starts.get(i), "runs[" + i + "].files",
                            "give files or currentBitsPerEntry on every run when a run has files");
                }
            }
        }
        return runs;
    }

    private List<RunFile> readFiles(String path) throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw error(path, "expected an array of files, got " + describe(parser.currentToken()));
        }
        JsonLocation start = parser.currentTokenLocation();
        List<RunFile> files = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            String at = path + "[" + files.size() + "]";
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                throw error(at, "expected a file object, got " + describe(parser.currentToken()));
            }
            JsonLocation fileStart = parser.currentTokenLocation();
            String name = null;
            long entries = 0;
            Long filterEntries = null;
            RocksDbFileFilter filter = null;
            boolean partitioned = false;
            boolean whole = true;
            String prefix = null;
            String smallest = null;
            String largest = null;
            Double gapShare = null;
            Double filterRate = null;
            Double newestShare = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonLocation fieldAt = parser.currentTokenLocation();
                parser.nextToken();
                String fieldPath = at + "." + field;
                switch (field) {
                    case "name" -> name = string(fieldPath);
                    case "entries" -> entries = positiveLong(fieldPath);
                    case "filterEntries" -> filterEntries = positiveLong(fieldPath);
                    case "filter" -> filter = readFileFilter(fieldPath);
                    case "partitioned" -> partitioned = bool(fieldPath);
                    case "wholeKeyFiltering" -> whole = bool(fieldPath);
                    case "prefixExtractor" -> prefix = string(fieldPath);
                    case "smallestKey" -> smallest = hex(fieldPath);
                    case "largestKey" -> largest = hex(fieldPath);
                    case "separatorGapShare" -> gapShare = unitShare(fieldPath, "key space");
                    case "filterRate" -> filterRate = rate(fieldPath);
                    case "newestShare" -> newestShare = unitShare(fieldPath, "entries");
                    default -> throw errorAt(fieldAt, fieldPath, "unknown field (expected name, entries, filterEntries,"
                            + " filter, partitioned, wholeKeyFiltering, prefixExtractor, smallestKey, largestKey,"
                            + " separatorGapShare, filterRate, newestShare)");
                }
            }
            if (name == null) {
                throw errorAt(fileStart, at + ".name", "missing");
            }
            if (entries == 0) {
                throw errorAt(fileStart, at + ".entries", "missing");
            }
            if (filter == null) {
                throw errorAt(fileStart, at + ".filter", "missing");
            }
            files.add(new RunFile(name, entries, filterEntries, filter.family(), filter.parameters(), filter.bits(),
                    partitioned, whole, prefix, smallest, largest, gapShare, filterRate, newestShare));
        }
        if (files.isEmpty()) {
            throw errorAt(start, path, "must hold at least one file (or leave files out)");
        }
        return files;
    }

    private RocksDbFileFilter readFileFilter(String path) throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw error(path, "expected an object with family, bits and parameters, got "
                    + describe(parser.currentToken()));
        }
        JsonLocation start = parser.currentTokenLocation();
        String family = null;
        Long bits = null;
        Map<String, Integer> parameters = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonLocation at = parser.currentTokenLocation();
            parser.nextToken();
            switch (field) {
                case "family" -> family = string(path + ".family");
                case "bits" -> bits = nonNegativeLong(path + ".bits");
                case "parameters" -> {
                    if (parser.currentToken() != JsonToken.START_OBJECT) {
                        throw error(path + ".parameters", "expected an object of whole numbers, got "
                                + describe(parser.currentToken()));
                    }
                    parameters = new TreeMap<>();
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        String name = parser.currentName();
                        parser.nextToken();
                        long v = positiveLong(path + ".parameters." + name);
                        if (v > Integer.MAX_VALUE) {
                            throw error(path + ".parameters." + name, v + " is more than " + Integer.MAX_VALUE);
                        }
                        parameters.put(name, (int) v);
                    }
                }
                default -> throw errorAt(at, path + "." + field, "unknown field (expected family, bits, parameters)");
            }
        }
        for (String[] need : new String[][] {{"family", family}, {"bits", bits == null ? null : ""},
                {"parameters", parameters == null ? null : ""}}) {
            if (need[1] == null) {
                throw errorAt(start, path + "." + need[0], "missing");
            }
        }
        try {
            return new RocksDbFileFilter(family, parameters, bits);
        } catch (IllegalArgumentException e) {
            throw errorAt(start, path, e.getMessage());
        }
    }

    private boolean bool(String path) throws IOException, InvalidInputException {
        JsonToken token = parser.currentToken();
        if (token != JsonToken.VALUE_TRUE && token != JsonToken.VALUE_FALSE) {
            throw error(path, "expected true or false, got " + describe(token));
        }
        return token == JsonToken.VALUE_TRUE;
    }

    private String hex(String path) throws IOException, InvalidInputException {
        String text = string(path);
        try {
            HexFormat.of().parseHex(text);
        } catch (IllegalArgumentException e) {
            throw error(path, "expected hex digits (two per byte), got \"" + printable(text) + "\"");
        }
        return text;
    }

    private Budget readBudget() throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw error("budget", "expected an object with bitsPerEntry or totalBits, got "
                    + describe(parser.currentToken()));
        }
        JsonLocation start = parser.currentTokenLocation();
        Budget budget = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonLocation at = parser.currentTokenLocation();
            parser.nextToken();
            String path = "budget." + field;
            budgetAt = parser.currentTokenLocation();
            Budget next;
            switch (field) {
                case "bitsPerEntry" -> {
                    double v = nonNegativeNumber(path);
                    if (v > Budget.MAX_BITS_PER_ENTRY) {
                        throw error(path, Numbers.format(v) + " is over the limit of "
                                + Numbers.format(Budget.MAX_BITS_PER_ENTRY) + " bits per entry");
                    }
                    next = new Budget.BitsPerEntry(v);
                }
                case "totalBits" -> next = new Budget.TotalBits(nonNegativeNumber(path));
                default -> throw errorAt(at, path, "unknown field (expected bitsPerEntry or totalBits)");
            }
            if (budget != null) {
                throw error(path, "give only one of bitsPerEntry and totalBits");
            }
            budget = next;
        }
        if (budget == null) {
            throw errorAt(start, "budget", "needs one of bitsPerEntry or totalBits");
        }
        return budget;
    }

    /**
     * The database's own options: {@code {"numLevels", "levelCompactionDynamicLevelBytes", "optimizeFiltersForHits",
     * "prefixExtractor", "wholeKeyFiltering", "compactionStyle", "formatVersion", "optimizeFiltersForMemory"}}, each
     * optional.
     */
    private RocksDbOptions readRocksDbOptions() throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw error("rocksdb", "expected an object of the database's options, got " + describe(parser.currentToken()));
        }
        long numLevels = RocksDbOptions.DEFAULT_NUM_LEVELS;
        boolean dynamic = true;
        boolean hits = false;
        String prefixExtractor = null;
        boolean wholeKeyFiltering = true;
        String compactionStyle = null;
        Integer formatVersion = null;
        Boolean forMemory = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonLocation at = parser.currentTokenLocation();
            parser.nextToken();
            String path = "rocksdb." + field;
            switch (field) {
                case "numLevels" -> {
                    numLevels = positiveLong(path);
                    if (numLevels > 1000) {
                        throw error(path, numLevels + " is more levels than RocksDB takes");
                    }
                }
                case "levelCompactionDynamicLevelBytes" -> dynamic = bool(path);
                case "optimizeFiltersForHits" -> hits = bool(path);
                case "prefixExtractor" -> {
                    prefixExtractor = string(path);
                    if (prefixExtractor.isEmpty()) {
                        throw error(path, "is empty: name the prefix extractor as RocksDB does"
                                + " (rocksdb.FixedPrefix.8), or \"" + RocksDbOptions.NO_PREFIX_EXTRACTOR + "\" for none");
                    }
                }
                case "wholeKeyFiltering" -> wholeKeyFiltering = bool(path);
                case "compactionStyle" -> {
                    compactionStyle = string(path);
                    if (compactionStyle.isEmpty()) {
                        throw error(path, "is empty: name it as the OPTIONS file does (kCompactionStyleLevel)");
                    }
                }
                case "formatVersion" -> {
                    long v = nonNegativeLong(path);
                    if (v > RocksDbOptions.MAX_FORMAT_VERSION) {
                        throw error(path, v + " is not a table format_version RocksDB writes (0 to "
                                + RocksDbOptions.MAX_FORMAT_VERSION + ")");
                    }
                    formatVersion = (int) v;
                }
                case "optimizeFiltersForMemory" -> forMemory = bool(path);
                default -> throw errorAt(at, path, "unknown field (expected numLevels,"
                        + " levelCompactionDynamicLevelBytes, optimizeFiltersForHits, prefixExtractor,"
                        + " wholeKeyFiltering, compactionStyle, formatVersion, optimizeFiltersForMemory)");
            }
        }
        return new RocksDbOptions((int) numLevels, dynamic, hits, prefixExtractor, wholeKeyFiltering,
                compactionStyle, formatVersion, forMemory);
    }

    private String string(String path) throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            throw error(path, "expected a string, got " + describe(parser.currentToken()));
        }
        return parser.getText();
    }

    private long positiveLong(String path) throws IOException, InvalidInputException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NUMBER_FLOAT) {
            throw error(path, "must be a whole number, got " + parser.getText());
        }
        if (token != JsonToken.VALUE_NUMBER_INT) {
            throw error(path, "expected a positive integer, got " + describe(token));
        }
        JsonParser.NumberType type = parser.getNumberType();
        if (type == JsonParser.NumberType.INT || type == JsonParser.NumberType.LONG) {
            long fits = parser.getLongValue(); // the common case, without a BigInteger per run
            if (fits <= 0) {
                throw error(path, "must be a positive integer, got " + fits);
            }
            return fits;
        }
        BigInteger value = parser.getBigIntegerValue();
        if (value.signum() <= 0) {
            throw error(path, "must be a positive integer, got " + value);
        }
        if (value.bitLength() > 63) {
            throw error(path, value + " is larger than 2^63-1");
        }
        return value.longValueExact();
    }

    private long nonNegativeLong(String path) throws IOException, InvalidInputException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NUMBER_FLOAT) {
            throw error(path, "must be a whole number, got " + parser.getText());
        }
        if (token != JsonToken.VALUE_NUMBER_INT) {
            throw error(path, "expected a whole number >= 0, got " + describe(token));
        }
        BigInteger value = parser.getBigIntegerValue();
        if (value.signum() < 0) {
            throw error(path, "must be >= 0, got " + value);
        }
        if (value.bitLength() > 63) {
            throw error(path, value + " is larger than 2^63-1");
        }
        return value.longValueExact();
    }

    private double nonNegativeNumber(String path) throws IOException, InvalidInputException {
        JsonToken token = parser.currentToken();
        if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
            throw error(path, "expected a number, got " + describe(token));
        }
        double v = parser.getValueAsDouble();
        if (!Double.isFinite(v)) {
            throw error(path, parser.getText() + " is too large");
        }
        if (v < 0) {
            throw error(path, "must be >= 0, got " + parser.getText());
        }
        return v;
    }

    private String describe(JsonToken token) throws IOException {
        if (token == null) {
            return "end of input";
        }
        return switch (token) {
            case VALUE_NULL -> "null";
            case VALUE_STRING -> "the string \"" + printable(parser.getText()) + "\"";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + parser.getText();
            case VALUE_TRUE, VALUE_FALSE -> parser.getText();
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            default -> token.asString() == null ? token.name() : token.asString();
        };
    }

    private static String printable(String s) {
        String cut = s.length() > 60 ? s.substring(0, 60) + "..." : s;
        StringBuilder b = new StringBuilder();
        cut.codePoints().forEach(cp -> {
            if (cp < 0x20 || cp == 0x7f) {
                b.append(String.format(Locale.ROOT, "\\u%04x", cp));
            } else {
                b.appendCodePoint(cp);
            }
        });
        return b.toString();
    }

    private InvalidInputException error(String field, String problem) {
        return errorAt(parser.currentTokenLocation(), field, problem);
    }

    private InvalidInputException errorAt(JsonLocation at, String field, String problem) {
        return new InvalidInputException(file, at.getLineNr(), at.getColumnNr(), field, problem);
    }

    private InvalidInputException parseError(JsonProcessingException e, String prefix) {
        JsonLocation at = e.getLocation();
        if ((at == null || at.getLineNr() <= 0) && parser != null) {
            at = parser.currentLocation();
        }
        String message = JsonProblem.describe(e.getOriginalMessage());
        String field = "";
        if (parser != null && parser.getParsingContext() != null) {
            field = path(parser);
        }
        return new InvalidInputException(file, at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(),
                field, prefix + message);
    }

    /** The field path of the parser's position, e.g. {@code runs[1].entries}. */
    private static String path(JsonParser p) {
        String pointer = p.getParsingContext().pathAsPointer().toString();
        StringBuilder b = new StringBuilder();
        for (String part : pointer.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            if (part.chars().allMatch(Character::isDigit)) {
                b.append('[').append(part).append(']');
            } else {
                if (b.length() > 0) {
                    b.append('.');
                }
                b.append(part);
            }
        }
        return b.toString();
    }
}
