package org.monkeyeval.family.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.IdealFamily;
import org.monkeyeval.family.StandardFamily;
import org.monkeyeval.family.cassandra.CassandraFamily;
import org.monkeyeval.family.fastfilter.StaticSetFamily;
import org.monkeyeval.family.fjall.FjallFamily;
import org.monkeyeval.family.hbase.HBaseFamily;
import org.monkeyeval.family.leveldb.LevelDbFamily;
import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbLegacyFamily;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;

/**
 * Every filter family by its name: the one list the command line, {@code confirm}'s layouts and the
 * {@code families} command read.
 */
public final class Families {

    private static final List<FilterFamily> ALL = Collections.unmodifiableList(new ArrayList<>(List.of(
            IdealFamily.INSTANCE, StandardFamily.INSTANCE, RocksDbFamily.INSTANCE, RocksDbLegacyFamily.INSTANCE,
            RocksDbRibbonFamily.INSTANCE, PebbleFamily.INSTANCE,
            LevelDbFamily.INSTANCE, FjallFamily.INSTANCE, CassandraFamily.INSTANCE, HBaseFamily.INSTANCE,
            StaticSetFamily.XOR8, StaticSetFamily.XOR16, StaticSetFamily.BINARY_FUSE8,
            StaticSetFamily.BINARY_FUSE16)));

    private Families() {
    }

    /** Every family, in the order of {@link #names()}. */
    public static List<FilterFamily> all() {
        return ALL;
    }

    /** The names, comma-separated, for messages. */
    public static String names() {
        return String.join(", ", ALL.stream().map(FilterFamily::name).toList());
    }

    /** The family named {@code name}, or an error naming the choices. */
    public static FilterFamily byName(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        for (FilterFamily f : ALL) {
            if (f.name().equals(wanted)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown family '" + name + "' (expected " + names() + ")");
    }
}
