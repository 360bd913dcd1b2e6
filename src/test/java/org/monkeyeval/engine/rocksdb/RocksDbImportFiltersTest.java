package org.monkeyeval.engine.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.ReadOptions;
import org.rocksdb.Statistics;
import org.rocksdb.TickerType;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;

import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.engine.rocksdb.RocksDbFilterDatabases.Phase;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbFileFilter;
import org.monkeyeval.family.rocksdb.RocksDbLegacyFamily;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;
import org.monkeyeval.model.LsmCase;

/**
 * Import reads each file's real filter from the file, whatever the configuration says, and `current`
 * is priced on those filters: for databases RocksJava builds with fast local Bloom at 6 and 10 bits,
 * legacy Bloom (format_version 4), Ribbon ({@code ribbonfilter:10}: Bloom on flushes, Ribbon after),
 * partitioned filters and a level holding 6- and 14-bit files, every file's family is the one its
 * phase built, and the priced current R equals the sum over runs of each file's family rate at the
 * phase's configured bits (computed here from the configuration, not from the file) weighted by the
 * file's share of the lookups (each phase writes its own key range, so a file's share of all entries). A partitioned database's measured rate inside RocksDB agrees
 * with its price; prefix-only filters are sized and priced by the prefixes they hold; files written without a filter
 * (optimize_filters_for_hits on the bottommost level, no filter policy) rate 1.
 */
final class RocksDbImportFiltersTest {

    @TempDir
    static Path shared;

    @BeforeAll
    static void available() {
        assumeTrue(RocksDbNative.available(), () -> "engine tests skipped: " + RocksDbNative.problem().orElse(""));
    }

    /** What a phase built: entries, the family that rates it and the configured bits per key. */
    private record Built(int entries, FilterFamily family, double bits) {
        double fpr() {
            return family.fpr(entries, family.settingFor(bits));
        }
    }

    private static final String LEGACY = "filter_policy=bloomfilter:10:false;format_version=4";
    private static final String RIBBON = "filter_policy=ribbonfilter:10;format_version=5;optimize_filters_for_memory=false";
    private static final String PARTITIONED = RocksDbFilterDatabases.bloom(10)
            + ";partition_filters=true;index_type=kTwoLevelIndexSearch;metadata_block_size=1024";

    private static RocksDbImport.Imported build(String name, List<Phase> phases) throws Exception {
        Path dir = shared.resolve(name);
        RocksDbFilterDatabases.build(dir, phases);
        return RocksDbImport.read(dir, "default");
    }

    /**
     * The predicted current R on the filters alone: one data block per positive (the files' separator gap
     * shares, the second blocks a Get reads past a shortened separator, set aside; SeparatorGapsTest and
     * DbBenchMeasureTest price those).
     */
    private static double currentR(RocksDbImport.Imported imported) throws Exception {
        CaseResult result = new CaseEvaluator(new ThresholdSolver())
                .evaluate(ImportedCase.lsmCase(withoutGaps(imported), null));
        return result.currentCost();
    }

    private static RocksDbImport.Imported withoutGaps(RocksDbImport.Imported i) {
        List<RocksDbImport.ImportedRun> runs = new ArrayList<>();
        for (RocksDbImport.ImportedRun r : i.runs()) {
            List<RocksDbImport.ImportedFile> files = new ArrayList<>();
            for (RocksDbImport.ImportedFile f : r.files()) {
                files.add(new RocksDbImport.ImportedFile(f.name(), f.level(), f.entries(), f.filterEntries(),
                        f.filterBytes(), f.filter(), f.partitioned(), f.wholeKeyFiltering(), f.prefixExtractor(),
                        f.smallestKey(), f.largestKey(), f.sampledReads(), null, null, f.newestShare()));
            }
            runs.add(new RocksDbImport.ImportedRun(r.name(), r.level(), r.entries(), r.filterBytes(), r.sampledReads(),
                    files));
        }
        return new RocksDbImport.Imported(i.dbId(), i.columnFamily(), i.manifestNumber(), i.sequenceNumber(), runs,
                i.options());
    }

