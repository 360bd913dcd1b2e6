package org.monkeyeval.text;

/**
 * A case file (or folder) that cannot be used. The message is one line:
 * {@code FILE:LINE:COLUMN: FIELD: what is wrong}, leaving out the parts that do not apply.
 * Control and bidirectional-formatting characters from the input are escaped ({@link Printable}).
 */
public final class InvalidInputException extends Exception {
    private static final long serialVersionUID = 1L;

    public InvalidInputException(String file, long line, long column, String field, String problem) {
        super(Printable.escape(compose(file, line, column, field, problem)));
    }

    public InvalidInputException(String message) {
        super(Printable.escape(message));
    }

    private static String compose(String file, long line, long column, String field, String problem) {
        StringBuilder b = new StringBuilder(file);
        if (line > 0) {
            b.append(':').append(line);
            if (column > 0) {
                b.append(':').append(column);
            }
        }
        b.append(": ");
        if (field != null && !field.isEmpty()) {
            b.append(field).append(": ");
        }
        return b.append(problem).toString();
    }
}
