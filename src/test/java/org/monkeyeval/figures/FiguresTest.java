package org.monkeyeval.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.page.ReportDocuments;
import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.ReportData;
import org.monkeyeval.text.CsvTable;

/**
 * Every figure of the published tables draws one mark per row it is drawn from, names itself for
 * screen readers, keeps its ids under its own name, and comes out with the same bytes in any default
 * locale and time zone.
 */
final class FiguresTest {

    private static ReportData data;

    @BeforeAll
    static void readPublished() throws Exception {
        List<CaseFile> files = CaseFolder.read(Path.of("cases"));
        Map<String, CsvTable> tables = new LinkedHashMap<>();
        for (String name : List.of("cases.csv", "rows.csv", "confirm.csv", "confirm-cases.csv", "engine.csv")) {
            tables.put(name, CsvTable.parse(Files.readString(Path.of("out", name), StandardCharsets.UTF_8)));
        }
        tables.put("sweep.csv", CsvTable.parse(ReportDocuments.sweep(files, new ThresholdSolver())));
        data = ReportData.of(files.stream().map(CaseFile::lsmCase).toList(), tables);
    }

    private static List<Figure> all() {
        List<Figure> figures = new ArrayList<>();
        data.cases().forEach(c -> figures.addAll(CaseFigures.of(c)));
        figures.add(ImprovementFigure.of(data));
        return figures;
    }

    @Test
    void caseFigures_publishedTables_oneMarkPerRow() {
        for (ReportData.CaseData c : data.cases()) {
            List<Figure> figures = CaseFigures.of(c);
            int runs = c.runs().size();
            boolean rocks = !c.confirmRuns("uniform", "rocksdb").isEmpty();
            // a bar and an FPR point for each filled deployable and current cell of rows.csv
            int deployableRuns = filled(c, "deployable_bits_per_entry");
            int currentRuns = filled(c, "current_bits_per_entry");
            assertEquals(2 * runs + deployableRuns + currentRuns, SvgMarks.count(figures.get(0).element()),
                    c.id() + " bars");
            assertEquals((rocks ? 4 : 2) * runs + filled(c, "deployable_fpr") + filled(c, "current_fpr"),
                    SvgMarks.count(figures.get(1).element()), c.id() + " fpr points");
            // R figure: 4 curves (model and RocksDB layout); cost figure of a weighted case: 2 model curves;
            // a point per confirm-cases row, and the predicted deployable and current points
            String measure = c.weighted() ? "cost" : "R";
            int predicted = (c.summary().has("deployable_" + measure) ? 1 : 0)
                    + (c.summary().has("current_" + measure) ? 1 : 0);
            assertEquals((c.weighted() ? 2 : 4) * c.sweep().size() + c.confirmCases().size() + predicted,
                    SvgMarks.count(figures.get(2).element()), c.id() + " sweep vertices and measured points");
            for (Figure f : figures) {
                assertEquals(f.marks(), SvgMarks.count(f.element()), f.name());
                assertEquals(f.marks(), SvgMarks.count(f.document()), f.name());
            }
        }
        // a line per group of coinciding cases through every member's sweep points, a dot per case
        int expected = data.cases().size();
        for (ImprovementFigure.Group g : ImprovementFigure.groups(data.cases())) {
            expected += (int) g.cases().stream().flatMap(c -> c.sweep().stream())
                    .map(r -> r.number("bits_per_entry")).distinct().count();
        }
        assertEquals(expected, SvgMarks.count(ImprovementFigure.of(data).element()));
    }

    private static int filled(ReportData.CaseData c, String column) {
        return (int) c.runs().stream().filter(r -> r.has(column)).count();
    }

