package org.monkeyeval.engine.rocksdb;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.io.CaseReader;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.text.InvalidInputException;
import org.monkeyeval.text.Json;

/**
 * The case file of an imported RocksDB column family: its runs newest first with their level,
 * entries and current bits per entry (filter bits / entries), each run's files with the filter each
 * really holds ({@code files}, see {@link org.monkeyeval.io.CaseReader}), optionally the sampled
 * reads as per-run lookups, the filter memory it holds now as the budget and, by default, RocksDB's
 * per-level granularity ({@link #DEFAULT_GRANULARITY}) for its deployable allocation. The
 * description names the database by its DB id, column family and the version read (MANIFEST number,
 * latest sequence number), never by a path, and says when files filter key prefixes only.
 */
public final class ImportedCase {

    /**
     * The granularity an imported case asks for: RocksDB sets bits per key per level through a
     * {@code FilterPolicy} that reads {@code FilterBuildingContext::level_at_creation}, the finest it
     * can express.
     */
    public static final Engine DEFAULT_GRANULARITY = Engine.ROCKSDB_PER_LEVEL;

    private ImportedCase() {
    }

    /**
     * @param imported     what was read
     * @param sampledReads offer each run's sampled reads as its {@code lookups}
     * @param id           the case id, or null for rocksdb-&lt;column family&gt;
     * @param granularity  the case's {@code engineGranularity}, or null for none
     * @throws IllegalArgumentException no run has a sampled read, when they were asked for
     */
    public static String json(RocksDbImport.Imported imported, boolean sampledReads, String id, Engine granularity) {
        if (id == null) {
            id = id(imported.columnFamily());
        }
        if (!id.matches("[a-z0-9][a-z0-9._-]{0,127}")) {
            throw new IllegalArgumentException("case id '" + id + "' must match [a-z0-9][a-z0-9._-]*");
        }
        if (imported.runs().isEmpty()) {
            throw new IllegalArgumentException("column family '" + imported.columnFamily()
                    + "' has no entries in SST files (nothing flushed yet?)");
        }
        if (sampledReads && imported.runs().stream().allMatch(r -> r.sampledReads() == 0)) {
            throw new IllegalArgumentException("no file of column family '" + imported.columnFamily()
                    + "' records sampled reads; import without --weights sampled-reads");
        }
        ObjectNode root = Json.object();
        root.put("id", id);
        long files = imported.runs().stream().mapToLong(r -> r.files().size()).sum();
        String prefixes = imported.prefixOnlyFiles() == 0 ? "" : "; " + prefixAssumption(imported);
        String hits = imported.optimizeFiltersForHits() ? "; read with optimize_filters_for_hits: a Get reads no"
                + " filter of the last non-empty level" : "";
        long unbounded = imported.runs().stream().flatMap(r -> r.files().stream())
                .filter(f -> f.separatorGapShare() == null).count();
        String gaps = unbounded == 0 ? "" : String.format(Locale.ROOT, "; the block boundaries of %d of the %d"
                + " files could not be read (a ZSTD-compressed index): the second data block a Get reads past a"
                + " shortened index separator is not priced there", unbounded, files);
        boolean versionsUnknown = imported.runs().stream().flatMap(r -> r.files().stream())
                .anyMatch(f -> f.newestShare() == null);
        String versions = versionsUnknown ? "; which keys newer runs hold again could not be read (a file deleted by"
                + " the database's writer meanwhile): every entry is counted as a key of its own" : "";
        root.put("description", String.format(Locale.ROOT, "RocksDB db_id %s, column family %s, MANIFEST-%06d,"
                + " sequence number %d: %d runs, %d files, %d filter bytes%s%s%s%s", imported.dbId(),
                imported.columnFamily(), imported.manifestNumber(), imported.sequenceNumber(), imported.runs().size(),
                files, imported.filterBytes(), prefixes, hits, gaps, versions));
        ArrayNode runs = root.putArray("runs");
        for (RocksDbImport.ImportedRun r : imported.runs()) {
            ObjectNode run = runs.addObject();
            run.put("name", r.name());
            long entries = allocationEntries(r);
            run.put("entries", entries);
            run.put("level", r.level());
            Json.putNumber(run, "currentBitsPerEntry", 8.0 * r.filterBytes() / entries);
            if (sampledReads) {
                run.put("lookups", r.sampledReads());
            }
            ArrayNode list = run.putArray("files");
            for (RocksDbImport.ImportedFile f : r.files()) {
                file(list.addObject(), f);
            }
        }
        root.putObject("budget").put("totalBits", 8 * imported.filterBytes());
        if (granularity != null) {
            root.put("engineGranularity", granularity.label());
        }
        if (imported.options() != null) {
            ObjectNode options = root.putObject("rocksdb");
            options.put("numLevels", imported.options().numLevels());
            options.put("levelCompactionDynamicLevelBytes", imported.options().levelCompactionDynamicLevelBytes());
            options.put("optimizeFiltersForHits", imported.options().optimizeFiltersForHits());
            if (imported.options().compactionStyle() != null) {
                options.put("compactionStyle", imported.options().compactionStyle());
            }
            if (imported.options().formatVersion() != null) {
                options.put("formatVersion", imported.options().formatVersion());
            }
            if (imported.options().optimizeFiltersForMemory() != null) {
                options.put("optimizeFiltersForMemory", imported.options().optimizeFiltersForMemory());
            }
            if (prefixesMatter(imported)) {
                options.put("prefixExtractor", imported.options().prefixExtractor());
                options.put("wholeKeyFiltering", imported.options().wholeKeyFiltering());
            }
        }
        return Json.write(root);
    }

