package org.monkeyeval.verify;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.confirm.Layout;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.ConfirmReport;
import org.monkeyeval.text.Sha256;

/**
 * verify of a whole folder holds every part it finds to what the part builders make again: a folder
 * just made passes byte for byte, an absent part is named and passes, an edited count or a changed
 * case file fails, a report drawn at another revision is not compared byte for byte, a confirmation
 * predicted by an earlier revision is compared on its xor rows' counts, not their predictions, and inside
 * an unpacked bundle a modified listed file fails.
 */
final class FolderVerificationTest {

    @TempDir
    Path dir;

    private Verifier.Result verify(List<CaseFile> files, Path out) throws Exception {
        return FolderVerification.verify(PublishedFolder.toVerify(out), files, 0, 1, OptionalLong.empty());
    }

    private static String text(Verifier.Result result) {
        return String.join("\n", result.lines());
    }

    @Test
    void verify_folderJustMadeByThePartBuilders_passesByteForByte() throws Exception {
        List<CaseFile> files = TinyCases.two(dir.resolve("cases"));
        Path out = dir.resolve("out");
        TinyCases.publishAllocations(files, out);
        TinyCases.publishConfirmation(files, out);
        TinyCases.publishReport(files, out);
        Verifier.Result result = verify(files, out);
        assertTrue(result.passed(), text(result));
        for (String table : List.of("cases.csv", "rows.csv", "confirm-cases.csv", "confirm.csv", "sweep.csv")) {
            assertTrue(result.lines().contains("ok   " + table + ": byte-identical"), table + "\n" + text(result));
        }
        assertTrue(text(result).contains("report files (page and figures): byte-identical"), text(result));
    }

    /**
     * Rewrites the folder's allocation and sweep tables with the column names they were first published
     * under (and the provenance texts that name them), the recorded hashes updated: a folder written
     * before the renames.
     */
    /**
     * Rewrites {@code table} in {@code out} by {@code edit} and puts the new text's SHA-256 where the
     * given provenance files (those present) recorded the old one.
     */
    private static void rewrite(Path out, String table, java.util.function.UnaryOperator<String> edit,
                                String... provenanceFiles) throws Exception {
        Path file = out.resolve(table);
        String before = Files.readString(file, StandardCharsets.UTF_8);
        String after = edit.apply(before);
        Files.writeString(file, after, StandardCharsets.UTF_8);
        for (String provenance : provenanceFiles) {
            Path recorded = out.resolve(provenance);
            if (Files.exists(recorded)) {
                Files.writeString(recorded, Files.readString(recorded, StandardCharsets.UTF_8)
                        .replace(Sha256.hex(before.getBytes(StandardCharsets.UTF_8)),
                                Sha256.hex(after.getBytes(StandardCharsets.UTF_8))), StandardCharsets.UTF_8);
            }
        }
    }

    /** CSV text with {@code column} set to {@code value} on the first row whose {@code keyColumn} is {@code key}. */
    private static String withCell(String csv, String keyColumn, String key, String column, String value) {
        List<String> lines = new java.util.ArrayList<>(List.of(csv.split("\r\n", -1)));
        List<String> header = List.of(lines.get(0).split(","));
        int row = 1;
        while (!lines.get(row).split(",", -1)[header.indexOf(keyColumn)].equals(key)) {
            row++;
        }
        String[] fields = lines.get(row).split(",", -1);
        fields[header.indexOf(column)] = value;
        lines.set(row, String.join(",", fields));
        return String.join("\r\n", lines);
    }

    private static void withEarlierColumnNames(Path out) throws Exception {
        for (String table : List.of("cases.csv", "rows.csv", "sweep.csv")) {
            if (!Files.exists(out.resolve(table))) {
                continue;
            }
            rewrite(out, table, text -> {
                String header = text.substring(0, text.indexOf("\r\n"));
                String earlier = header;
                for (var rename : org.monkeyeval.report.RenamedColumns.of(table).entrySet()) {
                    earlier = earlier.replaceAll("\\b" + rename.getValue() + "\\b", rename.getKey());
                }
                assertFalse(earlier.equals(header), table);
                return earlier + text.substring(header.length());
            }, "provenance.json", "report-provenance.json");
        }
        Path provenance = out.resolve("provenance.json");
        Files.writeString(provenance, Files.readString(provenance, StandardCharsets.UTF_8)
                .replace("uniform_ideal_R and optimized_ideal_R", "uniform_R and optimized_R"), StandardCharsets.UTF_8);
    }

