package org.monkeyeval.model;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One file of a run as an imported database holds it: its entries and the filter it really has
 * (family, parameters and bits, read from the file), whether that filter is partitioned, and what
 * it filters: whole keys, or only key prefixes.
 *
 * @param name              the file's name, e.g. {@code 000123.sst}
 * @param entries           entries stored in the file (its keys), {@code > 0}: its share of the run's lookups
 * @param filterEntries     keys (and prefixes) added to its filter when the file says
 *                          ({@code rocksdb.num.filter_entries}), else null: the rate is then taken at
 *                          {@code entries}
 * @param family            the filter's family, as {@code family.rocksdb.RocksDbFileFilter} names it
 * @param parameters        what that family needs to rate the filter (e.g. {@code lines}, {@code probes})
 * @param filterBits        8 times the filter's bytes as the engine counts them, {@code >= 0}
 * @param partitioned       whether the filter is split into partitions under a partition index
 * @param wholeKeyFiltering whether whole keys were added to the filter
 * @param prefixExtractor   the prefix extractor whose prefixes were added, or null for none
 * @param smallestKey       the smallest user key, hex, or null when not known
 * @param largestKey        the largest user key, hex, or null when not known
 * @param separatorGapShare the share of the file's key space where a Get reads a second data block (above a
 *                          block's last key, at or below its index separator; {@code alloc.SeparatorGaps}),
 *                          in [0, 1], or null when not known (priced as 0)
 * @param filterRate        the false-positive rate of the filter the file holds, from its own bits (for fast
 *                          local Bloom filters: its lines' occupancy, {@code family.rocksdb.RocksDbFileFilter#builtRate}),
 *                          in [0, 1], or null: the family's rate at the filter's size and keys is then taken
 * @param newestShare       the share of the file's entries whose user key no newer run holds (each key's newest
 *                          version), in [0, 1], or null when not known (taken as 1): the distinct keys it adds to
 *                          the database, by which absent keys drawn like the stored keys reach the files
 *                          ({@code alloc.KeyRangeReach})
 */
public record RunFile(String name, long entries, Long filterEntries, String family, Map<String, Integer> parameters,
                      long filterBits, boolean partitioned, boolean wholeKeyFiltering, String prefixExtractor,
                      String smallestKey, String largestKey, Double separatorGapShare, Double filterRate,
                      Double newestShare) {

    /** A file whose data blocks' boundaries, built filter's rate and keys' newest versions are not known. */
    public RunFile(String name, long entries, Long filterEntries, String family, Map<String, Integer> parameters,
                   long filterBits, boolean partitioned, boolean wholeKeyFiltering, String prefixExtractor,
                   String smallestKey, String largestKey, Double separatorGapShare, Double filterRate) {
        this(name, entries, filterEntries, family, parameters, filterBits, partitioned, wholeKeyFiltering,
                prefixExtractor, smallestKey, largestKey, separatorGapShare, filterRate, null);
    }

    /** A file whose data blocks' boundaries and built filter's rate are not known. */
    public RunFile(String name, long entries, Long filterEntries, String family, Map<String, Integer> parameters,
                   long filterBits, boolean partitioned, boolean wholeKeyFiltering, String prefixExtractor,
                   String smallestKey, String largestKey) {
        this(name, entries, filterEntries, family, parameters, filterBits, partitioned, wholeKeyFiltering,
                prefixExtractor, smallestKey, largestKey, null, null, null);
    }

    public RunFile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(family, "family");
        if (entries <= 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be > 0");
        }
        if (filterEntries != null && filterEntries <= 0) {
            throw new IllegalArgumentException("filter entries (" + filterEntries + ") must be > 0");
        }
        if (filterBits < 0) {
            throw new IllegalArgumentException("filter bits (" + filterBits + ") must be >= 0");
        }
        if (separatorGapShare != null && !(separatorGapShare >= 0.0 && separatorGapShare <= 1.0)) {
            throw new IllegalArgumentException("separator gap share (" + separatorGapShare + ") must be in [0, 1]");
        }
        if (filterRate != null && !(filterRate >= 0.0 && filterRate <= 1.0)) {
            throw new IllegalArgumentException("filter rate (" + filterRate + ") must be in [0, 1]");
        }
        if (newestShare != null && !(newestShare >= 0.0 && newestShare <= 1.0)) {
            throw new IllegalArgumentException("newest share (" + newestShare + ") must be in [0, 1]");
        }
        parameters = Collections.unmodifiableMap(new TreeMap<>(parameters));
    }

    /** Data blocks a Get reads in this file when its filter passes the key: 1 + the separator gap share. */
    public double blocksPerPositive() {
        return 1.0 + (separatorGapShare == null ? 0.0 : separatorGapShare);
    }

    /**
     * The file's entries that are their key's newest version, {@code entries * newestShare} (all of them when the
     * share is not known): its distinct keys, as far as the runs newer than it go.
     */
    public double newestEntries() {
        return newestShare == null ? entries : entries * newestShare;
    }

    /** The keys the filter's rate is taken at: {@code filterEntries} when known, else {@code entries}. */
    public long rateEntries() {
        return filterEntries != null ? filterEntries : entries;
    }

    /**
     * Whether the filter holds only a prefix extractor's prefixes, no whole keys: a Get then checks the
     * key's prefix, and an absent key whose prefix the file holds reads the block.
     */
    public boolean prefixOnly() {
        return !wholeKeyFiltering && prefixExtractor != null;
    }

    /**
     * The entries the allocation sizes this file's filter by: what the filter holds. For a file written with
     * a prefix extractor, the filter's own entries when the file says ({@code filterEntries}: the distinct
     * prefixes, or the keys and the prefixes with whole-key filtering, full_filter_block.cc
     * {@code FullFilterBlockBuilder::Add}); else its keys. {@code import} writes a run's {@code entries}
     * as the sum of its files' allocation entries.
     */
    public long allocationEntries() {
        return prefixExtractor != null && filterEntries != null ? filterEntries : entries;
    }
}
