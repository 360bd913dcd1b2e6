package org.monkeyeval.cli;

import java.nio.file.Path;

/**
 * Next steps the commands print, written so that they run where they are printed: the jar named by its
 * path from the working folder (the jar this program runs from, or {@code target/monkey-eval.jar}, where
 * the build puts it, when it runs from classes).
 */
final class ReportHint {

    /** Where {@code mvn package} writes the runnable jar, from the project's root. */
    static final String BUILT_JAR = "target/monkey-eval.jar";

    private ReportHint() {
    }

    /** The line {@code run} and {@code confirm} end with: where the readable report comes from. */
    static String line(Folders folders) {
        return line(folders.cases, folders.out);
    }

    /** As {@link #line(Folders)} for the cases and the output folder given. */
    static String line(Path cases, Path out) {
        return "to see these results as a page with figures: " + command() + " report --cases " + cases
                + " --out " + out + " (writes report.html)";
    }

    /** The line {@code import} ends with after writing a case file: how to price it. */
    static String importedCase(Path caseFile) {
        Path folder = caseFile.toAbsolutePath().getParent();
        return "to price it against the optimum: " + command() + " run --cases " + shown(folder) + " --out "
                + shown(folder.resolveSibling(folder.getFileName() + "-out"));
    }

    /** {@code java -jar JAR} with the jar's path as the working folder reaches it. */
    static String command() {
        return "java -jar " + RunningJar.path().map(ReportHint::shown).orElse(BUILT_JAR);
    }

    /** A path relative to the working folder when it lies under it, else absolute. */
    private static String shown(Path path) {
        Path here = Path.of("").toAbsolutePath();
        Path p = path.toAbsolutePath().normalize();
        return p.startsWith(here) && !p.equals(here) ? here.relativize(p).toString() : p.toString();
    }
}
