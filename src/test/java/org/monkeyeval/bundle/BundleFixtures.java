package org.monkeyeval.bundle;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import org.monkeyeval.io.RunInfo;
import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.ConfirmReport;
import org.monkeyeval.report.ConfirmTables;
import org.monkeyeval.report.Provenance;
import org.monkeyeval.report.ToolInfo;
import org.monkeyeval.text.Csv;

/** Small synthetic bundles: a project folder on disk and the contents it should collect to. */
final class BundleFixtures {

    static final ToolInfo TOOL = new ToolInfo("monkey-eval", "0.1.0");

    /** A few bytes standing in for the jar: the bundle only stores and hashes it. */
    static final byte[] FAKE_JAR = {'P', 'K', 3, 4, 'f', 'a', 'k', 'e'};

    private BundleFixtures() {
    }

    /** The files of a small project, by bundle path; the jar is stored under its bundle name. */
    static Map<String, byte[]> files() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        text(files, "README.md", "# monkey-eval\n");
        text(files, "LICENSE-CC0", "CC0 1.0 Universal\n");
        text(files, "pom.xml", "<project/>\n");
        text(files, "docs/model.md", "# The model\n");
        text(files, "docs/publish.sh", "java -jar target/monkey-eval.jar run\n");
        text(files, "src/main/java/org/example/A.java", "class A {}\n");
        text(files, "src/main/resources/monkey-eval.properties", "version=0.1.0\n");
        text(files, "cases/a.json", "{\"id\": \"a\"}\n");
        text(files, "cases/b.json", "{\"id\": \"b\"}\n");
        text(files, "out/" + AllocationTables.ROWS_FILE, csv(AllocationTables.ROW_COLUMNS));
        text(files, "out/" + AllocationTables.CASES_FILE, csv(AllocationTables.CASE_COLUMNS));
        text(files, "out/" + ConfirmTables.RUNS_FILE, csv(ConfirmTables.RUN_COLUMNS));
        text(files, "out/" + ConfirmTables.CASES_FILE, csv(ConfirmTables.CASE_COLUMNS));
        text(files, "out/" + Provenance.FILE,
                "{\n  \"command\": [\"run\", \"--cases\", \"cases\", \"--out\", \"out\"]\n}\n");
        text(files, "out/" + ConfirmReport.PROVENANCE_FILE,
                "{\n  \"command\": [\"confirm\", \"--seed\", \"7\"]\n}\n");
        files.put("monkey-eval.jar", FAKE_JAR.clone());
        return files;
    }

    /** {@link #files()} as bundle contents. */
    static BundleContents contents() {
        List<BundleEntry> entries = new ArrayList<>();
        files().forEach((path, bytes) -> entries.add(new BundleEntry(path, bytes)));
        return BundleContents.of(entries);
    }

    /**
     * Writes {@link #files()} under {@code root} as a project would hold them (cases/, out/, the jar
     * in target/), plus files the collector must skip: run-info.json, hidden files and folders, a
     * target folder inside src, and a non-JSON file in cases/.
     *
     * @return the jar's path
     */
    static Path writeProject(Path root) throws IOException {
        for (Map.Entry<String, byte[]> file : files().entrySet()) {
            String path = file.getKey().equals(BundleContents.JAR) ? "target/monkey-eval-0.1.0.jar" : file.getKey();
            write(root.resolve(path), file.getValue());
        }
        write(root.resolve("out/" + RunInfo.FILE), bytes("{\"finishedAt\": \"now\"}\n"));
        write(root.resolve("out/.DS_Store"), bytes("x"));
        write(root.resolve("cases/notes.txt"), bytes("not a case\n"));
        write(root.resolve("cases/.hidden.json"), bytes("{}"));
        write(root.resolve("src/.idea/workspace.xml"), bytes("<x/>"));
        write(root.resolve("docs/.draft.md"), bytes("draft"));
        write(root.resolve("src/main/target/Stale.class"), bytes("stale"));
        write(root.resolve(".git/HEAD"), bytes("ref: refs/heads/main\n"));
        return root.resolve("target/monkey-eval-0.1.0.jar");
    }

    /** The entries of a zip, in zip order. */
    static Map<String, byte[]> unzip(byte[] zip) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip), StandardCharsets.UTF_8)) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                entries.put(e.getName(), in.readAllBytes());
            }
        }
        return entries;
    }

    /** Unpacks a zip file into {@code folder}. */
    static void unzipTo(Path zip, Path folder) throws IOException {
        try (InputStream in = Files.newInputStream(zip)) {
            for (Map.Entry<String, byte[]> e : unzip(in.readAllBytes()).entrySet()) {
                write(folder.resolve(e.getKey()), e.getValue());
            }
        }
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void text(Map<String, byte[]> files, String path, String text) {
        files.put(path, bytes(text));
    }

    /** A header and one row of placeholder cells, the last one empty (a missing value). */
    private static String csv(List<String> columns) {
        List<String> row = new ArrayList<>(Collections.nCopies(columns.size(), "1"));
        row.set(row.size() - 1, "");
        return new Csv().row(columns).row(row).toString();
    }

    private static void write(Path file, byte[] bytes) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
    }
}
