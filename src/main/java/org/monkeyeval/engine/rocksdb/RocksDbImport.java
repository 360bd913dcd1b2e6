package org.monkeyeval.engine.rocksdb;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

import org.rocksdb.ColumnFamilyMetaData;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.LevelMetaData;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileMetaData;
import org.rocksdb.SstFileReader;
import org.rocksdb.SstFileReaderIterator;

import org.monkeyeval.alloc.SeparatorGaps;
import org.monkeyeval.engine.sst.BlockBoundaries;
import org.monkeyeval.engine.sst.SstFile;
import org.monkeyeval.engine.sst.SstFilter;
import org.monkeyeval.engine.sst.SstFormatException;
import org.monkeyeval.engine.sst.TableProperties;
import org.monkeyeval.family.rocksdb.RocksDbFileFilter;
import org.monkeyeval.model.RocksDbOptions;
import org.monkeyeval.text.InvalidInputException;

/**
 * Reads the runs of a RocksDB column family and every live file in them, as they are: the database
 * is opened by {@link RocksDbSnapshotOpen} (a secondary instance when a server holds it open and
 * writes, read-only otherwise; no LOCK taken, nothing written in its folder), the version it read
 * lists the files and their levels, and each file is read by {@link SstFile} for what RocksDB wrote into it: its entries, the
 * filter its filter blocks' trailers say it holds ({@link RocksDbFileFilter}), whether that filter is
 * partitioned, whether whole keys or prefixes were added to it, its key range.
 *
 * <p>Runs: each L0 file is its own run, newest first by its largest sequence number; each non-empty
 * level from 1 on is one run holding its files in key order (a point lookup probes one file per
 * level). Entries still in the memtable or the WAL have no filter and are not counted.
 *
 * <p>What a table records of its filter's keys (facebook/rocksdb
 * table/block_based/block_based_table_builder.cc, {@code BlockBasedTablePropertiesCollector::Finish};
 * read back by block_based_table_reader.cc with {@code IsFeatureSupported}, which takes a missing
 * property as true): {@code rocksdb.block.based.table.whole.key.filtering} and
 * {@code rocksdb.block.based.table.prefix.filtering}, "1" or "0", and the extractor's name in
 * {@code rocksdb.prefix.extractor.name} ({@code nullptr} for none).
 *
 * <p>A file the primary deletes (compaction) between the version's listing and its reading is not a
 * fault: the instance catches up with the primary and the whole column family is read again, up to
 * {@link #MAX_ATTEMPTS} times.
 */
public final class RocksDbImport {

    /** Readings of a column family tried while the primary deletes files under them. */
    static final int MAX_ATTEMPTS = 10;

    /**
     * One live SST file as read.
     *
     * @param name              its file name, e.g. {@code 000012.sst}
     * @param level             its level
     * @param entries           {@code rocksdb.num.entries}
     * @param filterEntries     {@code rocksdb.num.filter_entries} when the file has it (RocksDB 8.x on)
     * @param filterBytes       {@code rocksdb.filter.size}
     * @param filter            the filter its blocks hold
     * @param partitioned       whether the filter is partitioned
     * @param wholeKeyFiltering whether whole keys were added to the filter
     * @param prefixExtractor   the prefix extractor whose prefixes were added, or null
     * @param smallestKey       smallest user key
     * @param largestKey        largest user key
     * @param sampledReads      {@code num_reads_sampled} of the file's metadata
     * @param separatorGapShare the share of its key space where a Get reads a second data block
     *                          ({@link SeparatorGaps}), or null when its index blocks are compressed with a type
     *                          not decoded here (ZSTD) or its keys cannot be read
     * @param filterRate        the rate of the filter it holds from the filter's own bits
     *                          ({@link RocksDbFileFilter#builtRate}), or null where that is its family's rate
     * @param newestShare       the share of its entries whose key no newer run holds ({@link NewestShares}), or
     *                          null when not known
     */
    public record ImportedFile(String name, int level, long entries, OptionalLong filterEntries, long filterBytes,
                               RocksDbFileFilter filter, boolean partitioned, boolean wholeKeyFiltering,
                               String prefixExtractor, byte[] smallestKey, byte[] largestKey, long sampledReads,
                               Double separatorGapShare, Double filterRate, Double newestShare) {

        /** This file with its newest share ({@link NewestShares}). */
        ImportedFile withNewestShare(Double share) {
            return new ImportedFile(name, level, entries, filterEntries, filterBytes, filter, partitioned,
                    wholeKeyFiltering, prefixExtractor, smallestKey, largestKey, sampledReads, separatorGapShare,
                    filterRate, share);
        }
    }

