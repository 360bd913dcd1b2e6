package org.monkeyeval.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.monkeyeval.alloc.Deployable;
import org.monkeyeval.alloc.DeployableSolver;
import org.monkeyeval.alloc.RobustDeployable;
import org.monkeyeval.alloc.RobustDeployableSolver;
import org.monkeyeval.alloc.ShareInterval;
import org.monkeyeval.family.catalog.Engine;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The exact deployable allocation at rocksdb-per-level (none, Bloom or Ribbon per level, 99,002 settings of
 * each family), nominal and robust over shares 0.05 to 0.9, in milliseconds per solve
 * ({@link Mode#SingleShotTime}; the tables summed from the families' rows included, the rows themselves kept
 * from the setup's solves on as a run keeps them from one solve to the next: the Bloom family's rates, its sizes
 * asked again, and the Ribbon family's rows as many as a sixteenth of the heap holds), on the
 * shapes that once passed the old search's node budget:
 * <ul>
 *   <li>{@code leveled-7-l0}: seven levels, size ratio 10, 10^3 to 10^9 entries, four L0 files of 10^5;</li>
 *   <li>{@code tiering-12}: twelve runs without levels (each its own group), four each of 10^6, 10^7, 10^8;</li>
 *   <li>{@code equal-64}: 64 runs of 10^6 entries without levels, 64 equal groups;</li>
 *   <li>{@code random-200}: 200 runs log-uniform in [10^3, 10^9] entries, each at a level drawn from 64;</li>
 *   <li>{@code random-30-in-10}: 30 runs log-uniform in [10^3, 10^7] entries, each at a level drawn from 10: few
 *       levels of several runs, whose robust rounds at 16 bits per entry held more than the cap's children in a
 *       layer while they had kept a few percent of it (proven since the rounds run again with layers compacted).</li>
 * </ul>
 * Each at 5 and 16 bits per entry. The setup prints, for each shape and budget, whether the nominal and the
 * robust answers are proven least ({@link Deployable#exact()}) and, where not, the certified relative gap: the
 * time of an unproven shape is the time to an incumbent with that certificate, not to a proof, and is read so.
 *
 * <p>Run: {@code mvn -q -Pbench test-compile exec:exec -Dbench.args="DeployableSolverBenchmark"} (two
 * cores, {@code -Xmx1g} as the fork sets). Not {@code final}: JMH subclasses {@link State} classes.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgs = {"-Xmx1g", "-XX:ActiveProcessorCount=2"})
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public class DeployableSolverBenchmark {

    @Param({"leveled-7-l0", "tiering-12", "equal-64", "random-200", "random-30-in-10"})
    public String shape;

    @Param({"5", "16"})
    public int bitsPerEntry;

    private long[] entries;
    private Integer[] levels;
    private double budget;

    @Setup(Level.Trial)
    public void shape() {
        Shape s = Shape.named(shape);
        entries = s.entries();
        levels = s.levels();
        budget = (double) bitsPerEntry * Arrays.stream(entries).sum();
        Deployable d = nominal();
        RobustDeployable r = robust();
        System.out.printf(Locale.ROOT, "%n%s at %d bits per entry: nominal %s, robust %s%n", shape, bitsPerEntry,
                d.exact() ? "proven least" : String.format(Locale.ROOT, "not proven (gap %.2g)",
                        d.weightedFpr() / d.lowerBound() - 1),
                r.exact() ? "proven least" : String.format(Locale.ROOT, "not proven (gap %.2g)",
                        r.worstRegret() / r.lowerBound() - 1));
    }

    @Benchmark
    public Deployable nominal() {
        double[] reach = new double[entries.length];
        Arrays.fill(reach, 1.0);
        return new DeployableSolver().solve(Engine.ROCKSDB_PER_LEVEL, entries, reach, levels, budget);
    }

    @Benchmark
    public RobustDeployable robust() {
        return new RobustDeployableSolver().solve(Engine.ROCKSDB_PER_LEVEL, entries, levels,
                new ShareInterval(0.05, 0.9), budget, null);
    }

    /** A benchmark shape: each run's entries and level (null where it has none). */
    record Shape(long[] entries, Integer[] levels) {

        static Shape named(String name) {
            long[] entries;
            Integer[] levels;
            switch (name) {
                case "leveled-7-l0" -> {
                    entries = new long[11];
                    levels = new Integer[11];
                    for (int f = 0; f < 4; f++) {
                        entries[f] = 100_000;
                        levels[f] = 0;
                    }
                    long n = 1_000;
                    for (int l = 1; l <= 7; l++, n *= 10) {
                        entries[3 + l] = n;
                        levels[3 + l] = l;
                    }
                }
                case "tiering-12" -> {
                    entries = new long[12];
                    levels = new Integer[12];
                    for (int i = 0; i < 12; i++) {
                        entries[i] = (long) Math.pow(10, 6 + i / 4);
                    }
                }
                case "equal-64" -> {
                    entries = new long[64];
                    levels = new Integer[64];
                    Arrays.fill(entries, 1_000_000L);
                }
                case "random-200" -> {
                    SplittableRandom random = new SplittableRandom(200);
                    entries = new long[200];
                    levels = new Integer[200];
                    for (int i = 0; i < 200; i++) {
                        entries[i] = (long) Math.pow(10, 3 + 6 * random.nextDouble());
                        levels[i] = random.nextInt(64);
                    }
                }
                case "random-30-in-10" -> {
                    SplittableRandom random = new SplittableRandom(2);
                    entries = new long[30];
                    levels = new Integer[30];
                    for (int i = 0; i < 30; i++) {
                        entries[i] = (long) Math.pow(10, 3 + 4 * random.nextDouble());
                        levels[i] = random.nextInt(10);
                    }
                }
                default -> throw new IllegalArgumentException("shape " + name);
            }
            return new Shape(entries, levels);
        }
    }

    /**
     * Each shape and budget once, without JMH: nominal and robust, each solved twice in one JVM (the second with the
     * families' rows kept, as the benchmark times it), printing whether the answer is proven, its cost and certified
     * lower bound, and the second solve's milliseconds. Shapes and budgets as arguments ({@code equal-64 5}), else all.
     */
    public static void main(String[] args) {
        List<String> shapes = args.length >= 1 ? List.of(args[0]) : List.of("leveled-7-l0", "tiering-12", "equal-64",
                "random-200", "random-30-in-10");
        List<Integer> budgets = args.length >= 2 ? List.of(Integer.parseInt(args[1])) : List.of(5, 16);
        for (String name : shapes) {
            for (int b : budgets) {
                DeployableSolverBenchmark bench = new DeployableSolverBenchmark();
                Shape s = Shape.named(name);
                bench.entries = s.entries();
                bench.levels = s.levels();
                bench.budget = (double) b * Arrays.stream(bench.entries).sum();
                bench.nominal();
                long t = System.nanoTime();
                Deployable d = bench.nominal();
                long nominalNanos = System.nanoTime() - t;
                System.out.printf(Locale.ROOT, "%s %d nominal: exact %s, cost %.10g, lower bound %.10g, %d ms%n", name, b,
                        d.exact(), d.weightedFpr(), d.lowerBound(), nominalNanos / 1_000_000);
                bench.robust();
                t = System.nanoTime();
                RobustDeployable r = bench.robust();
                long robustNanos = System.nanoTime() - t;
                System.out.printf(Locale.ROOT, "%s %d robust: exact %s, lower bound %.10g, %d ms%n", name, b, r.exact(),
                        r.lowerBound(), robustNanos / 1_000_000);
            }
        }
    }
}