    @Test
    void deployableAndCurrent_publishedTables_drawnForTheImportedCaseOnly() {
        int withExtras = 0;
        for (ReportData.CaseData c : data.cases()) {
            List<Figure> figures = CaseFigures.of(c);
            Map<String, Integer> bars = SvgMarks.bySeries(figures.get(0).element());
            Map<String, Integer> fpr = SvgMarks.bySeries(figures.get(1).element());
            Map<String, Integer> probes = SvgMarks.bySeries(figures.get(2).element());
            int runs = c.runs().size();
            if (!c.hasDeployable()) {
                for (Figure f : figures) {
                    assertFalse(f.element().contains("deployable"), f.name());
                    assertFalse(f.element().contains("current"), f.name());
                }
                continue;
            }
            if (!c.id().equals("rocksdb-imported")) {
                // a published case that names its engine granularity: deployable drawn, no current
                assertEquals(runs, bars.get("deployable (" + c.summary().text("engine_granularity") + ")"), c.id());
                for (Figure f : figures) {
                    assertFalse(f.element().contains("current"), f.name());
                }
                continue;
            }
            withExtras++;
            assertEquals(runs, bars.get("deployable (rocksdb-per-level)"), "deployable bars");
            assertEquals(runs, bars.get("current"), "current bars");
            assertEquals(runs, fpr.get("deployable (rocksdb-per-level), engine's filter (predicted)"),
                    "deployable FPR");
            assertEquals(runs, fpr.get("current, model"), "current FPR");
            assertEquals(1, probes.get("deployable, measured, rocksdb-engine"), "measured deployable point");
            assertEquals(1, probes.get("deployable (rocksdb-per-level), engine's filter (predicted)"),
                    "predicted deployable point");
            assertEquals(1, probes.get("current, model"), "current point");
            String desc = figures.get(2).description();
            assertTrue(desc.contains("deployable measured with the RocksDB engine: R = "), desc);
            assertTrue(desc.contains("the deployable allocation") && desc.contains("R = "
                    + AxisFormat.label(c.summary().number("deployable_R"))), desc);
            assertTrue(desc.contains("the current allocation") && desc.contains("R = "
                    + AxisFormat.label(c.summary().number("current_R"))), desc);
        }
        assertEquals(1, withExtras, "rocksdb-imported is the published case with deployable and current columns");
    }

    /**
     * Every case evaluated with an engine granularity gets a deployable allocation: the bars, the FPR
     * figure and the memory figure (R or, for a weighted case, cost) draw it; only the imported case,
     * which gives its current bits, draws a current series.
     */
    @Test
    void deployable_everyCaseWithAGranularity_drawnInEveryFigureIncludingCost() throws Exception {
        List<CaseFile> files = CaseFolder.read(Path.of("cases"));
        CaseEvaluator evaluator = new CaseEvaluator(new ThresholdSolver(), Engine.PEBBLE);
        List<CaseResult> results = files.stream().map(f -> evaluator.evaluate(f.lsmCase())).toList();
        Map<String, CsvTable> tables = new LinkedHashMap<>();
        tables.put("cases.csv", CsvTable.parse(AllocationTables.cases(results)));
        tables.put("rows.csv", CsvTable.parse(AllocationTables.rows(results)));
        tables.put("sweep.csv", CsvTable.parse(ReportDocuments.sweep(files, new ThresholdSolver())));
        ReportData pebble = ReportData.of(files.stream().map(CaseFile::lsmCase).toList(), tables);
        int weighted = 0;
        for (ReportData.CaseData c : pebble.cases()) {
            List<Figure> figures = CaseFigures.of(c);
            int runs = c.runs().size();
            boolean current = c.id().equals("rocksdb-imported");
            assertEquals(runs, SvgMarks.bySeries(figures.get(0).element()).get("deployable (pebble)"), c.id());
            assertEquals(current ? runs : null, SvgMarks.bySeries(figures.get(0).element()).get("current"), c.id());
            assertEquals(runs, SvgMarks.bySeries(figures.get(1).element())
                    .get("deployable (pebble), engine's filter (predicted)"), c.id());
            Figure memory = figures.get(2);
            assertEquals(1, SvgMarks.bySeries(memory.element())
                    .get("deployable (pebble), engine's filter (predicted)"), memory.name());
            String measure = c.weighted() ? "cost = " : "R = ";
            assertTrue(memory.description().contains("the deployable allocation, the best pebble can express")
                    && memory.description().contains(measure + AxisFormat.label(c.summary().number(
                    c.weighted() ? "deployable_cost" : "deployable_R"))), memory.description());
            weighted += c.weighted() ? 1 : 0;
            for (Figure f : figures) {
                assertEquals(f.marks(), SvgMarks.count(f.element()), f.name());
            }
        }
        assertEquals(5, weighted, "the cost figure is among those checked");
    }

    @Test
    void memoryFigure_weightedCase_plotsCostAndAbsentKeyCaseR() {
        int weighted = 0;
        for (ReportData.CaseData c : data.cases()) {
            Figure memory = CaseFigures.of(c).get(2);
            if (c.weighted()) {
                weighted++;
                assertEquals(c.id() + "-cost", memory.name());
                assertTrue(memory.title().startsWith("Expected reads per lookup against memory"), memory.title());
                assertTrue(memory.element().contains("expected reads per lookup"), c.id() + " axis label");
                assertTrue(memory.element().contains("measured cost at the budget"), c.id() + " measured points");
                assertTrue(memory.element().contains("measured ÷ predicted, by layout"), c.id() + " zoomed panels of the cost");
            } else {
                assertEquals(c.id() + "-probes", memory.name());
                assertTrue(memory.title().startsWith("Expected probes against memory"), memory.title());
            }
        }
        assertEquals(5, weighted, "seed-10bpe-z0, seed-10bpe-z0.5, seed-10bpe-z-range, leveled-6-t10-kl and"
                + " measured-lookups weight their runs");
    }

