package org.monkeyeval.bundle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.TimeZone;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bundle's bytes depend only on its contents, the tool version and SOURCE_DATE_EPOCH: not on the
 * default time zone or locale, not on when it was written. Every entry carries the one recorded
 * time (clamped to what a zip can hold), is STORED, and has no extra field; no directory entries.
 */
final class ZipWriterTest {

    private static final long EVEN_EPOCH = 1_700_000_000L; // 2023-11-14T22:13:20Z

    @TempDir
    Path dir;

    private static List<LocalDateTime> timesInZipFile(Path zip) throws IOException {
        List<LocalDateTime> times = new ArrayList<>();
        try (ZipFile file = new ZipFile(zip.toFile())) {
            file.stream().forEach(e -> times.add(e.getTimeLocal()));
        }
        return times;
    }

    private static List<LocalDateTime> timesInZipStream(byte[] zip) throws IOException {
        List<LocalDateTime> times = new ArrayList<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                times.add(e.getTimeLocal());
            }
        }
        return times;
    }

    private byte[] writeBundle(String name, OptionalLong sourceDateEpoch) throws Exception {
        Path zip = dir.resolve(name);
        BundleWriter.write(zip, BundleFixtures.contents(), BundleFixtures.TOOL, sourceDateEpoch);
        return Files.readAllBytes(zip);
    }

    @Test
    void write_twiceUnderDifferentTimeZones_identicalBytes() throws Exception {
        TimeZone zone = TimeZone.getDefault();
        Locale locale = Locale.getDefault();
        byte[] first;
        byte[] second;
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("Pacific/Kiritimati")); // UTC+14
            Locale.setDefault(Locale.forLanguageTag("tr-TR")); // dotless i in lower case
            first = writeBundle("first.zip", OptionalLong.of(EVEN_EPOCH));
            TimeZone.setDefault(TimeZone.getTimeZone("America/Adak")); // UTC-10 / -9 with DST
            Locale.setDefault(Locale.forLanguageTag("de-DE"));
            second = writeBundle("second.zip", OptionalLong.of(EVEN_EPOCH));
        } finally {
            TimeZone.setDefault(zone);
            Locale.setDefault(locale);
        }
        assertArrayEquals(first, second);
    }

    @Test
    void write_withoutSourceDateEpochTwice_identicalBytes() throws Exception {
        assertArrayEquals(writeBundle("a.zip", OptionalLong.empty()), writeBundle("b.zip", OptionalLong.empty()));
    }

    @Test
    void write_sourceDateEpoch_everyEntryTimeEqualsItInUtc() throws Exception {
        LocalDateTime expected = LocalDateTime.ofEpochSecond(EVEN_EPOCH, 0, ZoneOffset.UTC);
        TimeZone zone = TimeZone.getDefault();
        byte[] zip;
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kathmandu")); // UTC+5:45: no whole-hour slip hides
            zip = writeBundle("b.zip", OptionalLong.of(EVEN_EPOCH));
        } finally {
            TimeZone.setDefault(zone);
        }

        List<LocalDateTime> fromStream = timesInZipStream(zip);
        List<LocalDateTime> fromFile = timesInZipFile(dir.resolve("b.zip"));

        assertFalse(fromStream.isEmpty());
        assertEquals(Collections.nCopies(fromStream.size(), expected), fromStream);
        assertEquals(Collections.nCopies(fromFile.size(), expected), fromFile);
    }

    @Test
    void write_sourceDateEpochZero_clampedTo1980() throws Exception {
        List<LocalDateTime> times = timesInZipStream(writeBundle("b.zip", OptionalLong.of(0)));
        assertEquals(Collections.nCopies(times.size(), LocalDateTime.of(1980, 1, 1, 0, 0)), times);
    }

    @Test
    void write_sourceDateEpochAfter2107_clampedToLastZipTime() throws Exception {
        List<LocalDateTime> times = timesInZipStream(writeBundle("b.zip", OptionalLong.of(BundleTime.MAX_EPOCH_SECOND)));
        assertEquals(Collections.nCopies(times.size(), LocalDateTime.of(2107, 12, 31, 23, 59, 58)), times);
    }

    @Test
    void write_oddSecond_roundedDownToEvenSecond() throws Exception {
        List<LocalDateTime> times = timesInZipStream(writeBundle("b.zip", OptionalLong.of(EVEN_EPOCH + 1)));
        assertEquals(LocalDateTime.ofEpochSecond(EVEN_EPOCH, 0, ZoneOffset.UTC), times.get(0));
    }

    @Test
    void write_noSourceDateEpoch_usesDocumentedDefault() throws Exception {
        List<LocalDateTime> times = timesInZipStream(writeBundle("b.zip", OptionalLong.empty()));
        assertEquals(Collections.nCopies(times.size(), LocalDateTime.of(2026, 1, 1, 0, 0)), times);
    }

    @Test
    void write_everyEntry_storedWithoutExtraFieldOrDirectory() throws Exception {
        writeBundle("b.zip", OptionalLong.of(EVEN_EPOCH));
        try (ZipFile file = new ZipFile(dir.resolve("b.zip").toFile())) {
            file.stream().forEach(e -> {
                assertEquals(ZipEntry.STORED, e.getMethod(), e.getName());
                assertNull(e.getExtra(), e.getName());
                assertNull(e.getComment(), e.getName());
                assertFalse(e.isDirectory(), e.getName());
            });
            assertNull(file.getComment());
        }
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(dir.resolve("b.zip")))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                assertNull(e.getExtra(), "local header extra of " + e.getName());
            }
        }
    }

    @Test
    void write_entries_keptInGivenOrder() throws Exception {
        List<BundleEntry> entries = List.of(BundleEntry.ofText("b", "2"), BundleEntry.ofText("a", "1"));
        byte[] zip = ZipWriter.toBytes(entries, LocalDateTime.of(2000, 1, 1, 0, 0));
        assertEquals(List.of("b", "a"), new ArrayList<>(BundleFixtures.unzip(zip).keySet()));
    }

    @Test
    void write_duplicatePath_refused() {
        List<BundleEntry> entries = List.of(BundleEntry.ofText("a", "1"), BundleEntry.ofText("a", "2"));
        assertThrows(IllegalArgumentException.class, () -> ZipWriter.toBytes(entries, LocalDateTime.of(2000, 1, 1, 0, 0)));
    }

    @Test
    void write_timeOutsideZipRangeOrOddSecond_refused() {
        List<BundleEntry> entries = List.of(BundleEntry.ofText("a", "1"));
        assertThrows(IllegalArgumentException.class, () -> ZipWriter.toBytes(entries, LocalDateTime.of(1979, 12, 31, 0, 0)));
        assertThrows(IllegalArgumentException.class, () -> ZipWriter.toBytes(entries, LocalDateTime.of(2108, 1, 1, 0, 0)));
        assertThrows(IllegalArgumentException.class, () -> ZipWriter.toBytes(entries, LocalDateTime.of(2000, 1, 1, 0, 0, 1)));
    }

    @Test
    void zipTime_negativeOrTooLargeEpoch_refused() {
        assertThrows(IllegalArgumentException.class, () -> BundleTime.zipTime(OptionalLong.of(-1)));
        assertThrows(IllegalArgumentException.class,
                () -> BundleTime.zipTime(OptionalLong.of(BundleTime.MAX_EPOCH_SECOND + 1)));
    }
}
