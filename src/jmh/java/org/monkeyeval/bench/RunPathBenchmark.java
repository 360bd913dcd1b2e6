package org.monkeyeval.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.io.CaseFolder;
import org.monkeyeval.io.OutputFolder;
import org.monkeyeval.report.AllocationReport;
import org.monkeyeval.report.ToolInfo;
import org.monkeyeval.text.InvalidInputException;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code run}'s whole path on one case of r runs — read and validate the case file, solve, render and
 * write rows.csv, cases.csv and provenance.json to a staging folder and move them into place — in
 * milliseconds per run of the command ({@link Mode#SingleShotTime}). Divide by r for the time per run:
 * the path is O(r log r), so the time per run should stay flat (within 2x) from 10^4 to 10^6 runs.
 * Ten single shots warm the JIT first: with fewer, the small sizes time the compiler, not the path.
 *
 * <p>The case: entries log-uniform in [10^3, 10^9] from a fixed seed, 8 bits per entry, the same
 * generator as the side-by-side figures in docs/benchmarks.md.
 *
 * <p>Run: {@code mvn -q -Pbench test-compile exec:exec -Dbench.args="RunPathBenchmark"}. Not
 * {@code final}: JMH subclasses {@link State} classes.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgs = {"-Xmx1g"})
@Warmup(iterations = 10)
@Measurement(iterations = 10)
public class RunPathBenchmark {

    @Param({"10000", "100000", "1000000"})
    public int runs;

    private Path cases;
    private Path out;

    @Setup(Level.Trial)
    public void writeCase() throws IOException {
        cases = Files.createTempDirectory("run-path-cases");
        out = Files.createTempDirectory("run-path-out");
        Files.writeString(cases.resolve("big.json"), logUniformCase(runs, 1), StandardCharsets.UTF_8);
    }

    /** One case of {@code runs} runs with entries log-uniform in [10^3, 10^9], 8 bits per entry. */
    static String logUniformCase(int runs, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder json = new StringBuilder(runs * 24).append("{\"id\": \"big\", \"runs\": [");
        for (int i = 0; i < runs; i++) {
            json.append(i == 0 ? "" : ",").append("{\"entries\": ")
                    .append((long) Math.pow(10, 3 + 6 * random.nextDouble())).append('}');
        }
        return json.append("], \"budget\": {\"bitsPerEntry\": 8}}").toString();
    }

    @Benchmark
    public Path run() throws IOException, InvalidInputException {
        AllocationReport report = AllocationReport.build(CaseFolder.read(cases),
                new CaseEvaluator(new ThresholdSolver()), ToolInfo.current(), List.of("run"), OptionalLong.empty());
        OutputFolder.writeStreamed(out, report.streamed(), List.of());
        return out;
    }

    @TearDown(Level.Trial)
    public void removeFolders() throws IOException {
        OutputFolder.deleteTree(cases);
        OutputFolder.deleteTree(out);
    }
}
