package org.monkeyeval.bundle;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import org.monkeyeval.io.OutputFile;
import org.monkeyeval.report.ToolInfo;
import org.monkeyeval.text.InvalidInputException;

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
        OutputFile.write(target, "bundle", "zip file",
                out -> ZipWriter.write(entries, BundleTime.zipTime(sourceDateEpoch), out));
        return entries;
    }
}
