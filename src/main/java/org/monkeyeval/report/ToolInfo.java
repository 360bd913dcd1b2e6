package org.monkeyeval.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The tool's name and version, from the build ({@code monkey-eval.properties}, filled in by Maven).
 *
 * @param name    tool name
 * @param version project version
 */
public record ToolInfo(String name, String version) {

    /** The running build's identity. */
    public static ToolInfo current() {
        Properties properties = buildProperties();
        return new ToolInfo(properties.getProperty("name", "monkey-eval"),
                properties.getProperty("version", "unknown"));
    }

    /**
     * The git commit the build was made from, or "unknown" when the build ran outside a git
     * checkout (e.g. from a bundle's source). Not part of provenance: the same sources give the same
     * tables whatever commit holds them.
     */
    public static String buildCommit() {
        try (InputStream in = ToolInfo.class.getResourceAsStream("/monkey-eval-commit.txt")) {
            if (in == null) {
                return "unknown";
            }
            String commit = new String(in.readNBytes(200), StandardCharsets.US_ASCII).strip();
            return commit.matches("[0-9a-f]{40}") ? commit : "unknown";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A value the build wrote into {@code monkey-eval.properties} (e.g. a library version), or "unknown". */
    public static String buildProperty(String key) {
        return buildProperties().getProperty(key, "unknown");
    }

    private static Properties buildProperties() {
        Properties properties = new Properties();
        try (InputStream in = ToolInfo.class.getResourceAsStream("/monkey-eval.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }
}