    /** One run as read: an L0 file or a level, with its files (one for L0). */
    public record ImportedRun(String name, int level, long entries, long filterBytes, long sampledReads,
                              List<ImportedFile> files) {
        public ImportedRun {
            files = List.copyOf(files);
        }
    }

    /**
     * What was read.
     *
     * @param dbId           the database's IDENTITY
     * @param columnFamily   the column family read
     * @param manifestNumber the number of the MANIFEST the version was read from
     * @param sequenceNumber the latest sequence number of the version read
     * @param runs           newest first
     */
    public record Imported(String dbId, String columnFamily, long manifestNumber, long sequenceNumber,
                           List<ImportedRun> runs, RocksDbOptions options) {

        public Imported {
            runs = List.copyOf(runs);
        }

        /** As read from a database without an OPTIONS file (its options unknown). */
        public Imported(String dbId, String columnFamily, long manifestNumber, long sequenceNumber,
                        List<ImportedRun> runs) {
            this(dbId, columnFamily, manifestNumber, sequenceNumber, runs, null);
        }

        /** True when the column family's OPTIONS set optimize_filters_for_hits. */
        public boolean optimizeFiltersForHits() {
            return options != null && options.optimizeFiltersForHits();
        }

        /** Sum of the runs' filter bytes. */
        public long filterBytes() {
            return runs.stream().mapToLong(ImportedRun::filterBytes).sum();
        }

        /** Files whose filters hold only key prefixes. */
        public long prefixOnlyFiles() {
            return runs.stream().flatMap(r -> r.files().stream())
                    .filter(f -> !f.wholeKeyFiltering() && f.prefixExtractor() != null).count();
        }
    }

    private RocksDbImport() {
    }

    /**
     * The column family's own layout and read-path options, from its OPTIONS file; null when the database has
     * none (it was then opened with RocksDB's defaults, which say nothing of how it was written).
     */
    private static RocksDbOptions options(RocksDbSnapshotOpen open, String columnFamily) throws InvalidInputException {
        if (!open.ownOptions()) {
            return null;
        }
        ColumnFamilyOptions cf = open.options(columnFamily);
        String text = optionsText(open);
        ReadPathOptions read = readPathOptions(text, columnFamily);
        Integer formatVersion = OptionsText.value(text, columnFamily, true, "format_version")
                .filter(v -> v.matches("[0-9]{1,2}")).map(Integer::valueOf)
                .filter(v -> v <= RocksDbOptions.MAX_FORMAT_VERSION).orElse(null);
        Boolean forMemory = OptionsText.value(text, columnFamily, true, "optimize_filters_for_memory")
                .filter(v -> v.equals("true") || v.equals("false")).map(Boolean::valueOf).orElse(null);
        String style = OptionsText.value(text, columnFamily, false, "compaction_style").filter(v -> !v.isEmpty())
                .orElse(null);
        return new RocksDbOptions(cf.numLevels(), cf.levelCompactionDynamicLevelBytes(), cf.optimizeFiltersForHits(),
                read.prefixExtractor(), read.wholeKeyFiltering(), style, formatVersion, forMemory);
    }

    /**
     * What decides which filter a Get checks in each file (alloc.ReadPath#fileCheck): the column family's
     * {@code prefix_extractor} (as the OPTIONS file names it, {@code nullptr} for none) and its table option
     * {@code whole_key_filtering}.
     */
    record ReadPathOptions(String prefixExtractor, boolean wholeKeyFiltering) {

        /** Whether a Get checks key prefixes only: an extractor, and no whole keys. */
        boolean prefixOnly() {
            return !wholeKeyFiltering && !RocksDbOptions.NO_PREFIX_EXTRACTOR.equals(prefixExtractor);
        }
    }

