package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.report.RehearsalTables;
import org.monkeyeval.text.CsvTable;
import org.monkeyeval.text.Numbers;

/**
 * {@code report} writes the sweep, the page and one SVG per figure all at once from what {@code run}
 * left, tolerates columns it does not read, refuses a folder without the tables (exit 3, nothing
 * written), and {@code verify} redraws the page and figures and fails on any changed byte.
 */
final class ReportCommandTest {

    @TempDir
    Path dir;
    Path cases;
    Path out;

    /** The published cases and run tables, without the confirmation (verify would rerun it). */
    @BeforeEach
    void copyPublished() throws IOException {
        cases = Files.createDirectories(dir.resolve("cases"));
        out = Files.createDirectories(dir.resolve("out"));
        try (Stream<Path> files = Files.list(Path.of("cases"))) {
            for (Path f : files.toList()) {
                Files.copy(f, cases.resolve(f.getFileName()));
            }
        }
        for (String name : List.of("cases.csv", "rows.csv", "bloom-before-level.csv", "provenance.json")) {
            Files.copy(Path.of("out", name), out.resolve(name));
        }
    }

    private Cli.Outcome report() {
        return Cli.run("report", "--cases", cases.toString(), "--out", out.toString());
    }

    private Cli.Outcome verify() {
        return Cli.run("verify", "--cases", cases.toString(), "--out", out.toString());
    }

    private static long svgCount(Path out) throws IOException {
        try (Stream<Path> files = Files.list(out.resolve("figures"))) {
            return files.filter(p -> p.toString().endsWith(".svg")).count();
        }
    }

