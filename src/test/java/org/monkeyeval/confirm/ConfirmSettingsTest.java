package org.monkeyeval.confirm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalDouble;

import org.junit.jupiter.api.Test;

/**
 * Settings as a command line states them: a layout named twice is built once, in the order first
 * named; without a precision, Q is fixed and needs no cap of its own; with one, the cap given holds.
 */
final class ConfirmSettingsTest {

    private static ConfirmSettings of(long queries, List<String> layouts, OptionalDouble precision, long maxQueries) {
        return ConfirmSettings.of(queries, 7, 1, layouts, precision, maxQueries, 1000, List.of());
    }

    @Test
    void of_layoutNamedTwice_isBuiltOnceInTheOrderFirstNamed() {
        ConfirmSettings settings = of(100, List.of("rocksdb", "standard", "rocksdb"), OptionalDouble.empty(), 100);
        assertEquals(List.of(Layout.ROCKSDB, Layout.STANDARD), settings.layouts());
    }

    @Test
    void of_withoutPrecision_queriesAboveTheCapAreAdmitted() {
        ConfirmSettings settings = of(500, List.of("standard"), OptionalDouble.empty(), 100);
        assertEquals(500, settings.queries());
        assertEquals(500, settings.maxQueries());
        assertTrue(!settings.adaptive());
    }

    @Test
    void of_withPrecision_theGivenCapHolds() {
        ConfirmSettings settings = of(100, List.of("standard"), OptionalDouble.of(0.1), 400);
        assertEquals(400, settings.maxQueries());
        assertEquals(0.1, settings.precision());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> of(500, List.of("standard"), OptionalDouble.of(0.1), 100));
        assertTrue(e.getMessage().contains("max queries (100)"), e.getMessage());
    }

    @Test
    void of_unknownLayout_isRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> of(100, List.of("standard", "nope"), OptionalDouble.empty(), 100));
        assertTrue(e.getMessage().contains("'nope'"), e.getMessage());
    }
}
