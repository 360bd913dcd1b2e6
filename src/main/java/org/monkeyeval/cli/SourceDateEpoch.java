package org.monkeyeval.cli;

import java.util.OptionalLong;

/** SOURCE_DATE_EPOCH (reproducible-builds.org): the only time deterministic outputs may record. */
final class SourceDateEpoch {

    private SourceDateEpoch() {
    }

    static OptionalLong fromEnvironment() throws UsageException {
        String value = System.getenv("SOURCE_DATE_EPOCH");
        if (value == null || value.isEmpty()) {
            return OptionalLong.empty();
        }
        try {
            long seconds = Long.parseLong(value.trim());
            if (seconds < 0) {
                throw new NumberFormatException();
            }
            return OptionalLong.of(seconds);
        } catch (NumberFormatException e) {
            throw new UsageException("SOURCE_DATE_EPOCH (" + value + ") must be a non-negative integer of seconds");
        }
    }
}
