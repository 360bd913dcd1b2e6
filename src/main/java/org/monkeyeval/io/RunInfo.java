package org.monkeyeval.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.monkeyeval.text.Json;

/**
 * {@code run-info.json}: facts about one execution that change from run to run or machine to
 * machine (git commit of the working folder, JDK, operating system, wall-clock time). They are kept
 * out of the compared files on purpose: {@code verify} ignores this file, the bundle leaves it out,
 * and git ignores {@code out/run-info.json}, so rerunning the published command changes nothing tracked.
 */
public final class RunInfo {

    public static final String FILE = "run-info.json";

    private RunInfo() {
    }

    /** The document for the current process, looking for a git commit in {@code folder}. */
    public static String describe(Path folder) {
        ObjectNode node = Json.object();
        String commit = gitCommit(folder);
        if (commit != null) {
            node.put("gitCommit", commit);
        }
        node.put("javaVersion", System.getProperty("java.version"));
        node.put("javaVendor", System.getProperty("java.vendor"));
        node.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        node.put("finishedAt", Instant.now().toString());
        return Json.write(node);
    }

    /** HEAD of the git work tree holding {@code folder}, or null when unknown. */
    static String gitCommit(Path folder) {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD")
                    .directory(folder.toAbsolutePath().toFile())
                    .redirectErrorStream(true)
                    .start();
            git.getOutputStream().close();
            byte[] out;
            try (InputStream in = git.getInputStream()) {
                out = in.readNBytes(200);
            }
            if (!git.waitFor(10, TimeUnit.SECONDS) || git.exitValue() != 0) {
                git.destroyForcibly();
                return null;
            }
            String text = new String(out, StandardCharsets.US_ASCII).trim();
            return text.matches("[0-9a-f]{40}") ? text : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
