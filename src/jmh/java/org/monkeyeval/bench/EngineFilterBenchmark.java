package org.monkeyeval.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.fastfilter.utils.Hash;
import org.fastfilter.xor.Xor8;
import org.monkeyeval.family.fastfilter.BinaryFuseFilter;
import org.monkeyeval.family.rocksdb.FastLocalBloomBuilder;
import org.monkeyeval.family.rocksdb.FastLocalBloomReader;
import org.monkeyeval.family.rocksdb.LegacyBloom;
import org.monkeyeval.family.rocksdb.Ribbon;
import org.monkeyeval.family.rocksdb.RocksDbHash32;
import org.monkeyeval.family.rocksdb.RibbonFilter;
import org.monkeyeval.family.rocksdb.Xxph3;
import org.monkeyeval.filter.KeyBytes;
import org.monkeyeval.filter.KeySpace;
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
 * RocksDB's three filters as built here, in one run beside FastFilter's xor8, over 1,000,000 keys
 * at 10 bits per key: build time per key and absent-key query time, nanoseconds
 * ({@link Mode#AverageTime}). Keys are the engine check's 16-byte {@link KeyBytes}, so every filter
 * hashes the bytes as its engine does (XXPH3 for fast local Bloom and Ribbon, RocksDB's 32-bit Hash for
 * legacy Bloom); xor8 takes the 64-bit key, its library's own input, and so does the binary fuse filter
 * built here ({@link BinaryFuseFilter}, 8-bit fingerprints; 9.04 bits per key at this n).
 *
 * <pre>
 *   build*   one filter over all keys, from the key bytes          (OperationsPerInvocation = n)
 *   query*   one mayContain of an absent key's bytes, 2^16 keys cycled
 * </pre>
 *
 * Not {@code final}: JMH generates subclasses of {@link State} classes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
public class EngineFilterBenchmark {

    static final int ENTRIES = 1_000_000;
    static final int BITS_PER_KEY = 10;
    static final int QUERY_KEYS = 1 << 16;

    private List<byte[]> stored;
    private long[] storedLongs;
    private byte[][] absent;
    private long[] absentLongs;
    private FastLocalBloomReader fastLocal;
    private LegacyBloom legacy;
    private RibbonFilter ribbon;
    private Xor8 xor8;
    private BinaryFuseFilter fuse8;
    private int next;

    @Setup(Level.Trial)
    public void build() {
        KeySpace keys = new KeySpace(1);
        stored = new ArrayList<>(ENTRIES);
        storedLongs = new long[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            storedLongs[i] = keys.storedKey(0, i);
            stored.add(KeyBytes.of(storedLongs[i]));
        }
        absent = new byte[QUERY_KEYS][];
        absentLongs = new long[QUERY_KEYS];
        for (int j = 0; j < QUERY_KEYS; j++) {
            absentLongs[j] = keys.absentKey(j);
            absent[j] = KeyBytes.of(absentLongs[j]);
        }
        fastLocal = FastLocalBloomReader.of(buildFastLocal());
        legacy = LegacyBloom.read(buildLegacy());
        ribbon = buildRibbon();
        xor8 = buildXor8();
        fuse8 = buildBinaryFuse8();
    }

    @Benchmark
    @OperationsPerInvocation(ENTRIES)
    public byte[] buildFastLocal() {
        FastLocalBloomBuilder b = new FastLocalBloomBuilder(BITS_PER_KEY);
        for (byte[] key : stored) {
            b.addKey(key);
        }
        return b.finish();
    }

    @Benchmark
    @OperationsPerInvocation(ENTRIES)
    public byte[] buildLegacy() {
        LegacyBloom.Builder b = LegacyBloom.builder(BITS_PER_KEY);
        for (byte[] key : stored) {
            b.add(key);
        }
        return b.finish();
    }

    @Benchmark
    @OperationsPerInvocation(ENTRIES)
    public RibbonFilter buildRibbon() {
        return RibbonFilter.construct(stored, Ribbon.of(BITS_PER_KEY));
    }

    @Benchmark
    @OperationsPerInvocation(ENTRIES)
    public Xor8 buildXor8() {
        Hash.setSeed(1);
        return Xor8.construct(storedLongs);
    }

    @Benchmark
    @OperationsPerInvocation(ENTRIES)
    public BinaryFuseFilter buildBinaryFuse8() {
        return BinaryFuseFilter.construct(ENTRIES, 8, i -> storedLongs[(int) i], 1);
    }

    @Benchmark
    public long hashFastLocal() {
        return Xxph3.hash64(absent[next++ & (QUERY_KEYS - 1)]);
    }

    @Benchmark
    public int hashLegacy() {
        return RocksDbHash32.bloomHash(absent[next++ & (QUERY_KEYS - 1)]);
    }

    @Benchmark
    public boolean queryFastLocal() {
        return fastLocal.mayContain(absent[next++ & (QUERY_KEYS - 1)]);
    }

    @Benchmark
    public boolean queryLegacy() {
        return legacy.mayContain(absent[next++ & (QUERY_KEYS - 1)]);
    }

    @Benchmark
    public boolean queryRibbon() {
        return ribbon.mayContainKey(absent[next++ & (QUERY_KEYS - 1)]);
    }

    @Benchmark
    public boolean queryXor8() {
        return xor8.mayContain(absentLongs[next++ & (QUERY_KEYS - 1)]);
    }

    @Benchmark
    public boolean queryBinaryFuse8() {
        return fuse8.mayContain(absentLongs[next++ & (QUERY_KEYS - 1)]);
    }
}
