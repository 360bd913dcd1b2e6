package org.monkeyeval.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.ReadPath;
import org.monkeyeval.model.Run;
import org.monkeyeval.model.Workload;

/**
 * Fixed-width text tables for people reading a terminal. Six significant digits, locale-independent;
 * the CSV files hold the full-precision numbers. One number format per column: a column is printed
 * in plain notation when all its numbers read well that way (1e-5 &lt;= |x| &lt; 1e9, or 0), and
 * otherwise entirely in scientific notation, so that no column mixes "9.00000e-07" with "0.0009".
 */
public final class SummaryTable {

    /**
     * A cell of one or more numbers, written into {@code template} (one {@code %s} per number)
     * with the number format of its column.
     */
    public record Num(String template, double... values) {
        public Num(double value) {
            this("%s", value);
        }
    }

    private SummaryTable() {
    }

    /**
     * One line per case: budget, R under each allocation, improvement, runs without a filter, the
     * zero-result share (or "measured" for per-run lookups) and the improvement of the expected reads
     * per lookup (equal to the improvement of R when every lookup is for an absent key). Then a line for
     * each case with its runs' current bits, a deployable allocation, an uncertain zero-result share
     * (its robust allocation and the worst regrets) or a robust deployable allocation.
     */
    public static String cases(List<CaseResult> results) {
        List<Object[]> rows = new ArrayList<>();
        rows.add(new String[] {"case", "runs", "entries", "bits/entry", "uniform R (ideal)", "optimized R (ideal)", "improvement",
            "no-filter runs", "z", "cost improvement"});
        for (CaseResult r : results) {
            rows.add(new Object[] {
                r.lsmCase().id(),
                Integer.toString(r.lsmCase().runs().size()),
                r.lsmCase().totalEntries().toString(),
                new Num(r.budgetBits() / r.lsmCase().totalEntries().doubleValue()),
                new Num(r.uniform().expectedProbes()),
                new Num(r.optimized().expectedProbes()),
                new Num("%sx", r.improvement()),
                Integer.toString(r.optimized().zeroBitRuns()),
                r.lsmCase().workload() instanceof Workload.ZeroResultShare z ? new Num(z.share()) : "measured",
                new Num("%sx", r.costImprovement())});
        }
        StringBuilder more = new StringBuilder();
        for (CaseResult r : results) {
            String versions = org.monkeyeval.export.EngineExport.versionsLine(r.lsmCase(),
                    r.deployable() != null && ReadPath.filtersPrefixes(r.deployable().engine()));
            if (versions != null) {
                more.append(r.lsmCase().id()).append(": ").append(versions)
                        .append("; every allocation sized and its budget per entry taken on those")
                        .append(System.lineSeparator());
            }
            if (r.current() != null) {
                more.append(String.format(Locale.ROOT, "%s: current R = %s, cost = %s (the bits its runs hold today)%n",
                        r.lsmCase().id(), g(r.current().expectedProbes()), g(r.currentCost())));
            }
            if (r.deployable() != null) {
                more.append(r.lsmCase().id()).append(": ").append(deployableLine(r));
            }
            if (r.robust() != null) {
                more.append(r.lsmCase().id()).append(": ").append(robustLine(r));
            }
            if (r.robustDeployable() != null) {
                more.append(r.lsmCase().id()).append(": ").append(robustDeployableLine(r));
            }
        }
        return render(rows) + (more.length() == 0 ? "" : System.lineSeparator() + more);
    }

    /** The units of the deployable allocation's knobs, each once, in run order ("bits/key" for most engines). */
    private static String knobUnits(CaseResult r) {
        Set<String> units = new LinkedHashSet<>();
        for (int i = 0; i < r.lsmCase().runs().size(); i++) {
            units.add(r.deployable().family(i).knobUnit());
        }
        return String.join(", ", units);
    }

