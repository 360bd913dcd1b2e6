package org.monkeyeval.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.InvalidInputException;
import org.monkeyeval.io.OutputFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.page.ReportDocuments;
import org.monkeyeval.report.ReportData;
import org.monkeyeval.report.SweepTable;
import org.monkeyeval.report.ToolInfo;

/** {@code report}: the memory sweep, one self-contained HTML page and its figures from an output folder. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Read the case files and what run, confirm and the engine check left in --out, and write "
            + "sweep.csv (every case from 0 to 24 bits per entry), report.html (one self-contained page: "
            + "tables and figures inline, no script, no network), figures/*.svg and report-provenance.json. "
            + "Nothing is written unless everything is drawn.")
final class ReportCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private Folders folders;

    @Override
    public Integer call() throws Exception {
        List<CaseFile> files = CaseFolder.read(folders.cases);
        Map<String, String> tables = readTables(folders.out);
        tables.put(SweepTable.FILE, ReportDocuments.sweep(files, new ThresholdSolver()));
        Map<String, String> documents;
        try {
            documents = ReportDocuments.render(files, tables, ToolInfo.current(),
                    List.of("report", "--cases", folders.cases.toString(), "--out", folders.out.toString()),
                    SourceDateEpoch.fromEnvironment());
        } catch (ReportData.TableException e) {
            throw new InvalidInputException(folders.out + File.separator + e.getMessage());
        }
        OutputFolder.write(folders.out, documents, staleFigures(folders.out));
        long figures = documents.keySet().stream().filter(n -> n.startsWith(ReportDocuments.FIGURES_FOLDER + "/"))
                .count();
        spec.commandLine().getOut().printf("wrote %s, %s, %d figures under %s/ and %s to %s%n", SweepTable.FILE,
                ReportDocuments.HTML_FILE, figures, ReportDocuments.FIGURES_FOLDER, ReportDocuments.PROVENANCE_FILE,
                folders.out);
        return ExitCodes.OK;
    }

    /** The tables the report draws, as text, when present in the output folder. */
    static Map<String, String> readTables(Path out) throws InvalidInputException {
        Map<String, String> tables = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(ReportData.REQUIRED_TABLES);
        names.addAll(ReportData.OPTIONAL_TABLES);
        for (String name : names) {
            Path file = out.resolve(name);
            if (name.equals(SweepTable.FILE) || !Files.exists(file)) {
                continue;
            }
            try {
                tables.put(name, Files.readString(file, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new InvalidInputException(file + ": cannot read: " + e.getMessage());
            }
        }
        return tables;
    }

    /** SVG files of an earlier report, removed when this one no longer draws them. */
    private static List<String> staleFigures(Path out) throws IOException {
        Path folder = out.resolve(ReportDocuments.FIGURES_FOLDER);
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(folder)) {
            return list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".svg")).sorted()
                    .map(n -> ReportDocuments.FIGURES_FOLDER + "/" + n).toList();
        }
    }
}
