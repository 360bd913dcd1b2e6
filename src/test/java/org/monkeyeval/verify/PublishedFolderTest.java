package org.monkeyeval.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.confirm.ConfirmSettings;
import org.monkeyeval.confirm.Layout;
import org.monkeyeval.engine.rocksdb.EngineSettings;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.io.RunInfo;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.ConfirmReport;
import org.monkeyeval.text.InvalidInputException;
import org.monkeyeval.text.Json;

/**
 * A published folder is read back as its commands recorded it: a confirmation request round-trips
 * through the settings, engine section and command line confirm-provenance.json holds; run's
 * granularity is read from provenance.json; a record that cannot be read back is an input error
 * naming the file and field; a folder holding neither run's nor confirm's part has nothing to verify.
 */
final class PublishedFolderTest {

    @TempDir
    Path dir;

    private Path out() throws Exception {
        return Files.createDirectories(dir.resolve("out"));
    }

    /** confirm-provenance.json with the sections and command line {@code request} records. */
    private static String confirmProvenance(ConfirmationRequest request) {
        ObjectNode p = Json.object();
        var command = p.putArray("command");
        request.command("cases", "out", request.settings().layouts().stream().map(Layout::label).toList())
                .forEach(command::add);
        p.set("settings", ConfirmReport.settings(request.settings()));
        if (request.engine() != null) {
            p.set("engine", ConfirmReport.engine(request.engine()));
        }
        return Json.write(p);
    }

    @Test
    void confirmation_readsBackTheRequestItsProvenanceRecords_onTheThreadsGiven() throws Exception {
        Path out = out();
        ConfirmSettings settings = new ConfirmSettings(3000, 9, 2, List.of(Layout.ROCKSDB, Layout.STANDARD), 0.2,
                6000, 700);
        ConfirmationRequest request = new ConfirmationRequest(settings,
                new EngineSettings(500, 9, 0.5, List.of("x"), 700), Engine.ROCKSDB_PER_LEVEL);
        Files.writeString(out.resolve(Part.CONFIRMATION.provenanceFile()), confirmProvenance(request));

        ConfirmationRequest read = new PublishedFolder(out).confirmation(5);
        assertEquals(new ConfirmSettings(3000, 9, 5, settings.layouts(), 0.2, 6000, 700), read.settings());
        assertEquals(request.engine(), read.engine());
        assertEquals(Engine.ROCKSDB_PER_LEVEL, read.granularity());
    }

    @Test
    void confirmation_withoutEngineCheck_readsBackNoEngineAndNoGranularity() throws Exception {
        Path out = out();
        ConfirmationRequest request = TinyCases.request();
        Files.writeString(out.resolve(Part.CONFIRMATION.provenanceFile()), confirmProvenance(request));
        assertEquals(request, new PublishedFolder(out).confirmation(1));
    }