    /**
     * What the case assumes of a column family whose files filter key prefixes only: its absent keys' prefixes
     * absent too (the case gives no workload.presentPrefixShare, which defaults to 0), each such file priced
     * at its filter's rate over the distinct prefixes it holds.
     */
    public static String prefixAssumption(RocksDbImport.Imported imported) {
        String extractors = String.join(", ", imported.runs().stream().flatMap(r -> r.files().stream())
                .filter(f -> !f.wholeKeyFiltering() && f.prefixExtractor() != null)
                .map(RocksDbImport.ImportedFile::prefixExtractor).distinct().sorted().toList());
        return String.format(Locale.ROOT, "%d of the files filter key prefixes only (%s, whole_key_filtering=0):"
                + " sized by the distinct prefixes they hold, and priced for absent keys whose prefix is absent"
                + " too (workload.presentPrefixShare 0 assumed; give the share of absent keys whose prefix the"
                + " database holds there)", imported.prefixOnlyFiles(), extractors);
    }

    /**
     * A run's entries as the case counts them: its files' keys, or for a file written with a prefix extractor
     * its filter's own entries when the file says ({@link org.monkeyeval.model.RunFile#allocationEntries}).
     */
    static long allocationEntries(RocksDbImport.ImportedRun r) {
        long sum = 0;
        for (RocksDbImport.ImportedFile f : r.files()) {
            sum += f.prefixExtractor() != null && f.filterEntries().isPresent() ? f.filterEntries().getAsLong()
                    : f.entries();
        }
        return sum;
    }

    /** Whether a file was written with a prefix extractor, or the database is read with one or without whole keys. */
    private static boolean prefixesMatter(RocksDbImport.Imported imported) {
        boolean files = imported.runs().stream().flatMap(r -> r.files().stream()).anyMatch(f -> f.prefixExtractor() != null);
        return files || imported.options().prefixExtractor() != null
                && !org.monkeyeval.model.RocksDbOptions.NO_PREFIX_EXTRACTOR.equals(imported.options().prefixExtractor())
                || !imported.options().wholeKeyFiltering();
    }

    /** One entry of a run's {@code files}. */
    private static void file(ObjectNode out, RocksDbImport.ImportedFile f) {
        out.put("name", f.name());
        out.put("entries", f.entries());
        if (f.filterEntries().isPresent()) {
            out.put("filterEntries", f.filterEntries().getAsLong());
        }
        ObjectNode filter = out.putObject("filter");
        filter.put("family", f.filter().family());
        filter.put("bits", f.filter().bits());
        ObjectNode parameters = filter.putObject("parameters");
        for (Map.Entry<String, Integer> p : f.filter().parameters().entrySet()) {
            parameters.put(p.getKey(), p.getValue());
        }
        out.put("partitioned", f.partitioned());
        out.put("wholeKeyFiltering", f.wholeKeyFiltering());
        if (f.prefixExtractor() != null) {
            out.put("prefixExtractor", f.prefixExtractor());
        }
        out.put("smallestKey", HexFormat.of().formatHex(f.smallestKey()));
        out.put("largestKey", HexFormat.of().formatHex(f.largestKey()));
        if (f.separatorGapShare() != null) {
            out.put("separatorGapShare", f.separatorGapShare());
        }
        if (f.filterRate() != null) {
            out.put("filterRate", f.filterRate());
        }
        if (f.newestShare() != null) {
            out.put("newestShare", f.newestShare());
        }
    }

