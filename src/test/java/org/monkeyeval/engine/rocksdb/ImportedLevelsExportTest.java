package org.monkeyeval.engine.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.engine.rocksdb.RocksDbFilterDatabases.Phase;
import org.monkeyeval.export.CaseSettings;
import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.RocksDbOptions;

/**
 * An imported database is exported at the levels it holds its runs at, with its own options. A database
 * written with level_compaction_dynamic_level_bytes=false (RocksDB 7.8.3's default) keeps L1 and L2 at the
 * top of the tree; mapped by the dynamic rule they would become L5 and L6, and a per-level policy applied
 * as written would give L2's files the table's L2 entry, not the one priced for that run.
 */
final class ImportedLevelsExportTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void available() {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
    }

    @Test
    void export_databaseWithoutDynamicLevelBytes_keepsEachRunAtItsOwnLevel() throws Exception {
        Path db = dir.resolve("static-levels");
        RocksDbFilterDatabases.build(db, List.of(
                new Phase(0, 20_000, RocksDbFilterDatabases.bloom(8), "", 2),
                new Phase(20_000, 2_000, RocksDbFilterDatabases.bloom(8), "", 1)));
        RocksDbImport.Imported imported = RocksDbImport.read(db, "default");
        assertEquals(new RocksDbOptions(7, false, false, RocksDbOptions.NO_PREFIX_EXTRACTOR, true, "kCompactionStyleLevel", 5,
                false), imported.options(), "as the database's OPTIONS file says");
        LsmCase lsmCase = ImportedCase.lsmCase(imported, Engine.ROCKSDB_PER_LEVEL);

        String policy = CaseSettings.render(lsmCase, Engine.ROCKSDB_PER_LEVEL);
        assertTrue(policy.contains("case level 1 (1 run) -> L1") && policy.contains("case level 2 (1 run) -> L2"),
                policy);
        assertTrue(policy.contains("level_compaction_dynamic_level_bytes=false"), policy);
        assertTrue(policy.contains("options.level_compaction_dynamic_level_bytes = false (as the database has it)"),
                policy);
        // the policy's bits at L1 and L2 are the settings priced for the runs there
        CaseResult r = new CaseEvaluator(new ThresholdSolver(), Engine.ROCKSDB_PER_LEVEL).evaluate(lsmCase);
        Matcher bits = Pattern.compile("bits_ = \\{([^}]*)\\}").matcher(policy);
        assertTrue(bits.find(), policy);
        String[] byLevel = bits.group(1).split(", ");
        assertEquals(7, byLevel.length);
        for (int run = 0; run < 2; run++) {
            int level = lsmCase.runs().get(run).level();
            String priced = r.deployable().setting(run).hasFilter() ? r.deployable().setting(run).knob() : "0";
            assertEquals(priced, byLevel[level], "L" + level);
        }

        String options = CaseSettings.render(lsmCase, Engine.ROCKSDB);
        assertTrue(options.contains("  level_compaction_dynamic_level_bytes=false\n"), options);
        assertTrue(!options.contains("\n  num_levels="), options); // the database's own 7, RocksDB's default
    }
}
