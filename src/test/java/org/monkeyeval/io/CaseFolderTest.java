package org.monkeyeval.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.text.InvalidInputException;

/**
 * A cases folder that cannot be used is refused with one line naming the path and saying why in
 * words: missing, a file, or holding a file that cannot be read.
 */
final class CaseFolderTest {

    @TempDir
    Path dir;

    private static final String CASE = "{\"id\": \"a\", \"runs\": [{\"entries\": 10}], \"budget\": {\"bitsPerEntry\": 1}}";

    @Test
    void read_missingFolder_saysItDoesNotExist() {
        Path missing = dir.resolve("nope");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> CaseFolder.read(missing));
        assertEquals(missing + ": the cases folder does not exist", e.getMessage());
    }

    @Test
    void read_fileInsteadOfFolder_saysItIsAFile() throws IOException {
        Path file = Files.writeString(dir.resolve("cases"), CASE);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> CaseFolder.read(file));
        assertEquals(file + ": is a file, not a folder of case files", e.getMessage());
    }

    @Test
    void read_fileThatFailsToRead_givesTheReasonInWords() throws IOException {
        // reading /proc/self/mem from offset 0 fails with EIO, also for root
        Path mem = Path.of("/proc/self/mem");
        assumeTrue(Files.isRegularFile(mem), "needs Linux /proc");
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Files.createSymbolicLink(cases.resolve("a.json"), mem);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> CaseFolder.read(cases));
        assertEquals(cases.resolve("a.json") + ": cannot read: input/output error", e.getMessage());
    }

    @Test
    void read_fileWithoutReadPermission_saysPermissionDenied() throws IOException {
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Path file = Files.writeString(cases.resolve("a.json"), CASE);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("-w-------"));
        assumeTrue(!Files.isReadable(file), "running as root: permission bits are not enforced");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> CaseFolder.read(cases));
        assertEquals(file + ": cannot read: permission denied", e.getMessage());
    }

    @Test
    void read_totalBitsOverPerEntryLimit_refusedWithLineAndColumn() throws IOException {
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Files.writeString(cases.resolve("a.json"),
                "{\"id\": \"a\",\n \"runs\": [{\"entries\": 10}],\n \"budget\": {\"totalBits\": 1e308}}");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> CaseFolder.read(cases));
        assertTrue(e.getMessage().startsWith(cases.resolve("a.json") + ":3:26: budget.totalBits: 1e+308 bits is"),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }
}
