package org.monkeyeval.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.verify.BundleChecker;
import org.monkeyeval.verify.Sha256Sums;

/**
 * An unpacked bundle checks clean, and each way it can drift from its SHA256SUMS (a file changed,
 * a listed file gone, a file nobody listed, SHA256SUMS itself gone or damaged) is reported once,
 * naming the file.
 */
final class BundleCheckerTest {

    @TempDir
    Path dir;

    private Path unpacked;

    @BeforeEach
    void unpackBundle() throws Exception {
        Path zip = dir.resolve("bundle.zip");
        BundleWriter.write(zip, BundleFixtures.contents(), BundleFixtures.TOOL, OptionalLong.empty());
        unpacked = dir.resolve("unpacked");
        BundleFixtures.unzipTo(zip, unpacked);
    }

    @Test
    void check_unpackedBundle_noProblems() throws IOException {
        assertEquals(new BundleChecker.Report(List.of(), List.of()), BundleChecker.check(unpacked));
    }

    @Test
    void check_modifiedFile_reported() throws IOException {
        Files.writeString(unpacked.resolve("out/rows.csv"), "case_id\r\nchanged\r\n", StandardCharsets.UTF_8);
        List<String> problems = BundleChecker.check(unpacked).problems();
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("out/rows.csv: modified"), problems.get(0));
    }

    @Test
    void check_missingFile_reported() throws IOException {
        Files.delete(unpacked.resolve("datapackage.json"));
        assertEquals(List.of("datapackage.json: missing (listed in SHA256SUMS)"), BundleChecker.check(unpacked).problems());
    }

    @Test
    void check_unlistedFile_reportedAsExtraNotAsProblem() throws IOException {
        Files.writeString(unpacked.resolve("out/run-info.json"), "{}\n", StandardCharsets.UTF_8);
        assertEquals(new BundleChecker.Report(List.of(), List.of("out/run-info.json")), BundleChecker.check(unpacked));
    }

    @Test
    void check_buildOutputAndHiddenFiles_ignored() throws IOException {
        Files.createDirectories(unpacked.resolve("target/classes"));
        Files.writeString(unpacked.resolve("target/monkey-eval.jar"), "rebuilt", StandardCharsets.UTF_8);
        Files.writeString(unpacked.resolve("target/classes/A.class"), "x", StandardCharsets.UTF_8);
        Files.writeString(unpacked.resolve(".gitignore"), "target/\n", StandardCharsets.UTF_8);
        assertEquals(new BundleChecker.Report(List.of(), List.of()), BundleChecker.check(unpacked));
    }

    @Test
    void check_missingSha256sums_reported() throws IOException {
        Files.delete(unpacked.resolve(Sha256Sums.FILE));
        List<String> problems = BundleChecker.check(unpacked).problems();
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).startsWith("SHA256SUMS: missing"), problems.get(0));
    }

    @Test
    void check_malformedOrUnsafeLines_reportedWithLineNumbers() throws IOException {
        Path sums = unpacked.resolve(Sha256Sums.FILE);
        String text = Files.readString(sums, StandardCharsets.UTF_8);
        String firstLine = text.substring(0, text.indexOf('\n') + 1);
        Files.writeString(sums, text + "not a checksum line\n" + "0".repeat(64) + "  ../outside\n" + firstLine,
                StandardCharsets.UTF_8);
        int lines = (int) text.chars().filter(c -> c == '\n').count();
        List<String> problems = BundleChecker.check(unpacked).problems();
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("SHA256SUMS:" + (lines + 1) + ": malformed"), problems.get(0));
        assertTrue(problems.get(1).startsWith("SHA256SUMS:" + (lines + 2) + ": path (../outside)"), problems.get(1));
        assertTrue(problems.get(2).startsWith("SHA256SUMS:" + (lines + 3) + ": lists "), problems.get(2));
    }
}
