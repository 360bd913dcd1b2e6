package org.monkeyeval.bundle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.page.ReportDocuments;
import org.monkeyeval.report.ToolInfo;
import org.monkeyeval.text.Json;
import org.monkeyeval.verify.BundlePaths;
import org.monkeyeval.verify.Part;
import org.monkeyeval.verify.Sha256Sums;

/**
 * {@code ro-crate-metadata.json}: the bundle as an RO-Crate 1.2 (https://w3id.org/ro/crate/1.2)
 * that follows the Process Run Crate profile 0.5 (https://w3id.org/ro/wfrun/process/0.5).
 *
 * <p>Graph, in this order:
 * <ol>
 *   <li>the metadata descriptor {@code ro-crate-metadata.json}: {@code conformsTo} the RO-Crate
 *       version, {@code about} the root (RO-Crate 1.2, "Root Data Entity");</li>
 *   <li>the root Dataset {@code ./}: name, description, {@code datePublished}, CC0 license,
 *       {@code conformsTo} the profile (1.2 declares profiles on the root, not on the
 *       descriptor), {@code hasPart} every file, {@code mentions} the actions (profile:
 *       an action SHOULD be listed under the root's mentions);</li>
 *   <li>the profile as a contextual entity of type CreativeWork and Profile (RO-Crate 1.2,
 *       "Declaring conformance of an RO-Crate profile": MUST);</li>
 *   <li>the CC0 license as a CreativeWork;</li>
 *   <li>the evaluator: {@code monkey-eval.jar}, both a File in the crate and the
 *       SoftwareApplication that ran (profile: the instrument MAY be a relative URI of a data
 *       entity), with name and {@code version};</li>
 *   <li>one CreateAction per command whose outputs are present: {@code #run} (rows.csv, cases.csv,
 *       provenance.json) and {@code #confirm} (confirm.csv, confirm-cases.csv,
 *       confirm-provenance.json) and {@code #report} (sweep.csv, report.html, figures/*.svg,
 *       report-provenance.json), each with the jar as instrument, the case files as object, the
 *       outputs as result, and the command line, read back from the provenance file, as
 *       description. No {@code endTime}: when the command ran is recorded only in
 *       run-info.json, which a bundle leaves out on purpose;</li>
 *   <li>one File per other file, in path order, with {@code encodingFormat} (IANA media type),
 *       {@code contentSize} (bytes, as a string, as in the spec's examples) and {@code sha256}
 *       (in the 1.2 context). {@code SHA256SUMS} is listed without size and hash: it is written
 *       after this document and holds this document's hash.</li>
 * </ol>
 * Ids of files are their paths with every byte outside RFC 3986 unreserved characters and '/'
 * percent-encoded (RO-Crate 1.2, data entities: ids are URI paths).
 */
public final class RoCrate {

    public static final String FILE = "ro-crate-metadata.json";
    public static final String SPEC = "https://w3id.org/ro/crate/1.2";
    public static final String CONTEXT = SPEC + "/context";

    /**
     * Process Run Crate 0.5 is written against RO-Crate 1.1; its 0.6 moved to RO-Crate 1.3, and
     * no version lists 1.2. The profile's terms (SoftwareApplication, CreateAction, instrument,
     * object, result, mentions) map to the same schema.org IRIs in the 1.1, 1.2 and 1.3 contexts,
     * and 1.2 is the first context with {@code sha256} and {@code Profile}, which this crate uses.
     */
    public static final String PROFILE = "https://w3id.org/ro/wfrun/process/0.5";
    static final String PROFILE_VERSION = "0.5";

    public static final String CC0 = "https://creativecommons.org/publicdomain/zero/1.0/";

    static final String ROOT = "./";
    static final String RUN_ACTION = actionId(Part.ALLOCATIONS);
    static final String CONFIRM_ACTION = actionId(Part.CONFIRMATION);
    static final String REPORT_ACTION = actionId(Part.REPORT);