    /**
     * sum over files of n_f / N * p_f: each phase writes its own key range, disjoint from the others',
     * so a lookup drawn like the stored keys reaches the one file whose range holds it (a run's reach is
     * its share of the entries, alloc.KeyRangeReach); runs as lists of their files' builds.
     */
    private static double expectedR(List<List<Built>> runs) {
        long total = runs.stream().flatMap(List::stream).mapToLong(Built::entries).sum();
        double r = 0;
        for (List<Built> run : runs) {
            for (Built f : run) {
                r += (double) f.entries() / total * f.fpr();
            }
        }
        return r;
    }

    private static List<List<String>> families(RocksDbImport.Imported imported) {
        List<List<String>> out = new ArrayList<>();
        for (RocksDbImport.ImportedRun run : imported.runs()) {
            out.add(run.files().stream().map(f -> f.filter().family()).toList());
        }
        return out;
    }

    @Test
    void fastLocalBloom6And10_filesAreBloomAndCurrentIsTheirRate() throws Exception {
        RocksDbImport.Imported imported = build("bloom", List.of(
                new Phase(0, 20_000, RocksDbFilterDatabases.bloom(10), "", 6),
                new Phase(20_000, 8_000, RocksDbFilterDatabases.bloom(6), "", 5),
                new Phase(28_000, 2_000, RocksDbFilterDatabases.bloom(10), "", 0)));
        assertEquals(List.of(List.of("rocksdb"), List.of("rocksdb"), List.of("rocksdb")), families(imported));
        RocksDbFamily bloom = RocksDbFamily.INSTANCE;
        double expected = expectedR(List.of(List.of(new Built(2_000, bloom, 10)), List.of(new Built(8_000, bloom, 6)),
                List.of(new Built(20_000, bloom, 10))));
        assertEquals(expected, currentR(imported), 1e-12 * expected);
        assertEquals(6, imported.runs().get(0).files().get(0).filter().parameters().get("probes"));
        assertEquals(4, imported.runs().get(1).files().get(0).filter().parameters().get("probes"));
    }

    @Test
    void legacyBloomFormat4_filesAreLegacyAndPricedAsLegacy() throws Exception {
        RocksDbImport.Imported imported = build("legacy", List.of(
                new Phase(0, 20_000, LEGACY, "", 6), new Phase(20_000, 2_000, LEGACY, "", 0)));
        assertEquals(List.of(List.of("rocksdb-legacy"), List.of("rocksdb-legacy")), families(imported));
        RocksDbLegacyFamily legacy = RocksDbLegacyFamily.INSTANCE;
        double expected = expectedR(List.of(List.of(new Built(2_000, legacy, 10)), List.of(new Built(20_000, legacy, 10))));
        assertEquals(expected, currentR(imported), 1e-12 * expected);
    }

    @Test
    void ribbon_flushesAreBloomCompactionsRibbon_eachPricedAsItsOwn() throws Exception {
        RocksDbImport.Imported imported = build("ribbon", List.of(
                new Phase(0, 20_000, RIBBON, "", 6), new Phase(20_000, 2_000, RIBBON, "", 0)));
        assertEquals(List.of(List.of("rocksdb"), List.of("rocksdb-ribbon")), families(imported));
        // the L0 file (a flush) holds RocksDB's Bloom filter at 10 bits; the L6 file Ribbon. The Ribbon
        // family's rate is an average over the first key's rounding bias, which moves the size by at most
        // one 16-byte segment: agreement to 1%
        double expected = expectedR(List.of(List.of(new Built(2_000, RocksDbFamily.INSTANCE, 10)),
                List.of(new Built(20_000, RocksDbRibbonFamily.INSTANCE, 10))));
        assertEquals(expected, currentR(imported), 0.01 * expected);
        double bloomEverywhere = expectedR(List.of(List.of(new Built(2_000, RocksDbFamily.INSTANCE, 10)),
                List.of(new Built(20_000, RocksDbFamily.INSTANCE, 7))));
        assertTrue(Math.abs(currentR(imported) - bloomEverywhere) > 0.1 * bloomEverywhere,
                "Ribbon is not priced as a 7-bit Bloom filter");
    }

    @Test
    void levelOfTwoSettings_pricedByEachFilesShareNotTheAverageBits() throws Exception {
        RocksDbImport.Imported imported = build("mixed", List.of(
                new Phase(0, 15_000, RocksDbFilterDatabases.bloom(6), "", 6),
                new Phase(15_000, 15_000, RocksDbFilterDatabases.bloom(14), "", 6)));
        assertEquals(List.of(List.of("rocksdb", "rocksdb")), families(imported));
        RocksDbFamily bloom = RocksDbFamily.INSTANCE;
        double expected = expectedR(List.of(List.of(new Built(15_000, bloom, 6), new Built(15_000, bloom, 14))));
        assertEquals(expected, currentR(imported), 1e-12 * expected);
        double averageBits = bloom.fpr(30_000, bloom.settingFor(10));
        assertTrue(expected > 1.5 * averageBits, expected + " vs " + averageBits);
    }

