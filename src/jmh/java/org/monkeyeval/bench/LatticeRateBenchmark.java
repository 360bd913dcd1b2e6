package org.monkeyeval.bench;

import java.util.concurrent.TimeUnit;

import org.monkeyeval.family.rocksdb.LegacyBloomRate;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One legacy Bloom rate of a filter of 2^17 lines or more ({@link LegacyBloomRate#fpr}: the lattice's 2,048
 * queries, each a pass over the 2^32 / L hashes of its line), in milliseconds a rate: the rates Pebble's rows and
 * anchors ask for, about 40% of a {@code run} of the published cases at any granularity. Each shot asks for a
 * key count not asked before (n plus the shot's number), so the rates kept by (n, L, k) are never what is timed;
 * one more key does not change the work, which depends on L and k.
 *
 * <p>The shapes: (n, L, k) = (10^7, 136,719, 4), (7.2·10^6, 140,625, 6) and (10^7, 390,625, 6), Pebble's
 * filters at 7, 10 and 20 bits per key, (3·10^6, 140,625, 10): ten probes, more than Pebble takes, where more
 * of a line's hashes meet the query's bits, and (10^8, 195,313, 1): Pebble's filter at 1 bit per key, one probe.
 *
 * <p>Run: {@code mvn -q -Pbench test-compile exec:exec -Dbench.args="LatticeRateBenchmark"}. Not {@code final}:
 * JMH subclasses {@link State} classes.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgs = {"-Xmx1g"})
@Warmup(iterations = 5)
@Measurement(iterations = 10)
public class LatticeRateBenchmark {

    /** n:L:k. */
    @Param({"10000000:136719:4", "7200000:140625:6", "10000000:390625:6", "3000000:140625:10", "100000000:195313:1"})
    public String shape;

    private long entries;
    private long lines;
    private int probes;
    private long shot;

    @Setup
    public void parse() {
        String[] p = shape.split(":");
        entries = Long.parseLong(p[0]);
        lines = Long.parseLong(p[1]);
        probes = Integer.parseInt(p[2]);
    }

    @Benchmark
    public double rate() {
        return LegacyBloomRate.fpr(entries + shot++, lines, probes);
    }
}
