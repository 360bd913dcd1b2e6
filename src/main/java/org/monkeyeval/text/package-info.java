/**
 * The bottom room, which every other may use and which uses none: text with fixed bytes, and the error
 * every room reports about input it was given.
 *
 * <p>Formats: RFC 4180 CSV ({@link org.monkeyeval.text.Csv}, parsed back as {@link org.monkeyeval.text.CsvTable}),
 * JSON with fixed bytes ({@link org.monkeyeval.text.Json}, a table as JSON rows
 * {@link org.monkeyeval.text.TableJson}), the one number format every file uses, the same on JDK 17 and 25
 * ({@link org.monkeyeval.text.Numbers}), SHA-256 in hex ({@link org.monkeyeval.text.Sha256}) and an output
 * file as a writer of its text ({@link org.monkeyeval.text.TextDocument}).
 *
 * <p>Errors: {@link org.monkeyeval.text.InvalidInputException}, a case file, folder or path that cannot be
 * used, in one line naming the file, line, column and field (exit code 3), with
 * {@link org.monkeyeval.text.Printable} to echo input safely. It lives here, not with the case reader,
 * because the RocksDB adapter, the exports and the bundle throw it too.
 *
 * <p>Formatting and parsing only: strings and writers in and out, no files opened here.
 */
package org.monkeyeval.text;
