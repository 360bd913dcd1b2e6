package org.monkeyeval.bundle;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Objects;

import org.monkeyeval.text.Sha256;
import org.monkeyeval.verify.BundlePaths;

/**
 * One file of a bundle: its path inside the zip and its bytes. Immutable: the bytes are copied in
 * and out, so an entry cannot change after its SHA-256 is taken.
 */
public final class BundleEntry {

    /**
     * Order of entries in the zip and of lines in SHA256SUMS: paths compared as unsigned UTF-8
     * bytes, which is what {@code LC_ALL=C sort} does.
     */
    public static final Comparator<BundleEntry> BY_PATH = (a, b) -> BundlePaths.compare(a.path, b.path);

    private final String path;
    private final byte[] bytes;
    private final String sha256;

    /**
     * @param path  relative, '/'-separated, naming a file ({@link BundlePaths#problem})
     * @param bytes the content
     */
    public BundleEntry(String path, byte[] bytes) {
        String problem = BundlePaths.problem(path);
        if (problem != null) {
            throw new IllegalArgumentException("bundle entry path (" + path + ") " + problem);
        }
        this.path = path;
        this.bytes = Objects.requireNonNull(bytes, "bytes").clone();
        this.sha256 = Sha256.hex(this.bytes);
    }

    /** An entry holding text encoded as UTF-8. */
    public static BundleEntry ofText(String path, String text) {
        return new BundleEntry(path, text.getBytes(StandardCharsets.UTF_8));
    }

    public String path() {
        return path;
    }

    /** A copy of the content. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The content, not copied: callers in this package only read it. */
    byte[] view() {
        return bytes;
    }

    public long size() {
        return bytes.length;
    }

    /** Lower-case hex SHA-256 of the content. */
    public String sha256() {
        return sha256;
    }

    /** The last path segment. */
    public String fileName() {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    public void writeTo(OutputStream out) throws IOException {
        out.write(bytes);
    }

    /** Equal when path and content are equal. */
    @Override
    public boolean equals(Object o) {
        return o instanceof BundleEntry other && path.equals(other.path) && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return path.hashCode() * 31 + sha256.hashCode();
    }

    @Override
    public String toString() {
        return path + " (" + bytes.length + " bytes, sha256 " + sha256 + ")";
    }
}
