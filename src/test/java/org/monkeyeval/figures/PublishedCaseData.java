package org.monkeyeval.figures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.page.ReportDocuments;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.ReportData;
import org.monkeyeval.report.SweepTable;
import org.monkeyeval.report.ToolInfo;
import org.monkeyeval.text.CsvTable;

/** The tables {@code run} and {@code report} write for some published cases, read as the report reads them. */
final class PublishedCaseData {

    private PublishedCaseData() {
    }

    /** Copies the published cases {@code ids} into {@code dir}, runs them and reads the tables with the sweep. */
    static ReportData of(Path dir, List<String> ids) throws Exception {
        for (String id : ids) {
            Files.copy(Path.of("cases", id + ".json"), dir.resolve(id + ".json"));
        }
        List<CaseFile> files = CaseFolder.read(dir);
        Map<String, String> documents = AllocationReport.build(files, new CaseEvaluator(new ThresholdSolver()),
                ToolInfo.current(), List.of("run"), OptionalLong.empty()).documents();
        Map<String, CsvTable> tables = new LinkedHashMap<>();
        documents.forEach((name, text) -> {
            if (name.endsWith(".csv")) {
                tables.put(name, CsvTable.parse(text));
            }
        });
        tables.put(SweepTable.FILE, CsvTable.parse(ReportDocuments.sweep(files, new ThresholdSolver())));
        return ReportData.of(files.stream().map(CaseFile::lsmCase).toList(), tables);
    }
}
