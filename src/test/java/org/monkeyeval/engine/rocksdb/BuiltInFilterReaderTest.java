package org.monkeyeval.engine.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.engine.rocksdb.RocksDbFilterDatabases.Phase;
import org.monkeyeval.stats.MeanInterval;

/**
 * measure never measures a database unfiltered in silence. Where the OPTIONS file names a filter policy this
 * process cannot create (the exported C++ policy's name, say), RocksDB would load a null policy and read no
 * filter; the open substitutes rocksdb.BuiltinBloomFilter, which reads every built-in filter, says so, and
 * writes nothing in the database's folder. Where RocksDB still consults no filter although the files hold
 * filters, the measurement says that its R is the database read without them.
 */
final class BuiltInFilterReaderTest {

    @TempDir
    Path dir;

    @Test
    void substitute_customPolicy_replacedInItsTableSectionOnly() {
        String options = String.join("\n",
                "[CFOptions \"default\"]",
                "  filter_policy=NotATableOption",
                "[TableOptions/BlockBasedTable \"default\"]",
                "  block_size=4096",
                "  filter_policy=MonkeyLevelFilterPolicy",
                "[TableOptions/BlockBasedTable \"other\"]",
                "  filter_policy=bloomfilter:10:false",
                "");
        Map<String, String> replaced = new TreeMap<>();
        String out = BuiltInFilterReader.substitute(options, replaced);
        assertEquals(Map.of("default", "MonkeyLevelFilterPolicy"), replaced);
        assertEquals(options.replace("  filter_policy=MonkeyLevelFilterPolicy", "  filter_policy=rocksdb.BuiltinBloomFilter"),
                out);
    }

    @Test
    void builtIn_rocksDbsOwnIds_areBuiltInAndAClassNameIsNot() {
        for (String id : List.of("nullptr", "", "bloomfilter:10:false", "ribbonfilter:10:1", "rocksdb.BuiltinBloomFilter",
                "rocksdb.internal.FastLocalBloomFilter")) {
            assertTrue(BuiltInFilterReader.builtIn(id), id);
        }
        assertFalse(BuiltInFilterReader.builtIn("MonkeyLevelFilterPolicy"));
    }

    @Test
    void measure_optionsNameAPolicyThisProcessCannotCreate_readsTheFiltersWithTheBuiltInReaderAndSaysSo()
            throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
        Path db = dir.resolve("custom-policy");
        RocksDbFilterDatabases.build(db, List.of(new Phase(0, 20_000, RocksDbFilterDatabases.bloom(10), "", 6),
                new Phase(20_000, 2_000, RocksDbFilterDatabases.bloom(10), "", 0)));
        // as a database written with the exported C++ policy leaves it: OPTIONS names the class
        Path options;
        try (Stream<Path> files = Files.list(db)) {
            options = files.filter(f -> f.getFileName().toString().startsWith("OPTIONS-")).sorted().reduce((a, b) -> b)
                    .orElseThrow();
        }
        String text = Files.readString(options, StandardCharsets.UTF_8);
        assertTrue(text.contains("filter_policy=bloomfilter:10:false"), text);
        Files.writeString(options, text.replace("filter_policy=bloomfilter:10:false",
                "filter_policy=MonkeyLevelFilterPolicy"), StandardCharsets.UTF_8);
        Map<String, Long> before = sizes(db);

        RocksDbMeasure.Measurement m = RocksDbMeasure.measure(db, List.of("default"),
                new RocksDbMeasure.Settings(20_000, 3), (open, cf) -> new CaseEvaluator(new ThresholdSolver())
                        .evaluate(ImportedCase.lsmCase(RocksDbImport.read(open, cf), null)).currentCost()).get(0);
        assertEquals(1, m.notes().size(), m.notes().toString());
        assertTrue(m.notes().get(0).contains("filter_policy=MonkeyLevelFilterPolicy")
                && m.notes().get(0).contains("rocksdb.BuiltinBloomFilter"), m.notes().get(0));
        assertTrue(m.filterUseful() > 0.9 * m.lookups(), "filters read: useful " + m.filterUseful());
        assertFalse(m.filtersNotConsulted());
        double se = (m.dataBlocks().upper() - m.dataBlocks().lower()) / (2 * 1.96);
        assertTrue(Math.abs(m.measuredR() - m.predictedR()) < 4 * se,
                "measured " + m.measuredR() + " against predicted " + m.predictedR());
        assertEquals(before, sizes(db), "nothing written in the database's folder");
    }

    @Test
    void filtersNotConsulted_noFilterCheckedWhileThePredictionExpectsFilters_isSaid() {
        MeanInterval twoReads = MeanInterval.of(1_000, 2_000, 4_000);
        RocksDbMeasure.Measurement unfiltered = measurement(twoReads, 0, 0, 0.02);
        assertTrue(unfiltered.filtersNotConsulted());
        assertTrue(org.monkeyeval.report.MeasureTables.table("db", 1_000, 1,
                List.of(new org.monkeyeval.report.MeasureTables.Row(unfiltered))).contains("consulted no filter"));
        assertFalse(measurement(twoReads, 0, 0, 1.98).filtersNotConsulted(), "no filters held: nothing to say");
        assertFalse(measurement(twoReads, 900, 100, 0.02).filtersNotConsulted(), "filters checked");
    }

    private static RocksDbMeasure.Measurement measurement(MeanInterval blocks, long useful, long positive,
                                                          double predicted) {
        return new RocksDbMeasure.Measurement("default", 1, 1, false, true, 10, 10, 0, blocks, 0, blocks.sum(),
                useful, positive, 0, 1.0, 2.0, predicted, List.of());
    }

    private static Map<String, Long> sizes(Path db) throws Exception {
        Map<String, Long> sizes = new TreeMap<>();
        try (Stream<Path> files = Files.list(db)) {
            for (Path f : files.toList()) {
                sizes.put(f.getFileName().toString(), Files.size(f));
            }
        }
        return sizes;
    }
}