    @Test
    void verify_folderWithTheColumnsEarlierNames_passesItsPageRedrawnByteForByte() throws Exception {
        List<CaseFile> files = TinyCases.two(dir.resolve("cases"));
        Path out = dir.resolve("out");
        TinyCases.publishAllocations(files, out);
        TinyCases.publishReport(files, out);
        withEarlierColumnNames(out);
        assertTrue(Files.readString(out.resolve("provenance.json")).contains("uniform_R and optimized_R"));
        Verifier.Result result = verify(files, out);
        assertTrue(result.passed(), text(result));
        assertTrue(text(result).contains("ok   cases.csv: equal within relative tolerance 0 (bytes differ); columns"
                + " renamed since it was published: uniform_R -> uniform_ideal_R"), text(result));
        assertTrue(text(result).contains("fpr_ratio -> optimized_over_uniform_fpr"), text(result));
        assertTrue(text(result).contains("report files (page and figures): byte-identical"), text(result));
    }

    @Test
    void verify_folderWithTheColumnsEarlierNamesAndAChangedNumber_failsNamingTodaysColumn() throws Exception {
        List<CaseFile> files = TinyCases.two(dir.resolve("cases"));
        Path out = dir.resolve("out");
        TinyCases.publishAllocations(files, out);
        withEarlierColumnNames(out);
        String first = files.get(0).lsmCase().id();
        rewrite(out, "cases.csv", text -> withCell(text, "case_id", first, "uniform_R", "0.5"), "provenance.json");
        Verifier.Result result = verify(files, out);
        assertFalse(result.passed(), text(result));
        assertTrue(text(result).contains("FAIL cases.csv (its columns compared under today's names: uniform_R ->"
                + " uniform_ideal_R"), text(result));
        assertTrue(text(result).contains("uniform_ideal_R: published 0.5"), text(result));
    }

    /**
     * A confirmation with an xor8 layout whose first row of {@code layout} has {@code column} set to
     * {@code value} (the recorded hash of confirm.csv updated), recorded at prediction {@code revision} (1:
     * the key removed, as folders written before it).
     */
    private Verifier.Result folderEdited(String layout, String column, String value, int revision)
            throws Exception {
        List<CaseFile> files = TinyCases.two(dir.resolve("cases"));
        Path out = dir.resolve("out");
        TinyCases.publishAllocations(files, out);
        TinyCases.publishConfirmation(files, out, List.of(Layout.STANDARD, Layout.ROCKSDB, Layout.fromLabel("xor8")));
        rewrite(out, "confirm.csv", text -> withCell(text, "layout", layout, column, value),
                "confirm-provenance.json");
        Path provenance = out.resolve("confirm-provenance.json");
        String p = Files.readString(provenance, StandardCharsets.UTF_8);
        String written = "\"predictionRevision\": " + ConfirmReport.PREDICTION_REVISION + ",";
        assertTrue(p.contains(written), p);
        p = p.replace(written, revision == 1 ? "" : "\"predictionRevision\": " + revision + ",");
        Files.writeString(provenance, p, StandardCharsets.UTF_8);
        return verify(files, out);
    }

    @Test
    void verify_confirmationAtPredictionRevision1_comparesTheXorRowsOnWhatWasMeasured() throws Exception {
        Verifier.Result result = folderEdited("xor8", "predicted_fpr", "0.5", 1);
        assertTrue(result.passed(), text(result));
        assertTrue(text(result).contains("xor16, xor8 not compared: predicted_fpr, z_score"), text(result));
    }

    @Test
    void verify_confirmationAtPredictionRevision2_comparesTheXorRowsPrediction() throws Exception {
        Verifier.Result result = folderEdited("xor8", "predicted_fpr", "0.5", 2);
        assertFalse(result.passed(), text(result));
        assertTrue(text(result).contains("predicted_fpr"), text(result));
    }

    @Test
    void verify_confirmationAtPredictionRevision2_comparesTheRocksDbRowsOnWhatWasMeasured() throws Exception {
        Verifier.Result result = folderEdited("rocksdb", "predicted_fpr", "0.5", 2);
        assertTrue(result.passed(), text(result));
        assertTrue(text(result).contains("on rows of layout pebble, rocksdb, "), text(result));
        assertFalse(text(result).contains("xor8 not compared"), text(result));
    }

    @Test
    void verify_confirmationAtTodaysRevision_comparesTheRocksDbRowsPrediction() throws Exception {
        Verifier.Result result = folderEdited("rocksdb", "predicted_fpr", "0.5", ConfirmReport.PREDICTION_REVISION);
        assertFalse(result.passed(), text(result));
        assertTrue(text(result).contains("predicted_fpr"), text(result));
    }

    @Test
    void verify_confirmationAtPredictionRevision1_stillComparesTheXorRowsCounts() throws Exception {
        Verifier.Result result = folderEdited("xor8", "positives", "999", 1);
        assertFalse(result.passed(), text(result));
        assertTrue(text(result).contains("positives"), text(result));
    }

