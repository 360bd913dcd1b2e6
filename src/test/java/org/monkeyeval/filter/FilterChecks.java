package org.monkeyeval.filter;

import java.lang.management.ManagementFactory;

/** Counting helpers shared by the filter tests: false negatives, false positives, allocation. */
public final class FilterChecks {

    private FilterChecks() {
    }

    /** Stored keys of run 0 that the filter rejects; must be 0 for every correct filter. */
    public static long falseNegatives(Filter filter, KeySpace keys, long entries) {
        long missed = 0;
        for (long i = 0; i < entries; i++) {
            if (!filter.mayContain(keys.storedKey(0, i))) {
                missed++;
            }
        }
        return missed;
    }

    /** Absent keys 0 .. queries-1 the filter accepts. */
    public static long falsePositives(Filter filter, KeySpace keys, long queries) {
        long accepted = 0;
        for (long j = 0; j < queries; j++) {
            if (filter.mayContain(keys.absentKey(j))) {
                accepted++;
            }
        }
        return accepted;
    }

    /**
     * Bytes allocated by the current thread while running {@code queries} absent-key lookups, or -1
     * when the JVM cannot measure per-thread allocation.
     */
    public static long bytesAllocatedByQueries(Filter filter, KeySpace keys, long queries) {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean)) {
            return -1;
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        if (!threads.isThreadAllocatedMemorySupported() || !threads.isThreadAllocatedMemoryEnabled()) {
            return -1;
        }
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        long sink = 0;
        for (long j = 0; j < queries; j++) {
            if (filter.mayContain(keys.absentKey(j))) {
                sink++;
            }
        }
        long after = threads.getThreadAllocatedBytes(id);
        // Reading sink keeps the query loop from being dead code; it is never negative.
        return sink >= 0 ? after - before : -1;
    }
}
