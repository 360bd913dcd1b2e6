package org.monkeyeval.verify;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.EngineFamilies;
import org.monkeyeval.confirm.ConfirmProgress;
import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbLegacyFamily;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.page.ReportDocuments;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.AllocationTables;
import org.monkeyeval.report.BloomBeforeLevelTable;
import org.monkeyeval.report.ConfirmReport;
import org.monkeyeval.report.ConfirmTables;
import org.monkeyeval.report.EngineTables;
import org.monkeyeval.report.Provenance;
import org.monkeyeval.report.SweepTable;
import org.monkeyeval.text.InvalidInputException;

/**
 * {@code verify} of a whole folder: every {@link Part} it holds is made again from the case files with
 * what its provenance records ({@link PublishedFolder}, {@link PartBuilder}) and compared with what is
 * published ({@link Verifier}); a part that is absent is named and not checked; inside an unpacked
 * bundle, every file SHA256SUMS lists is checked too.
 *
 * <p>What each part is held to:
 * <ul>
 *   <li>allocations: cases.csv and rows.csv by key within the tolerance, and bloom-before-level.csv
 *       when its provenance lists it; provenance sections model and solver equal, and lookupWeights,
 *       treeExpansion, deployable and bloomBeforeLevel when the folder records them;</li>
 *   <li>confirmation: rerun with its recorded seed, queries, layouts and cap (and engine check), its
 *       tables compared by key (engine.csv without its latency and block-cache columns); method equal;</li>
 *   <li>report: sweep.csv solved again and compared by key; the page and figures redrawn from the
 *       published tables and compared byte for byte, when they were drawn at this version's drawing
 *       revision (else only held to their recorded hashes); sweep and figures sections equal.</li>
 * </ul>
 */
public final class FolderVerification {

    /** The rate revision from which RocksDB's fast local Bloom rate is the built filter's ({@link RocksDbFamily}). */
    private static final int BUILT_FILTER_REVISION = 2;

    /** The rate revision from which large legacy Bloom filters are priced on the one-hash lattice. */
    private static final int LEGACY_LATTICE_REVISION = RocksDbFamily.LEGACY_LATTICE_REVISION;

    /** The command line every part made again records; it is never compared. */
    static final List<String> COMMAND = List.of("verify");

    private final PublishedFolder folder;
    private final List<CaseFile> files;
    private final Verifier verifier;
    private final int threads;
    private final OptionalLong sourceDateEpoch;

    private FolderVerification(PublishedFolder folder, List<CaseFile> files, double tolerance, int threads,
                               OptionalLong sourceDateEpoch) {
        this.folder = folder;
        this.files = files;
        this.verifier = new Verifier(tolerance);
        this.threads = threads;
        this.sourceDateEpoch = sourceDateEpoch;
    }

    /**
     * @param folder    the published folder ({@link PublishedFolder#toVerify})
     * @param files     the current case files
     * @param tolerance relative tolerance for numeric fields, {@code >= 0}
     * @param threads   worker threads for rerunning a confirmation
     * @return passed or not, with every line that explains it, in part order
     * @throws InvalidInputException        when a provenance file cannot be read back, or a table lacks what
     *                                      the report needs
     * @throws RerunUnavailableException    when the folder records an engine check and RocksDB does not load
     */
    public static Verifier.Result verify(PublishedFolder folder, List<CaseFile> files, double tolerance, int threads,
                                         OptionalLong sourceDateEpoch)
            throws InvalidInputException, RerunUnavailableException, IOException, InterruptedException {
        return new FolderVerification(folder, files, tolerance, threads, sourceDateEpoch).run();
    }

