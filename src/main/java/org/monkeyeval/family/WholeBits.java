package org.monkeyeval.family;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntUnaryOperator;

/** Settings of an engine that takes a whole number of bits per key: none, then 1 .. max. */
final class WholeBits {

    private WholeBits() {
    }

    /** none, then b = 1 .. max with k = hashes(b). */
    static List<Setting> settings(int max, IntUnaryOperator hashes) {
        List<Setting> all = new ArrayList<>(max + 1);
        all.add(Setting.none());
        for (int b = 1; b <= max; b++) {
            all.add(new Setting(b, hashes.applyAsInt(b), Integer.toString(b)));
        }
        return Collections.unmodifiableList(all);
    }
}
