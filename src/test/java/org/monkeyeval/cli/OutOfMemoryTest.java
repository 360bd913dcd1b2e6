package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A Java heap too small for the work exits 4 with one line that gives the heap's size and says how to give more,
 * never a stack trace, nor exit 1 (which {@code verify} gives a regression), and writes nothing.
 */
final class OutOfMemoryTest {

    @TempDir
    Path dir;

    /** A command that runs out of heap on its own thread. */
    @CommandLine.Command(name = "heavy")
    static final class Heavy implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new OutOfMemoryError("Java heap space");
        }
    }

    /** A command whose work ran out of heap on another thread, handed back wrapped. */
    @CommandLine.Command(name = "pooled")
    static final class Pooled implements Callable<Integer> {
        @Override
        public Integer call() throws ExecutionException {
            throw new ExecutionException(new RuntimeException(new OutOfMemoryError("Java heap space")));
        }
    }

    private static Cli.Outcome run(String command) {
        CommandLine cli = MonkeyEval.commandLine();
        cli.addSubcommand(new Heavy());
        cli.addSubcommand(new Pooled());
        try {
            return Cli.run(cli, command);
        } catch (OutOfMemoryError e) { // caught here: JUnit would end the whole test JVM on it
            return fail("the heap running out escaped the command line: " + e);
        }
    }

    private static void assertSaysHeapInWords(int exit, String err) {
        assertEquals(4, exit, err);
        String line = err.strip();
        assertTrue(line.startsWith("monkey-eval: out of memory: the work needs more than this Java heap's "), err);
        assertTrue(line.contains(" MB; run java with a larger heap, as in java -Xmx1g -jar monkey-eval.jar"), err);
        assertEquals(1, line.lines().count(), err);
        assertFalse(err.contains("\tat "), err);
        assertFalse(err.contains("Exception"), err);
    }

    @Test
    void commandRunningOutOfHeap_exits4SayingHowToGiveMore() {
        Cli.Outcome o = run("heavy");
        assertSaysHeapInWords(o.exitCode(), o.err());
        assertTrue(o.err().contains("heap's " + (Runtime.getRuntime().maxMemory() >> 20) + " MB"), o.err());
    }

    @Test
    void workOnAnotherThreadRunningOutOfHeap_exits4SayingHowToGiveMore() {
        Cli.Outcome o = run("pooled");
        assertSaysHeapInWords(o.exitCode(), o.err());
    }

    /** The real command in a JVM of 48 MB: the bundled cases at rocksdb-per-level need far more. */
    @Test
    void runInAHeapTooSmall_exits4InWordsAndWritesNothing() throws IOException, InterruptedException {
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx48m", "-cp", System.getProperty("java.class.path"),
                MonkeyEval.class.getName(), "run", "--engine-granularity", "rocksdb-per-level", "--out", out.toString())
                .redirectOutput(dir.resolve("stdout").toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the run did not end");
        String text = Files.readString(err, StandardCharsets.UTF_8);
        assertSaysHeapInWords(p.exitValue(), text);
        // the heap's size as the JVM reports it: 48 MB, or a little less where the collector keeps a space apart
        Matcher m = Pattern.compile("heap's (\\d+) MB").matcher(text);
        assertTrue(m.find(), text);
        int megabytes = Integer.parseInt(m.group(1));
        assertTrue(megabytes > 40 && megabytes <= 48, text);
        assertFalse(Files.exists(out), "a folder was left behind");
    }

}
