package org.monkeyeval.cli;

import org.monkeyeval.family.Engine;

/** Reads {@code --engine-granularity}: an unknown engine is a bad command line (exit 2). */
final class EngineOption {

    private EngineOption() {
    }

    /** The engine named, or null when the option was not given. */
    static Engine parse(String label) throws UsageException {
        if (label == null) {
            return null;
        }
        try {
            return Engine.fromLabel(label);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--engine-granularity: " + e.getMessage());
        }
    }
}
