package org.monkeyeval.family;

import java.util.function.LongUnaryOperator;

/**
 * A family whose real filter is built here: the engine's own construction (its hash of the key's
 * bytes, its probes, its layout) or the library that defines the filter. {@code confirm} builds and
 * measures these; the other families are costed only.
 *
 * <p>Keys are 64-bit; a family whose engine hashes key bytes hashes the key's
 * {@link org.monkeyeval.filter.KeyBytes} (16 bytes), the key the engine check writes into the engine,
 * so that the filter built here over a run is the engine's own over the same run.
 */
public interface RealFilterFamily extends FilterFamily {

    /** False when this family's filter is costed but cannot be built here (the reason in {@link #source()}). */
    default boolean buildable() {
        return true;
    }

    /**
     * Builds the family's filter at {@code setting} over {@code keyOfIndex(0 .. entries-1)}, distinct
     * keys; {@code seed} fixes whatever the construction draws (a family whose engine uses a fixed hash
     * ignores it). No filter when the setting has none.
     */
    RealFilter build(long entries, Setting setting, LongUnaryOperator keyOfIndex, long seed);
}
