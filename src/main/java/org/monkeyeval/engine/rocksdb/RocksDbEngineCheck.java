package org.monkeyeval.engine.rocksdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.EnvOptions;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileWriter;
import org.rocksdb.Statistics;
import org.rocksdb.TableProperties;
import org.rocksdb.TickerType;

import org.monkeyeval.alloc.Allocation;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.MonkeyModel;
import org.monkeyeval.confirm.CaseCount;
import org.monkeyeval.confirm.ConfirmProgress;
import org.monkeyeval.confirm.ConfirmedAllocation;
import org.monkeyeval.confirm.RunCount;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.Setting;
import org.monkeyeval.family.rocksdb.LegacyBloom;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;
import org.monkeyeval.filter.KeyBytes;
import org.monkeyeval.filter.KeySpace;
import org.monkeyeval.filter.Predictions;
import org.monkeyeval.io.OutputFolder;

/**
 * Runs the allocations of each selected case inside an embedded RocksDB and reads RocksDB's own
 * counters: {@code BLOOM_FILTER_FULL_POSITIVE} (P), {@code BLOOM_FILTER_FULL_TRUE_POSITIVE} (T),
 * {@code BLOOM_FILTER_USEFUL} (U); observed FPR = (P - T) / (P - T + U) (RocksDB wiki, "RocksDB Bloom
 * Filter", statistics).
 *
 * <p>Per case and allocation, one database in a fresh temporary folder: run i becomes column family
 * {@code run-i} whose table options carry {@code BloomFilter(b_i)} (format_version 5 full filter,
 * {@code optimize_filters_for_memory} off so the filter size follows the allocation, whole-key
 * filtering), and receives exactly one SST file written by {@code SstFileWriter} with the same
 * options and ingested. Auto-compaction is off. Runs are then queried one after another, so the
 * database-wide tickers are read as per-run deltas. Counts depend only on the seed: the same seed
 * gives the same P, T, U on every rerun (block-cache traffic and latency vary and are reported, not
 * compared).
 *
 * <p>One engine behaviour the model does not have: a lookup whose key lies outside a file's key range
 * skips that file before its filter is asked (RocksDB keeps each file's smallest and largest key). Such
 * lookups count as neither positive nor useful negative, and a run without a filter is read only by
 * lookups inside its range; both are reported ({@code range_skipped}). With uniformly spread keys
 * the share is about 2/n of the lookups for a run of n keys.
 *
 * <p>A run above {@link EngineSettings#maxFilterEntries} is checked on an SST of its first that many
 * keys (the keys the in-process confirmation builds its filter over), with the run's bits per key:
 * engine rows carry {@code built_entries}, and the prediction is at that size.
 */
public final class RocksDbEngineCheck {

    /** The layout label of the engine rows of RocksDB's default filter, the fast local Bloom. */
    public static final String LAYOUT = EngineFilter.FAST_LOCAL_BLOOM.layout();

    private final EngineSettings settings;
    private final KeySpace keys;

    /** @throws IllegalStateException when RocksDB's native library does not load here ({@link RocksDbNative}) */
    public RocksDbEngineCheck(EngineSettings settings) {
        if (!RocksDbNative.available()) {
            throw new IllegalStateException(RocksDbNative.problem().orElse(""));
        }
        this.settings = settings;
        this.keys = new KeySpace(settings.seed());
    }

    /**
     * Why a case cannot be checked in the engine within {@code heapBytes}, or empty when it can: each
     * run's SST keys ({@link EngineSettings#builtEntries} of them) are sorted in one long[] before they
     * are written, so a lower {@code --max-filter-entries} brings a case within the limit.
     */
    public static Optional<String> limit(CaseResult result, EngineSettings settings, long heapBytes) {
        var runs = result.lsmCase().runs();
        for (int i = 0; i < runs.size(); i++) {
            long n = settings.builtEntries(runs.get(i).entries());
            if (n > Integer.MAX_VALUE - 8 || 8.0 * n > 0.75 * heapBytes) {
                return Optional.of("run " + (i + 1) + " would put " + n + " keys in its SST, more than the engine"
                        + " check sorts in this heap (raise -Xmx, lower --max-filter-entries, or leave the case out"
                        + " of --engine-cases)");
            }
        }
        return Optional.empty();
    }

