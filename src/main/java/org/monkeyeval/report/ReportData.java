package org.monkeyeval.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.monkeyeval.model.LsmCase;
import org.monkeyeval.text.CsvTable;

/**
 * What the published tables say about each case, read back by column name for the report: the
 * {@code cases.csv} row, the {@code rows.csv} rows, the sweep, and, when present, the confirmation's
 * and the engine's rows and the rows of {@code bloom-before-level.csv}. Columns a table has beyond
 * those the report reads are carried along untouched, so tables may grow without breaking the report.
 *
 * @param cases the cases in {@code cases.csv} order (by id)
 * @param rehearsals the rows of {@code rehearsal.csv} ({@code rehearse --out}), in file order; empty without it
 */
public record ReportData(List<CaseData> cases, List<Row> rehearsals) {

    /** File names the report reads, in the order they are listed in its provenance. */
    public static final List<String> REQUIRED_TABLES = List.of(AllocationTables.CASES_FILE,
            AllocationTables.ROWS_FILE, SweepTable.FILE);
    public static final List<String> OPTIONAL_TABLES = List.of(ConfirmTables.RUNS_FILE, ConfirmTables.CASES_FILE,
            EngineTables.FILE, BloomBeforeLevelTable.FILE, RehearsalTables.CSV_FILE);

    /** cases.csv's workload values the report tells apart. */
    public static final String ABSENT_KEYS = "absent-keys";
    public static final String MEASURED_LOOKUPS = "measured-lookups";
    public static final String ZERO_RESULT_SHARE = "zero-result-share";

