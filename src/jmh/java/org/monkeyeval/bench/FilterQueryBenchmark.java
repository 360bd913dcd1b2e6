package org.monkeyeval.bench;

import java.util.concurrent.TimeUnit;

import com.google.common.hash.BloomFilter;
import com.google.common.hash.Funnels;
import org.fastfilter.bloom.BlockedBloom;
import org.fastfilter.utils.Hash;
import org.monkeyeval.filter.KeySpace;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;
import org.monkeyeval.family.StandardBloom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time of one {@code mayContain} on a filter of 1,000,000 keys at 10 bits per key, for our two
 * layouts and two library baselines, in nanoseconds per query ({@link Mode#AverageTime}).
 *
 * <pre>
 *   filter             bits (m)       probes  layout
 *   absentStandard     10,000,000     k = 7   StandardBloom: one hash64, then mix13 + multiply-high per probe
 *   absentGuava        10,000,000     k = 7   Guava BloomFilter&lt;Long&gt;, MURMUR128_MITZ_64, % m per probe
 *   absentRocksDb      10,000,384     k = 6   RocksDbLocalBloom: all probes in one 512-bit line
 *   absentBlockedBloom 10,001,088     4 bits  FastFilter BlockedBloom: 2 bits in each of two words,
 *                                             the second within 16 words of the first
 * </pre>
 *
 * <p>How a query is measured. All keys are computed once in {@link Filters#build()}; a benchmark
 * method only loads the next key from a precomputed {@code long[]} of 2^20 keys (the cursor is masked,
 * so it cycles) and returns the filter's answer, which JMH consumes, so the call cannot be removed as
 * dead code. {@link #baselineKeyLoad} does the same load and returns the key without asking a filter:
 * its time is the harness and key-load part that every other line also contains.
 *
 * <p>Absent keys are {@link KeySpace#absentKey} 0 .. 2^20-1, disjoint from the stored keys by
 * construction, so every "true" they get is a false positive. How each filter reads its bits:
 * StandardBloom tests its first two probes with one branch, then stops at the first zero bit;
 * RocksDbLocalBloom ANDs probes 0-2 and reads the other three only when those bits are all set (about
 * one absent key in ten); Guava stops at its first zero bit; BlockedBloom reads both of its words
 * and tests its first pair of bits before the second.
 * Present keys are the stored keys of run 0 (the first 48,576 of them twice, to fill 2^20), so every
 * probe of every query is taken. All four filters are about 1.25 MB, more than a 512 KiB or 1 MiB L2,
 * so the first probe of a query usually misses to L3 and the comparison includes memory behaviour,
 * not only hashing.
 *
 * <p>Forks of the same benchmark can differ by a quarter (the README lists one 8-fork measurement);
 * compare filters over several forks, not one or two.
 *
 * <p>The setup checks what it built before anything is measured: no false negatives on any stored
 * key, a false-positive rate on the absent keys below {@link Filters#MAX_PLAUSIBLE_FPR}, and bits per
 * key within {@link Filters#BITS_PER_KEY_TOLERANCE} of 10. A wrong filter would otherwise look fast.
 *
 * <p>Not {@code final}, and neither is {@link Filters}: JMH generates subclasses of {@link State}
 * classes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FilterQueryBenchmark {

    /** Query keys per array: 2^20 longs (8 MiB), read in order, so the loads stream from memory. */
    static final int QUERY_KEYS = 1 << 20;

    private static final int QUERY_MASK = QUERY_KEYS - 1;

    /** Per-thread cursor into the key arrays; each benchmark thread walks the keys on its own. */
    private int next;

    /** The filters and key arrays, built once per trial and shared read-only by all threads. */
    @State(Scope.Benchmark)
    public static class Filters {

        /** n: keys stored in every filter. */
        static final int ENTRIES = 1_000_000;

        /** b: bits per key asked of every filter. */
        static final int BITS_PER_KEY = 10;

        /** Seed of the stored and absent keys (the project's default confirmation seed). */
        static final long KEY_SEED = 20_170_514L;

        /** Seed of our filters' hash; any fixed value will do. */
        static final long HASH_SEED = 0x5EED_B10F_0000_0001L;

        /**
         * Seed for FastFilter's process-wide {@code Hash} random generator, from which
         * {@code BlockedBloom} draws its hash seed; fixed so that every run builds the same filter.
         */
        static final long FASTFILTER_SEED = 42L;

        /**
         * Guava's fpp for exactly 10 bits per key: Guava sizes {@code m = (long) (-n ln p / ln^2 2)},
         * so {@code p = e^(-10 ln^2 2) = 0.0081925...} gives m = 10,000,000 = 156,250 whole longs
         * (no rounding up) and k = round(m/n ln 2) = 7, the same m and k as {@link StandardBloom}.
         * (The often quoted fpp = 0.0082 would give m = 9,998,144 after rounding up to whole longs.)
         */
        static final double GUAVA_FPP = Math.exp(-BITS_PER_KEY * Math.log(2.0) * Math.log(2.0));

        /** Bound on every filter's measured FPR; all four should give 0.8% to 2% at 10 bits per key. */
        static final double MAX_PLAUSIBLE_FPR = 0.03;

        /** Allowed distance of a filter's actual bits per key from {@link #BITS_PER_KEY}. */
        static final double BITS_PER_KEY_TOLERANCE = 0.01;

        /**
         * Bytes before the bit array in Guava's {@code writeTo} form (strategy, hash count, word
         * count): {@code serializedSize()} is {@code 6 + bitSize / 8}, the public way to read m.
         */
        private static final int GUAVA_HEADER_BYTES = 1 + 1 + 4;

        StandardBloom standard;
        RocksDbLocalBloom rocksDb;
        BloomFilter<Long> guava;
        BlockedBloom blockedBloom;

        long[] absentKeys;
        long[] presentKeys;
        /** The absent keys boxed in advance, to separate Guava's boxing cost from its hashing. */
        Long[] absentKeysBoxed;

        @Setup(Level.Trial)
        public void build() {
            KeySpace keys = new KeySpace(KEY_SEED);
            long[] stored = new long[ENTRIES];
            for (int i = 0; i < ENTRIES; i++) {
                stored[i] = keys.storedKey(0, i);
            }
            absentKeys = new long[QUERY_KEYS];
            presentKeys = new long[QUERY_KEYS];
            absentKeysBoxed = new Long[QUERY_KEYS];
            for (int j = 0; j < QUERY_KEYS; j++) {
                absentKeys[j] = keys.absentKey(j);
                absentKeysBoxed[j] = absentKeys[j];
                presentKeys[j] = stored[j % ENTRIES];
            }

            standard = StandardBloom.construct(ENTRIES, BITS_PER_KEY, i -> stored[(int) i], HASH_SEED);
            rocksDb = RocksDbLocalBloom.construct(ENTRIES, BITS_PER_KEY, i -> stored[(int) i], HASH_SEED);
            guava = BloomFilter.create(Funnels.longFunnel(), ENTRIES, GUAVA_FPP);
            for (long key : stored) {
                guava.put(key);
            }
            // BlockedBloom takes its seed from FastFilter's static generator; pin it just before.
            Hash.setSeed(FASTFILTER_SEED);
            blockedBloom = BlockedBloom.construct(stored, BITS_PER_KEY);

            checkBitsPerKey("standard", standard.bitCount());
            checkBitsPerKey("rocksdb", rocksDb.bitCount());
            checkBitsPerKey("guava", (guava.serializedSize() - GUAVA_HEADER_BYTES) * Byte.SIZE);
            checkBitsPerKey("blockedBloom", blockedBloom.getBitCount());
            for (long key : stored) {
                if (!standard.mayContain(key) || !rocksDb.mayContain(key) || !guava.mightContain(key)
                        || !blockedBloom.mayContain(key)) {
                    throw new IllegalStateException("false negative for stored key " + key);
                }
            }
            int[] positives = new int[4];
            for (long key : absentKeys) {
                positives[0] += standard.mayContain(key) ? 1 : 0;
                positives[1] += rocksDb.mayContain(key) ? 1 : 0;
                positives[2] += guava.mightContain(key) ? 1 : 0;
                positives[3] += blockedBloom.mayContain(key) ? 1 : 0;
            }
            String[] names = {"standard", "rocksdb", "guava", "blockedBloom"};
            for (int f = 0; f < names.length; f++) {
                double fpr = (double) positives[f] / QUERY_KEYS;
                if (fpr > MAX_PLAUSIBLE_FPR) {
                    throw new IllegalStateException(names[f] + " FPR (" + fpr + ") on " + QUERY_KEYS
                            + " absent keys exceeds " + MAX_PLAUSIBLE_FPR);
                }
            }
        }

        private static void checkBitsPerKey(String name, long bits) {
            double bitsPerKey = (double) bits / ENTRIES;
            if (Math.abs(bitsPerKey - BITS_PER_KEY) > BITS_PER_KEY_TOLERANCE) {
                throw new IllegalStateException(name + " has " + bitsPerKey + " bits per key, expected "
                        + BITS_PER_KEY + " +- " + BITS_PER_KEY_TOLERANCE);
            }
        }
    }

    // ---- absent keys: the lookups an LSM tree makes in every run that does not hold the key ----

    @Benchmark
    public boolean absentStandard(Filters f) {
        return f.standard.mayContain(f.absentKeys[next++ & QUERY_MASK]);
    }

    /**
     * Guava as a caller with primitive keys uses it: {@code mightContain(Long)} takes an object, so
     * the {@code long} is autoboxed here. Boxing is part of the cost of Guava's API, and so is what
     * Guava allocates per query on top of it (a streaming murmur3_128 hasher with its byte buffer, a
     * {@code HashCode} and a byte[]; see {@code -prof gc}); {@link #absentGuavaPreboxed} shows how much
     * of the time is the boxing alone.
     */
    @Benchmark
    public boolean absentGuava(Filters f) {
        return f.guava.mightContain(f.absentKeys[next++ & QUERY_MASK]);
    }

    /** Guava with keys boxed before the measurement: hashing and probing only, no boxing. */
    @Benchmark
    public boolean absentGuavaPreboxed(Filters f) {
        return f.guava.mightContain(f.absentKeysBoxed[next++ & QUERY_MASK]);
    }

    @Benchmark
    public boolean absentRocksDb(Filters f) {
        return f.rocksDb.mayContain(f.absentKeys[next++ & QUERY_MASK]);
    }

    @Benchmark
    public boolean absentBlockedBloom(Filters f) {
        return f.blockedBloom.mayContain(f.absentKeys[next++ & QUERY_MASK]);
    }

    // ---- present keys: every probe is taken ----

    @Benchmark
    public boolean presentStandard(Filters f) {
        return f.standard.mayContain(f.presentKeys[next++ & QUERY_MASK]);
    }

    /** Autoboxed, as in {@link #absentGuava}. */
    @Benchmark
    public boolean presentGuava(Filters f) {
        return f.guava.mightContain(f.presentKeys[next++ & QUERY_MASK]);
    }

    @Benchmark
    public boolean presentRocksDb(Filters f) {
        return f.rocksDb.mayContain(f.presentKeys[next++ & QUERY_MASK]);
    }

    @Benchmark
    public boolean presentBlockedBloom(Filters f) {
        return f.blockedBloom.mayContain(f.presentKeys[next++ & QUERY_MASK]);
    }

    // ---- the part of every line above that is not the filter ----

    /** Cursor step and key load only, returned so that the load is kept: the harness floor. */
    @Benchmark
    public long baselineKeyLoad(Filters f) {
        return f.absentKeys[next++ & QUERY_MASK];
    }
}