    /**
     * The read-path options the column family was opened with, from the latest OPTIONS file (RocksJava's
     * ColumnFamilyOptions has no getter for the prefix extractor); RocksDB's defaults (none, true) for a
     * database opened without its own options.
     */
    static ReadPathOptions readPathOptions(RocksDbSnapshotOpen open, String columnFamily) throws InvalidInputException {
        if (!open.ownOptions()) {
            return new ReadPathOptions(RocksDbOptions.NO_PREFIX_EXTRACTOR, true);
        }
        return readPathOptions(optionsText(open), columnFamily);
    }

    /** {@link #readPathOptions(RocksDbSnapshotOpen, String)} from the OPTIONS file's text. */
    private static ReadPathOptions readPathOptions(String text, String columnFamily) {
        String extractor = OptionsText.value(text, columnFamily, false, "prefix_extractor")
                .filter(v -> !v.isEmpty()).orElse(RocksDbOptions.NO_PREFIX_EXTRACTOR);
        boolean whole = !"false".equals(OptionsText.value(text, columnFamily, true, "whole_key_filtering").orElse("true"));
        return new ReadPathOptions(extractor, whole);
    }

    private static String optionsText(RocksDbSnapshotOpen open) throws InvalidInputException {
        try {
            return OptionsText.latest(open.dir());
        } catch (org.rocksdb.RocksDBException | IOException e) {
            throw new InvalidInputException(open.dir() + ": its OPTIONS file cannot be read: " + e.getMessage());
        }
    }

    /**
     * Opens the database as a secondary instance, reads one column family and closes it.
     *
     * @param dir          the database folder
     * @param columnFamily the column family, e.g. {@code default}
     * @throws InvalidInputException a missing folder, one that is not a RocksDB database, an unknown
     *                               column family, a database RocksDB cannot open, or an SST file that
     *                               cannot be read (the message starts with its path)
     */
    public static Imported read(Path dir, String columnFamily) throws InvalidInputException {
        try (RocksDbSnapshotOpen open = RocksDbSnapshotOpen.open(dir)) {
            return read(open, columnFamily);
        }
    }

    /** Every column family of the database, in the MANIFEST's order, from one open. */
    public static List<Imported> readAll(Path dir) throws InvalidInputException {
        try (RocksDbSnapshotOpen open = RocksDbSnapshotOpen.open(dir)) {
            List<Imported> all = new ArrayList<>();
            for (String name : open.columnFamilyNames()) {
                all.add(read(open, name));
            }
            return all;
        }
    }

    /**
     * Reads one column family of a database already open (e.g. to measure the same version after).
     *
     * @throws InvalidInputException an unknown column family or an SST file that cannot be read
     */
    public static Imported read(RocksDbSnapshotOpen open, String columnFamily) throws InvalidInputException {
        open.handle(columnFamily);
        String dbId = identity(open.dir());
        for (int attempt = 1; ; attempt++) {
            try {
                List<ImportedRun> runs = runs(open, columnFamily);
                return new Imported(dbId, columnFamily, open.manifestNumber(), open.latestSequenceNumber(), runs,
                        options(open, columnFamily));
            } catch (NoSuchFileException gone) {
                if (attempt == MAX_ATTEMPTS) {
                    throw new InvalidInputException(gone.getFile() + ": deleted by the database's writer before it"
                            + " could be read, " + MAX_ATTEMPTS + " times over; try again");
                }
                open.catchUp();
            }
        }
    }

