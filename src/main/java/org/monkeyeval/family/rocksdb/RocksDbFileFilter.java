package org.monkeyeval.family.rocksdb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;

import org.monkeyeval.filter.LineOccupancy;

/**
 * The filter one RocksDB SST file really holds, read from its filter blocks' own trailers
 * ({@link RocksDbFilterMetadata}), and the rate an absent whole-key lookup meets in it: the one place
 * where a file's metadata is mapped to a family and priced ({@link #of(List, long)},
 * {@link #fpr(long)}), for {@code import} (which writes it into the case) and {@code run} (which
 * prices the case's {@code current} with it).
 *
 * <pre>
 *   family          parameters                          rate over n keys added to the filter
 *   rocksdb         probes, lines (64-byte lines)       LineOccupancy.fpr(n, lines, probes), as the
 *                                                       rocksdb family rates a filter
 *   rocksdb-legacy  probes, lines (64-byte lines)       LegacyBloomRate.fpr(n, lines, probes)
 *   rocksdb-ribbon  blocks (128 slots), dataBytes       Ribbon.Layout.of(blocks, dataBytes).expectedFpRate()
 *                                                       with the 64-bit hash collision term n / 2^64
 *                   [bloomLines, bloomProbes]           partitions RocksDB wrote as its Bloom fallback:
 *                                                       priced apart, by their share of the keys (below)
 *   none            -                                   1: no filter, or a trailer RocksDB reads as
 *                                                       "always true" (RocksDbFilterMetadata.AlwaysTrue)
 *   always-false    -                                   0: a filter block of 5 bytes or fewer
 * </pre>
 *
 * <p>{@code bits} is 8 times the filter's bytes as RocksDB counts them ({@code rocksdb.filter.size}:
 * trailers and, when partitioned, the partition index included): the memory the file's filter holds.
 * The rate is read from the filter's data only, at its real size and parameters; nothing here asks
 * what the configuration said, since a Ribbon policy writes Bloom filters on flushes
 * ({@code bloom_before_level}) and for small files.
 *
 * <p><b>Partitioned filters</b> are priced as the family's full filter at the same total data
 * (lines, or Ribbon blocks and bytes, summed over the partitions). facebook/rocksdb
 * table/block_based/partitioned_filter_block.cc (commit 1dfa7297933df05237ac11376d6cb69d32591b1d):
 * {@code PartitionedFilterBlockBuilder} builds every partition with the same filter bits builder and
 * cuts a partition after {@code keys_per_partition_ = ApproximateNumEntries(partition_size)} keys,
 * so every partition holds about as many keys at the same bits per key; a point lookup
 * ({@code PartitionedFilterBlockReader::MayMatch}) seeks the partition index for its key and probes
 * that one partition only. A lookup thus meets one filter of the file's bits per key: the full
 * filter's rate at the same bits, up to the smaller last partition and the per-partition rounding to
 * whole lines.
 *
 * <p><b>Ribbon partitions with Bloom ones.</b> A Ribbon policy builds Bloom for a partition too small
 * for Ribbon (fewer than 1024 slots where Bloom is smaller, {@link Ribbon#usesBloom}): the file's last
 * partition, which holds the keys left after the full ones. Its lines and probes are kept beside the
 * Ribbon partitions' blocks and bytes ({@code bloomLines}, {@code bloomProbes}), and an absent key meets
 * the partition its key falls in: p = s fpr_bloom(n_b) + (1 - s) p_ribbon, s = n_b / n. The Bloom
 * partitions' keys n_b are not written in the file; they are read off its size at the bits per key its
 * probes stand for (the middle of the millibits RocksDB gives that many probes,
 * {@link #bloomFallbackKeys}): 111 for a partition of 100 keys at 10 bits per key (two whole lines,
 * read at 9.19 bits per key). Such a partition holds under 256 keys, a small share of a file's, so the
 * file's rate moves little with that error.
 */
public record RocksDbFileFilter(String family, Map<String, Integer> parameters, long bits) {

