package org.monkeyeval.page;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.alloc.MemorySweep;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.confirm.Layout;
import org.monkeyeval.figures.CaseFigures;
import org.monkeyeval.figures.Figure;
import org.monkeyeval.figures.ImprovementFigure;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.report.EngineTables;
import org.monkeyeval.report.Provenance;
import org.monkeyeval.report.ReportData;
import org.monkeyeval.report.RenamedColumns;
import org.monkeyeval.report.SweepTable;
import org.monkeyeval.report.ToolInfo;
import org.monkeyeval.text.CsvTable;
import org.monkeyeval.text.Json;
import org.monkeyeval.text.Sha256;

/**
 * Everything {@code report} writes: {@code sweep.csv} (computed from the cases), then, drawn from the
 * tables of the output folder and that sweep, {@code report.html}, one SVG per figure under
 * {@code figures/}, and {@code report-provenance.json}.
 *
 * <p>The page and figures are a function of the tables' text, never of unrounded doubles, so that
 * {@code verify} can redraw them from a published folder and compare bytes.
 */
public final class ReportDocuments {

    public static final String HTML_FILE = "report.html";
    public static final String FIGURES_FOLDER = "figures";
    public static final String PROVENANCE_FILE = "report-provenance.json";

    /**
     * How the page and figures are drawn from the tables, as a number raised whenever the same tables
     * draw other bytes. {@code verify} redraws a published page and compares it byte for byte only when
     * it was drawn at this revision. 1 (recorded by no {@code drawing} section) drew the uniform and
     * optimized allocations only; 2 also draws the deployable and current allocations; 3 also draws, for
     * a case with a zero-result share, the reads per lookup against that share and, when it is
     * uncertain, the robust allocation; 4 names every run whole (upright where many, with level
     * brackets for a tree), zooms the memory figures on the budget beside their curves, and draws
     * coinciding cases as one line on a log(1 + b) memory axis; 5 opens the page with each case's answer in
     * one line (and a rehearsal's measured gain where {@code rehearsal.csv} holds one), and moves the summary's
     * size and count columns behind "more columns" so that the first table fits a 1,400-pixel page, and draws
     * the all-cases improvement in two panels (the lines that rise to 3 times or more above the others); 6 draws,
     * for a case whose cases.csv row has the engines' own settings as anchors, their facts and the figure of the
     * anchors against the optimum ({@code figures.AnchorsFigure}); 7 names the scale each allocation is priced
     * on (uniform and optimized on the ideal Bloom curve, deployable on the engine's filters, divided by the
     * engine's per-run bound), as the renamed columns do ({@code report.RenamedColumns}).
     */
    public static final int DRAWING_REVISION = 7;

    /** The report-provenance section that records {@link #DRAWING_REVISION}. */
    public static final String DRAWING = "drawing";

    private ReportDocuments() {
    }

    /** {@code sweep.csv} for cases sorted by id: model R and RocksDB-layout predicted R of both allocations. */
    public static String sweep(List<CaseFile> files, ThresholdSolver solver) {
        MemorySweep sweep = new MemorySweep(solver);
        List<SweepTable.CaseSweep> sweeps = new ArrayList<>();
        for (CaseFile file : files) {
            sweeps.add(new SweepTable.CaseSweep(file.lsmCase(), sweep.sweep(file.lsmCase())));
        }
        return SweepTable.render(sweeps, Layout.ROCKSDB::predictedFpr);
    }

    /**
     * @param files           the case files, sorted by id
     * @param tables          table text by file name: cases.csv, rows.csv and sweep.csv, and the
     *                        confirmation's tables when present
     * @param tool            the tool
     * @param command         the command line, for provenance
     * @param sourceDateEpoch SOURCE_DATE_EPOCH, the only time recorded
     * @return file name (relative to the output folder) to text, sweep.csv first, provenance last
     * @throws ReportData.TableException when a table lacks what the report needs
     */
    public static Map<String, String> render(List<CaseFile> files, Map<String, String> tables, ToolInfo tool,
                                             List<String> command, OptionalLong sourceDateEpoch) {
        Map<String, CsvTable> parsed = new LinkedHashMap<>();
        tables.forEach((name, text) -> parsed.put(name, RenamedColumns.today(name, CsvTable.parse(text))));
        List<LsmCase> cases = files.stream().map(CaseFile::lsmCase).toList();
        ReportData data = ReportData.of(cases, parsed);

        Map<String, List<Figure>> caseFigures = new LinkedHashMap<>();
        Map<String, String> svgFiles = new TreeMap<>();
        for (ReportData.CaseData c : data.cases()) {
            List<Figure> figures = CaseFigures.of(c);
            caseFigures.put(c.id(), figures);
            figures.forEach(f -> svgFiles.put(FIGURES_FOLDER + "/" + f.name() + ".svg", f.document()));
        }
        Figure improvement = ImprovementFigure.of(data);
        svgFiles.put(FIGURES_FOLDER + "/" + improvement.name() + ".svg", improvement.document());

        Map<String, String> outputs = new LinkedHashMap<>();
        outputs.put(SweepTable.FILE, tables.get(SweepTable.FILE));
        outputs.put(HTML_FILE, ReportPage.render(data, improvement, caseFigures, tool.name(), tool.version()));
        outputs.putAll(svgFiles);

        Map<String, String> documents = new LinkedHashMap<>(outputs);
        documents.put(PROVENANCE_FILE, provenance(files, tables, outputs, tool, command, sourceDateEpoch));
        return documents;
    }

