package org.monkeyeval.family.catalog;

import java.util.ArrayList;
import java.util.List;

import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;

/**
 * What a family builds when asked for b bits per key over n entries: the setting the engine uses,
 * the filter's real size and its rate. The question of the {@code families} command.
 */
public final class FamilyLookup {

    /** Requested bits per key of the table printed without a request: 1 .. 24. */
    public static final int TABLE_MAX_BITS = 24;

    /** Largest request answered by any family (a case's budget allows at most this many bits per entry). */
    public static final double MAX_REQUEST = 1000.0;

    /**
     * One answer.
     *
     * @param family     the family's name
     * @param requested  bits per key asked for
     * @param setting    the setting the engine uses for that request
     * @param entries    keys in the filter
     * @param filterBits the filter's real size in bits, metadata included
     * @param fpr        the rate of that filter
     */
    public record Row(FilterFamily family, double requested, Setting setting, long entries, double filterBits,
                      double fpr) {

        /** Real bits per key: filter bits over entries. */
        public double bitsPerKey() {
            return filterBits / entries;
        }
    }

    private FamilyLookup() {
    }

    /** The answer for one request; errors name the value and the limit. */
    public static Row lookup(FilterFamily family, long entries, double bitsPerKey) {
        FilterFamily.checkEntries(entries);
        double max = Math.min(MAX_REQUEST, family.maxBitsPerKey());
        if (!(bitsPerKey >= 0.0) || bitsPerKey > max) {
            String asked = Double.isFinite(bitsPerKey) ? Setting.decimal(bitsPerKey) : Double.toString(bitsPerKey);
            throw new IllegalArgumentException("bits per key (" + asked + ") must be between 0 and "
                    + Setting.decimal(max) + " for " + family.name());
        }
        Setting s = family.settingFor(bitsPerKey);
        return new Row(family, bitsPerKey, s, entries, family.filterBits(entries, s), family.fpr(entries, s));
    }

    /** The answers for 1 .. {@link #TABLE_MAX_BITS} bits per key, up to the family's {@link FilterFamily#maxBitsPerKey()}. */
    public static List<Row> table(FilterFamily family, long entries) {
        List<Row> rows = new ArrayList<>(TABLE_MAX_BITS);
        for (int b = 1; b <= Math.min(TABLE_MAX_BITS, family.maxBitsPerKey()); b++) {
            rows.add(lookup(family, entries, b));
        }
        return rows;
    }
}
