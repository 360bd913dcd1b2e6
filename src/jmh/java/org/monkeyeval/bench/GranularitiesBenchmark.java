package org.monkeyeval.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import picocli.CommandLine;

import org.monkeyeval.cli.MonkeyEval;
import org.monkeyeval.io.OutputFolder;
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
 * {@code run --cases cases --engine-granularity E} on the published cases, as a user's process runs it: one shot
 * in a fresh JVM per fork, no warm-up, so the shot includes loading the families, compiling the code and pricing
 * every rate and row (the JVM's own start, about 0.2 s, is not in it). In seconds a shot.
 *
 * <p>E: the four granularities of the published tables at once ({@code rocksdb,rocksdb-ribbon,rocksdb-per-level,pebble},
 * one process writing one folder each), and each of them alone. The target: the four tables in under 10 s on two
 * cores at {@code -Xmx1g}.
 *
 * <p>Run from the project's root: {@code mvn -q -Pbench test-compile exec:exec -Dbench.args="GranularitiesBenchmark"}.
 * Not {@code final}: JMH subclasses {@link State} classes.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(value = 5, jvmArgs = {"-Xmx1g", "-Djava.awt.headless=true"})
@Warmup(iterations = 0)
@Measurement(iterations = 1)
public class GranularitiesBenchmark {

    @Param({"rocksdb,rocksdb-ribbon,rocksdb-per-level,pebble", "rocksdb", "rocksdb-ribbon", "rocksdb-per-level",
        "pebble"})
    public String engines;

    private Path out;

    @Setup(Level.Trial)
    public void makeFolder() throws IOException {
        out = Files.createTempDirectory("granularities-out");
    }

    @Benchmark
    public int run() {
        CommandLine cli = MonkeyEval.commandLine();
        StringWriter text = new StringWriter();
        cli.setOut(new PrintWriter(text));
        cli.setErr(new PrintWriter(text));
        int code = cli.execute("run", "--cases", "cases", "--engine-granularity", engines, "--out", out.toString());
        if (code != 0) {
            throw new IllegalStateException("run exited " + code + ": " + text);
        }
        return code;
    }

    @TearDown(Level.Trial)
    public void removeFolder() throws IOException {
        OutputFolder.deleteTree(out);
    }
}
