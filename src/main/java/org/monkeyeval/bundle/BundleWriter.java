package org.monkeyeval.bundle;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.OptionalLong;

import org.monkeyeval.io.FileProblem;
import org.monkeyeval.io.InvalidInputException;
import org.monkeyeval.io.OutputFolder;
import org.monkeyeval.report.ToolInfo;

/**
 * Writes a bundle zip all at once: the zip is written inside a temporary folder beside the target,
 * then moved into place (atomically where the file system can). A failure before the move leaves
 * the target as it was. Problems the user can fix (a folder in the way, a missing or read-only
 * location) are {@link InvalidInputException}s naming the path and the reason in words.
 */
public final class BundleWriter {

    private BundleWriter() {
    }

    /**
     * Assembles the bundle ({@link Bundle#assemble}) and writes it to {@code target}.
     *
     * @param target          the zip file to create or replace; its folder is created if missing
     * @param contents        the caller's files
     * @param tool            name and version recorded in the descriptors
     * @param sourceDateEpoch SOURCE_DATE_EPOCH when set: the time of every entry and of the crate
     * @return the entries written, in zip order
     */
    public static List<BundleEntry> write(Path target, BundleContents contents, ToolInfo tool,
                                          OptionalLong sourceDateEpoch)
            throws InvalidInputException, IOException {
        List<BundleEntry> entries = Bundle.assemble(contents, tool, sourceDateEpoch);
        Path absolute = target.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        if (parent == null || absolute.getFileName() == null) {
            throw new InvalidInputException(target + ": cannot write a bundle there");
        }
        if (Files.isDirectory(absolute)) {
            throw new InvalidInputException(target + ": is a folder; give the name of the zip file to write");
        }
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            throw FileProblem.of(parent, "cannot create the folder for the bundle", e);
        }
        Path staging;
        try {
            staging = Files.createTempDirectory(parent, "." + absolute.getFileName() + ".tmp-");
        } catch (IOException e) {
            throw FileProblem.of(target, "cannot write the bundle", e);
        }
        try {
            Path written = staging.resolve(absolute.getFileName().toString());
            try (OutputStream out = Files.newOutputStream(written)) {
                ZipWriter.write(entries, BundleTime.zipTime(sourceDateEpoch), out);
            }
            try {
                Files.move(written, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(written, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw FileProblem.of(target, "cannot write the bundle", e);
        } finally {
            OutputFolder.deleteTree(staging);
        }
        return entries;
    }
}
