/**
 * JMH benchmarks, kept out of {@code mvn test} and compiled only with the {@code bench} profile,
 * which adds {@code src/jmh/java} as a test source root with JMH, Guava and FastFilter as test-scoped
 * dependencies. No benchmark asserts a time. {@code FilterQueryBenchmark} checks in its setup that
 * what it measures is correct (no false negatives, a plausible false-positive rate, the bits per key
 * asked for); {@code ConfirmBenchmark} relies on the confirmer's own false-negative check.
 *
 * <ul>
 *   <li>{@link org.monkeyeval.bench.FilterQueryBenchmark}: nanoseconds per {@code mayContain} at
 *       1,000,000 keys and 10 bits per key, for absent and present keys, comparing
 *       {@link org.monkeyeval.family.StandardBloom} and {@link org.monkeyeval.family.rocksdb.RocksDbLocalBloom}
 *       with Guava's {@code BloomFilter<Long>} and FastFilter's {@code BlockedBloom}, plus a
 *       key-load baseline (the harness floor contained in every other line).
 *   <li>{@link org.monkeyeval.bench.ConfirmBenchmark}: wall time of confirming one three-run case
 *       end to end (solve, build every filter, send the absent keys through them), single shot.
 * </ul>
 *
 * <p>Run all of them, or pick by regular expression (arguments are JMH's own):
 *
 * <pre>
 *   mvn -q -Pbench test-compile exec:exec -Dbench.args="FilterQueryBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s -t 1"
 *   mvn -q -Pbench test-compile exec:exec -Dbench.args="ConfirmBenchmark"
 *   mvn -q -Pbench test-compile exec:exec -Dbench.args="-h"        (JMH's options)
 * </pre>
 *
 * <p>The forked benchmark JVMs load classes from {@code target/test-classes} while they run, so a
 * concurrent build that cleans or recompiles that folder without the profile makes the remaining
 * benchmarks fail with {@code ClassNotFoundException}: run benchmarks on a quiet machine and
 * working tree. Noise from other processes also shows up directly in the error columns.
 */
package org.monkeyeval.bench;
