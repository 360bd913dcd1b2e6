package org.monkeyeval.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import org.monkeyeval.report.BloomBeforeLevelTable;
import org.monkeyeval.verify.Sha256Sums;

/**
 * ro-crate-metadata.json is an RO-Crate 1.2 metadata document: the descriptor conforms to 1.2 and
 * is about ./; the root lists every other file of the bundle in hasPart and conforms to the Process
 * Run Crate profile; every id a CreateAction references (instrument, object, result) and every part
 * is an entity of the graph, and file entities carry the size and SHA-256 of the stored bytes.
 */
final class RoCrateTest {

    private static final long EPOCH = 1_700_000_000L;

    private static List<BundleEntry> bundle(OptionalLong sourceDateEpoch) {
        return Bundle.assemble(BundleFixtures.contents(), BundleFixtures.TOOL, sourceDateEpoch);
    }

    private static JsonNode crate(List<BundleEntry> bundle) throws IOException {
        BundleEntry crate = bundle.stream().filter(e -> e.path().equals(RoCrate.FILE)).findFirst().orElseThrow();
        return new ObjectMapper().readTree(new String(crate.bytes(), StandardCharsets.UTF_8));
    }

    private static Map<String, JsonNode> byId(JsonNode crate) {
        Map<String, JsonNode> entities = new LinkedHashMap<>();
        crate.get("@graph").forEach(e -> assertEquals(null, entities.put(e.get("@id").asText(), e), "unique @id"));
        return entities;
    }

    private static List<String> ids(JsonNode refOrRefs) {
        List<String> ids = new ArrayList<>();
        if (refOrRefs.isArray()) {
            refOrRefs.forEach(r -> ids.add(r.get("@id").asText()));
        } else {
            ids.add(refOrRefs.get("@id").asText());
        }
        return ids;
    }

    private static List<String> types(JsonNode entity) {
        List<String> types = new ArrayList<>();
        JsonNode type = entity.get("@type");
        if (type.isArray()) {
            type.forEach(t -> types.add(t.asText()));
        } else {
            types.add(type.asText());
        }
        return types;
    }

    @Test
    void document_contextAndDescriptor_conformTo12AboutRoot() throws IOException {
        JsonNode crate = crate(bundle(OptionalLong.empty()));
        assertEquals("https://w3id.org/ro/crate/1.2/context", crate.get("@context").asText());
        JsonNode descriptor = byId(crate).get("ro-crate-metadata.json");
        assertEquals("CreativeWork", descriptor.get("@type").asText());
        assertEquals("https://w3id.org/ro/crate/1.2", descriptor.get("conformsTo").get("@id").asText());
        assertEquals("./", descriptor.get("about").get("@id").asText());
    }

    @Test
    void document_root_hasRequiredPropertiesAndProfile() throws IOException {
        Map<String, JsonNode> entities = byId(crate(bundle(OptionalLong.of(EPOCH))));
        JsonNode root = entities.get("./");
        assertEquals("Dataset", root.get("@type").asText());
        assertFalse(root.get("name").asText().isEmpty());
        assertFalse(root.get("description").asText().isEmpty());
        assertEquals("2023-11-14T22:13:20Z", root.get("datePublished").asText());
        String license = root.get("license").get("@id").asText();
        assertEquals("https://creativecommons.org/publicdomain/zero/1.0/", license);
        assertEquals(List.of("CreativeWork"), types(entities.get(license)));
        String profile = root.get("conformsTo").get("@id").asText();
        assertEquals("https://w3id.org/ro/wfrun/process/0.5", profile);
        assertTrue(types(entities.get(profile)).contains("Profile"));
    }

    @Test
    void document_noSourceDateEpoch_datePublishedIsDocumentedDefault() throws IOException {
        assertEquals("2026-01-01T00:00:00Z", byId(crate(bundle(OptionalLong.empty()))).get("./").get("datePublished").asText());
    }

    @Test
    void document_rootHasPart_coversEveryFileOfTheBundle() throws IOException {
        List<BundleEntry> bundle = bundle(OptionalLong.empty());
        Map<String, JsonNode> entities = byId(crate(bundle));
        Set<String> parts = new HashSet<>(ids(entities.get("./").get("hasPart")));

        Set<String> files = new HashSet<>();
        bundle.forEach(e -> files.add(RoCrate.id(e.path())));
        files.remove(RoCrate.FILE);
        assertEquals(files, parts);
        for (String part : parts) {
            assertTrue(entities.containsKey(part), "entity for " + part);
            assertTrue(types(entities.get(part)).contains("File"), part);
        }
    }