    private Verifier.Result run()
            throws InvalidInputException, RerunUnavailableException, IOException, InterruptedException {
        Engine runGranularity = folder.runGranularity();
        EngineFamilies families = folder.engineFamilies();
        AllocationReport allocations = PartBuilder.allocations(files, runGranularity, families, COMMAND,
                sourceDateEpoch);
        List<Verifier.Result> results = new ArrayList<>();
        results.add(folder.holds(Part.ALLOCATIONS) ? allocations(allocations) : absent(Part.ALLOCATIONS));
        results.add(folder.holds(Part.CONFIRMATION) ? confirmation(allocations, runGranularity, families)
                : absent(Part.CONFIRMATION));
        if (folder.holds(Part.REPORT)) {
            results.addAll(report());
        }
        Optional<Path> bundleRoot = folder.bundleRoot();
        if (bundleRoot.isPresent()) {
            results.add(bundle(bundleRoot.get()));
        }
        boolean passed = results.stream().allMatch(Verifier.Result::passed);
        List<String> lines = new ArrayList<>();
        results.forEach(r -> lines.addAll(r.lines()));
        return new Verifier.Result(passed, List.copyOf(lines));
    }

    /**
     * cases.csv and rows.csv, and bloom-before-level.csv when the folder's provenance lists it (a folder
     * written before the table existed has none to compare, even where its cases would have rows now).
     */
    private Verifier.Result allocations(AllocationReport report) throws InvalidInputException {
        Map<String, String> documents = report.documents();
        List<Verifier.RowsNotCompared> cases = List.of();
        List<Verifier.RowsNotCompared> rows = List.of();
        List<Verifier.RowsNotCompared> levelRows = List.of();
        int rateRevision = folder.rateRevision();
        Set<Priced> changed = rateRevision < BUILT_FILTER_REVISION ? EnumSet.allOf(Priced.class)
                : rateRevision < LEGACY_LATTICE_REVISION ? EnumSet.of(Priced.LEGACY) : EnumSet.noneOf(Priced.class);
        Set<String> repriced = repricedCases(report.results(), changed);
        if (!repriced.isEmpty()) {
            String reason = rateRevision < BUILT_FILTER_REVISION
                    ? "priced at rate revision " + rateRevision + ", RocksDB's CacheLocalFpRate estimate and the legacy"
                    + " Bloom filter at independent line and probes; today's rates are the built filters' (provenance.json,"
                    + " section rates)"
                    : "priced at rate revision " + rateRevision + ", the legacy Bloom filter of 2^17 lines or more"
                    + " with independent line and probes; today's draws both from one hash (provenance.json,"
                    + " section rates)";
            cases = List.of(new Verifier.RowsNotCompared("case_id", repriced, AllocationTables.RATE_CASE_COLUMNS,
                    reason));
            rows = List.of(new Verifier.RowsNotCompared("case_id", repriced, AllocationTables.RATE_ROW_COLUMNS,
                    reason));
            levelRows = List.of(new Verifier.RowsNotCompared("case_id", repriced,
                    BloomBeforeLevelTable.PRICED_COLUMNS, reason));
        }
        if (rateRevision < LEGACY_LATTICE_REVISION) {
            Set<String> all = new TreeSet<>();
            report.results().forEach(r -> all.add(r.lsmCase().id()));
            List<Verifier.RowsNotCompared> withPebble = new ArrayList<>(cases);
            withPebble.add(new Verifier.RowsNotCompared("case_id", all, AllocationTables.PEBBLE_RATE_CASE_COLUMNS,
                    "priced at rate revision " + rateRevision + ": Pebble's filters of 2^17 lines or more at"
                    + " independent line and probes; today's draws both from one hash (provenance.json,"
                    + " section rates)"));
            cases = withPebble;
        }
        List<Verifier.Table> tables = new ArrayList<>(List.of(
                new Verifier.Table(AllocationTables.CASES_FILE, AllocationTables.CASE_KEY,
                        documents.get(AllocationTables.CASES_FILE), List.of(), cases),
                new Verifier.Table(AllocationTables.ROWS_FILE, AllocationTables.ROW_KEY,
                        documents.get(AllocationTables.ROWS_FILE), List.of(), rows)));
        String levels = BloomBeforeLevelTable.FILE;
        boolean published = folder.lists(Part.ALLOCATIONS, levels);
        if (published) {
            // no case at rocksdb-ribbon now: compared with the header alone, so every published row fails
            tables.add(new Verifier.Table(levels, BloomBeforeLevelTable.KEY,
                    documents.getOrDefault(levels, BloomBeforeLevelTable.render(List.of())), List.of(), levelRows));
        }
        Verifier.Result result = verifier.verify(folder.path(), files, tables,
                Part.ALLOCATIONS.provenanceFile(), documents.get(Part.ALLOCATIONS.provenanceFile()),
                List.of("model", "solver"), List.of("lookupWeights", "treeExpansion",
                        Provenance.DEPLOYABLE, Provenance.DEPLOYABLE_SEARCH, BloomBeforeLevelTable.PROVENANCE_SECTION,
                        Provenance.RATES, Provenance.PROGRESSIVE, Provenance.ANCHORS));
        if (published || !documents.containsKey(levels)) {
            return result;
        }
        List<String> lines = new ArrayList<>(result.lines());
        lines.add("note " + levels + ": not listed in " + Part.ALLOCATIONS.provenanceFile() + " (written before"
                + " the table existed); not checked");
        return new Verifier.Result(result.passed(), List.copyOf(lines));
    }