    /**
     * The case as {@code run} reads it: {@link #json} (no sampled reads, the default id) read back by
     * {@link CaseReader}, so that {@code new CaseEvaluator(solver).evaluate(lsmCase).currentCost()} is
     * the predicted current R of the version imported.
     *
     * @param granularity the case's engineGranularity, or null for none (no deployable allocation)
     * @throws InvalidInputException the column family has no entries in SST files
     */
    public static LsmCase lsmCase(RocksDbImport.Imported imported, Engine granularity) throws InvalidInputException {
        String json;
        try {
            json = json(imported, false, null, granularity);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(e.getMessage());
        }
        return CaseReader.read("imported column family " + imported.columnFamily(),
                new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * One case file of an import.
     *
     * @param name    the file name, {@code <case id>.json}
     * @param json    the case file's text ({@link #json})
     * @param version the version read: "column family default, MANIFEST-000012, sequence number 345", and
     *                what the case assumes of absent keys' prefixes when files filter prefixes only
     */
    public record File(String name, String json, String version) {
    }

    /**
     * The case file of one column family of the database in {@code dir} ({@link RocksDbImport#read}).
     *
     * @param id the case id, or null for rocksdb-&lt;column family&gt;
     */
    public static File read(Path dir, String columnFamily, boolean sampledReads, String id, Engine granularity)
            throws InvalidInputException {
        return file(dir, RocksDbImport.read(dir, columnFamily), sampledReads, id, granularity);
    }

    /**
     * One case file per column family of the database in {@code dir} ({@link RocksDbImport#readAll}), in
     * the database's order.
     *
     * @param idPrefix null for rocksdb-&lt;column family&gt; ids, else &lt;idPrefix&gt;-&lt;column family&gt;
     * @throws InvalidInputException also when two column families give the same file name
     */
    public static List<File> readAll(Path dir, boolean sampledReads, String idPrefix, Engine granularity)
            throws InvalidInputException {
        Map<String, File> files = new LinkedHashMap<>();
        for (RocksDbImport.Imported imported : RocksDbImport.readAll(dir)) {
            String caseId = idPrefix == null ? null
                    : idPrefix + "-" + id(imported.columnFamily()).substring("rocksdb-".length());
            File file = file(dir, imported, sampledReads, caseId, granularity);
            if (files.put(file.name(), file) != null) {
                throw new InvalidInputException(dir + ": two column families give the case file name " + file.name());
            }
        }
        return List.copyOf(files.values());
    }

    private static File file(Path dir, RocksDbImport.Imported imported, boolean sampledReads, String id,
            Engine granularity) throws InvalidInputException {
        String json;
        try {
            json = json(imported, sampledReads, id, granularity);
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(dir + ": " + e.getMessage());
        }
        String version = String.format(Locale.ROOT, "column family %s, MANIFEST-%06d, sequence number %d",
                imported.columnFamily(), imported.manifestNumber(), imported.sequenceNumber());
        if (imported.prefixOnlyFiles() > 0) {
            version += "; " + prefixAssumption(imported); // what the case assumes of the lookups' prefixes
        }
        return new File(caseId(imported, id) + ".json", json, version);
    }

    /**
     * The predicted current R of the version imported: its case's current cost as {@code import} then
     * {@code run} give it, on the filters its files hold.
     *
     * @throws InvalidInputException the column family has no entries in SST files
     */
    public static double currentR(RocksDbImport.Imported imported) throws InvalidInputException {
        return new CaseEvaluator(new ThresholdSolver()).evaluate(lsmCase(imported, null)).currentCost();
    }

    /** The id {@link #json} gives the case: {@code id}, or rocksdb-&lt;column family&gt; when null. */
    public static String caseId(RocksDbImport.Imported imported, String id) {
        return id != null ? id : id(imported.columnFamily());
    }

    /** rocksdb-&lt;column family&gt;, lower-cased, other characters than [a-z0-9._-] as '-'. */
    public static String id(String columnFamily) {
        String cf = columnFamily.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]", "-");
        return "rocksdb-" + (cf.isEmpty() ? "cf" : cf);
    }
}