    /** RocksDB's version as the loaded library reports it. */
    public static String engineVersion() {
        return RocksDbNative.version().orElseThrow(() -> new IllegalStateException(RocksDbNative.problem().get()));
    }

    /** Result: engine rows and their per-case sums. */
    public record Result(List<EngineRun> runs, List<CaseCount> cases) {
    }

    /**
     * @param results the solved cases (only those selected by the settings are checked)
     */
    public Result check(List<CaseResult> results, ConfirmProgress progress) throws IOException {
        List<EngineRun> rows = new ArrayList<>();
        List<CaseCount> cases = new ArrayList<>();
        List<CaseResult> selected = results.stream().filter(r -> settings.selects(r.lsmCase().id())).toList();
        // share of the work for progress only: every key is written, every run answers every lookup
        double total = selected.stream().mapToDouble(r -> work(r) * settings.filters().stream()
                .mapToInt(f -> allocations(r, f).size()).sum()).sum();
        double done = 0;
        try {
            for (int c = 0; c < selected.size(); c++) {
                CaseResult result = selected.get(c);
                for (EngineFilter filter : settings.filters()) {
                    for (ConfirmedAllocation confirmed : allocations(result, filter)) {
                        String allocation = confirmed.label();
                        progress.update(result.lsmCase().id(), c, selected.size(),
                                "engine, " + filter.label() + ", " + allocation, total > 0 ? done / total : 0);
                        done += work(result);
                        List<EngineRun> caseRows = checkOne(result, confirmed, filter);
                        rows.addAll(caseRows);
                        cases.add(new CaseCount(result.lsmCase().id(), allocation, filter.layout(),
                                settings.queries(), caseRows.stream().map(EngineRun::count).toList(),
                                result.weights()));
                    }
                }
            }
        } finally {
            progress.finished();
        }
        return new Result(rows, cases);
    }

    /**
     * The allocations built with {@code filter}: every one for RocksDB's default filter; uniform and
     * optimized for the others, since a deployable allocation's settings were chosen for the default one.
     */
    private static List<ConfirmedAllocation> allocations(CaseResult result, EngineFilter filter) {
        return ConfirmedAllocation.of(result).stream()
                .filter(a -> filter == EngineFilter.FAST_LOCAL_BLOOM || !a.label().equals(ConfirmedAllocation.DEPLOYABLE))
                .toList();
    }

    private double work(CaseResult result) {
        var runs = result.lsmCase().runs();
        return runs.stream().mapToDouble(r -> r.entries()).sum() + (double) runs.size() * settings.queries();
    }

