package org.monkeyeval.verify;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.Provenance;
import org.monkeyeval.report.RenamedColumns;
import org.monkeyeval.text.CsvTable;
import org.monkeyeval.text.Json;
import org.monkeyeval.text.Numbers;
import org.monkeyeval.text.Sha256;

/**
 * Compares recomputed documents with the published ones in an output folder.
 * A table that is byte-equal passes; otherwise its rows are compared by key with a tolerance.
 * Provenance must still describe the current inputs and the published files.
 */
public final class Verifier {

    /** Default relative tolerance for numeric fields. */
    public static final double DEFAULT_TOLERANCE = 1e-9;

    /**
     * A table to check.
     *
     * @param fileName   file name in the output folder
     * @param key        key columns
     * @param recomputed the recomputed text
     * @param ignored    columns not compared (measurements that vary between runs, e.g. latency)
     */
    public record Table(String fileName, List<String> key, String recomputed, List<String> ignored,
                        List<RowsNotCompared> rowsNotCompared) {
        public Table(String fileName, List<String> key, String recomputed) {
            this(fileName, key, recomputed, List.of());
        }

        public Table(String fileName, List<String> key, String recomputed, List<String> ignored) {
            this(fileName, key, recomputed, ignored, List.of());
        }

        public Table {
            ignored = List.copyOf(ignored);
            rowsNotCompared = List.copyOf(rowsNotCompared);
        }
    }

    /**
     * Columns not compared on some rows only: those whose {@code column} holds one of {@code values}, where
     * a folder's values were computed by an earlier rule (say why in {@code reason}).
     *
     * @param column  the column that selects the rows
     * @param values  the values that select them
     * @param columns the columns left out on those rows
     * @param reason  why, in words, for the verify line
     */
    public record RowsNotCompared(String column, Set<String> values, List<String> columns, String reason) {
        public RowsNotCompared {
            values = Set.copyOf(values);
            columns = List.copyOf(columns);
        }
    }

    /** The outcome: pass or not, and the lines that explain it. */
    public record Result(boolean passed, List<String> lines) {
    }

    private final double tolerance;

    public Verifier(double tolerance) {
        if (!(tolerance >= 0.0)) {
            throw new IllegalArgumentException("tolerance (" + tolerance + ") must be >= 0");
        }
        this.tolerance = tolerance;
    }

    /**
     * @param outFolder            the published output folder
     * @param inputs               the current case files
     * @param tables               recomputed tables to compare
     * @param provenanceFile       name of the provenance file that covers these tables
     * @param recomputedProvenance provenance as it would be written now
     * @param provenanceSections   provenance sections that must be equal (e.g. model, solver)
     */
    public Result verify(Path outFolder, List<CaseFile> inputs, List<Table> tables, String provenanceFile,
                         String recomputedProvenance, List<String> provenanceSections) {
        return verify(outFolder, inputs, tables, provenanceFile, recomputedProvenance, provenanceSections, List.of());
    }

