package org.monkeyeval.engine.rocksdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.LevelMetaData;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.SstFileMetaData;
import org.rocksdb.Statistics;
import org.rocksdb.TickerType;

import org.monkeyeval.filter.FastRange;
import org.monkeyeval.filter.Hashing;
import org.monkeyeval.stats.MeanInterval;
import org.monkeyeval.text.InvalidInputException;

/**
 * RocksDB's own answer to "how many data blocks does an absent-key lookup read?", on a database as it
 * is: absent keys are sent through the database with statistics on, and RocksDB's tickers say what each
 * lookup did. The database is opened by {@link RocksDbSnapshotOpen} (read-only when nobody holds it, a
 * secondary instance beside a running writer, its secondary folder a temporary one outside the
 * database folder; no LOCK taken, no file created in the folder) with its own options, so that its own
 * filter policy reads the files' filters. The predicted R of the same column family is computed on the
 * same open instance, so both describe one version.
 *
 * <h2>The absent keys</h2>
 * <ol>
 *   <li>The column family is iterated once in key order ({@code fill_cache = false}) and a uniform
 *       sample of {@code min(queries, 65,536)} present keys is kept by reservoir sampling (J. S. Vitter,
 *       Random Sampling with a Reservoir, ACM TOMS 11(1), 1985, Algorithm R).</li>
 *   <li>Lookup j takes sample {@code fastRange(u, m)} and appends one byte, u's lowest, where u is
 *       the next draw of the stream below. The key is the present key followed by a byte: it lies
 *       inside the key range of the files around the present key, and no other present key lies between
 *       them unless that very key exists.</li>
 *   <li>The Get itself says whether the key is absent: a found key is not counted (its tickers are
 *       left out) and another draw replaces it.</li>
 * </ol>
 * <p><b>A column family whose Get checks key prefixes only</b> (a prefix extractor, whole_key_filtering
 * off, {@link RocksDbImport#readPathOptions}): an absent key whose prefix is present passes every filter
 * that holds the prefix (RocksDB's {@code FullFilterKeyMayMatch} checks {@code PrefixMayMatch}), so the
 * lookups are for absent prefixes, as the imported case prices them by default
 * (workload.presentPrefixShare 0). Lookup j takes sample {@code fastRange(u, m)} and sets the last byte of
 * its prefix ({@code rocksdb.FixedPrefix.N}, {@code rocksdb.CappedPrefix.N}: its first N bytes) to u's lowest:
 * a key next to the present one, inside the key range of the files around it. A total-order iterator's
 * {@code Seek} to that prefix (before the tickers are read) says whether any present key has it; such a
 * candidate is not sent, and another draw replaces it (counted as found). The measurement says so in its
 * notes. A prefix extractor of another kind is measured with the absent keys above, and the note says
 * that their prefixes may be present. The choice follows the column family's options only: files written
 * prefix-only under options that now say whole_key_filtering=true are still prefix-checked by RocksDB
 * (the file's own flag is and-ed in), and are measured here with extended keys.
 *
 * Draws: u_i = mix13(seed + (i + 1) * 0x9E3779B97F4A7C15) (SplitMix64, Steele, Lea and Flood,
 * OOPSLA 2014; {@link Hashing#mix13}), i = 0, 1, 2, ... for the reservoir first, then for the lookups:
 * the same seed gives the same keys on the same database.
 *
 * <h2>What is counted, per lookup</h2>
 * RocksDB's tickers are read after every Get (a read-only or secondary instance runs no flush or
 * compaction, and this thread alone reads it, so the difference of two readings is that lookup's):
 * <ul>
 *   <li><b>data blocks read</b>: {@code BLOCK_CACHE_DATA_HIT + BLOCK_CACHE_DATA_MISS}. Every data block a
 *       Get reads goes through the block cache lookup, which counts a hit or a miss for a block of type
 *       data (facebook/rocksdb v10.10.1, 4595a5e, table/block_based/block_based_table_reader.cc,
 *       {@code UpdateCacheHitMetrics} line 266 and {@code UpdateCacheMissMetrics} line 330, reached from
 *       {@code NewDataBlockIterator} in {@code BlockBasedTable::Get}, line 2544 on). A file is asked only
 *       when the key lies in its key range (db/version_set.cc, {@code FilePicker::GetNextFile}, line 183);
 *       then its filter ({@code FullFilterKeyMayMatch}, line 2327), and when the filter does not stop the
 *       key, the data block the index points to is read. That is one block, except when the key falls
 *       between a block's last key and its index separator: {@code SeekForGet} then ends the block
 *       without deciding (line 2585) and the loop reads the next block too. The count is what RocksDB
 *       did, both kinds included; db_bench's {@code readmissing} counts the same tickers. Counting hits
 *       and misses together makes the count independent of what the cache holds. A table opened with no
 *       block cache counts neither, which this class cannot tell from zero reads.</li>
 *   <li><b>filter</b>: {@code BLOOM_FILTER_USEFUL} (the filter stopped the key),
 *       {@code BLOOM_FILTER_FULL_POSITIVE} (it did not), {@code BLOOM_FILTER_FULL_TRUE_POSITIVE} (the key
 *       was there: 0 for absent keys), the same tickers for full and partitioned filters.</li>
 *   <li><b>latency</b>: the Get's wall time ({@code System.nanoTime()} around the call).</li>
 * </ul>
 * measured_R is the mean of the per-lookup data-block counts, with the normal 95% interval of that mean
 * from the per-lookup counts ({@link MeanInterval}).
 */