    /**
     * A case with a zero-result share draws a fourth figure: every allocation (the robust one only for an
     * uncertain share) through every share of the grid, once in each panel; other cases draw three (each then
     * the anchors figure, where its row has the anchor columns).
     */
    @Test
    void shareFigure_caseWithAZeroResultShare_drawsEachAllocationThroughEveryShare() {
        int drawn = 0;
        int robust = 0;
        for (ReportData.CaseData c : data.cases()) {
            List<Figure> figures = CaseFigures.of(c);
            // the anchors figure follows, where the case's row prices the engines' own settings
            int anchors = AnchorsFigure.drawn(c) ? 1 : 0;
            if (!c.zeroResultShare()) {
                assertEquals(3 + anchors, figures.size(), c.id());
                continue;
            }
            drawn++;
            Figure share = figures.get(3);
            assertEquals(c.id() + "-share", share.name());
            Map<String, Integer> series = SvgMarks.bySeries(share.element());
            int points = ShareFigure.shares(ShareFigure.dropBeatsUniformBelow(c)).length;
            String nominal = "optimized for z = " + AxisFormat.label(c.summary().number("zero_result_share"));
            assertEquals(points, series.get("uniform"), c.id());
            assertEquals(points, series.get("uniform, false positives"), c.id());
            assertEquals(points, series.get(nominal), c.id());
            assertEquals(points, series.get("no filter on the last level"), c.id());
            long robustSeries = series.keySet().stream().filter(k -> k.startsWith("robust over z in [")).count();
            assertEquals(c.uncertainShare() ? 2 : 0, robustSeries, c.id());
            assertEquals((c.uncertainShare() ? 4 : 3) * 2 * points, share.marks(), c.id());
            robust += c.uncertainShare() ? 1 : 0;
            double below = ShareFigure.dropBeatsUniformBelow(c);
            if (below > 0 && below < 1) {
                assertTrue(share.description().contains("marks z = " + AxisFormat.label(below)), share.description());
            }
        }
        assertEquals(4, drawn, "seed-10bpe-z0, seed-10bpe-z0.5 and the two uncertain cases have a zero-result share");
        assertEquals(2, robust, "seed-10bpe-z-range and leveled-6-t10-kl are uncertain");
    }

    @Test
    void figures_publishedTables_titleDescriptionAndLabelledAxes() {
        for (Figure f : all()) {
            assertTrue(f.element().contains("<title id='" + f.name() + "-title'>"), f.name());
            assertTrue(f.element().contains("<desc id='" + f.name() + "-desc'>"), f.name());
            assertTrue(f.element().contains("role='img'"), f.name());
            assertTrue(f.element().contains("bits per entry") || f.element().contains("run in probe order"), f.name());
            assertTrue(f.document().startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg"), f.name());
        }
    }

    @Test
    void figures_everyId_startsWithTheFigureName() {
        Pattern id = Pattern.compile(" id='([^']*)'");
        for (Figure f : all()) {
            Matcher m = id.matcher(f.element());
            int ids = 0;
            while (m.find()) {
                assertTrue(m.group(1).startsWith(f.name()), f.name() + ": id " + m.group(1));
                ids++;
            }
            assertTrue(ids >= 3, f.name());
        }
    }

    @Test
    void figures_otherLocaleAndTimeZone_sameBytes() {
        List<Figure> first = all();
        Locale locale = Locale.getDefault();
        TimeZone zone = TimeZone.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            TimeZone.setDefault(TimeZone.getTimeZone("Asia/Tokyo"));
            List<Figure> second = all();
            assertEquals(first, second);
        } finally {
            Locale.setDefault(locale);
            TimeZone.setDefault(zone);
        }
        assertFalse(first.get(0).element().contains("0,5"));
    }

    @Test
    void axisFormat_label_sixSignificantDigitsWithoutLocale() {
        assertEquals("0.3", AxisFormat.label(0.30000000000000004));
        assertEquals("0.0001", AxisFormat.label(1e-4));
        assertEquals("1e-7", AxisFormat.label(1e-7));
        assertEquals("9.4023", AxisFormat.label(9.402312, 5));
        assertEquals("1,110,000", AxisFormat.grouped(1_110_000));
    }

