package org.monkeyeval.alloc;

import java.util.List;

import org.monkeyeval.family.FilterFamily;

/**
 * Build work of an allocation per written entry: every entry written to run i is hashed into run i's
 * filter once, at its family's build time per key t, so
 *
 * <pre>
 *   W = sum_i n_i t(family_i, setting_i) / sum_i n_i          nanoseconds per written entry
 * </pre>
 *
 * with t = 0 for a run without a filter. The times are the project's own JMH figures
 * ({@code src/jmh/java/org/monkeyeval/bench/EngineFilterBenchmark.java}: one filter over 1,000,000
 * 16-byte keys at 10 bits per key, build time per key, this project's Java builders, which lay out
 * RocksDB's blocks bit for bit); docs/benchmarks.md states them with the run. They are taken at 10 bits
 * per key for every setting (Bloom's time grows with its probes, Ribbon's with its result bits: the
 * figure is a scale, not a prediction of RocksDB's own C++ build), and a Ribbon setting is timed as Ribbon
 * also where RocksDB falls back to Bloom for a small filter. A family without a figure (Pebble, LevelDB,
 * fjall, Cassandra) has no build work: {@link Double#NaN}.
 */
public final class DeployableBuildWork {

    /*
     * The figures the tables were first published with, kept so that those tables stay verifiable:
     * mvn -q -Pbench test-compile exec:exec \
     *     -Dbench.args='EngineFilterBenchmark.build(FastLocal|Legacy|Ribbon) -f 1 -wi 1 -i 3'
     * 2026-12-01 12:13 UTC, JDK 17.0.15, 2 cores shared with other builds (load average 0.6 to 3.2):
     *   buildFastLocal 23.558 ± 26.425 ns/op, buildLegacy 29.872 ± 11.051, buildRibbon 108.451 ± 791.481
     *   (three 1 s iterations after one warm-up: Ribbon 156.9, 95.2, 73.2 ns, falling as the JIT settled
     *   and the load varied; fast local 23.6, 25.0, 22.1; legacy 30.2, 30.3, 29.2).
     * A full run later (three forks of five iterations, machine quiet, 15:09 UTC; docs/benchmarks.md)
     * gave 38.143 ± 7.139, 45.866 ± 8.932 and 90.433 ± 9.176: the same order, Ribbon at 2.37 times fast
     * local Bloom rather than 4.6. The scale of the trade, not RocksDB's own C++ times, either way.
     */
    /** RocksDB's fast local Bloom filter (format_version 5), nanoseconds per key. */
    public static final double FAST_LOCAL_BLOOM_NANOS_PER_KEY = 23.558;
    /** RocksDB's legacy Bloom filter (format_version &lt;= 4), nanoseconds per key. */
    public static final double LEGACY_BLOOM_NANOS_PER_KEY = 29.872;
    /** RocksDB's Standard128 Ribbon filter, nanoseconds per key. */
    public static final double RIBBON_NANOS_PER_KEY = 108.451;

    private DeployableBuildWork() {
    }

    /** The measured build time per key of {@code family}'s filter, or NaN where the project has no figure. */
    public static double nanosPerKey(FilterFamily family) {
        return switch (family.name()) {
            case "rocksdb" -> FAST_LOCAL_BLOOM_NANOS_PER_KEY;
            case "rocksdb-legacy" -> LEGACY_BLOOM_NANOS_PER_KEY;
            case "rocksdb-ribbon" -> RIBBON_NANOS_PER_KEY;
            default -> Double.NaN;
        };
    }

    /**
     * W over runs of {@code entries} keys, each built by its choice; NaN if a run with a filter has a
     * family without a figure.
     */
    public static double perEntry(long[] entries, List<DeployableChoice> choiceOfRun) {
        if (entries.length != choiceOfRun.size()) {
            throw new IllegalArgumentException(entries.length + " runs but " + choiceOfRun.size() + " choices");
        }
        double work = 0.0;
        double written = 0.0;
        for (int i = 0; i < entries.length; i++) {
            if (entries[i] < 1) {
                throw new IllegalArgumentException("entries (" + entries[i] + ") of run " + i + " must be >= 1");
            }
            written += entries[i];
            DeployableChoice c = choiceOfRun.get(i);
            if (c.setting().hasFilter()) {
                work += entries[i] * nanosPerKey(c.family());
            }
        }
        return written == 0.0 ? 0.0 : work / written;
    }
}
