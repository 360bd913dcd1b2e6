package org.monkeyeval.family;

import java.util.List;

/**
 * Monkey's ideal curve: p = e^(-c b), c = ln(2)^2, size n b bits (Monkey, SIGMOD 2017, eq. 2): an
 * ideal filter with a continuous number of hashes. Continuous, so it lists no settings.
 */
public final class IdealFamily implements FilterFamily {

    /** ln 2. */
    public static final double LN_2 = Math.log(2.0);

    /** c = ln(2)^2, the exponent scale of the ideal Bloom FPR (Monkey eq. 2). */
    public static final double C = LN_2 * LN_2;

    /** The family; created after the constants above, which its settings read. */
    public static final IdealFamily INSTANCE = new IdealFamily();

    private IdealFamily() {
    }

    /** p = e^(-c b): the ideal FPR at b bits per entry (Monkey eq. 2); 1 at b = 0 (no filter). */
    public static double idealFpr(double bitsPerEntry) {
        if (!(bitsPerEntry >= 0.0) || Double.isInfinite(bitsPerEntry)) {
            throw new IllegalArgumentException("bits per entry (" + bitsPerEntry + ") must be finite and >= 0");
        }
        return Math.exp(-C * bitsPerEntry);
    }

    @Override
    public String name() {
        return "ideal";
    }

    @Override
    public String source() {
        return "Monkey (Dayan, Athanassoulis, Idreos, SIGMOD 2017), eq. 2: the continuous ideal curve, no real filter";
    }

    @Override
    public List<Setting> settings() {
        return List.of();
    }

    @Override
    public Setting settingFor(double bitsPerEntry) {
        return bitsPerEntry == 0.0 ? Setting.none() : new Setting(bitsPerEntry, Setting.decimal(bitsPerEntry), List.of());
    }

    /** e^(-c b); 1 without a filter. */
    @Override
    public double fpr(long entries, Setting setting) {
        return idealFpr(setting.bitsPerKey());
    }

    /** n b. */
    @Override
    public double filterBits(long entries, Setting setting) {
        return entries * setting.bitsPerKey();
    }
}
