package org.monkeyeval.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes a set of documents into an output folder all at once: every file is first written to a
 * temporary folder beside the target, then moved into place. A failure before the moves leaves
 * the target untouched; other files already in the target are kept.
 */
public final class OutputFolder {

    private OutputFolder() {
    }

    /**
     * @param target    output folder, created if missing
     * @param documents file name to text (UTF-8)
     */
    public static void write(Path target, Map<String, String> documents) throws IOException {
        write(target, documents, List.of());
    }

    /**
     * As {@link #write(Path, Map)}, and after the moves removes the named files of an earlier run
     * that this run no longer produces (so that no stale table outlives its provenance).
     */
    public static void write(Path target, Map<String, String> documents, List<String> stale)
            throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        if (parent == null) {
            throw new IOException("cannot write into the file-system root");
        }
        Files.createDirectories(parent);
        Path staging = Files.createTempDirectory(parent, "." + absolute.getFileName() + ".tmp-");
        try {
            for (Map.Entry<String, String> document : documents.entrySet()) {
                Files.writeString(staging.resolve(document.getKey()), document.getValue(), StandardCharsets.UTF_8);
            }
            Files.createDirectories(absolute);
            for (String name : documents.keySet()) {
                move(staging.resolve(name), absolute.resolve(name));
            }
            for (String name : stale) {
                if (!documents.containsKey(name)) {
                    Files.deleteIfExists(absolute.resolve(name));
                }
            }
        } finally {
            deleteTree(staging);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Removes a folder and everything in it; missing is fine. */
    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