    /** One line per run of a single case, then the totals. */
    public static String runs(CaseResult r) {
        List<Object[]> rows = new ArrayList<>();
        boolean weighted = !r.weights().allAbsent();
        rows.add(weighted
                ? new String[] {"run", "entries", "weight", "reach a", "uniform b", "uniform p", "optimized b",
                    "optimized p"}
                : new String[] {"run", "entries", "weight", "uniform b", "uniform p", "optimized b", "optimized p"});
        if (r.deployable() != null) {
            List<Object> header = new ArrayList<>(List.of(rows.get(0)));
            header.addAll(List.of(r.deployable().engine().label() + " setting (" + knobUnits(r) + ")",
                    "family", "real b", "deployable p"));
            rows.set(0, header.toArray(new String[0]));
        }
        if (r.robust() != null) {
            List<Object> header = new ArrayList<>(List.of(rows.get(0)));
            header.addAll(List.of("robust b", "robust p"));
            rows.set(0, header.toArray(new String[0]));
        }
        List<Run> runs = r.lsmCase().runs();
        for (int i = 0; i < runs.size(); i++) {
            List<Object> row = new ArrayList<>(List.of(
                runs.get(i).name() == null ? Integer.toString(i + 1) : runs.get(i).name(),
                Long.toString(runs.get(i).entries()),
                new Num(r.weight(i))));
            if (weighted) {
                row.add(new Num(r.weights().reach(i)));
            }
            row.addAll(List.of(
                new Num(r.uniform().bitsPerEntry(i)),
                new Num(r.uniform().fpr(i)),
                new Num(r.optimized().bitsPerEntry(i)),
                new Num(r.optimized().fpr(i))));
            if (r.deployable() != null) {
                row.add(r.deployable().setting(i).knob());
                row.add(r.deployable().family(i).name());
                row.add(new Num(r.deployable().filterBits(i) / runs.get(i).entries()));
                row.add(new Num(r.deployable().fpr(i)));
            }
            if (r.robust() != null) {
                row.add(new Num(r.robust().allocation().bitsPerEntry(i)));
                row.add(new Num(r.robust().allocation().fpr(i)));
            }
            rows.add(row.toArray());
        }
        double t = r.solution().threshold();
        return render(rows)
                + String.format(Locale.ROOT, "%nbudget M = %s bits (%s bits/entry), threshold t = %s%n",
                        g(r.budgetBits()), g(r.budgetBits() / r.lsmCase().totalEntries().doubleValue()),
                        Double.isNaN(t) ? "undefined (M = 0)" : g(t))
                + String.format(Locale.ROOT, "on ideal Bloom filters: R uniform = %s, R optimized = %s, improvement ="
                        + " %sx, runs without"
                        + " a filter = %d%n", g(r.uniform().expectedProbes()), g(r.optimized().expectedProbes()),
                        g(r.improvement()), r.optimized().zeroBitRuns())
                + (weighted ? costLine(r) : "")
                + (r.deployable() == null ? "" : deployableLine(r))
                + (r.robust() == null ? "" : robustLine(r))
                + (r.robustDeployable() == null ? "" : robustDeployableLine(r));
    }

    /**
     * The interval of shares, the largest regret over it of the uniform, the nominal optimum and the
     * robust allocation, and the robust allocation's cost at each end.
     */
    private static String robustLine(CaseResult r) {
        return String.format(Locale.ROOT, "z in [%s, %s]%s: worst regret uniform = %s, optimized = %s, robust = %s"
                        + " (the optimum at z = %s); robust cost = %s at z = %s, %s at z = %s%n",
                g(r.robust().interval().low()), g(r.robust().interval().high()), radius(r),
                g(r.uniformWorstRegret()), g(r.optimizedWorstRegret()), g(r.robust().worstRegret()),
                g(r.robust().share()), g(r.robust().costLow()), g(r.robust().interval().low()),
                g(r.robust().costHigh()), g(r.robust().interval().high()));
    }

    /** ", KL radius rho" when the interval came from one. */
    private static String radius(CaseResult r) {
        return r.lsmCase().workload() instanceof Workload.ZeroResultShare z
                && z.uncertainty() instanceof Workload.KlRadius kl ? " (KL radius " + g(kl.radius()) + ")" : "";
    }

    private static String robustDeployableLine(CaseResult r) {
        return String.format(Locale.ROOT, "robust deployable on %s: worst regret = %s (deployable's = %s), cost = %s"
                        + " at z = %s, %s at z = %s, filter bits = %s%n",
                r.robustDeployable().engine().label(), g(r.robustDeployable().worstRegret()),
                g(r.deployableWorstRegret()), g(r.robustDeployable().costLow()), g(r.robust().interval().low()),
                g(r.robustDeployable().costHigh()), g(r.robust().interval().high()),
                g(r.robustDeployable().usedBits())) + (r.robustDeployable().exact() ? ""
                : String.format(Locale.ROOT, "  not proven least: the search stopped at its cap; the least worst"
                        + " regret is at least %s (this one at most %s above it)%n", g(r.robustDeployable().lowerBound()),
                        g(r.robustDeployable().worstRegret() - r.robustDeployable().lowerBound())));
    }

