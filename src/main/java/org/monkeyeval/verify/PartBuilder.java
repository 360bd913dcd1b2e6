package org.monkeyeval.verify;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.ObjDoubleConsumer;
import java.util.function.Supplier;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.EngineFamilies;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.confirm.CaseCount;
import org.monkeyeval.confirm.ConfirmProgress;
import org.monkeyeval.confirm.Confirmer;
import org.monkeyeval.engine.rocksdb.RocksDbEngineCheck;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.page.ReportDocuments;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.ConfirmReport;
import org.monkeyeval.report.ReportData;
import org.monkeyeval.report.SweepTable;
import org.monkeyeval.report.ToolInfo;
import org.monkeyeval.text.InvalidInputException;

/**
 * How each {@link Part} of a published folder is made from the case files: the command that writes a
 * part and {@code verify}, which makes it again to compare, both come here, so the two cannot drift.
 * Nothing is written here; the caller writes the documents or compares them.
 */
public final class PartBuilder {

    private PartBuilder() {
    }

    /** The command line provenance.json records for the allocations: the folders, and the granularity if any. */
    public static List<String> allocationsCommand(String cases, String out, Engine granularity) {
        List<String> command = new ArrayList<>(List.of(Part.ALLOCATIONS.command(), "--cases", cases, "--out", out));
        if (granularity != null) {
            command.addAll(List.of(ConfirmationRequest.GRANULARITY_OPTION, granularity.label()));
        }
        return command;
    }

    /**
     * The allocations part: every case solved by the threshold solver, with the deployable allocation of
     * {@code granularity} when given (else of the engine a case names, if any).
     *
     * @param command  the command line recorded in provenance.json
     * @param progress told what is being solved and the share of the runs solved so far
     */
    public static AllocationReport allocations(List<CaseFile> files, Engine granularity, List<String> command,
                                               OptionalLong sourceDateEpoch, ObjDoubleConsumer<String> progress) {
        return allocations(files, granularity, EngineFamilies.OFFERED, command, sourceDateEpoch, progress);
    }

    /**
     * As {@link #allocations(List, Engine, List, OptionalLong)}, each engine choosing from {@code families}
     * (a published folder's, to solve it again as it was).
     */
    public static AllocationReport allocations(List<CaseFile> files, Engine granularity, EngineFamilies families,
                                               List<String> command, OptionalLong sourceDateEpoch) {
        return allocations(files, granularity, families, command, sourceDateEpoch, (what, done) -> { });
    }

    /** As {@link #allocations(List, Engine, List, OptionalLong, ObjDoubleConsumer)}, without progress. */
    public static AllocationReport allocations(List<CaseFile> files, Engine granularity, List<String> command,
                                               OptionalLong sourceDateEpoch) {
        return allocations(files, granularity, EngineFamilies.OFFERED, command, sourceDateEpoch);
    }

    private static AllocationReport allocations(List<CaseFile> files, Engine granularity, EngineFamilies families,
                                                List<String> command, OptionalLong sourceDateEpoch,
                                                ObjDoubleConsumer<String> progress) {
        return AllocationReport.build(files, new CaseEvaluator(new ThresholdSolver(), granularity, families),
                ToolInfo.current(), command, sourceDateEpoch, progress);
    }

    /**
     * The confirmation part and what was counted.
     *
     * @param report the documents
     * @param engine the engine check's settings and rows, or null when it did not run
     */
    public record Confirmation(ConfirmReport report, ConfirmReport.Engine engine) {

        /** Every case row counted, in the order confirm-cases.csv lists them: the filters', then the engine's. */
        public List<CaseCount> caseCounts() {
            List<CaseCount> all = new ArrayList<>(report.counts());
            if (engine != null) {
                all.addAll(engine.result().cases());
            }
            return List.copyOf(all);
        }
    }

    /**
     * Refuses a confirmation this heap cannot hold, before anything is built: the first case whose
     * allocation is over a limit, named by its file in {@code casesFolder}.
     *
     * @param allocations one per file, in the same order
     * @throws InvalidInputException naming the case file and the limit
     */
    public static void checkLimits(List<CaseFile> files, List<CaseResult> allocations, ConfirmationRequest request,
                                   Path casesFolder, long heapBytes) throws InvalidInputException {
        for (int i = 0; i < files.size(); i++) {
            String problem = request.limit(files.get(i).lsmCase().id(), allocations.get(i), heapBytes).orElse(null);
            if (problem != null) {
                throw new InvalidInputException(casesFolder.resolve(files.get(i).fileName()) + ": runs: cannot be"
                        + " confirmed: " + problem);
            }
        }
    }

    /**
     * The confirmation part: real filters built and counted for {@code allocations}, then, when the
     * request asks, the same allocations inside RocksDB.
     *
     * @param allocations    one per file, solved at the request's granularity
     * @param command        the command line recorded in confirm-provenance.json
     * @param filterProgress told how the filters' counting goes; made when the counting starts
     * @param engineProgress told how the engine check goes; made when the check starts, so that a
     *                       progress that keeps time starts its clock then
     */
    public static Confirmation confirmation(List<CaseFile> files, List<CaseResult> allocations,
                                            ConfirmationRequest request, List<String> command,
                                            OptionalLong sourceDateEpoch, Supplier<ConfirmProgress> filterProgress,
                                            Supplier<ConfirmProgress> engineProgress)
            throws InterruptedException, IOException {
        List<CaseCount> counts = new Confirmer(request.settings()).confirm(allocations, filterProgress.get());
        ConfirmReport.Engine engine = request.engine() == null ? null : new ConfirmReport.Engine(request.engine(),
                new RocksDbEngineCheck(request.engine()).check(allocations, engineProgress.get()));
        ConfirmReport report = ConfirmReport.render(files, counts, request.settings(), engine, ToolInfo.current(),
                command, sourceDateEpoch);
        return new Confirmation(report, engine);
    }

    /** The command line report-provenance.json records. */
    public static List<String> reportCommand(String cases, String out) {
        return List.of(Part.REPORT.command(), "--cases", cases, "--out", out);
    }

    /** {@code sweep.csv}: every case from 0 to 24 bits per entry, solved again. */
    public static String sweep(List<CaseFile> files) {
        return ReportDocuments.sweep(files, new ThresholdSolver());
    }

    /**
     * The report part drawn from {@code tables} (the other parts' tables as a folder holds them, with
     * sweep.csv).
     *
     * @param folder  where the tables were read, for the message when one lacks what the report needs
     * @param command the command line recorded in report-provenance.json
     * @return file name to text: sweep.csv first, the page, the figures, provenance last
     * @throws InvalidInputException naming the table that lacks what the report needs
     */
    public static Map<String, String> report(List<CaseFile> files, Map<String, String> tables, Path folder,
                                             List<String> command, OptionalLong sourceDateEpoch)
            throws InvalidInputException {
        if (!tables.containsKey(SweepTable.FILE)) {
            throw new IllegalArgumentException("the report is drawn with " + SweepTable.FILE + " among the tables");
        }
        try {
            return ReportDocuments.render(files, tables, ToolInfo.current(), command, sourceDateEpoch);
        } catch (ReportData.TableException e) {
            throw new InvalidInputException(folder + File.separator + e.getMessage());
        }
    }
}
