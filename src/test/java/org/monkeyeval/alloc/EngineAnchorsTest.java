package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.function.ToDoubleFunction;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.fastfilter.StaticSetFamily;
import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.model.CaseFile;
import org.monkeyeval.model.LsmCase;

/**
 * The engines' own settings as anchors: each priced from its engine's rules on its read path at its own
 * memory, and on every published case the best allocation at the anchor's memory and granularity no worse.
 */
final class EngineAnchorsTest {

    private static List<CaseResult> published;

    @BeforeAll
    static void evaluatePublished() throws Exception {
        List<CaseFile> files = CaseFolder.read(Path.of("cases"));
        CaseEvaluator evaluator = new CaseEvaluator(new ThresholdSolver());
        published = files.stream().map(f -> evaluator.evaluate(f.lsmCase())).toList();
    }

    private static LsmCase read(String json) throws Exception {
        return ProgressivePolicyTest.read(json);
    }

    private static final String THREE_LEVELS = "{\"id\": \"x\", \"runs\": [{\"entries\": 10000, \"level\": 0},"
            + " {\"entries\": 100000, \"level\": 1}, {\"entries\": 1000000, \"level\": 2}],"
            + " \"budget\": {\"bitsPerEntry\": 10}}";

    /** L0 (a flush's file) gets Bloom, the compacted levels Ribbon, all at B = M / N = 10. */
    @Test
    void ribbonHybrid_bloomForL0_ribbonBelow_atTheBudgetPerEntry() throws Exception {
        LsmCase c = read(THREE_LEVELS);
        double[] reach = {1, 1, 1};
        EngineAnchors.Priced p = EngineAnchors.ribbonHybrid(c, reach, new DeployableSolver());
        RocksDbFamily bloom = RocksDbFamily.INSTANCE;
        RocksDbRibbonFamily ribbon = RocksDbRibbonFamily.INSTANCE;
        double bits = bloom.filterBits(10_000, bloom.settingFor(10)) + ribbon.filterBits(100_000, ribbon.settingFor(10))
                + ribbon.filterBits(1_000_000, ribbon.settingFor(10));
        double cost = bloom.fpr(10_000, bloom.settingFor(10)) + ribbon.fpr(100_000, ribbon.settingFor(10))
                + ribbon.fpr(1_000_000, ribbon.settingFor(10));
        assertEquals(10.0, p.bitsPerKey());
        assertEquals(bits, p.filterBits(), 1e-6);
        assertEquals(cost, p.weightedFpr(), 1e-15);
        assertTrue(p.optimumWeightedFpr() <= p.weightedFpr());
    }

    /** Pebble's uniform bloom(10): the deepest level is L6, whose filter a Get does not read. */
    @Test
    void pebbleUniform_l6FilterUnread_andPricedAsRead() throws Exception {
        LsmCase c = read(THREE_LEVELS);
        EngineAnchors.Priced p = EngineAnchors.pebbleUniform(c, new double[] {1, 1, 1}, new DeployableSolver());
        PebbleFamily f = PebbleFamily.INSTANCE;
        assertEquals(f.filterBits(1_000_000, f.settingFor(10)), p.unreadBits(), 1e-6);
        assertEquals(f.fpr(10_000, f.settingFor(10)) + f.fpr(100_000, f.settingFor(10)) + 1.0, p.weightedFpr(), 1e-15);
        assertTrue(p.optimumWeightedFpr() < p.weightedFpr());
    }

    /** Pebble's binary-fuse progressive policy: three levels at L4, L5, L6 take 10, 8 and 4 fingerprint bits. */
    @Test
    void progressiveFuse_widthsByPebbleLevel_l6Unread() throws Exception {
        LsmCase c = read("{\"id\": \"x\", \"runs\": [{\"entries\": 10000, \"level\": 1}, {\"entries\": 100000,"
                + " \"level\": 2}, {\"entries\": 1000000, \"level\": 3}], \"budget\": {\"bitsPerEntry\": 10}}");
        ProgressivePolicy.Anchor a = ProgressivePolicy.fuse(c, new double[] {1, 1, 1}, new DeployableSolver());
        double bits = 10 * StaticSetFamily.binaryFuseSlots(10_000) + 8 * StaticSetFamily.binaryFuseSlots(100_000)
                + 4 * StaticSetFamily.binaryFuseSlots(1_000_000);
        assertEquals(bits, a.filterBits(), 1e-6);
        assertEquals(4.0 * StaticSetFamily.binaryFuseSlots(1_000_000), a.unreadBits(), 1e-6);
        assertEquals(Math.scalb(1.0, -10) + Math.scalb(1.0, -8) + 1.0, a.weightedFpr(), 1e-15);
        assertTrue(a.optimumWeightedFpr() < a.weightedFpr());
    }

    @Test
    void moreLevelsThanPebbleHas_noPebbleAnchors_rocksDbAnchorsStill() throws Exception {
        EngineAnchors a = EngineAnchors.of(ProgressivePolicyTest.sevenLevels(), new double[] {1, 1, 1, 1, 1, 1, 1}, new DeployableSolver());
        assertNull(a.progressiveFuse());
        assertNull(a.pebbleUniform());
        assertNotNull(a.ribbonHybrid());
        assertNotNull(a.rocksdbUniform());
    }

