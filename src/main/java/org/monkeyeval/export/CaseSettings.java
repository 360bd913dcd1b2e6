package org.monkeyeval.export;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.DeployableSolver;
import org.monkeyeval.alloc.EngineLevels;
import org.monkeyeval.alloc.HitsOptimized;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.text.InvalidInputException;

/**
 * A case exported to one engine: its runs mapped to the levels the engine puts them at
 * ({@link EngineLevels}), its deployable allocation solved at the engine's granularity, and both written
 * as the engine's settings ({@link EngineExport}). For {@link Engine#ROCKSDB} the export also prices
 * optimize_filters_for_hits ({@link HitsOptimized}). No I/O.
 */
public final class CaseSettings {

    private CaseSettings() {
    }

    /**
     * @throws InvalidInputException the engine cannot hold the case's levels (the reason named)
     */
    public static String render(LsmCase lsmCase, Engine engine) throws InvalidInputException {
        return render(lsmCase, engine, ExportTarget.defaults(lsmCase.id()));
    }

    /**
     * As {@link #render(LsmCase, Engine)}, naming {@code target} (HBase's table and column family).
     *
     * @throws InvalidInputException the engine cannot hold the case's levels (the reason named)
     */
    public static String render(LsmCase lsmCase, Engine engine, ExportTarget target) throws InvalidInputException {
        EngineLevels.Mapping levels;
        try {
            levels = EngineLevels.map(engine, lsmCase.runs(), lsmCase.rocksdb());
        } catch (EngineLevels.ShapeException shape) {
            throw new InvalidInputException("case " + lsmCase.id() + " cannot be exported to " + engine.label()
                    + ": " + shape.getMessage());
        }
        CaseResult result = new CaseEvaluator(new ThresholdSolver(), engine).evaluate(lsmCase);
        HitsOptimized hits = null;
        if (engine == Engine.ROCKSDB) {
            Integer[] caseLevels = lsmCase.runs().stream().map(r -> r.level()).toArray(Integer[]::new);
            hits = HitsOptimized.solve(new DeployableSolver(), engine, lsmCase.entries(), result.weights().reach(),
                    caseLevels, result.budgetBits());
        }
        return EngineExport.render(result, hits, levels, target);
    }
}
