package org.monkeyeval.family.catalog;

import java.util.List;
import java.util.Locale;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.cassandra.CassandraFamily;
import org.monkeyeval.family.fjall.FjallFamily;
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

    /** Pebble: {@code Options.Levels[i].TableFilterPolicy = bloom.FilterPolicy(bits)}, whole bits per level. */
    PEBBLE("pebble", true, PebbleFamily.INSTANCE),
    /** RocksDB: one {@code bloomfilter:B} per column family, millibit resolution. */
    ROCKSDB("rocksdb", false, RocksDbFamily.INSTANCE),
    /**
     * RocksDB through a C++ FilterPolicy that picks, from level_at_creation, NewBloomFilterPolicy(B),
     * NewRibbonFilterPolicy(B, -1) or no filter per level.
     */
    ROCKSDB_PER_LEVEL("rocksdb-per-level", true, RocksDbFamily.INSTANCE, RocksDbRibbonFamily.INSTANCE),
    /**
     * RocksDB's stock {@code filter_policy=ribbonfilter:B:L}: one B for the column family, Bloom for files
     * written below level L (flushes count as level -1), Ribbon from L on (RocksDB's rule in
     * {@code alloc.DeployableRibbonSolver}).
     */
    ROCKSDB_RIBBON("rocksdb-ribbon", false, RocksDbFamily.INSTANCE, RocksDbRibbonFamily.INSTANCE),
    /** RocksDB databases at format_version &lt;= 4: one {@code bloomfilter:B} builds the legacy Bloom filter. */
    ROCKSDB_LEGACY("rocksdb-legacy", false, RocksDbLegacyFamily.INSTANCE),
    /** fjall: a FilterPolicy entry per level, whole bits per key. */
    FJALL("fjall", true, FjallFamily.INSTANCE),
    /** LevelDB: one NewBloomFilterPolicy(int) for the whole database. */
    LEVELDB("leveldb", false, LevelDbFamily.INSTANCE),
    /** Cassandra and ScyllaDB: one bloom_filter_fp_chance per table. */
    CASSANDRA("cassandra", false, CassandraFamily.INSTANCE);

    /** Every label, in declaration order, for help texts and messages (a test holds it to {@link #values()}). */
    public static final String LABELS = "pebble, rocksdb, rocksdb-per-level, rocksdb-ribbon, rocksdb-legacy, fjall,"
            + " leveldb, cassandra";

    private final String label;
    private final List<FilterFamily> families;
    private final boolean perLevel;

    Engine(String label, boolean perLevel, FilterFamily... families) {
        this.label = label;
        this.families = List.of(families);
        this.perLevel = perLevel;
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
