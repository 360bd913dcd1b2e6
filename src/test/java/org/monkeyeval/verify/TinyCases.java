package org.monkeyeval.verify;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import org.monkeyeval.confirm.ConfirmProgress;
import org.monkeyeval.confirm.ConfirmSettings;
import org.monkeyeval.confirm.Layout;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.OutputFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.report.SweepTable;
import org.monkeyeval.text.InvalidInputException;

/** Small case folders and published folders made of them, quick to make and to make again. */
final class TinyCases {

    /** A fixed Q small enough for a folder to be confirmed in well under a second. */
    static final long QUERIES = 2000;

    private TinyCases() {
    }

    /** Writes one case file {@code id}.json with runs of the given entries at {@code bits} per entry. */
    static void write(Path cases, String id, double bits, long... entries) throws IOException {
        Files.createDirectories(cases);
        String runs = LongStream.of(entries).mapToObj(n -> "{\"entries\": " + n + "}")
                .collect(Collectors.joining(", "));
        Files.writeString(cases.resolve(id + ".json"), "{\"id\": \"" + id + "\", \"runs\": [" + runs
                + "], \"budget\": {\"bitsPerEntry\": " + bits + "}}\n");
    }

    /** Two cases of a few thousand entries each. */
    static List<CaseFile> two(Path cases) throws IOException, InvalidInputException {
        write(cases, "small-a", 8, 1000, 4000, 16000);
        write(cases, "small-b", 5, 2000, 2000);
        return CaseFolder.read(cases);
    }

    /** Filters of both pinned layouts at Q = {@link #QUERIES}, one thread. */
    static ConfirmationRequest request() {
        return new ConfirmationRequest(new ConfirmSettings(QUERIES, 11, 1, List.of(Layout.STANDARD, Layout.ROCKSDB),
                Double.NaN, QUERIES, ConfirmSettings.DEFAULT_MAX_FILTER_ENTRIES), null, null);
    }

    /** Writes the allocations part of {@code files} into {@code out}, as run does. */
    static void publishAllocations(List<CaseFile> files, Path out) throws Exception {
        OutputFolder.write(out, PartBuilder.allocations(files, null, List.of("run"), OptionalLong.empty()).documents());
    }

    /** Writes the confirmation part of {@code files} into {@code out}, as confirm does. */
    static void publishConfirmation(List<CaseFile> files, Path out) throws Exception {
        publishConfirmation(files, out, request());
    }

    /** As {@link #publishConfirmation(List, Path)} with filters of {@code layouts}. */
    static void publishConfirmation(List<CaseFile> files, Path out, List<Layout> layouts) throws Exception {
        publishConfirmation(files, out, new ConfirmationRequest(new ConfirmSettings(QUERIES, 11, 1, layouts,
                Double.NaN, QUERIES, ConfirmSettings.DEFAULT_MAX_FILTER_ENTRIES), null, null));
    }

    private static void publishConfirmation(List<CaseFile> files, Path out, ConfirmationRequest request)
            throws Exception {
        var allocations = PartBuilder.allocations(files, null, List.of(), OptionalLong.empty()).results();
        OutputFolder.write(out, PartBuilder.confirmation(files, allocations, request,
                request.command("cases", out.toString(), request.settings().layouts().stream().map(Layout::label)
                        .toList()), OptionalLong.empty(),
                () -> ConfirmProgress.SILENT,
                () -> ConfirmProgress.SILENT).report().documents());
    }

    /** Writes the report part drawn from what {@code out} holds, as report does. */
    static Map<String, String> publishReport(List<CaseFile> files, Path out) throws Exception {
        Map<String, String> tables = new PublishedFolder(out).reportTables();
        tables.put(SweepTable.FILE, PartBuilder.sweep(files));
        Map<String, String> documents = PartBuilder.report(files, tables, out, List.of("report"),
                OptionalLong.empty());
        OutputFolder.write(out, documents);
        return documents;
    }
}
