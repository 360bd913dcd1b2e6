package org.monkeyeval.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.model.CaseFile;

/**
 * Evaluates every case and renders the three documents of {@code run}: {@code rows.csv},
 * {@code cases.csv} and {@code provenance.json}. Nothing touches the disk here.
 *
 * @param files     the inputs, sorted by case id
 * @param results   one result per input, same order
 * @param documents file name to text, in writing order
 */
public record AllocationReport(List<CaseFile> files, List<CaseResult> results, Map<String, String> documents) {

    /**
     * @param files           cases sorted by id
     * @param evaluator       the evaluator (its solver settings go to provenance)
     * @param tool            tool identity
     * @param command         the command line as given, recorded in provenance
     * @param sourceDateEpoch SOURCE_DATE_EPOCH, recorded as the generation time when present
     */
    public static AllocationReport build(List<CaseFile> files, CaseEvaluator evaluator, ToolInfo tool,
                                         List<String> command, OptionalLong sourceDateEpoch) {
        List<CaseResult> results = new ArrayList<>(files.size());
        for (CaseFile file : files) {
            results.add(evaluator.evaluate(file.lsmCase()));
        }
        Map<String, String> tables = new LinkedHashMap<>();
        tables.put(AllocationTables.CASES_FILE, AllocationTables.cases(results));
        tables.put(AllocationTables.ROWS_FILE, AllocationTables.rows(results));

        ObjectNode provenance = Provenance.header(tool, command, sourceDateEpoch);
        provenance.set("model", Provenance.model());
        provenance.set("lookupWeights", Provenance.lookupWeights());
        provenance.set("treeExpansion", Provenance.treeExpansion());
        provenance.set("solver", Provenance.solver(evaluator.solver()));
        provenance.set("inputs", Provenance.inputs(files));
        provenance.set("cases", Provenance.caseRecords(files, results));
        provenance.set("outputs", Provenance.outputs(tables));

        Map<String, String> documents = new LinkedHashMap<>(tables);
        documents.put(Provenance.FILE, Json.write(provenance));
        return new AllocationReport(List.copyOf(files), List.copyOf(results), documents);
    }
}
