package org.monkeyeval.alloc;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;

/**
 * One value a group of runs can take: the family that builds its filters and the family's setting.
 * An engine that offers several families (RocksDB's Bloom and Ribbon per level) offers the union of
 * their settings, the no-filter setting once.
 *
 * @param family  the family whose filter the setting builds
 * @param setting one of the family's settings
 */
public record DeployableChoice(FilterFamily family, Setting setting) {

    public DeployableChoice {
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(setting, "setting");
    }

    /** Rate of the filter over {@code entries} keys. */
    public double fpr(long entries) {
        return family.fpr(entries, setting);
    }

    /** Real size in bits of the filter over {@code entries} keys. */
    public double filterBits(long entries) {
        return family.filterBits(entries, setting);
    }

    /**
     * Every setting of each family, in the families' order: the first family's no-filter setting, then
     * each family's settings with a filter (a no-filter setting builds nothing whatever the family).
     */
    public static List<DeployableChoice> union(List<FilterFamily> families) {
        if (families.isEmpty()) {
            throw new IllegalArgumentException("no family to choose from");
        }
        return UNIONS.computeIfAbsent(List.copyOf(families), DeployableChoice::unionOf);
    }

    /**
     * The unions made so far, one list per list of families: the same list each time, so that the rows
     * of rates and sizes computed over it can be kept and found again ({@link RateRows}).
     */
    private static final Map<List<FilterFamily>, List<DeployableChoice>> UNIONS = new ConcurrentHashMap<>();

    private static List<DeployableChoice> unionOf(List<FilterFamily> families) {
        List<DeployableChoice> all = new ArrayList<>();
        all.add(new DeployableChoice(families.get(0), Setting.none()));
        for (FilterFamily f : families) {
            for (Setting s : f.settings()) {
                if (s.hasFilter()) {
                    all.add(new DeployableChoice(f, s));
                }
            }
        }
        return List.copyOf(all);
    }
}