    @Test
    void partitioned_pricedAsTheFullFilterAtItsBits_andRocksDbMeasuresThatRate() throws Exception {
        Path dir = shared.resolve("partitioned");
        RocksDbFilterDatabases.build(dir, List.of(new Phase(0, 30_000, PARTITIONED, "", 6)));
        RocksDbImport.Imported imported;
        int queries = 200_000;
        long positives;
        long useful;
        try (Statistics statistics = new Statistics();
             RocksDbSnapshotOpen open = RocksDbSnapshotOpen.open(dir, o -> o.setStatistics(statistics));
             ReadOptions read = new ReadOptions()) {
            imported = RocksDbImport.read(open, "default");
            for (int j = 0; j < queries; j++) {
                if (open.db().get(open.handle("default"), read, RocksDbFilterDatabases.absentKey(j % 29_999)) != null) {
                    throw new AssertionError("absent key found");
                }
            }
            positives = statistics.getTickerCount(TickerType.BLOOM_FILTER_FULL_POSITIVE);
            useful = statistics.getTickerCount(TickerType.BLOOM_FILTER_USEFUL);
        }
        RocksDbImport.ImportedFile file = imported.runs().get(0).files().get(0);
        assertTrue(file.partitioned());
        assertEquals("rocksdb", file.filter().family());
        double priced = currentR(imported);
        // the full filter at the configured 10 bits: the partitions' line rounding moves it by < 2%
        double full = RocksDbFamily.INSTANCE.fpr(30_000, RocksDbFamily.INSTANCE.settingFor(10));
        assertEquals(full, priced, 0.02 * full);
        assertEquals(queries, positives + useful, "every lookup met the filter");
        double measured = (double) positives / queries;
        double sigma = Math.sqrt(priced * (1 - priced) / queries);
        assertTrue(Math.abs(measured - priced) < 4 * sigma, "measured " + measured + ", priced " + priced);
    }

    /**
     * A prefix-only file (whole_key_filtering=false, FixedPrefix.8): its 10,000 keys share one 8-byte prefix,
     * "key-0000", and its filter holds what rocksdb.num.filter_entries says; the run is sized by that, the
     * import says it assumed absent prefixes, and current is the filter's rate over those entries.
     */
    @Test
    void prefixOnlyFilters_sizedAndPricedByThePrefixesTheyHold() throws Exception {
        RocksDbImport.Imported imported = build("prefix", List.of(new Phase(0, 10_000,
                "filter_policy=bloomfilter:10:false;format_version=5;whole_key_filtering=false",
                "prefix_extractor=rocksdb.FixedPrefix.8", 6)));
        RocksDbImport.ImportedFile file = imported.runs().get(0).files().get(0);
        assertEquals(false, file.wholeKeyFiltering());
        assertEquals("rocksdb.FixedPrefix.8", file.prefixExtractor());
        assertEquals(1, imported.prefixOnlyFiles());
        long prefixes = file.filterEntries().getAsLong();
        assertTrue(prefixes >= 1 && prefixes <= 2, "one distinct prefix (and RocksDB's empty one), got " + prefixes);
        String json = ImportedCase.json(imported, false, null, null);
        assertTrue(json.contains("filter key prefixes only (rocksdb.FixedPrefix.8, whole_key_filtering=0)"), json);
        assertTrue(json.contains("workload.presentPrefixShare 0 assumed"), json);
        assertTrue(json.contains("\"prefixExtractor\": \"rocksdb.FixedPrefix.8\""), json);
        LsmCase c = ImportedCase.lsmCase(imported, null);
        assertEquals(prefixes, c.entries(0));
        double p = new RocksDbFileFilter(file.filter().family(), file.filter().parameters(), file.filter().bits())
                .fpr(prefixes);
        assertEquals(p, currentR(imported), 1e-12);
    }

