package org.monkeyeval.bundle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import org.monkeyeval.verify.BundlePaths;
import org.monkeyeval.verify.Sha256Sums;

/**
 * SHA256SUMS closes the bundle: it is the last zip entry, its lines are sorted by path, it lists
 * every other entry (the two descriptors included) exactly once, and every hash is the SHA-256 of
 * the bytes actually stored. Every entry before it is in path order.
 */
final class BundleTest {

    private static final Pattern GNU_LINE = Pattern.compile("([0-9a-f]{64})  (.+)");

    private static Map<String, byte[]> zipped() throws IOException {
        List<BundleEntry> entries = Bundle.assemble(BundleFixtures.contents(), BundleFixtures.TOOL, OptionalLong.empty());
        return BundleFixtures.unzip(ZipWriter.toBytes(entries, LocalDateTime.of(2026, 1, 1, 0, 0)));
    }

    private static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void assemble_sha256sums_isLastEntry() throws IOException {
        List<String> names = new ArrayList<>(zipped().keySet());
        assertEquals(Sha256Sums.FILE, names.get(names.size() - 1));
    }

    @Test
    void assemble_entriesBeforeSums_sortedByPath() throws IOException {
        List<String> names = new ArrayList<>(zipped().keySet());
        List<String> before = names.subList(0, names.size() - 1);
        List<String> sorted = new ArrayList<>(before);
        sorted.sort(BundlePaths::compare);
        assertEquals(sorted, before);
        assertTrue(before.contains(DataPackage.FILE));
        assertTrue(before.contains(RoCrate.FILE));
    }

    @Test
    void assemble_sha256sums_sortedCoversEveryOtherEntryWithMatchingHashes() throws Exception {
        Map<String, byte[]> zip = zipped();
        String sums = new String(zip.get(Sha256Sums.FILE), StandardCharsets.UTF_8);
        assertTrue(sums.endsWith("\n"));

        Map<String, String> listed = new LinkedHashMap<>();
        for (String line : sums.substring(0, sums.length() - 1).split("\n", -1)) {
            Matcher m = GNU_LINE.matcher(line);
            assertTrue(m.matches(), "GNU sha256sum line: " + line);
            assertEquals(null, listed.put(m.group(2), m.group(1)), "listed once: " + m.group(2));
        }
        List<String> paths = new ArrayList<>(listed.keySet());
        List<String> sorted = new ArrayList<>(paths);
        sorted.sort(BundlePaths::compare);
        assertEquals(sorted, paths);

        Map<String, byte[]> others = new LinkedHashMap<>(zip);
        others.remove(Sha256Sums.FILE);
        assertEquals(others.keySet(), listed.keySet());
        for (Map.Entry<String, byte[]> e : others.entrySet()) {
            assertEquals(sha256(e.getValue()), listed.get(e.getKey()), e.getKey());
        }
    }

    @Test
    void assemble_contents_storedUnchanged() throws IOException {
        Map<String, byte[]> zip = zipped();
        for (Map.Entry<String, byte[]> file : BundleFixtures.files().entrySet()) {
            assertArrayEquals(file.getValue(), zip.get(file.getKey()), file.getKey());
        }
    }

    @Test
    void assemble_contentsHoldingReservedName_refused() {
        for (String reserved : List.of(DataPackage.FILE, RoCrate.FILE, Sha256Sums.FILE)) {
            BundleContents contents = BundleFixtures.contents().with(BundleEntry.ofText(reserved, "{}"));
            assertThrows(IllegalArgumentException.class,
                    () -> Bundle.assemble(contents, BundleFixtures.TOOL, OptionalLong.empty()), reserved);
        }
    }

    @Test
    void contents_samePathTwice_refused() {
        List<BundleEntry> twice = List.of(BundleEntry.ofText("a", "1"), BundleEntry.ofText("a", "2"));
        assertThrows(IllegalArgumentException.class, () -> BundleContents.of(twice));
    }

    @Test
    void entry_unsafePath_refused() {
        for (String path : List.of("", "/abs", "a/../b", "./a", "a//b", "a/", "a\\b", "a\nb")) {
            assertThrows(IllegalArgumentException.class, () -> BundleEntry.ofText(path, "x"), path);
        }
    }
}
