package org.monkeyeval.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.Deployable;
import org.monkeyeval.alloc.EngineLevels;
import org.monkeyeval.alloc.HitsOptimized;
import org.monkeyeval.alloc.ReadPath;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.hbase.HBaseBloomSizing;
import org.monkeyeval.family.hbase.HBaseFamily;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Versions;
import org.monkeyeval.text.Numbers;

/**
 * The settings that implement a case's deployable allocation, in the engine's own configuration
 * language, each headed by the cost it is expected to achieve and its loss against the optimum.
 * Text only; what was checked for each engine is in docs/engines.md.
 */
public final class EngineExport {

    /** The RocksDB version the OPTIONS file names (RocksJava's, against which it is tested). */
    public static final String ROCKSDB_OPTIONS_VERSION = "10.10.1";

    private EngineExport() {
    }

    /**
     * As {@link #render(CaseResult, HitsOptimized, EngineLevels.Mapping)} with the engine's own mapping of
     * the case's levels; a shape the engine cannot hold is an IllegalArgumentException.
     */
    public static String render(CaseResult result, HitsOptimized hits) {
        return render(result, hits, ExportTarget.defaults(result.lsmCase().id()));
    }

    /** As {@link #render(CaseResult, HitsOptimized)}, naming {@code target} where the engine's settings name one. */
    public static String render(CaseResult result, HitsOptimized hits, ExportTarget target) {
        Deployable d = result.deployable();
        if (d == null) {
            throw new IllegalArgumentException("case " + result.lsmCase().id() + " has no deployable allocation");
        }
        try {
            return render(result, hits, EngineLevels.map(d.engine(), result.lsmCase().runs(), result.lsmCase().rocksdb()),
                    target);
        } catch (EngineLevels.ShapeException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * @param result a result with a deployable allocation
     * @param hits   RocksDB's optimize_filters_for_hits alternative (engine rocksdb), or null
     * @param levels the levels the engine writes the case's runs at ({@link EngineLevels#map})
     */
    public static String render(CaseResult result, HitsOptimized hits, EngineLevels.Mapping levels) {
        return render(result, hits, levels, ExportTarget.defaults(result.lsmCase().id()));
    }

    /**
     * @param result a result with a deployable allocation
     * @param hits   RocksDB's optimize_filters_for_hits alternative (engine rocksdb), or null
     * @param levels the levels the engine writes the case's runs at ({@link EngineLevels#map})
     * @param target the table and column family an HBase export names
     */
    public static String render(CaseResult result, HitsOptimized hits, EngineLevels.Mapping levels,
                                ExportTarget target) {
        Deployable d = result.deployable();
        if (d == null) {
            throw new IllegalArgumentException("case " + result.lsmCase().id() + " has no deployable allocation");
        }
        if (levels.engine() != d.engine() || levels.caseLevel().length != result.lsmCase().runs().size()) {
            throw new IllegalArgumentException("the level mapping (" + levels.engine() + ", "
                    + levels.caseLevel().length + " runs) is not the allocation's (" + d.engine() + ", "
                    + result.lsmCase().runs().size() + " runs)");
        }
        boolean useHits = hits != null && hits.weightedFpr() < d.weightedFpr();
        String comment = d.engine() == Engine.CASSANDRA ? "-- "
                : rocksDbOptionsFile(d.engine()) || d.engine() == Engine.HBASE ? "# " : "// ";
        StringBuilder out = new StringBuilder();
        for (String line : header(result, useHits ? hits : null)) {
            out.append(comment).append(line).append('\n');
        }
        for (String line : levelLines(levels)) {
            out.append(comment).append(line).append('\n');
        }
        out.append('\n');
        switch (d.engine()) {
            case PEBBLE, PEBBLE_USE_L6_FILTERS -> pebble(result, levels, out);
            case ROCKSDB -> rocksDbOptions(result, useHits ? hits : null, levels, out);
            case ROCKSDB_PER_LEVEL -> rocksDbPolicy(result, levels, out);
            case ROCKSDB_RIBBON -> rocksDbRibbonOptions(result, levels, out);
            case ROCKSDB_LEGACY -> rocksDbLegacyOptions(result, levels, out);
            case FJALL -> fjall(result, levels, out);
            case LEVELDB -> levelDb(result, out);
            case CASSANDRA -> cassandra(result, out);
            case HBASE -> hbase(result, target, out);
            default -> throw new IllegalStateException(d.engine().label());
        }
        return out.toString();
    }

    /** The mapping rule, how runs without levels were read, and one line per case level. */
    private static List<String> levelLines(EngineLevels.Mapping levels) {
        List<String> lines = new ArrayList<>();
        lines.add("levels: " + levels.rule());
        if (levels.positional()) {
            lines.add("the case lists runs without levels: run i (from 1) is taken as case level i");
        }
        for (String line : levels.lines()) {
            lines.add("  " + line);
        }
        return lines;
    }

    private static List<String> header(CaseResult r, HitsOptimized hits) {
        Deployable d = r.deployable();
        double cost = hits == null ? r.deployableCost() : hits.weightedFpr()
                + (r.weights().foundShareKnown() ? r.weights().foundShare() : 0.0);
        List<String> lines = new ArrayList<>();
        lines.add("monkey-eval export: case " + r.lsmCase().id() + ", engine " + d.engine().label()
                + (d.engine().perLevel() ? " (one setting per level)" : " (one setting for the tree)"));
        lines.add("budget " + Numbers.format(r.budgetBits()) + " bits; filters use "
                + Numbers.format(hits == null ? d.usedBits() : hits.usedBits()) + " bits (real sizes, metadata included)");
        double perFile = r.deployableBitsPerFile();
        if (hits == null && !Double.isNaN(perFile)) {
            double headroom = r.budgetBits() - perFile;
            lines.add("one filter per file, each rounded up on its own: " + Numbers.format(perFile) + " bits, "
                    + (headroom >= 0 ? Numbers.format(headroom) + " bits of the budget left"
                            : Numbers.format(-headroom) + " bits over the budget (files written anew split"
                            + " differently; rehearse solves at a budget that much smaller)"));
        }
        lines.add("expected cost (run reads per lookup) " + Numbers.format(cost)
                + (hits == null ? "" : " with optimize_filters_for_hits (without it: "
                        + Numbers.format(r.deployableCost()) + ")"));
        lines.add("engine's per-run bound (any setting for each run, on the engine's filters) "
                + Numbers.format(r.engineBoundCost()) + "; deployable / bound " + Numbers.format(cost
                / r.engineBoundCost()) + "x");
        lines.add("unconstrained optimum (ideal filter) " + Numbers.format(r.optimizedCost())
                + (cost < r.optimizedCost()
                        ? "; this does better, " + Numbers.format(r.optimizedCost() / cost) + "x fewer reads: "
                                + d.builds() + ", filters that need fewer bits than an ideal Bloom filter for the"
                                + " same rate (the ideal curve is Bloom's)"
                        : "; loss " + Numbers.format(cost / r.optimizedCost()) + "x")
                + "; uniform on the ideal curve " + Numbers.format(r.uniformCost()));
        lines.add("builds " + d.builds());
        if (!ReadPath.consultsAll(ReadPath.consulted(d.engine(), r.lsmCase().runs()))) {
            lines.add("read path: " + ReadPath.why(d.engine()) + "; those runs are read by every lookup that"
                    + " reaches them, which the engine's bound counts and the ideal optimum does not");
        }
        lines.addAll(filterEntryLines(r.lsmCase(), d.engine()));
        return lines;
    }

    /**
     * What a filter entry is: for Pebble, each key's Split prefix, added once (cockroachdb/pebble
     * {@code sstable/colblk_writer.go}, {@code sstable/tablefilters/bloom/hash_collector.go}), so bits per key are
     * per distinct prefix; the case's versions per key when it gives them; and, for Pebble, whether absent keys
     * are priced with present prefixes (workload.presentPrefixShare).
     */
    /**
     * "the case's N filter entries are its distinct keys, of S stored entries: v versions per key", for a case
     * that gives its versions ({@link LsmCase#versions()}), else null.
     *
     * @param prefixes whether the engine's filters hold key prefixes (said as "(prefixes)")
     */
    public static String versionsLine(LsmCase lsmCase, boolean prefixes) {
        Versions v = lsmCase.versions();
        if (v == null) {
            return null;
        }
        return "the case's " + Numbers.format(lsmCase.totalEntries().doubleValue()) + " filter entries are its"
                + " distinct keys" + (prefixes ? " (prefixes)" : "") + ", of " + Numbers.format(v.storedEntries())
                + " stored entries: " + (v.perRun() ? "the runs' filterEntries, " + Numbers.format(v.perKey())
                + " versions per key on average" : Numbers.format(v.perKey()) + " versions per key (versionsPerKey)");
    }

    static List<String> filterEntryLines(LsmCase lsmCase, Engine engine) {
        List<String> lines = new ArrayList<>();
        boolean prefixes = ReadPath.filtersPrefixes(engine);
        if (prefixes) {
            lines.add("bits per key are per filter entry: Pebble's filter holds each key's Split prefix once"
                    + " (sstable/colblk_writer.go adds key[:Split(key)]; bloom/hash_collector.go skips a hash equal to"
                    + " the last), so a key's versions are one entry");
        }
        if (lsmCase.versions() != null) {
            lines.add(versionsLine(lsmCase, prefixes) + "; the budget and every bits per key here are per filter entry");
        }
        if (prefixes) {
            lines.add(lsmCase.presentPrefixShareGiven()
                    ? "absent keys whose prefix is present: " + Numbers.format(lsmCase.presentPrefixShare())
                            + " (workload.presentPrefixShare); each run a Get reads costs s + (1 - s) fpr, s its share"
                            + " of them; the ideal optimum and uniform price absent prefixes only"
                    : "absent keys priced as absent prefixes (workload.presentPrefixShare 0: give the share of absent"
                            + " keys whose prefix the database holds otherwise)");
        }
        return lines;
    }

    /**
     * The setting of each of the engine's levels 0 .. numLevels - 1: the setting of the runs written there;
     * a level no run is written at takes the next deeper level's that has one (the level it will become
     * the base above as the tree grows), or the deepest one's if none is deeper.
     */
    private static List<Setting> settingByEngineLevel(CaseResult r, EngineLevels.Mapping levels) {
        return byEngineLevel(levels, r.deployable()::setting);
    }

    /** Per engine level as {@link #settingByEngineLevel}: true where the deployable allocation builds Ribbon. */
    private static List<Boolean> ribbonByEngineLevel(CaseResult r, EngineLevels.Mapping levels) {
        return byEngineLevel(levels,
                run -> r.deployable().family(run) == org.monkeyeval.family.rocksdb.RocksDbRibbonFamily.INSTANCE);
    }

    /**
     * {@code ofRun} of the runs written at each engine level 0 .. numLevels - 1; a level no run is written at
     * takes the next deeper used level's value, or the deepest one's if none is deeper.
     */
    private static <T> List<T> byEngineLevel(EngineLevels.Mapping levels, java.util.function.IntFunction<T> ofRun) {
        TreeMap<Integer, T> used = new TreeMap<>();
        int[] engineLevel = levels.engineLevel();
        for (int i = 0; i < engineLevel.length; i++) {
            used.put(engineLevel[i], ofRun.apply(i));
        }
        List<T> all = new ArrayList<>(levels.numLevels());
        for (int level = 0; level < levels.numLevels(); level++) {
            var at = used.ceilingEntry(level);
            all.add(at != null ? at.getValue() : used.lastEntry().getValue());
        }
        return all;
    }

    /** A comment for a level no run is written at, naming the level whose setting it takes; empty for a used level. */
    private static String unusedNote(EngineLevels.Mapping levels, int level) {
        List<Integer> used = levels.usedLevels();
        if (used.contains(level)) {
            return "";
        }
        int from = used.stream().filter(l -> l > level).findFirst().orElse(used.get(used.size() - 1));
        return " (no case run is written here: L" + from + "'s setting)";
    }

    /**
     * Pebble: every level set explicitly, since L0 defaults to {@code NoFilterPolicy} and each level takes the
     * policy of the level above it when not set ({@code Options.EnsureDefaults}, {@code options.go}). For
     * {@link Engine#PEBBLE} (Get) L6 builds none: Get never reads an L6 filter ({@code file_cache.go}).
     */
    private static void pebble(CaseResult r, EngineLevels.Mapping levels, StringBuilder out) {
        out.append("; Pebble OPTIONS fragment: merge into the [Level \"N\"] sections of the OPTIONS file\n");
        out.append("; every level is set: L0 defaults to none and an unset level takes the one above's (options.go)\n");
        if (r.deployable().engine().readsLastLevelFilters()) {
            out.append("; reads through iterators with IterOptions.UseL6Filters = true (SeekPrefixGE): L6's filter"
                    + " is read\n");
        } else {
            out.append("; reads by Get: Pebble reads no L6 filter unless IterOptions.UseL6Filters (file_cache.go),"
                    + " so L6 builds none and every lookup that reaches L6 reads it\n");
        }
        List<Setting> byLevel = settingByEngineLevel(r, levels);
        for (int level = 0; level < byLevel.size(); level++) {
            String note = unusedNote(levels, level);
            if (!note.isEmpty()) {
                out.append("; L").append(level).append(note).append("\n");
            }
            out.append("[Level \"").append(level).append("\"]\n");
            out.append("  filter_policy=").append(pebbleName(byLevel.get(level))).append("\n");
        }
        out.append("\n// Go: the same on pebble.Options\n");
        out.append("// import \"github.com/cockroachdb/pebble/sstable/tablefilters/bloom\"\n");
        for (int level = 0; level < byLevel.size(); level++) {
            Setting s = byLevel.get(level);
            String policy = s.hasFilter() ? "bloom.FilterPolicy(" + s.knob() + ")" : "pebble.NoFilterPolicy";
            out.append("opts.Levels[").append(level).append("].TableFilterPolicy = func() pebble.TableFilterPolicy")
                    .append(" { return ").append(policy).append(" }\n");
        }
    }

    /** Pebble's Name(): "none", "rocksdb.BuiltinBloomFilter" for 10 bits, else "bloom(N)". */
    private static String pebbleName(Setting s) {
        if (!s.hasFilter()) {
            return "none";
        }
        return "10".equals(s.knob()) ? "rocksdb.BuiltinBloomFilter" : "bloom(" + s.knob() + ")";
    }

    /** True for the engines whose export is a RocksDB OPTIONS file. */
    private static boolean rocksDbOptionsFile(Engine e) {
        return e == Engine.ROCKSDB || e == Engine.ROCKSDB_RIBBON || e == Engine.ROCKSDB_LEGACY;
    }

    private static void rocksDbOptions(CaseResult r, HitsOptimized hits, EngineLevels.Mapping levels,
                                       StringBuilder out) {
        Setting s = hits == null ? r.deployable().setting(0)
                : hits.deployable() == null ? Setting.none() : hits.deployable().setting(0);
        rocksDbOptionsFile(out, hits != null, 5,
                s.hasFilter() ? "bloomfilter:" + s.knob() + ":false" : "nullptr", levels, r.lsmCase().rocksdb());
    }

    /**
     * {@code filter_policy=ribbonfilter:B:L}: RocksDB's RibbonFilterPolicy with bloom_before_level L
     * (the factory of "ribbonfilter:B:L" in filter_policy.cc; RibbonFilterPolicy::GetId writes the same).
     */
    private static void rocksDbRibbonOptions(CaseResult r, EngineLevels.Mapping levels, StringBuilder out) {
        Deployable d = r.deployable();
        Setting s = d.settingOfGroup().get(0);
        out.append("# bloom_before_level ").append(d.bloomBeforeLevel()).append(": Bloom for flushes (level -1)")
                .append(" and files compacted into levels below it, Ribbon from it on; by run:");
        for (int i = 0; i < r.lsmCase().runs().size(); i++) {
            out.append(i == 0 ? " " : ", ").append(i + 1).append(' ').append(d.setting(i).hasFilter()
                    ? (d.family(i) == org.monkeyeval.family.rocksdb.RocksDbRibbonFamily.INSTANCE ? "Ribbon" : "Bloom")
                    : "none");
        }
        out.append("\n\n");
        int exported = engineBloomBeforeLevel(d.bloomBeforeLevel(), levels);
        if (exported != d.bloomBeforeLevel()) {
            out.append("# bloom_before_level ").append(d.bloomBeforeLevel()).append(" of the case's levels is ")
                    .append(exported).append(" of the engine's (the levels mapping above)\n\n");
        }
        rocksDbOptionsFile(out, false, 5,
                s.hasFilter() ? "ribbonfilter:" + s.knob() + ":" + exported : "nullptr", levels, r.lsmCase().rocksdb());
    }

    /**
     * bloom_before_level L of the case's levels as the engine's level: the same runs below it. L of -1
     * or 0 concerns flushes and L0 only and stays; a larger L becomes the engine level of the shallowest
     * case level at or below L that holds runs (the mapping keeps the order of levels), or the engine's
     * number of levels when no run is there (every run Bloom).
     */
    static int engineBloomBeforeLevel(int caseLevel, EngineLevels.Mapping levels) {
        if (caseLevel <= 0) {
            return caseLevel;
        }
        int best = levels.numLevels();
        int[] from = levels.caseLevel();
        int[] to = levels.engineLevel();
        for (int i = 0; i < from.length; i++) {
            if (from[i] >= caseLevel) {
                best = Math.min(best, to[i]);
            }
        }
        return best;
    }

    /** A database at format_version 4 or below builds the legacy Bloom filter from the same bloomfilter:B. */
    private static void rocksDbLegacyOptions(CaseResult r, EngineLevels.Mapping levels, StringBuilder out) {
        Setting s = r.deployable().setting(0);
        out.append("# format_version 4: RocksDB builds its legacy Bloom filter (keep the database's own"
                + " format_version if lower)\n\n");
        rocksDbOptionsFile(out, false, 4, s.hasFilter() ? "bloomfilter:" + s.knob() + ":false" : "nullptr", levels,
                r.lsmCase().rocksdb());
    }

    /**
     * The OPTIONS file of one filter policy for the tree. A database whose case says it filters key prefixes
     * keeps its {@code prefix_extractor} and {@code whole_key_filtering} (the database's own, from the case's
     * rocksdb object): the bits per key then apply to what its filters hold, the entries the allocation sized
     * them by (a prefix-only filter's distinct prefixes).
     */
    private static void rocksDbOptionsFile(StringBuilder out, boolean hits, int formatVersion, String filterPolicy,
                                           EngineLevels.Mapping levels, org.monkeyeval.model.RocksDbOptions db) {
        boolean prefixes = db != null && db.prefixExtractor() != null
                && !org.monkeyeval.model.RocksDbOptions.NO_PREFIX_EXTRACTOR.equals(db.prefixExtractor());
        databaseDifferences(out, formatVersion, db);
        out.append("[Version]\n");
        out.append("  rocksdb_version=").append(ROCKSDB_OPTIONS_VERSION).append("\n");
        out.append("  options_file_version=1.1\n\n");
        out.append("[DBOptions]\n\n");
        out.append("[CFOptions \"default\"]\n");
        out.append("  optimize_filters_for_hits=").append(hits).append("\n");
        out.append("  level_compaction_dynamic_level_bytes=").append(levels.dynamic()).append("\n");
        if (levels.raisesNumLevels()) {
            out.append("  num_levels=").append(levels.numLevels()).append("\n");
        }
        if (db != null && db.compactionStyle() != null) {
            out.append("  compaction_style=").append(db.compactionStyle()).append("\n");
        }
        if (prefixes) {
            out.append("  prefix_extractor=").append(db.prefixExtractor()).append("\n");
        }
        out.append("\n");
        out.append("[TableOptions/BlockBasedTable \"default\"]\n");
        out.append("  format_version=").append(formatVersion).append("\n");
        out.append("  optimize_filters_for_memory=false\n");
        out.append("  whole_key_filtering=").append(db == null || db.wholeKeyFiltering()).append("\n");
        out.append("  filter_policy=").append(filterPolicy).append("\n");
    }

    /**
     * Where the OPTIONS file sets a table option otherwise than the imported database has it, one comment line
     * each: the filters' size and kind follow these options, so a reader keeping the database's own would not
     * build what was priced.
     */
    private static void databaseDifferences(StringBuilder out, int formatVersion,
                                            org.monkeyeval.model.RocksDbOptions db) {
        if (db == null) {
            return;
        }
        if (db.formatVersion() != null && db.formatVersion() != formatVersion) {
            out.append("# the database has format_version=").append(db.formatVersion()).append("; this sets ")
                    .append(formatVersion).append(formatVersion >= 5
                            ? ": below 5 RocksDB builds the legacy Bloom filter from bloomfilter:B, not the one priced"
                            : ": from 5 on RocksDB builds the fast local Bloom filter, not the legacy one priced")
                    .append(" (files written before keep their own filters until compacted)\n");
        }
        if (Boolean.TRUE.equals(db.optimizeFiltersForMemory())) {
            out.append("# the database has optimize_filters_for_memory=true; this sets false: with it RocksDB sizes"
                    + " each filter to the allocator's block, a few percent off the size priced\n");
        }
    }

    private static void rocksDbPolicy(CaseResult r, EngineLevels.Mapping levels, StringBuilder out) {
        List<Setting> byLevel = settingByEngineLevel(r, levels);
        List<Boolean> ribbonByLevel = ribbonByEngineLevel(r, levels);
        out.append("// C++: a FilterPolicy that picks the filter and its bits per key from the level a file is"
                + " written to.\n");
        out.append("// Set it with table_options.filter_policy = std::make_shared<MonkeyLevelFilterPolicy>();\n");
        out.append(levels.databaseLevels()
                ? "// and open with options.level_compaction_dynamic_level_bytes = " + levels.dynamic() + " (as the"
                        + " database has it)"
                : "// and open with options.level_compaction_dynamic_level_bytes = true (the default since"
                        + " RocksDB 8.4)");
        if (levels.raisesNumLevels()) {
            out.append(" and options.num_levels = ").append(levels.numLevels());
        }
        out.append(".\n");
        out.append("// Every process that opens the database: its OPTIONS file records"
                + " filter_policy=MonkeyLevelFilterPolicy.\n");
        out.append("//   A process that links this code calls RegisterMonkeyLevelFilterPolicy() once before it opens"
                + " the database\n");
        out.append("//   or loads its OPTIONS (rocksdb::LoadLatestOptions), and gets the policy back.\n");
        out.append("//   A process without it (ldb, RocksJava, another service) loads no filter policy and reads"
                + " no filter:\n");
        out.append("//   give it filter_policy=rocksdb.BuiltinBloomFilter in the table options, a read-only policy"
                + " that reads\n");
        out.append("//   every filter this one builds (they are stored under the built-in name, CompatibilityName),"
                + " and builds none:\n");
        out.append("//   for readers only. Whatever policy a process opens with is what the next OPTIONS file records"
                + " for the next\n");
        out.append("//   opener (nullptr after an open without either), so a writer should open with this policy"
                + " again.\n");
        out.append("#include <memory>\n#include <string>\n#include <vector>\n\n#include <rocksdb/filter_policy.h>\n"
                + "#include <rocksdb/utilities/object_registry.h>\n\n");
        out.append("class MonkeyLevelFilterPolicy : public rocksdb::FilterPolicy {\n public:\n");
        out.append("  MonkeyLevelFilterPolicy() {\n");
        out.append("    // bits per key by level, L0 .. L").append(byLevel.size() - 1)
                .append("; < 0.5 builds no filter\n");
        out.append("    bits_ = {");
        for (int level = 0; level < byLevel.size(); level++) {
            Setting s = byLevel.get(level);
            out.append(level == 0 ? "" : ", ").append(s.hasFilter() ? s.knob() : "0");
        }
        out.append("};\n");
        out.append("    // by level: Ribbon (NewRibbonFilterPolicy(b, -1), Ribbon for every file) or Bloom\n");
        out.append("    ribbon_ = {");
        for (int level = 0; level < ribbonByLevel.size(); level++) {
            out.append(level == 0 ? "" : ", ").append(ribbonByLevel.get(level));
        }
        out.append("};\n");
        out.append("    for (size_t i = 0; i < bits_.size(); i++) {\n");
        out.append("      double b = bits_[i];\n");
        out.append("      policies_.emplace_back(b < 0.5 ? nullptr : ribbon_[i] ? rocksdb::NewRibbonFilterPolicy(b, -1)\n");
        out.append("                                                : rocksdb::NewBloomFilterPolicy(b));\n");
        out.append("    }\n  }\n\n");
        out.append("  const char* Name() const override { return \"MonkeyLevelFilterPolicy\"; }\n");
        out.append("  // the built-in policies' name, under which Bloom and Ribbon filter blocks are stored: readers"
                + " of the\n  // built-in policies find them\n");
        out.append("  const char* CompatibilityName() const override { return reader_->CompatibilityName(); }\n\n");
        out.append("  rocksdb::FilterBitsBuilder* GetBuilderWithContext(\n");
        out.append("      const rocksdb::FilterBuildingContext& context) const override {\n");
        out.append("    int level = context.level_at_creation < 0 ? 0 : context.level_at_creation;\n");
        out.append("    if (level >= static_cast<int>(policies_.size())) level = static_cast<int>(policies_.size()) - 1;\n");
        out.append("    const auto& policy = policies_[level];\n");
        out.append("    return policy ? policy->GetBuilderWithContext(context) : nullptr;\n  }\n\n");
        out.append("  rocksdb::FilterBitsReader* GetFilterBitsReader(const rocksdb::Slice& contents) const override {\n");
        out.append("    // the filter block says how it was built; any built-in Bloom policy reads it\n");
        out.append("    return reader_->GetFilterBitsReader(contents);\n  }\n\n");
        out.append(" private:\n  std::vector<double> bits_;\n  std::vector<bool> ribbon_;\n");
        out.append("  std::vector<std::shared_ptr<const rocksdb::FilterPolicy>> policies_;\n");
        out.append("  std::shared_ptr<const rocksdb::FilterPolicy> reader_{rocksdb::NewBloomFilterPolicy(10)};\n");
        out.append("};\n\n");
        out.append("// Lets RocksDB recreate the policy from filter_policy=MonkeyLevelFilterPolicy in an OPTIONS file"
                + " (ObjectLibrary,\n// as RocksDB's options/customizable_test.cc registers its test policies).\n");
        out.append("inline void RegisterMonkeyLevelFilterPolicy() {\n");
        out.append("  rocksdb::ObjectLibrary::Default()->AddFactory<const rocksdb::FilterPolicy>(\n");
        out.append("      \"MonkeyLevelFilterPolicy\",\n");
        out.append("      [](const std::string& /* uri */, std::unique_ptr<const rocksdb::FilterPolicy>* guard,\n");
        out.append("         std::string* /* errmsg */) {\n");
        out.append("        guard->reset(new MonkeyLevelFilterPolicy());\n");
        out.append("        return guard->get();\n");
        out.append("      });\n}\n");
    }

    private static void fjall(CaseResult r, EngineLevels.Mapping levels, StringBuilder out) {
        List<Setting> byLevel = settingByEngineLevel(r, levels);
        out.append("// Rust: one filter policy entry per level, from L0\n");
        out.append("use fjall::config::{BloomConstructionPolicy, FilterPolicy, FilterPolicyEntry};\n\n");
        out.append("let filter_policy = FilterPolicy::new([\n");
        for (int level = 0; level < byLevel.size(); level++) {
            Setting s = byLevel.get(level);
            out.append("    FilterPolicyEntry::Bloom(BloomConstructionPolicy::BitsPerKey(")
                    .append(s.hasFilter() ? s.knob() : "0").append(".0)), // L").append(level)
                    .append(s.hasFilter() ? "" : ": no filter").append(unusedNote(levels, level)).append("\n");
        }
        out.append("]);\n");
    }

    private static void levelDb(CaseResult r, StringBuilder out) {
        Setting s = r.deployable().setting(0);
        out.append("// C++: leveldb::Options options;\n");
        out.append(s.hasFilter() ? "options.filter_policy = leveldb::NewBloomFilterPolicy(" + s.knob() + ");\n"
                : "options.filter_policy = nullptr;  // no filter\n");
    }

    private static void cassandra(CaseResult r, StringBuilder out) {
        Setting s = r.deployable().setting(0);
        String chance = s.hasFilter() ? s.knob() : "1.0";
        out.append(String.format(Locale.ROOT, "-- Cassandra and ScyllaDB (%s buckets per element, %d hashes)%n",
                s.hasFilter() ? Numbers.format(s.bitsPerKey()) : "no filter: 0", s.probes()));
        out.append("ALTER TABLE keyspace_name.table_name WITH bloom_filter_fp_chance = ").append(chance).append(";\n");
    }

    /**
     * HBase shell (JRuby, so every other line a {@code #} comment): the column family's ROW filter at the
     * error rate, in its CONFIGURATION, and the same rate as the cluster's hbase-site.xml property for
     * every column family without its own. HBase reads {@code io.storefile.bloom.error.rate} from the
     * store's configuration, the column family's over the site's ({@code BloomFilterFactory.getErrorRate},
     * HBase 2.6.1); files written after the alter build it, a major compaction rewrites the others.
     */
    private static void hbase(CaseResult r, ExportTarget target, StringBuilder out) {
        Setting s = r.deployable().setting(0);
        String name = "alter '" + target.table() + "', {NAME => '" + target.columnFamily() + "', ";
        out.append("# HBase shell: the column family's filter; store files flushed or compacted from now on build"
                + " it,\n# and major_compact '").append(target.table()).append("' rewrites the others\n");
        if (!s.hasFilter()) {
            out.append("# no filter: every Get reads every store file its time and key ranges allow\n");
            out.append(name).append("BLOOMFILTER => 'NONE'}\n");
            out.append("\n# or for the whole cluster, hbase-site.xml (every column family):\n");
            out.append("#   <property>\n#     <name>io.storefile.bloom.enabled</name>\n#     <value>false</value>\n"
                    + "#   </property>\n");
            return;
        }
        HBaseBloomSizing.Chunk chunk = HBaseFamily.chunk(s);
        out.append(String.format(Locale.ROOT, "# error rate %s: chunks of %d bytes holding %d keys each, %d probes"
                + " per key (%s bits per key; a file's last chunk folded to its keys)\n", s.knob(), chunk.byteSize(),
                chunk.maxKeys(), chunk.hashCount(), Setting.decimal(s.bitsPerKey())));
        out.append(name).append("BLOOMFILTER => 'ROW', CONFIGURATION => {'io.storefile.bloom.error.rate' => '")
                .append(s.knob()).append("'}}\n");
        out.append("\n# or for every column family without its own, hbase-site.xml:\n");
        out.append("#   <property>\n#     <name>io.storefile.bloom.error.rate</name>\n#     <value>")
                .append(s.knob()).append("</value>\n#   </property>\n");
    }
}
