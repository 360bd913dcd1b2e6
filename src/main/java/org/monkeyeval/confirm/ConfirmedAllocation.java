package org.monkeyeval.confirm;

import java.util.List;

import org.monkeyeval.alloc.Allocation;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.Deployable;
import org.monkeyeval.family.rocksdb.RocksDbFamily;

/**
 * An allocation whose filters are built and counted: its label in the tables and each run's bits per
 * entry. Every case has {@code uniform} and {@code optimized}; a case whose deployable allocation is
 * RocksDB's (one setting per tree or per level) also has {@code deployable}, built at each run's
 * configured bits per key, on RocksDB's own filter only: the setting was chosen for that filter, so a
 * standard Bloom filter at the same bits says nothing about it.
 *
 * A deployable allocation that chooses the filter's type as well (rocksdb-per-level, rocksdb-ribbon) names
 * each run's family: inside RocksDB each run is built with its own (Bloom or Ribbon); in this process it is
 * built in the layout of its one family when every filtered run has the same (RocksDB's fast local Bloom
 * layout, or rocksdb-ribbon's), and not at all when it mixes them.
 *
 * @param label       the allocation column of the confirmation tables
 * @param bits        each run's bits per entry (bits per key for the deployable allocation; 0 builds no filter)
 * @param familyOfRun each run's family name for the deployable allocation, null for the others
 */
public record ConfirmedAllocation(String label, Allocation bits, List<String> familyOfRun) {

    public static final String UNIFORM = "uniform";
    public static final String OPTIMIZED = "optimized";
    public static final String DEPLOYABLE = "deployable";

    public ConfirmedAllocation {
        familyOfRun = familyOfRun == null ? null : List.copyOf(familyOfRun);
    }

    /** An allocation of the ideal curve (uniform, optimized): no family per run. */
    public ConfirmedAllocation(String label, Allocation bits) {
        this(label, bits, null);
    }

    /** The allocations of {@code result} that are confirmed, in report order. */
    public static List<ConfirmedAllocation> of(CaseResult result) {
        ConfirmedAllocation uniform = new ConfirmedAllocation(UNIFORM, result.uniform());
        ConfirmedAllocation optimized = new ConfirmedAllocation(OPTIMIZED, result.optimized());
        Deployable d = result.deployable();
        if (d == null || d.engine().family() != RocksDbFamily.INSTANCE) {
            return List.of(uniform, optimized);
        }
        double[] configured = new double[d.fpr().length];
        List<String> families = new java.util.ArrayList<>(configured.length);
        for (int i = 0; i < configured.length; i++) {
            configured[i] = d.setting(i).bitsPerKey();
            families.add(d.family(i).name());
        }
        return List.of(uniform, optimized, new ConfirmedAllocation(DEPLOYABLE, Allocation.of(configured), families));
    }

    /** The family of run {@code run}'s filter: its own for the deployable allocation, else null. */
    public String family(int run) {
        return familyOfRun == null ? null : familyOfRun.get(run);
    }

    /** The one family every filtered run of the deployable allocation has, or null when they differ or none has one. */
    String singleFamily() {
        String one = null;
        for (int i = 0; i < familyOfRun.size(); i++) {
            if (bits.bitsPerEntry(i) > 0) {
                if (one != null && !one.equals(familyOfRun.get(i))) {
                    return null;
                }
                one = familyOfRun.get(i);
            }
        }
        return one;
    }

    /**
     * Whether filters of this allocation are built in {@code layout}: every other allocation in each; the
     * deployable one in the layout of its one family (RocksDB's fast local Bloom, or Ribbon's), none when
     * it mixes families.
     */
    public boolean builtIn(Layout layout) {
        if (!label.equals(DEPLOYABLE)) {
            return true;
        }
        String one = singleFamily();
        return one != null && (one.equals(RocksDbFamily.INSTANCE.name()) ? layout == Layout.ROCKSDB
                : layout.label().equals(one));
    }
}
