package org.monkeyeval.family;

import java.util.Locale;

import org.monkeyeval.family.cassandra.CassandraFamily;
import org.monkeyeval.family.leveldb.LevelDbFamily;

/**
 * The granularity at which an engine sets its filter: one value for the whole tree (column family,
 * table, database) or one value per level, with the family that value builds.
 */
public enum Engine {

    /** Pebble: {@code Options.Levels[i].TableFilterPolicy = bloom.FilterPolicy(bits)}, whole bits per level. */
    PEBBLE("pebble", PebbleFamily.INSTANCE, true),
    /** RocksDB: one {@code bloomfilter:B} per column family, millibit resolution. */
    ROCKSDB("rocksdb", RocksDbFamily.INSTANCE, false),
    /** RocksDB through a C++ FilterPolicy that picks bits per key from level_at_creation. */
    ROCKSDB_PER_LEVEL("rocksdb-per-level", RocksDbFamily.INSTANCE, true),
    /** fjall: a FilterPolicy entry per level, whole bits per key. */
    FJALL("fjall", FjallFamily.INSTANCE, true),
    /** LevelDB: one NewBloomFilterPolicy(int) for the whole database. */
    LEVELDB("leveldb", LevelDbFamily.INSTANCE, false),
    /** Cassandra and ScyllaDB: one bloom_filter_fp_chance per table. */
    CASSANDRA("cassandra", CassandraFamily.INSTANCE, false);

    private final String label;
    private final FilterFamily family;
    private final boolean perLevel;

    Engine(String label, FilterFamily family, boolean perLevel) {
        this.label = label;
        this.family = family;
        this.perLevel = perLevel;
    }

    /** The name on the command line and in the tables. */
    public String label() {
        return label;
    }

    /** The filter the engine builds. */
    public FilterFamily family() {
        return family;
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
                + "' (expected pebble, rocksdb, rocksdb-per-level, fjall, leveldb or cassandra)");
    }

    @Override
    public String toString() {
        return label;
    }
}
