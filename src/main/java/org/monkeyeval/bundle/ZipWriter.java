package org.monkeyeval.bundle;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes entries into a zip whose bytes depend only on the entries, their order and one time.
 *
 * <p>What is pinned, and why:
 * <ul>
 *   <li>Entries are written in the order given (the caller sorts them); no directory entries are
 *       written, ever: unzip tools create folders from the file paths.</li>
 *   <li>Every entry is STORED, not DEFLATED. Deflate output is not specified byte for byte: it
 *       depends on the zlib the JDK uses, and many Linux JDK builds use the system's zlib, so the
 *       same level-9 input can compress to different bytes on two machines. STORED has no
 *       compressor; the jar inside is already compressed and the rest is small text.</li>
 *   <li>Every entry gets the same time, set with {@link ZipEntry#setTimeLocal} from a UTC
 *       date-time ({@link BundleTime#zipTime}), never {@code setTime}, which converts through the
 *       default time zone. Inside the MS-DOS range no extended-timestamp extra field is written,
 *       and no other extra field, comment or attribute is set.</li>
 *   <li>Names are UTF-8 (the general-purpose flag bit 11 is set by {@link ZipOutputStream} for
 *       every entry).</li>
 * </ul>
 */
public final class ZipWriter {

    private ZipWriter() {
    }

    /**
     * Writes the zip to {@code out}, which is flushed but not closed.
     *
     * @param entries in zip order; each path once
     * @param time    the time of every entry, within 1980-01-01T00:00 .. 2107-12-31T23:59:58, even second
     */
    public static void write(List<BundleEntry> entries, LocalDateTime time, OutputStream out) throws IOException {
        checkTime(time);
        Set<String> seen = new HashSet<>();
        for (BundleEntry entry : entries) {
            if (!seen.add(entry.path())) {
                throw new IllegalArgumentException("bundle entry path (" + entry.path() + ") appears twice");
            }
        }
        OutputStream keepOpen = new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
        try (ZipOutputStream zip = new ZipOutputStream(new BufferedOutputStream(keepOpen, 1 << 16),
                StandardCharsets.UTF_8)) {
            zip.setMethod(ZipOutputStream.STORED);
            for (BundleEntry entry : entries) {
                zip.putNextEntry(storedEntry(entry, time));
                entry.writeTo(zip);
                zip.closeEntry();
            }
        }
    }

    /** The zip as a byte array. */
    public static byte[] toBytes(List<BundleEntry> entries, LocalDateTime time) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            write(entries, time, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** STORED needs size and CRC before the data, so no data descriptor follows it. */
    private static ZipEntry storedEntry(BundleEntry entry, LocalDateTime time) {
        ZipEntry zipEntry = new ZipEntry(entry.path());
        zipEntry.setMethod(ZipEntry.STORED);
        zipEntry.setSize(entry.size());
        zipEntry.setCompressedSize(entry.size());
        CRC32 crc = new CRC32();
        crc.update(entry.view());
        zipEntry.setCrc(crc.getValue());
        zipEntry.setTimeLocal(time);
        return zipEntry;
    }

    private static void checkTime(LocalDateTime time) {
        if (time.isBefore(BundleTime.ZIP_MIN) || time.isAfter(BundleTime.ZIP_MAX)) {
            throw new IllegalArgumentException("zip entry time (" + time + ") must be within "
                    + BundleTime.ZIP_MIN + " .. " + BundleTime.ZIP_MAX);
        }
        if (time.getSecond() % 2 != 0 || time.getNano() != 0) {
            throw new IllegalArgumentException("zip entry time (" + time + ") must be a whole, even second");
        }
    }
}