    private static String provenance(List<CaseFile> files, Map<String, String> tables, Map<String, String> outputs,
                                     ToolInfo tool, List<String> command, OptionalLong sourceDateEpoch) {
        ObjectNode root = Provenance.header(tool, command, sourceDateEpoch);
        root.set("inputs", Provenance.inputs(files));
        ArrayNode read = root.putArray("tablesRead");
        for (Map.Entry<String, String> table : tables.entrySet()) {
            if (table.getKey().equals(SweepTable.FILE)) {
                continue; // written, not read
            }
            ObjectNode node = read.addObject();
            node.put("path", table.getKey());
            if (table.getKey().equals(EngineTables.FILE)) {
                // latency and cache columns vary between runs and are not drawn
                ArrayNode notDrawn = node.putArray("notCompared");
                EngineTables.VOLATILE_COLUMNS.forEach(notDrawn::add);
                node.put("sha256OfComparedColumns", Sha256.hex(EngineTables.comparedColumns(table.getValue())
                        .getBytes(StandardCharsets.UTF_8)));
            } else {
                node.put("sha256", Sha256.hex(table.getValue().getBytes(StandardCharsets.UTF_8)));
            }
        }
        ObjectNode sweep = root.putObject("sweep");
        sweep.put("file", SweepTable.FILE);
        sweep.put("grid", "bits per entry 0 to " + (int) MemorySweep.MAX_BITS_PER_ENTRY + " in steps of "
                + MemorySweep.STEP + ", plus the case's own budget (case_budget = true); M = b * N");
        sweep.put("modelR", "uniform_ideal_R, optimized_ideal_R: sum_i exp(-c * b_i), c = ln(2)^2, allocations as in"
                + " provenance.json (Monkey, SIGMOD 2017, eq. 2 and section 4.1): the optimized b_i minimize"
                + " sum_i a_i p_i with the case's lookup weights a_i, as in cases.csv");
        sweep.put("rocksdbR", "uniform_rocksdb_R, optimized_rocksdb_R: sum_i of the RocksDB format_version 5"
                + " cache-local Bloom filter's predicted FPR at b_i (exact binomial line-load mixture; 1 for a run"
                + " RocksDB gives no filter, b_i < 0.5), the predicted_fpr of confirm's rocksdb layout");
        sweep.put("cost", "uniform_ideal_cost, optimized_ideal_cost: expected run reads per lookup, sum_i a_i * exp(-c * b_i) + v,"
                + " a_i and v from the case's workload (lookupWeights in provenance.json; without + v for measured"
                + " lookups); equal to uniform_ideal_R, optimized_ideal_R when every lookup is for an absent key");
        ObjectNode figures = root.putObject("figures");
        figures.put("library", "JFreeChart " + ToolInfo.buildProperty("jfreechart.version") + ", JFreeSVG "
                + ToolInfo.buildProperty("jfreesvg.version"));
        figures.put("font", "DejaVu Sans 2.37 (shipped in the jar; text measured with it, not with system fonts)");
        figures.put("drawnFrom", "the text of the tables read and of sweep.csv");
        ObjectNode drawing = root.putObject(DRAWING);
        drawing.put("revision", DRAWING_REVISION);
        drawing.put("verify", "redraws the page and figures and compares them byte for byte when they were drawn at"
                + " this revision (a folder without this section: revision 1)");
        root.set("outputs", Provenance.outputs(outputs));
        return Json.write(root);
    }
}
