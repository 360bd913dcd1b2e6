package org.monkeyeval.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.monkeyeval.family.catalog.Engine;

/** Reads {@code --engine-granularity}: an unknown engine is a bad command line (exit 2). */
final class EngineOption {

    private EngineOption() {
    }

    /** The engine named by --engine-granularity, or null when the option was not given. */
    static Engine parse(String label) throws UsageException {
        return parse(label, "--engine-granularity");
    }

    /**
     * The engines a comma-separated {@code --engine-granularity} names, in the order given: one null when the
     * option was not given. An unknown, empty or repeated name is a bad command line.
     */
    static List<Engine> parseAll(List<String> labels) throws UsageException {
        if (labels == null) {
            return Collections.singletonList(null);
        }
        List<Engine> engines = new ArrayList<>(labels.size());
        for (String label : labels) {
            Engine engine = parse(label.strip());
            if (engines.contains(engine)) {
                throw new UsageException("--engine-granularity: " + engine.label() + " is given twice");
            }
            engines.add(engine);
        }
        return engines;
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
