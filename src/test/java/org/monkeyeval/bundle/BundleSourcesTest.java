package org.monkeyeval.bundle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.verify.BundlePaths;

/**
 * Collecting a project folder yields exactly the bundle layout: case files, the output folder
 * without run-info.json, README, license, docs, pom and src, and the jar as monkey-eval.jar; hidden files
 * and target folders are left out; paths are relative, '/'-separated and sorted.
 */
final class BundleSourcesTest {

    @TempDir
    Path root;

    private BundleContents collect() throws IOException {
        Path jar = BundleFixtures.writeProject(root);
        return BundleSources.collect(root, root.resolve("cases"), root.resolve("out"), jar);
    }

    private static List<String> paths(BundleContents contents) {
        return contents.entries().stream().map(BundleEntry::path).toList();
    }

    @Test
    void collect_project_holdsExactlyTheBundleFiles() throws IOException {
        BundleContents contents = collect();
        Map<String, byte[]> expected = BundleFixtures.files();
        List<String> sorted = new ArrayList<>(expected.keySet());
        sorted.sort(BundlePaths::compare);
        assertEquals(sorted, paths(contents));
        for (BundleEntry entry : contents.entries()) {
            assertArrayEquals(expected.get(entry.path()), entry.bytes(), entry.path());
        }
    }

    @Test
    void collect_runInfo_excluded() throws IOException {
        BundleContents contents = collect();
        assertTrue(Files.exists(root.resolve("out/run-info.json")));
        assertTrue(contents.find("out/run-info.json").isEmpty());
    }

    @Test
    void collect_runInfo_notInWrittenZip() throws Exception {
        BundleContents contents = collect();
        Path zip = root.resolve("bundle.zip");
        BundleWriter.write(zip, contents, BundleFixtures.TOOL, OptionalLong.empty());
        Map<String, byte[]> entries = BundleFixtures.unzip(Files.readAllBytes(zip));
        assertTrue(entries.keySet().stream().noneMatch(p -> p.endsWith("run-info.json")), entries.keySet().toString());
    }

    @Test
    void collect_hiddenFilesTargetFoldersAndNonJsonCases_skipped() throws IOException {
        List<String> paths = paths(collect());
        assertTrue(paths.stream().noneMatch(p -> p.contains("/.") || p.startsWith(".")), paths.toString());
        assertTrue(paths.stream().noneMatch(p -> p.contains("target/")), paths.toString());
        assertTrue(paths.stream().noneMatch(p -> p.endsWith(".txt")), paths.toString());
    }

    @Test
    void collect_missingReadme_fails() throws IOException {
        Path jar = BundleFixtures.writeProject(root);
        Files.delete(root.resolve("README.md"));
        assertThrows(NoSuchFileException.class,
                () -> BundleSources.collect(root, root.resolve("cases"), root.resolve("out"), jar));
    }

    @Test
    void collect_missingOutFolder_fails() throws IOException {
        Path jar = BundleFixtures.writeProject(root);
        assertThrows(NoSuchFileException.class,
                () -> BundleSources.collect(root, root.resolve("cases"), root.resolve("no-such-out"), jar));
    }
}
