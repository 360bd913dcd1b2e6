package org.monkeyeval.family;

import java.util.List;

/**
 * A filter family: the false-positive rate and the real size of the filter an engine builds over n
 * entries at one of its settings. A setting without a filter has rate 1 and size 0 (every lookup
 * reads the run).
 */
public interface FilterFamily {

    /** Short name used on the command line and in the tables. */
    String name();

    /** What a setting's knob ({@link Setting#knob()}) counts, as a table header names it: bits per key by default. */
    default String knobUnit() {
        return "bits/key";
    }

    /**
     * Where the family's rules come from: the engine's source files (and the commit read) or the paper,
     * and where the family departs from them or is unverified.
     */
    default String source() {
        return "";
    }

    /**
     * Every setting the engine's configuration can express, the no-filter setting first, then in
     * increasing bits per key; empty for a continuous family (ideal, standard).
     */
    List<Setting> settings();

    /**
     * The most bits per key this family answers for: by default the last of its {@link #settings()}
     * (where the engine's knob, or the settings listed here, stop), 1000 for a continuous family. A
     * family whose widest setting serves every larger request says so by overriding this.
     */
    default double maxBitsPerKey() {
        List<Setting> all = settings();
        return all.isEmpty() ? 1000.0 : all.get(all.size() - 1).bitsPerKey();
    }

    /** The setting the engine uses when asked for {@code bitsPerEntry} bits per entry. */
    Setting settingFor(double bitsPerEntry);

    /** Expected false-positive rate of the filter over {@code entries} keys at {@code setting}. */
    double fpr(long entries, Setting setting);

    /** Real size in bits (metadata included) of the filter over {@code entries} keys at {@code setting}. */
    double filterBits(long entries, Setting setting);

    /**
     * The rate and real size at every one of {@link #settings()}, index for index, over {@code entries} keys
     * into {@code fpr} and {@code bits}: the values {@link #fpr} and {@link #filterBits} give setting by setting,
     * bit for bit. A family whose settings share their filter (RocksDB's millibits that round to the same lines
     * and probes) overrides this to compute each distinct filter once.
     */
    default void rowOfSettings(long entries, double[] fpr, double[] bits) {
        List<Setting> all = settings();
        for (int s = 0; s < all.size(); s++) {
            fpr[s] = fpr(entries, all.get(s));
            bits[s] = filterBits(entries, all.get(s));
        }
    }

    /**
     * Whether {@link #bitsOfSettings} costs a small part of {@link #rowOfSettings}: the sizes follow from n and the
     * setting by a few integer steps, the rates from much more work. A caller that keeps rows from one solve to the
     * next (the deployable solvers' tables) then keeps the rates alone, at half the memory, and asks the sizes again.
     */
    default boolean sizesCheap() {
        return false;
    }

    /**
     * The real size at every one of {@link #settings()}, index for index, over {@code entries} keys into
     * {@code bits}: the sizes {@link #rowOfSettings} gives, bit for bit.
     */
    default void bitsOfSettings(long entries, double[] bits) {
        List<Setting> all = settings();
        for (int s = 0; s < all.size(); s++) {
            bits[s] = filterBits(entries, all.get(s));
        }
    }

    /** Checks n, shared by the families. */
    static void checkEntries(long entries) {
        if (entries < 1) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 1");
        }
    }
}
