package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.model.LsmCase;

/**
 * On every published case, the deployable allocation at rocksdb-per-level (none, Bloom or Ribbon per
 * level) costs no more than at rocksdb (one Bloom setting) or rocksdb-ribbon (one ribbonfilter:B:L) at
 * the same budget, and on some case it chooses Ribbon for a level: each of those is one of the
 * allocations per-level can express, and per-level is solved exactly. Named *Check, not *Test: it solves
 * every published case three times (about 50 s and 3 GB), so {@code mvn verify} leaves it out and
 * {@code .ci/run} runs it on its own
 * ({@code mvn test -Dtest=PublishedGranularitiesCheck -Dsurefire.failIfNoSpecifiedTests=false}).
 */
final class PublishedGranularitiesCheck {

    @Test
    void perLevel_onEveryPublishedCase_noCostlierThanOneBloomOrOneRibbonSetting() throws Exception {
        List<CaseFile> files = CaseFolder.read(Path.of("cases"));
        assertFalse(files.isEmpty(), "no published cases");
        List<String> worse = new ArrayList<>();
        boolean choseRibbon = false;
        for (CaseFile file : files) {
            LsmCase c = file.lsmCase();
            CaseResult atPerLevel = new CaseEvaluator(new ThresholdSolver(), Engine.ROCKSDB_PER_LEVEL).evaluate(c);
            double perLevel = atPerLevel.deployableCost();
            double bloom = cost(Engine.ROCKSDB, c);
            double ribbon = cost(Engine.ROCKSDB_RIBBON, c);
            double tolerance = DeployableSolver.PRUNE_TOLERANCE * Math.min(bloom, ribbon);
            if (perLevel > Math.min(bloom, ribbon) + tolerance) {
                worse.add(c.id() + ": rocksdb-per-level " + perLevel + ", rocksdb " + bloom + ", rocksdb-ribbon "
                        + ribbon);
            }
            Deployable d = atPerLevel.deployable();
            for (int i = 0; i < c.runs().size(); i++) {
                choseRibbon |= d.family(i) == RocksDbRibbonFamily.INSTANCE;
            }
        }
        assertTrue(worse.isEmpty(), String.join("\n", worse));
        assertTrue(choseRibbon, "no published case chose Ribbon for any level at rocksdb-per-level");
    }

    private static double cost(Engine engine, LsmCase c) {
        return new CaseEvaluator(new ThresholdSolver(), engine).evaluate(c).deployableCost();
    }
}