    @Test
    void wholeKeysAndPrefixes_pricedAsWholeKeys() throws Exception {
        RocksDbImport.Imported imported = build("both", List.of(new Phase(0, 10_000,
                RocksDbFilterDatabases.bloom(10) + ";whole_key_filtering=true", "prefix_extractor=rocksdb.FixedPrefix.8", 6)));
        RocksDbImport.ImportedFile file = imported.runs().get(0).files().get(0);
        assertTrue(file.wholeKeyFiltering());
        assertEquals("rocksdb.FixedPrefix.8", file.prefixExtractor());
        // the filter holds the 10,000 keys and their one distinct 8-byte prefix, "key-0000"; a whole-key
        // lookup is priced at all the filter's entries
        assertEquals(10_001, file.filterEntries().getAsLong());
        RocksDbFamily bloom = RocksDbFamily.INSTANCE;
        Built built = new Built(10_001, bloom, 10);
        assertEquals(expectedR(List.of(List.of(built))), currentR(imported), 0.02 * built.fpr());
    }

    @Test
    void optimizeFiltersForHitsAndNoFilter_filesWithoutFilterReadEveryLookup() throws Exception {
        RocksDbImport.Imported hits = build("hits", List.of(
                new Phase(0, 20_000, RocksDbFilterDatabases.bloom(10), "optimize_filters_for_hits=true", 6),
                new Phase(20_000, 2_000, RocksDbFilterDatabases.bloom(10), "optimize_filters_for_hits=true", 0)));
        // the bottommost level's files are written without a filter: every absent lookup reaching L6 reads it
        assertEquals(List.of(List.of("rocksdb"), List.of("none")), families(hits));
        // disjoint phases: 2,000 of 22,000 lookups reach the L0 file, the other 20,000 L6's unfiltered file
        double expected = (2_000 * new Built(2_000, RocksDbFamily.INSTANCE, 10).fpr() + 20_000) / 22_000.0;
        assertEquals(expected, currentR(hits), 1e-12);
        RocksDbImport.Imported none = build("nofilter", List.of(
                new Phase(0, 5_000, "format_version=5", "", 6), new Phase(5_000, 1_000, "format_version=5", "", 0)));
        assertEquals(List.of(List.of("none"), List.of("none")), families(none));
        assertEquals(1.0, currentR(none), 1e-12); // each lookup reaches one of the two unfiltered files
    }

    /**
     * RocksDB's Get skips the filters of the last non-empty level while optimize_filters_for_hits is on
     * ({@code Version::IsFilterSkipped}), also in files that hold one: here L6 was written with the option off
     * (its file holds a 10-bit filter) and the database is then read with it on. The import records the
     * option, current prices L6 at rate 1, and RocksDB's own count of data blocks read agrees.
     */
    @Test
    void optimizeFiltersForHits_lastLevelFilterHeldButSkipped_pricedAsReadAndMeasuredSo() throws Exception {
        Path dir = shared.resolve("hits-held");
        RocksDbFilterDatabases.build(dir, List.of(
                new Phase(0, 20_000, RocksDbFilterDatabases.bloom(10), "", 6),
                new Phase(20_000, 2_000, RocksDbFilterDatabases.bloom(10), "optimize_filters_for_hits=true", 0)));
        RocksDbImport.Imported imported = RocksDbImport.read(dir, "default");
        assertEquals(List.of(List.of("rocksdb"), List.of("rocksdb")), families(imported));
        assertTrue(imported.optimizeFiltersForHits());
        assertTrue(ImportedCase.json(imported, false, null, null).contains("\"optimizeFiltersForHits\": true"));
        double expected = (2_000 * new Built(2_000, RocksDbFamily.INSTANCE, 10).fpr() + 20_000) / 22_000.0;
        double priced = currentR(imported);
        assertEquals(expected, priced, 1e-12);

        RocksDbMeasure.Measurement m = RocksDbMeasure.measure(dir, List.of("default"),
                new RocksDbMeasure.Settings(20_000, 7)).get(0);
        assertTrue(m.ownOptions());
        // within 2% (priced as consulted, L6 would give 0.0091, 99% low); measured here 0.91495 against 0.90988
        // priced, the small shortfall the other databases show too
        assertEquals(m.measuredR(), priced, 0.02 * m.measuredR(),
                "RocksDB measured " + m.measuredR() + " [" + m.dataBlocks().lower() + ", " + m.dataBlocks().upper() + "]");
    }
}