    /** Family name: no filter, or one RocksDB reads as always true. */
    public static final String NONE = "none";
    /** Family name: a filter that matches no key (a block of at most 5 bytes). */
    public static final String ALWAYS_FALSE = "always-false";
    /** Parameter: probes per key of a Bloom filter. */
    public static final String PROBES = "probes";
    /** Parameter: 64-byte lines of a Bloom filter's data, summed over partitions. */
    public static final String LINES = "lines";
    /** Parameter: 128-slot blocks of a Ribbon filter, summed over partitions. */
    public static final String BLOCKS = "blocks";
    /** Parameter: data bytes of a Ribbon filter (trailers excluded), summed over partitions. */
    public static final String DATA_BYTES = "dataBytes";
    /** Parameter: 64-byte lines of a Ribbon filter's Bloom fallback partitions, summed. */
    public static final String BLOOM_LINES = "bloomLines";
    /** Parameter: probes per key of a Ribbon filter's Bloom fallback partitions. */
    public static final String BLOOM_PROBES = "bloomProbes";

    private static final String BLOOM = RocksDbFamily.INSTANCE.name();
    private static final String LEGACY = RocksDbLegacyFamily.INSTANCE.name();
    private static final String RIBBON = RocksDbRibbonFamily.INSTANCE.name();

    /** The parameters each family needs, in the order the case file writes them. */
    private static final Map<String, List<String>> NEEDS = Map.of(
            BLOOM, List.of(LINES, PROBES),
            LEGACY, List.of(LINES, PROBES),
            RIBBON, List.of(BLOCKS, DATA_BYTES),
            NONE, List.of(),
            ALWAYS_FALSE, List.of());

    /**
     * Checks the family and its parameters (as a case file gives them).
     *
     * @throws IllegalArgumentException an unknown family, a missing, extra or out-of-range parameter
     */
    public RocksDbFileFilter {
        Objects.requireNonNull(family, "family");
        List<String> needs = NEEDS.get(family);
        if (needs == null) {
            throw new IllegalArgumentException("family \"" + family + "\" is not one of " + String.join(", ",
                    new TreeMap<>(NEEDS).keySet()));
        }
        parameters = new TreeMap<>(parameters);
        java.util.Set<String> given = new java.util.TreeSet<>(parameters.keySet());
        boolean fallback = family.equals(RIBBON) && given.removeAll(List.of(BLOOM_LINES, BLOOM_PROBES));
        if (!given.equals(new java.util.TreeSet<>(needs))
                || fallback && !(parameters.containsKey(BLOOM_LINES) && parameters.containsKey(BLOOM_PROBES))) {
            throw new IllegalArgumentException("family " + family + " takes the parameters "
                    + (needs.isEmpty() ? "(none)" : String.join(", ", needs))
                    + (family.equals(RIBBON) ? " (and " + BLOOM_LINES + ", " + BLOOM_PROBES + " together)" : "")
                    + ", got " + (parameters.isEmpty() ? "(none)" : String.join(", ", parameters.keySet())));
        }
        for (Map.Entry<String, Integer> p : parameters.entrySet()) {
            if (p.getValue() == null || p.getValue() < 1) {
                throw new IllegalArgumentException(p.getKey() + " (" + p.getValue() + ") must be >= 1");
            }
        }
        if (family.equals(BLOOM) && parameters.get(PROBES) > 30) {
            throw new IllegalArgumentException("probes (" + parameters.get(PROBES) + ") must be <= 30 for " + BLOOM);
        }
        if (fallback && parameters.get(BLOOM_PROBES) > 30) {
            throw new IllegalArgumentException(BLOOM_PROBES + " (" + parameters.get(BLOOM_PROBES) + ") must be <= 30");
        }
        if (family.equals(RIBBON) && parameters.get(BLOCKS) < 2) {
            throw new IllegalArgumentException("blocks (" + parameters.get(BLOCKS) + ") must be >= 2");
        }
        if (bits < 0) {
            throw new IllegalArgumentException("bits (" + bits + ") must be >= 0");
        }
        parameters = java.util.Collections.unmodifiableMap(parameters);
    }

    /** A file without a filter. */
    public static RocksDbFileFilter none() {
        return new RocksDbFileFilter(NONE, Map.of(), 0);
    }