    private static List<ImportedRun> runs(RocksDbSnapshotOpen open, String columnFamily)
            throws InvalidInputException, NoSuchFileException {
        ColumnFamilyMetaData meta = open.db().getColumnFamilyMetaData(open.handle(columnFamily));
        Map<String, ByteBuffer> mapped = mapAll(meta);
        Map<String, List<byte[]>> samples = new HashMap<>();
        Map<String, Path> paths = new HashMap<>();
        int pairsPerFile = NewestShares.pairsPerFile(meta.levels().stream().mapToInt(l -> l.files().size()).sum());
        List<ImportedRun> runs = new ArrayList<>();
        for (LevelMetaData level : meta.levels()) {
            List<SstFileMetaData> listed = new ArrayList<>(level.files());
            if (level.level() == 0) {
                listed.sort(Comparator.comparingLong(SstFileMetaData::largestSeqno).reversed()
                        .thenComparing(SstFileMetaData::fileName));
                int k = 0;
                for (SstFileMetaData f : listed) {
                    ImportedFile file = file(f, 0, mapped, samples, paths, pairsPerFile);
                    if (file.entries() > 0) {
                        runs.add(new ImportedRun("L0." + (++k), 0, file.entries(), file.filterBytes(),
                                file.sampledReads(), List.of(file)));
                    }
                }
            } else {
                listed.sort(Comparator.comparing(SstFileMetaData::smallestKey, Arrays::compareUnsigned)
                        .thenComparing(SstFileMetaData::fileName));
                List<ImportedFile> files = new ArrayList<>();
                long entries = 0;
                long filter = 0;
                long reads = 0;
                for (SstFileMetaData f : listed) {
                    ImportedFile file = file(f, level.level(), mapped, samples, paths, pairsPerFile);
                    if (file.entries() > 0) {
                        files.add(file);
                        entries += file.entries();
                        filter += file.filterBytes();
                        reads += file.sampledReads();
                    }
                }
                if (entries > 0) {
                    runs.add(new ImportedRun("L" + level.level(), level.level(), entries, filter, reads, files));
                }
            }
        }
        Map<String, Double> newest = NewestShares.of(runs, samples, paths);
        List<ImportedRun> out = new ArrayList<>(runs.size());
        for (ImportedRun r : runs) {
            out.add(new ImportedRun(r.name(), r.level(), r.entries(), r.filterBytes(), r.sampledReads(),
                    r.files().stream().map(f -> f.withNewestShare(newest.get(f.name()))).toList()));
        }
        return out;
    }