    private List<EngineRun> checkOne(CaseResult result, ConfirmedAllocation confirmed, EngineFilter filter)
            throws IOException {
        Path dir = Files.createTempDirectory("monkey-eval-rocksdb-");
        Thread cleanup = new Thread(() -> deleteQuietly(dir), "monkey-eval-rocksdb-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            return measure(dir, result, confirmed, filter);
        } catch (RocksDBException e) {
            throw new IOException("RocksDB: " + e.getMessage(), e);
        } finally {
            deleteQuietly(dir);
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    /**
     * The filter run {@code run} is built with: the deployable allocation's own family where it names one
     * (Ribbon at the levels a type-and-bits allocation gives it), else {@code filter}.
     */
    static EngineFilter runFilter(ConfirmedAllocation confirmed, int run, EngineFilter filter) {
        String family = confirmed.family(run);
        return family == null || confirmed.bits().bitsPerEntry(run) <= 0 ? filter : EngineFilter.fromLabel(family);
    }

    private List<EngineRun> measure(Path dir, CaseResult result, ConfirmedAllocation confirmed,
                                    EngineFilter filter) throws RocksDBException, IOException {
        String allocation = confirmed.label();
        Allocation a = confirmed.bits();
        int r = a.runs();
        List<AutoCloseable> owned = new ArrayList<>();
        try {
            LRUCache cache = own(owned, new LRUCache(EngineSettings.BLOCK_CACHE_BYTES));
            List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
            descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY,
                    own(owned, new ColumnFamilyOptions())));
            List<Path> sstFiles = new ArrayList<>();
            long[][] ranges = new long[r][];
            for (int i = 0; i < r; i++) {
                double b = a.bitsPerEntry(i);
                Path sst = dir.resolve("run-" + (i + 1) + ".sst");
                long built = settings.builtEntries(result.lsmCase().runs().get(i).entries());
                EngineFilter own = runFilter(confirmed, i, filter);
                ranges[i] = writeSst(sst, i, built, b, own, cache, owned);
                sstFiles.add(sst);
                ColumnFamilyOptions cf = columnFamilyOptions(b, own, cache, owned).setDisableAutoCompactions(true);
                descriptors.add(new ColumnFamilyDescriptor(("run-" + (i + 1)).getBytes(StandardCharsets.UTF_8), cf));
            }
            Statistics statistics = own(owned, new Statistics());
            DBOptions options = own(owned, new DBOptions().setCreateIfMissing(true)
                    .setCreateMissingColumnFamilies(true).setStatistics(statistics));
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            RocksDB db = RocksDB.open(options, dir.resolve("db").toString(), descriptors, handles);
            try {
                IngestExternalFileOptions ingest = own(owned, new IngestExternalFileOptions().setMoveFiles(true));
                for (int i = 0; i < r; i++) {
                    db.ingestExternalFile(handles.get(i + 1), List.of(sstFiles.get(i).toString()), ingest);
                }
                List<EngineRun> rows = new ArrayList<>();
                ReadOptions read = own(owned, new ReadOptions());
                for (int i = 0; i < r; i++) {
                    rows.add(queryRun(db, handles.get(i + 1), read, statistics, result, allocation, a, i, ranges[i],
                            runFilter(confirmed, i, filter), filter.layout()));
                }
                return rows;
            } finally {
                for (ColumnFamilyHandle h : handles) {
                    h.close();
                }
                db.close();
            }
        } finally {
            for (int i = owned.size() - 1; i >= 0; i--) {
                try {
                    owned.get(i).close();
                } catch (Exception e) {
                    // native handles close without checked failures in practice
                }
            }
        }
    }

    /**
     * The column family options that build {@code filter} at {@code bitsPerKey} (no filter at 0): whole-key
     * filtering, {@code optimize_filters_for_memory} off so the filter size follows the allocation.
     */
    private static ColumnFamilyOptions columnFamilyOptions(double bitsPerKey, EngineFilter filter, LRUCache cache,
                                                           List<AutoCloseable> owned) {
        if (filter == EngineFilter.RIBBON && bitsPerKey > 0) {
            Properties props = new Properties();
            props.setProperty("block_based_table_factory", "{" + String.join(";",
                    "filter_policy=ribbonfilter:" + Setting.decimal(bitsPerKey) + ":-1",
                    "format_version=" + filter.formatVersion(), "optimize_filters_for_memory=false",
                    "whole_key_filtering=true", "block_cache=" + EngineSettings.BLOCK_CACHE_BYTES) + "}");
            ColumnFamilyOptions cf = ColumnFamilyOptions.getColumnFamilyOptionsFromProps(props);
            if (cf == null) {
                throw new IllegalStateException("RocksDB refused the Ribbon options " + props);
            }
            return own(owned, cf);
        }
        BlockBasedTableConfig config = new BlockBasedTableConfig()
                .setFormatVersion(filter.formatVersion())
                .setOptimizeFiltersForMemory(false)
                .setWholeKeyFiltering(true)
                .setBlockCache(cache);
        if (bitsPerKey > 0) {
            config.setFilterPolicy(own(owned, new BloomFilter(bitsPerKey, false)));
        }
        return own(owned, new ColumnFamilyOptions()).setTableFormatConfig(config);
    }

