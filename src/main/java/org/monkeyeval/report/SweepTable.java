package org.monkeyeval.report;

import java.util.List;

import org.monkeyeval.alloc.MemorySweep;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.text.Csv;
import org.monkeyeval.text.Numbers;

/**
 * {@code sweep.csv}: every case at memory from 0 to 24 bits per entry in steps of 0.25 and at its own
 * budget, one row per case and budget, ordered by case id then bits per entry.
 *
 * <p>The optimized allocation is weighted by the case's lookups, as in {@code cases.csv}, so the row
 * of the case's own budget equals its {@code cases.csv} row. Columns after {@code filtered_runs} price
 * the same two allocations under a finite layout's rules ({@code *_rocksdb_R}) and by the expected run
 * reads per lookup ({@code *_cost}, sum a_i p_i + v); further pricings are appended as column pairs.
 */
public final class SweepTable {

    public static final String FILE = "sweep.csv";

    /** Columns of {@code sweep.csv}. */
    public static final List<String> COLUMNS = List.of(
            "case_id", "bits_per_entry", "budget_bits", "case_budget", "uniform_ideal_R", "optimized_ideal_R", "improvement",
            "filtered_runs", "uniform_rocksdb_R", "optimized_rocksdb_R", "uniform_ideal_cost", "optimized_ideal_cost");

    /** Key columns, for regression comparison. */
    /** The columns RocksDB's Bloom rate prices. */
    public static final List<String> ROCKSDB_COLUMNS = List.of("uniform_rocksdb_R", "optimized_rocksdb_R");

    public static final List<String> KEY = List.of("case_id", "bits_per_entry");

    private SweepTable() {
    }

    /** One case and its sweep. */
    public record CaseSweep(LsmCase lsmCase, List<MemorySweep.Point> points) {
    }

    /**
     * @param sweeps  cases already sorted by id, each with its points in ascending bits per entry
     * @param rocksDb per-run FPR prediction of RocksDB's cache-local layout (1 for a run without a filter)
     */
    public static String render(List<CaseSweep> sweeps, MemorySweep.RunFpr rocksDb) {
        Csv csv = new Csv().row(COLUMNS);
        for (CaseSweep sweep : sweeps) {
            long[] entries = sweep.lsmCase().entries();
            for (MemorySweep.Point point : sweep.points()) {
                csv.row(sweep.lsmCase().id(),
                        Numbers.format(point.bitsPerEntry()),
                        Numbers.format(point.budgetBits()),
                        Boolean.toString(point.caseBudget()),
                        Numbers.format(point.uniform().expectedProbes()),
                        Numbers.format(point.optimized().expectedProbes()),
                        Numbers.format(point.improvement()),
                        Integer.toString(point.filteredRuns()),
                        Numbers.format(MemorySweep.expectedProbes(entries, point.uniform(), rocksDb)),
                        Numbers.format(MemorySweep.expectedProbes(entries, point.optimized(), rocksDb)),
                        Numbers.format(point.uniformCost()),
                        Numbers.format(point.optimizedCost()));
            }
        }
        return csv.toString();
    }
}
