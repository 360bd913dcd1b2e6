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
 * the target untouched; other files already in the target are kept. Document names may name a
 * sub-folder ({@code figures/a.svg}).
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
                Path file = inside(staging, document.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, document.getValue(), StandardCharsets.UTF_8);
            }
            Files.createDirectories(absolute);
            for (String name : documents.keySet()) {
                Path to = inside(absolute, name);
                Files.createDirectories(to.getParent());
                move(staging.resolve(name), to);
            }
            for (String name : stale) {
                if (!documents.containsKey(name)) {
                    Files.deleteIfExists(inside(absolute, name));
                }
            }
        } finally {
            deleteTree(staging);
        }
    }

    /** A document name may hold a sub-folder ("figures/a.svg") but may not leave the folder. */
    private static Path inside(Path folder, String name) throws IOException {
        Path file = folder.resolve(name).normalize();
        if (!file.startsWith(folder) || file.equals(folder)) {
            throw new IOException("document name " + name + " leaves the output folder");
        }
        return file;
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