    /**
     * As {@link #verify(Path, List, List, String, String, List)}, with provenance sections that a
     * folder written by an earlier version may lack: each is compared when the published provenance
     * has it. Tables published before some of today's columns existed (today's header with columns
     * left out) are compared on the published columns.
     *
     * @param sectionsSince sections added since the first published version
     */
    public Result verify(Path outFolder, List<CaseFile> inputs, List<Table> tables, String provenanceFile,
                         String recomputedProvenance, List<String> provenanceSections, List<String> sectionsSince) {
        List<String> lines = new ArrayList<>();
        boolean passed = true;
        for (Table table : tables) {
            Path file = outFolder.resolve(table.fileName());
            String published;
            try {
                published = Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                lines.add("FAIL " + table.fileName() + ": published file missing or unreadable (" + file + ")");
                passed = false;
                continue;
            }
            if (published.equals(table.recomputed())) {
                lines.add("ok   " + table.fileName() + ": byte-identical");
                continue;
            }
            CsvTable asPublished = CsvTable.parse(published);
            List<String> renamed = RenamedColumns.renamedIn(table.fileName(), asPublished.header());
            CsvTable publishedTable = RenamedColumns.today(table.fileName(), asPublished);
            CsvTable recomputedTable = CsvTable.parse(table.recomputed());
            List<String> added = addedColumns(publishedTable.header(), recomputedTable.header());
            if (!added.isEmpty()) {
                recomputedTable = CsvTable.parse(recomputedTable.withoutColumns(added));
            }
            List<String> problems = TableComparison.compare(table.fileName(), publishedTable,
                    recomputedTable, table.key(), tolerance, table.ignored(), table.rowsNotCompared());
            if (problems.isEmpty()) {
                StringBuilder rows = new StringBuilder();
                for (RowsNotCompared r : table.rowsNotCompared()) {
                    rows.append("; on rows of ").append(r.column()).append(' ')
                            .append(String.join(", ", new TreeSet<>(r.values()))).append(" not compared: ")
                            .append(String.join(", ", r.columns())).append(" (").append(r.reason()).append(')');
                }
                lines.add("ok   " + table.fileName() + ": equal within relative tolerance " + Numbers.format(tolerance)
                        + (table.ignored().isEmpty() ? " (bytes differ)" : " (not compared: "
                        + String.join(", ", table.ignored()) + ")")
                        + rows
                        + (added.isEmpty() ? "" : "; columns added since it was published: "
                        + String.join(", ", added))
                        + renamedNote(renamed));
            } else {
                lines.add("FAIL " + table.fileName() + (renamed.isEmpty() ? ""
                        : " (its columns compared under today's names: " + String.join(", ", renamed) + ")"));
                problems.forEach(p -> lines.add("  " + p));
                passed = false;
            }
        }
        passed &= checkProvenance(outFolder, provenanceFile, inputs, recomputedProvenance, provenanceSections,
                sectionsSince, lines);
        return new Result(passed, List.copyOf(lines));
    }

    private static String renamedNote(List<String> renamed) {
        return renamed.isEmpty() ? "" : "; columns renamed since it was published: " + String.join(", ", renamed);
    }

