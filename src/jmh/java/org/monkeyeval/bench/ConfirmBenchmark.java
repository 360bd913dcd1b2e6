package org.monkeyeval.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.monkeyeval.alloc.CaseEvaluator;
import org.monkeyeval.alloc.CaseResult;
import org.monkeyeval.alloc.ThresholdSolver;
import org.monkeyeval.confirm.CaseCount;
import org.monkeyeval.confirm.ConfirmProgress;
import org.monkeyeval.confirm.ConfirmSettings;
import org.monkeyeval.confirm.Confirmer;
import org.monkeyeval.confirm.Layout;
import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
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
 * Wall time of confirming one case end to end, in milliseconds per confirmation, measured single shot
 * ({@link Mode#SingleShotTime}: one confirmation is long enough to time by itself, and repeating it in
 * a loop would only measure a warmer JIT).
 *
 * <p>The case is the worked example of {@code cases/seed-10bpe.json}, built in code so that the
 * benchmark does not depend on the working directory: runs of 10,000, 100,000 and 1,000,000 entries
 * at 10 bits per entry. One confirmation builds 12 filters (uniform and optimized allocation, standard
 * and rocksdb layout, three runs), checks each for false negatives on all of its keys, and sends
 * {@link ConfirmSettings#DEFAULT_QUERIES} absent keys through every filter, at a fixed Q (no adaptive
 * precision). The allocation is solved once in the setup; solving takes microseconds and is not what
 * this measures.
 *
 * <p>The returned counts are consumed by JMH. Not {@code final}: JMH subclasses {@link State} classes.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class ConfirmBenchmark {

    /** Worker threads of the confirmer; the counts do not depend on it, the time does. */
    @Param({"1", "2"})
    public int threads;

    private CaseResult result;
    private Confirmer confirmer;

    @Setup(Level.Trial)
    public void solve() {
        LsmCase lsmCase = new LsmCase("seed-10bpe", "three runs growing by 10x, 10 bits per entry",
                List.of(new Run("L1", 10_000), new Run("L2", 100_000), new Run("L3", 1_000_000)),
                new Budget.BitsPerEntry(10.0));
        result = new CaseEvaluator(new ThresholdSolver()).evaluate(lsmCase);
        ConfirmSettings settings = new ConfirmSettings(ConfirmSettings.DEFAULT_QUERIES, ConfirmSettings.DEFAULT_SEED,
                threads, List.of(Layout.STANDARD, Layout.ROCKSDB), Double.NaN, ConfirmSettings.DEFAULT_QUERIES,
                ConfirmSettings.DEFAULT_MAX_FILTER_ENTRIES);
        confirmer = new Confirmer(settings);
    }

    @Benchmark
    public List<CaseCount> confirmOneCase() throws InterruptedException {
        return confirmer.confirm(List.of(result), ConfirmProgress.SILENT);
    }
}
