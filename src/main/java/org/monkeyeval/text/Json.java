package org.monkeyeval.text;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;

/**
 * JSON documents with fixed bytes: two-space indent, LF line ends whatever the platform, fields in
 * insertion order, doubles through {@link Numbers#format} so they match the CSV tables.
 */
public final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"))
            .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER));

    private Json() {
    }

    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    public static ArrayNode array() {
        return JsonNodeFactory.instance.arrayNode();
    }

    /** Puts a double printed by {@link Numbers#format}; NaN is written as null. */
    public static ObjectNode putNumber(ObjectNode node, String field, double value) {
        if (Double.isNaN(value)) {
            return node.putNull(field);
        }
        node.putRawValue(field, new RawValue(Numbers.format(value)));
        return node;
    }

    /** Adds a double printed by {@link Numbers#format} to an array. */
    public static ArrayNode addNumber(ArrayNode node, double value) {
        if (Double.isNaN(value)) {
            return node.addNull();
        }
        return node.addRawValue(new RawValue(Numbers.format(value)));
    }

    /** The document's bytes as text, ending with one LF. */
    public static String write(JsonNode document) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = MAPPER.getFactory().createGenerator(out)) {
            generator.setPrettyPrinter(PRETTY);
            MAPPER.writeTree(generator, document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out + "\n";
    }

    /** Parses a document (for reading provenance back). */
    public static JsonNode parse(String text) throws IOException {
        return MAPPER.readTree(text);
    }
}
