package org.monkeyeval.model;

import java.util.List;

/**
 * One sorted run of an LSM-tree: an optional display name, the number of entries stored in it, the
 * level it sits at when the case says so, and the lookups measured on it when the case gives them.
 *
 * @param name    display name, or {@code null} when the case file gives none
 * @param entries stored entries, {@code > 0}
 * @param level   the tree level (0 for L0), or {@code null} when the case lists runs without levels
 * @param lookups measured filter probes that did not find their key in this run (engine counters or
 *                sampled reads), {@code >= 0}, or {@code null} when the case gives no per-run weights
 * @param currentBitsPerEntry the filter bits per entry the run has today (an imported database), or
 *                {@code null} when the case does not say
 * @param files   the run's files with the filters they really hold (an imported database), newest
 *                first as the case lists them; empty when the case does not say. Their keys sum to
 *                {@code entries}, or, as {@code import} writes a run whose files have a prefix extractor,
 *                what their filters hold ({@link RunFile#allocationEntries()}): the allocation then sizes
 *                the run's filters by those.
 */
public record Run(String name, long entries, Integer level, Double lookups, Double currentBitsPerEntry,
                  List<RunFile> files) {
    public Run {
        files = files == null ? List.of() : List.copyOf(files);
        if (!files.isEmpty()) {
            long keys = 0;
            long held = 0;
            for (RunFile f : files) {
                keys = Math.addExact(keys, f.entries());
                held = Math.addExact(held, f.allocationEntries());
            }
            if (keys != entries && held != entries) {
                throw new IllegalArgumentException("the files' entries (" + keys + (held != keys ? ", or " + held
                        + " counting what their filters hold" : "") + ") must sum to the run's (" + entries + ")");
            }
        }
        if (currentBitsPerEntry != null && !(currentBitsPerEntry >= 0.0 && Double.isFinite(currentBitsPerEntry))) {
            throw new IllegalArgumentException("current bits per entry (" + currentBitsPerEntry
                    + ") must be finite and >= 0");
        }
        if (entries <= 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be > 0");
        }
        if (level != null && level < 0) {
            throw new IllegalArgumentException("level (" + level + ") must be >= 0");
        }
        if (lookups != null && !(lookups >= 0.0 && Double.isFinite(lookups))) {
            throw new IllegalArgumentException("lookups (" + lookups + ") must be finite and >= 0");
        }
    }

    /** A run without files. */
    public Run(String name, long entries, Integer level, Double lookups, Double currentBitsPerEntry) {
        this(name, entries, level, lookups, currentBitsPerEntry, List.of());
    }

    /** A run without a current allocation. */
    public Run(String name, long entries, Integer level, Double lookups) {
        this(name, entries, level, lookups, null);
    }

    /** A run of a plain run list: no level, no measured lookups. */
    public Run(String name, long entries) {
        this(name, entries, null, null);
    }
}
