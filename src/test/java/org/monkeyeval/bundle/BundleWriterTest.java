package org.monkeyeval.bundle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer replaces the target in one move and leaves nothing else beside it; the zip holds the
 * assembled entries in order; a failure before the move leaves an existing target untouched.
 */
final class BundleWriterTest {

    @TempDir
    Path dir;

    private List<String> folderListing() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void write_existingTarget_replacedWithNoTemporaryLeft() throws Exception {
        Path zip = dir.resolve("bundle.zip");
        Files.writeString(zip, "old");
        List<BundleEntry> written = BundleWriter.write(zip, BundleFixtures.contents(), BundleFixtures.TOOL,
                OptionalLong.empty());

        assertEquals(List.of("bundle.zip"), folderListing());
        Map<String, byte[]> entries = BundleFixtures.unzip(Files.readAllBytes(zip));
        assertEquals(written.stream().map(BundleEntry::path).toList(), List.copyOf(entries.keySet()));
        for (BundleEntry entry : written) {
            assertArrayEquals(entry.bytes(), entries.get(entry.path()), entry.path());
        }
    }

    @Test
    void write_missingParentFolder_created() throws Exception {
        Path zip = dir.resolve("a/b/bundle.zip");
        BundleWriter.write(zip, BundleFixtures.contents(), BundleFixtures.TOOL, OptionalLong.empty());
        assertEquals(true, Files.isRegularFile(zip));
    }

    @Test
    void write_invalidContents_targetUntouched() throws IOException {
        Path zip = dir.resolve("bundle.zip");
        Files.writeString(zip, "old");
        BundleContents withoutJar = BundleContents.of(BundleFixtures.contents().entries().stream()
                .filter(e -> !e.path().equals(BundleContents.JAR)).toList());
        assertThrows(IllegalArgumentException.class,
                () -> BundleWriter.write(zip, withoutJar, BundleFixtures.TOOL, OptionalLong.empty()));
        assertEquals("old", Files.readString(zip));
        assertEquals(List.of("bundle.zip"), folderListing());
    }
}