    /**
     * Maps every file of the version at once, right after the listing: a mapping stays readable when
     * the writer deletes the file afterwards, so only a file deleted before this point sends the
     * reading round again. Files of 2 GiB and more are left to be read by path.
     */
    private static Map<String, ByteBuffer> mapAll(ColumnFamilyMetaData meta) throws InvalidInputException,
            NoSuchFileException {
        Map<String, ByteBuffer> mapped = new HashMap<>();
        for (LevelMetaData level : meta.levels()) {
            for (SstFileMetaData f : level.files()) {
                Path path = path(f);
                try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
                    if (channel.size() < Integer.MAX_VALUE) {
                        mapped.put(path.toString(), channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size()));
                    }
                } catch (NoSuchFileException e) {
                    throw e;
                } catch (IOException e) {
                    throw new InvalidInputException(path + ": cannot be read: " + e.getMessage());
                }
            }
        }
        return mapped;
    }

    private static Path path(SstFileMetaData meta) {
        return Path.of(meta.path()).resolve(baseName(meta.fileName()));
    }

    /**
     * One file, read from its own bytes; its keys to sample ({@link NewestShares#sample}, {@code pairsPerFile}
     * block boundaries) and its path put by name.
     */
    private static ImportedFile file(SstFileMetaData meta, int level, Map<String, ByteBuffer> mapped,
                                     Map<String, List<byte[]>> samples, Map<String, Path> paths, int pairsPerFile)
            throws InvalidInputException, NoSuchFileException {
        String name = baseName(meta.fileName());
        Path path = path(meta);
        SstFile sst;
        try {
            ByteBuffer bytes = mapped.get(path.toString());
            sst = bytes != null ? SstFile.parse(path.toString(), bytes, true) : SstFile.read(path, true);
        } catch (NoSuchFileException e) {
            throw e;
        } catch (IOException e) {
            throw new InvalidInputException(path + ": cannot be read: " + e.getMessage());
        } catch (SstFormatException e) {
            throw new InvalidInputException(e.getMessage().startsWith(path.toString()) ? e.getMessage()
                    : path + ": " + e.getMessage());
        }
        TableProperties p = sst.properties();
        SstFilter stored = sst.filter();
        RocksDbFileFilter filter;
        try {
            filter = switch (stored.kind()) {
                case NONE -> RocksDbFileFilter.none();
                case FULL, PARTITIONED -> RocksDbFileFilter.of(stored.filterBlocks(), p.filterSize());
                case BLOCK_BASED -> throw new IllegalArgumentException("it holds the obsolete block-based filter"
                        + " (RocksDB before 7.0), which is not rated here");
            };
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(path + ": " + e.getMessage());
        }
        boolean whole = p.wholeKeyFiltering().orElse(true);
        String extractor = p.prefixExtractorName();
        boolean prefixes = p.prefixFiltering().orElse(true) && !extractor.isEmpty() && !"nullptr".equals(extractor);
        OptionalLong filterEntries = p.numFilterEntries().orElse(0) > 0 ? p.numFilterEntries() : OptionalLong.empty();
        BlockBoundaries boundaries = sst.blockBoundaries().map(b -> b.keysRead() ? b : withKeysFromRocksDb(b, path))
                .orElse(null);
        samples.put(name, NewestShares.sample(boundaries, meta.smallestKey(), meta.largestKey(), pairsPerFile));
        paths.put(name, path);
        return new ImportedFile(name, level, p.numEntries(), filterEntries, p.filterSize(), filter,
                stored.kind() == SstFilter.Kind.PARTITIONED, whole, prefixes ? extractor : null,
                meta.smallestKey(), meta.largestKey(), meta.numReadsSampled(),
                boundaries == null ? null : gapShare(boundaries, meta.smallestKey(), meta.largestKey()),
                builtRate(stored), null);
    }

    /** The built filter's own rate ({@link RocksDbFileFilter#builtRate}), or null for none or another family. */
    private static Double builtRate(SstFilter stored) {
        if (stored.kind() == SstFilter.Kind.NONE) {
            return null;
        }
        OptionalDouble rate = RocksDbFileFilter.builtRate(stored.filterBlocks());
        return rate.isPresent() ? rate.getAsDouble() : null;
    }

    /**
     * Boundaries whose data blocks this project's reader left compressed (ZSTD), their keys read through RocksDB's
     * own {@code SstFileReader}: a block's last key is the largest key at or below its separator, the next
     * block's first key the one after it. Null when the file cannot be opened so (deleted by the writer).
     */
    private static BlockBoundaries withKeysFromRocksDb(BlockBoundaries b, Path path) {
        try (Options options = new Options();
             SstFileReader reader = new SstFileReader(options)) {
            reader.open(path.toString());
            try (ReadOptions read = new ReadOptions().setFillCache(false);
                 SstFileReaderIterator it = reader.newIterator(read)) {
                return b.withKeys(separator -> {
                    it.seekForPrev(separator);
                    byte[] last = it.isValid() ? it.key() : null;
                    it.next();
                    byte[] next = it.isValid() ? it.key() : null;
                    if (last == null || next == null) {
                        throw new IllegalStateException(path + ": no keys either side of an index separator");
                    }
                    return new byte[][] {last, next};
                });
            }
        } catch (RocksDBException | IllegalStateException e) {
            return null;
        }
    }

    /** {@link SeparatorGaps#share} of a file's block boundaries. */
    static double gapShare(BlockBoundaries b, byte[] smallest, byte[] largest) {
        List<byte[]> last = new ArrayList<>();
        List<byte[]> separators = new ArrayList<>();
        List<byte[]> next = new ArrayList<>();
        for (BlockBoundaries.Pair p : b.pairs()) {
            last.add(p.lastKey());
            separators.add(p.separator());
            next.add(p.nextFirstKey());
        }
        return SeparatorGaps.share(last, separators, next, b.dataBlocks() - 1, smallest, largest);
    }

    /** The file name after the last '/', as table properties key by path and metadata by "/name". */
    static String baseName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The database's IDENTITY (its DB id), or "unknown" when the file is absent. */
    private static String identity(Path dir) throws InvalidInputException {
        Path file = dir.resolve("IDENTITY");
        if (!Files.isRegularFile(file)) {
            return "unknown";
        }
        try {
            String id = Files.readString(file, StandardCharsets.UTF_8).trim();
            return id.matches("[0-9A-Za-z-]{1,64}") ? id : "unknown";
        } catch (IOException e) {
            throw new InvalidInputException(file + ": not readable: " + e.getMessage());
        }
    }
}