    private Verifier.Result confirmation(AllocationReport runAllocations, Engine runGranularity,
                                         EngineFamilies families)
            throws InvalidInputException, RerunUnavailableException, IOException, InterruptedException {
        ConfirmationRequest request = folder.confirmation(threads);
        if (request.engine() != null && !RocksDbNative.available()) {
            throw new RerunUnavailableException(folder.provenance(Part.CONFIRMATION) + " records an engine check,"
                    + " which cannot be rerun here: " + RocksDbNative.problem().orElse(""));
        }
        List<CaseResult> allocations = request.granularity() == runGranularity ? runAllocations.results()
                : PartBuilder.allocations(files, request.granularity(), families, COMMAND, sourceDateEpoch)
                        .results();
        PartBuilder.Confirmation confirmation = PartBuilder.confirmation(files, allocations, request, COMMAND,
                sourceDateEpoch, () -> ConfirmProgress.SILENT, () -> ConfirmProgress.SILENT);
        Map<String, String> documents = confirmation.report().documents();
        List<Verifier.RowsNotCompared> casesByRevision = List.of();
        List<Verifier.RowsNotCompared> runsByRevision = List.of();
        List<Verifier.RowsNotCompared> engineByRevision = List.of();
        int revision = folder.predictionRevision();
        if (revision < ConfirmReport.PREDICTION_REVISION) {
            Set<String> layouts = ConfirmReport.layoutsRevisedSince(revision);
            String reason = "predicted by prediction revision " + revision + "; what was measured is compared";
            casesByRevision = List.of(new Verifier.RowsNotCompared("layout", layouts,
                    ConfirmReport.PREDICTED_CASE_COLUMNS, reason));
            runsByRevision = List.of(new Verifier.RowsNotCompared("layout", layouts,
                    ConfirmReport.PREDICTED_RUN_COLUMNS, reason));
            engineByRevision = List.of(new Verifier.RowsNotCompared("layout", layouts,
                    ConfirmReport.PREDICTED_RUN_COLUMNS, reason));
        }
        List<Verifier.Table> tables = new ArrayList<>(List.of(
                new Verifier.Table(ConfirmTables.CASES_FILE, ConfirmTables.CASE_KEY,
                        documents.get(ConfirmTables.CASES_FILE), List.of(), casesByRevision),
                new Verifier.Table(ConfirmTables.RUNS_FILE, ConfirmTables.RUN_KEY,
                        documents.get(ConfirmTables.RUNS_FILE), List.of(), runsByRevision)));
        if (confirmation.engine() != null) {
            tables.add(new Verifier.Table(EngineTables.FILE, EngineTables.KEY, documents.get(EngineTables.FILE),
                    EngineTables.VOLATILE_COLUMNS, engineByRevision));
        }
        return verifier.verify(folder.path(), files, tables, Part.CONFIRMATION.provenanceFile(),
                documents.get(Part.CONFIRMATION.provenanceFile()), List.of("method"));
    }