    /**
     * Whether a recorded provenance section says what today's does, an earlier column name read as
     * today's ({@link RenamedColumns#todayText}).
     */
    static boolean sameUnderTodaysNames(JsonNode published, JsonNode now) {
        if (published.equals(now)) {
            return true;
        }
        try {
            return Json.parse(RenamedColumns.todayText(published.toString()))
                    .equals(Json.parse(RenamedColumns.todayText(now.toString())));
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The columns today's table has beyond the published ones, when the published header is today's
     * with some columns left out (same order); otherwise none, and the comparison reports the header
     * difference.
     */
    static List<String> addedColumns(List<String> published, List<String> recomputed) {
        if (published.isEmpty() || published.size() >= recomputed.size()) {
            return List.of();
        }
        List<String> added = new ArrayList<>();
        int next = 0;
        for (String column : recomputed) {
            if (next < published.size() && published.get(next).equals(column)) {
                next++;
            } else {
                added.add(column);
            }
        }
        return next == published.size() ? List.copyOf(added) : List.of();
    }

    /**
     * Compares documents that must be byte-identical (a page, figures) with the published files, and
     * lists published files under the given folders that the recomputation does not produce.
     *
     * @param outFolder   the published output folder
     * @param documents   file name (relative to the folder) to the text it must hold
     * @param foldersOnly sub-folders whose every file must be among the documents
     */
    public Result verifyBytes(Path outFolder, Map<String, String> documents, List<String> foldersOnly) {
        List<String> problems = new ArrayList<>();
        int identical = 0;
        for (Map.Entry<String, String> document : documents.entrySet()) {
            Path file = outFolder.resolve(document.getKey());
            try {
                if (Files.readString(file, StandardCharsets.UTF_8).equals(document.getValue())) {
                    identical++;
                } else {
                    problems.add(document.getKey() + ": bytes differ from what the published tables draw");
                }
            } catch (IOException e) {
                problems.add(document.getKey() + ": published file missing or unreadable (" + file + ")");
            }
        }
        for (String folder : foldersOnly) {
            try (var list = Files.list(outFolder.resolve(folder))) {
                list.map(p -> folder + "/" + p.getFileName()).sorted().filter(n -> !documents.containsKey(n))
                        .forEach(n -> problems.add(n + ": published but no longer drawn"));
            } catch (IOException e) {
                problems.add(folder + "/: missing (" + e.getMessage() + ")");
            }
        }
        List<String> lines = new ArrayList<>();
        if (problems.isEmpty()) {
            lines.add("ok   " + identical + " report files (page and figures): byte-identical");
        } else {
            lines.add("FAIL report page and figures");
            problems.stream().limit(TableComparison.MAX_LISTED).forEach(p -> lines.add("  " + p));
            if (problems.size() > TableComparison.MAX_LISTED) {
                lines.add("  ... and " + (problems.size() - TableComparison.MAX_LISTED) + " more");
            }
        }
        return new Result(problems.isEmpty(), List.copyOf(lines));
    }

    private static boolean checkProvenance(Path outFolder, String provenanceFile, List<CaseFile> inputs,
                                           String recomputed, List<String> sections, List<String> sectionsSince,
                                           List<String> lines) {
        Path file = outFolder.resolve(provenanceFile);
        JsonNode published;
        JsonNode now;
        try {
            published = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
            now = Json.parse(recomputed);
        } catch (IOException e) {
            lines.add("FAIL " + provenanceFile + ": missing or not JSON (" + file + "): " + e.getMessage());
            return false;
        }
        List<String> problems = new ArrayList<>();
        Map<String, String> recorded = new HashMap<>();
        for (JsonNode input : published.path("inputs")) {
            recorded.put(input.path("path").asText(), input.path("sha256").asText());
        }
        for (CaseFile input : inputs) {
            String sha = recorded.remove(input.fileName());
            if (sha == null) {
                problems.add("input " + input.fileName() + " is not recorded in provenance");
            } else if (!sha.equals(input.sha256())) {
                problems.add("input " + input.fileName() + " changed: provenance SHA-256 " + sha + ", now "
                        + input.sha256());
            }
        }
        recorded.keySet().stream().sorted()
                .forEach(p -> problems.add("input " + p + " is recorded in provenance but no longer present"));
        for (JsonNode output : published.path("outputs")) {
            String path = output.path("path").asText();
            Path target = outFolder.resolve(path).normalize();
            if (!target.startsWith(outFolder.normalize())) {
                problems.add("output path " + path + " leaves the output folder");
                continue;
            }
            try {
                if (output.has("sha256OfComparedColumns")) {
                    List<String> dropped = new ArrayList<>();
                    output.path("notCompared").forEach(c -> dropped.add(c.asText()));
                    String compared = CsvTable.parse(Files.readString(target, StandardCharsets.UTF_8))
                            .withoutColumns(dropped);
                    if (!Sha256.hex(compared.getBytes(StandardCharsets.UTF_8))
                            .equals(output.path("sha256OfComparedColumns").asText())) {
                        problems.add("output " + path + " does not match its recorded SHA-256 (compared columns)");
                    }
                    continue;
                }
                String actual = Sha256.hex(Files.readAllBytes(target));
                if (!actual.equals(output.path("sha256").asText())) {
                    problems.add("output " + path + " does not match its recorded SHA-256");
                }
            } catch (IOException e) {
                problems.add("output " + path + " is recorded but missing");
            }
        }
        for (String section : sections) {
            if (!sameUnderTodaysNames(published.path(section), now.path(section))) {
                problems.add("section \"" + section + "\" differs from what this version records");
            }
        }
        List<String> notes = new ArrayList<>();
        for (String section : sectionsSince) {
            if (published.has(section) && !sameUnderTodaysNames(published.path(section), now.path(section))) {
                if (Provenance.earlierForms(section, now.path(section)).contains(published.path(section))) {
                    notes.add("note " + provenanceFile + ": section \"" + section + "\" as an earlier version"
                            + " recorded it (its tables are compared above, less what a later revision repriced)");
                } else {
                    problems.add("section \"" + section + "\" differs from what this version records");
                }
            }
        }
        if (problems.isEmpty()) {
            lines.add("ok   " + provenanceFile + ": inputs and outputs match their SHA-256");
            lines.addAll(notes);
            return true;
        }
        lines.add("FAIL " + provenanceFile);
        problems.forEach(p -> lines.add("  " + p));
        return false;
    }
}
