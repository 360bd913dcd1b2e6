package org.monkeyeval.family.catalog;

import java.util.List;
import java.util.Locale;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.cassandra.CassandraFamily;
import org.monkeyeval.family.fjall.FjallFamily;
import org.monkeyeval.family.hbase.HBaseFamily;
import org.monkeyeval.family.leveldb.LevelDbFamily;
import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbLegacyFamily;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;

/**
 * The granularity at which an engine sets its filter: one value for the whole tree (column family,
 * table, database) or one value per level, with the families that value can build. Most engines build
 * one family; {@link #ROCKSDB_PER_LEVEL} chooses Bloom or Ribbon per level, and {@link #ROCKSDB_RIBBON}
 * builds Bloom below its bloom_before_level and Ribbon from it on.
 */
public enum Engine {

    /**
     * Pebble, read by {@code Get}: {@code Options.Levels[i].TableFilterPolicy = bloom.FilterPolicy(bits)}, whole
     * bits per level, and no L6 filter read ({@link #readsLastLevelFilters()}).
     */
    PEBBLE("pebble", true, false, PebbleFamily.INSTANCE),
    /**
     * Pebble, read through iterators opened with {@code IterOptions.UseL6Filters} ({@code SeekPrefixGE}): the
     * same settings, and every level's filter read, L6's included.
     */
    PEBBLE_USE_L6_FILTERS("pebble-use-l6-filters", true, true, PebbleFamily.INSTANCE),
    /** RocksDB: one {@code bloomfilter:B} per column family, millibit resolution. */
    ROCKSDB("rocksdb", false, true, RocksDbFamily.INSTANCE),
    /**
     * RocksDB through a C++ FilterPolicy that picks, from level_at_creation, NewBloomFilterPolicy(B),
     * NewRibbonFilterPolicy(B, -1) or no filter per level.
     */
    ROCKSDB_PER_LEVEL("rocksdb-per-level", true, true, RocksDbFamily.INSTANCE, RocksDbRibbonFamily.INSTANCE),
    /**
     * RocksDB's stock {@code filter_policy=ribbonfilter:B:L}: one B for the column family, Bloom for files
     * written below level L (flushes count as level -1), Ribbon from L on (RocksDB's rule in
     * {@code alloc.DeployableRibbonSolver}).
     */
    ROCKSDB_RIBBON("rocksdb-ribbon", false, true, RocksDbFamily.INSTANCE, RocksDbRibbonFamily.INSTANCE),
    /** RocksDB databases at format_version &lt;= 4: one {@code bloomfilter:B} builds the legacy Bloom filter. */
    ROCKSDB_LEGACY("rocksdb-legacy", false, true, RocksDbLegacyFamily.INSTANCE),
    /** fjall: a FilterPolicy entry per level, whole bits per key. */
    FJALL("fjall", true, true, FjallFamily.INSTANCE),
    /** LevelDB: one NewBloomFilterPolicy(int) for the whole database. */
    LEVELDB("leveldb", false, true, LevelDbFamily.INSTANCE),
    /** Cassandra and ScyllaDB: one bloom_filter_fp_chance per table. */
    CASSANDRA("cassandra", false, true, CassandraFamily.INSTANCE),
    /**
     * HBase: one {@code io.storefile.bloom.error.rate} per column family (its {@code CONFIGURATION}, over the
     * cluster's hbase-site.xml), the ROW filter of every store file; a Get asks each store file its time
     * range and key range allow, so every file's filter is read.
     */
    HBASE("hbase", false, true, HBaseFamily.INSTANCE);

    /** Every label, in declaration order, for help texts and messages (a test holds it to {@link #values()}). */
    public static final String LABELS = "pebble, pebble-use-l6-filters, rocksdb, rocksdb-per-level, rocksdb-ribbon,"
            + " rocksdb-legacy, fjall, leveldb, cassandra, hbase";

    private final String label;
    private final List<FilterFamily> families;
    private final boolean perLevel;
    private final boolean readsLastLevelFilters;

    Engine(String label, boolean perLevel, boolean readsLastLevelFilters, FilterFamily... families) {
        this.label = label;
        this.families = List.of(families);
        this.perLevel = perLevel;
        this.readsLastLevelFilters = readsLastLevelFilters;
    }

    /** The name on the command line and in the tables. */
    public String label() {
        return label;
    }

    /** The filter the engine builds: the first of {@link #families()}, its Bloom filter where it offers more. */
    public FilterFamily family() {
        return families.get(0);
    }

    /** Every family the engine's configuration can build, {@link #family()} first. */
    public List<FilterFamily> families() {
        return families;
    }

    /** True if the engine sets one value per level, false if one per tree. */
    public boolean perLevel() {
        return perLevel;
    }

    /**
     * False where the engine's point lookup never reads the filters of its last level, whatever they hold:
     * Pebble's {@code Get}. Pebble opens a table of level 6 with {@code sstable.NeverUseFilterBlock} unless
     * the read's {@code IterOptions.UseL6Filters} is set ({@code file_cache.go}, cockroachdb/pebble: "By
     * default, we don't use block filters for L6"), and {@code Get} does not set it; Pebble's levels are
     * L0 to L6 ({@code manifest.NumLevels}), the bottom always L6.
     */
    public boolean readsLastLevelFilters() {
        return readsLastLevelFilters;
    }

    /** The engine named {@code label}, or an error naming the choices. */
    public static Engine fromLabel(String label) {
        for (Engine e : values()) {
            if (e.label.equals(label.toLowerCase(Locale.ROOT))) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown engine '" + label
                + "' (expected one of " + LABELS + ")");
    }

    @Override
    public String toString() {
        return label;
    }
}