    /** The published case files (each gets three or four figures and a 97-point sweep). */
    private static long publishedCases() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("cases"))) {
            return files.filter(p -> p.toString().endsWith(".json")).count();
        }
    }

    /**
     * Figures of the page: three per case, one more per case with a zero-result share, one more per case
     * at rocksdb-ribbon (its reads and build work against bloom_before_level), one more per case whose row
     * prices the engines' own settings as anchors, and the all-cases one.
     */
    private long figures() throws IOException {
        CsvTable cases = CsvTable.parse(Files.readString(out.resolve("cases.csv")));
        int workload = cases.header().indexOf("workload");
        int low = cases.header().indexOf("zero_result_share_low");
        long share = cases.rows().stream().filter(r -> r.get(workload).equals("zero-result-share")
                || low >= 0 && !r.get(low).isEmpty()).count();
        int granularity = cases.header().indexOf("engine_granularity");
        long ribbon = granularity < 0 ? 0 : cases.rows().stream()
                .filter(r -> r.get(granularity).equals("rocksdb-ribbon")).count();
        int anchored = cases.header().indexOf("rocksdb_uniform_cost");
        long anchors = anchored < 0 ? 0 : cases.rows().stream().filter(r -> !r.get(anchored).isEmpty()).count();
        return publishedCases() * 3 + share + ribbon + anchors + 1;
    }

    /** Cases whose bits per entry (cases.csv) is not on the sweep's grid of 0 to 24 in steps of 0.25. */
    private long offGridBudgets() throws IOException {
        CsvTable cases = CsvTable.parse(Files.readString(out.resolve("cases.csv")));
        int column = cases.header().indexOf("bits_per_entry");
        return cases.rows().stream().map(r -> Double.parseDouble(r.get(column)))
                .filter(b -> b > 24 || b * 4 != Math.rint(b * 4)).count();
    }

    @Test
    void report_runTables_writesSweepPageFiguresAndVerifyPasses() throws IOException {
        Cli.Outcome o = report();
        assertEquals(0, o.exitCode(), o.out() + o.err());
        List<String> sweep = Files.readAllLines(out.resolve("sweep.csv"));
        assertEquals(1 + publishedCases() * 97 + offGridBudgets(), sweep.size(),
                "header, 97 grid points per case, and one more row per case whose own budget is off the grid");
        assertEquals(figures(), svgCount(out));
        String html = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.contains("src=\"http") || html.contains("href=\"http") || html.contains("url(http"),
                "no reference a browser would fetch");
        assertTrue(Files.exists(out.resolve("report-provenance.json")));
        // every case cases.csv prices Pebble's progressive policy for says by how much the optimum beats it
        CsvTable table = CsvTable.parse(Files.readString(out.resolve("cases.csv")));
        int loss = table.header().indexOf("progressive_loss");
        for (List<String> row : table.rows()) {
            int at = html.indexOf("<section class=\"case\" id=\"case-" + row.get(0) + "\"");
            String section = html.substring(at, html.indexOf("</section>", at));
            assertEquals(!row.get(loss).isEmpty(), section.contains("<dt>progressive policy</dt>"), row.get(0));
            if (!row.get(loss).isEmpty()) {
                String shown = Numbers.format(new BigDecimal(row.get(loss))
                        .round(new MathContext(4, RoundingMode.HALF_EVEN)).doubleValue());
                assertTrue(section.contains("the policy reads <b>" + shown + "×</b> as much"), section);
            }
            // and every engine setting priced as an anchor, by how much the optimum at its memory beats it
            for (String anchor : List.of("progressive_fuse", "ribbon_hybrid", "rocksdb_uniform", "pebble_uniform")) {
                String ratio = row.get(table.header().indexOf(anchor + "_loss"));
                if (!ratio.isEmpty()) {
                    String shown = Numbers.format(new BigDecimal(ratio)
                            .round(new MathContext(4, RoundingMode.HALF_EVEN)).doubleValue());
                    assertTrue(section.contains("the setting reads <b>" + shown + "×</b> as much"), row.get(0)
                            + " " + anchor);
                }
            }
            assertTrue(section.contains("id=\"figure-" + row.get(0) + "-anchors\""), row.get(0));
        }

        Cli.Outcome v = verify();
        assertEquals(0, v.exitCode(), v.out() + v.err());
        assertTrue(v.out().contains("sweep.csv: byte-identical"), v.out());
        assertTrue(v.out().contains("ok   " + (figures() + 1) + " report files (page and figures):"
                + " byte-identical"), v.out());
    }

    /** A rehearsal.csv row as rehearse --out writes it, for the published imported case. */
    private static String rehearsalTable(String afterFilterBits) {
        return String.join(",", RehearsalTables.COLUMNS) + "\r\n"
                + "rocksdb-imported,/var/lib/db,default,rocksdb-per-level,200000,1,2405080,2403288,2405080,0.0062,"
                + "0.1309,0.1337,0.132,0.1353," + afterFilterBits + ",13 14 4,0.006214,0.005985,0.005642,0.006328,"
                + "2404000,13 14 4,0.3\r\n";
    }

    @Test
    void report_withRehearsalTable_showsMeasuredGainBesidePredictedAndVerifyPasses() throws IOException {
        Files.writeString(out.resolve("rehearsal.csv"), rehearsalTable("2405080"));
        Cli.Outcome o = report();
        assertEquals(0, o.exitCode(), o.out() + o.err());
        String html = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);
        int section = html.indexOf("<section id=\"rehearsals\">");
        assertTrue(section > 0, "the rehearsal section is drawn");
        String rehearsals = html.substring(section, html.indexOf("</section>", section));
        assertTrue(rehearsals.contains("<a href=\"#case-rocksdb-imported\">rocksdb-imported</a>"), rehearsals);
        assertTrue(rehearsals.contains("21.07×"), "predicted gain 0.1309 / 0.006214: " + rehearsals);
        assertTrue(rehearsals.contains("22.34×"), "measured gain 0.1337 / 0.005985: " + rehearsals);
        int line = html.indexOf("<li data-case=\"rocksdb-imported\">");
        String headline = html.substring(line, html.indexOf("</li>", line));
        assertTrue(headline.contains("RocksDB measured <b>22.34× fewer</b>"), headline);
        assertTrue(html.indexOf("<section id=\"headline\">") < html.indexOf("<section id=\"summary\">"),
                "the headline comes first");
        assertTrue(Files.readString(out.resolve("report-provenance.json")).contains("\"path\": \"rehearsal.csv\""));
        Cli.Outcome v = verify();
        assertEquals(0, v.exitCode(), v.out());
    }

    @Test
    void report_rehearsalTableWithoutAColumn_exit3NamingItAndNothingWritten() throws IOException {
        String table = rehearsalTable("2405080").replace("after_measured_R,", "after_measured,");
        Files.writeString(out.resolve("rehearsal.csv"), table);
        Cli.Outcome o = report();
        assertEquals(3, o.exitCode(), o.out() + o.err());
        assertTrue(o.err().contains("rehearsal.csv:2: column after_measured_R is missing"), o.err());
        assertFalse(Files.exists(out.resolve("report.html")), "nothing written");
    }

    @Test
    void verify_editedFigure_fails() throws IOException {
        assertEquals(0, report().exitCode());
        Path figure = out.resolve("figures").resolve("seed-10bpe-bits.svg");
        Files.writeString(figure, Files.readString(figure).replace("Bits per entry by run", "Bits by run"));
        Cli.Outcome v = verify();
        assertEquals(1, v.exitCode(), v.out());
        assertTrue(v.out().contains("FAIL report page and figures"), v.out());
        assertTrue(v.out().contains("figures/seed-10bpe-bits.svg: bytes differ"), v.out());
    }

    @Test
    void verify_extraFigure_fails() throws IOException {
        assertEquals(0, report().exitCode());
        Files.writeString(out.resolve("figures").resolve("stray.svg"), "<svg/>");
        Cli.Outcome v = verify();
        assertEquals(1, v.exitCode(), v.out());
        assertTrue(v.out().contains("figures/stray.svg: published but no longer drawn"), v.out());
    }

    @Test
    void report_missingRowsTable_exit3AndNothingWritten() throws IOException {
        Files.delete(out.resolve("rows.csv"));
        Cli.Outcome o = report();
        assertEquals(3, o.exitCode(), o.out() + o.err());
        assertTrue(o.err().contains("rows.csv: missing (run `run` first)"), o.err());
        assertFalse(Files.exists(out.resolve("report.html")));
        assertFalse(Files.exists(out.resolve("sweep.csv")));
        assertFalse(Files.exists(out.resolve("figures")));
    }

    @Test
    void report_numberThatIsNotOne_exit3NamingFileLineAndColumn() throws IOException {
        Path rows = out.resolve("rows.csv");
        List<String> lines = new ArrayList<>(Files.readAllLines(rows));
        lines.set(1, lines.get(1).replace(",10,0.008192549468178961,10,", ",ten,0.008192549468178961,10,"));
        Files.writeString(rows, String.join("\r\n", lines) + "\r\n");
        Cli.Outcome o = report();
        assertEquals(3, o.exitCode(), o.out() + o.err());
        assertTrue(o.err().contains("rows.csv:2: column uniform_bits_per_entry: not a finite number: 'ten'"), o.err());
        assertFalse(Files.exists(out.resolve("report.html")));
    }

    @Test
    void report_tableWithUnknownColumns_drawsTheSamePage() throws IOException {
        assertEquals(0, report().exitCode());
        String before = Files.readString(out.resolve("report.html"));
        // names no version of the report reads (deployable_R and the like are drawn now)
        for (String[] table : new String[][] {{"rows.csv", "later_bits_per_entry", "10"},
            {"cases.csv", "later_R", "0.5"}}) {
            Path file = out.resolve(table[0]);
            StringBuilder widened = new StringBuilder();
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                widened.append(lines.get(i)).append(',').append(i == 0 ? table[1] : table[2]).append("\r\n");
            }
            Files.writeString(file, widened);
        }
        Cli.Outcome o = report();
        assertEquals(0, o.exitCode(), o.out() + o.err());
        assertEquals(before, Files.readString(out.resolve("report.html")));
    }

    @Test
    void report_figureOfAnEarlierReport_removed() throws IOException {
        Files.createDirectories(out.resolve("figures"));
        Files.writeString(out.resolve("figures").resolve("gone-case-bits.svg"), "<svg/>");
        assertEquals(0, report().exitCode());
        assertFalse(Files.exists(out.resolve("figures").resolve("gone-case-bits.svg")));
        assertEquals(figures(), svgCount(out));
    }

    @Test
    void run_output_pointsToReport() {
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("java -jar " + ReportHint.BUILT_JAR + " report --cases " + cases + " --out " + out),
                o.out());
    }

    /** The hint names the jar where the build writes it: the pom's finalName under target/. */
    @Test
    void reportHint_builtJar_isWhereThePomWritesTheJar() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        assertTrue(pom.contains("<finalName>monkey-eval</finalName>"), "the pom names the jar monkey-eval.jar");
        assertEquals("target/monkey-eval.jar", ReportHint.BUILT_JAR);
    }
}