public final class RocksDbMeasure {

    /** Present keys kept from the iteration: 65,536, so that memory does not grow with the database. */
    public static final int MAX_SAMPLE = 1 << 16;

    /** Draws allowed per lookup before the database is said to hold no absent keys near its keys. */
    static final int MAX_DRAWS_PER_LOOKUP = 64;

    private static final long GOLDEN_GAMMA = 0x9E37_79B9_7F4A_7C15L;

    /** What to measure: {@code queries} absent-key lookups, drawn from {@code seed}. */
    public record Settings(long queries, long seed) {
        public Settings {
            if (queries < 2 || queries > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("queries (" + queries + ") must be in [2, " + (Integer.MAX_VALUE - 8)
                        + "]");
            }
        }
    }

    /**
     * One column family's measurement.
     *
     * @param columnFamily    its name
     * @param manifestNumber  the MANIFEST the version read was replayed from
     * @param sequenceNumber  the latest sequence number of that version
     * @param secondary       whether the database was opened as a secondary instance (another process held it)
     * @param ownOptions      whether the database's OPTIONS file was used (false: RocksDB's defaults, no filter policy)
     * @param presentKeys     present keys the iteration met
     * @param sampledKeys     present keys kept
     * @param found           candidates not sent as absent: extended keys the Get found, or absent-prefix candidates
     *                        whose prefix is present (not counted, replaced)
     * @param dataBlocks      per-lookup data blocks read: mean (measured_R) and 95% interval
     * @param dataBlockHits   BLOCK_CACHE_DATA_HIT over the counted lookups
     * @param dataBlockMisses BLOCK_CACHE_DATA_MISS over the counted lookups (blocks read from the file)
     * @param filterUseful    BLOOM_FILTER_USEFUL
     * @param fullPositive    BLOOM_FILTER_FULL_POSITIVE
     * @param truePositive    BLOOM_FILTER_FULL_TRUE_POSITIVE
     * @param p50Micros       median Get latency, microseconds
     * @param p99Micros       99th percentile Get latency, microseconds
     * @param predictedR      the predicted R of the same version ({@link Predictor}), NaN without one
     * @param notes           what the open changed so that the files' filters are read, and how the absent keys
     *                        were made, one line each
     * @param absentPrefixLength the prefix length of the absent prefixes sent (a column family whose Get checks
     *                        prefixes only), 0 when the lookups were for absent keys made by extension
     */
    public record Measurement(String columnFamily, long manifestNumber, long sequenceNumber, boolean secondary,
                              boolean ownOptions, long presentKeys, int sampledKeys, long found,
                              MeanInterval dataBlocks, long dataBlockHits, long dataBlockMisses, long filterUseful,
                              long fullPositive, long truePositive, double p50Micros, double p99Micros,
                              double predictedR, List<String> notes, int absentPrefixLength) {

        public Measurement {
            notes = List.copyOf(notes);
            if (absentPrefixLength < 0) {
                throw new IllegalArgumentException("absentPrefixLength (" + absentPrefixLength + ") must be >= 0");
            }
        }

        /** A measurement of absent keys made by extension. */
        public Measurement(String columnFamily, long manifestNumber, long sequenceNumber, boolean secondary,
                           boolean ownOptions, long presentKeys, int sampledKeys, long found,
                           MeanInterval dataBlocks, long dataBlockHits, long dataBlockMisses, long filterUseful,
                           long fullPositive, long truePositive, double p50Micros, double p99Micros,
                           double predictedR, List<String> notes) {
            this(columnFamily, manifestNumber, sequenceNumber, secondary, ownOptions, presentKeys, sampledKeys, found,
                    dataBlocks, dataBlockHits, dataBlockMisses, filterUseful, fullPositive, truePositive, p50Micros,
                    p99Micros, predictedR, notes, 0);
        }

        /**
         * True when RocksDB checked no filter in these lookups (no useful negative, no positive) while the
         * prediction, priced on the filters the files hold, expects fewer than half the reads measured: the
         * files hold filters that the lookups did not consult.
         */
        public boolean filtersNotConsulted() {
            return filterUseful == 0 && fullPositive == 0 && dataBlocks.mean() > 0
                    && predictedR < 0.5 * dataBlocks.mean();
        }

        /** Absent-key lookups counted. */
        public long lookups() {
            return dataBlocks.trials();
        }

        /** Data blocks read per absent-key lookup. */
        public double measuredR() {
            return dataBlocks.mean();
        }
    }

