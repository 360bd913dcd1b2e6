package org.monkeyeval.cli;

import org.monkeyeval.family.catalog.Engine;

/** Reads {@code --engine-granularity}: an unknown engine is a bad command line (exit 2). */
final class EngineOption {

    private EngineOption() {
    }

    /** The engine named by --engine-granularity, or null when the option was not given. */
    static Engine parse(String label) throws UsageException {
        return parse(label, "--engine-granularity");
    }

    /** The engine named by {@code option}, or null when it was not given. */
    static Engine parse(String label, String option) throws UsageException {
        if (label == null) {
            return null;
        }
        try {
            return Engine.fromLabel(label);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
    }
}
