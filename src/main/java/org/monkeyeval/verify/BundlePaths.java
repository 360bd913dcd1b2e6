package org.monkeyeval.verify;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * How a bundle names its files, the rules that both the bundle that writes them and the check of an
 * unpacked bundle ({@link BundleChecker}) follow: relative '/'-separated paths, ordered as unsigned
 * UTF-8 bytes, and the files a folder holds that a bundle never ships (hidden files and folders, and
 * build output in folders named {@code target}).
 */
public final class BundlePaths {

    private static final String TARGET = "target";

    private BundlePaths() {
    }

    /** Unsigned UTF-8 byte order (C-locale sort order, what {@code LC_ALL=C sort} does). */
    public static int compare(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Why {@code path} cannot name a file inside a bundle, or null when it can: it must be relative,
     * '/'-separated and name a file, with no leading or trailing '/', no empty, "." or ".." segment, no
     * backslash and no control character.
     */
    public static String problem(String path) {
        if (path == null || path.isEmpty()) {
            return "must not be empty";
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c < 0x20 || c == 0x7f || c == '\\') {
                return "must not hold a backslash or a control character";
            }
        }
        if (path.startsWith("/")) {
            return "must be relative";
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return "must not have an empty, '.' or '..' segment";
            }
        }
        return null;
    }

    /** True for a file under a hidden folder or a folder named target, or itself hidden. */
    public static boolean skipped(Path folder, Path file) {
        Path relative = folder.relativize(file);
        for (int i = 0; i < relative.getNameCount(); i++) {
            String name = relative.getName(i).toString();
            boolean isFolder = i < relative.getNameCount() - 1;
            if (name.startsWith(".") || (isFolder && name.equals(TARGET))) {
                return true;
            }
        }
        return false;
    }

    /** {@code file} relative to {@code folder}, '/'-separated whatever the platform. */
    public static String relative(Path folder, Path file) {
        Path relative = folder.relativize(file);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < relative.getNameCount(); i++) {
            if (i > 0) {
                out.append('/');
            }
            out.append(relative.getName(i));
        }
        return out.toString();
    }
}
