package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bundle} writes the same bytes every time, and an unpacked bundle verifies by itself:
 * {@code verify} recomputes the tables and checks every file against SHA256SUMS, and fails when a
 * file of the bundle was changed.
 */
final class BundleCommandTest {

    @TempDir
    Path dir;
    Path out;
    Path jar;

    /** The published tables (all that provenance.json lists) without the confirmation files, so verify stays fast. */
    @BeforeEach
    void publishedTablesAndAFakeJar() throws IOException {
        out = Files.createDirectories(dir.resolve("out"));
        for (String f : new String[] {"rows.csv", "cases.csv", "bloom-before-level.csv", "provenance.json"}) {
            Files.copy(Path.of("out", f), out.resolve(f));
        }
        jar = Files.write(dir.resolve("monkey-eval.jar"), new byte[] {'P', 'K', 5, 6});
    }

    private Path bundle(String name) {
        Path zip = dir.resolve(name);
        Cli.Outcome o = Cli.run("bundle", "--cases", "cases", "--out", out.toString(), "--to", zip.toString(),
                "--jar", jar.toString());
        assertEquals(0, o.exitCode(), o.err());
        return zip;
    }

    private static Path unzip(Path zip, Path to) throws IOException {
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                Path target = to.resolve(e.getName()).normalize();
                assertTrue(target.startsWith(to), e.getName());
                Files.createDirectories(target.getParent());
                Files.copy((InputStream) in, target);
            }
        }
        return to;
    }

    @Test
    void bundle_twice_identicalBytes() throws IOException {
        assertArrayEquals(Files.readAllBytes(bundle("a.zip")), Files.readAllBytes(bundle("b.zip")));
    }

    @Test
    void bundle_unpacked_verifiesItselfIncludingChecksums() throws IOException {
        Path root = unzip(bundle("a.zip"), Files.createDirectories(dir.resolve("unpacked")));
        for (String f : new String[] {"datapackage.json", "ro-crate-metadata.json", "SHA256SUMS", "monkey-eval.jar",
            "README.md", "LICENSE-CC0", "pom.xml", "cases/seed-10bpe.json", "out/rows.csv"}) {
            assertTrue(Files.exists(root.resolve(f)), f);
        }
        Cli.Outcome o = Cli.run("verify", "--cases", root.resolve("cases").toString(), "--out",
                root.resolve("out").toString());
        assertEquals(0, o.exitCode(), o.out());
        assertTrue(o.out().contains("ok   SHA256SUMS"), o.out());
    }

    @Test
    void bundle_unpackedAndTampered_verifyFails() throws IOException {
        Path root = unzip(bundle("a.zip"), Files.createDirectories(dir.resolve("unpacked")));
        Path readme = root.resolve("README.md");
        Files.writeString(readme, Files.readString(readme) + "\nedited\n");
        Cli.Outcome o = Cli.run("verify", "--cases", root.resolve("cases").toString(), "--out",
                root.resolve("out").toString());
        assertEquals(1, o.exitCode(), o.out());
        assertTrue(o.out().contains("README.md"), o.out());
    }

    @Test
    void bundle_unpackedWithBuildOutputAndAnExtraFile_verifyPassesNamingTheExtra() throws IOException {
        Path root = unzip(bundle("a.zip"), Files.createDirectories(dir.resolve("unpacked")));
        Files.createDirectories(root.resolve("target/classes"));
        Files.write(root.resolve("target/monkey-eval.jar"), new byte[] {'P', 'K', 5, 6});
        Files.writeString(root.resolve("notes.txt"), "mine");
        Cli.Outcome o = Cli.run("verify", "--cases", root.resolve("cases").toString(), "--out",
                root.resolve("out").toString());
        assertEquals(0, o.exitCode(), o.out());
        assertTrue(o.out().contains("note 1 extra file(s) not listed in SHA256SUMS"), o.out());
        assertTrue(o.out().contains("  notes.txt"), o.out());
        assertTrue(!o.out().contains("target/"), o.out());
    }

    @Test
    void bundle_missingOutputs_exits3AndWritesNothing() throws IOException {
        try (Stream<Path> files = Files.walk(out)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        Path zip = dir.resolve("none.zip");
        Cli.Outcome o = Cli.run("bundle", "--out", out.toString(), "--to", zip.toString(), "--jar", jar.toString());
        assertEquals(3, o.exitCode(), o.err());
        assertTrue(!Files.exists(zip));
    }
}
