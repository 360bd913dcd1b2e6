package org.monkeyeval.model;

/**
 * How a case's runs count the entries their filters hold when keys are stored as several versions: the
 * case gives versions per key (every run's filter then holds its stored entries / v distinct keys), or
 * filter entries run by run. The runs of a case that carries this already hold their filter entries as
 * {@link Run#entries()}, so every allocation, cost and budget per entry is per filter entry; this record
 * only says where those counts came from, for the tables and the exported settings.
 *
 * <p>Pebble's filter holds each point key's {@code Split} prefix, not the key: cockroachdb/pebble at
 * f82e3ff74d10b1f33df146eefc5661518f868542, {@code sstable/colblk_writer.go} (the writer calls
 * {@code w.filterWriter.AddKey(key.UserKey[:eval.kcmp.PrefixLen])}) and {@code sstable/rowblk_writer.go}
 * ({@code prefix := key[:w.split(key)]; w.filterWriter.AddKey(prefix)}); CockroachDB's {@code Split}
 * ({@code cockroachkvs/cockroachkvs.go}) ends the prefix before the MVCC timestamp, so a key's versions share
 * one prefix. The Bloom writer skips a hash equal to the last one added
 * ({@code sstable/tablefilters/bloom/hash_collector.go}, {@code hashCollector.Add}: {@code if hc.numHashes != 0
 * && h == hc.lastHash { return }}): the versions of a key, adjacent in a table, collapse to one entry, and the
 * filter's n is the number of distinct prefixes.
 *
 * @param perKey        stored entries per filter entry: the case's versionsPerKey, or, when the runs give
 *                      their filter entries, the stored entries over the filter entries of all runs
 * @param perRun        true when the runs gave their filter entries ({@code runs[i].filterEntries}), false
 *                      when the case gave versionsPerKey
 * @param storedEntries the stored entries of all runs (versions counted), {@code >= 1}
 */
public record Versions(double perKey, boolean perRun, double storedEntries) {

    public Versions {
        if (!(perKey >= 1.0) || Double.isInfinite(perKey)) {
            throw new IllegalArgumentException("versions per key (" + perKey + ") must be finite and >= 1");
        }
        if (!(storedEntries >= 1.0)) {
            throw new IllegalArgumentException("stored entries (" + storedEntries + ") must be >= 1");
        }
    }

    /**
     * d = max(1, round(n / v)): the distinct keys (Pebble: distinct Split prefixes) of a run of n stored entries
     * at v versions per key, each key's versions adjacent in the run and added to its filter once
     * (class comment). Rounded half up; a run holds at least one key.
     *
     * @param storedEntries n, {@code >= 1}
     * @param versionsPerKey v, {@code >= 1}
     */
    public static long filterEntries(long storedEntries, double versionsPerKey) {
        if (storedEntries < 1) {
            throw new IllegalArgumentException("stored entries (" + storedEntries + ") must be >= 1");
        }
        if (!(versionsPerKey >= 1.0) || Double.isInfinite(versionsPerKey)) {
            throw new IllegalArgumentException("versions per key (" + versionsPerKey + ") must be finite and >= 1");
        }
        return Math.max(1L, Math.round(storedEntries / versionsPerKey));
    }
}
