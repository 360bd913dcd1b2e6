package org.monkeyeval.bundle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.monkeyeval.verify.BundlePaths;
import org.monkeyeval.verify.PublishedFolder;

/**
 * Gathers the files of a bundle from disk into {@link BundleContents}, with the layout that class
 * describes.
 *
 * <p>Rules: case files are the {@code *.json} files directly in the cases folder; every file of
 * the output folder goes under {@code out/} except {@code run-info.json}, whose facts (wall-clock
 * time, JDK, operating system, git commit) change from run to run; every file under {@code docs/},
 * when the project has that folder; the source is {@code pom.xml} and everything under {@code src/}.
 * Hidden files and folders (name starting with '.') are skipped everywhere, and so is every folder
 * named {@code target}. README.md, LICENSE-CC0, pom.xml and the jar must exist.
 */
public final class BundleSources {

    private BundleSources() {
    }

    /**
     * @param projectRoot folder holding README.md, LICENSE-CC0, pom.xml and src/
     * @param casesDir    folder of the case files
     * @param outDir      output folder of {@code run} (and {@code confirm})
     * @param jar         the runnable jar, stored as {@code monkey-eval.jar}
     */
    public static BundleContents collect(Path projectRoot, Path casesDir, Path outDir, Path jar) throws IOException {
        List<BundleEntry> entries = new ArrayList<>();
        for (Path file : list(casesDir, false)) {
            if (file.getFileName().toString().endsWith(".json")) {
                entries.add(read(BundleContents.CASES + file.getFileName(), file));
            }
        }
        for (Path file : list(outDir, true)) {
            if (!PublishedFolder.unpublished(file.getFileName().toString())) {
                entries.add(read(BundleContents.OUT + BundlePaths.relative(outDir, file), file));
            }
        }
        for (String name : List.of(BundleContents.README, BundleContents.LICENSE, BundleContents.POM)) {
            entries.add(read(name, projectRoot.resolve(name)));
        }
        Path docs = projectRoot.resolve("docs");
        if (Files.isDirectory(docs)) {
            for (Path file : list(docs, true)) {
                entries.add(read(BundleContents.DOCS + BundlePaths.relative(docs, file), file));
            }
        }
        Path src = projectRoot.resolve("src");
        for (Path file : list(src, true)) {
            entries.add(read(BundleContents.SRC + BundlePaths.relative(src, file), file));
        }
        entries.add(read(BundleContents.JAR, jar));
        return BundleContents.of(entries);
    }

    /**
     * Regular files in {@code folder} (and below, when {@code deep}), skipping hidden files and
     * folders and folders named target.
     */
    private static List<Path> list(Path folder, boolean deep) throws IOException {
        if (!Files.isDirectory(folder)) {
            throw new NoSuchFileException(folder.toString(), null, "not a folder");
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(folder, deep ? Integer.MAX_VALUE : 1)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                if (Files.isRegularFile(p) && !BundlePaths.skipped(folder, p)) {
                    files.add(p);
                }
            }
        }
        return files;
    }

    private static BundleEntry read(String path, Path file) throws IOException {
        return new BundleEntry(path, Files.readAllBytes(file));
    }
}
