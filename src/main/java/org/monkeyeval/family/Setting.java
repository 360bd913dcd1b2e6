package org.monkeyeval.family;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One value an engine's configuration accepts for its filter, with the parameters the engine derives
 * from it. Which parameters a setting has is the family's business: a Bloom family's probes per key
 * ({@link #PROBES}), Ribbon's result bits, a fingerprint filter's fingerprint width.
 *
 * @param bitsPerKey the bits per key the setting asks for (Cassandra: buckets per element); 0 for no filter
 * @param knob       the value as written in the engine's configuration (e.g. {@code 10.5},
 *                   {@code 0.00819} for Cassandra's {@code bloom_filter_fp_chance}), or {@code none}
 * @param parameters what the engine derives from the setting, in the family's order; empty for no filter
 */
public record Setting(double bitsPerKey, String knob, List<Parameter> parameters) {

    /** Knob text of the setting that builds no filter. */
    public static final String NONE = "none";

    /** Name of a Bloom family's parameter: probes (hash functions) per key. */
    public static final String PROBES = "probes";

    /** A named whole-number parameter of a setting, such as {@code probes=6}. */
    public record Parameter(String name, int value) {
        public Parameter {
            Objects.requireNonNull(name, "name");
        }

        @Override
        public String toString() {
            return name + "=" + value;
        }
    }

    public Setting {
        if (!(bitsPerKey >= 0.0) || Double.isInfinite(bitsPerKey)) {
            throw new IllegalArgumentException("bits per key (" + bitsPerKey + ") must be finite and >= 0");
        }
        Objects.requireNonNull(knob, "knob");
        parameters = List.copyOf(parameters);
        for (Parameter p : parameters) {
            if (p.value() < 0) {
                throw new IllegalArgumentException(p.name() + " (" + p.value() + ") must be >= 0");
            }
        }
        parameters = PARAMETER_LISTS.computeIfAbsent(parameters, l -> l);
    }

    /**
     * One instance of each parameter list (immutable, so shared): the catalogs hold hundreds of thousands of settings
     * (99,001 each for RocksDB's Bloom, legacy Bloom and Ribbon families) over about ten thousand distinct lists, and
     * every object the heap holds is one more the collector marks, each time it marks (at -Xmx1g, a robust solve of
     * 200 runs beside them started one about twice a second).
     */
    private static final Map<List<Parameter>, List<Parameter>> PARAMETER_LISTS = new ConcurrentHashMap<>();

    /** The setting that builds no filter: every lookup reads the run. */
    public static Setting none() {
        return new Setting(0.0, NONE, List.of());
    }

    /** A Bloom family's setting: {@code bitsPerKey} asked for, {@code probes} per key (at least 1). */
    public static Setting bloom(double bitsPerKey, int probes, String knob) {
        if (probes < 1) {
            throw new IllegalArgumentException("probes (" + probes + ") must be >= 1");
        }
        return new Setting(bitsPerKey, knob, List.of(new Parameter(PROBES, probes)));
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
        return !NONE.equals(knob);
    }

    /** The parameter named {@code name}, or -1 when the setting has none of that name. */
    public int parameter(String name) {
        for (int i = 0; i < parameters.size(); i++) { // by index: no iterator where rates are tabulated
            Parameter p = parameters.get(i);
            if (p.name().equals(name)) {
                return p.value();
            }
        }
        return -1;
    }

    /** Probes per key of a Bloom family's setting; 0 for no filter and for families without probes. */
    public int probes() {
        return Math.max(0, parameter(PROBES));
    }

    /** The parameters as {@code name=value} separated by spaces; empty for no filter. */
    public String parametersText() {
        StringBuilder b = new StringBuilder();
        for (Parameter p : parameters) {
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(p);
        }
        return b.toString();
    }
}
