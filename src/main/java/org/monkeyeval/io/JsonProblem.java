package org.monkeyeval.io;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.monkeyeval.text.Printable;

/**
 * Words a JSON syntax error for someone editing a case file by hand. Jackson's messages name its
 * own features and character codes ("Feature 'ALLOW_COMMENTS' not enabled", "(code 125)"); this
 * says what JSON does not allow and what was expected instead. Messages it does not know are kept,
 * with the parser's internals (character codes, source descriptions, feature names) removed.
 */
final class JsonProblem {

    private static final Pattern UNEXPECTED = Pattern.compile(
            "^Unexpected character \\((?:'(.)' )?\\((?:CTRL-CHAR, )?code (\\d+)\\)\\)(.*)$", Pattern.DOTALL);
    private static final Pattern TOKEN = Pattern.compile("^(?:Unrecognized|Non-standard) token '(.*?)'.*$",
            Pattern.DOTALL);
    private static final Pattern CLOSE = Pattern.compile("^Unexpected close marker '(.)': expected '(.)'.*$",
            Pattern.DOTALL);
    private static final Pattern CONTROL = Pattern.compile("^Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\).*$",
            Pattern.DOTALL);
    private static final String A_VALUE = "a value (a string in double quotes, a number, an object, an array,"
            + " true, false or null)";

    private JsonProblem() {
    }

    /** The problem in words, one line. */
    static String describe(String jacksonMessage) {
        String m = jacksonMessage == null ? "" : jacksonMessage.strip();
        if (m.contains("comment")) {
            return "comments are not allowed in JSON";
        }
        Matcher close = CLOSE.matcher(m);
        if (close.matches()) {
            return "'" + close.group(1) + "' found where '" + close.group(2) + "' must close the open "
                    + (close.group(2).equals("]") ? "array" : "object");
        }
        Matcher control = CONTROL.matcher(m);
        if (control.matches()) {
            return "a control character (" + codePoint(Integer.parseInt(control.group(1)))
                    + ") inside a string must be written as an escape such as \\n or \\u0009";
        }
        if (m.contains("Leading zeroes not allowed")) {
            return "a number may not start with a leading zero";
        }
        if (m.contains("Decimal point not followed by a digit")) {
            return "a decimal point must be followed by a digit";
        }
        if (m.contains("Exponent indicator not followed by a digit")) {
            return "an exponent ('e') must be followed by a digit";
        }
        Matcher unexpected = UNEXPECTED.matcher(m);
        if (unexpected.matches()) {
            return unexpectedCharacter(Integer.parseInt(unexpected.group(2)), unexpected.group(3));
        }
        Matcher token = TOKEN.matcher(m);
        if (token.matches()) {
            String word = Printable.escape(token.group(1));
            if (word.equals("NaN") || word.endsWith("Infinity") || word.equals("INF")) {
                return word + " is not a JSON number";
            }
            return "'" + word + "' is not " + A_VALUE;
        }
        if (m.startsWith("Unexpected end-of-input")) {
            return m.contains("VALUE_STRING") ? "the file ends inside a string (a closing '\"' is missing)"
                    : "the file ends before every '{' and '[' is closed";
        }
        if (m.contains("Invalid UTF-8") || m.contains("Invalid UTF8")) {
            return "the file is not valid UTF-8 text";
        }
        return clean(m);
    }

    private static String unexpectedCharacter(int code, String rest) {
        String shown = codePoint(code);
        if (rest.contains("plus sign")) {
            return "a number may not start with '+'";
        }
        if (code == '\'') {
            return "strings and field names need double quotes (\"), not single quotes";
        }
        if (code == '}' && rest.contains("double-quote to start field name")) {
            return "a comma before '}' is not allowed in JSON (trailing comma)";
        }
        if (code == ']' && rest.contains("expected a value")) {
            return "a comma before ']' is not allowed in JSON (trailing comma)";
        }
        if (rest.contains("double-quote to start field name")) {
            return "expected a field name in double quotes, got " + shown;
        }
        if (rest.contains("comma to separate Object entries")) {
            return "expected ',' or '}' after a field's value, got " + shown;
        }
        if (rest.contains("comma to separate Array entries")) {
            return "expected ',' or ']' after an array element, got " + shown;
        }
        if (rest.contains("colon to separate field name and value")) {
            return "expected ':' after the field name, got " + shown;
        }
        if (rest.contains("in numeric value")) {
            return "unexpected " + shown + " in a number";
        }
        return "expected " + A_VALUE + ", got " + shown;
    }

    /** {@code 'x'} for a visible character, {@code U+0001} for the rest. */
    private static String codePoint(int code) {
        if (code >= 0x21 && code < 0x7f) {
            return "'" + (char) code + "'";
        }
        return String.format(Locale.ROOT, "U+%04X", code);
    }

    /** Drops source descriptions, character codes and Jackson feature names. */
    private static String clean(String m) {
        String s = m.replaceAll("\\s*\\(?(?:start marker at |for \\w+ starting at )?\\[Source:[^\\]]*\\]\\)?", "")
                .replaceAll("\\s*\\(code \\d+\\)", "")
                .replaceAll(":?\\s*enable `[^`]*` to allow", "");
        int newline = s.indexOf('\n');
        return newline >= 0 ? s.substring(0, newline) : s;
    }
}
