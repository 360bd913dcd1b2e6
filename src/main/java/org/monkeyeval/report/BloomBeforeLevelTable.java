package org.monkeyeval.report;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.Deployable;
import org.monkeyeval.alloc.DeployableRibbonSolver;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.text.Csv;
import org.monkeyeval.text.Json;
import org.monkeyeval.text.Numbers;

/**
 * {@code bloom-before-level.csv}: the trade {@code filter_policy=ribbonfilter:B:L} offers, for every
 * case whose deployable allocation is at {@link Engine#ROCKSDB_RIBBON} granularity. One row per
 * bloom_before_level L from -1 (Ribbon everywhere) to the number of the case's levels (Bloom
 * everywhere), ordered by case id then L: the best B at that L within the case's budget
 * ({@link DeployableRibbonSolver#solveEachLevel}, with the inputs the case's deployable allocation was
 * solved with), its expected reads per lookup, the filter bits it uses, and its build work per written
 * entry ({@link org.monkeyeval.alloc.DeployableBuildWork}); {@code chosen} marks the L of the case's
 * deployable allocation (cases.csv deployable_bloom_before_level), whose row repeats that allocation's
 * cases.csv values.
 *
 * <p>RocksDB's guidance (NewRibbonFilterPolicy's comment, include/rocksdb/filter_policy.h, facebook/rocksdb
 * commit 1dfa7297): Ribbon saves about 30% of the space at the same rate for roughly 3-4x the CPU time to
 * build; its space makes sense for the larger, longer-lived levels and Bloom's speed for the top ones.
 * The table prices exactly that choice, level by level, for one case.
 *
 * <p>Cases at other granularities have no rows; {@code run} writes the file only when some case has.
 */
public final class BloomBeforeLevelTable {

    public static final String FILE = "bloom-before-level.csv";

    /** Columns; appended to only, as for {@link AllocationTables#ROW_COLUMNS}. */
    public static final List<String> COLUMNS = List.of(
            "case_id", "bloom_before_level", "bloom_equivalent_bits_per_key", "deployable_R", "deployable_cost",
            "deployable_bits", "filter_bits_per_entry", "build_ns_per_entry", "chosen");

    /** Key columns, for regression comparison. */
    public static final List<String> KEY = List.of("case_id", "bloom_before_level");

    /** The provenance.json section that says how the table is made, present when the table is written. */
    public static final String PROVENANCE_SECTION = "bloomBeforeLevel";

    /** The columns an engine family's rate prices (the setting per level and what it costs). */
    public static final List<String> PRICED_COLUMNS = List.of("bloom_equivalent_bits_per_key", "deployable_R",
            "deployable_cost", "deployable_bits", "filter_bits_per_entry", "chosen");

    private BloomBeforeLevelTable() {
    }

    /**
     * One case's best allocation at each bloom_before_level.
     *
     * @param result the case's result, its deployable allocation at rocksdb-ribbon granularity
     * @param best   the best allocation at L = -1, 0, ..., levels (index L + 1)
     */
    public record CaseLevels(CaseResult result, List<Deployable> best) {

        public CaseLevels {
            best = List.copyOf(best);
        }

        /** The case's own choice of L (its deployable allocation's). */
        public int chosen() {
            return result.deployable().bloomBeforeLevel();
        }
    }

    /**
     * The cases whose deployable allocation is at rocksdb-ribbon granularity, in the given order, each
     * solved at every L with the case's own runs, levels, lookup weights and budget (the inputs
     * {@link org.monkeyeval.alloc.CaseEvaluator} gave its deployable solver).
     */
    public static List<CaseLevels> of(List<CaseResult> results) {
        List<CaseLevels> all = new ArrayList<>();
        for (CaseResult r : results) {
            Deployable d = r.deployable();
            if (d == null || d.engine() != Engine.ROCKSDB_RIBBON) {
                continue;
            }
            LsmCase lsmCase = r.lsmCase();
            Integer[] levels = new Integer[lsmCase.runs().size()];
            for (int i = 0; i < levels.length; i++) {
                levels[i] = lsmCase.runs().get(i).level();
            }
            Engine e = Engine.ROCKSDB_RIBBON;
            all.add(new CaseLevels(r, DeployableRibbonSolver.solveEachLevel(e.family(), e.families().get(1),
                    lsmCase.entries(), r.weights().reach(), levels, r.budgetBits())));
        }
        return List.copyOf(all);
    }

    /** The table for cases already sorted by id (a header alone when there are none). */
    public static String render(List<CaseLevels> cases) {
        Csv csv = new Csv().row(COLUMNS);
        for (CaseLevels c : cases) {
            double entries = c.result().lsmCase().totalEntries().doubleValue();
            for (Deployable d : c.best()) {
                int level = d.bloomBeforeLevel();
                // the one B of the column family: the Ribbon setting RocksDB is given (Bloom builds the same B)
                String b = d.settingOfGroup().get(0).knob();
                csv.text(c.result().lsmCase().id())
                        .integer(level)
                        .text(b)
                        .number(d.expectedProbes())
                        .number(c.result().costOf(d))
                        .number(d.usedBits())
                        .number(d.usedBits() / entries)
                        .text(Double.isNaN(d.buildNanosPerEntry()) ? "" : Numbers.format(d.buildNanosPerEntry()))
                        .text(Boolean.toString(level == c.chosen()))
                        .end();
            }
        }
        return csv.toString();
    }

    /** What provenance.json says of the table. */
    public static ObjectNode provenance() {
        ObjectNode node = Json.object();
        node.put("file", FILE);
        node.put("rows", "every case whose deployable allocation is at rocksdb-ribbon granularity, one row per"
                + " bloom_before_level L from -1 to the number of the case's levels: the best"
                + " ribbonfilter:B:L within the budget at that L (every B of the settings costed, as for the"
                + " case's own choice), chosen = true at the case's own L");
        node.put("cost", "deployable_R = sum p_i, deployable_cost = sum a_i p_i + v on RocksDB's own Bloom and"
                + " Ribbon filters, as cases.csv deployable_R and deployable_cost");
        node.put("buildWork", "build_ns_per_entry = sum_i n_i t_i / sum_i n_i, t_i the measured build time per"
                + " key of the family that builds run i's filter (0 without one), as cases.csv"
                + " deployable_build_ns_per_entry");
        return node;
    }
}
