package org.monkeyeval.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.monkeyeval.text.InvalidInputException;

/**
 * Writes one file all at once: into a hidden staging folder beside the target, then moved into place,
 * so that a failure leaves no partial file. Problems the user can fix (the target is a folder, its
 * parent cannot be created or written) are {@link InvalidInputException}s naming the target and the
 * reason in words, as for {@link OutputFolder}.
 */
public final class OutputFile {

    /** Writes a file's bytes. */
    @FunctionalInterface
    public interface Body {
        void write(OutputStream out) throws IOException;
    }

    private OutputFile() {
    }

    /**
     * @param target the file to write or replace
     * @param what   what the file is, for messages: "bundle" gives "cannot write the bundle"
     * @param kind   what to name instead of a folder, e.g. "zip file"
     * @param body   writes the file's bytes
     */
    public static void write(Path target, String what, String kind, Body body) throws InvalidInputException {
        Path absolute = target.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        if (parent == null || absolute.getFileName() == null) {
            throw new InvalidInputException(target + ": cannot write a " + what + " there");
        }
        if (Files.isDirectory(absolute)) {
            throw new InvalidInputException(target + ": is a folder; give the name of the " + kind + " to write");
        }
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            throw FileProblem.of(parent, "cannot create the folder for the " + what, e);
        }
        Path staging;
        try {
            staging = Files.createTempDirectory(parent, "." + absolute.getFileName() + ".tmp-");
        } catch (IOException e) {
            throw FileProblem.of(target, "cannot write the " + what, e);
        }
        try {
            Path written = staging.resolve(absolute.getFileName().toString());
            try (OutputStream out = Files.newOutputStream(written)) {
                body.write(out);
            }
            try {
                Files.move(written, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(written, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw FileProblem.of(target, "cannot write the " + what, e);
        } finally {
            try {
                OutputFolder.deleteTree(staging);
            } catch (IOException ignored) {
                // best effort: the original failure, if any, is what the user needs to see
            }
        }
    }

    /** As {@link #write(Path, String, String, Body)} for UTF-8 text. */
    public static void writeString(Path target, String what, String kind, String text) throws InvalidInputException {
        write(target, what, kind, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }
}
