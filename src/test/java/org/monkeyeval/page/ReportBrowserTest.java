package org.monkeyeval.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import org.monkeyeval.figures.AnchorsFigure;
import org.monkeyeval.figures.CaseFigures;
import org.monkeyeval.figures.ShareFigure;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.ReportData;
import org.monkeyeval.text.CsvTable;
import org.monkeyeval.text.InvalidInputException;

/**
 * The published report.html in a real browser (headless Chromium through chromedriver): no console
 * error, no request beyond the page itself, every figure laid out with a size and one drawn mark per
 * row of the tables it comes from, the summary table equal to cases.csv, and readable at 400 px wide
 * and in dark mode. Full-page screenshots are saved under target/ for a person to look at.
 *
 * <p>Needs Debian's chromium and chromium-driver (.ci/run installs them). Without them the test is
 * skipped with a message, except under CI=true, where it fails.
 */
@Tag("integration")
final class ReportBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path PAGE = Path.of("out", "report.html").toAbsolutePath();
    private static final Path SHOTS = Path.of("target");

    @TempDir
    static Path profile;

    private static ChromeDriver driver;

    @BeforeAll
    static void startBrowser() {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        if (!present) {
            String message = "headless Chromium not installed (" + CHROMIUM + ", " + CHROMEDRIVER
                    + "): apt-get install chromium chromium-driver; .ci/run does";
            if ("true".equals(System.getenv("CI"))) {
                fail(message + " (CI=true: the browser test must run)");
            }
            Assumptions.assumeTrue(false, message);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // the background-networking switches keep Chromium from calling out (refused on a closed network)
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--hide-scrollbars", "--user-data-dir=" + profile.toAbsolutePath(),
                "--window-size=1280,900");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        logs.enable(LogType.PERFORMANCE, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stopBrowser() {
        if (driver != null) {
            driver.quit();
        }
    }

    @BeforeEach
    void load() {
        driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features",
                List.of(Map.of("name", "prefers-color-scheme", "value", "light"))));
        driver.manage().window().setSize(new Dimension(1280, 900));
        driver.manage().logs().get(LogType.PERFORMANCE); // drop what earlier tests logged
        driver.manage().logs().get(LogType.BROWSER);
        driver.get(PAGE.toUri().toString());
    }

    private Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    private static CsvTable table(String name) throws IOException {
        return CsvTable.parse(Files.readString(Path.of("out", name), StandardCharsets.UTF_8));
    }

    @Test
    void page_loaded_noConsoleErrorAndNoRequestBeyondThePage() {
        List<String> severe = new ArrayList<>();
        for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
            if (entry.getLevel().intValue() >= Level.WARNING.intValue()) {
                severe.add(entry.getMessage());
            }
        }
        assertEquals(List.of(), severe, "console errors and warnings");
        List<String> requests = new ArrayList<>();
        for (LogEntry entry : driver.manage().logs().get(LogType.PERFORMANCE)) {
            String message = entry.getMessage();
            if (message.contains("\"Network.requestWillBeSent\"")) {
                int at = message.indexOf("\"url\":\"");
                requests.add(message.substring(at + 7, message.indexOf('"', at + 7)));
            }
        }
        assertEquals(1, requests.size(), "only the page itself is requested: " + requests);
        assertTrue(requests.get(0).startsWith("file:") && requests.get(0).endsWith("/out/report.html"),
                "the one request is the page: " + requests);
    }

    @Test
    @SuppressWarnings("unchecked")
    void figures_rendered_sizeAboveZeroAndOneDrawnMarkPerRow() throws IOException {
        List<String> improvementLines = (List<String>) js("""
                return Array.from(document.querySelectorAll('#figure-all-cases-improvement svg g'))
                  .map(g => g.getAttribute('jfreesvg:ref')).filter(r => r && r.includes('"points"'))
                  .map(r => JSON.parse(r).seriesKey);""");
        List<Map<String, Object>> figures = (List<Map<String, Object>>) js("""
                return Array.from(document.querySelectorAll('figure svg')).map(svg => {
                  const box = svg.getBoundingClientRect();
                  let marks = 0; const empty = [];
                  for (const g of svg.querySelectorAll('g')) {
                    const ref = g.getAttribute('jfreesvg:ref');
                    if (!ref || ref === 'JFREECHART_TOP_LEVEL') continue;
                    const data = JSON.parse(ref);
                    const b = g.getBBox();
                    const drawn = b.width > 0 || b.height > 0;
                    if (data.points !== undefined) {
                      const d = g.querySelector('path').getAttribute('d');
                      const vertices = (d.match(/[ML]/g) || []).length;
                      marks += vertices;
                      if (!drawn || vertices !== data.points) empty.push(ref);
                    } else if (data.itemIndex !== undefined || data.rowKey !== undefined) {
                      marks++;
                      if (!drawn) empty.push(ref);
                    }
                  }
                  return {id: svg.id, width: box.width, height: box.height, marks: marks, empty: empty};
                });""");
        Map<String, Integer> expected = expectedMarks(improvementLines);
        assertEquals(expected.size(), figures.size(), "figures on the page");
        for (Map<String, Object> f : figures) {
            String id = (String) f.get("id");
            assertTrue(((Number) f.get("width")).doubleValue() > 100, id + " width " + f.get("width"));
            assertTrue(((Number) f.get("height")).doubleValue() > 100, id + " height " + f.get("height"));
            assertEquals(expected.get(id), ((Number) f.get("marks")).intValue(), id + " marks");
            for (String ref : (List<String>) f.get("empty")) {
                assertTrue(zeroBar(id, ref), id + ": mark without a drawn shape: " + ref);
            }
        }
    }

    /** A bar of zero bits per entry (a run without a filter) has no height to draw; only its label shows. */
    private static boolean zeroBar(String figureId, String ref) throws IOException {
        if (!figureId.endsWith("-bits")) {
            return false;
        }
        String caseId = figureId.substring(0, figureId.length() - "-bits".length());
        String allocation = ref.contains("\"rowKey\": \"uniform\"") ? "uniform_bits_per_entry"
                : "optimized_bits_per_entry";
        CsvTable rows = table("rows.csv");
        for (List<String> row : rows.rows()) {
            String label = row.get(rows.header().indexOf("run_name"));
            if (row.get(0).equals(caseId) && ref.contains("\"columnKey\": \"" + label + " (")) {
                return Double.parseDouble(row.get(rows.header().indexOf(allocation))) == 0.0;
            }
        }
        return false;
    }

    /**
     * Marks each figure must draw, from the tables: bars, points and sweep vertices. The all-cases figure
     * draws one line per group of cases that coincide ({@code improvementLines}, each named by its cases,
     * every case on one): through every sweep point of its cases, and a dot per case.
     */
    private static Map<String, Integer> expectedMarks(List<String> improvementLines) throws IOException {
        CsvTable rows = table("rows.csv");
        Map<String, Integer> runs = count(rows, null);
        // a bar and an FPR point per filled deployable or current cell
        Map<String, Integer> extraBars = filled(rows, "deployable_bits_per_entry", "current_bits_per_entry");
        Map<String, Integer> extraFpr = filled(rows, "deployable_fpr", "current_fpr");
        Map<String, Integer> sweep = count(table("sweep.csv"), null);
        Map<String, Integer> measured = count(table("confirm-cases.csv"), null);
        Map<String, Integer> rocksRuns = count(table("confirm.csv"), "rocksdb");
        CsvTable cases = table("cases.csv");
        Map<String, String> workloads = new HashMap<>();
        for (List<String> row : cases.rows()) {
            workloads.put(row.get(0), row.get(cases.header().indexOf("workload")));
        }
        // the predicted deployable and current points of the memory figure
        Map<String, Integer> predictedR = filled(cases, "deployable_R", "current_R");
        Map<String, Integer> predictedCost = filled(cases, "deployable_cost", "current_cost");
        Map<String, Integer> expected = new HashMap<>();
        int all = 0;
        CsvTable sweepTable = table("sweep.csv");
        List<String> onLines = new ArrayList<>();
        for (String line : improvementLines) {
            List<String> ids = List.of(line.split(", "));
            onLines.addAll(ids);
            all += (int) sweepTable.rows().stream().filter(r -> ids.contains(r.get(0)))
                    .map(r -> new BigDecimal(r.get(sweepTable.header().indexOf("bits_per_entry")))
                            .stripTrailingZeros()).distinct().count();
        }
        assertEquals(runs.keySet().stream().sorted().toList(), onLines.stream().sorted().toList(),
                "every case on one line of the all-cases figure");
        for (String id : runs.keySet()) {
            int r = runs.get(id);
            expected.put(id + "-bits", 2 * r + extraBars.getOrDefault(id, 0));
            expected.put(id + "-fpr", (rocksRuns.getOrDefault(id, 0) > 0 ? 4 * r : 2 * r)
                    + extraFpr.getOrDefault(id, 0));
            if (workloads.get(id).equals("absent-keys")) {
                // R: uniform and optimized under the model and the RocksDB layout
                expected.put(id + "-probes", 4 * sweep.get(id) + measured.getOrDefault(id, 0)
                        + predictedR.getOrDefault(id, 0));
            } else {
                // expected reads per lookup: uniform and optimized cost under the model
                expected.put(id + "-cost", 2 * sweep.get(id) + measured.getOrDefault(id, 0)
                        + predictedCost.getOrDefault(id, 0));
            }
            all++;
        }
        expected.put("all-cases-improvement", all);
        // the trade of a rocksdb-ribbon case: a vertex and a point per bloom_before_level on each of its two
        // lines, and the chosen L marked on both
        if (Files.exists(Path.of("out", "bloom-before-level.csv"))) {
            count(table("bloom-before-level.csv"), null).forEach((id, levels) ->
                    expected.put(id + "-bloom-before-level", 4 * levels + 2));
        }
        // the engines' own settings against the optimum: every mark the figure declares drawn
        // (AnchorsFigureTest ties that count to the tables: the sweep's points on its axis, and each priced
        // anchor with the optimum at its memory)
        for (ReportData.CaseData c : published().cases()) {
            if (AnchorsFigure.drawn(c)) {
                expected.put(CaseFigures.name(c.id(), AnchorsFigure.FIGURE), AnchorsFigure.of(c).marks());
            }
        }
        // the reads against the zero-result share: each allocation through every share, in both panels
        for (ReportData.CaseData c : published().cases()) {
            if (c.zeroResultShare()) {
                int lines = c.uncertainShare() ? 4 : 3;
                expected.put(c.id() + "-share", 2 * lines
                        * ShareFigure.shares(ShareFigure.dropBeatsUniformBelow(c)).length);
            }
        }
        return expected;
    }

    /** The published tables as the report reads them (the case files, cases.csv, rows.csv, sweep.csv). */
    private static ReportData published() throws IOException {
        List<CaseFile> files;
        try {
            files = CaseFolder.read(Path.of("cases"));
        } catch (InvalidInputException e) {
            throw new IOException(e.getMessage(), e);
        }
        Map<String, CsvTable> tables = new LinkedHashMap<>();
        for (String name : List.of("cases.csv", "rows.csv", "sweep.csv")) {
            tables.put(name, table(name));
        }
        return ReportData.of(files.stream().map(CaseFile::lsmCase).toList(), tables);
    }

    /** Filled cells of the named columns (those the table has), by case. */
    private static Map<String, Integer> filled(CsvTable table, String... columns) {
        Map<String, Integer> counts = new HashMap<>();
        for (String column : columns) {
            int c = table.header().indexOf(column);
            if (c < 0) {
                continue;
            }
            for (List<String> row : table.rows()) {
                if (!row.get(c).isEmpty()) {
                    counts.merge(row.get(0), 1, Integer::sum);
                }
            }
        }
        return counts;
    }

    private static Map<String, Integer> count(CsvTable table, String layout) {
        int idColumn = table.header().indexOf("case_id");
        int layoutColumn = table.header().indexOf("layout");
        Map<String, Integer> counts = new HashMap<>();
        for (List<String> row : table.rows()) {
            if (layout == null || row.get(layoutColumn).equals(layout)) {
                counts.merge(row.get(idColumn), 1, Integer::sum);
            }
        }
        return counts;
    }

    /**
     * Every {@code <text>} of every figure, rendered by Chromium at the figure's own size: none shortened
     * to an ellipsis, none reaching out of its figure, and no two overlapping (axis and tick labels,
     * level names, bar values, legend entries, the budget label). Screenshots of the figures the
     * readability issue named are saved under target/.
     */
    @Test
    @SuppressWarnings("unchecked")
    void figures_everyText_wholeInsideItsFigureAndClearOfTheOthers() throws IOException {
        // a text's clip: the clip paths of the text and its groups, each in the user space of the element
        // that names it, mapped to the page and intersected
        List<Map<String, Object>> figures = (List<Map<String, Object>>) js("""
                const clipOf = (el, box) => {
                  let c = null;
                  for (let e = el; e && e.tagName !== 'svg'; e = e.parentElement) {
                    const m = (e.getAttribute('clip-path') || '').match(/url\\(#([^)]*)\\)/);
                    if (!m) continue;
                    const b = document.getElementById(m[1]).firstElementChild.getBBox();
                    const ctm = e.getScreenCTM();
                    const p = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
                      .map(([x, y]) => new DOMPoint(x, y).matrixTransform(ctm));
                    const r = {l: Math.min(...p.map(q => q.x)) - box.left, t: Math.min(...p.map(q => q.y)) - box.top,
                      r: Math.max(...p.map(q => q.x)) - box.left, b: Math.max(...p.map(q => q.y)) - box.top};
                    c = c === null ? r : {l: Math.max(c.l, r.l), t: Math.max(c.t, r.t), r: Math.min(c.r, r.r),
                      b: Math.min(c.b, r.b)};
                  }
                  return c;
                };
                return Array.from(document.querySelectorAll('figure svg')).map(svg => {
                  svg.style.width = svg.viewBox.baseVal.width + 'px';
                  const box = svg.getBoundingClientRect();
                  const texts = Array.from(svg.querySelectorAll('text')).filter(t => t.textContent.trim() !== '')
                    .map(t => { const r = t.getBoundingClientRect();
                      return {text: t.textContent, x: r.left - box.left, y: r.top - box.top, w: r.width,
                        h: r.height, clip: clipOf(t, box)}; });
                  return {id: svg.id, width: box.width, height: box.height, texts: texts};
                });""");
        assertTrue(figures.size() > 60, "figures on the page: " + figures.size());
        List<String> problems = new ArrayList<>();
        int texts = 0;
        for (Map<String, Object> f : figures) {
            String id = (String) f.get("id");
            double width = ((Number) f.get("width")).doubleValue();
            double height = ((Number) f.get("height")).doubleValue();
            List<Map<String, Object>> boxes = (List<Map<String, Object>>) f.get("texts");
            texts += boxes.size();
            for (int i = 0; i < boxes.size(); i++) {
                Map<String, Object> a = boxes.get(i);
                String text = (String) a.get("text");
                if (text.contains("...") || text.contains("\u2026")) {
                    problems.add(id + ": shortened '" + text + "'");
                }
                if (num(a, "x") < -0.5 || num(a, "y") < -0.5 || num(a, "x") + num(a, "w") > width + 0.5
                        || num(a, "y") + num(a, "h") > height + 0.5) {
                    problems.add(id + ": '" + text + "' reaches out of the figure " + width + " x " + height + ": "
                            + a);
                }
                Map<String, Object> clip = (Map<String, Object>) a.get("clip");
                // a plot clips what it draws to its data area: a label reaching beyond it is cut
                if (clip != null && (num(a, "x") < num(clip, "l") - CLIP_SLACK
                        || num(a, "x") + num(a, "w") > num(clip, "r") + CLIP_SLACK
                        || num(a, "y") + num(a, "h") / 2 < num(clip, "t") || num(a, "y") + num(a, "h") / 2 > num(clip, "b"))) {
                    problems.add(id + ": '" + text + "' is cut by its clip " + clip + ": " + a);
                }
                for (int j = i + 1; j < boxes.size(); j++) {
                    Map<String, Object> b = boxes.get(j);
                    double across = Math.min(num(a, "x") + num(a, "w"), num(b, "x") + num(b, "w"))
                            - Math.max(num(a, "x"), num(b, "x"));
                    double down = Math.min(num(a, "y") + num(a, "h"), num(b, "y") + num(b, "h"))
                            - Math.max(num(a, "y"), num(b, "y"));
                    // boxes are the font's full ascent and descent: lines set one under the other may touch
                    if (across > OVERLAP && down > OVERLAP) {
                        problems.add(id + ": '" + text + "' and '" + b.get("text") + "' overlap by " + across + " x "
                                + down);
                    }
                }
            }
        }
        assertEquals(List.of(), problems, "figure text problems (" + texts + " texts)");
        for (String id : List.of("leveled-7-t10-bits", "rocksdb-imported-probes", "all-cases-improvement")) {
            screenshotOf(id, "figure-" + id + ".png");
        }
    }

    /**
     * How far a text's box may reach past its clip sideways (a glyph's box has some side bearing);
     * upwards and downwards its middle must be inside, since the font's box is taller than its glyphs.
     */
    private static final double CLIP_SLACK = 1.0;

    /** Overlap of two text boxes, in CSS pixels each way, beyond which they are taken to collide. */
    private static final double OVERLAP = 1.0;

    private static double num(Map<String, Object> box, String key) {
        return ((Number) box.get(key)).doubleValue();
    }

    /** A PNG of one published figure file, opened by itself at its own size. */
    private Path screenshotOf(String figure, String name) throws IOException {
        driver.get(Path.of("out", "figures", figure + ".svg").toAbsolutePath().toUri().toString());
        Number width = (Number) js("return document.documentElement.width.baseVal.value;");
        Number height = (Number) js("return document.documentElement.height.baseVal.value;");
        Map<String, Object> clip = Map.of("x", 0, "y", 0, "width", width, "height", height, "scale", 1);
        Map<String, Object> result = driver.executeCdpCommand("Page.captureScreenshot",
                Map.of("format", "png", "captureBeyondViewport", true, "clip", clip));
        Path file = SHOTS.resolve(name);
        Files.createDirectories(SHOTS);
        Files.write(file, Base64.getDecoder().decode((String) result.get("data")));
        return file;
    }

    @Test
    @SuppressWarnings("unchecked")
    void summaryTable_everyNumber_equalsCasesCsv() throws IOException {
        CsvTable cases = table("cases.csv");
        // the first table's cells, then those of the one behind "more columns", row by row
        List<List<Map<String, String>>> rows = (List<List<Map<String, String>>>) js("""
                const more = Array.from(document.querySelectorAll('#summary-more-table tbody tr'));
                return Array.from(document.querySelectorAll('#summary-table tbody tr')).map((tr, i) =>
                  [{column: 'case_id', value: tr.dataset.case, shown: tr.querySelector('th').textContent}].concat(
                  Array.from(tr.querySelectorAll('td')).concat(Array.from(more[i].querySelectorAll('td'))).map(td =>
                    ({column: td.dataset.column, value: td.dataset.value, shown: td.textContent}))));""");
        assertEquals(Boolean.TRUE, js("""
                const a = Array.from(document.querySelectorAll('#summary-table tbody tr')).map(t => t.dataset.case);
                const b = Array.from(document.querySelectorAll('#summary-more-table tbody tr')).map(t => t.dataset.case);
                return a.length === b.length && a.every((c, i) => c === b[i]);"""), "both tables list the cases alike");
        assertEquals(cases.rows().size(), rows.size(), "one row per case");
        // ten base columns, then those of the deployable and current allocations that cases.csv has
        List<String> extra = List.of("engine_granularity", "deployable_R", "deployable_cost", "deployable_over_bound",
                "current_R", "current_cost");
        int columns = 10 + (int) extra.stream().filter(cases.header()::contains).count();
        for (int i = 0; i < rows.size(); i++) {
            List<String> csvRow = cases.rows().get(i);
            assertEquals(columns + 1, rows.get(i).size());
            for (Map<String, String> cell : rows.get(i)) {
                String published = csvRow.get(cases.header().indexOf(cell.get("column")));
                assertEquals(published, cell.get("value"), cell.get("column") + " of " + csvRow.get(0));
                if (cell.get("column").equals("case_id") || cell.get("column").equals("engine_granularity")) {
                    assertEquals(published, cell.get("shown"));
                    continue;
                }
                if (published.isEmpty() && extra.contains(cell.get("column"))) {
                    // a case without a deployable or current allocation: an empty cell
                    assertEquals("", cell.get("shown"), cell.get("column") + " of " + csvRow.get(0));
                    continue;
                }
                if (published.isEmpty()) {
                    // only the zero-result share of measured lookups is empty; the page says where a_i came from
                    assertEquals("zero_result_share", cell.get("column"), csvRow.get(0));
                    assertEquals("measured-lookups", csvRow.get(cases.header().indexOf("workload")), csvRow.get(0));
                    assertEquals("measured", cell.get("shown"), csvRow.get(0));
                    continue;
                }
                BigDecimal exact = new BigDecimal(published);
                BigDecimal shown = new BigDecimal(cell.get("shown").replace(",", ""));
                // shown to 4 significant digits: off by at most half a unit in the 4th digit
                BigDecimal allowed = exact.abs().multiply(new BigDecimal("0.0005"));
                assertTrue(exact.subtract(shown).abs().compareTo(allowed) <= 0,
                        cell.get("column") + " of " + csvRow.get(0) + ": shown " + cell.get("shown") + ", table "
                                + published);
            }
        }
    }

    /**
     * A case whose cases.csv row names an engine granularity says what its deployable allocation is, and
     * one that gives current R what its current one is; the others say nothing of either.
     */
    @Test
    @SuppressWarnings("unchecked")
    void caseSections_deployableAndCurrent_onlyWhereCasesCsvHasThem() throws IOException {
        CsvTable cases = table("cases.csv");
        Map<String, List<String>> terms = (Map<String, List<String>>) js("""
                const out = {};
                for (const s of document.querySelectorAll('section.case')) {
                  out[s.id.substring(5)] = Array.from(s.querySelectorAll('dl.facts dt')).map(dt => dt.textContent)
                    .concat(Array.from(s.querySelectorAll('table.runs thead th')).map(th => th.textContent));
                }
                return out;""");
        assertEquals(cases.rows().size(), terms.size(), "one section per case");
        int deployable = 0;
        int current = 0;
        for (List<String> row : cases.rows()) {
            String id = row.get(0);
            boolean hasDeployable = cell(cases, row, "engine_granularity");
            boolean hasCurrent = cell(cases, row, "current_R");
            List<String> shown = terms.get(id);
            assertEquals(hasDeployable, shown.contains("deployable"), id + ": " + shown);
            assertEquals(hasDeployable, shown.contains("deployable bits / entry"), id + ": " + shown);
            assertEquals(hasCurrent, shown.contains("current"), id + ": " + shown);
            assertEquals(hasCurrent, shown.contains("current bits / entry"), id + ": " + shown);
            deployable += hasDeployable ? 1 : 0;
            current += hasCurrent ? 1 : 0;
        }
        assertTrue(deployable > 0 && current > 0, "the published tables hold a case with each");
    }

    private static boolean cell(CsvTable table, List<String> row, String column) {
        int c = table.header().indexOf(column);
        return c >= 0 && !row.get(c).isEmpty();
    }

    /**
     * At a 1,400-pixel window the summary tables (the ones behind "more columns" opened too) fit the page, and
     * every wider table scrolls inside a frame that fits, its row names kept in view (a sticky first column).
     */
    @Test
    @SuppressWarnings("unchecked")
    void window_1400px_summaryFitsAndWiderTablesScrollWithTheirFirstColumnKept() throws IOException {
        driver.manage().window().setSize(new Dimension(1400, 900));
        driver.navigate().refresh();
        List<Map<String, Object>> tables = (List<Map<String, Object>>) js("""
                document.querySelectorAll('details').forEach(d => d.open = true);
                return Array.from(document.querySelectorAll('table')).map(t => {
                  const wrap = t.closest('.table-wrap');
                  const head = t.querySelector('tbody th');
                  return {id: t.id || t.className, right: t.getBoundingClientRect().right,
                    wrapRight: wrap ? wrap.getBoundingClientRect().right : 1e9, viewport: window.innerWidth,
                    sticky: head ? getComputedStyle(head).position : 'none'};
                });""");
        assertFalse(tables.isEmpty());
        for (Map<String, Object> t : tables) {
            double viewport = ((Number) t.get("viewport")).doubleValue();
            if (String.valueOf(t.get("id")).startsWith("summary")) {
                assertTrue(((Number) t.get("right")).doubleValue() <= viewport, "a summary table wider than the"
                        + " viewport: " + t);
            } else if (((Number) t.get("right")).doubleValue() > viewport) {
                assertTrue(((Number) t.get("wrapRight")).doubleValue() <= viewport, "a wide table outside a frame"
                        + " that fits: " + t);
                assertEquals("sticky", t.get("sticky"), "a wide table's first column scrolls away: " + t);
            }
        }
    }

    /** The page opens with each case's answer: the headline section first, one line per case of cases.csv. */
    @Test
    @SuppressWarnings("unchecked")
    void headline_firstSection_oneLinePerCase() throws IOException {
        CsvTable cases = table("cases.csv");
        Map<String, Object> headline = (Map<String, Object>) js("""
                const first = document.querySelector('main section');
                return {first: first.id, cases: Array.from(document.querySelectorAll('#headline li'))
                  .map(li => li.dataset.case), text: document.querySelector('#headline').textContent};""");
        assertEquals("headline", headline.get("first"));
        assertEquals(cases.rows().stream().map(r -> r.get(0)).toList(), headline.get("cases"));
        assertTrue(((String) headline.get("text")).contains("× fewer"), (String) headline.get("text"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void narrowWindow_400px_tablesScrollAndFiguresScale() throws IOException {
        driver.manage().window().setSize(new Dimension(400, 900));
        driver.navigate().refresh();
        Map<String, Object> layout = (Map<String, Object>) js("""
                const wrap = document.querySelector('#summary .table-wrap');
                const svgs = Array.from(document.querySelectorAll('figure svg'));
                return {viewport: window.innerWidth, page: document.documentElement.scrollWidth,
                  wrapClient: wrap.clientWidth, wrapScroll: wrap.scrollWidth,
                  widestFigure: Math.max(...svgs.map(s => s.getBoundingClientRect().right)),
                  smallestFigure: Math.min(...svgs.map(s => s.getBoundingClientRect().width))};""");
        long viewport = ((Number) layout.get("viewport")).longValue();
        assertTrue(viewport <= 400, "viewport " + viewport);
        assertTrue(((Number) layout.get("page")).longValue() <= viewport, "the page itself does not scroll sideways: "
                + layout);
        assertTrue(((Number) layout.get("wrapScroll")).longValue() > ((Number) layout.get("wrapClient")).longValue(),
                "the summary table scrolls inside its frame: " + layout);
        assertTrue(((Number) layout.get("widestFigure")).doubleValue() <= viewport, "figures fit: " + layout);
        assertTrue(((Number) layout.get("smallestFigure")).doubleValue() > 200, "figures still drawn: " + layout);
        screenshot("report-400px.png", 400);
    }

    @Test
    @SuppressWarnings("unchecked")
    void darkScheme_textAndTables_readable() throws IOException {
        driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features",
                List.of(Map.of("name", "prefers-color-scheme", "value", "dark"))));
        Map<String, String> colours = (Map<String, String>) js("""
                const s = e => getComputedStyle(document.querySelector(e));
                return {bg: s('body').backgroundColor, fg: s('body').color,
                  cellBg: s('#summary .table-wrap').backgroundColor, cell: s('#summary-table td').color,
                  muted: s('.lede').color};""");
        double body = contrast(colours.get("fg"), colours.get("bg"));
        assertTrue(luminance(colours.get("bg")) < 0.05, "dark background: " + colours);
        assertTrue(body >= 7, "body text contrast " + body + ": " + colours);
        assertTrue(contrast(colours.get("cell"), colours.get("cellBg")) >= 7, "table contrast: " + colours);
        assertTrue(contrast(colours.get("muted"), colours.get("bg")) >= 4.5, "muted text contrast: " + colours);
        screenshot("report-dark.png", 1280);
    }

    @Test
    void fullPage_screenshot_savedUnderTarget() throws IOException {
        Path shot = screenshot("report-screenshot.png", 1280);
        assertTrue(Files.size(shot) > 50_000, "screenshot holds a drawn page");
    }

    /** A full-page PNG through the DevTools protocol (beyond the viewport). */
    private Path screenshot(String name, int width) throws IOException {
        Number height = (Number) js("return document.documentElement.scrollHeight;");
        Map<String, Object> clip = Map.of("x", 0, "y", 0, "width", width, "height", height, "scale", 1);
        Map<String, Object> result = driver.executeCdpCommand("Page.captureScreenshot",
                Map.of("format", "png", "captureBeyondViewport", true, "clip", clip));
        Path file = SHOTS.resolve(name);
        Files.createDirectories(SHOTS);
        Files.write(file, Base64.getDecoder().decode((String) result.get("data")));
        assertFalse(((String) result.get("data")).isEmpty());
        return file;
    }

    /** WCAG 2 contrast ratio of two CSS rgb()/rgba() colours. */
    private static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(String css) {
        String[] parts = css.replaceAll("[^0-9.,]", "").split(",");
        double[] c = new double[3];
        for (int i = 0; i < 3; i++) {
            double v = Double.parseDouble(parts[i]) / 255.0;
            c[i] = v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    }
}
