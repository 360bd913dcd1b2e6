package org.monkeyeval.io;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;

import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.Run;
import org.monkeyeval.report.Numbers;

/**
 * Reads one case file with a streaming parser, so that every problem is reported with the file,
 * the field path, the line and the column of the offending token.
 *
 * <pre>
 * { "id": "seed-10bpe",                          required, [a-z0-9][a-z0-9._-]*
 *   "description": "the worked example",         optional string
 *   "runs": [ {"name": "L1", "entries": 10000} ], one or more; name optional; entries integer 1..2^63-1
 *   "budget": { "bitsPerEntry": 10 } }           exactly one of bitsPerEntry, totalBits (numbers >= 0)
 * </pre>
 *
 * Unknown and duplicate fields, nulls, wrong types, trailing content and nesting deeper than
 * {@link #MAX_NESTING} are refused.
 */
public final class CaseReader {

    /** The deepest legal case file nests 3 levels; anything much deeper is refused by the parser. */
    static final int MAX_NESTING = 16;
    /** Longest accepted number literal: 2^63-1 has 19 digits. */
    static final int MAX_NUMBER_LENGTH = 64;
    /** Longest accepted string (ids, names, descriptions). */
    static final int MAX_STRING_LENGTH = 100_000;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_NESTING)
                    .maxNumberLength(MAX_NUMBER_LENGTH)
                    .maxStringLength(MAX_STRING_LENGTH)
                    .build())
            .build();

    private final String file;
    private JsonParser parser;
    /** Where the budget's number stands, for the per-entry limit checked once the runs are known. */
    private JsonLocation budgetAt;

    private CaseReader(String file) {
        this.file = file;
    }

    /**
     * Parses and validates one case file.
     *
     * @param file name used in messages
     * @param in   the file's bytes (UTF-8 JSON)
     */
    public static LsmCase read(String file, InputStream in) throws InvalidInputException {
        CaseReader reader = new CaseReader(file);
        try (JsonParser p = FACTORY.createParser(in)) {
            reader.parser = p;
            LsmCase lsmCase = reader.readCase();
            JsonToken trailing = p.nextToken();
            if (trailing != null) {
                throw reader.error("", "unexpected content after the case object");
            }
            return lsmCase;
        } catch (StreamConstraintsException e) {
            throw reader.parseError(e, "input too large or too deeply nested: ");
        } catch (JsonProcessingException e) {
            throw reader.parseError(e, "not valid JSON: ");
        } catch (IOException e) {
            throw new InvalidInputException(file, 0, 0, "", "cannot read: " + e.getMessage());
        }
    }

    private LsmCase readCase() throws IOException, InvalidInputException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw error("", parser.currentToken() == null ? "file is empty" : "expected a JSON object");
        }
        JsonLocation start = parser.currentTokenLocation();
        String id = null;
        String description = null;
        List<Run> runs = null;
        Budget budget = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonLocation at = parser.currentTokenLocation();
            parser.nextToken();
            switch (field) {
                case "id" -> {
                    id = string("id");
                    if (!LsmCase.ID_PATTERN.matcher(id).matches()) {
                        throw error("id", "\"" + printable(id) + "\" is not a safe id: use lower-case letters,"
                                + " digits, '.', '_' and '-', starting with a letter or digit");
                    }
                }
                case "description" -> description = string("description");
                case "runs" -> runs = readRuns();
                case "budget" -> budget = readBudget();
                default -> throw errorAt(at, field, "unknown field (expected id, description, runs, budget)");
            }
        }
        if (id == null) {
            throw errorAt(start, "id", "missing");
        }
        if (runs == null) {
            throw errorAt(start, "runs", "missing");
        }
        if (budget == null) {
            throw errorAt(start, "budget", "missing");
        }
        LsmCase lsmCase = new LsmCase(id, description, runs, budget);
        checkBudgetPerEntry(lsmCase);
        return lsmCase;
    }

    /** A total-bits budget may not exceed {@link Budget#MAX_BITS_PER_ENTRY} once divided by the entries. */
    private void checkBudgetPerEntry(LsmCase lsmCase) throws InvalidInputException {
        double perEntry = lsmCase.budgetBits() / lsmCase.totalEntries().doubleValue();
        if (perEntry > Budget.MAX_BITS_PER_ENTRY) {
            throw errorAt(budgetAt, "budget." + lsmCase.budget().field(), Numbers.format(lsmCase.budget().value())
                    + " bits is " + Numbers.format(perEntry) + " bits per entry, over the limit of "
                    + Numbers.format(Budget.MAX_BITS_PER_ENTRY));
        }
    }

    private List<Run> readRuns() throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw error("runs", "expected an array of runs, got " + describe(parser.currentToken()));
        }
        JsonLocation start = parser.currentTokenLocation();
        List<Run> runs = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            String path = "runs[" + runs.size() + "]";
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                throw error(path, "expected a run object, got " + describe(parser.currentToken()));
            }
            JsonLocation runStart = parser.currentTokenLocation();
            String name = null;
            long entries = 0;
            boolean hasEntries = false;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonLocation at = parser.currentTokenLocation();
                parser.nextToken();
                switch (field) {
                    case "name" -> name = string(path + ".name");
                    case "entries" -> {
                        entries = positiveLong(path + ".entries");
                        hasEntries = true;
                    }
                    default -> throw errorAt(at, path + "." + field, "unknown field (expected name, entries)");
                }
            }
            if (!hasEntries) {
                throw errorAt(runStart, path + ".entries", "missing");
            }
            runs.add(new Run(name, entries));
        }
        if (runs.isEmpty()) {
            throw errorAt(start, "runs", "must hold at least one run");
        }
        return runs;
    }

    private Budget readBudget() throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw error("budget", "expected an object with bitsPerEntry or totalBits, got "
                    + describe(parser.currentToken()));
        }
        JsonLocation start = parser.currentTokenLocation();
        Budget budget = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonLocation at = parser.currentTokenLocation();
            parser.nextToken();
            String path = "budget." + field;
            budgetAt = parser.currentTokenLocation();
            Budget next;
            switch (field) {
                case "bitsPerEntry" -> {
                    double v = nonNegativeNumber(path);
                    if (v > Budget.MAX_BITS_PER_ENTRY) {
                        throw error(path, Numbers.format(v) + " is over the limit of "
                                + Numbers.format(Budget.MAX_BITS_PER_ENTRY) + " bits per entry");
                    }
                    next = new Budget.BitsPerEntry(v);
                }
                case "totalBits" -> next = new Budget.TotalBits(nonNegativeNumber(path));
                default -> throw errorAt(at, path, "unknown field (expected bitsPerEntry or totalBits)");
            }
            if (budget != null) {
                throw error(path, "give only one of bitsPerEntry and totalBits");
            }
            budget = next;
        }
        if (budget == null) {
            throw errorAt(start, "budget", "needs one of bitsPerEntry or totalBits");
        }
        return budget;
    }

    private String string(String path) throws IOException, InvalidInputException {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            throw error(path, "expected a string, got " + describe(parser.currentToken()));
        }
        return parser.getText();
    }

    private long positiveLong(String path) throws IOException, InvalidInputException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NUMBER_FLOAT) {
            throw error(path, "must be a whole number, got " + parser.getText());
        }
        if (token != JsonToken.VALUE_NUMBER_INT) {
            throw error(path, "expected a positive integer, got " + describe(token));
        }
        BigInteger value = parser.getBigIntegerValue();
        if (value.signum() <= 0) {
            throw error(path, "must be a positive integer, got " + value);
        }
        if (value.bitLength() > 63) {
            throw error(path, value + " is larger than 2^63-1");
        }
        return value.longValueExact();
    }

    private double nonNegativeNumber(String path) throws IOException, InvalidInputException {
        JsonToken token = parser.currentToken();
        if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
            throw error(path, "expected a number, got " + describe(token));
        }
        double v = parser.getValueAsDouble();
        if (!Double.isFinite(v)) {
            throw error(path, parser.getText() + " is too large");
        }
        if (v < 0) {
            throw error(path, "must be >= 0, got " + parser.getText());
        }
        return v;
    }

    private String describe(JsonToken token) throws IOException {
        if (token == null) {
            return "end of input";
        }
        return switch (token) {
            case VALUE_NULL -> "null";
            case VALUE_STRING -> "the string \"" + printable(parser.getText()) + "\"";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + parser.getText();
            case VALUE_TRUE, VALUE_FALSE -> parser.getText();
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            default -> token.asString() == null ? token.name() : token.asString();
        };
    }

    private static String printable(String s) {
        String cut = s.length() > 60 ? s.substring(0, 60) + "..." : s;
        StringBuilder b = new StringBuilder();
        cut.codePoints().forEach(cp -> {
            if (cp < 0x20 || cp == 0x7f) {
                b.append(String.format(Locale.ROOT, "\\u%04x", cp));
            } else {
                b.appendCodePoint(cp);
            }
        });
        return b.toString();
    }

    private InvalidInputException error(String field, String problem) {
        return errorAt(parser.currentTokenLocation(), field, problem);
    }

    private InvalidInputException errorAt(JsonLocation at, String field, String problem) {
        return new InvalidInputException(file, at.getLineNr(), at.getColumnNr(), field, problem);
    }

    private InvalidInputException parseError(JsonProcessingException e, String prefix) {
        JsonLocation at = e.getLocation();
        if ((at == null || at.getLineNr() <= 0) && parser != null) {
            at = parser.currentLocation();
        }
        String message = JsonProblem.describe(e.getOriginalMessage());
        String field = "";
        if (parser != null && parser.getParsingContext() != null) {
            field = path(parser);
        }
        return new InvalidInputException(file, at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(),
                field, prefix + message);
    }

    /** The field path of the parser's position, e.g. {@code runs[1].entries}. */
    private static String path(JsonParser p) {
        String pointer = p.getParsingContext().pathAsPointer().toString();
        StringBuilder b = new StringBuilder();
        for (String part : pointer.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            if (part.chars().allMatch(Character::isDigit)) {
                b.append('[').append(part).append(']');
            } else {
                if (b.length() > 0) {
                    b.append('.');
                }
                b.append(part);
            }
        }
        return b.toString();
    }
}