    /**
     * Writes run {@code run}'s first {@code entries} keys, sorted, into one SST file; returns its smallest and
     * largest first word.
     */
    private long[] writeSst(Path file, int run, long entries, double bitsPerKey, EngineFilter filter, LRUCache cache,
                            List<AutoCloseable> owned) throws RocksDBException {
        if (entries > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("run " + (run + 1) + " is too large for the engine check");
        }
        long[] firstWords = new long[(int) entries];
        for (int j = 0; j < firstWords.length; j++) {
            firstWords[j] = keys.storedKey(run, j) ^ Long.MIN_VALUE; // flip: signed sort = unsigned order
        }
        Arrays.sort(firstWords);
        Options options = own(owned, new Options(own(owned, new DBOptions()),
                columnFamilyOptions(bitsPerKey, filter, cache, owned)));
        EnvOptions env = own(owned, new EnvOptions());
        try (SstFileWriter writer = new SstFileWriter(env, options)) {
            writer.open(file.toString());
            byte[] value = new byte[8];
            for (long w : firstWords) {
                writer.put(keyBytes(w ^ Long.MIN_VALUE), value);
            }
            writer.finish();
        }
        return new long[] {firstWords[0] ^ Long.MIN_VALUE, firstWords[firstWords.length - 1] ^ Long.MIN_VALUE};
    }