    @Test
    void document_fileEntities_carrySizeAndSha256OfStoredBytes() throws IOException {
        List<BundleEntry> bundle = bundle(OptionalLong.empty());
        Map<String, JsonNode> entities = byId(crate(bundle));
        int checked = 0;
        for (BundleEntry entry : bundle) {
            if (entry.path().equals(RoCrate.FILE) || entry.path().equals(Sha256Sums.FILE)) {
                continue;
            }
            JsonNode file = entities.get(RoCrate.id(entry.path()));
            assertEquals(Long.toString(entry.size()), file.get("contentSize").asText(), entry.path());
            assertEquals(entry.sha256(), file.get("sha256").asText(), entry.path());
            assertFalse(file.get("encodingFormat").asText().isEmpty(), entry.path());
            checked++;
        }
        assertEquals(bundle.size() - 2, checked);
        assertEquals("text/csv", entities.get("out/rows.csv").get("encodingFormat").asText());
    }

    @Test
    void document_createActions_referenceEntitiesOfTheGraph() throws IOException {
        Map<String, JsonNode> entities = byId(crate(bundle(OptionalLong.empty())));
        List<String> mentioned = ids(entities.get("./").get("mentions"));
        assertEquals(List.of(RoCrate.RUN_ACTION, RoCrate.CONFIRM_ACTION), mentioned);
        for (String actionId : mentioned) {
            JsonNode action = entities.get(actionId);
            assertEquals("CreateAction", action.get("@type").asText());
            assertFalse(action.get("name").asText().isEmpty());
            List<String> referenced = new ArrayList<>();
            referenced.addAll(ids(action.get("instrument")));
            referenced.addAll(ids(action.get("object")));
            referenced.addAll(ids(action.get("result")));
            for (String id : referenced) {
                assertTrue(entities.containsKey(id), actionId + " references " + id);
            }
            assertEquals(List.of("cases/a.json", "cases/b.json"), ids(action.get("object")));
        }
        JsonNode jar = entities.get(ids(entities.get(RoCrate.RUN_ACTION).get("instrument")).get(0));
        assertEquals("monkey-eval.jar", jar.get("@id").asText());
        assertEquals(List.of("File", "SoftwareApplication"), types(jar));
        assertEquals("monkey-eval", jar.get("name").asText());
        assertEquals("0.1.0", jar.get("version").asText());

        assertEquals(List.of("out/cases.csv", "out/provenance.json", "out/rows.csv"),
                ids(entities.get(RoCrate.RUN_ACTION).get("result")));
        assertEquals(List.of("out/confirm-cases.csv", "out/confirm-provenance.json", "out/confirm.csv"),
                ids(entities.get(RoCrate.CONFIRM_ACTION).get("result")));
        assertEquals("java -jar monkey-eval.jar run --cases cases --out out",
                entities.get(RoCrate.RUN_ACTION).get("description").asText());
    }

    @Test
    void document_withoutConfirmOutputs_onlyRunAction() throws IOException {
        List<BundleEntry> kept = BundleFixtures.contents().entries().stream()
                .filter(e -> !e.path().startsWith("out/confirm")).toList();
        List<BundleEntry> bundle = Bundle.assemble(BundleContents.of(kept), BundleFixtures.TOOL, OptionalLong.empty());
        Map<String, JsonNode> entities = byId(crate(bundle));
        assertEquals(List.of(RoCrate.RUN_ACTION), ids(entities.get("./").get("mentions")));
        assertFalse(entities.containsKey(RoCrate.CONFIRM_ACTION));
    }

    /** A part's optional table (run's bloom-before-level.csv), when the folder holds it, is among the run's results. */
    @Test
    void document_optionalTableOfRun_amongTheRunActionsResults() throws IOException {
        List<BundleEntry> entries = new ArrayList<>(BundleFixtures.contents().entries());
        entries.add(BundleEntry.ofText("out/" + BloomBeforeLevelTable.FILE,
                String.join(",", BloomBeforeLevelTable.COLUMNS) + "\r\n"));
        List<BundleEntry> bundle = Bundle.assemble(BundleContents.of(entries), BundleFixtures.TOOL, OptionalLong.empty());
        Map<String, JsonNode> entities = byId(crate(bundle));
        assertEquals(List.of("out/" + BloomBeforeLevelTable.FILE, "out/cases.csv", "out/provenance.json", "out/rows.csv"),
                ids(entities.get(RoCrate.RUN_ACTION).get("result")));
    }

    @Test
    void id_characterOutsideUnreserved_percentEncoded() {
        assertEquals("out/extra%20table.csv", RoCrate.id("out/extra table.csv"));
        assertEquals("cases/caf%C3%A9.json", RoCrate.id("cases/café.json"));
        assertEquals("src/a-b_c.d~e", RoCrate.id("src/a-b_c.d~e"));
    }
}