    @Test
    void svgExport_coordinates_fixedPointWithoutTrailingZeros() {
        assertEquals("12.5", SvgExport.coordinate(12.4999999));
        assertEquals("-0.01", SvgExport.coordinate(-0.0149));
        assertEquals("0", SvgExport.coordinate(-0.001));
        assertEquals("720", SvgExport.coordinate(720.0));
        assertEquals("0.7071", SvgExport.transform(Math.sqrt(0.5)));
    }

    private static final Pattern TEXT = Pattern.compile("<text [^>]*?font-size: ([0-9.]+)px;[^>]*>([^<]*)</text>");

    /** The text of every {@code <text>} of an SVG, with its font size, unescaped. */
    private static List<String[]> texts(String svg) {
        List<String[]> texts = new ArrayList<>();
        Matcher m = TEXT.matcher(svg);
        while (m.find()) {
            texts.add(new String[] {m.group(1), m.group(2).replace("&lt;", "<").replace("&gt;", ">")
                    .replace("&#39;", "'").replace("&apos;", "'").replace("&quot;", "\"").replace("&amp;", "&")});
        }
        return texts;
    }

    private static List<String> words(String svg) {
        return texts(svg).stream().map(t -> t[1]).toList();
    }

    /**
     * Every run is named on the axis of both per-run figures as the tables name it, whole: its name and
     * entries on one line, or the name over the entries; and no figure's text anywhere is shortened to
     * an ellipsis (JFreeChart's category axis cuts a label too wide for its category to "L0...").
     */
    @Test
    void runLabels_everyPerRunFigure_wholeNamesAsInTheTables() {
        for (ReportData.CaseData c : data.cases()) {
            for (Figure f : CaseFigures.of(c).subList(0, 2)) {
                List<String> words = words(f.element());
                for (ReportData.Row run : c.runs()) {
                    String name = run.text("run_name").isEmpty() ? "run " + run.text("run") : run.text("run_name");
                    String entries = "(" + AxisFormat.grouped(run.whole("entries")) + ")";
                    assertTrue(words.contains(name + " " + entries) || words.contains(name) && words.contains(entries),
                            f.name() + ": run " + name + " " + entries + " in " + words);
                }
            }
        }
        for (Figure f : all()) {
            for (String word : words(f.document())) {
                assertFalse(word.contains("...") || word.contains("\u2026"), f.name() + ": shortened text " + word);
            }
        }
    }

    /**
     * A tree whose levels hold several runs is drawn per level: both per-run figures name each level once,
     * in probe order, under its runs (the level row's 11 px text); a case without a shared level has no
     * level row.
     */
    @Test
    void levelRow_treeWithSharedLevels_eachLevelNamedOnceInOrder() {
        int trees = 0;
        for (ReportData.CaseData c : data.cases()) {
            List<String> levels = new ArrayList<>();
            boolean shared = false;
            for (ReportData.Row run : c.runs()) {
                String level = run.has("level") ? "L" + run.text("level") : null;
                if (!levels.isEmpty() && level != null && level.equals(levels.get(levels.size() - 1))) {
                    shared = true;
                } else {
                    levels.add(level);
                }
            }
            shared &= !levels.contains(null);
            for (Figure f : CaseFigures.of(c).subList(0, 2)) {
                List<String> named = texts(f.element()).stream().filter(t -> t[0].equals("11")).map(t -> t[1])
                        .toList();
                assertEquals(shared ? levels : List.of(), named, f.name());
            }
            trees += shared ? 1 : 0;
        }
        assertTrue(trees >= 4, "leveled, lazy-leveling, tiering and RocksDB trees have shared levels: " + trees);
    }

    /**
     * The memory figure draws each measured point once, in the panel of its allocation zoomed on the
     * budget: a panel per measured allocation, every layout of confirm-cases.csv named as that table
     * names it.
     */
    @Test
    void memoryFigure_measuredPoints_oncePerRowInAZoomedPanelPerAllocation() {
        int checked = 0;
        for (ReportData.CaseData c : data.cases()) {
            Figure memory = CaseFigures.of(c).get(2);
            List<ReportData.Row> measured = c.confirmCases().stream()
                    .filter(r -> !c.weighted() || r.has("measured_cost")).toList();
            if (measured.isEmpty()) {
                continue;
            }
            Map<String, Integer> series = SvgMarks.bySeries(memory.element());
            List<String> words = words(memory.element());
            for (ReportData.Row r : measured) {
                String allocation = r.text("allocation");
                assertEquals(1, series.get(allocation + ", measured, " + r.text("layout")),
                        memory.name() + ": " + allocation + " " + r.text("layout") + " in " + series.keySet());
                assertTrue(words.contains(allocation), memory.name() + " panel of " + allocation + ": " + words);
                assertTrue(words.contains(r.text("layout")), memory.name() + " layout " + r.text("layout"));
            }
            checked++;
        }
        assertTrue(checked > 10, "cases with measured points: " + checked);
    }

