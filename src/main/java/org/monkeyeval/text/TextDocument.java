package org.monkeyeval.text;

import java.io.IOException;
import java.io.Writer;
import java.util.Map;

/**
 * One output file as a writer of its text, so that a table of a million rows is streamed to its file
 * rather than held as one string. The body is given the SHA-256 of the documents written before it,
 * which lets provenance name the tables it follows.
 *
 * @param name file name in the output folder
 * @param body writes the file's text
 */
public record TextDocument(String name, Body body) {

    /** Writes a document's text; {@code earlier} maps each document already written to its SHA-256 (hex). */
    @FunctionalInterface
    public interface Body {
        void write(Writer out, Map<String, String> earlier) throws IOException;
    }

    /** A document whose text is already in memory. */
    public static TextDocument of(String name, String text) {
        return new TextDocument(name, (out, earlier) -> out.write(text));
    }
}
