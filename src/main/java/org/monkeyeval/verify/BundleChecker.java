package org.monkeyeval.verify;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.monkeyeval.text.Sha256;

/**
 * Checks an unpacked bundle folder against its {@code SHA256SUMS}, as {@code sha256sum -c} would,
 * and also lists the files that are there but not listed. Those are extra, not a regression of the
 * published results: a bundle is a folder people work in. Files the bundle never ships are not
 * even listed as extra: build output ({@code target/} folders, e.g. after rebuilding the jar from
 * the bundled source) and hidden files, the rule of {@link BundlePaths#skipped}.
 */
public final class BundleChecker {

    /**
     * @param problems listed files that are missing or changed, and unusable SHA256SUMS lines
     * @param extra    files present but not listed, in path order
     */
    public record Report(List<String> problems, List<String> extra) {
        public Report {
            problems = List.copyOf(problems);
            extra = List.copyOf(extra);
        }
    }

    private BundleChecker() {
    }

    /**
     * The problems found, one line each, in this order: unusable SHA256SUMS lines, then listed
     * files that are missing or whose SHA-256 differs (in SHA256SUMS order); and the extra files.
     * No problems when every listed file matches.
     *
     * @param folder the folder the zip was unpacked into
     */
    public static Report check(Path folder) throws IOException {
        List<String> problems = new ArrayList<>();
        Path sumsFile = folder.resolve(Sha256Sums.FILE);
        if (!Files.isRegularFile(sumsFile)) {
            problems.add(Sha256Sums.FILE + ": missing from " + folder);
            return new Report(problems, List.of());
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

        List<String> extra = new ArrayList<>();
        for (String path : files(folder)) {
            if (!path.equals(Sha256Sums.FILE) && !listed.contains(path)) {
                extra.add(path);
            }
        }
        return new Report(problems, extra);
    }

    /**
     * Every regular file under the folder as a '/'-separated relative path, in path order, without
     * build output and hidden files.
     */
    private static List<String> files(Path folder) throws IOException {
        List<String> paths = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                if (Files.isRegularFile(p) && !BundlePaths.skipped(folder, p)) {
                    paths.add(BundlePaths.relative(folder, p));
                }
            }
        }
        paths.sort(BundlePaths::compare);
        return paths;
    }
}