    @Test
    void verify_folderWithOnlyTheAllocations_namesTheConfirmationAbsentAndPasses() throws Exception {
        List<CaseFile> files = TinyCases.two(dir.resolve("cases"));
        Path out = dir.resolve("out");
        TinyCases.publishAllocations(files, out);
        Verifier.Result result = verify(files, out);
        assertTrue(result.passed(), text(result));
        assertTrue(result.lines().contains("absent confirm.csv, confirm-cases.csv, confirm-provenance.json: no output"
                + " of confirm here; not checked"), text(result));
    }

    @Test
    void verify_folderWithOnlyTheConfirmation_namesTheAllocationsAbsentAndChecksTheConfirmation() throws Exception {
        List<CaseFile> files = TinyCases.two(dir.resolve("cases"));
        Path out = dir.resolve("out");
        TinyCases.publishConfirmation(files, out);
        Verifier.Result result = verify(files, out);
        assertTrue(result.passed(), text(result));
        assertTrue(result.lines().contains("absent cases.csv, rows.csv, provenance.json: no output of run here;"
                + " not checked"), text(result));
        assertTrue(result.lines().contains("ok   confirm.csv: byte-identical"), text(result));
    }

    @Test
    void verify_editedConfirmationCount_failsOnConfirmCsv() throws Exception {
        List<CaseFile> files = TinyCases.two(dir.resolve("cases"));
        Path out = dir.resolve("out");
        TinyCases.publishConfirmation(files, out);
        Path confirm = out.resolve("confirm.csv");
        List<String> lines = Files.readAllLines(confirm, StandardCharsets.UTF_8);
        // the queries column of the first row, a count every row holds
        List<String> header = List.of(lines.get(0).split(","));
        String[] row = lines.get(1).split(",", -1);
        int queries = header.indexOf("queries");
        assertTrue(queries >= 0, "fixture: confirm.csv has a queries column");
        row[queries] = Long.toString(Long.parseLong(row[queries]) + 1);
        lines.set(1, String.join(",", row));
        Files.writeString(confirm, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        Verifier.Result result = verify(files, out);
        assertFalse(result.passed(), text(result));
        assertTrue(result.lines().contains("FAIL confirm.csv"), text(result));
    }

    @Test
    void verify_caseFileChangedSinceTheAllocations_failsOnItsChecksum() throws Exception {
        Path cases = dir.resolve("cases");
        List<CaseFile> files = TinyCases.two(cases);
        Path out = dir.resolve("out");
        TinyCases.publishAllocations(files, out);
        TinyCases.write(cases, "small-b", 6, 2000, 2000);
        Verifier.Result result = verify(org.monkeyeval.io.CaseFolder.read(cases), out);
        assertFalse(result.passed(), text(result));
        assertTrue(text(result).contains("input small-b.json changed"), text(result));
    }

    @Test
    void verify_reportDrawnAtAnotherRevision_comparesItsTablesButNotItsBytes() throws Exception {
        List<CaseFile> files = TinyCases.two(dir.resolve("cases"));
        Path out = dir.resolve("out");
        TinyCases.publishAllocations(files, out);
        TinyCases.publishReport(files, out);
        Path provenance = out.resolve(Part.REPORT.provenanceFile());
        String recorded = Files.readString(provenance, StandardCharsets.UTF_8);
        String earlier = recorded.replaceFirst("\"revision\": [0-9]+", "\"revision\": 1");
        assertTrue(!earlier.equals(recorded), "fixture: the report provenance records its drawing revision");
        Files.writeString(provenance, earlier, StandardCharsets.UTF_8);
        Verifier.Result result = verify(files, out);
        assertTrue(result.passed(), text(result));
        assertTrue(result.lines().contains("ok   sweep.csv: byte-identical"), text(result));
        assertTrue(text(result).contains("note report.html and figures/: drawn at drawing revision 1"), text(result));
        assertFalse(text(result).contains("report files (page and figures)"), text(result));
    }

    @Test
    void verify_insideABundleWithAModifiedListedFile_failsOnSha256Sums() throws Exception {
        Path root = dir.resolve("bundle");
        List<CaseFile> files = TinyCases.two(root.resolve("cases"));
        Path out = root.resolve("out");
        TinyCases.publishAllocations(files, out);
        String rows = "out/rows.csv";
        Files.writeString(root.resolve(Sha256Sums.FILE), Sha256.hex(Files.readAllBytes(root.resolve(rows)))
                + "  " + rows + "\n");
        Verifier.Result listed = verify(files, out);
        assertTrue(listed.passed(), text(listed));
        assertTrue(listed.lines().contains("ok   SHA256SUMS: every listed file of the bundle matches"), text(listed));

        Files.writeString(root.resolve(Sha256Sums.FILE), "0".repeat(64) + "  " + rows + "\n");
        Verifier.Result modified = verify(files, out);
        assertFalse(modified.passed(), text(modified));
        assertTrue(modified.lines().contains("FAIL SHA256SUMS"), text(modified));
    }
}
