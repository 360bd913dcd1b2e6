package org.monkeyeval;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The tools tests run beside the JVM (g++, the harnesses it compiles against the engines' own libraries): one
 * command in a folder, its output to a log there, with the exit code or why there is none.
 */
public final class ExternalProcess {

    /** The exit code when the command is not installed. */
    public static final int NOT_INSTALLED = -1;
    /** The exit code when it ran past its time and was stopped. */
    public static final int TIMED_OUT = -2;

    private ExternalProcess() {
    }

    /**
     * Runs {@code command} in {@code dir}, standard output and error to {@code dir/log}, for at most 300 s.
     *
     * @return its exit code, {@link #NOT_INSTALLED} or {@link #TIMED_OUT}
     */
    public static int run(Path dir, String log, List<String> command) throws InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve(log).toFile()).start();
        } catch (IOException e) {
            return NOT_INSTALLED;
        }
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return TIMED_OUT;
        }
        return p.exitValue();
    }

    /** The text of {@code dir/log}, or why it cannot be read (for a failure's message). */
    public static String log(Path dir, String log) {
        try {
            return Files.readString(dir.resolve(log)).strip();
        } catch (IOException e) {
            return e.getMessage();
        }
    }
}
