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

    /**
     * Every setting the engine's configuration can express, the no-filter setting first, then in
     * increasing bits per key; empty for a continuous family (ideal, standard).
     */
    List<Setting> settings();

    /** The setting the engine uses when asked for {@code bitsPerEntry} bits per entry. */
    Setting settingFor(double bitsPerEntry);

    /** Expected false-positive rate of the filter over {@code entries} keys at {@code setting}. */
    double fpr(long entries, Setting setting);

    /** Real size in bits (metadata included) of the filter over {@code entries} keys at {@code setting}. */
    double filterBits(long entries, Setting setting);

    /** Checks n, shared by the families. */
    static void checkEntries(long entries) {
        if (entries < 1) {
            throw new IllegalArgumentException("entries (" + entries + ") must be >= 1");
        }
    }
}