    /** The name of each part's CreateAction. */
    private static final Map<Part, String> ACTION_NAMES = Map.of(
            Part.ALLOCATIONS, "monkey-eval run: allocation tables for the case files",
            Part.CONFIRMATION, "monkey-eval confirm: false positives counted on real filters for the case files",
            Part.REPORT, "monkey-eval report: memory sweep, readable page and figures from the tables");

    /** Descriptions of the files whose role is fixed. */
    private static final Map<String, String> DESCRIPTIONS = Map.of(
            BundleContents.README, "What monkey-eval computes, how to run it, and what every column means",
            BundleContents.LICENSE, "CC0 1.0 Universal public-domain dedication of the code and the computed tables",
            BundleContents.POM, "Maven build of monkey-eval",
            DataPackage.FILE, "Frictionless Data Package v2 descriptor of the CSV tables in out/",
            Sha256Sums.FILE, "SHA-256 of every other file of the bundle, in GNU coreutils format:"
                    + " check with sha256sum -c SHA256SUMS",
            BundleContents.OUT + Part.ALLOCATIONS.provenanceFile(), "How rows.csv and cases.csv were produced: tool,"
                    + " command, model, solver settings, input and output SHA-256",
            BundleContents.OUT + Part.CONFIRMATION.provenanceFile(), "How confirm.csv and confirm-cases.csv were"
                    + " produced: tool, command, settings, input and output SHA-256",
            BundleContents.OUT + ReportDocuments.HTML_FILE, "Start here: the readable report, one self-contained"
                    + " page with every case's tables and figures (no script, no network)",
            BundleContents.OUT + Part.REPORT.provenanceFile(), "How sweep.csv, report.html and the figures"
                    + " were produced: tool, command, tables read, sweep grid, plotting library, output SHA-256");

    private RoCrate() {
    }

    /**
     * The document's text.
     *
     * @param contents        every file the crate describes, {@code datapackage.json} included;
     *                        must hold {@code monkey-eval.jar} and neither this file nor SHA256SUMS
     * @param tool            name and version of the evaluator
     * @param sourceDateEpoch the publication time when present, else {@link BundleTime#DEFAULT}
     */
    public static String document(BundleContents contents, ToolInfo tool, OptionalLong sourceDateEpoch) {
        for (String reserved : List.of(FILE, Sha256Sums.FILE)) {
            if (contents.find(reserved).isPresent()) {
                throw new IllegalArgumentException("contents must not hold " + reserved + ": the bundle writes it");
            }
        }
        BundleEntry jar = contents.find(BundleContents.JAR).orElseThrow(() ->
                new IllegalArgumentException("contents must hold " + BundleContents.JAR + ", the instrument of the run"));

        List<ObjectNode> actions = new ArrayList<>();
        for (Part part : Part.values()) {
            List<String> results = new ArrayList<>(part.files());
            results.addAll(part.optionalFiles()); // those the folder holds (bloom-before-level.csv, engine.csv)
            part.folder().ifPresent(folder -> contents.under(BundleContents.OUT + folder + "/")
                    .forEach(e -> results.add(e.path().substring(BundleContents.OUT.length()))));
            ObjectNode action = action(contents, actionId(part), ACTION_NAMES.get(part), part.provenanceFile(),
                    results);
            // a bundle is made of a folder that holds run's part; the others are listed when present
            if (part == Part.ALLOCATIONS || action.has("result")) {
                actions.add(action);
            }
        }

        ArrayNode graph = Json.array();
        graph.add(descriptor());
        graph.add(root(contents, actions, sourceDateEpoch));
        graph.add(profile());
        graph.add(license());
        graph.add(software(jar, tool));
        actions.forEach(graph::add);
        for (BundleEntry entry : contents.entries()) {
            if (!entry.path().equals(BundleContents.JAR)) {
                graph.add(file(entry));
            }
        }
        graph.add(sumsFile());

        ObjectNode document = Json.object();
        document.put("@context", CONTEXT);
        document.set("@graph", graph);
        return Json.write(document);
    }

    private static ObjectNode descriptor() {
        ObjectNode node = Json.object();
        node.put("@id", FILE);
        node.put("@type", "CreativeWork");
        node.set("conformsTo", ref(SPEC));
        node.set("about", ref(ROOT));
        return node;
    }

