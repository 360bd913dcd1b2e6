package org.monkeyeval.verify;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;

import org.monkeyeval.model.CaseFile;
import org.monkeyeval.text.Json;

/**
 * Whether the outputs a provenance file describes were made from other case files than the current
 * ones: after {@code run} on a changed cases folder, an earlier confirmation in the same output
 * folder no longer matches, and {@code verify} would fail on it.
 */
public final class StaleOutputs {

    private StaleOutputs() {
    }

    /**
     * The case files that differ between the provenance and {@code inputs}, one phrase each
     * ("a.json changed", "b.json added", "c.json removed"), in file-name order; empty when they
     * match or when the provenance file is absent or unreadable (nothing to call stale).
     */
    public static List<String> changedInputs(Path provenanceFile, List<CaseFile> inputs) {
        JsonNode recorded;
        try {
            recorded = Json.parse(Files.readString(provenanceFile, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return List.of();
        }
        Map<String, String> before = new TreeMap<>();
        recorded.path("inputs").forEach(i -> before.put(i.path("path").asText(), i.path("sha256").asText()));
        Map<String, String> now = new TreeMap<>();
        inputs.forEach(i -> now.put(i.fileName(), i.sha256()));
        List<String> changes = new ArrayList<>();
        TreeMap<String, String> all = new TreeMap<>(before);
        all.putAll(now);
        for (String name : all.keySet()) {
            if (!before.containsKey(name)) {
                changes.add(name + " added");
            } else if (!now.containsKey(name)) {
                changes.add(name + " removed");
            } else if (!before.get(name).equals(now.get(name))) {
                changes.add(name + " changed");
            }
        }
        return changes;
    }
}