    /** The predicted R of a column family of the open database (e.g. its imported case's current R). */
    @FunctionalInterface
    public interface Predictor {
        double predict(RocksDbSnapshotOpen open, String columnFamily) throws InvalidInputException;
    }

    private RocksDbMeasure() {
    }

    /**
     * Opens {@code dir} as a secondary instance with statistics on and measures each column family named.
     *
     * @param columnFamilies the column families, or null for every one the database has
     * @throws InvalidInputException no database, an unknown column family, a file RocksDB cannot read (the
     *                               message carries RocksDB's, which names the file), or a column family
     *                               with no present key
     */
    public static List<Measurement> measure(Path dir, List<String> columnFamilies, Settings settings)
            throws InvalidInputException {
        return measure(dir, columnFamilies, settings, (open, cf) -> Double.NaN);
    }

    /**
     * The same, each column family's predicted R computed first by {@code predictor} on the same open
     * instance (the version measured).
     */
    public static List<Measurement> measure(Path dir, List<String> columnFamilies, Settings settings,
                                            Predictor predictor) throws InvalidInputException {
        if (!RocksDbNative.available()) {
            throw new IllegalStateException(RocksDbNative.problem().orElse(""));
        }
        try (Statistics statistics = new Statistics();
             RocksDbSnapshotOpen open = RocksDbSnapshotOpen.open(dir, o -> o.setStatistics(statistics))) {
            List<String> names = columnFamilies == null ? open.columnFamilyNames() : columnFamilies;
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            for (String name : names) {
                handles.add(open.handle(name));
            }
            List<Measurement> out = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                double predicted = predictor.predict(open, names.get(i));
                out.add(measure(open, names.get(i), handles.get(i), statistics, settings, predicted));
            }
            return out;
        }
    }

    private static Measurement measure(RocksDbSnapshotOpen open, String name, ColumnFamilyHandle cf,
                                       Statistics statistics, Settings settings, double predicted)
            throws InvalidInputException {
        RocksDB db = open.db();
        for (int attempt = 1; ; attempt++) {
            try {
                checkLiveFiles(db, cf);
                break;
            } catch (NoSuchFileException gone) {
                // the primary's compaction deleted a file of the version this instance holds: not a fault of
                // the database; catch up with the primary and check the newer version
                if (!open.secondary() || attempt == RocksDbImport.MAX_ATTEMPTS) {
                    throw new InvalidInputException(gone.getFile() + ": a live table file RocksDB lists, not"
                            + " readable: deleted" + (open.secondary() ? " by the database's writer, "
                            + RocksDbImport.MAX_ATTEMPTS + " times over; try again" : ""));
                }
                open.catchUp();
            }
        }
        Draws draws = new Draws(settings.seed());
        Sample sample;
        try {
            sample = sample(db, cf, (int) Math.min(settings.queries(), MAX_SAMPLE), draws);
        } catch (RocksDBException e) {
            throw new InvalidInputException(open.dir() + ": column family '" + name + "': RocksDB cannot iterate it: "
                    + e.getMessage());
        }
        if (sample.keys().length == 0) {
            throw new InvalidInputException(open.dir() + ": column family '" + name
                    + "' holds no key: there is no present key to extend into an absent one");
        }
        RocksDbImport.ReadPathOptions readPath = RocksDbImport.readPathOptions(open, name);
        int prefixLength = readPath.prefixOnly() ? prefixLength(readPath.prefixExtractor()) : 0;
        List<String> notes = new ArrayList<>();
        open.substitutedFilterPolicy(name).map(id -> BuiltInFilterReader.note(name, id)).ifPresent(notes::add);
        if (readPath.prefixOnly()) {
            notes.add(prefixNote(name, readPath.prefixExtractor(), prefixLength));
        }
        Lookups tally;
        try {
            tally = lookups(db, cf, statistics, sample.keys(), settings.queries(), draws, prefixLength);
        } catch (RocksDBException e) {
            throw new InvalidInputException(open.dir() + ": column family '" + name + "': RocksDB cannot read it: "
                    + e.getMessage());
        }
        if (tally.counted() < settings.queries()) {
            throw new InvalidInputException(open.dir() + ": column family '" + name + "': " + tally.found()
                    + " of the extended keys were present; fewer than " + settings.queries()
                    + " absent keys found near its keys");
        }
        long[] latency = tally.latencyNanos();
        Arrays.sort(latency);
        return new Measurement(name, open.manifestNumber(), open.latestSequenceNumber(), open.secondary(),
                open.ownOptions(),
                sample.present(), sample.keys().length, tally.found(),
                MeanInterval.of(tally.counted(), tally.blocks(), tally.blocksSquared()), tally.hits(), tally.misses(),
                tally.useful(), tally.positive(), tally.truePositive(),
                RocksDbEngineCheck.percentile(latency, 0.50) / 1e3, RocksDbEngineCheck.percentile(latency, 0.99) / 1e3,
                predicted, notes, prefixLength);
    }

    /**
     * N of {@code rocksdb.FixedPrefix.N} or {@code rocksdb.CappedPrefix.N} (as RocksDB names the extractor,
     * {@code SliceTransform::AsString}), or 0 for an extractor whose prefix length is not in its name.
     */
    static int prefixLength(String extractor) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("rocksdb\\.(?:Fixed|Capped)Prefix\\.([0-9]{1,9})")
                .matcher(extractor);
        return m.matches() ? Math.max(0, Integer.parseInt(m.group(1))) : 0;
    }

    /** The note of a column family whose Get checks key prefixes only. */
    static String prefixNote(String columnFamily, String extractor, int prefixLength) {
        return prefixLength > 0
                ? "column family '" + columnFamily + "' filters key prefixes only (prefix_extractor=" + extractor
                        + ", whole_key_filtering=false): lookups for absent prefixes, each a present key with the"
                        + " last byte of its " + prefixLength + "-byte prefix changed to one no present key has"
                : "column family '" + columnFamily + "' filters key prefixes only (prefix_extractor=" + extractor
                        + ", whole_key_filtering=false), an extractor whose prefix length is not known here:"
                        + " lookups for absent keys, whose prefixes may be present (each such lookup reads the"
                        + " blocks of the files holding its prefix)";
    }

    /**
     * Refuses a live table file whose size on disk is not the one the version records: a truncated or
     * replaced file (a secondary instance's MANIFEST replay does not say so itself). A file gone from disk is
     * {@link NoSuchFileException}, for the caller to tell a primary's compaction from a damaged folder.
     */
    static void checkLiveFiles(RocksDB db, ColumnFamilyHandle cf) throws InvalidInputException, NoSuchFileException {
        for (LevelMetaData level : db.getColumnFamilyMetaData(cf).levels()) {
            for (SstFileMetaData f : level.files()) {
                Path file = Path.of(f.path(), f.fileName());
                long size;
                try {
                    size = Files.size(file);
                } catch (NoSuchFileException gone) {
                    throw gone;
                } catch (IOException e) {
                    throw new InvalidInputException(file + ": a live table file RocksDB lists, not readable: "
                            + e.getMessage());
                }
                if (size != f.size()) {
                    throw new InvalidInputException(file + ": " + size + " bytes, but the MANIFEST records " + f.size()
                            + " (truncated or replaced)");
                }
            }
        }
    }

    /** The SplitMix64 stream of draws of one seed. */
    static final class Draws {
        private final long seed;
        private long index;

        Draws(long seed) {
            this.seed = seed;
        }

        long next() {
            return Hashing.mix13(seed + ++index * GOLDEN_GAMMA);
        }
    }

    /** Present keys kept, and how many the iteration met. */
    record Sample(byte[][] keys, long present) {
    }

    /** Reservoir sample (Algorithm R) of at most {@code size} present keys, in one pass over the family. */
    static Sample sample(RocksDB db, ColumnFamilyHandle cf, int size, Draws draws) throws RocksDBException {
        byte[][] kept = new byte[size][];
        long seen = 0;
        try (ReadOptions scan = new ReadOptions().setFillCache(false);
             RocksIterator it = db.newIterator(cf, scan)) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                if (seen < size) {
                    kept[(int) seen] = it.key();
                } else {
                    long j = FastRange.fastRange64(draws.next(), seen + 1);
                    if (j < size) {
                        kept[(int) j] = it.key();
                    }
                }
                seen++;
            }
            it.status();
        }
        return new Sample(seen < size ? Arrays.copyOf(kept, (int) seen) : kept, seen);
    }

    /**
     * What the lookups did: sums over the counted (absent) lookups of the tickers, the data blocks' sum
     * of squares, and each counted Get's latency.
     */
    record Lookups(long counted, long found, long blocks, long blocksSquared, long hits, long misses, long useful,
                   long positive, long truePositive, long[] latencyNanos) {
    }

    /**
     * The ticker counts this class reads, in one array: hit, miss, useful, positive, true positive, and the
     * prefix checks and their useful answers. A Get that checks a prefix counts BLOOM_FILTER_PREFIX_CHECKED and,
     * when the filter stops it, BLOOM_FILTER_PREFIX_USEFUL instead of the whole-key tickers (RocksDB 10.10.1,
     * block_based_table_reader.cc, {@code FullFilterKeyMayMatch}); the measurement adds them to useful and
     * positive (checked - useful), so that both kinds of check are counted.
     */
    private static final TickerType[] TICKERS = {TickerType.BLOCK_CACHE_DATA_HIT, TickerType.BLOCK_CACHE_DATA_MISS,
        TickerType.BLOOM_FILTER_USEFUL, TickerType.BLOOM_FILTER_FULL_POSITIVE,
        TickerType.BLOOM_FILTER_FULL_TRUE_POSITIVE, TickerType.BLOOM_FILTER_PREFIX_CHECKED,
        TickerType.BLOOM_FILTER_PREFIX_USEFUL};

    /**
     * Measure's loop: {@code queries} absent-key lookups through {@code cf}, the tickers read after each Get.
     * Stops early (fewer counted than asked) when {@link #MAX_DRAWS_PER_LOOKUP} draws per lookup found
     * present keys only.
     */
    static Lookups lookups(RocksDB db, ColumnFamilyHandle cf, Statistics statistics, byte[][] sample,
                                  long queries, Draws draws) throws RocksDBException {
        return lookups(db, cf, statistics, sample, queries, draws, 0);
    }

    /**
     * As {@link #lookups(RocksDB, ColumnFamilyHandle, Statistics, byte[][], long, Draws)}; with
     * {@code prefixLength > 0}, for absent prefixes of that length ({@link #absentPrefixCandidate}), each
     * checked absent by a total-order Seek before the tickers are read.
     */
    static Lookups lookups(RocksDB db, ColumnFamilyHandle cf, Statistics statistics, byte[][] sample,
                           long queries, Draws draws, int prefixLength) throws RocksDBException {
        try (ReadOptions scan = new ReadOptions().setTotalOrderSeek(true).setFillCache(false);
             RocksIterator it = prefixLength > 0 ? db.newIterator(cf, scan) : null) {
            return lookups(db, cf, statistics, sample, queries, draws, prefixLength, it);
        }
    }

    private static Lookups lookups(RocksDB db, ColumnFamilyHandle cf, Statistics statistics, byte[][] sample,
                                   long queries, Draws draws, int prefixLength, RocksIterator prefixes)
            throws RocksDBException {
        int q = (int) queries;
        long[] latency = new long[q];
        long[] before = readTickers(statistics, new long[TICKERS.length]);
        long[] after = new long[TICKERS.length];
        long[] sums = new long[TICKERS.length];
        long blocksSquared = 0;
        long found = 0;
        int counted = 0;
        long maxFound = (long) MAX_DRAWS_PER_LOOKUP * q;
        try (ReadOptions read = new ReadOptions()) {
            while (counted < q && found <= maxFound) {
                byte[] key;
                if (prefixLength > 0) {
                    key = absentPrefixCandidate(sample, draws.next(), prefixLength);
                    if (key == null || prefixPresent(prefixes, key, prefixLength)) {
                        found++; // its prefix is present (or it has none): another draw replaces it
                        continue;
                    }
                    readTickers(statistics, before); // the Seek's own block reads are not the lookup's
                } else {
                    key = absentCandidate(sample, draws.next());
                }
                long start = System.nanoTime();
                byte[] value = db.get(cf, read, key);
                long elapsed = System.nanoTime() - start;
                readTickers(statistics, after);
                if (value == null) {
                    for (int t = 0; t < sums.length; t++) {
                        sums[t] += after[t] - before[t];
                    }
                    long blocks = (after[0] - before[0]) + (after[1] - before[1]);
                    blocksSquared += blocks * blocks;
                    latency[counted++] = elapsed;
                } else {
                    found++; // a present key: its tickers are left out, and another draw replaces it
                }
                long[] swap = before;
                before = after;
                after = swap;
            }
        }
        return new Lookups(counted, found, sums[0] + sums[1], blocksSquared, sums[0], sums[1], sums[2] + sums[6],
                sums[3] + sums[5] - sums[6], sums[4], counted == q ? latency : Arrays.copyOf(latency, counted));
    }

    /**
     * The present key {@code fastRange(u, m)} of the sample with the last byte of its prefix (its first
     * {@code min(prefixLength, length)} bytes) set to u's lowest, or null when that is its own byte (the
     * prefix unchanged) or the key is empty.
     */
    static byte[] absentPrefixCandidate(byte[][] sample, long u, int prefixLength) {
        byte[] present = sample[(int) FastRange.fastRange64(u, sample.length)];
        int last = Math.min(prefixLength, present.length) - 1;
        if (last < 0 || present[last] == (byte) u) {
            return null;
        }
        byte[] key = present.clone();
        key[last] = (byte) u; // the low byte: fastRange's index rests on the high bits
        return key;
    }

    /** Whether a present key starts with the first {@code prefixLength} bytes of {@code key} (a total-order Seek). */
    static boolean prefixPresent(RocksIterator it, byte[] key, int prefixLength) throws RocksDBException {
        byte[] prefix = Arrays.copyOf(key, Math.min(prefixLength, key.length));
        it.seek(prefix);
        if (!it.isValid()) {
            it.status();
            return false;
        }
        byte[] next = it.key();
        return next.length >= prefix.length && Arrays.equals(next, 0, prefix.length, prefix, 0, prefix.length);
    }

    /** The present key {@code fastRange(u, m)} of the sample followed by u's lowest byte. */
    static byte[] absentCandidate(byte[][] sample, long u) {
        byte[] present = sample[(int) FastRange.fastRange64(u, sample.length)];
        byte[] key = Arrays.copyOf(present, present.length + 1);
        key[present.length] = (byte) u; // the low byte: fastRange's index rests on the high bits
        return key;
    }

    private static long[] readTickers(Statistics statistics, long[] into) {
        for (int t = 0; t < TICKERS.length; t++) {
            into[t] = statistics.getTickerCount(TICKERS[t]);
        }
        return into;
    }
}
