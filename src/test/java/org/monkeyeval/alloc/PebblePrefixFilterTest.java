package org.monkeyeval.alloc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import org.monkeyeval.family.catalog.Engine;
import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.io.CaseReader;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.text.InvalidInputException;

/**
 * Pebble's table filter holds each point key's Split prefix once: the writer adds
 * {@code key.UserKey[:eval.kcmp.PrefixLen]} to the filter writer (cockroachdb/pebble at
 * f82e3ff74d10b1f33df146eefc5661518f868542, {@code sstable/colblk_writer.go}; {@code sstable/rowblk_writer.go}
 * adds {@code key[:w.split(key)]}), and the Bloom writer's {@code hashCollector.Add} skips a hash equal to the last
 * one ({@code sstable/tablefilters/bloom/hash_collector.go}), so a key's adjacent versions are one entry. A Get
 * checks the key's prefix, so an absent key whose prefix a run holds passes that run's filter and reads it.
 *
 * <p>Invariants: a case at v versions per key is sized exactly as the case of its distinct prefixes, memory per
 * filter entry, at both Pebble read paths; with workload.presentPrefixShare q each run a Get consults costs
 * s_i + (1 - s_i) fpr_i with s_i = min(1, q n_i / N), unread runs 1; the allocation found under that pricing is
 * never costlier under it than the one found for absent prefixes; q = 0 changes nothing; whole-key engines ignore q; the robust
 * allocation over an uncertain zero-result share is priced the same way.
 */
final class PebblePrefixFilterTest {

    private static final String RUNS_V = "[{\"name\": \"L3\", \"entries\": 40000, \"level\": 3},"
            + " {\"name\": \"L4\", \"entries\": 400000, \"level\": 4}, {\"name\": \"L5\", \"entries\": 4000000,"
            + " \"level\": 5}, {\"name\": \"L6\", \"entries\": 40000000, \"level\": 6}]";
    private static final String RUNS_DISTINCT = "[{\"name\": \"L3\", \"entries\": 10000, \"level\": 3},"
            + " {\"name\": \"L4\", \"entries\": 100000, \"level\": 4}, {\"name\": \"L5\", \"entries\": 1000000,"
            + " \"level\": 5}, {\"name\": \"L6\", \"entries\": 10000000, \"level\": 6}]";

