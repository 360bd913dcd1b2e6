package org.monkeyeval.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;

import org.monkeyeval.text.Json;

/**
 * The published folder records today's methods: every section of out/provenance.json whose text does not
 * depend on the cases is the text this version writes. A change to one of them that leaves out/ as it was
 * would still verify (earlier texts stay accepted) but rebuild to other bytes, on any JDK.
 */
final class PublishedProvenanceTextsTest {

    private static final Path PUBLISHED = Path.of("out/provenance.json");

    private static final Map<String, Supplier<ObjectNode>> TODAY = Map.of(
            "model", Provenance::model,
            "lookupWeights", Provenance::lookupWeights,
            "treeExpansion", Provenance::treeExpansion,
            Provenance.ROBUST, Provenance::robust,
            Provenance.RATES, Provenance::rates,
            Provenance.PROGRESSIVE, Provenance::progressive,
            Provenance.ANCHORS, Provenance::anchors,
            Provenance.DEPLOYABLE_SEARCH, Provenance::deployableSearch,
            BloomBeforeLevelTable.PROVENANCE_SECTION, BloomBeforeLevelTable::provenance);

    @Test
    void publishedProvenance_recordsTodaysMethodTexts() throws IOException {
        JsonNode published = Json.parse(Files.readString(PUBLISHED));
        TODAY.forEach((section, today) -> {
            assertTrue(published.has(section), "out/provenance.json has no section " + section);
            assertEquals(reparsed(today.get()), published.get(section),
                    section + " in out/provenance.json is not today's text: republish with docs/publish.sh");
        });
    }

    private static JsonNode reparsed(ObjectNode section) {
        try {
            return Json.parse(Json.write(section));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
