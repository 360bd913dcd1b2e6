package org.monkeyeval.engine.rocksdb;

import java.util.List;
import java.util.Locale;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.catalog.Families;

/**
 * A filter RocksDB builds, as the engine check configures it: the table format and filter policy that
 * give it, the family that predicts it, and the layout label of its engine rows.
 *
 * <pre>
 *   rocksdb          format_version 5, NewBloomFilterPolicy(b)    fast local Bloom   rows: rocksdb-engine
 *   rocksdb-legacy   format_version 4, NewBloomFilterPolicy(b)    legacy full Bloom  rows: rocksdb-legacy-engine
 *   rocksdb-ribbon   format_version 5, ribbonfilter:b:-1          Standard128Ribbon  rows: rocksdb-ribbon-engine
 * </pre>
 *
 * RocksJava has no class for the Ribbon policy; it is set from an options string, as an OPTIONS file
 * would set it ({@code filter_policy=ribbonfilter:b:-1}, RocksDB's {@code FilterPolicy::CreateFromString}).
 * bloom_before_level = -1 asks for Ribbon at every level, flushes and files written outside a compaction
 * included (include/rocksdb/filter_policy.h, NewRibbonFilterPolicy); the check reads each file's filter
 * trailer to make sure it holds the filter named.
 */
public enum EngineFilter {

    /** RocksDB's default: the fast local Bloom filter of format_version 5 and later. */
    FAST_LOCAL_BLOOM("rocksdb", "rocksdb-engine", 5),
    /** The full Bloom filter of format_version 4 and earlier (LegacyBloomBitsBuilder). */
    LEGACY_BLOOM("rocksdb-legacy", "rocksdb-legacy-engine", 4),
    /** Ribbon (Standard128RibbonBitsBuilder), RocksDB 6.15 and later. */
    RIBBON("rocksdb-ribbon", "rocksdb-ribbon-engine", 5);

    private final String familyName;
    private final String layout;
    private final int formatVersion;

    EngineFilter(String familyName, String layout, int formatVersion) {
        this.familyName = familyName;
        this.layout = layout;
        this.formatVersion = formatVersion;
    }

    /** The name on the command line ({@code --engine}) and the family's name. */
    public String label() {
        return familyName;
    }

    /** The layout label of this filter's engine rows. */
    public String layout() {
        return layout;
    }

    /** The table format_version the check writes. */
    public int formatVersion() {
        return formatVersion;
    }

    /** The family that predicts this filter's size and rate. */
    public FilterFamily family() {
        return Families.byName(familyName);
    }

    /** The filter named {@code label}; an error names the choices. */
    public static EngineFilter fromLabel(String label) {
        String wanted = label.toLowerCase(Locale.ROOT);
        for (EngineFilter f : values()) {
            if (f.familyName.equals(wanted)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown RocksDB filter '" + label + "' (expected "
                + String.join(", ", List.of(values()).stream().map(EngineFilter::label).toList()) + ")");
    }

    /** The filter whose engine rows carry {@code layout}, or null for another layout. */
    public static EngineFilter ofLayout(String layout) {
        for (EngineFilter f : values()) {
            if (f.layout.equals(layout)) {
                return f;
            }
        }
        return null;
    }
}
