package org.monkeyeval.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.model.Run;

/**
 * Fixed-width text tables for people reading a terminal. Six significant digits, locale-independent;
 * the CSV files hold the full-precision numbers.
 */
public final class SummaryTable {

    private SummaryTable() {
    }

    /** One line per case: budget, R under each allocation, improvement, runs without a filter. */
    public static String cases(List<CaseResult> results) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"case", "runs", "entries", "bits/entry", "uniform R", "optimized R", "improvement",
            "no-filter runs"});
        for (CaseResult r : results) {
            rows.add(new String[] {
                r.lsmCase().id(),
                Integer.toString(r.lsmCase().runs().size()),
                r.lsmCase().totalEntries().toString(),
                g(r.budgetBits() / r.lsmCase().totalEntries().doubleValue()),
                g(r.uniform().expectedProbes()),
                g(r.optimized().expectedProbes()),
                g(r.improvement()) + "x",
                Integer.toString(r.optimized().zeroBitRuns())});
        }
        return render(rows);
    }

    /** One line per run of a single case, then the totals. */
    public static String runs(CaseResult r) {
        List<String[]> rows = new ArrayList<>();
        boolean weighted = !r.weights().allAbsent();
        rows.add(weighted
                ? new String[] {"run", "entries", "weight", "reach a", "uniform b", "uniform p", "optimized b",
                    "optimized p"}
                : new String[] {"run", "entries", "weight", "uniform b", "uniform p", "optimized b", "optimized p"});
        List<Run> runs = r.lsmCase().runs();
        for (int i = 0; i < runs.size(); i++) {
            List<String> row = new ArrayList<>(List.of(
                runs.get(i).name() == null ? Integer.toString(i + 1) : runs.get(i).name(),
                Long.toString(runs.get(i).entries()),
                g(r.weight(i))));
            if (weighted) {
                row.add(g(r.weights().reach(i)));
            }
            row.addAll(List.of(
                g(r.uniform().bitsPerEntry(i)),
                g(r.uniform().fpr(i)),
                g(r.optimized().bitsPerEntry(i)),
                g(r.optimized().fpr(i))));
            rows.add(row.toArray(String[]::new));
        }
        double t = r.solution().threshold();
        return render(rows)
                + String.format(Locale.ROOT, "%nbudget M = %s bits (%s bits/entry), threshold t = %s%n",
                        g(r.budgetBits()), g(r.budgetBits() / r.lsmCase().totalEntries().doubleValue()),
                        Double.isNaN(t) ? "undefined (M = 0)" : g(t))
                + String.format(Locale.ROOT, "R uniform = %s, R optimized = %s, improvement = %sx, runs without"
                        + " a filter = %d%n", g(r.uniform().expectedProbes()), g(r.optimized().expectedProbes()),
                        g(r.improvement()), r.optimized().zeroBitRuns())
                + (weighted ? costLine(r) : "");
    }

    private static String costLine(CaseResult r) {
        String plusV = r.weights().foundShareKnown() ? "sum a_i p_i + v, v = " + g(r.weights().foundShare())
                : "sum a_i p_i, measured lookups (v unknown, not included)";
        return String.format(Locale.ROOT, "reads per lookup (%s): uniform = %s, optimized = %s, improvement = %sx%n",
                plusV, g(r.uniformCost()), g(r.optimizedCost()), g(r.costImprovement()));
    }

    /** Six significant digits, no locale. */
    public static String g(double v) {
        if (v == 0.0) {
            return "0";
        }
        double a = Math.abs(v);
        if (a >= 1e-4 && a < 1e9) {
            String s = new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros()
                    .toPlainString();
            return s;
        }
        return String.format(Locale.ROOT, "%.5e", v);
    }

    static String render(List<String[]> rows) {
        int columns = rows.get(0).length;
        int[] width = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                if (c > 0) {
                    out.append("  ");
                }
                String cell = row[c];
                if (c == 0) {
                    out.append(cell).append(" ".repeat(width[c] - cell.length()));
                } else {
                    out.append(" ".repeat(width[c] - cell.length())).append(cell);
                }
            }
            out.append(System.lineSeparator());
        }
        return out.toString();
    }
}
