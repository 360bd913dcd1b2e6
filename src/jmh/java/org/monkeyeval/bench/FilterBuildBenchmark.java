package org.monkeyeval.bench;

import java.util.concurrent.TimeUnit;

import org.fastfilter.bloom.BlockedBloom;
import org.fastfilter.bloom.Bloom;
import org.fastfilter.utils.Hash;
import org.monkeyeval.filter.KeySpace;
import org.monkeyeval.filter.OneKeyAtATime;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;
import org.monkeyeval.family.StandardBloom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time to build a filter over 1,000,000 keys at 10 bits per key, in nanoseconds per key
 * ({@link Mode#AverageTime} with {@link OperationsPerInvocation} = the key count): our two layouts
 * beside FastFilter's {@code Bloom} (a classic Bloom filter, k = 7) and {@code BlockedBloom} (4 bits in
 * two nearby words).
 *
 * <pre>
 *   buildStandard       StandardBloom.construct(long[], 10, seed)      m = 10,000,000, k = 7
 *   buildRocksDb        RocksDbLocalBloom.construct(long[], 10, seed)  10,000,384 bits, k = 6, one line per key
 *   buildBloom          FastFilter Bloom.construct(long[], 10)          m = 10,000,000 (whole words), k = 7
 *   buildBlockedBloom   FastFilter BlockedBloom.construct(long[], 10)   10,001,088 bits, 4 bits per key
 *   build*OneKeyAtATime the former build of each layout (test reference {@code OneKeyAtATime}): same bits
 * </pre>
 *
 * <p>Every build starts from the same precomputed {@code long[]} of stored keys ({@link KeySpace} run 0,
 * keys 0 .. n-1, as in {@link FilterQueryBenchmark}), allocates its bit array and sets every key's bits;
 * the filter is returned so JMH keeps it. Each filter is about 1.25 MB, more than one core's 1 MiB L2
 * here, so the bit updates of a build mostly reach L3. FastFilter's filters draw their hash seed from
 * its process-wide generator, pinned once per trial so every build is the same.
 *
 * <p>Not {@code final}: JMH generates subclasses of {@link State} classes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FilterBuildBenchmark {

    /** n: keys per filter. */
    static final int ENTRIES = 1_000_000;

    /** b: bits per key. */
    static final int BITS_PER_KEY = 10;

    /** Seed of our filters' hash, as in {@link FilterQueryBenchmark}. */
    static final long HASH_SEED = 0x5EED_B10F_0000_0001L;

    static final long STANDARD_BITS = StandardBloom.bitsFor(ENTRIES, BITS_PER_KEY);
    static final int STANDARD_PROBES = StandardBloom.hashesFor(BITS_PER_KEY);
    static final int ROCKSDB_MILLIBITS = RocksDbLocalBloom.millibitsPerKey(BITS_PER_KEY);

    long[] keys;

    @Setup(Level.Trial)
    public void keys() {
        KeySpace space = new KeySpace(20_170_514L);
        keys = new long[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            keys[i] = space.storedKey(0, i);
        }
        Hash.setSeed(42L);
        // a wrong filter would look fast: check each one once before anything is timed
        StandardBloom standard = buildStandard();
        RocksDbLocalBloom rocksDb = buildRocksDb();
        Bloom bloom = buildBloom();
        BlockedBloom blocked = buildBlockedBloom();
        for (long key : keys) {
            if (!standard.mayContain(key) || !rocksDb.mayContain(key) || !bloom.mayContain(key)
                    || !blocked.mayContain(key)) {
                throw new IllegalStateException("false negative for stored key " + key);
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(ENTRIES)
    public StandardBloom buildStandard() {
        return StandardBloom.construct(keys, BITS_PER_KEY, HASH_SEED);
    }

    @Benchmark
    @OperationsPerInvocation(ENTRIES)
    public RocksDbLocalBloom buildRocksDb() {
        return RocksDbLocalBloom.construct(keys, BITS_PER_KEY, HASH_SEED);
    }

    /** The former build, one key hashed and set at a time (the test reference), for comparison. */
    @Benchmark
    @OperationsPerInvocation(ENTRIES)
    public long[] buildStandardOneKeyAtATime() {
        return OneKeyAtATime.standard(keys, STANDARD_BITS, STANDARD_PROBES, HASH_SEED);
    }

    /** The former build of the rocksdb layout, for comparison. */
    @Benchmark
    @OperationsPerInvocation(ENTRIES)
    public long[] buildRocksDbOneKeyAtATime() {
        return OneKeyAtATime.rocksDb(keys, ROCKSDB_MILLIBITS, HASH_SEED);
    }

    @Benchmark
    @OperationsPerInvocation(ENTRIES)
    public Bloom buildBloom() {
        return Bloom.construct(keys, BITS_PER_KEY);
    }

    @Benchmark
    @OperationsPerInvocation(ENTRIES)
    public BlockedBloom buildBlockedBloom() {
        return BlockedBloom.construct(keys, BITS_PER_KEY);
    }
}
