package org.monkeyeval.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.report.ReportData;

/**
 * The anchors figure draws one filled point per engine setting cases.csv prices for the case, one open diamond
 * per anchor for the optimum at its memory, and the model's optimum as a line over the sweep's memory up to the
 * axis' end; a case Pebble cannot hold draws no Pebble point, and a row without the anchor columns no figure.
 */
final class AnchorsFigureTest {

    /** Three levels (every anchor applies), seven levels below L0 (Pebble's do not), an imported database. */
    private static final List<String> IDS = List.of("seed-10bpe", "leveled-7-t10", "rocksdb-imported");

    @TempDir
    static Path dir;

    private static ReportData data;

    @BeforeAll
    static void draw() throws Exception {
        data = PublishedCaseData.of(dir, IDS);
    }

    private static ReportData.CaseData of(String id) {
        return data.cases().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private static void assertMarks(ReportData.CaseData c, int anchors) {
        Figure f = AnchorsFigure.of(c);
        Map<String, Integer> marks = SvgMarks.bySeries(f.element());
        double end = AnchorsFigure.memoryEnd(c);
        long curve = c.sweep().stream().filter(r -> r.number("bits_per_entry") <= end).count();
        assertTrue(curve >= 16, c.id() + ": " + curve + " sweep points on the axis");
        assertEquals((int) curve, marks.get(AnchorsFigure.CURVE), c.id() + " " + marks);
        assertEquals(anchors, marks.get(AnchorsFigure.OPTIMA), c.id() + " " + marks);
        for (AnchorsFigure.Anchor a : AnchorsFigure.ANCHORS) {
            boolean priced = c.summary().has(a.prefix() + "_cost");
            assertEquals(priced ? 1 : null, marks.get(a.label()), c.id() + " " + a.label());
            if (priced) {
                assertTrue(f.description().contains(a.label() + ": "), c.id() + " " + a.label());
            }
        }
        assertEquals(curve + 2L * anchors, f.marks(), c.id());
        assertEquals(f.marks(), SvgMarks.count(f.element()), c.id());
        assertEquals(f.marks(), SvgMarks.count(f.document()), c.id());
    }

    @Test
    void figure_threeLevelCase_fiveAnchorsFiveOptimaAndTheCurve() {
        assertMarks(of("seed-10bpe"), 5);
    }

    @Test
    void figure_sevenLevels_rocksDbAnchorsOnly() {
        ReportData.CaseData c = of("leveled-7-t10");
        assertFalse(c.summary().has("pebble_uniform_cost"));
        assertMarks(c, 2);
    }

    @Test
    void figure_importedDatabase_everyAnchor() {
        assertMarks(of("rocksdb-imported"), 5);
    }

    @Test
    void caseFigures_drawnForEveryCaseWithAnchorColumns_noneWithout() {
        for (ReportData.CaseData c : data.cases()) {
            assertTrue(CaseFigures.of(c).stream().anyMatch(f -> f.name().equals(c.id() + "-" + AnchorsFigure.FIGURE)),
                    c.id());
            Map<String, String> fields = new LinkedHashMap<>(c.summary().fields());
            fields.keySet().removeIf(k -> k.startsWith("progressive") || k.startsWith("ribbon_hybrid")
                    || k.startsWith("rocksdb_uniform") || k.startsWith("pebble_uniform"));
            ReportData.CaseData older = new ReportData.CaseData(c.lsmCase(),
                    new ReportData.Row(c.summary().file(), c.summary().line(), fields), c.runs(), c.sweep(),
                    c.confirmRuns(), c.confirmCases(), c.bloomBeforeLevel());
            assertFalse(AnchorsFigure.drawn(older), c.id());
            assertNull(CaseFigures.of(older).stream().filter(f -> f.name().endsWith("-" + AnchorsFigure.FIGURE))
                    .findFirst().orElse(null), c.id());
        }
    }
}
