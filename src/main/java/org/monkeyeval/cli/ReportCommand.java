package org.monkeyeval.cli;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.OutputFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.SweepTable;
import org.monkeyeval.verify.Part;
import org.monkeyeval.verify.PartBuilder;
import org.monkeyeval.verify.PublishedFolder;

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
        PublishedFolder folder = new PublishedFolder(folders.out);
        Map<String, String> tables = folder.reportTables();
        tables.put(SweepTable.FILE, PartBuilder.sweep(files));
        Map<String, String> documents = PartBuilder.report(files, tables, folders.out,
                PartBuilder.reportCommand(folders.cases.toString(), folders.out.toString()),
                SourceDateEpoch.fromEnvironment());
        // an earlier report's figures that this one no longer draws are removed
        OutputFolder.write(folders.out, documents, folder.figures());
        String figures = Part.REPORT.folder().orElseThrow();
        long drawn = documents.keySet().stream().filter(n -> n.startsWith(figures + "/")).count();
        spec.commandLine().getOut().printf("wrote %s, %d figures under %s/ and %s to %s%n",
                String.join(", ", Part.REPORT.files()), drawn, figures, Part.REPORT.provenanceFile(), folders.out);
        return ExitCodes.OK;
    }
}