    private static String deployableLine(CaseResult r) {
        return String.format(Locale.ROOT, "deployable on %s (%s), on the engine's filters: R = %s, cost = %s, filter"
                        + " bits = %s; engine's per-run bound = %s, deployable / bound = %sx; builds %s%n%s",
                r.deployable().engine().label(), r.deployable().engine().perLevel() ? "per level" : "per tree",
                g(r.deployable().expectedProbes()), g(r.deployableCost()), g(r.deployable().usedBits()),
                g(r.engineBoundCost()), g(r.deployableOverBound()), r.deployable().builds(), unreadLine(r)
                + perFileLine(r))
                + (r.deployable().exact() ? "" : String.format(Locale.ROOT, "  not proven least: the search stopped"
                        + " at its cap; the least sum a_i p_i is at least %s (this one at most %s above it)%n",
                        g(r.deployable().lowerBound()), g(r.deployable().weightedFpr() - r.deployable().lowerBound())));
    }

    /**
     * For a case whose runs list their files: the allocation's filters as the engine builds them, one per file,
     * each rounded up on its own, against the budget (what {@code rehearse} solves a smaller budget for).
     */
    private static String perFileLine(CaseResult r) {
        double bits = r.deployableBitsPerFile();
        if (Double.isNaN(bits)) {
            return "";
        }
        double headroom = r.budgetBits() - bits;
        return String.format(Locale.ROOT, "  built one filter per file, each rounded up on its own: %s bits, %s%n",
                g(bits), headroom >= 0 ? g(headroom) + " bits of the budget left"
                        : g(-headroom) + " bits (" + g(-100 * headroom / r.budgetBits()) + "%) over the budget;"
                        + " rehearse solves at a budget that much smaller");
    }

    /** Which runs' filters the engine's lookup never reads, or nothing when it reads them all. */
    private static String unreadLine(CaseResult r) {
        boolean[] consulted = ReadPath.consulted(r.deployable().engine(), r.lsmCase().runs());
        List<String> unread = new ArrayList<>();
        for (int i = 0; i < consulted.length; i++) {
            if (!consulted[i]) {
                unread.add(String.valueOf(i + 1));
            }
        }
        if (unread.isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT, "  %s reads no filter of run%s %s (%s): each is read by every lookup"
                        + " that reaches it, and gets no filter%n", r.deployable().engine().label(),
                unread.size() == 1 ? "" : "s", String.join(", ", unread), ReadPath.why(r.deployable().engine()));
    }

    private static String costLine(CaseResult r) {
        String plusV = r.weights().foundShareKnown() ? "sum a_i p_i + v, v = " + g(r.weights().foundShare())
                : "sum a_i p_i, measured lookups (v unknown, not included)";
        return String.format(Locale.ROOT, "reads per lookup (%s): uniform = %s, optimized = %s, improvement = %sx%n",
                plusV, g(r.uniformCost()), g(r.optimizedCost()), g(r.costImprovement()));
    }

    /** Six significant digits, no locale; plain or scientific by magnitude (a single value, not a column). */
    public static String g(double v) {
        return plainReads(v) ? plain(v) : scientific(v);
    }

    /** True when plain notation with six significant digits reads well for {@code v}. */
    static boolean plainReads(double v) {
        double a = Math.abs(v);
        return v == 0.0 || !Double.isFinite(v) || (a >= 1e-5 && a < 1e9);
    }

    static String plain(double v) {
        if (v == 0.0) {
            return "0";
        }
        if (!Double.isFinite(v)) {
            return Double.toString(v);
        }
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    static String scientific(double v) {
        if (v == 0.0) {
            return "0";
        }
        if (!Double.isFinite(v)) {
            return Double.toString(v);
        }
        return String.format(Locale.ROOT, "%.5e", v);
    }

    /**
     * Renders rows of cells (text, or {@link Num}) as a fixed-width table: first column left-aligned,
     * the rest right-aligned, each column of numbers in one format.
     */
    public static String render(List<Object[]> rows) {
        int columns = rows.get(0).length;
        boolean[] scientific = new boolean[columns];
        for (Object[] row : rows) {
            for (int c = 0; c < columns; c++) {
                if (row[c] instanceof Num num) {
                    for (double v : num.values()) {
                        scientific[c] |= !plainReads(v);
                    }
                }
            }
        }
        List<String[]> text = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            String[] cells = new String[columns];
            for (int c = 0; c < columns; c++) {
                if (row[c] instanceof Num num) {
                    Object[] shown = new Object[num.values().length];
                    for (int i = 0; i < shown.length; i++) {
                        shown[i] = scientific[c] ? scientific(num.values()[i]) : plain(num.values()[i]);
                    }
                    cells[c] = String.format(Locale.ROOT, num.template(), shown);
                } else {
                    cells[c] = String.valueOf(row[c]);
                }
            }
            text.add(cells);
        }
        return layout(text);
    }

    private static String layout(List<String[]> rows) {
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