    /**
     * The filter a file holds: its filter blocks (one for a full filter, every partition's for a
     * partitioned one, trailers of the 5-byte block trailer excluded) and its filter bytes as RocksDB
     * counts them.
     *
     * @throws IllegalArgumentException no blocks, partitions of different filters, or a legacy filter
     *                                  of other than 64-byte lines (not rated here)
     */
    public static RocksDbFileFilter of(List<byte[]> blocks, long filterBytes) {
        if (blocks.isEmpty()) {
            throw new IllegalArgumentException("a filter needs at least one block");
        }
        List<RocksDbFilterMetadata> read = new ArrayList<>(blocks.size());
        for (byte[] block : blocks) {
            read.add(RocksDbFilterMetadata.decode(block));
        }
        long bits = 8 * filterBytes;
        RocksDbFilterMetadata first = read.get(0);
        for (RocksDbFilterMetadata m : read) {
            if (m.getClass() != first.getClass()) {
                return mixed(read, bits);
            }
        }
        if (first instanceof RocksDbFilterMetadata.AlwaysTrue) {
            return new RocksDbFileFilter(NONE, Map.of(), bits);
        }
        if (first instanceof RocksDbFilterMetadata.AlwaysFalse) {
            return new RocksDbFileFilter(ALWAYS_FALSE, Map.of(), bits);
        }
        if (first instanceof RocksDbFilterMetadata.FastLocalBloom b) {
            long lines = 0;
            for (RocksDbFilterMetadata m : read) {
                RocksDbFilterMetadata.FastLocalBloom p = (RocksDbFilterMetadata.FastLocalBloom) m;
                sameProbes(b.numProbes(), p.numProbes());
                lines += p.dataBytes() / RocksDbLocalBloom.CACHE_LINE_BYTES;
            }
            return new RocksDbFileFilter(BLOOM, Map.of(LINES, intValue(LINES, lines), PROBES, b.numProbes()), bits);
        }
        if (first instanceof RocksDbFilterMetadata.Legacy l) {
            long lines = 0;
            for (RocksDbFilterMetadata m : read) {
                RocksDbFilterMetadata.Legacy p = (RocksDbFilterMetadata.Legacy) m;
                sameProbes(l.numProbes(), p.numProbes());
                if (1 << p.log2LineBytes() != LegacyBloom.CACHE_LINE_BYTES) {
                    throw new IllegalArgumentException("legacy Bloom filter of " + (1 << p.log2LineBytes())
                            + "-byte lines: only 64-byte lines are rated");
                }
                lines += Integer.toUnsignedLong(p.numLines());
            }
            return new RocksDbFileFilter(LEGACY, Map.of(LINES, intValue(LINES, lines), PROBES, l.numProbes()), bits);
        }
        RocksDbFilterMetadata.Ribbon r = (RocksDbFilterMetadata.Ribbon) first;
        long blocksTotal = 0;
        long data = 0;
        for (RocksDbFilterMetadata m : read) {
            RocksDbFilterMetadata.Ribbon p = (RocksDbFilterMetadata.Ribbon) m;
            blocksTotal += p.numBlocks();
            data += p.dataBytes();
        }
        return new RocksDbFileFilter(RIBBON, Map.of(BLOCKS, intValue(BLOCKS, blocksTotal),
                DATA_BYTES, intValue(DATA_BYTES, data)), bits);
    }