    /**
     * sweep.csv is solved again and compared by tolerance; the page and figures are redrawn from the
     * published tables (sweep.csv included) and compared byte for byte.
     */
    private List<Verifier.Result> report() throws InvalidInputException, IOException {
        String sweep = PartBuilder.sweep(files);
        Map<String, String> published = folder.reportTables();
        published.put(SweepTable.FILE, folder.sweep().orElse(sweep));
        Map<String, String> redrawn = new LinkedHashMap<>(PartBuilder.report(files, published, folder.path(), COMMAND,
                sourceDateEpoch));
        String provenance = redrawn.remove(Part.REPORT.provenanceFile());
        redrawn.remove(SweepTable.FILE);
        List<Verifier.RowsNotCompared> repriced = List.of();
        if (folder.holds(Part.ALLOCATIONS) && folder.rateRevision() < BUILT_FILTER_REVISION) {
            Set<String> ids = new TreeSet<>();
            files.forEach(f -> ids.add(f.lsmCase().id()));
            repriced = List.of(new Verifier.RowsNotCompared("case_id", ids, SweepTable.ROCKSDB_COLUMNS,
                    "priced at rate revision " + folder.rateRevision() + " (provenance.json, section rates)"));
        }
        Verifier.Result tables = verifier.verify(folder.path(), files,
                List.of(new Verifier.Table(SweepTable.FILE, SweepTable.KEY, sweep, List.of(), repriced)),
                Part.REPORT.provenanceFile(), provenance, List.of("sweep", "figures"));
        int revision = folder.drawingRevision();
        if (revision != ReportDocuments.DRAWING_REVISION) {
            // another version drew them from the same tables: nothing to compare byte for byte
            return List.of(tables, new Verifier.Result(true, List.of("note " + ReportDocuments.HTML_FILE + " and "
                    + ReportDocuments.FIGURES_FOLDER + "/: drawn at drawing revision " + revision + "; this version"
                    + " draws revision " + ReportDocuments.DRAWING_REVISION + ", so they are not compared byte for"
                    + " byte (`report` redraws them; the tables they show are checked above)")));
        }
        return List.of(tables, verifier.verifyBytes(folder.path(), redrawn,
                List.of(Part.REPORT.folder().orElseThrow())));
    }

    /** Every file SHA256SUMS lists must match; files it does not list are named as extra, not a regression. */
    private static Verifier.Result bundle(Path root) throws IOException {
        BundleChecker.Report bundle = BundleChecker.check(root);
        List<String> lines = new ArrayList<>();
        if (bundle.problems().isEmpty()) {
            lines.add("ok   " + Sha256Sums.FILE + ": every listed file of the bundle matches");
        } else {
            lines.add("FAIL " + Sha256Sums.FILE);
            bundle.problems().forEach(p -> lines.add("  " + p));
        }
        if (!bundle.extra().isEmpty()) {
            lines.add("note " + bundle.extra().size() + " extra file(s) not listed in " + Sha256Sums.FILE
                    + " (not part of the published bundle; not checked):");
            bundle.extra().forEach(p -> lines.add("  " + p));
        }
        return new Verifier.Result(bundle.problems().isEmpty(), lines);
    }

    private static Verifier.Result absent(Part part) {
        return new Verifier.Result(true, List.of("absent " + String.join(", ", part.named()) + ": no output of "
                + part.command() + " here; not checked"));
    }

    /** The rates a revision changed: RocksDB's fast local Bloom (and Ribbon's fallback), or the legacy Bloom's. */
    private enum Priced { ROCKSDB, LEGACY }

    /**
     * The cases whose deployable or current columns one of {@code rates} prices: a deployable allocation
     * at an engine that chooses such a family, or a current priced on the files' filters (none when no rate
     * changed).
     */
    private static Set<String> repricedCases(List<CaseResult> results, Set<Priced> rates) {
        if (rates.isEmpty()) {
            return Set.of();
        }
        Set<String> ids = new TreeSet<>();
        for (CaseResult r : results) {
            boolean deployable = r.deployable() != null && r.deployable().engine().families().stream()
                    .anyMatch(f -> rates.contains(Priced.ROCKSDB)
                            && (f == RocksDbFamily.INSTANCE || f == RocksDbRibbonFamily.INSTANCE)
                            || rates.contains(Priced.LEGACY)
                            && (f == RocksDbLegacyFamily.INSTANCE || f == PebbleFamily.INSTANCE));
            if (deployable || r.current() != null) {
                ids.add(r.lsmCase().id());
            }
        }
        return ids;
    }
}
