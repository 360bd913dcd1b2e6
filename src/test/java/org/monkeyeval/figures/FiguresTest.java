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

import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.page.ReportDocuments;
import org.monkeyeval.report.CsvTable;
import org.monkeyeval.report.ReportData;

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
            assertEquals(2 * runs, SvgMarks.count(figures.get(0).element()), c.id() + " bars");
            assertEquals((rocks ? 4 : 2) * runs, SvgMarks.count(figures.get(1).element()), c.id() + " fpr points");
            // R figure: 4 curves (model and RocksDB layout); cost figure of a weighted case: 2 model curves
            assertEquals((c.weighted() ? 2 : 4) * c.sweep().size() + c.confirmCases().size(),
                    SvgMarks.count(figures.get(2).element()), c.id() + " sweep vertices and measured points");
            for (Figure f : figures) {
                assertEquals(f.marks(), SvgMarks.count(f.element()), f.name());
                assertEquals(f.marks(), SvgMarks.count(f.document()), f.name());
            }
        }
        int expected = data.cases().stream().mapToInt(c -> c.sweep().size() + 1).sum();
        assertEquals(expected, SvgMarks.count(ImprovementFigure.of(data).element()));
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
            } else {
                assertEquals(c.id() + "-probes", memory.name());
                assertTrue(memory.title().startsWith("Expected probes against memory"), memory.title());
            }
        }
        assertEquals(3, weighted, "seed-10bpe-z0, seed-10bpe-z0.5 and measured-lookups weight their runs");
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

    static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }
}
