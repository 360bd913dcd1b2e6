package org.monkeyeval.family;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * Settings of an engine that takes a whole number of bits per key: none, then 1 .. max. Public only so
 * that families in sub-packages (family.leveldb) can share it; not meant for other callers.
 */
public final class WholeBits {

    private WholeBits() {
    }

    /** none, then b = 1 .. max with k = hashes(b). */
    public static List<Setting> settings(int max, IntUnaryOperator hashes) {
        List<Setting> all = new ArrayList<>(max + 1);
        all.add(Setting.none());
        for (int b = 1; b <= max; b++) {
            all.add(Setting.bloom(b, hashes.applyAsInt(b), Integer.toString(b)));
        }
        return Collections.unmodifiableList(all);
    }

    /**
     * The setting an engine that takes an integer uses for a requested bits per entry: rounded down
     * (the knob is an integer), at most the last setting, none below 1.
     *
     * @param settings {@link #settings}'s list: none at index 0, then b = 1 .. max at index b
     */
    public static Setting settingFor(List<Setting> settings, double bitsPerEntry) {
        int b = (int) Math.min(settings.size() - 1, Math.floor(bitsPerEntry));
        return b < 1 ? Setting.none() : settings.get(b);
    }
}
