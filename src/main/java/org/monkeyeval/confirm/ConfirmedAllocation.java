package org.monkeyeval.confirm;

import java.util.List;

import org.monkeyeval.alloc.Allocation;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.Deployable;
import org.monkeyeval.family.RocksDbFamily;

/**
 * An allocation whose filters are built and counted: its label in the tables and each run's bits per
 * entry. Every case has {@code uniform} and {@code optimized}; a case whose deployable allocation is
 * RocksDB's (one setting per tree or per level) also has {@code deployable}, built at each run's
 * configured bits per key, on RocksDB's own filter only: the setting was chosen for that filter, so a
 * standard Bloom filter at the same bits says nothing about it.
 *
 * @param label the allocation column of the confirmation tables
 * @param bits  each run's bits per entry (bits per key for the deployable allocation; 0 builds no filter)
 */
public record ConfirmedAllocation(String label, Allocation bits) {

    public static final String UNIFORM = "uniform";
    public static final String OPTIMIZED = "optimized";
    public static final String DEPLOYABLE = "deployable";

    /** The allocations of {@code result} that are confirmed, in report order. */
    public static List<ConfirmedAllocation> of(CaseResult result) {
        ConfirmedAllocation uniform = new ConfirmedAllocation(UNIFORM, result.uniform());
        ConfirmedAllocation optimized = new ConfirmedAllocation(OPTIMIZED, result.optimized());
        Deployable d = result.deployable();
        if (d == null || d.engine().family() != RocksDbFamily.INSTANCE || !bloomOnly(d)) {
            return List.of(uniform, optimized);
        }
        double[] configured = new double[d.fpr().length];
        for (int i = 0; i < configured.length; i++) {
            configured[i] = d.setting(i).bitsPerKey();
        }
        return List.of(uniform, optimized, new ConfirmedAllocation(DEPLOYABLE, Allocation.of(configured)));
    }

    /**
     * True if every run with a filter builds RocksDB's Bloom filter: an allocation that puts Ribbon at some
     * levels (rocksdb-per-level, rocksdb-ribbon) is not built as Bloom at its bits, which would measure
     * another filter.
     */
    private static boolean bloomOnly(Deployable d) {
        for (int i = 0; i < d.fpr().length; i++) {
            if (d.setting(i).hasFilter() && d.family(i) != RocksDbFamily.INSTANCE) {
                return false;
            }
        }
        return true;
    }

    /** Whether filters of this allocation are built in {@code layout}: the deployable one on RocksDB's only. */
    public boolean builtIn(Layout layout) {
        return !label.equals(DEPLOYABLE) || layout == Layout.ROCKSDB;
    }
}