    private static ObjectNode root(BundleContents contents, List<ObjectNode> actions, OptionalLong sourceDateEpoch) {
        ObjectNode node = Json.object();
        node.put("@id", ROOT);
        node.put("@type", "Dataset");
        node.set("conformsTo", ref(PROFILE));
        node.put("name", "monkey-eval published table");
        node.put("description", "Optimal (Monkey, SIGMOD 2017) versus uniform Bloom-filter bits per entry for the"
                + " runs of an LSM-tree: the case files, the computed tables with their provenance, the runnable"
                + " jar that computed them and its source. The same inputs and version reproduce the tables byte"
                + " for byte; SHA256SUMS lists the SHA-256 of every file.");
        node.put("datePublished", BundleTime.iso(BundleTime.instant(sourceDateEpoch)));
        node.set("license", ref(CC0));
        List<String> parts = new ArrayList<>();
        contents.entries().forEach(e -> parts.add(e.path()));
        parts.add(Sha256Sums.FILE);
        parts.sort(BundlePaths::compare);
        ArrayNode hasPart = node.putArray("hasPart");
        parts.forEach(p -> hasPart.add(ref(id(p))));
        ArrayNode mentions = node.putArray("mentions");
        actions.forEach(a -> mentions.add(ref(a.get("@id").asText())));
        return node;
    }

    private static ObjectNode profile() {
        ObjectNode node = Json.object();
        node.put("@id", PROFILE);
        node.set("@type", types("CreativeWork", "Profile"));
        node.put("name", "Process Run Crate");
        node.put("version", PROFILE_VERSION);
        return node;
    }

    private static ObjectNode license() {
        ObjectNode node = Json.object();
        node.put("@id", CC0);
        node.put("@type", "CreativeWork");
        node.put("name", "CC0 1.0 Universal");
        node.put("identifier", DataPackage.CC0_NAME);
        node.put("description", "Creative Commons CC0 1.0 Universal public domain dedication: no rights reserved.");
        return node;
    }

    private static ObjectNode software(BundleEntry jar, ToolInfo tool) {
        ObjectNode node = Json.object();
        node.put("@id", id(jar.path()));
        node.set("@type", types("File", "SoftwareApplication"));
        node.put("name", tool.name());
        node.put("version", tool.version());
        node.put("description", "Runnable jar of the evaluator: java -jar " + BundleContents.JAR + " --help");
        fileProperties(node, jar);
        return node;
    }

    /** The id of the CreateAction of the command that writes {@code part}: '#' and the command. */
    static String actionId(Part part) {
        return "#" + part.command();
    }

    /**
     * A CreateAction for one command, with the result files of that command that are present
     * (none present: no {@code result}).
     */
    private static ObjectNode action(BundleContents contents, String actionId, String name, String provenanceFile,
                                     List<String> tableFiles) {
        ObjectNode node = Json.object();
        node.put("@id", actionId);
        node.put("@type", "CreateAction");
        node.put("name", name);
        Optional<BundleEntry> provenance = contents.find(BundleContents.OUT + provenanceFile);
        commandLine(provenance).ifPresent(command -> node.put("description", command));
        node.set("instrument", ref(id(BundleContents.JAR)));
        ArrayNode object = Json.array();
        contents.under(BundleContents.CASES).forEach(e -> object.add(ref(id(e.path()))));
        if (!object.isEmpty()) {
            node.set("object", object);
        }
        List<String> results = new ArrayList<>();
        for (String file : tableFiles) {
            contents.find(BundleContents.OUT + file).ifPresent(e -> results.add(e.path()));
        }
        provenance.ifPresent(e -> results.add(e.path()));
        results.sort(BundlePaths::compare);
        if (!results.isEmpty()) {
            ArrayNode result = node.putArray("result");
            results.forEach(p -> result.add(ref(id(p))));
        }
        return node;
    }

