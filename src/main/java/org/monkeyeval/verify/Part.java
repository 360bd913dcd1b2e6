package org.monkeyeval.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.monkeyeval.page.ReportDocuments;
import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.BloomBeforeLevelTable;
import org.monkeyeval.report.ConfirmReport;
import org.monkeyeval.report.ConfirmTables;
import org.monkeyeval.report.EngineTables;
import org.monkeyeval.report.Provenance;
import org.monkeyeval.report.SweepTable;

/**
 * The parts of a published output folder. Each is written all at once by one command and covered by
 * one provenance file, which records that command line, the case files it read and the SHA-256 of
 * what it wrote. {@link PublishedFolder} reads a part back, {@link PartBuilder} makes it (the
 * command that writes it and {@code verify}, which makes it again and compares).
 */
public enum Part {

    /**
     * {@code run}: the allocation of every case, per case and per run, and, when some case is at
     * rocksdb-ribbon granularity, its best allocation at every bloom_before_level.
     */
    ALLOCATIONS("run", Provenance.FILE, List.of(AllocationTables.CASES_FILE, AllocationTables.ROWS_FILE),
            List.of(BloomBeforeLevelTable.FILE), null),

    /**
     * {@code confirm}: false positives counted on real filters, per run and per case, and, when the
     * engine check ran, its rows (engine.csv, whose latency and block-cache columns are not reproducible
     * and are left out of its recorded hash).
     */
    CONFIRMATION("confirm", ConfirmReport.PROVENANCE_FILE, List.of(ConfirmTables.RUNS_FILE, ConfirmTables.CASES_FILE),
            List.of(EngineTables.FILE), null),

    /** {@code report}: the memory sweep, the page and one SVG per figure, drawn from the other parts' tables. */
    REPORT("report", ReportDocuments.PROVENANCE_FILE, List.of(SweepTable.FILE, ReportDocuments.HTML_FILE), List.of(),
            ReportDocuments.FIGURES_FOLDER);

    private final String command;
    private final String provenanceFile;
    private final List<String> files;
    private final List<String> optionalFiles;
    private final String folder;

    Part(String command, String provenanceFile, List<String> files, List<String> optionalFiles, String folder) {
        this.command = command;
        this.provenanceFile = provenanceFile;
        this.files = files;
        this.optionalFiles = optionalFiles;
        this.folder = folder;
    }

    /** The command that writes the part (the first word of the command line its provenance records). */
    public String command() {
        return command;
    }

    /** The provenance file that covers the part; the part is present when this file is. */
    public String provenanceFile() {
        return provenanceFile;
    }

    /** The files the part always holds besides its provenance and folder. */
    public List<String> files() {
        return files;
    }

    /**
     * The files the part holds only when its command was asked for them; writing the part without them
     * removes them, since an earlier one's no longer has provenance.
     */
    public List<String> optionalFiles() {
        return optionalFiles;
    }

    /** The sub-folder whose every file belongs to the part (the report's figures), when it has one. */
    public Optional<String> folder() {
        return Optional.ofNullable(folder);
    }

    /** The files that name the part in messages: {@link #files()}, then the provenance file. */
    public List<String> named() {
        List<String> named = new ArrayList<>(files);
        named.add(provenanceFile);
        return List.copyOf(named);
    }
}
