package org.monkeyeval.engine.rocksdb;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileReader;
import org.rocksdb.SstFileReaderIterator;

import org.monkeyeval.engine.sst.BlockBoundaries;

/**
 * Each file's newest share: the share of its entries whose user key no newer run holds, the distinct keys
 * it adds to the column family ({@code model.RunFile#newestShare}, read by {@code alloc.KeyRangeReach}).
 *
 * <p>A key written again while its older version waits in a deeper level is stored twice: db_bench's
 * fillrandom, which writes {@code --num} random key numbers out of {@code --num}, leaves about 14% of a
 * database's entries so. Each file's keys are sampled where its data blocks meet (the last key of one block
 * and the first of the next, at boundaries spread evenly over the file, read for {@link BlockBoundaries}: all
 * of them, up to 512, while the column family's files together have at most {@link #SAMPLED_PAIRS}; its
 * smallest and largest keys besides), and each sampled key is looked up in
 * every newer run whose file's range holds it, with RocksDB's own {@code SstFileReader} (a seek to the key;
 * held when the iterator stands on it). The share is the sampled keys no newer run holds, over those
 * sampled.
 *
 * <p>Deletions are not told apart: the reader's iterator hides a tombstone, so a key a newer run deleted counts
 * as not held there, and a tombstone sampled at a block boundary counts as one of its file's keys. A column
 * family written with many deletions is priced as though its deleted keys were still stored.
 */
final class NewestShares {

    /**
     * Block boundaries sampled in all files together (two keys each), as far as each file keeps
     * {@link #MIN_PAIRS}: on the 48-byte-key db_bench database of the tests (24 files), 64 a file left L1's reach
     * 0.65% above what the key numbers give, all of them (up to 512 a file) 0.16% below.
     */
    static final int SAMPLED_PAIRS = 1 << 16;
    /** Block boundaries sampled per file at least (where it has them). */
    static final int MIN_PAIRS = 16;

    /** A sampled key of one file: its run (index, newest first) and whether a newer run holds it. */
    private static final class Probe {
        final byte[] key;
        final int run;
        final String file;
        boolean held;

        Probe(byte[] key, int run, String file) {
            this.key = key;
            this.run = run;
            this.file = file;
        }
    }

    private NewestShares() {
    }

    /** Block boundaries to sample per file in a column family of {@code files} files. */
    static int pairsPerFile(int files) {
        return Math.max(MIN_PAIRS, SAMPLED_PAIRS / Math.max(1, files));
    }

    /**
     * The keys to sample of a file: its smallest and largest, and both keys of up to {@code pairsPerFile} evenly
     * spaced block boundaries (none when its boundaries or their keys were not read).
     */
    static List<byte[]> sample(BlockBoundaries boundaries, byte[] smallest, byte[] largest, int pairsPerFile) {
        List<byte[]> keys = new ArrayList<>();
        keys.add(smallest);
        if (boundaries != null && boundaries.keysRead()) {
            List<BlockBoundaries.Pair> pairs = boundaries.pairs();
            int take = Math.min(pairsPerFile, pairs.size());
            for (int i = 0; i < take; i++) {
                BlockBoundaries.Pair p = pairs.get((int) ((long) i * pairs.size() / take));
                keys.add(p.lastKey());
                keys.add(p.nextFirstKey());
            }
        }
        if (!Arrays.equals(smallest, largest)) {
            keys.add(largest);
        }
        return keys;
    }

    /**
     * Each file's newest share by name, or an empty map when a file could not be opened by RocksDB's reader
     * (deleted by the database's writer meanwhile): the shares are then not known.
     *
     * @param runs    the column family's runs, newest first, each file with its key range
     * @param samples each file's sampled keys by name ({@link #sample})
     * @param paths   each file's path by name
     */
    static Map<String, Double> of(List<RocksDbImport.ImportedRun> runs, Map<String, List<byte[]>> samples,
                                  Map<String, Path> paths) {
        List<Probe> probes = new ArrayList<>();
        for (int r = 0; r < runs.size(); r++) {
            for (RocksDbImport.ImportedFile f : runs.get(r).files()) {
                for (byte[] key : samples.getOrDefault(f.name(), List.of())) {
                    probes.add(new Probe(key, r, f.name()));
                }
            }
        }
        probes.sort(Comparator.comparing((Probe p) -> p.key, Arrays::compareUnsigned));
        byte[][] keys = probes.stream().map(p -> p.key).toArray(byte[][]::new);
        for (int s = 0; s < runs.size() - 1; s++) {
            for (RocksDbImport.ImportedFile h : runs.get(s).files()) {
                int from = rank(keys, h.smallestKey(), false);
                int to = rank(keys, h.largestKey(), true);
                if (!mark(probes.subList(from, to), s, paths.get(h.name()))) {
                    return Map.of();
                }
            }
        }
        Map<String, int[]> counts = new HashMap<>();
        for (Probe p : probes) {
            int[] c = counts.computeIfAbsent(p.file, k -> new int[2]);
            c[0]++;
            if (p.held) {
                c[1]++;
            }
        }
        Map<String, Double> shares = new HashMap<>();
        counts.forEach((file, c) -> shares.put(file, 1.0 - (double) c[1] / c[0]));
        return shares;
    }

    /**
     * Marks held the probes of runs older than {@code run} whose key the file at {@code path} holds; false when
     * the file cannot be opened.
     */
    private static boolean mark(List<Probe> inRange, int run, Path path) {
        if (inRange.stream().noneMatch(p -> p.run > run && !p.held)) {
            return true;
        }
        try (Options options = new Options();
             SstFileReader reader = new SstFileReader(options)) {
            reader.open(path.toString());
            try (ReadOptions read = new ReadOptions().setFillCache(false);
                 SstFileReaderIterator it = reader.newIterator(read)) {
                for (Probe p : inRange) {
                    if (p.run > run && !p.held) {
                        it.seek(p.key);
                        p.held = it.isValid() && Arrays.equals(it.key(), p.key);
                    }
                }
            }
            return true;
        } catch (RocksDBException e) {
            return false;
        }
    }

    /**
     * The keys below {@code key} (with {@code orEqual}, at or below it), keys sorted unsigned bytewise: the index
     * of the first key past them.
     */
    private static int rank(byte[][] keys, byte[] key, boolean orEqual) {
        int lo = 0;
        int hi = keys.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            int c = Arrays.compareUnsigned(keys[mid], key);
            if (c < 0 || orEqual && c == 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