    /** A run past what one RocksDB filter holds below its cap gets no RocksDB anchor, and the case is still run. */
    @Test
    void runPastRocksDbsFilterCap_noRocksDbAnchors() throws Exception {
        LsmCase c = read("{\"id\": \"x\", \"runs\": [{\"entries\": 100000000000000}, {\"entries\": 1000}],"
                + " \"budget\": {\"bitsPerEntry\": 10}}");
        EngineAnchors a = EngineAnchors.of(c, new double[] {1, 1}, new DeployableSolver());
        assertNull(a.ribbonHybrid());
        assertNull(a.rocksdbUniform());
    }

    private static int assertOptimumNoWorse(String anchor, ToDoubleFunction<CaseResult> cost,
                                            ToDoubleFunction<CaseResult> optimum) {
        int anchored = 0;
        for (CaseResult r : published) {
            double a = cost.applyAsDouble(r);
            if (Double.isNaN(a)) {
                continue;
            }
            anchored++;
            double o = optimum.applyAsDouble(r);
            assertTrue(o <= a * (1 + 1e-12), r.lsmCase().id() + " " + anchor + ": optimum " + o + " against " + a);
        }
        return anchored;
    }

    private static double cost(CaseResult r, ProgressivePolicy.Anchor a, boolean optimum) {
        return a == null ? Double.NaN : r.anchorCost(optimum ? a.optimumWeightedFpr() : a.weightedFpr());
    }

    private static double cost(CaseResult r, EngineAnchors.Priced p, boolean optimum) {
        return p == null ? Double.NaN : r.anchorCost(optimum ? p.optimumWeightedFpr() : p.weightedFpr());
    }

    /** On every published case Pebble can hold, the best Pebble allocation (Bloom or binary fuse per level) is no worse. */
    @Test
    void publishedCases_progressiveFuse_optimumAtItsMemoryNoWorse() {
        int n = assertOptimumNoWorse("progressive fuse", r -> cost(r, r.anchors().progressiveFuse(), false),
                r -> cost(r, r.anchors().progressiveFuse(), true));
        assertTrue(n >= 20, n + " cases anchored");
    }

    @Test
    void publishedCases_ribbonHybrid_bestRibbonFilterAtItsMemoryNoWorse() {
        int n = assertOptimumNoWorse("ribbon hybrid", r -> cost(r, r.anchors().ribbonHybrid(), false),
                r -> cost(r, r.anchors().ribbonHybrid(), true));
        assertEquals(published.size(), n, "every case has RocksDB's hybrid");
    }

    @Test
    void publishedCases_rocksdbUniform_bestPerLevelAtItsMemoryNoWorse() {
        int n = assertOptimumNoWorse("rocksdb uniform", r -> cost(r, r.anchors().rocksdbUniform(), false),
                r -> cost(r, r.anchors().rocksdbUniform(), true));
        assertEquals(published.size(), n, "every case has RocksDB's uniform setting");
    }

    @Test
    void publishedCases_pebbleUniform_bestPebbleAtItsMemoryNoWorse() {
        int n = assertOptimumNoWorse("pebble uniform", r -> cost(r, r.anchors().pebbleUniform(), false),
                r -> cost(r, r.anchors().pebbleUniform(), true));
        assertTrue(n >= 20, n + " cases anchored");
    }

    /** Each anchor spends about the case's budget: its bits per key are M / N as the engine's setting takes it. */
    @Test
    void publishedCases_uniformAnchorsAtTheBudgetPerEntry() {
        for (CaseResult r : published) {
            double b = EngineAnchors.bitsPerEntry(r.lsmCase());
            EngineAnchors.Priced rocks = r.anchors().rocksdbUniform();
            assertEquals(Engine.ROCKSDB.family().settingFor(b).bitsPerKey(), rocks.bitsPerKey(), r.lsmCase().id());
            EngineAnchors.Priced pebble = r.anchors().pebbleUniform();
            if (pebble != null) {
                assertEquals(Math.floor(b) < 1 ? 0.0 : Math.floor(b), pebble.bitsPerKey(), r.lsmCase().id());
            }
        }
    }
    /**
     * A case object evaluated again, at another engine, is given the anchors a fresh evaluation of an equal case
     * finds; evaluated with other families (a published folder's), those families' anchors, not the ones kept.
     */
    @Test
    void evaluate_sameCaseAgain_anchorsAsFoundAfresh_andOtherFamiliesPricedAnew() throws Exception {
        ThresholdSolver solver = new ThresholdSolver();
        LsmCase shared = read(THREE_LEVELS);
        new CaseEvaluator(solver, Engine.ROCKSDB).evaluate(shared);
        CaseResult again = new CaseEvaluator(solver, Engine.PEBBLE).evaluate(shared);
        CaseResult fresh = new CaseEvaluator(solver, Engine.PEBBLE).evaluate(read(THREE_LEVELS));
        assertEquals(fresh.anchors(), again.anchors());
        assertEquals(fresh.progressive(), again.progressive());

        EngineFamilies bloomOnly = EngineFamilies.OFFERED.firstFamilyOnly(Engine.ROCKSDB_PER_LEVEL);
        CaseResult restricted = new CaseEvaluator(solver, null, bloomOnly).evaluate(shared);
        CaseResult restrictedFresh = new CaseEvaluator(solver, null, bloomOnly).evaluate(read(THREE_LEVELS));
        assertEquals(restrictedFresh.anchors(), restricted.anchors());
        // the families change the per-level optimum beside bloomfilter:B, so kept anchors would be seen here
        assertNotEquals(again.anchors().rocksdbUniform().optimumWeightedFpr(),
                restricted.anchors().rocksdbUniform().optimumWeightedFpr());
    }
}
