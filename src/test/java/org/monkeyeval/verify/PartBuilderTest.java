package org.monkeyeval.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.confirm.ConfirmProgress;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.SweepTable;
import org.monkeyeval.text.InvalidInputException;

/**
 * Each part builder makes exactly the files its {@link Part} names (the confirmation without its
 * optional engine rows when the engine check does not run; the report with one figure file per
 * figure under its folder), the same documents each time; the recorded command lines name the
 * command of the part; a confirmation this heap cannot hold is refused naming the case file.
 */
final class PartBuilderTest {

    @TempDir
    Path dir;

    private static Set<String> sorted(Iterable<String> names) {
        Set<String> set = new TreeSet<>();
        names.forEach(set::add);
        return set;
    }

    @Test
    void allocations_makeExactlyTheFilesOfTheirPart() throws Exception {
        List<CaseFile> files = TinyCases.two(dir.resolve("cases"));
        Map<String, String> documents = PartBuilder.allocations(files, null, List.of("run"), OptionalLong.empty())
                .documents();
        assertEquals(sorted(Part.ALLOCATIONS.named()), sorted(documents.keySet()));
    }

    @Test
    void confirmation_withoutEngineCheck_makesTheFilesOfItsPartWithoutTheOptionalOnes() throws Exception {
        List<CaseFile> files = TinyCases.two(dir.resolve("cases"));
        List<CaseResult> allocations = PartBuilder.allocations(files, null, List.of(), OptionalLong.empty()).results();
        PartBuilder.Confirmation made = PartBuilder.confirmation(files, allocations, TinyCases.request(),
                List.of("confirm"), OptionalLong.empty(), () -> ConfirmProgress.SILENT, () -> ConfirmProgress.SILENT);
        assertEquals(sorted(Part.CONFIRMATION.named()), sorted(made.report().documents().keySet()));
        assertEquals(made.report().counts(), made.caseCounts(), "no engine rows");
        PartBuilder.Confirmation again = PartBuilder.confirmation(files, allocations, TinyCases.request(),
                List.of("confirm"), OptionalLong.empty(), () -> ConfirmProgress.SILENT, () -> ConfirmProgress.SILENT);
        assertEquals(made.report().documents(), again.report().documents());
    }

    @Test
    void report_makesTheFilesOfItsPartAndOneFilePerFigureUnderItsFolder() throws Exception {
        List<CaseFile> files = TinyCases.two(dir.resolve("cases"));
        Map<String, String> tables = new LinkedHashMap<>(PartBuilder.allocations(files, null, List.of("run"),
                OptionalLong.empty()).documents());
        tables.remove(Part.ALLOCATIONS.provenanceFile());
        tables.put(SweepTable.FILE, PartBuilder.sweep(files));
        Map<String, String> documents = PartBuilder.report(files, tables, dir, List.of("report"),
                OptionalLong.empty());
        String folder = Part.REPORT.folder().orElseThrow() + "/";
        List<String> outsideFolder = new ArrayList<>();
        long figures = 0;
        for (String name : documents.keySet()) {
            if (name.startsWith(folder)) {
                assertTrue(name.endsWith(".svg") && name.indexOf('/', folder.length()) < 0, name);
                figures++;
            } else {
                outsideFolder.add(name);
            }
        }
        assertEquals(sorted(Part.REPORT.named()), sorted(outsideFolder));
        assertTrue(figures > 0, "the report draws figures");
    }

    @Test
    void report_tableLackingWhatTheReportNeeds_isAnInputErrorNamingItInTheFolder() throws Exception {
        List<CaseFile> files = TinyCases.two(dir.resolve("cases"));
        Map<String, String> tables = new LinkedHashMap<>();
        tables.put(SweepTable.FILE, PartBuilder.sweep(files));
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> PartBuilder.report(files, tables, dir, List.of("report"), OptionalLong.empty()));
        assertTrue(e.getMessage().startsWith(dir + java.io.File.separator), e.getMessage());
    }

    @Test
    void commands_nameThePartsCommandAndRecordTheGranularityOnlyWhenGiven() {
        assertEquals(List.of("run", "--cases", "c", "--out", "o"), PartBuilder.allocationsCommand("c", "o", null));
        assertEquals(List.of("run", "--cases", "c", "--out", "o", "--engine-granularity", "pebble"),
                PartBuilder.allocationsCommand("c", "o", Engine.PEBBLE));
        assertEquals(List.of("report", "--cases", "c", "--out", "o"), PartBuilder.reportCommand("c", "o"));
    }

    @Test
    void checkLimits_caseWhoseFiltersDoNotFitTheHeap_isRefusedNamingItsFile() throws Exception {
        Path cases = dir.resolve("cases");
        List<CaseFile> files = TinyCases.two(cases);
        List<CaseResult> allocations = PartBuilder.allocations(files, null, List.of(), OptionalLong.empty()).results();
        PartBuilder.checkLimits(files, allocations, TinyCases.request(), cases, Runtime.getRuntime().maxMemory());
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> PartBuilder.checkLimits(files, allocations, TinyCases.request(), cases, 1000));
        assertTrue(e.getMessage().startsWith(cases.resolve("small-a.json") + ": runs: cannot be confirmed: its"
                + " filters need"), e.getMessage());
    }
}
