package org.monkeyeval.bundle;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The files a caller puts into a bundle, sorted by path ({@link BundleEntry#BY_PATH}), each path
 * once. The bundle's own documents ({@code datapackage.json}, {@code ro-crate-metadata.json},
 * {@code SHA256SUMS}) are not part of it: {@link Bundle} adds them.
 *
 * <p>Layout inside the zip:
 * <pre>
 *   cases/*.json          the case files
 *   out/...               the output folder (tables, provenance.json, confirm-provenance.json), without run-info.json
 *   README.md, LICENSE-CC0
 *   docs/...              the documentation the README links to, and docs/publish.sh
 *   monkey-eval.jar       the runnable jar
 *   pom.xml, src/...      the source
 * </pre>
 */
public final class BundleContents {

    /** Folder of the case files inside the zip. */
    public static final String CASES = "cases/";
    /** Folder of the output files inside the zip. */
    public static final String OUT = "out/";
    /** Folder of the documentation inside the zip. */
    public static final String DOCS = "docs/";
    /** Folder of the source files inside the zip. */
    public static final String SRC = "src/";
    public static final String JAR = "monkey-eval.jar";
    public static final String README = "README.md";
    public static final String LICENSE = "LICENSE-CC0";
    public static final String POM = "pom.xml";

    private final List<BundleEntry> entries;

    private BundleContents(List<BundleEntry> sorted) {
        this.entries = List.copyOf(sorted);
    }

    /** The entries, sorted by path; two entries with one path are refused. */
    public static BundleContents of(Collection<BundleEntry> entries) {
        List<BundleEntry> sorted = new ArrayList<>(entries);
        sorted.sort(BundleEntry.BY_PATH);
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).path().equals(sorted.get(i - 1).path())) {
                throw new IllegalArgumentException("bundle entry path (" + sorted.get(i).path() + ") appears twice");
            }
        }
        return new BundleContents(sorted);
    }

    /** These entries and one more. */
    public BundleContents with(BundleEntry entry) {
        List<BundleEntry> more = new ArrayList<>(entries);
        more.add(entry);
        return of(more);
    }

    /** The entries, sorted by path. */
    public List<BundleEntry> entries() {
        return entries;
    }

    public Optional<BundleEntry> find(String path) {
        return entries.stream().filter(e -> e.path().equals(path)).findFirst();
    }

    /** Entries whose path starts with {@code folder} (which ends with '/'), in path order. */
    public List<BundleEntry> under(String folder) {
        return entries.stream().filter(e -> e.path().startsWith(folder)).toList();
    }
}
