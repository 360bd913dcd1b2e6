package org.monkeyeval.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.monkeyeval.text.InvalidInputException;
import org.monkeyeval.text.Sha256;
import org.monkeyeval.text.TextDocument;

/**
 * Writes a set of documents into an output folder all at once: every file is first written to a
 * staging folder, then moved into place. A failure before the moves leaves the target untouched;
 * other files already in the target are kept.
 *
 * <p>The staging folder is a hidden folder inside the target, so that a folder the user owns can be
 * written even when its parent cannot; when the target does not allow that, a hidden folder beside
 * it. Problems the user can fix (the target is a file, its parent is missing or read-only, a special
 * file system) are {@link InvalidInputException}s naming the path and the reason in words.
 * Document names may name a sub-folder ({@code figures/a.svg}).
 */
public final class OutputFolder {

    /** Name prefix of the staging folder inside the target. */
    static final String STAGING_PREFIX = ".monkey-eval-staging-";

    private OutputFolder() {
    }

    /**
     * @param target    output folder, created if missing
     * @param documents file name to text (UTF-8)
     */
    public static void write(Path target, Map<String, String> documents) throws InvalidInputException, IOException {
        write(target, documents, List.of());
    }

    /**
     * As {@link #write(Path, Map)}, and after the moves removes the named files of an earlier run
     * that this run no longer produces (so that no stale table outlives its provenance).
     */
    public static void write(Path target, Map<String, String> documents, List<String> stale)
            throws InvalidInputException, IOException {
        List<TextDocument> streamed = new ArrayList<>();
        documents.forEach((name, text) -> streamed.add(TextDocument.of(name, text)));
        writeStreamed(target, streamed, stale);
    }

    /**
     * As {@link #write(Path, Map, List)}, streaming each document, in order, to its staging file
     * (UTF-8) while its SHA-256 is computed.
     */
    public static void writeStreamed(Path target, List<TextDocument> documents, List<String> stale)
            throws InvalidInputException, IOException {
        Path absolute = target.toAbsolutePath().normalize();
        if (absolute.getParent() == null) {
            throw new InvalidInputException(target + ": cannot write into the file-system root");
        }
        if (Files.exists(absolute) && !Files.isDirectory(absolute)) {
            throw new InvalidInputException(target + ": is a file, not a folder");
        }
        boolean created = !Files.isDirectory(absolute);
        try {
            Files.createDirectories(absolute);
        } catch (IOException e) {
            throw FileProblem.of(target, "cannot create the output folder", e);
        }
        Path staging = null;
        try {
            staging = staging(target, absolute);
            Map<String, String> written = new LinkedHashMap<>();
            for (TextDocument document : documents) {
                Path file = inside(staging, document.name());
                Files.createDirectories(file.getParent());
                written.put(document.name(), writeOne(file, document.body(), Collections.unmodifiableMap(written)));
            }
            for (String name : written.keySet()) {
                Path to = inside(absolute, name);
                Files.createDirectories(to.getParent());
                move(inside(staging, name), to);
            }
            for (String name : stale) {
                if (!written.containsKey(name)) {
                    Files.deleteIfExists(inside(absolute, name));
                }
            }
            created = false;
        } catch (IOException e) {
            throw FileProblem.of(target, "cannot write the output files", e);
        } finally {
            deleteQuietly(staging);
            if (created) {
                deleteQuietly(absolute);
            }
        }
    }

    /** Writes one document through a buffer and returns the SHA-256 (hex) of its bytes. */
    private static String writeOne(Path file, TextDocument.Body body, Map<String, String> earlier)
            throws IOException {
        MessageDigest sha256 = Sha256.digest();
        try (Writer out = new BufferedWriter(new OutputStreamWriter(new DigestOutputStream(
                Files.newOutputStream(file), sha256), StandardCharsets.UTF_8), 1 << 16)) {
            body.write(out, earlier);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return HexFormat.of().formatHex(sha256.digest());
    }

    /** A new hidden folder inside the target, else beside it; the first failure is reported. */
    private static Path staging(Path target, Path absolute) throws InvalidInputException {
        try {
            return Files.createTempDirectory(absolute, STAGING_PREFIX);
        } catch (IOException inside) {
            try {
                return Files.createTempDirectory(absolute.getParent(), "." + absolute.getFileName() + ".tmp-");
            } catch (IOException beside) {
                throw FileProblem.of(target, "cannot write in the output folder", inside);
            }
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

    /** As {@link #deleteTree} for clean-up after a failure, which must not hide the failure. */
    private static void deleteQuietly(Path root) {
        if (root == null) {
            return;
        }
        try {
            deleteTree(root);
        } catch (IOException ignored) {
            // best effort: the original failure is what the user needs to see
        }
    }
}
