package org.monkeyeval.bundle;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.OptionalLong;

/**
 * The one time a bundle records: SOURCE_DATE_EPOCH (reproducible-builds.org) when given, otherwise
 * {@link #DEFAULT}. It becomes the zip entries' modification time, the RO-Crate's
 * {@code datePublished} and, only when SOURCE_DATE_EPOCH is given, the Data Package's
 * {@code created}.
 */
public final class BundleTime {

    /**
     * The time recorded without SOURCE_DATE_EPOCH: fixed so that a bundle never records when it
     * was made. The same instant as {@code project.build.outputTimestamp} in {@code pom.xml}.
     */
    public static final Instant DEFAULT = Instant.parse("2026-01-01T00:00:00Z");

    /** Largest SOURCE_DATE_EPOCH accepted: 9999-12-31T23:59:59Z, the last RFC 3339 instant. */
    public static final long MAX_EPOCH_SECOND = 253_402_300_799L;

    /** Earliest time a zip entry can hold (MS-DOS date, year 1980). */
    static final LocalDateTime ZIP_MIN = LocalDateTime.of(1980, 1, 1, 0, 0, 0);

    /** Latest time a zip entry can hold: MS-DOS year field 127 = 2107, seconds in units of two. */
    static final LocalDateTime ZIP_MAX = LocalDateTime.of(2107, 12, 31, 23, 59, 58);

    private BundleTime() {
    }

    /** SOURCE_DATE_EPOCH as an instant, or {@link #DEFAULT}. */
    public static Instant instant(OptionalLong sourceDateEpoch) {
        if (sourceDateEpoch.isEmpty()) {
            return DEFAULT;
        }
        long seconds = sourceDateEpoch.getAsLong();
        if (seconds < 0 || seconds > MAX_EPOCH_SECOND) {
            throw new IllegalArgumentException("SOURCE_DATE_EPOCH (" + seconds + ") must be from 0 to "
                    + MAX_EPOCH_SECOND + " seconds");
        }
        return Instant.ofEpochSecond(seconds);
    }

    /**
     * The zip entry time: the instant read as UTC wall-clock time (a zip stores local date-time
     * with no zone; UTC makes it the same on every machine), clamped to the MS-DOS range
     * 1980-01-01T00:00:00 .. 2107-12-31T23:59:58 and rounded down to an even second, because
     * MS-DOS time counts seconds in twos. Inside that range {@code ZipEntry.setTimeLocal} writes
     * no extended-timestamp extra field, whose value would depend on the default time zone.
     */
    public static LocalDateTime zipTime(OptionalLong sourceDateEpoch) {
        LocalDateTime utc = LocalDateTime.ofInstant(instant(sourceDateEpoch), ZoneOffset.UTC);
        if (utc.isBefore(ZIP_MIN)) {
            return ZIP_MIN;
        }
        if (utc.isAfter(ZIP_MAX)) {
            return ZIP_MAX;
        }
        return utc.withSecond(utc.getSecond() & ~1).withNano(0);
    }

    /** RFC 3339 / ISO 8601 text of the instant in UTC, e.g. {@code 2026-01-01T00:00:00Z}. */
    static String iso(Instant instant) {
        return instant.toString();
    }
}