    /** Ribbon partitions and Ribbon's Bloom fallback partitions; any other mix is refused. */
    /**
     * The rate of the filter these blocks hold, from its own bits, when every block is a fast local Bloom
     * filter: {@link LineOccupancy#builtRate} over all their lines (a partitioned filter's partitions each
     * taken by their share of the lines, as a lookup's key picks a partition about by its share of the keys);
     * otherwise empty (the family's rate at the filter's size stands). Ribbon's rate does not depend on the
     * solution it stores (a query's result is uniform for an absent key), so its family rate is its built rate.
     */
    public static OptionalDouble builtRate(List<byte[]> blocks) {
        List<Integer> bits = new ArrayList<>();
        int probes = -1;
        for (byte[] block : blocks) {
            if (!(RocksDbFilterMetadata.decode(block) instanceof RocksDbFilterMetadata.FastLocalBloom b)) {
                return OptionalDouble.empty();
            }
            if (probes >= 0 && probes != b.numProbes()) {
                return OptionalDouble.empty();
            }
            probes = b.numProbes();
            for (int line = 0; line + RocksDbLocalBloom.CACHE_LINE_BYTES <= b.dataBytes();
                 line += RocksDbLocalBloom.CACHE_LINE_BYTES) {
                int set = 0;
                for (int i = 0; i < RocksDbLocalBloom.CACHE_LINE_BYTES; i++) {
                    set += Integer.bitCount(block[line + i] & 0xff);
                }
                bits.add(set);
            }
        }
        if (bits.isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(LineOccupancy.builtRate(bits.stream().mapToInt(Integer::intValue).toArray(), probes));
    }

    private static RocksDbFileFilter mixed(List<RocksDbFilterMetadata> read, long bits) {
        long blocksTotal = 0;
        long data = 0;
        long bloomLines = 0;
        int bloomProbes = 0;
        for (RocksDbFilterMetadata m : read) {
            if (m instanceof RocksDbFilterMetadata.Ribbon r) {
                blocksTotal += r.numBlocks();
                data += r.dataBytes();
            } else if (m instanceof RocksDbFilterMetadata.FastLocalBloom b) {
                if (bloomProbes != 0) {
                    sameProbes(bloomProbes, b.numProbes());
                }
                bloomProbes = b.numProbes();
                bloomLines += b.dataBytes() / RocksDbLocalBloom.CACHE_LINE_BYTES;
            } else {
                throw new IllegalArgumentException("the filter's partitions hold different filters ("
                        + read.get(0).getClass().getSimpleName() + " and " + m.getClass().getSimpleName()
                        + "): only Ribbon partitions with Ribbon's fast local Bloom fallback are priced");
            }
        }
        if (blocksTotal == 0 || bloomLines == 0) {
            throw new IllegalArgumentException("the filter's partitions hold different filters, and no Ribbon"
                    + " partition or no Bloom partition with data: not priced");
        }
        return new RocksDbFileFilter(RIBBON, Map.of(BLOCKS, intValue(BLOCKS, blocksTotal),
                DATA_BYTES, intValue(DATA_BYTES, data), BLOOM_LINES, intValue(BLOOM_LINES, bloomLines),
                BLOOM_PROBES, bloomProbes), bits);
    }

    /**
     * The keys of a Ribbon filter's Bloom fallback partitions, at most {@code entries - 1}: their lines
     * times 512 over the bits per key their probes stand for, the middle of the millibits RocksDB's
     * {@code ChooseNumProbes} maps to that many probes ({@link RocksDbLocalBloom#millibitsForProbes}).
     */
    public static long bloomFallbackKeys(long lines, int probes, long entries) {
        int[] range = RocksDbLocalBloom.millibitsForProbes(probes);
        double millibits = (range[0] + range[1]) / 2.0;
        long keys = Math.round(lines * RocksDbLocalBloom.CACHE_LINE_BITS * 1000.0 / millibits);
        return Math.max(1, Math.min(entries - 1, keys));
    }

    /**
     * The rate an absent key's lookup meets in this filter when {@code entries} keys were added to it
     * (see the class comment for each family's formula). 1 for {@link #NONE}, 0 for
     * {@link #ALWAYS_FALSE}.
     */
    public double fpr(long entries) {
        if (entries <= 0) {
            throw new IllegalArgumentException("entries (" + entries + ") must be > 0");
        }
        switch (family) {
            case NONE:
                return 1.0;
            case ALWAYS_FALSE:
                return 0.0;
            default:
                break;
        }
        if (family.equals(RIBBON)) {
            Ribbon.Layout layout = Ribbon.Layout.of(parameters.get(BLOCKS), parameters.get(DATA_BYTES));
            if (!parameters.containsKey(BLOOM_LINES) || entries < 2) {
                return Ribbon.independentProbabilitySum(layout.expectedFpRate(), Ribbon.collisionFpRate(entries));
            }
            long lines = parameters.get(BLOOM_LINES);
            int probes = parameters.get(BLOOM_PROBES);
            long bloomKeys = bloomFallbackKeys(lines, probes, entries);
            double share = (double) bloomKeys / entries;
            double ribbon = Ribbon.independentProbabilitySum(layout.expectedFpRate(),
                    Ribbon.collisionFpRate(entries - bloomKeys));
            return share * LineOccupancy.fpr(bloomKeys, lines, probes) + (1 - share) * ribbon;
        }
        long lines = parameters.get(LINES);
        int probes = parameters.get(PROBES);
        if (family.equals(LEGACY)) {
            return LegacyBloomRate.fpr(entries, lines, probes);
        }
        return LineOccupancy.fpr(entries, lines, probes);
    }

    /** "rocksdb lines=586 probes=6", or the family alone without parameters. */
    public String describe() {
        StringBuilder b = new StringBuilder(family);
        for (Map.Entry<String, Integer> p : parameters.entrySet()) {
            b.append(' ').append(p.getKey()).append('=').append(p.getValue());
        }
        return b.toString();
    }

    private static void sameProbes(int first, int other) {
        if (first != other) {
            throw new IllegalArgumentException("the filter's partitions have different probes (" + first + " and "
                    + other + ")");
        }
    }

    private static int intValue(String name, long value) {
        if (value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + " (" + value + ") is more than " + Integer.MAX_VALUE);
        }
        return (int) value;
    }
}
