package org.monkeyeval.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.monkeyeval.engine.rocksdb.DbBenchDatabases;
import org.monkeyeval.engine.rocksdb.RocksDbMeasure;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Wall time of {@code measure} with 10^6 absent-key lookups on the db_bench database with the fast
 * local Bloom at 10 bits per key ({@link DbBenchDatabases.Database#BLOOM_10}: 300,000 writes, about
 * 190,000 keys, ~30 table files), single shot: the secondary-instance open, the sampling pass over
 * every key, and measure's loop (each Get, then its five tickers read). The database is built once by
 * db_bench in the setup; the block cache is warm after the first shot.
 *
 * <p>Run: {@code mvn -q -Pbench test-compile exec:exec -Dbench.args="MeasureBenchmark"}.
 *
 * Not {@code final}: JMH generates subclasses of {@link State} classes.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class MeasureBenchmark {

    static final long LOOKUPS = 1_000_000;

    private Path folder;
    private Path db;

    @Setup(Level.Trial)
    public void build() throws Exception {
        folder = Files.createTempDirectory("monkey-eval-measure-bench-");
        db = DbBenchDatabases.build(DbBenchDatabases.Database.BLOOM_10, folder.resolve("db"));
    }

    @TearDown(Level.Trial)
    public void remove() {
        DbBenchDatabases.deleteTree(folder);
    }

    @Benchmark
    public double measureMillionLookups() throws Exception {
        List<RocksDbMeasure.Measurement> m = RocksDbMeasure.measure(db, List.of("default"),
                new RocksDbMeasure.Settings(LOOKUPS, 1));
        return m.get(0).measuredR();
    }
}
