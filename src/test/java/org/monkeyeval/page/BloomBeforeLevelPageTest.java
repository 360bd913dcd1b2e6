package org.monkeyeval.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.BloomBeforeLevelTable;
import org.monkeyeval.report.SweepTable;
import org.monkeyeval.report.ToolInfo;

/**
 * The page shows a rocksdb-ribbon case's bloom_before_level figure in its own section, with a caption
 * that says what it shows and cites RocksDB's filter_policy.h; tables without bloom-before-level.csv
 * (a folder written before it) draw the page without it, the footer unchanged.
 */
final class BloomBeforeLevelPageTest {

    private static final String RIBBON = "leveled-6-t10-5bpe-ribbon";

    @TempDir
    static Path dir;

    private static List<CaseFile> files;
    private static Map<String, String> tables;

    @BeforeAll
    static void run() throws Exception {
        for (String id : List.of(RIBBON, "leveled-6-t10-5bpe")) {
            Files.copy(Path.of("cases", id + ".json"), dir.resolve(id + ".json"));
        }
        files = CaseFolder.read(dir);
        Map<String, String> documents = AllocationReport.build(files, new CaseEvaluator(new ThresholdSolver()),
                ToolInfo.current(), List.of("run"), OptionalLong.empty()).documents();
        tables = new LinkedHashMap<>();
        for (String name : List.of(AllocationTables.CASES_FILE, AllocationTables.ROWS_FILE, BloomBeforeLevelTable.FILE)) {
            tables.put(name, documents.get(name));
        }
        tables.put(SweepTable.FILE, ReportDocuments.sweep(files, new ThresholdSolver()));
    }

    private static Map<String, String> render(Map<String, String> with) {
        return ReportDocuments.render(files, with, ToolInfo.current(), List.of("report"), OptionalLong.empty());
    }

    /** The case's section of the page, from its heading to the next section. */
    private static String section(String html, String id) {
        int start = html.indexOf("<section class=\"case\" id=\"case-" + id + "\">");
        assertTrue(start >= 0, id);
        return html.substring(start, html.indexOf("</section>", start));
    }

    @Test
    void page_ribbonCase_showsTheFigureWithACaptionCitingRocksDb() {
        Map<String, String> out = render(tables);
        String name = RIBBON + "-bloom-before-level";
        assertTrue(out.containsKey("figures/" + name + ".svg"), out.keySet().toString());
        String section = section(out.get(ReportDocuments.HTML_FILE), RIBBON);
        int figure = section.indexOf("<figure id=\"figure-" + name + "\"");
        assertTrue(figure >= 0, "figure in the case's section");
        String caption = section.substring(section.indexOf("<figcaption>", figure), section.indexOf("</figcaption>",
                figure));
        assertTrue(caption.contains("budget 5 bits/entry"), caption);
        assertTrue(caption.contains("<code>bloom-before-level.csv</code>"), caption);
        assertTrue(caption.contains("NewRibbonFilterPolicy") && caption.contains("include/rocksdb/filter_policy.h"),
                caption);
        assertTrue(caption.contains("3-4x the CPU time"), caption);
        assertFalse(section(out.get(ReportDocuments.HTML_FILE), "leveled-6-t10-5bpe").contains("bloom-before-level"),
                "no figure for the rocksdb-per-level case");
        assertTrue(out.get(ReportDocuments.PROVENANCE_FILE).contains("\"path\": \"" + BloomBeforeLevelTable.FILE
                + "\""), "report-provenance.json lists the table among those read");
    }

    @Test
    void page_tablesWithoutIt_drawNoFigureAndTheEarlierFooter() {
        Map<String, String> without = new LinkedHashMap<>(tables);
        without.remove(BloomBeforeLevelTable.FILE);
        Map<String, String> out = render(without);
        String html = out.get(ReportDocuments.HTML_FILE);
        // the case's description names the table; the page draws nothing of it
        assertFalse(html.contains("figure-" + RIBBON + "-bloom-before-level"), "no figure");
        assertFalse(html.contains("<code>bloom-before-level.csv</code>"), "no caption or footer naming the table");
        assertTrue(html.contains(" <code>confirm-cases.csv</code> and <code>engine.csv</code>; see"),
                "the footer as tables without it drew it");
        assertEquals(0, out.keySet().stream().filter(n -> n.contains("bloom-before-level")).count());
    }
}
