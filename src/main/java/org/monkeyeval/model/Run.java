package org.monkeyeval.model;

/**
 * One sorted run of an LSM-tree: an optional display name and the number of entries stored in it.
 *
 * @param name    display name, or {@code null} when the case file gives none
 * @param entries stored entries, {@code > 0}
 */
public record Run(String name, long entries) {
    public Run {
        if (entries <= 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be > 0");
        }
    }
}