    private EngineRun queryRun(RocksDB db, ColumnFamilyHandle cf, ReadOptions read, Statistics stats,
                               CaseResult result, String allocation, Allocation a, int run, long[] range,
                               EngineFilter filter, String layout) throws RocksDBException {
        long entries = result.lsmCase().runs().get(run).entries();
        long built = settings.builtEntries(entries);
        double b = a.bitsPerEntry(run);
        long q = settings.queries();
        long present = settings.presentQueries();

        long p0 = stats.getTickerCount(TickerType.BLOOM_FILTER_FULL_POSITIVE);
        long t0 = stats.getTickerCount(TickerType.BLOOM_FILTER_FULL_TRUE_POSITIVE);
        long u0 = stats.getTickerCount(TickerType.BLOOM_FILTER_USEFUL);
        long miss0 = stats.getTickerCount(TickerType.BLOCK_CACHE_DATA_MISS);
        long hit0 = stats.getTickerCount(TickerType.BLOCK_CACHE_DATA_HIT);
        long[] latency = new long[(int) q];
        long outsideRange = 0;
        for (int j = 0; j < q; j++) {
            long k = keys.absentKey(j);
            if (Long.compareUnsigned(k, range[0]) < 0 || Long.compareUnsigned(k, range[1]) > 0) {
                outsideRange++; // RocksDB skips a file whose key range excludes the key: no filter, no read
            }
            byte[] key = keyBytes(k);
            long start = System.nanoTime();
            byte[] value = db.get(cf, read, key);
            latency[j] = System.nanoTime() - start;
            if (value != null) {
                throw new IllegalStateException("absent key #" + j + " was found in run " + (run + 1));
            }
        }
        long misses = stats.getTickerCount(TickerType.BLOCK_CACHE_DATA_MISS) - miss0;
        long hits = stats.getTickerCount(TickerType.BLOCK_CACHE_DATA_HIT) - hit0;
        for (long j = 0; j < present; j++) {
            long index = (j * 0x9E37_79B9L) % built;
            if (db.get(cf, read, keyBytes(keys.storedKey(run, index))) == null) {
                throw new IllegalStateException("stored key #" + index + " of run " + (run + 1) + " was not found");
            }
        }
        long positives = stats.getTickerCount(TickerType.BLOOM_FILTER_FULL_POSITIVE) - p0;
        long truePositives = stats.getTickerCount(TickerType.BLOOM_FILTER_FULL_TRUE_POSITIVE) - t0;
        long useful = stats.getTickerCount(TickerType.BLOOM_FILTER_USEFUL) - u0;

        long engineFilterBytes = 0;
        for (Map.Entry<String, TableProperties> e : db.getPropertiesOfAllTables(cf).entrySet()) {
            engineFilterBytes += e.getValue().getFilterSize();
        }
        boolean filtered = engineFilterBytes > 0;
        long falsePositives = positives - truePositives;
        long reads = filtered ? falsePositives : q - outsideRange;
        RunCount count;
        long ruleBytes;
        if (filter == EngineFilter.FAST_LOCAL_BLOOM) {
            Setting setting = RocksDbFamily.INSTANCE.settingFor(b);
            int probes = setting.probes();
            ruleBytes = RocksDbFamily.filterBytesWithMetadata(built, setting);
            long lines = filtered
                    ? (engineFilterBytes - RocksDbLocalBloom.METADATA_BYTES) / RocksDbLocalBloom.CACHE_LINE_BYTES : 0;
            double predicted = 1.0;
            double variance = 0.0;
            double cacheLocal = Double.NaN;
            double poisson = Double.NaN;
            if (filtered && lines > 0) {
                Predictions.Moments m = Predictions.cacheLocal(built, lines, probes);
                predicted = m.mean();
                variance = m.variance();
                cacheLocal = RocksDbFamily.cacheLocalFpRate(built, lines, probes);
                poisson = RocksDbLocalBloom.poissonMixtureFpr((double) built / lines, probes);
            }
            count = new RunCount(result.lsmCase().id(), allocation, layout, run + 1, entries, built, b,
                    lines * RocksDbLocalBloom.CACHE_LINE_BITS, filtered ? probes : 0, q, positives, truePositives,
                    useful, reads, MonkeyModel.idealFpr(b), predicted, variance, cacheLocal, poisson);
        } else {
            // the family predicts the filter RocksDB builds at this setting; the size is the file's own
            FilterFamily family = filter.family();
            Setting setting = family.settingFor(b);
            ruleBytes = Math.round(family.filterBits(built, setting) / 8);
            double predicted = filtered ? family.fpr(built, setting) : 1.0;
            // the legacy filter is a blocked Bloom filter of 512-bit lines: its filter-to-filter spread is the
            // line-load mixture's, at the lines the file holds; Ribbon's is negligible beside the queries'
            long legacyLines = (engineFilterBytes - LegacyBloom.METADATA_BYTES) / LegacyBloom.CACHE_LINE_BYTES;
            double variance = filtered && filter == EngineFilter.LEGACY_BLOOM && legacyLines > 0
                    ? Predictions.cacheLocal(built, legacyLines, setting.probes()).variance() : 0.0;
            count = new RunCount(result.lsmCase().id(), allocation, layout, run + 1, entries, built, b,
                    8 * engineFilterBytes, filtered ? setting.probes() : 0, q, positives, truePositives, useful, reads,
                    MonkeyModel.idealFpr(b), predicted, variance, Double.NaN, Double.NaN);
        }
        Arrays.sort(latency);
        return new EngineRun(count, present, outsideRange, built * b, ruleBytes, engineFilterBytes, misses, hits,
                percentile(latency, 0.50) / 1e3, percentile(latency, 0.99) / 1e3);
    }

    /** 16-byte key: the 64-bit key big-endian, then its mix, big-endian ({@link KeyBytes}). */
    static byte[] keyBytes(long key) {
        return KeyBytes.of(key);
    }

    /** The q-quantile of sorted values: the ceil(q n)-th smallest (nearest rank); NaN when there are none. */
    static double percentile(long[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
        return sorted[index];
    }

    private static <T extends AutoCloseable> T own(List<AutoCloseable> owned, T resource) {
        owned.add(resource);
        return resource;
    }

    private static void deleteQuietly(Path dir) {
        try {
            OutputFolder.deleteTree(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir, e);
        }
    }
}