    /**
     * The improvement of a case whose lookups are all for absent keys depends on its runs' relative sizes
     * alone: such cases with the same sizes share one line, named by all of them; every case is on one
     * line, and no two lines coincide.
     */
    @Test
    void improvementFigure_casesOfTheSameRelativeSizes_shareOneLineNamedByAll() {
        List<List<String>> lines = SvgMarks.bySeries(ImprovementFigure.of(data).element()).keySet().stream()
                .filter(k -> !k.endsWith(" budget")).map(k -> List.of(k.split(", "))).toList();
        List<String> onLines = lines.stream().flatMap(List::stream).sorted().toList();
        assertEquals(data.cases().stream().map(ReportData.CaseData::id).sorted().toList(), onLines);
        Map<String, ReportData.CaseData> byId = new LinkedHashMap<>();
        data.cases().forEach(c -> byId.put(c.id(), c));
        for (ReportData.CaseData a : data.cases()) {
            for (ReportData.CaseData b : data.cases()) {
                if (!a.weighted() && !b.weighted() && shares(a).equals(shares(b))) {
                    assertEquals(lineOf(lines, a.id()), lineOf(lines, b.id()), a.id() + " and " + b.id());
                }
            }
        }
        for (int i = 0; i < lines.size(); i++) {
            for (int j = i + 1; j < lines.size(); j++) {
                assertFalse(sameImprovement(byId.get(lines.get(i).get(0)), byId.get(lines.get(j).get(0))),
                        lines.get(i) + " and " + lines.get(j) + " draw the same line twice");
            }
        }
        assertTrue(lines.stream().anyMatch(l -> l.containsAll(List.of("seed-0bpe", "seed-10bpe", "seed-20bpe",
                "unsorted", "total-bits"))), "the seed cases share a line: " + lines);
    }

    /** A case's run sizes as exact shares of its entries (numerator over the total, reduced), sorted. */
    private static List<String> shares(ReportData.CaseData c) {
        long total = c.runs().stream().mapToLong(r -> r.whole("entries")).sum();
        return c.runs().stream().map(r -> {
            java.math.BigInteger n = java.math.BigInteger.valueOf(r.whole("entries"));
            java.math.BigInteger d = java.math.BigInteger.valueOf(total);
            java.math.BigInteger g = n.gcd(d);
            return n.divide(g) + "/" + d.divide(g);
        }).sorted().toList();
    }

    private static int lineOf(List<List<String>> lines, String id) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(id)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether two cases' sweeps give the same improvement (to 1e-6) at every bits per entry both hold. */
    private static boolean sameImprovement(ReportData.CaseData a, ReportData.CaseData b) {
        Map<Double, Double> of = new LinkedHashMap<>();
        a.sweep().forEach(r -> of.put(r.number("bits_per_entry"), r.number("improvement")));
        for (ReportData.Row r : b.sweep()) {
            Double other = of.get(r.number("bits_per_entry"));
            if (other != null && Math.abs(other - r.number("improvement")) > 1e-6 * Math.abs(other)) {
                return false;
            }
        }
        return true;
    }

    /** The log(1 + b) memory axis: 0 and the top at the area's ends, 1 bit where log 2 / log 25.5 says. */
    @Test
    void log1pAxis_valueToJava2D_linearInLogOnePlusB() {
        Log1pAxis axis = new Log1pAxis("b", new org.jfree.data.Range(0, 24.5), 0, 1, 24);
        java.awt.geom.Rectangle2D area = new java.awt.geom.Rectangle2D.Double(100, 0, 600, 300);
        org.jfree.chart.ui.RectangleEdge bottom = org.jfree.chart.ui.RectangleEdge.BOTTOM;
        assertEquals(100, axis.valueToJava2D(0, area, bottom), 1e-9);
        assertEquals(700, axis.valueToJava2D(24.5, area, bottom), 1e-9);
        assertEquals(100 + 600 * Math.log(2) / Math.log(25.5), axis.valueToJava2D(1, area, bottom), 1e-9);
        assertEquals(4.0, axis.java2DToValue(axis.valueToJava2D(4, area, bottom), area, bottom), 1e-12);
    }

    static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }
}