    /** Thrown when a table lacks a column or holds a value the report cannot read. */
    public static final class TableException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public TableException(String message) {
            super(message);
        }
    }

    /** One row of a table, fields by column name; {@code line} is its 1-based line in the file. */
    public record Row(String file, int line, Map<String, String> fields) {

        public boolean has(String column) {
            String v = fields.get(column);
            return v != null && !v.isEmpty();
        }

        public String text(String column) {
            String v = fields.get(column);
            if (v == null) {
                throw new TableException(file + ":" + line + ": column " + column + " is missing");
            }
            return v;
        }

        /** A whole number such as an entry count, exactly. */
        public long whole(String column) {
            String v = text(column);
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new TableException(file + ":" + line + ": column " + column + ": not a whole number: '" + v
                        + "'");
            }
        }

        public double number(String column) {
            String v = text(column);
            try {
                double d = Double.parseDouble(v);
                if (!Double.isFinite(d)) {
                    throw new NumberFormatException();
                }
                return d;
            } catch (NumberFormatException e) {
                throw new TableException(file + ":" + line + ": column " + column + ": not a finite number: '"
                        + v + "'");
            }
        }
    }

    /**
     * Everything about one case.
     *
     * @param lsmCase      the case file's content
     * @param summary      its {@code cases.csv} row
     * @param runs         its {@code rows.csv} rows, by run
     * @param sweep        its {@code sweep.csv} rows, by bits per entry
     * @param confirmRuns  its {@code confirm.csv} and {@code engine.csv} rows (empty when not confirmed)
     * @param confirmCases its {@code confirm-cases.csv} rows (empty when not confirmed)
     * @param bloomBeforeLevel its {@code bloom-before-level.csv} rows, by L (empty unless the case is at
     *                     rocksdb-ribbon granularity and the folder holds the table)
     */
    public record CaseData(LsmCase lsmCase, Row summary, List<Row> runs, List<Row> sweep, List<Row> confirmRuns,
                           List<Row> confirmCases, List<Row> bloomBeforeLevel) {

        public String id() {
            return lsmCase.id();
        }

        /**
         * Whether lookups weight the runs (a zero-result share below 1 or measured lookups), so that the
         * expected reads per lookup, not R, is what the optimized allocation minimizes. A cases.csv
         * written before workloads existed has no workload column: every lookup was for an absent key.
         */
        public boolean weighted() {
            return summary.has("workload") && !summary.text("workload").equals(ABSENT_KEYS);
        }

        /**
         * Whether the case's lookups have a zero-result share worth drawing the reads against: a share
         * below 1, or an uncertain one (a range or a KL radius; cases.csv then has zero_result_share_low).
         */
        public boolean zeroResultShare() {
            return summary.has("workload") && summary.text("workload").equals(ZERO_RESULT_SHARE) || uncertainShare();
        }

        /** Whether the case's zero-result share is uncertain: cases.csv gives its interval and robust allocation. */
        public boolean uncertainShare() {
            return summary.has("zero_result_share_low");
        }

        /** Whether the case's lookups are measured per run (the cost then leaves out the found share v). */
        public boolean measuredLookups() {
            return summary.has("workload") && summary.text("workload").equals(MEASURED_LOOKUPS);
        }

        /**
         * Whether the case has a deployable allocation: the best its engine can express at the engine's
         * granularity, costed on the engine's own filter ({@code cases.csv} names the granularity; the
         * deployable columns of {@code rows.csv} then hold the engine's setting for each run).
         */
        public boolean hasDeployable() {
            return summary.has("engine_granularity");
        }

        /** Whether the tables give the case's best allocation at each bloom_before_level (rocksdb-ribbon). */
        public boolean hasBloomBeforeLevel() {
            return !bloomBeforeLevel.isEmpty();
        }

        /** Whether the case gives the bits its runs hold today (an imported database): current_R and rows. */
        public boolean hasCurrent() {
            return summary.has("current_R");
        }

        /** The {@code confirm-cases.csv} row of one allocation and layout, when present. */
        public Optional<Row> measured(String allocation, String layout) {
            return confirmCases.stream().filter(r -> r.text("allocation").equals(allocation)
                    && r.text("layout").equals(layout)).findFirst();
        }

        /** The confirmation rows of one allocation and layout, by run. */
        public List<Row> confirmRuns(String allocation, String layout) {
            return confirmRuns.stream().filter(r -> r.text("allocation").equals(allocation)
                    && r.text("layout").equals(layout)).toList();
        }
    }

    /**
     * @param cases  the case files' contents, sorted by id
     * @param tables parsed tables by file name; the required ones must be present
     * @throws TableException when a table is missing, lacks a column, or does not match the case files
     */
    public static ReportData of(List<LsmCase> cases, Map<String, CsvTable> tables) {
        for (String name : REQUIRED_TABLES) {
            if (!tables.containsKey(name)) {
                throw new TableException(name + ": missing (run `run` first)");
            }
        }
        Map<String, List<Row>> summaries = byCase(AllocationTables.CASES_FILE, tables);
        Map<String, List<Row>> runs = byCase(AllocationTables.ROWS_FILE, tables);
        Map<String, List<Row>> sweeps = byCase(SweepTable.FILE, tables);
        Map<String, List<Row>> confirmRuns = byCase(ConfirmTables.RUNS_FILE, tables);
        byCase(EngineTables.FILE, tables).forEach((id, rows) ->
                confirmRuns.computeIfAbsent(id, k -> new ArrayList<>()).addAll(rows));
        Map<String, List<Row>> confirmCases = byCase(ConfirmTables.CASES_FILE, tables);
        Map<String, List<Row>> bloomBeforeLevel = byCase(BloomBeforeLevelTable.FILE, tables);

        List<String> fileIds = cases.stream().map(LsmCase::id).toList();
        if (!List.copyOf(summaries.keySet()).equals(fileIds)) {
            throw new TableException(AllocationTables.CASES_FILE + ": cases " + summaries.keySet()
                    + " differ from the case files " + fileIds + " (run `run` again)");
        }
        List<CaseData> result = new ArrayList<>();
        for (LsmCase lsmCase : cases) {
            String id = lsmCase.id();
            List<Row> caseRuns = runs.getOrDefault(id, List.of());
            if (caseRuns.size() != lsmCase.runs().size()) {
                throw new TableException(AllocationTables.ROWS_FILE + ": case " + id + " has " + caseRuns.size()
                        + " rows, its case file " + lsmCase.runs().size() + " runs (run `run` again)");
            }
            result.add(new CaseData(lsmCase, summaries.get(id).get(0), caseRuns, sweeps.getOrDefault(id, List.of()),
                    List.copyOf(confirmRuns.getOrDefault(id, List.of())), confirmCases.getOrDefault(id, List.of()),
                    bloomBeforeLevel.getOrDefault(id, List.of())));
        }
        List<Row> rehearsals = new ArrayList<>();
        byCase(RehearsalTables.CSV_FILE, tables).values().forEach(rehearsals::addAll);
        rehearsals.sort(java.util.Comparator.comparingInt(Row::line));
        return new ReportData(List.copyOf(result), List.copyOf(rehearsals));
    }

    private static Map<String, List<Row>> byCase(String name, Map<String, CsvTable> tables) {
        Map<String, List<Row>> byCase = new LinkedHashMap<>();
        CsvTable table = tables.get(name);
        if (table == null) {
            return byCase;
        }
        if (!table.header().contains("case_id")) {
            throw new TableException(name + ":1: column case_id is missing");
        }
        for (int i = 0; i < table.rows().size(); i++) {
            List<String> values = table.rows().get(i);
            if (values.size() != table.header().size()) {
                throw new TableException(name + ":" + (i + 2) + ": " + values.size() + " fields, the header has "
                        + table.header().size());
            }
            Map<String, String> fields = new LinkedHashMap<>();
            for (int c = 0; c < values.size(); c++) {
                fields.put(table.header().get(c), values.get(c));
            }
            Row row = new Row(name, i + 2, fields);
            byCase.computeIfAbsent(row.text("case_id"), k -> new ArrayList<>()).add(row);
        }
        return byCase;
    }
}
