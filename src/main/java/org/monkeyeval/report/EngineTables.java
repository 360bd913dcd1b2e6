package org.monkeyeval.report;

import java.util.ArrayList;
import java.util.List;

import org.monkeyeval.confirm.CaseCount;
import org.monkeyeval.confirm.RunCount;
import org.monkeyeval.engine.rocksdb.EngineRun;
import org.monkeyeval.stats.BinomialInterval;
import org.monkeyeval.text.Csv;
import org.monkeyeval.text.CsvTable;
import org.monkeyeval.text.Numbers;

/**
 * {@code engine.csv}: one row per run measured inside RocksDB, with the same leading columns as
 * {@code confirm.csv} (layout {@code rocksdb-engine}), then what only the engine shows, next to the
 * in-process {@code rocksdb} layout's measurement of the same run.
 */
public final class EngineTables {

    public static final String FILE = "engine.csv";

    /** Columns after {@link ConfirmTables#RUN_COLUMNS}. */
    public static final List<String> ENGINE_COLUMNS = List.of(
            "present_queries", "range_skipped", "allocated_filter_bits", "rule_filter_bytes", "engine_filter_bytes",
            "layout_observed_fpr", "layout_fpr_low", "layout_fpr_high",
            "data_block_misses", "data_block_hits", "latency_p50_us", "latency_p99_us");

    /** Columns that vary from run to run and are not compared by {@code verify}. */
    public static final List<String> VOLATILE_COLUMNS = List.of(
            "data_block_misses", "data_block_hits", "latency_p50_us", "latency_p99_us");

    public static final List<String> KEY = ConfirmTables.RUN_KEY;

    /** The text whose SHA-256 provenance records: the table without its volatile columns. */
    public static String comparedColumns(String engineCsv) {
        return CsvTable.parse(engineCsv).withoutColumns(VOLATILE_COLUMNS);
    }

    private EngineTables() {
    }

    public static List<String> columns() {
        List<String> columns = new ArrayList<>(ConfirmTables.RUN_COLUMNS);
        columns.addAll(ENGINE_COLUMNS);
        return columns;
    }

    /**
     * @param runs         engine rows
     * @param inProcess    the in-process confirmation (its {@code rocksdb} rows sit beside the engine's)
     */
    public static String rows(List<EngineRun> runs, List<CaseCount> inProcess) {
        Csv csv = new Csv().row(columns());
        for (EngineRun e : runs) {
            RunCount r = e.count();
            RunCount layout = find(inProcess, r);
            BinomialInterval ci = layout == null ? null : layout.interval();
            List<String> fields = new ArrayList<>(ConfirmTables.runFields(r));
            fields.add(Long.toString(e.presentQueries()));
            fields.add(Long.toString(e.rangeSkipped()));
            fields.add(Numbers.format(e.allocatedBits()));
            fields.add(Long.toString(e.ruleFilterBytes()));
            fields.add(Long.toString(e.engineFilterBytes()));
            fields.add(layout == null ? "" : ConfirmTables.orEmpty(layout.observedFpr()));
            fields.add(ci == null ? "" : Numbers.format(ci.lower()));
            fields.add(ci == null ? "" : Numbers.format(ci.upper()));
            fields.add(Long.toString(e.dataBlockMisses()));
            fields.add(Long.toString(e.dataBlockHits()));
            fields.add(ConfirmTables.orEmpty(e.latencyP50Micros()));
            fields.add(ConfirmTables.orEmpty(e.latencyP99Micros()));
            csv.row(fields);
        }
        return csv.toString();
    }

    private static RunCount find(List<CaseCount> counts, RunCount engine) {
        for (CaseCount c : counts) {
            if (c.caseId().equals(engine.caseId()) && c.allocation().equals(engine.allocation())
                    && c.layout().equals("rocksdb")) {
                return c.runs().get(engine.run() - 1);
            }
        }
        return null;
    }
}
