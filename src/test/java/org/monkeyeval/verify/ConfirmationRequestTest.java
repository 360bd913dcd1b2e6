package org.monkeyeval.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.confirm.ConfirmSettings;
import org.monkeyeval.confirm.Confirmer;
import org.monkeyeval.confirm.Layout;
import org.monkeyeval.engine.rocksdb.EngineSettings;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;

/**
 * A confirmation's request: the command line it records spells out every setting (the engine's only
 * with the engine check), the layouts as given; a granularity needs the engine check and must be one
 * of RocksDB's; a case is held to the engine's limit only when the engine check selects it.
 */
final class ConfirmationRequestTest {

    private static final ConfirmSettings SETTINGS = new ConfirmSettings(1000, 5, 2, List.of(Layout.STANDARD),
            Double.NaN, 1000, 300);
    private static final EngineSettings ENGINE = new EngineSettings(400, 5, 0.25, List.of("a", "b"), 300);

    @Test
    void command_withoutEngineCheck_recordsTheFiltersSettingsOnly() {
        List<String> command = new ConfirmationRequest(SETTINGS, null, null).command("in", "out",
                List.of("standard"));
        assertEquals(List.of("confirm", "--cases", "in", "--out", "out", "--queries", "1000", "--seed", "5",
                "--threads", "2", "--layout", "standard", "--max-filter-entries", "300"), command);
    }

    @Test
    void command_withEngineCheckAndGranularity_recordsTheEngineSettingsThenTheGranularity() {
        List<String> command = new ConfirmationRequest(SETTINGS, ENGINE, Engine.ROCKSDB_PER_LEVEL).command("in",
                "out", List.of("standard"));
        assertEquals(List.of("--engine", "rocksdb", "--engine-cases", "a,b", "--engine-queries", "400",
                "--present-share", "0.25", "--engine-granularity", "rocksdb-per-level"),
                command.subList(command.indexOf("--engine"), command.size()));
    }

    @Test
    void command_layoutsAreRecordedAsGiven_aRepeatIncluded() {
        List<String> command = new ConfirmationRequest(SETTINGS, null, null).command("in", "out",
                List.of("standard", "standard"));
        assertEquals("standard,standard", command.get(command.indexOf("--layout") + 1));
    }

    @Test
    void checkGranularity_withoutTheEngineCheck_isRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ConfirmationRequest.checkGranularity(Engine.ROCKSDB, false));
        assertTrue(e.getMessage().contains("needs --engine rocksdb"), e.getMessage());
    }

    @Test
    void checkGranularity_ofAnotherEnginesFamily_isRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ConfirmationRequest.checkGranularity(Engine.PEBBLE, true));
        assertTrue(e.getMessage().endsWith("not pebble"), e.getMessage());
    }

    @Test
    void checkGranularity_rocksdbOrNoneWithTheEngineCheck_isAccepted() {
        ConfirmationRequest.checkGranularity(Engine.ROCKSDB, true);
        ConfirmationRequest.checkGranularity(Engine.ROCKSDB_PER_LEVEL, true);
        ConfirmationRequest.checkGranularity(null, false);
    }

    @Test
    void limit_heapTheFiltersFitButNotTheEngineSort_refusesOnlyACaseTheEngineSelects() {
        CaseResult allocation = new CaseEvaluator(new ThresholdSolver()).evaluate(new LsmCase("a", "",
                List.of(new Run(null, 100_000)), new Budget.BitsPerEntry(1)));
        ConfirmSettings uncapped = new ConfirmSettings(1000, 5, 1, List.of(Layout.STANDARD, Layout.ROCKSDB),
                Double.NaN, 1000, ConfirmSettings.NO_FILTER_CAP);
        // 100 000 keys of 8 bytes to sort (800 kB), filters of a few 12.5 kB each
        long heap = 200_000;
        assertEquals(Optional.empty(), Confirmer.limit(allocation, uncapped, heap), "fixture: the filters fit");
        EngineSettings selectsA = new EngineSettings(400, 5, 0, List.of("a"), ConfirmSettings.NO_FILTER_CAP);
        EngineSettings selectsB = new EngineSettings(400, 5, 0, List.of("b"), ConfirmSettings.NO_FILTER_CAP);

        assertTrue(new ConfirmationRequest(uncapped, selectsA, null).limit("a", allocation, heap).orElseThrow()
                .contains("100000 keys in its SST"));
        assertEquals(Optional.empty(), new ConfirmationRequest(uncapped, selectsB, null).limit("a", allocation, heap));
        assertEquals(Optional.empty(), new ConfirmationRequest(uncapped, null, null).limit("a", allocation, heap));
    }

    @Test
    void limit_filtersOverTheHeap_areRefusedBeforeTheEngineIsAsked() {
        CaseResult allocation = new CaseEvaluator(new ThresholdSolver()).evaluate(new LsmCase("a", "",
                List.of(new Run(null, 100_000)), new Budget.BitsPerEntry(1)));
        ConfirmSettings uncapped = new ConfirmSettings(1000, 5, 1, List.of(Layout.STANDARD), Double.NaN, 1000,
                ConfirmSettings.NO_FILTER_CAP);
        String problem = new ConfirmationRequest(uncapped, ENGINE, null)
                .limit("a", allocation, 1000).orElseThrow();
        assertTrue(problem.startsWith("its filters need"), problem);
    }
}