    /** "java -jar monkey-eval.jar" and the {@code command} array a provenance file records. */
    private static Optional<String> commandLine(Optional<BundleEntry> provenance) {
        if (provenance.isEmpty()) {
            return Optional.empty();
        }
        JsonNode command;
        try {
            command = Json.parse(new String(provenance.get().view(), StandardCharsets.UTF_8)).path("command");
        } catch (IOException e) {
            return Optional.empty();
        }
        if (!command.isArray()) {
            return Optional.empty();
        }
        StringBuilder line = new StringBuilder("java -jar ").append(BundleContents.JAR);
        for (JsonNode argument : command) {
            String text = argument.asText();
            boolean quote = text.isEmpty() || text.chars().anyMatch(c -> Character.isWhitespace(c) || c == '\'');
            line.append(' ').append(quote ? "'" + text.replace("'", "'\\''") + "'" : text);
        }
        return Optional.of(line.toString());
    }

    private static ObjectNode file(BundleEntry entry) {
        ObjectNode node = Json.object();
        node.put("@id", id(entry.path()));
        node.put("@type", "File");
        node.put("name", entry.path());
        description(entry.path()).ifPresent(d -> node.put("description", d));
        fileProperties(node, entry);
        return node;
    }

    private static ObjectNode sumsFile() {
        ObjectNode node = Json.object();
        node.put("@id", id(Sha256Sums.FILE));
        node.put("@type", "File");
        node.put("name", Sha256Sums.FILE);
        node.put("description", DESCRIPTIONS.get(Sha256Sums.FILE));
        node.put("encodingFormat", encodingFormat(Sha256Sums.FILE));
        return node;
    }

    private static void fileProperties(ObjectNode node, BundleEntry entry) {
        node.put("encodingFormat", encodingFormat(entry.path()));
        node.put("contentSize", Long.toString(entry.size()));
        node.put("sha256", entry.sha256());
    }

    private static Optional<String> description(String path) {
        String fixed = DESCRIPTIONS.get(path);
        if (fixed != null) {
            return Optional.of(fixed);
        }
        if (path.startsWith(BundleContents.OUT) && path.indexOf('/', BundleContents.OUT.length()) < 0) {
            Optional<TableColumns.Table> table = TableColumns.known(path.substring(BundleContents.OUT.length()));
            if (table.isPresent()) {
                return Optional.of(table.get().description());
            }
        }
        if (path.startsWith(BundleContents.CASES)) {
            return Optional.of("Case file: the runs of one case and its memory budget");
        }
        if (path.startsWith(BundleContents.SRC)) {
            return Optional.of("Source of monkey-eval");
        }
        if (path.startsWith(BundleContents.DOCS)) {
            return Optional.of("Documentation of monkey-eval");
        }
        return Optional.empty();
    }

    /**
     * IANA media type by file name. {@code text/x-java-source} for Java is the customary
     * unregistered type; IANA registers none for Java source.
     */
    static String encodingFormat(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (name.equals(Sha256Sums.FILE) || name.equals(BundleContents.LICENSE)) {
            return "text/plain";
        }
        String lower = name.toLowerCase(Locale.ROOT);
        String extension = lower.contains(".") ? lower.substring(lower.lastIndexOf('.') + 1) : "";
        return switch (extension) {
            case "csv" -> "text/csv";
            case "json" -> "application/json";
            case "md" -> "text/markdown";
            case "java" -> "text/x-java-source";
            case "xml" -> "application/xml";
            case "jar" -> "application/java-archive";
            case "html" -> "text/html";
            case "svg" -> "image/svg+xml";
            case "ttf" -> "font/ttf";
            case "txt", "properties" -> "text/plain";
            case "sh" -> "text/x-shellscript";
            case "py" -> "text/x-python";
            default -> "application/octet-stream";
        };
    }

    /** The path as a URI path: each UTF-8 byte outside A-Z a-z 0-9 - . _ ~ / percent-encoded. */
    static String id(String path) {
        StringBuilder out = new StringBuilder(path.length());
        for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            boolean plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
            if (plain) {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }

    private static ObjectNode ref(String id) {
        ObjectNode node = Json.object();
        node.put("@id", id);
        return node;
    }

    private static ArrayNode types(String... types) {
        ArrayNode node = Json.array();
        for (String type : types) {
            node.add(type);
        }
        return node;
    }
}
