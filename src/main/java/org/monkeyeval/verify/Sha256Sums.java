package org.monkeyeval.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code SHA256SUMS} in the GNU coreutils format that {@code sha256sum -c SHA256SUMS} checks: one
 * line {@code <64 lower-case hex digits><space><space><path>\n} per file, sorted by path
 * ({@link BundlePaths#compare}). The bundle writes it and {@link BundleChecker} reads it back. Bundle paths never hold a backslash or a line end, so no line
 * needs GNU's backslash escape.
 */
public final class Sha256Sums {

    public static final String FILE = "SHA256SUMS";

    /** A text-mode line ("  ") or a binary-mode line (" *"), as {@code sha256sum} writes them. */
    private static final Pattern LINE = Pattern.compile("([0-9a-fA-F]{64}) [ *](.+)");

    /** One checked line: its 1-based number, the hash and the path. */
    record Line(int number, String sha256, String path) {
    }

    private Sha256Sums() {
    }

    /**
     * The document listing these files, sorted by path; they must not include SHA256SUMS.
     *
     * @param sha256ByPath each file's lower-case hex SHA-256 by its bundle path
     */
    public static String format(Map<String, String> sha256ByPath) {
        List<String> paths = new ArrayList<>(sha256ByPath.keySet());
        paths.sort(BundlePaths::compare);
        StringBuilder out = new StringBuilder();
        for (String path : paths) {
            if (path.equals(FILE)) {
                throw new IllegalArgumentException(FILE + " cannot list itself");
            }
            out.append(sha256ByPath.get(path)).append("  ").append(path).append('\n');
        }
        return out.toString();
    }

    /**
     * Reads the lines of a SHA256SUMS document; every line that cannot be used adds a problem
     * ({@code SHA256SUMS:<line>: ...}) and is left out. Hashes are returned in lower case.
     */
    static List<Line> parse(String text, List<String> problems) {
        List<Line> lines = new ArrayList<>();
        String[] raw = text.split("\n", -1);
        int count = text.endsWith("\n") ? raw.length - 1 : raw.length;
        for (int i = 0; i < count; i++) {
            int number = i + 1;
            String line = raw[i];
            if (line.endsWith("\r")) {
                problems.add(FILE + ":" + number + ": CR LF line end (expected LF)");
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                problems.add(FILE + ":" + number + ": malformed line (expected '<64 hex digits>  <path>')");
                continue;
            }
            String path = m.group(2);
            String pathProblem = BundlePaths.problem(path);
            if (pathProblem != null) {
                problems.add(FILE + ":" + number + ": path (" + path + ") " + pathProblem);
                continue;
            }
            lines.add(new Line(number, m.group(1).toLowerCase(Locale.ROOT), path));
        }
        return lines;
    }
}
