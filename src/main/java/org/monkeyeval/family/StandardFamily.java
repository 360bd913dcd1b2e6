package org.monkeyeval.family;

import java.util.List;


/**
 * The classic Bloom filter with a whole number of hashes, as {@link StandardBloom} builds it:
 * m = max(1, round(n b)) bits, k = max(1, round(b ln 2)), p = (1 - e^(-k n / m))^k (Bloom 1970;
 * Broder and Mitzenmacher 2004, section 2.1). Continuous in b, so it lists no settings.
 */
public final class StandardFamily implements FilterFamily {

    /** The family; created after the constants above, which its settings read. */
    public static final StandardFamily INSTANCE = new StandardFamily();

    private StandardFamily() {
    }

    @Override
    public String name() {
        return "standard";
    }

    @Override
    public String source() {
        return "textbook Bloom filter, m = round(n b) bits, k = max(1, round(b ln 2)), (1 - e^(-kn/m))^k;"
                + " built and measured as the standard layout of confirm";
    }

    @Override
    public List<Setting> settings() {
        return List.of();
    }

    @Override
    public Setting settingFor(double bitsPerEntry) {
        if (!StandardBloom.hasFilter(bitsPerEntry)) {
            return Setting.none();
        }
        return Setting.bloom(bitsPerEntry, StandardBloom.hashesFor(bitsPerEntry), Setting.decimal(bitsPerEntry));
    }

    @Override
    public double fpr(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        if (!setting.hasFilter()) {
            return 1.0;
        }
        return StandardBloom.predictedFpr(entries, StandardBloom.bitsFor(entries, setting.bitsPerKey()),
                setting.probes());
    }

    @Override
    public double filterBits(long entries, Setting setting) {
        FilterFamily.checkEntries(entries);
        return setting.hasFilter() ? StandardBloom.bitsFor(entries, setting.bitsPerKey()) : 0.0;
    }
}
