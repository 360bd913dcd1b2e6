package org.monkeyeval.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.Deployable;
import org.monkeyeval.alloc.HitsOptimized;
import org.monkeyeval.family.Engine;
import org.monkeyeval.family.Setting;
import org.monkeyeval.model.Run;

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
     * @param result a result with a deployable allocation
     * @param hits   RocksDB's optimize_filters_for_hits alternative (engine rocksdb), or null
     */
    public static String render(CaseResult result, HitsOptimized hits) {
        Deployable d = result.deployable();
        if (d == null) {
            throw new IllegalArgumentException("case " + result.lsmCase().id() + " has no deployable allocation");
        }
        boolean useHits = hits != null && hits.weightedFpr() < d.weightedFpr();
        String comment = d.engine() == Engine.CASSANDRA ? "-- " : rocksDbOptionsFile(d.engine()) ? "# " : "// ";
        StringBuilder out = new StringBuilder();
        for (String line : header(result, useHits ? hits : null)) {
            out.append(comment).append(line).append('\n');
        }
        out.append('\n');
        switch (d.engine()) {
            case PEBBLE -> pebble(result, out);
            case ROCKSDB -> rocksDbOptions(result, useHits ? hits : null, out);
            case ROCKSDB_PER_LEVEL -> rocksDbPolicy(result, out);
            case ROCKSDB_RIBBON -> rocksDbRibbonOptions(result, out);
            case ROCKSDB_LEGACY -> rocksDbLegacyOptions(result, out);
            case FJALL -> fjall(result, out);
            case LEVELDB -> levelDb(result, out);
            case CASSANDRA -> cassandra(result, out);
            default -> throw new IllegalStateException(d.engine().label());
        }
        return out.toString();
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
        lines.add("expected cost (run reads per lookup) " + Numbers.format(cost)
                + (hits == null ? "" : " with optimize_filters_for_hits (without it: "
                        + Numbers.format(r.deployableCost()) + ")"));
        lines.add("engine optimum (any setting per run, engine's curve) " + Numbers.format(r.engineOptimizedCost())
                + "; loss " + Numbers.format(cost / r.engineOptimizedCost()) + "x");
        lines.add("unconstrained optimum (ideal filter) " + Numbers.format(r.optimizedCost()) + "; loss "
                + Numbers.format(cost / r.optimizedCost()) + "x; uniform on the ideal curve "
                + Numbers.format(r.uniformCost()));
        return lines;
    }

    /** Level of each group: the runs' level, or for runs listed without one, their position from 0. */
    private static TreeMap<Integer, Setting> settingByLevel(CaseResult r) {
        TreeMap<Integer, Setting> byLevel = new TreeMap<>();
        List<Run> runs = r.lsmCase().runs();
        for (int i = 0; i < runs.size(); i++) {
            int level = runs.get(i).level() == null ? i : runs.get(i).level();
            byLevel.put(level, r.deployable().setting(i));
        }
        return byLevel;
    }

    /** Per level as {@link #settingByLevel}: true where the deployable allocation builds Ribbon. */
    private static TreeMap<Integer, Boolean> ribbonByLevel(CaseResult r) {
        TreeMap<Integer, Boolean> byLevel = new TreeMap<>();
        List<Run> runs = r.lsmCase().runs();
        for (int i = 0; i < runs.size(); i++) {
            int level = runs.get(i).level() == null ? i : runs.get(i).level();
            byLevel.put(level, r.deployable().family(i) == org.monkeyeval.family.rocksdb.RocksDbRibbonFamily.INSTANCE);
        }
        return byLevel;
    }

    private static boolean hasLevels(CaseResult r) {
        return r.lsmCase().runs().stream().allMatch(run -> run.level() != null);
    }

    private static void levelNote(CaseResult r, StringBuilder out, String comment) {
        if (!hasLevels(r)) {
            out.append(comment).append(" the case lists runs without levels: run i (from 1) is taken as level i - 1\n");
        }
    }

    private static void pebble(CaseResult r, StringBuilder out) {
        out.append("; Pebble OPTIONS fragment: merge into the [Level \"N\"] sections of the OPTIONS file\n");
        levelNote(r, out, ";");
        TreeMap<Integer, Setting> byLevel = settingByLevel(r);
        for (var e : byLevel.entrySet()) {
            out.append("[Level \"").append(e.getKey()).append("\"]\n");
            out.append("  filter_policy=").append(pebbleName(e.getValue())).append("\n");
        }
        out.append("\n// Go: the same on pebble.Options\n");
        out.append("// import \"github.com/cockroachdb/pebble/sstable/tablefilters/bloom\"\n");
        for (var e : byLevel.entrySet()) {
            String policy = e.getValue().hasFilter()
                    ? "bloom.FilterPolicy(" + e.getValue().knob() + ")" : "pebble.NoFilterPolicy";
            out.append("opts.Levels[").append(e.getKey()).append("].TableFilterPolicy = func() pebble.TableFilterPolicy")
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

    private static void rocksDbOptions(CaseResult r, HitsOptimized hits, StringBuilder out) {
        Setting s = hits == null ? r.deployable().setting(0)
                : hits.deployable() == null ? Setting.none() : hits.deployable().setting(0);
        rocksDbOptionsFile(out, hits != null, 5,
                s.hasFilter() ? "bloomfilter:" + s.knob() + ":false" : "nullptr");
    }

    /**
     * {@code filter_policy=ribbonfilter:B:L}: RocksDB's RibbonFilterPolicy with bloom_before_level L
     * (the factory of "ribbonfilter:B:L" in filter_policy.cc; RibbonFilterPolicy::GetId writes the same).
     */
    private static void rocksDbRibbonOptions(CaseResult r, StringBuilder out) {
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
        rocksDbOptionsFile(out, false, 5,
                s.hasFilter() ? "ribbonfilter:" + s.knob() + ":" + d.bloomBeforeLevel() : "nullptr");
    }

    /** A database at format_version 4 or below builds the legacy Bloom filter from the same bloomfilter:B. */
    private static void rocksDbLegacyOptions(CaseResult r, StringBuilder out) {
        Setting s = r.deployable().setting(0);
        out.append("# format_version 4: RocksDB builds its legacy Bloom filter (keep the database's own"
                + " format_version if lower)\n\n");
        rocksDbOptionsFile(out, false, 4, s.hasFilter() ? "bloomfilter:" + s.knob() + ":false" : "nullptr");
    }

    private static void rocksDbOptionsFile(StringBuilder out, boolean hits, int formatVersion, String filterPolicy) {
        out.append("[Version]\n");
        out.append("  rocksdb_version=").append(ROCKSDB_OPTIONS_VERSION).append("\n");
        out.append("  options_file_version=1.1\n\n");
        out.append("[DBOptions]\n\n");
        out.append("[CFOptions \"default\"]\n");
        out.append("  optimize_filters_for_hits=").append(hits).append("\n\n");
        out.append("[TableOptions/BlockBasedTable \"default\"]\n");
        out.append("  format_version=").append(formatVersion).append("\n");
        out.append("  optimize_filters_for_memory=false\n");
        out.append("  whole_key_filtering=true\n");
        out.append("  filter_policy=").append(filterPolicy).append("\n");
    }

    private static void rocksDbPolicy(CaseResult r, StringBuilder out) {
        TreeMap<Integer, Setting> byLevel = settingByLevel(r);
        TreeMap<Integer, Boolean> ribbonByLevel = ribbonByLevel(r);
        out.append("// C++: a FilterPolicy that picks the filter and its bits per key from the level a file is"
                + " written to.\n");
        levelNote(r, out, "//");
        out.append("// Set it with table_options.filter_policy = std::make_shared<MonkeyLevelFilterPolicy>();\n");
        out.append("#include <memory>\n#include <vector>\n\n#include <rocksdb/filter_policy.h>\n\n");
        out.append("class MonkeyLevelFilterPolicy : public rocksdb::FilterPolicy {\n public:\n");
        out.append("  MonkeyLevelFilterPolicy() {\n");
        int top = byLevel.lastKey();
        out.append("    // bits per key by level; < 0.5 builds no filter\n");
        out.append("    bits_ = {");
        for (int level = 0; level <= top; level++) {
            Setting s = byLevel.getOrDefault(level, byLevel.ceilingEntry(level).getValue());
            out.append(level == 0 ? "" : ", ").append(s.hasFilter() ? s.knob() : "0");
        }
        out.append("};\n");
        out.append("    // by level: Ribbon (NewRibbonFilterPolicy(b, -1), Ribbon for every file) or Bloom\n");
        out.append("    ribbon_ = {");
        for (int level = 0; level <= top; level++) {
            boolean ribbon = ribbonByLevel.getOrDefault(level, ribbonByLevel.ceilingEntry(level).getValue());
            out.append(level == 0 ? "" : ", ").append(ribbon);
        }
        out.append("};\n");
        out.append("    for (size_t i = 0; i < bits_.size(); i++) {\n");
        out.append("      double b = bits_[i];\n");
        out.append("      policies_.emplace_back(b < 0.5 ? nullptr : ribbon_[i] ? rocksdb::NewRibbonFilterPolicy(b, -1)\n");
        out.append("                                                : rocksdb::NewBloomFilterPolicy(b));\n");
        out.append("    }\n  }\n\n");
        out.append("  const char* Name() const override { return \"MonkeyLevelFilterPolicy\"; }\n");
        out.append("  const char* CompatibilityName() const override {\n");
        out.append("    return policies_.back() ? policies_.back()->CompatibilityName() : Name();\n  }\n\n");
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
        out.append("};\n");
    }

    private static void fjall(CaseResult r, StringBuilder out) {
        TreeMap<Integer, Setting> byLevel = settingByLevel(r);
        levelNote(r, out, "//");
        out.append("// Rust: one filter policy entry per level, from L0\n");
        out.append("use fjall::config::{BloomConstructionPolicy, FilterPolicy, FilterPolicyEntry};\n\n");
        out.append("let filter_policy = FilterPolicy::new([\n");
        int top = byLevel.lastKey();
        for (int level = 0; level <= top; level++) {
            Setting s = byLevel.getOrDefault(level, byLevel.ceilingEntry(level).getValue());
            out.append("    FilterPolicyEntry::Bloom(BloomConstructionPolicy::BitsPerKey(")
                    .append(s.hasFilter() ? s.knob() : "0").append(".0)), // L").append(level)
                    .append(s.hasFilter() ? "" : ": no filter").append("\n");
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
}
