package org.monkeyeval.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.report.BloomBeforeLevelTable;
import org.monkeyeval.report.ReportData;

/**
 * The bloom_before_level figure of a case at rocksdb-ribbon granularity draws one point per L of
 * bloom-before-level.csv on each panel (reads and build work), marks the L the table says was chosen,
 * names the case's budget in its title, comes out with the same bytes in any locale and time zone, and
 * is drawn for no case at another granularity.
 */
final class BloomBeforeLevelFigureTest {

    private static final String RIBBON = "leveled-6-t10-5bpe-ribbon";
    private static final String PER_LEVEL = "leveled-6-t10-5bpe";
    private static final String READS = "expected reads per lookup, best B at each L";
    private static final String WORK = "build work per written entry";

    @TempDir
    static Path dir;

    private static ReportData data;

    @BeforeAll
    static void draw() throws Exception {
        data = PublishedCaseData.of(dir, List.of(RIBBON, PER_LEVEL));
    }

    private static ReportData.CaseData ribbon() {
        return data.cases().stream().filter(c -> c.id().equals(RIBBON)).findFirst().orElseThrow();
    }

    private static String chosenLevel(ReportData.CaseData c) {
        return c.bloomBeforeLevel().stream().filter(r -> r.text("chosen").equals("true")).findFirst().orElseThrow()
                .text("bloom_before_level");
    }

    @Test
    void figure_ribbonCase_onePointPerLevelOnEachPanel() {
        ReportData.CaseData c = ribbon();
        Figure f = BloomBeforeLevelFigure.of(c);
        int levels = c.bloomBeforeLevel().size();
        assertEquals(9, levels, "L = -1 .. 7");
        Map<String, Integer> marks = SvgMarks.bySeries(f.element());
        // each line: a vertex of its path and a point per L
        assertEquals(2 * levels, marks.get(READS), marks.toString());
        assertEquals(2 * levels, marks.get(WORK), marks.toString());
        assertEquals(f.marks(), SvgMarks.count(f.element()));
        assertEquals(f.marks(), SvgMarks.count(f.document()));
        for (ReportData.Row row : c.bloomBeforeLevel()) {
            assertTrue(f.description().contains(" L = " + row.text("bloom_before_level") + ": B "
                    + row.text("bloom_equivalent_bits_per_key") + ", "), row.text("bloom_before_level"));
            assertTrue(f.element().contains(">B " + row.text("bloom_equivalent_bits_per_key") + "<"),
                    "point labelled with its B at L = " + row.text("bloom_before_level"));
        }
    }

    @Test
    void figure_chosenMark_isTheTablesChoiceAndTheDeployableAllocationsL() {
        ReportData.CaseData c = ribbon();
        String chosen = chosenLevel(c);
        assertEquals(c.summary().text("deployable_bloom_before_level"), chosen);
        BloomBeforeLevelFigure.Trade trade = BloomBeforeLevelFigure.Trade.of(c);
        assertEquals(Integer.parseInt(chosen), trade.chosenLevel());
        Figure f = BloomBeforeLevelFigure.of(c);
        String b = c.bloomBeforeLevel().get(trade.chosen()).text("bloom_equivalent_bits_per_key");
        assertFalse(b.equals("none"), "the case keeps a filter at 5 bits per entry");
        String series = "chosen: ribbonfilter:" + b + ":" + chosen;
        Map<String, Integer> marks = SvgMarks.bySeries(f.element());
        assertEquals(1, marks.get(series), marks.toString());
        assertEquals(1, marks.get(series + ", build work"), marks.toString());
        assertTrue(f.element().contains(">chosen L = " + chosen + "<"), "the marker line is labelled");
        assertTrue(f.description().contains("mark the chosen L = " + chosen + ", ribbonfilter:" + b + ":" + chosen),
                f.description());
    }

    @Test
    void figure_title_namesTheCaseAndItsBudget() {
        Figure f = BloomBeforeLevelFigure.of(ribbon());
        assertEquals(RIBBON + "-" + BloomBeforeLevelFigure.FIGURE, f.name());
        assertTrue(f.title().contains(RIBBON) && f.title().contains("budget 5 bits/entry"), f.title());
    }

    @Test
    void caseFigures_lastOfARibbonCaseAndNoneOfAnother() {
        for (ReportData.CaseData c : data.cases()) {
            List<Figure> figures = CaseFigures.of(c);
            boolean drawn = figures.stream().anyMatch(f -> f.name().endsWith("-" + BloomBeforeLevelFigure.FIGURE));
            assertEquals(c.id().equals(RIBBON), drawn, c.id());
            if (drawn) {
                assertTrue(figures.get(figures.size() - 1).name().endsWith(BloomBeforeLevelFigure.FIGURE), c.id());
            }
        }
    }

    @Test
    void figure_otherLocaleAndTimeZone_sameBytes() {
        String here = BloomBeforeLevelFigure.of(ribbon()).document();
        Locale locale = Locale.getDefault();
        TimeZone zone = TimeZone.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            TimeZone.setDefault(TimeZone.getTimeZone("Asia/Tokyo"));
            assertEquals(here, BloomBeforeLevelFigure.of(ribbon()).document());
        } finally {
            Locale.setDefault(locale);
            TimeZone.setDefault(zone);
        }
    }

    @Test
    void trade_tableWithoutAChosenRow_refusedNamingTheCase() {
        ReportData.CaseData c = ribbon();
        List<ReportData.Row> none = c.bloomBeforeLevel().stream().map(r -> {
            Map<String, String> fields = new LinkedHashMap<>(r.fields());
            fields.put("chosen", "false");
            return new ReportData.Row(r.file(), r.line(), fields);
        }).toList();
        ReportData.CaseData edited = new ReportData.CaseData(c.lsmCase(), c.summary(), c.runs(), c.sweep(),
                c.confirmRuns(), c.confirmCases(), none);
        ReportData.TableException e = assertThrows(ReportData.TableException.class,
                () -> BloomBeforeLevelFigure.Trade.of(edited));
        assertTrue(e.getMessage().contains(BloomBeforeLevelTable.FILE) && e.getMessage().contains(RIBBON),
                e.getMessage());
        assertFalse(c.bloomBeforeLevel().isEmpty());
    }
}
