package org.monkeyeval.bundle;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.report.ToolInfo;
import org.monkeyeval.text.Csv;
import org.monkeyeval.text.Json;

/**
 * {@code datapackage.json}: a Frictionless Data Package v2 descriptor of every CSV table in
 * {@code out/}, so that generic tools can load the tables with types, keys and checksums.
 *
 * <p>Follows Data Package v2.0 (https://datapackage.org/standard/data-package/): the package,
 * each resource, its dialect and its schema name their v2 profile in {@code $schema} (the
 * {@code profile} property of v1 is gone); a resource is {@code type: "table"} (replacing v1's
 * tabular-data-resource profile) with {@code path} relative to this file, {@code bytes} and
 * {@code hash} as {@code sha256:<hex>}; the dialect states RFC 4180 as the tables are written
 * ({@link Csv}); the Table Schema lists the fields in header order ({@code fieldsMatch} stays the
 * default, {@code exact}), declares the empty cell as the one missing value and names the primary
 * key of each known table.
 */
public final class DataPackage {

    public static final String FILE = "datapackage.json";
    public static final String NAME = "monkey-eval-published-table";

    static final String PACKAGE_PROFILE = "https://datapackage.org/profiles/2.0/datapackage.json";
    static final String RESOURCE_PROFILE = "https://datapackage.org/profiles/2.0/dataresource.json";
    static final String DIALECT_PROFILE = "https://datapackage.org/profiles/2.0/tabledialect.json";
    static final String SCHEMA_PROFILE = "https://datapackage.org/profiles/2.0/tableschema.json";

    static final String CC0_NAME = "CC0-1.0";
    static final String CC0_PATH = "https://creativecommons.org/publicdomain/zero/1.0/";
    static final String CC0_TITLE = "Creative Commons Zero v1.0 Universal";

    private DataPackage() {
    }

    /**
     * The descriptor's text.
     *
     * @param contents        the bundle's files; every {@code out/**.csv} becomes a resource
     * @param tool            its version becomes the package version
     * @param sourceDateEpoch recorded as {@code created} when present; absent, nothing is dated
     * @throws IllegalArgumentException when a CSV has no header line
     */
    public static String document(BundleContents contents, ToolInfo tool, OptionalLong sourceDateEpoch) {
        ObjectNode root = Json.object();
        root.put("$schema", PACKAGE_PROFILE);
        root.put("name", NAME);
        root.put("title", "monkey-eval published table: Monkey versus uniform Bloom-filter memory allocation");
        root.put("description", "Optimal (Monkey, SIGMOD 2017) and uniform bits per entry of the Bloom filters of"
                + " an LSM-tree's runs for the cases in cases/, with the expected false positives of an absent-key"
                + " lookup under each allocation and, where present, counts from real filters. Computed by"
                + " monkey-eval; the provenance files in out/ record how each table was produced.");
        root.put("version", tool.version());
        if (sourceDateEpoch.isPresent()) {
            root.put("created", BundleTime.iso(BundleTime.instant(sourceDateEpoch)));
        }
        ObjectNode license = root.putArray("licenses").addObject();
        license.put("name", CC0_NAME);
        license.put("path", CC0_PATH);
        license.put("title", CC0_TITLE);
        ArrayNode resources = root.putArray("resources");
        Set<String> names = new HashSet<>();
        for (BundleEntry entry : tables(contents)) {
            resources.add(resource(entry, uniqueName(entry, names)));
        }
        return Json.write(root);
    }

    /** The CSV files under {@code out/}, in path order. */
    static List<BundleEntry> tables(BundleContents contents) {
        return contents.under(BundleContents.OUT).stream()
                .filter(e -> e.path().toLowerCase(Locale.ROOT).endsWith(".csv"))
                .toList();
    }

    private static ObjectNode resource(BundleEntry entry, String name) {
        Optional<TableColumns.Table> known = knownTable(entry);
        ObjectNode node = Json.object();
        node.put("$schema", RESOURCE_PROFILE);
        node.put("name", name);
        node.put("type", "table");
        node.put("path", entry.path());
        known.ifPresent(t -> node.put("description", t.description()));
        node.put("format", "csv");
        node.put("mediatype", "text/csv");
        node.put("encoding", "utf-8");
        node.put("bytes", entry.size());
        node.put("hash", "sha256:" + entry.sha256());

        ObjectNode dialect = node.putObject("dialect");
        dialect.put("$schema", DIALECT_PROFILE);
        dialect.put("header", true);
        dialect.put("delimiter", ",");
        dialect.put("lineTerminator", Csv.LINE_END);
        dialect.put("quoteChar", "\"");
        dialect.put("doubleQuote", true);

        List<String> header;
        try {
            header = CsvHeader.fields(entry.view());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(entry.path() + " " + e.getMessage(), e);
        }
        ObjectNode schema = node.putObject("schema");
        schema.put("$schema", SCHEMA_PROFILE);
        ArrayNode fields = schema.putArray("fields");
        for (String column : header) {
            TableColumns.Column c = known.map(t -> t.column(column)).orElseGet(() -> TableColumns.unknown(column));
            ObjectNode field = fields.addObject();
            field.put("name", c.name());
            field.put("type", c.type());
            field.put("description", c.description());
        }
        schema.putArray("missingValues").add("");
        known.filter(t -> header.containsAll(t.primaryKey())).ifPresent(t -> {
            ArrayNode key = schema.putArray("primaryKey");
            t.primaryKey().forEach(key::add);
        });
        return node;
    }

    /** A table the tool writes: a known file name directly in {@code out/}. */
    private static Optional<TableColumns.Table> knownTable(BundleEntry entry) {
        String inOut = entry.path().substring(BundleContents.OUT.length());
        return inOut.contains("/") ? Optional.empty() : TableColumns.known(inOut);
    }

    /**
     * The resource name: the path below {@code out/} without ".csv", lower case, every character
     * other than a-z, 0-9, '.', '-', '_' replaced by '-' (the spec's recommended alphabet);
     * "-2", "-3", ... appended if two files map to the same name.
     */
    private static String uniqueName(BundleEntry entry, Set<String> taken) {
        String inOut = entry.path().substring(BundleContents.OUT.length());
        String base = inOut.substring(0, inOut.length() - ".csv".length()).toLowerCase(Locale.ROOT);
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < base.length(); i++) {
            char c = base.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
            name.append(ok ? c : '-');
        }
        if (name.length() == 0) {
            name.append("table");
        }
        String candidate = name.toString();
        for (int n = 2; !taken.add(candidate); n++) {
            candidate = name + "-" + n;
        }
        return candidate;
    }
}
