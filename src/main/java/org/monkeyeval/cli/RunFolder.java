package org.monkeyeval.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ObjDoubleConsumer;

import org.monkeyeval.io.OutputFolder;
import org.monkeyeval.io.RunInfo;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.BloomBeforeLevelTable;
import org.monkeyeval.text.InvalidInputException;
import org.monkeyeval.text.TextDocument;
import org.monkeyeval.verify.Part;

/** The folder {@code run} writes for one solved report: its tables streamed, provenance and run-info.json. */
final class RunFolder {

    private RunFolder() {
    }

    /**
     * Writes the report's files to {@code out}, rows.csv streamed.
     *
     * @param progress told what is being written and the share of the rows written so far
     */
    static void write(Path cases, Path out, AllocationReport report, ObjDoubleConsumer<String> progress)
            throws IOException, InvalidInputException {
        double rows = report.results().stream().mapToLong(r -> r.lsmCase().runs().size()).sum();
        List<TextDocument> documents = new ArrayList<>(report.streamed(written -> progress.accept(
                "writing rows.csv, " + written + " of " + (long) rows + " rows", written / rows)));
        documents.add(TextDocument.of(RunInfo.FILE, RunInfo.describe(cases)));
        // a bloom-before-level.csv of an earlier run is removed when no case is at rocksdb-ribbon now
        OutputFolder.writeStreamed(out, documents, Part.ALLOCATIONS.optionalFiles());
    }

    /** The files {@link #write} writes for the report, in the order {@code run} names them. */
    static List<String> named(AllocationReport report) {
        List<String> written = new ArrayList<>(Part.ALLOCATIONS.named());
        if (!report.bloomBeforeLevel().isEmpty()) {
            written.add(written.size() - 1, BloomBeforeLevelTable.FILE);
        }
        written.add(RunInfo.FILE);
        return written;
    }
}
