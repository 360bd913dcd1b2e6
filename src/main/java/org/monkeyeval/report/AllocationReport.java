package org.monkeyeval.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.LongConsumer;
import java.util.function.ObjDoubleConsumer;
import java.util.stream.IntStream;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.DeployableException;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.text.Json;
import org.monkeyeval.text.TextDocument;

/**
 * Evaluates every case and renders the documents of {@code run}: {@code rows.csv}, {@code cases.csv},
 * {@code bloom-before-level.csv} when some case is at rocksdb-ribbon granularity
 * ({@link BloomBeforeLevelTable}), and {@code provenance.json}, either as text ({@link #documents()},
 * for comparison) or as writers ({@link #streamed()}, for a folder of any size). Nothing touches the
 * disk here.
 */
public final class AllocationReport {

    private final List<CaseFile> files;
    private final List<CaseResult> results;
    private final List<BloomBeforeLevelTable.CaseLevels> bloomBeforeLevel;
    private final ObjectNode provenance; // every section but "outputs"

    private AllocationReport(List<CaseFile> files, List<CaseResult> results,
                             List<BloomBeforeLevelTable.CaseLevels> bloomBeforeLevel, ObjectNode provenance) {
        this.files = files;
        this.results = results;
        this.bloomBeforeLevel = bloomBeforeLevel;
        this.provenance = provenance;
    }

    /**
     * @param files           cases sorted by id
     * @param evaluator       the evaluator (its solver settings go to provenance)
     * @param tool            tool identity
     * @param command         the command line as given, recorded in provenance
     * @param sourceDateEpoch SOURCE_DATE_EPOCH, recorded as the generation time when present
     */
    public static AllocationReport build(List<CaseFile> files, CaseEvaluator evaluator, ToolInfo tool,
                                         List<String> command, OptionalLong sourceDateEpoch) {
        return build(files, evaluator, tool, command, sourceDateEpoch, (what, done) -> { });
    }

    /**
     * As {@link #build(List, CaseEvaluator, ToolInfo, List, OptionalLong)}, telling {@code progress} what
     * is being solved and the share of the runs solved so far.
     */
    public static AllocationReport build(List<CaseFile> files, CaseEvaluator evaluator, ToolInfo tool,
                                         List<String> command, OptionalLong sourceDateEpoch,
                                         ObjDoubleConsumer<String> progress) {
        List<CaseResult> results = evaluateAll(files, evaluator, progress);
        ObjectNode provenance = Provenance.header(tool, command, sourceDateEpoch);
        provenance.set("model", Provenance.model());
        provenance.set("lookupWeights", Provenance.lookupWeights());
        provenance.set("treeExpansion", Provenance.treeExpansion());
        if (results.stream().anyMatch(r -> r.robust() != null)) {
            provenance.set(Provenance.ROBUST, Provenance.robust());
        }
        provenance.set("solver", Provenance.solver(evaluator.solver()));
        provenance.set(Provenance.RATES, Provenance.rates());
        if (results.stream().anyMatch(r -> r.progressive() != null)) {
            provenance.set(Provenance.PROGRESSIVE, Provenance.progressive());
        }
        if (results.stream().anyMatch(r -> !r.anchors().equals(org.monkeyeval.alloc.EngineAnchors.NONE))) {
            provenance.set(Provenance.ANCHORS, Provenance.anchors());
        }
        ObjectNode deployable = evaluator.engine() != null
                ? Provenance.deployable(evaluator.engine(), evaluator.families())
                : Provenance.deployableByCase(results, evaluator.families());
        if (deployable != null) {
            provenance.set(Provenance.DEPLOYABLE, deployable);
            provenance.set(Provenance.DEPLOYABLE_SEARCH, Provenance.deployableSearch());
        }
        List<BloomBeforeLevelTable.CaseLevels> bloomBeforeLevel = BloomBeforeLevelTable.of(results);
        if (!bloomBeforeLevel.isEmpty()) {
            provenance.set(BloomBeforeLevelTable.PROVENANCE_SECTION, BloomBeforeLevelTable.provenance());
        }
        provenance.set("inputs", Provenance.inputs(files));
        provenance.set("cases", Provenance.caseRecords(files, results));
        return new AllocationReport(List.copyOf(files), List.copyOf(results), bloomBeforeLevel, provenance);
    }

