package org.monkeyeval.bundle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.monkeyeval.report.Sha256;

/**
 * Checks an unpacked bundle folder against its {@code SHA256SUMS}, as {@code sha256sum -c} would,
 * and more strictly: every file in the folder other than SHA256SUMS must be listed.
 */
public final class BundleChecker {

    private BundleChecker() {
    }

    /**
     * The problems found, one line each, in this order: unusable SHA256SUMS lines, then listed
     * files that are missing or whose SHA-256 differs (in SHA256SUMS order), then files that are
     * not listed (in path order). Empty when the folder matches.
     *
     * @param folder the folder the zip was unpacked into
     */
    public static List<String> check(Path folder) throws IOException {
        List<String> problems = new ArrayList<>();
        Path sumsFile = folder.resolve(Sha256Sums.FILE);
        if (!Files.isRegularFile(sumsFile)) {
            problems.add(Sha256Sums.FILE + ": missing from " + folder);
            return problems;
        }
        List<Sha256Sums.Line> lines = Sha256Sums.parse(Files.readString(sumsFile, StandardCharsets.UTF_8), problems);

        Set<String> listed = new HashSet<>();
        List<String> fileProblems = new ArrayList<>();
        for (Sha256Sums.Line line : lines) {
            if (line.path().equals(Sha256Sums.FILE)) {
                problems.add(Sha256Sums.FILE + ":" + line.number() + ": lists " + Sha256Sums.FILE + " itself");
                continue;
            }
            if (!listed.add(line.path())) {
                problems.add(Sha256Sums.FILE + ":" + line.number() + ": lists " + line.path() + " again");
                continue;
            }
            Path file = folder.resolve(line.path());
            if (!Files.isRegularFile(file)) {
                fileProblems.add(line.path() + ": missing (listed in " + Sha256Sums.FILE + ")");
                continue;
            }
            String actual = Sha256.hex(Files.readAllBytes(file));
            if (!actual.equals(line.sha256())) {
                fileProblems.add(line.path() + ": modified (" + Sha256Sums.FILE + " has " + line.sha256()
                        + ", the file has " + actual + ")");
            }
        }
        problems.addAll(fileProblems);

        for (String path : files(folder)) {
            if (!path.equals(Sha256Sums.FILE) && !listed.contains(path)) {
                problems.add(path + ": not listed in " + Sha256Sums.FILE);
            }
        }
        return problems;
    }

    /** Every regular file under the folder as a '/'-separated relative path, in path order. */
    private static List<String> files(Path folder) throws IOException {
        List<String> paths = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                if (Files.isRegularFile(p)) {
                    paths.add(BundleSources.relative(folder, p));
                }
            }
        }
        paths.sort(BundleEntry::comparePaths);
        return paths;
    }
}