    private static LsmCase read(String json) throws InvalidInputException {
        return CaseReader.read("c.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static CaseResult evaluate(Engine engine, String json) throws InvalidInputException {
        return new CaseEvaluator(new ThresholdSolver(), engine).evaluate(read(json));
    }

    private static void assertSameDeployable(CaseResult a, CaseResult b) {
        assertSameEngineAllocation(a, b);
        assertEquals(a.progressiveCost(), b.progressiveCost(), 0.0);
    }

    /** The engine's allocation alike (Pebble's progressive anchor, priced on Pebble's prefixes, aside). */
    private static void assertSameEngineAllocation(CaseResult a, CaseResult b) {
        Deployable x = a.deployable();
        Deployable y = b.deployable();
        assertEquals(a.budgetBits(), b.budgetBits(), 0.0);
        assertEquals(x.settingOfRun(), y.settingOfRun());
        assertArrayEquals(x.fpr(), y.fpr(), 0.0);
        assertArrayEquals(x.filterBits(), y.filterBits(), 0.0);
        assertEquals(x.usedBits(), y.usedBits(), 0.0);
        assertEquals(a.deployableCost(), b.deployableCost(), 0.0);
        assertEquals(a.optimizedCost(), b.optimizedCost(), 0.0);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Engine.class, names = {"PEBBLE", "PEBBLE_USE_L6_FILTERS"})
    void deployable_versionsPerKey_sameAllocationAsTheCaseOfItsDistinctPrefixes(Engine engine) throws Exception {
        CaseResult versions = evaluate(engine, "{\"id\": \"v\", \"runs\": " + RUNS_V
                + ", \"budget\": {\"bitsPerEntry\": 8}, \"versionsPerKey\": 4}");
        CaseResult distinct = evaluate(engine, "{\"id\": \"v\", \"runs\": " + RUNS_DISTINCT
                + ", \"budget\": {\"bitsPerEntry\": 8}}");
        assertSameDeployable(versions, distinct);
        assertEquals(8.0 * 11_110_000, versions.budgetBits(), 0.0); // 8 bits per filter entry, not per version
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Engine.class, names = {"PEBBLE", "PEBBLE_USE_L6_FILTERS"})
    void deployable_runFilterEntries_sameAllocationAsTheCaseOfItsDistinctPrefixes(Engine engine) throws Exception {
        CaseResult given = evaluate(engine, "{\"id\": \"f\", \"runs\": " + RUNS_V.replace("\"entries\": 40000000,",
                "\"entries\": 40000000, \"filterEntries\": 10000000,").replace("\"entries\": 4000000,",
                "\"entries\": 4000000, \"filterEntries\": 1000000,").replace("\"entries\": 400000,",
                "\"entries\": 400000, \"filterEntries\": 100000,").replace("\"entries\": 40000,",
                "\"entries\": 40000, \"filterEntries\": 10000,") + ", \"budget\": {\"bitsPerEntry\": 8}}");
        CaseResult distinct = evaluate(engine, "{\"id\": \"f\", \"runs\": " + RUNS_DISTINCT
                + ", \"budget\": {\"bitsPerEntry\": 8}}");
        assertEquals(4.0, given.lsmCase().versions().perKey(), 0.0);
        assertSameDeployable(given, distinct);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Engine.class, names = {"PEBBLE", "PEBBLE_USE_L6_FILTERS"})
    void deployable_presentPrefixShare_eachReadRunCostsShareplusRestTimesFpr(Engine engine) throws Exception {
        double q = 0.3;
        CaseResult r = evaluate(engine, "{\"id\": \"q\", \"runs\": " + RUNS_DISTINCT
                + ", \"budget\": {\"bitsPerEntry\": 8}, \"workload\": {\"presentPrefixShare\": " + q + "}}");
        Deployable d = r.deployable();
        long[] n = r.lsmCase().entries();
        double total = 11_110_000.0;
        boolean[] consulted = ReadPath.consulted(engine, r.lsmCase().runs());
        double cost = 0.0;
        for (int i = 0; i < n.length; i++) {
            double s = Math.min(1.0, q * n[i] / total);
            double expected = consulted[i] ? s + (1.0 - s) * PebbleFamily.INSTANCE.fpr(n[i], d.setting(i)) : 1.0;
            assertEquals(expected, d.fpr(i), 1e-15, "run " + i);
            cost += expected;
        }
        assertEquals(cost, r.deployableCost(), 1e-12);
        assertTrue(r.deployableCost() > evaluate(engine, "{\"id\": \"q\", \"runs\": " + RUNS_DISTINCT
                + ", \"budget\": {\"bitsPerEntry\": 8}}").deployableCost());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Engine.class, names = {"PEBBLE", "PEBBLE_USE_L6_FILTERS"})
    void deployable_presentPrefixShare_noCostlierThanTheAbsentPrefixAllocationPricedTheSameWay(Engine engine)
            throws Exception {
        for (double q : new double[] {0.2, 0.6, 1.0}) {
            LsmCase c = read("{\"id\": \"q\", \"runs\": " + RUNS_DISTINCT + ", \"budget\": {\"bitsPerEntry\": 6},"
                    + " \"workload\": {\"presentPrefixShare\": " + q + "}}");
            Deployable withShare = new CaseEvaluator(new ThresholdSolver(), engine).evaluate(c).deployable();
            Deployable without = evaluate(engine, "{\"id\": \"q\", \"runs\": " + RUNS_DISTINCT
                    + ", \"budget\": {\"bitsPerEntry\": 6}}").deployable();
            double[] s = ReadPath.presentPrefixShares(engine, c, null);
            boolean[] consulted = ReadPath.consulted(engine, c.runs());
            double priced = 0.0;
            for (int i = 0; i < s.length; i++) {
                priced += ReadPath.rate(consulted[i], s[i], PebbleFamily.INSTANCE.fpr(c.entries(i), without.setting(i)));
            }
            assertTrue(withShare.weightedFpr() <= priced * (1 + 1e-12), "q = " + q + ": " + withShare.weightedFpr()
                    + " > " + priced);
        }
    }

    @Test
    void presentPrefixShares_zeroShareOrWholeKeyEngine_changeNothing() throws Exception {
        String base = "{\"id\": \"z\", \"runs\": " + RUNS_DISTINCT + ", \"budget\": {\"bitsPerEntry\": 8}";
        assertSameDeployable(evaluate(Engine.PEBBLE, base + ", \"workload\": {\"presentPrefixShare\": 0}}"),
                evaluate(Engine.PEBBLE, base + "}"));
        for (Engine wholeKeys : new Engine[] {Engine.ROCKSDB, Engine.ROCKSDB_PER_LEVEL, Engine.LEVELDB}) {
            assertSameEngineAllocation(evaluate(wholeKeys, base + ", \"workload\": {\"presentPrefixShare\": 0.5}}"),
                    evaluate(wholeKeys, base + "}"));
        }
    }

    /**
     * A budget above what every level's largest setting needs (L6 unread at pebble: no filter there) leaves the
     * solver no choice: each level takes its cheapest setting, which is proven least whatever rounding separates
     * the LP's sum from the answer's (the present share's constants s_i made them differ by 1.6e-15).
     */
    @Test
    void deployable_budgetAboveEveryCheapestSetting_provenLeast() throws Exception {
        CaseResult r = evaluate(Engine.PEBBLE, "{\"id\": \"m\", \"tree\": {\"policy\": \"leveling\","
                + " \"sizeRatio\": 10, \"levels\": 6, \"entries\": 333333000}, \"budget\": {\"bitsPerEntry\": 10},"
                + " \"versionsPerKey\": 3, \"workload\": {\"presentPrefixShare\": 0.1}}");
        assertTrue(r.deployable().exact(), r.deployable().lowerBound() + " < " + r.deployable().weightedFpr());
        assertTrue(r.deployable().usedBits() < r.budgetBits() / 2);
    }

    /**
     * A leveled tree of 333,333,000 stored entries, 3 versions per key, 1,111,110,000 bits, read through iterators
     * that use L6 filters: the settings found for the stored entries, built by Pebble over the distinct prefixes
     * its filters really hold, use a third of the memory and cost 6.9 times the allocation sized on the prefixes
     * (golden values, docs/engines.md "Pebble's filter entries").
     */
    @Test
    void deployable_sizedOnVersionsInsteadOfPrefixes_leavesMemoryUnusedAndCostsMore() throws Exception {
        String tree = "\"tree\": {\"policy\": \"leveling\", \"sizeRatio\": 10, \"levels\": 6, \"entries\": 333333000},"
                + " \"budget\": {\"totalBits\": 1111110000}";
        CaseResult prefixes = evaluate(Engine.PEBBLE_USE_L6_FILTERS, "{\"id\": \"a\", " + tree + ", \"versionsPerKey\": 3}");
        CaseResult versions = evaluate(Engine.PEBBLE_USE_L6_FILTERS, "{\"id\": \"b\", " + tree + "}");
        double cost = 0.0;
        double bits = 0.0;
        for (int i = 0; i < prefixes.lsmCase().runs().size(); i++) {
            cost += PebbleFamily.INSTANCE.fpr(prefixes.lsmCase().entries(i), versions.deployable().setting(i));
            bits += PebbleFamily.INSTANCE.filterBits(prefixes.lsmCase().entries(i), versions.deployable().setting(i));
        }
        assertEquals(0.0481031118584232, prefixes.deployable().weightedFpr(), 1e-9 * 0.0481);
        assertEquals(1.106776304e9, prefixes.deployable().usedBits(), 0.0);
        assertEquals(0.33197873409942497, cost, 1e-9 * 0.332);
        assertEquals(3.70367728e8, bits, 0.0);
    }

    @Test
    void presentPrefixShares_aRunHoldingMoreThanItsReach_cappedAtOne() throws Exception {
        LsmCase c = read("{\"id\": \"c\", \"runs\": [{\"entries\": 1}, {\"entries\": 9}], \"budget\":"
                + " {\"bitsPerEntry\": 8}, \"workload\": {\"presentPrefixShare\": 1}}");
        assertArrayEquals(new double[] {0.1, 0.9}, ReadPath.presentPrefixShares(Engine.PEBBLE, c, null), 1e-15);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Engine.class, names = {"PEBBLE", "PEBBLE_USE_L6_FILTERS"})
    void robustDeployable_presentPrefixShare_pricedAsSharePlusRestTimesFprAndNoWorseThanNominal(Engine engine)
            throws Exception {
        double q = 0.2;
        CaseResult r = evaluate(engine, "{\"id\": \"u\", \"runs\": " + RUNS_DISTINCT + ", \"budget\":"
                + " {\"bitsPerEntry\": 6}, \"workload\": {\"zeroResultShare\": 0.5, \"zeroResultShareRange\":"
                + " [0.2, 0.9], \"presentPrefixShare\": " + q + "}}");
        RobustDeployable robust = r.robustDeployable();
        long[] n = r.lsmCase().entries();
        boolean[] consulted = ReadPath.consulted(engine, r.lsmCase().runs());
        for (int i = 0; i < n.length; i++) {
            double s = Math.min(1.0, q * n[i] / 11_110_000.0);
            double expected = consulted[i] ? s + (1.0 - s) * PebbleFamily.INSTANCE.fpr(n[i], robust.setting(i)) : 1.0;
            assertEquals(expected, robust.fpr(i), 1e-15, "run " + i);
        }
        double nominal = robust.ends().worstRegret(r.deployable().fpr());
        assertTrue(robust.worstRegret() <= nominal * (1 + 1e-12) + 1e-15, robust.worstRegret() + " > " + nominal);
    }
}