    /**
     * Each case's result, in the order of {@code files}. The cases are independent, so they are solved side by side
     * (the common fork-join pool, one per core), each with the same numbers it has on its own; a case whose tables
     * could take more than its share of the heap ({@link CaseEvaluator#tableBytes}, against half the heap over the
     * cases solved at once) is solved after them, alone. Where some fail, the first of them in the order of
     * {@code files} is thrown, as one after another would have.
     */
    private static List<CaseResult> evaluateAll(List<CaseFile> files, CaseEvaluator evaluator,
                                                ObjDoubleConsumer<String> progress) {
        long totalRuns = files.stream().mapToLong(f -> f.lsmCase().runs().size()).sum();
        AtomicLong solved = new AtomicLong();
        CaseResult[] results = new CaseResult[files.size()];
        RuntimeException[] failures = new RuntimeException[files.size()];
        long share = Runtime.getRuntime().maxMemory() / (2L * (ForkJoinPool.getCommonPoolParallelism() + 1));
        IntPredicate small = c -> CaseEvaluator.tableBytes(files.get(c).lsmCase()) <= share;
        IntConsumer evaluate = c -> {
            CaseFile file = files.get(c);
            synchronized (progress) {
                progress.accept("solving " + file.lsmCase().id(), (double) solved.get() / totalRuns);
            }
            try {
                results[c] = evaluator.evaluate(file.lsmCase());
            } catch (DeployableException e) {
                failures[c] = new DeployableException(file.fileName() + ": " + e.getMessage(), e.getCause());
            } catch (RuntimeException e) {
                failures[c] = e;
            }
            solved.addAndGet(file.lsmCase().runs().size());
        };
        IntStream.range(0, files.size()).filter(small).parallel().forEach(evaluate);
        IntStream.range(0, files.size()).filter(small.negate()).forEach(evaluate);
        for (RuntimeException failure : failures) {
            if (failure != null) {
                throw failure;
            }
        }
        return List.of(results);
    }

    /** The inputs, sorted by case id. */
    public List<CaseFile> files() {
        return files;
    }

    /** One result per input, same order. */
    public List<CaseResult> results() {
        return results;
    }

    /** The cases at rocksdb-ribbon granularity with their best allocation at each bloom_before_level. */
    public List<BloomBeforeLevelTable.CaseLevels> bloomBeforeLevel() {
        return bloomBeforeLevel;
    }

    /**
     * File name to text, in writing order: {@code cases.csv}, {@code rows.csv},
     * {@code bloom-before-level.csv} (when some case is at rocksdb-ribbon granularity), {@code provenance.json}.
     */
    public Map<String, String> documents() {
        Map<String, String> documents = new LinkedHashMap<>();
        documents.put(AllocationTables.CASES_FILE, AllocationTables.cases(results));
        documents.put(AllocationTables.ROWS_FILE, AllocationTables.rows(results));
        if (!bloomBeforeLevel.isEmpty()) {
            documents.put(BloomBeforeLevelTable.FILE, BloomBeforeLevelTable.render(bloomBeforeLevel));
        }
        documents.put(Provenance.FILE, provenance(Provenance.outputs(documents)));
        return documents;
    }

    /** The same documents as writers, in the same order and to the same bytes. */
    public List<TextDocument> streamed() {
        return streamed(rows -> { });
    }

    /** As {@link #streamed()}, telling {@code rowsWritten} how many rows of rows.csv are out, now and then. */
    public List<TextDocument> streamed(LongConsumer rowsWritten) {
        List<TextDocument> documents = new ArrayList<>(List.of(
                new TextDocument(AllocationTables.CASES_FILE, (out, earlier) -> AllocationTables.writeCases(results, out)),
                new TextDocument(AllocationTables.ROWS_FILE,
                        (out, earlier) -> AllocationTables.writeRows(results, out, rowsWritten))));
        if (!bloomBeforeLevel.isEmpty()) {
            documents.add(new TextDocument(BloomBeforeLevelTable.FILE,
                    (out, earlier) -> out.write(BloomBeforeLevelTable.render(bloomBeforeLevel))));
        }
        documents.add(new TextDocument(Provenance.FILE, (out, earlier) -> out.write(
                provenance(Provenance.outputHashes(earlier)))));
        return List.copyOf(documents);
    }

    private String provenance(com.fasterxml.jackson.databind.node.ArrayNode outputs) {
        ObjectNode complete = provenance.deepCopy();
        complete.set("outputs", outputs);
        return Json.write(complete);
    }
}
