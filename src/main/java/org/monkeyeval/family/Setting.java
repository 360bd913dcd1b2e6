package org.monkeyeval.family;

/**
 * One value an engine's configuration accepts for its filter.
 *
 * @param bitsPerKey the bits per key the setting asks for (Cassandra: buckets per element); 0 for no filter
 * @param hashes     probes per key the engine derives from it; 0 for no filter
 * @param knob       the value as written in the engine's configuration (e.g. {@code 10.5},
 *                   {@code 0.00819} for Cassandra's {@code bloom_filter_fp_chance}), or {@code none}
 */
public record Setting(double bitsPerKey, int hashes, String knob) {

    /** Knob text of the setting that builds no filter. */
    public static final String NONE = "none";

    public Setting {
        if (!(bitsPerKey >= 0.0) || Double.isInfinite(bitsPerKey)) {
            throw new IllegalArgumentException("bits per key (" + bitsPerKey + ") must be finite and >= 0");
        }
        if (hashes < 0) {
            throw new IllegalArgumentException("hashes (" + hashes + ") must be >= 0");
        }
    }

    /** The setting that builds no filter: every lookup reads the run. */
    public static Setting none() {
        return new Setting(0.0, 0, NONE);
    }

    /**
     * A decimal for a knob: the double's exact binary value rounded to 6 significant digits, trailing
     * zeros dropped, never in exponent form. The same text on every JDK (Double.toString changed in 19).
     */
    public static String decimal(double value) {
        return new java.math.BigDecimal(value).round(new java.math.MathContext(6)).stripTrailingZeros()
                .toPlainString();
    }

    /** True unless this is {@link #none()}. */
    public boolean hasFilter() {
        return hashes > 0;
    }
}
