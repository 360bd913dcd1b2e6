package org.monkeyeval.model;

import java.math.BigInteger;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One evaluation case: runs i = 1..r with n_i entries and a memory budget M.
 *
 * @param id          unique id, {@code [a-z0-9][a-z0-9._-]*}
 * @param description free text, may be empty
 * @param runs        the runs in case-file order (position i is the 1-based {@code run} column)
 * @param budget      the filter memory budget
 */
public record LsmCase(String id, String description, List<Run> runs, Budget budget) {

    /** Ids are safe as file names and CSV keys. */
    public static final Pattern ID_PATTERN = Pattern.compile("[a-z0-9][a-z0-9._-]*");

    public LsmCase {
        if (id == null || !ID_PATTERN.matcher(id).matches()) {
            throw new IllegalArgumentException("id (" + id + ") must match " + ID_PATTERN.pattern());
        }
        if (runs == null || runs.isEmpty()) {
            throw new IllegalArgumentException("case " + id + " has no runs");
        }
        if (budget == null) {
            throw new IllegalArgumentException("case " + id + " has no budget");
        }
        description = description == null ? "" : description;
        runs = List.copyOf(runs);
    }

    /** Entry counts in case-file order. */
    public long[] entries() {
        long[] n = new long[runs.size()];
        for (int i = 0; i < n.length; i++) {
            n[i] = runs.get(i).entries();
        }
        return n;
    }

    /** N = sum n_i, exactly (the sum of up to 2^63-1 per run can exceed a long). */
    public BigInteger totalEntries() {
        BigInteger total = BigInteger.ZERO;
        long partial = 0;
        for (Run run : runs) {
            long next = partial + run.entries();
            if (next < partial) { // overflowed: flush the partial sum
                total = total.add(BigInteger.valueOf(partial));
                next = run.entries();
            }
            partial = next;
        }
        return total.add(BigInteger.valueOf(partial));
    }

    /** M in bits. */
    public double budgetBits() {
        return budget.totalBits(totalEntries().doubleValue());
    }
}
