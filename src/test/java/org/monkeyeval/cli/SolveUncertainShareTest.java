package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.text.CsvTable;

/**
 * {@code solve} with an uncertain zero-result share: a range or a KL radius adds the robust columns to the
 * rows and the worst regrets to the table's totals; without a nominal share, or with both, it is a usage
 * error (exit 2) that names the options.
 */
final class SolveUncertainShareTest {

    private static final String[] EXAMPLE = {"solve", "--entries", "10000,100000,1000000", "--bits-per-entry", "10",
        "--zero-result-share", "0.6"};

    private static String[] with(String... extra) {
        List<String> args = new ArrayList<>(List.of(EXAMPLE));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    @Test
    void solve_range_addsTheRobustColumnsToTheRows() {
        Cli.Outcome o = Cli.run(with("--zero-result-share-range", "0.2,0.9", "--format", "csv"));
        assertEquals(0, o.exitCode(), o.err());
        CsvTable table = CsvTable.parse(o.out());
        List<String> expected = new ArrayList<>(AllocationTables.ROW_COLUMNS);
        expected.addAll(AllocationTables.ROBUST_ROW_COLUMNS);
        assertEquals(expected, table.header());
        for (List<String> row : table.rows()) {
            assertTrue(Double.parseDouble(row.get(table.header().indexOf("robust_bits_per_entry"))) > 0, row.toString());
        }
    }

    @Test
    void solve_klRadius_printsTheIntervalAndTheWorstRegrets() {
        Cli.Outcome o = Cli.run(with("--kl-radius", "0.05"));
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("z in [") && o.out().contains("(KL radius 0.05): worst regret uniform = "),
                o.out());
        assertTrue(o.out().contains("robust b"), o.out());
    }

    @Test
    void solve_rangeWithoutShare_isAUsageErrorNamingTheOptions() {
        Cli.Outcome o = Cli.run("solve", "--entries", "10,100", "--bits-per-entry", "10", "--kl-radius", "0.1");
        assertEquals(2, o.exitCode(), o.out() + o.err());
        assertTrue(o.err().contains("--zero-result-share"), o.err());
    }

    @Test
    void solve_rangeAndRadius_isAUsageError() {
        Cli.Outcome o = Cli.run(with("--zero-result-share-range", "0.2,0.9", "--kl-radius", "0.1"));
        assertEquals(2, o.exitCode(), o.out() + o.err());
        assertTrue(o.err().contains("not both"), o.err());
    }

    @Test
    void solve_rangeNotHoldingTheShare_isAUsageError() {
        Cli.Outcome o = Cli.run(with("--zero-result-share-range", "0.7,0.9"));
        assertEquals(2, o.exitCode(), o.out() + o.err());
        assertTrue(o.err().contains("must hold zeroResultShare"), o.err());
    }
}
