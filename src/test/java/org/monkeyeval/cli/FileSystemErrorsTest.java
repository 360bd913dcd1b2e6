package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file-system problem the user can fix (a file where a folder is wanted, a location that cannot
 * be written, a missing folder) exits 3 with one line naming the path and the reason in words,
 * never a Java exception name, and writes nothing. Tests run as root in CI, where permission bits
 * do not bite: those use /proc or a regular file as a parent; the permission cases skip as root.
 */
final class FileSystemErrorsTest {

    @TempDir
    Path dir;

    private Path cases() throws IOException {
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Files.writeString(cases.resolve("a.json"), "{\"id\": \"a\", \"runs\": [{\"entries\": 1000}, {\"entries\": 10000}],"
                + " \"budget\": {\"bitsPerEntry\": 8}}");
        return cases;
    }

    private static void assertOneLineInWords(Cli.Outcome o, String expected) {
        assertEquals(3, o.exitCode(), o.err());
        assertEquals("monkey-eval: " + expected, o.err().strip());
        assertFalse(o.err().contains("Exception"), o.err());
        assertFalse(o.err().contains("internal error"), o.err());
    }

    private static boolean root(Path dir) throws IOException {
        Path probe = Files.createDirectories(dir.resolve("probe"));
        Files.setPosixFilePermissions(probe, PosixFilePermissions.fromString("r-xr-xr-x"));
        boolean writable = Files.isWritable(probe);
        Files.setPosixFilePermissions(probe, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.delete(probe);
        return writable;
    }

    @Test
    void run_outIsAnExistingFile_exits3SayingSo() throws IOException {
        Path file = Files.writeString(dir.resolve("out"), "mine");
        Cli.Outcome o = Cli.run("run", "--cases", cases().toString(), "--out", file.toString());
        assertOneLineInWords(o, file + ": is a file, not a folder");
        assertEquals("mine", Files.readString(file));
    }

    @Test
    void run_outBelowAFile_exits3WithTheReason() throws IOException {
        Path file = Files.writeString(dir.resolve("plain"), "mine");
        Path out = file.resolve("out");
        Cli.Outcome o = Cli.run("run", "--cases", cases().toString(), "--out", out.toString());
        assertOneLineInWords(o, out + ": cannot create the output folder: not a directory");
    }

    @Test
    void run_outInProc_exits3WithTheReason() throws IOException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs Linux /proc");
        Cli.Outcome o = Cli.run("run", "--cases", cases().toString(), "--out", "/proc/monkey-eval-out");
        assertOneLineInWords(o, "/proc/monkey-eval-out: cannot create the output folder: no such file or folder");
    }

    @Test
    void run_missingParents_createdAndWritten() throws IOException {
        Path out = dir.resolve("a/b/out");
        assertEquals(0, Cli.run("run", "--cases", cases().toString(), "--out", out.toString()).exitCode());
        assertTrue(Files.exists(out.resolve("rows.csv")));
    }

    @Test
    void run_success_leavesNoStagingFolder() throws IOException {
        Path out = dir.resolve("out");
        assertEquals(0, Cli.run("run", "--cases", cases().toString(), "--out", out.toString()).exitCode());
        try (Stream<Path> inside = Files.list(out); Stream<Path> beside = Files.list(dir)) {
            assertTrue(inside.noneMatch(p -> p.getFileName().toString().startsWith(".")), "staging left in out");
            assertEquals(List.of("cases", "out"), beside.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void run_ownedOutInReadOnlyParent_written() throws IOException {
        assumeTrue(!root(dir), "running as root: permission bits are not enforced");
        Path parent = Files.createDirectories(dir.resolve("shared"));
        Path out = Files.createDirectories(parent.resolve("out"));
        Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            Cli.Outcome o = Cli.run("run", "--cases", cases().toString(), "--out", out.toString());
            assertEquals(0, o.exitCode(), o.err());
            assertTrue(Files.exists(out.resolve("rows.csv")));
        } finally {
            Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void run_readOnlyOut_exits3PermissionDenied() throws IOException {
        assumeTrue(!root(dir), "running as root: permission bits are not enforced");
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            Cli.Outcome o = Cli.run("run", "--cases", cases().toString(), "--out", out.toString());
            assertOneLineInWords(o, out + ": cannot write in the output folder: permission denied");
        } finally {
            Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void bundle_toProc_exits3WithTheReason() throws IOException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs Linux /proc");
        Path out = Files.createDirectories(dir.resolve("out"));
        for (String f : new String[] {"rows.csv", "cases.csv", "bloom-before-level.csv", "provenance.json"}) {
            Files.copy(Path.of("out", f), out.resolve(f));
        }
        Path jar = Files.write(dir.resolve("monkey-eval.jar"), new byte[] {'P', 'K', 5, 6});
        Cli.Outcome o = Cli.run("bundle", "--out", out.toString(), "--to", "/proc/x.zip", "--jar", jar.toString());
        assertOneLineInWords(o, "/proc/x.zip: cannot write the bundle: no such file or folder");
    }

    @Test
    void export_toProc_exits3NamingTheGivenPath() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs Linux /proc");
        Cli.Outcome o = Cli.run("export", "--engine", "pebble", "--case", "seed-10bpe", "--to", "/proc/x.txt");
        assertOneLineInWords(o, "/proc/x.txt: cannot write the export: no such file or folder");
    }

    @Test
    void bundle_toAFolder_exits3SayingSo() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("zip"));
        Path out = Files.createDirectories(dir.resolve("out"));
        for (String f : new String[] {"rows.csv", "cases.csv", "bloom-before-level.csv", "provenance.json"}) {
            Files.copy(Path.of("out", f), out.resolve(f));
        }
        Path jar = Files.write(dir.resolve("monkey-eval.jar"), new byte[] {'P', 'K', 5, 6});
        Cli.Outcome o = Cli.run("bundle", "--out", out.toString(), "--to", folder.toString(), "--jar", jar.toString());
        assertOneLineInWords(o, folder + ": is a folder; give the name of the zip file to write");
    }
}
