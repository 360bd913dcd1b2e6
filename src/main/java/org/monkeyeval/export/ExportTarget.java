package org.monkeyeval.export;

import java.util.regex.Pattern;

/**
 * What an export names in the engine: HBase's table and column family (the other engines' exports name
 * none). Checked so that the names go into an HBase shell string as they are.
 *
 * <pre>
 *   table          [namespace:]qualifier, each [A-Za-z0-9_][A-Za-z0-9_.-]*   (TableName.isLegalTableQualifierName:
 *                  letters, digits, '_', '-', '.', not first '.' or '-')
 *   column family  one or more printable ASCII characters, not ':' (ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName),
 *                  not starting with '.', and no quote or backslash (they would end the shell string)
 * </pre>
 *
 * @param table        the HBase table
 * @param columnFamily the column family
 */
public record ExportTarget(String table, String columnFamily) {

    /** The column family an export names when none is given. */
    public static final String DEFAULT_COLUMN_FAMILY = "cf";

    private static final Pattern PART = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");
    private static final Pattern FAMILY = Pattern.compile("[\\x20-\\x7e&&[^:'\"\\\\.]][\\x20-\\x7e&&[^:'\"\\\\]]*");

    public ExportTarget {
        if (table == null || !legalTable(table)) {
            throw new IllegalArgumentException("table '" + table + "' is not an HBase table name ([namespace:]name,"
                    + " letters, digits, '_', '-', '.', not starting with '.' or '-')");
        }
        if (columnFamily == null || !FAMILY.matcher(columnFamily).matches()) {
            throw new IllegalArgumentException("column family '" + columnFamily + "' is not an HBase column family"
                    + " name here (printable, no ':', quote or backslash, not starting with '.')");
        }
    }

    /** The case's id as the table, {@link #DEFAULT_COLUMN_FAMILY} as the column family. */
    public static ExportTarget defaults(String caseId) {
        return new ExportTarget(caseId, DEFAULT_COLUMN_FAMILY);
    }

    private static boolean legalTable(String table) {
        String[] parts = table.split(":", -1);
        if (parts.length > 2) {
            return false;
        }
        for (String part : parts) {
            if (!PART.matcher(part).matches()) {
                return false;
            }
        }
        return true;
    }
}