    @Test
    void confirmation_unknownGranularityInTheRecordedCommand_isAnInputErrorNamingTheField() throws Exception {
        Path out = out();
        Path file = out.resolve(Part.CONFIRMATION.provenanceFile());
        Files.writeString(file, confirmProvenance(TinyCases.request())
                .replace("\"command\": [", "\"command\": [\"--engine-granularity\", \"nope\", "));
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> new PublishedFolder(out).confirmation(1));
        assertTrue(e.getMessage().startsWith(file + ": field command: unknown engine 'nope'"), e.getMessage());
    }

    @Test
    void confirmation_settingsThatCannotBeReadBack_isAnInputErrorNamingTheSection() throws Exception {
        Path out = out();
        Path file = out.resolve(Part.CONFIRMATION.provenanceFile());
        Files.writeString(file, confirmProvenance(TinyCases.request()).replace("\"standard\"", "\"nope\""));
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> new PublishedFolder(out).confirmation(1));
        assertTrue(e.getMessage().startsWith(file + ": settings: cannot be read back: unknown layout 'nope'"),
                e.getMessage());
    }

    @Test
    void runGranularity_isTheDeployableEngineProvenanceRecords_orNone() throws Exception {
        Path out = out();
        PublishedFolder folder = new PublishedFolder(out);
        assertNull(folder.runGranularity(), "no provenance.json");
        Path file = out.resolve(Part.ALLOCATIONS.provenanceFile());
        Files.writeString(file, "{\"deployable\": {\"engine\": \"pebble\"}}");
        assertEquals(Engine.PEBBLE, folder.runGranularity());
        Files.writeString(file, "{\"deployable\": {\"cases\": []}}");
        assertNull(folder.runGranularity(), "cases naming their own engines");
        Files.writeString(file, "{\"deployable\": {\"engine\": \"nope\"}}");
        InvalidInputException e = assertThrows(InvalidInputException.class, folder::runGranularity);
        assertTrue(e.getMessage().startsWith(file + ": field deployable.engine: "), e.getMessage());
        Files.writeString(file, "{\"deployable\": ");
        e = assertThrows(InvalidInputException.class, folder::runGranularity);
        assertTrue(e.getMessage().startsWith(file + ": not readable JSON: "), e.getMessage());
    }

    @Test
    void drawingRevision_withoutADrawingSection_isTheFirst() throws Exception {
        Path out = out();
        Path file = out.resolve(Part.REPORT.provenanceFile());
        Files.writeString(file, "{\"sweep\": {}}");
        assertEquals(1, new PublishedFolder(out).drawingRevision());
        Files.writeString(file, "{\"drawing\": {\"revision\": 7}}");
        assertEquals(7, new PublishedFolder(out).drawingRevision());
    }

    @Test
    void toVerify_folderMissingOrAFile_isAnInputErrorNamingIt() throws Exception {
        Path missing = dir.resolve("missing");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> PublishedFolder.toVerify(missing));
        assertEquals(missing + ": the output folder does not exist", e.getMessage());
        Path file = Files.writeString(dir.resolve("file"), "");
        e = assertThrows(InvalidInputException.class, () -> PublishedFolder.toVerify(file));
        assertEquals(file + ": is a file, not an output folder", e.getMessage());
    }

    @Test
    void toVerify_folderWithTheReportAlone_hasNothingToVerify() throws Exception {
        Path out = out();
        Files.writeString(out.resolve(Part.REPORT.provenanceFile()), "{}");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> PublishedFolder.toVerify(out));
        assertTrue(e.getMessage().contains("nothing to verify: it holds neither provenance.json (written by run)"
                + " nor confirm-provenance.json (written by confirm)"), e.getMessage());
        Files.writeString(out.resolve(Part.CONFIRMATION.provenanceFile()), "{}");
        assertTrue(PublishedFolder.toVerify(out).holds(Part.CONFIRMATION));
    }

    @Test
    void reportTables_areThePresentTablesTheReportDraws_withoutTheSweep() throws Exception {
        Path out = out();
        for (String name : List.of("sweep.csv", "confirm.csv", "cases.csv", "notes.csv")) {
            Files.writeString(out.resolve(name), name + "\n");
        }
        assertEquals(List.of("cases.csv", "confirm.csv"),
                List.copyOf(new PublishedFolder(out).reportTables().keySet()));
        assertEquals(Optional.of("sweep.csv\n"), new PublishedFolder(out).sweep());
    }

    @Test
    void figures_areTheSvgFilesOfTheFiguresFolderInNameOrder() throws Exception {
        Path out = out();
        assertEquals(List.of(), new PublishedFolder(out).figures(), "no figures folder");
        Path figures = Files.createDirectories(out.resolve("figures"));
        for (String name : List.of("b.svg", "a.svg", "notes.txt")) {
            Files.writeString(figures.resolve(name), "");
        }
        assertEquals(List.of("figures/a.svg", "figures/b.svg"), new PublishedFolder(out).figures());
    }

    @Test
    void bundleRoot_isTheParentOnlyWithSha256SumsBesideTheFolder() throws Exception {
        Path out = out();
        assertEquals(Optional.empty(), new PublishedFolder(out).bundleRoot());
        Files.writeString(dir.resolve(Sha256Sums.FILE), "");
        assertEquals(Optional.of(dir.toAbsolutePath().normalize()), new PublishedFolder(out).bundleRoot());
    }

    @Test
    void unpublished_isRunInfoAlone() {
        assertTrue(PublishedFolder.unpublished(RunInfo.FILE));
        for (Part part : Part.values()) {
            part.named().forEach(name -> assertFalse(PublishedFolder.unpublished(name), name));
        }
    }

    @Test
    void changedInputs_afterACaseFileChanged_namesItForThePartMadeFromIt() throws Exception {
        Path cases = dir.resolve("cases");
        List<CaseFile> files = TinyCases.two(cases);
        Path out = dir.resolve("out");
        TinyCases.publishAllocations(files, out);
        PublishedFolder folder = new PublishedFolder(out);
        assertEquals(List.of(), folder.changedInputs(Part.ALLOCATIONS, files));
        assertEquals(List.of(), folder.changedInputs(Part.CONFIRMATION, files), "no confirmation: nothing stale");
        TinyCases.write(cases, "small-b", 6, 2000, 2000);
        TinyCases.write(cases, "small-c", 6, 2000);
        assertEquals(List.of("small-b.json changed", "small-c.json added"),
                folder.changedInputs(Part.ALLOCATIONS, org.monkeyeval.io.CaseFolder.read(cases)));
    }
}
