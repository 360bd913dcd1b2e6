package org.monkeyeval.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.BloomBeforeLevelTable;
import org.monkeyeval.report.ConfirmTables;
import org.monkeyeval.text.Sha256;

/**
 * datapackage.json describes every CSV in out/ as a v2 tabular resource whose bytes and hash match
 * the file, whose fields are the header line in order with a type and description, and whose
 * primary key is the table's key; every column the tool writes today has a real description.
 */
final class DataPackageTest {

    private static JsonNode parse(BundleContents contents, OptionalLong sourceDateEpoch) throws IOException {
        return new ObjectMapper().readTree(DataPackage.document(contents, BundleFixtures.TOOL, sourceDateEpoch));
    }

    private static Map<String, JsonNode> resourcesByPath(JsonNode document) {
        Map<String, JsonNode> byPath = new HashMap<>();
        document.get("resources").forEach(r -> byPath.put(r.get("path").asText(), r));
        return byPath;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void document_package_declaresV2ProfileNameVersionAndLicense() throws IOException {
        JsonNode doc = parse(BundleFixtures.contents(), OptionalLong.empty());
        assertEquals("https://datapackage.org/profiles/2.0/datapackage.json", doc.get("$schema").asText());
        assertEquals("monkey-eval-published-table", doc.get("name").asText());
        assertEquals("0.1.0", doc.get("version").asText());
        JsonNode license = doc.get("licenses").get(0);
        assertEquals("CC0-1.0", license.get("name").asText());
        assertEquals("https://creativecommons.org/publicdomain/zero/1.0/", license.get("path").asText());
        assertTrue(license.has("title"));
    }

    @Test
    void document_sourceDateEpoch_recordedAsCreated() throws IOException {
        assertEquals("2023-11-14T22:13:20Z",
                parse(BundleFixtures.contents(), OptionalLong.of(1_700_000_000L)).get("created").asText());
    }

    @Test
    void document_noSourceDateEpoch_noCreated() throws IOException {
        assertFalse(parse(BundleFixtures.contents(), OptionalLong.empty()).has("created"));
    }

    @Test
    void document_everyCsv_hasResourceWithBytesAndSha256() throws IOException {
        BundleContents contents = BundleFixtures.contents();
        Map<String, JsonNode> resources = resourcesByPath(parse(contents, OptionalLong.empty()));
        List<BundleEntry> csvs = contents.entries().stream().filter(e -> e.path().endsWith(".csv")).toList();
        assertEquals(4, csvs.size());
        assertEquals(csvs.size(), resources.size());
        for (BundleEntry csv : csvs) {
            JsonNode r = resources.get(csv.path());
            assertEquals(csv.bytes().length, r.get("bytes").asLong(), csv.path());
            assertEquals("sha256:" + Sha256.hex(csv.bytes()), r.get("hash").asText(), csv.path());
            assertEquals("https://datapackage.org/profiles/2.0/dataresource.json", r.get("$schema").asText());
            assertEquals("table", r.get("type").asText());
            assertEquals("csv", r.get("format").asText());
            assertEquals("text/csv", r.get("mediatype").asText());
            assertEquals("utf-8", r.get("encoding").asText());
            JsonNode dialect = r.get("dialect");
            assertEquals(",", dialect.get("delimiter").asText());
            assertEquals("\r\n", dialect.get("lineTerminator").asText());
            assertTrue(dialect.get("header").asBoolean());
            assertEquals(List.of(""), texts(r.get("schema").get("missingValues")));
        }
    }

    @Test
    void document_fields_matchHeaderLineInOrder() throws IOException {
        Map<String, JsonNode> resources = resourcesByPath(parse(BundleFixtures.contents(), OptionalLong.empty()));
        Map<String, List<String>> headers = Map.of(
                "out/rows.csv", AllocationTables.ROW_COLUMNS, "out/cases.csv", AllocationTables.CASE_COLUMNS,
                "out/confirm.csv", ConfirmTables.RUN_COLUMNS, "out/confirm-cases.csv", ConfirmTables.CASE_COLUMNS);
        headers.forEach((path, columns) -> {
            List<String> names = new ArrayList<>();
            resources.get(path).get("schema").get("fields").forEach(f -> {
                names.add(f.get("name").asText());
                assertTrue(List.of("string", "integer", "number").contains(f.get("type").asText()));
                assertFalse(f.get("description").asText().isEmpty());
            });
            assertEquals(columns, names, path);
        });
    }

    @Test
    void document_knownTables_havePrimaryKey() throws IOException {
        Map<String, JsonNode> resources = resourcesByPath(parse(BundleFixtures.contents(), OptionalLong.empty()));
        assertEquals(List.of("case_id", "run"), texts(resources.get("out/rows.csv").get("schema").get("primaryKey")));
        assertEquals(List.of("case_id"), texts(resources.get("out/cases.csv").get("schema").get("primaryKey")));
        assertEquals(List.of("case_id", "allocation", "layout", "run"),
                texts(resources.get("out/confirm.csv").get("schema").get("primaryKey")));
        assertEquals(List.of("case_id", "allocation", "layout"),
                texts(resources.get("out/confirm-cases.csv").get("schema").get("primaryKey")));
        assertEquals("rows", resources.get("out/rows.csv").get("name").asText());
        assertEquals("confirm-cases", resources.get("out/confirm-cases.csv").get("name").asText());
    }

    @Test
    void document_columnTypes_followTheirMeaning() throws IOException {
        Map<String, JsonNode> resources = resourcesByPath(parse(BundleFixtures.contents(), OptionalLong.empty()));
        Map<String, String> rowTypes = new HashMap<>();
        resources.get("out/rows.csv").get("schema").get("fields")
                .forEach(f -> rowTypes.put(f.get("name").asText(), f.get("type").asText()));
        assertEquals("string", rowTypes.get("case_id"));
        assertEquals("integer", rowTypes.get("run"));
        assertEquals("integer", rowTypes.get("entries"));
        assertEquals("number", rowTypes.get("weight"));
        assertEquals("number", rowTypes.get("uniform_ideal_fpr"));
    }

    @Test
    void document_unknownCsvAndColumn_genericStringWithoutKey() throws IOException {
        BundleContents contents = BundleContents.of(List.of(
                BundleEntry.ofText("out/extra table.csv", "\"a,b\",\"say \"\"hi\"\"\"\r\n1,2\r\n"),
                BundleEntry.ofText("out/rows.csv", "case_id,new_column\r\nx,1\r\n")));
        Map<String, JsonNode> resources = resourcesByPath(parse(contents, OptionalLong.empty()));

        JsonNode extra = resources.get("out/extra table.csv");
        assertEquals("extra-table", extra.get("name").asText());
        List<String> names = new ArrayList<>();
        extra.get("schema").get("fields").forEach(f -> {
            names.add(f.get("name").asText());
            assertEquals("string", f.get("type").asText());
            assertEquals(TableColumns.UNKNOWN_DESCRIPTION, f.get("description").asText());
        });
        assertEquals(List.of("a,b", "say \"hi\""), names);
        assertFalse(extra.get("schema").has("primaryKey"));

        JsonNode rows = resources.get("out/rows.csv");
        assertEquals(TableColumns.UNKNOWN_DESCRIPTION, rows.get("schema").get("fields").get(1).get("description").asText());
        assertFalse(rows.get("schema").has("primaryKey"), "key column 'run' is missing, so no key");
    }

    @Test
    void document_csvOutsideOut_notAResource() throws IOException {
        BundleContents contents = BundleContents.of(List.of(BundleEntry.ofText("src/test/x.csv", "a\r\n")));
        assertEquals(0, parse(contents, OptionalLong.empty()).get("resources").size());
    }

    @Test
    void document_emptyCsv_refusedNamingTheFile() {
        BundleContents contents = BundleContents.of(List.of(BundleEntry.ofText("out/empty.csv", "")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DataPackage.document(contents, BundleFixtures.TOOL, OptionalLong.empty()));
        assertTrue(e.getMessage().contains("out/empty.csv"), e.getMessage());
    }

    @Test
    void tableColumns_everyColumnTheToolWrites_isDescribed() {
        Map<String, List<String>> written = Map.of(
                AllocationTables.ROWS_FILE, AllocationTables.ALL_ROW_COLUMNS,
                AllocationTables.CASES_FILE, AllocationTables.ALL_CASE_COLUMNS,
                ConfirmTables.RUNS_FILE, ConfirmTables.RUN_COLUMNS,
                ConfirmTables.CASES_FILE, ConfirmTables.CASE_COLUMNS,
                BloomBeforeLevelTable.FILE, BloomBeforeLevelTable.COLUMNS);
        written.forEach((file, columns) -> {
            TableColumns.Table table = TableColumns.known(file).orElseThrow();
            assertEquals(columns.size(), table.columns().size(), file + " describes exactly the columns it has");
            for (String column : columns) {
                assertNotEquals(TableColumns.UNKNOWN_DESCRIPTION, table.column(column).description(), file + " " + column);
            }
            assertTrue(columns.containsAll(table.primaryKey()), file);
        });
    }

    @Test
    void document_publishedFolder_everyColumnDescribedAndEveryTableKeyed() throws IOException {
        List<BundleEntry> entries = new ArrayList<>();
        try (var files = Files.list(Path.of("out"))) {
            for (Path p : files.filter(p -> p.toString().endsWith(".csv")).sorted().toList()) {
                entries.add(new BundleEntry(BundleContents.OUT + p.getFileName(), Files.readAllBytes(p)));
            }
        }
        assertTrue(entries.size() >= 5, "the published folder holds every table the tool writes");
        JsonNode doc = parse(BundleContents.of(entries), OptionalLong.empty());
        for (JsonNode resource : doc.get("resources")) {
            String path = resource.get("path").asText();
            assertTrue(resource.get("schema").has("primaryKey"), path + " has no primary key");
            for (JsonNode field : resource.get("schema").get("fields")) {
                assertNotEquals(TableColumns.UNKNOWN_DESCRIPTION, field.get("description").asText(),
                        path + " column " + field.get("name").asText() + " is not described");
            }
        }
    }
}
