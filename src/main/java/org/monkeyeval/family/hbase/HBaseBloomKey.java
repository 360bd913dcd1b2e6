package org.monkeyeval.family.hbase;

/**
 * The bytes a column family's {@code BLOOMFILTER} type puts into its store files' filters for a cell,
 * and which lookups it answers. Followed from HBase 2.6.1: {@code regionserver/BloomType.java}
 * (hbase-client), {@code regionserver/StoreFileWriter.java} (the BloomContext per type),
 * {@code util/RowBloomContext.java}, {@code util/RowColBloomContext.java},
 * {@code util/RowPrefixFixedLengthBloomContext.java}, {@code util/RowBloomHashKey.java},
 * {@code util/RowColBloomHashKey.java} and {@code regionserver/StoreFileReader.java}
 * ({@code passesBloomFilter}, {@code checkGeneralBloomFilter}):
 *
 * <pre>
 *   type                    holds (each distinct key once)            answers
 *   ROW (default)           the row                                   a Get (a single-row scan) of that row
 *   ROWCOL                  row and qualifier, as the bytes           a Get of one column: two keys asked, the
 *                           len(row) (2 bytes, big-endian), row, 0,   row and column, and the row alone (a row
 *                           qualifier, Long.MAX_VALUE (8 bytes),      delete covers every column); each sized
 *                           0xFF (KeyValue.Type.Maximum)              for 1 - sqrt(1 - rate). A Get of several
 *                                                                     columns checks it per column as it seeks
 *   ROWPREFIX_FIXED_LENGTH  the first P bytes of the row (the whole   a Get, by its row's prefix; a scan whose
 *                           row when shorter), P =                    start and stop rows share at least P
 *                           RowPrefixBloomFilter.prefix_length        bytes, by that prefix
 *   NONE                    nothing                                   nothing: every lookup reads the file
 * </pre>
 *
 * Any other scan reads the file whatever its filter. The filter priced and built by
 * {@link HBaseFamily} is ROW's, whose keys here are the rows themselves.
 */
public final class HBaseBloomKey {

    /** {@code HConstants.LATEST_TIMESTAMP}, the timestamp ROWCOL keys carry. */
    static final long LATEST_TIMESTAMP = Long.MAX_VALUE;
    /** {@code KeyValue.Type.Maximum.getCode()}, the type byte ROWCOL keys carry. */
    static final byte MAX_TYPE = (byte) 255;

    private HBaseBloomKey() {
    }

    /** ROW: the row itself (a copy). */
    public static byte[] row(byte[] row) {
        check(row, "row");
        return row.clone();
    }

    /** ROWPREFIX_FIXED_LENGTH: the first min(P, length) bytes of the row. */
    public static byte[] rowPrefix(byte[] row, int prefixLength) {
        check(row, "row");
        if (prefixLength < 1) {
            throw new IllegalArgumentException("RowPrefixBloomFilter.prefix_length (" + prefixLength + ") must be >= 1");
        }
        return java.util.Arrays.copyOf(row, Math.min(prefixLength, row.length));
    }

    /**
     * ROWCOL: the bytes {@code RowColBloomHashKey} hashes for a cell of {@code row} and {@code qualifier}
     * (the family left out, its length byte 0). With an empty qualifier, the row-alone key a Get also asks.
     */
    public static byte[] rowCol(byte[] row, byte[] qualifier) {
        check(row, "row");
        check(qualifier, "qualifier");
        if (row.length > Short.MAX_VALUE) {
            throw new IllegalArgumentException("row of " + row.length + " bytes is longer than HBase's "
                    + Short.MAX_VALUE);
        }
        byte[] out = new byte[2 + row.length + 1 + qualifier.length + 8 + 1];
        out[0] = (byte) (row.length >>> 8);
        out[1] = (byte) row.length;
        System.arraycopy(row, 0, out, 2, row.length);
        int at = 2 + row.length;
        out[at++] = 0;
        System.arraycopy(qualifier, 0, out, at, qualifier.length);
        at += qualifier.length;
        for (int i = 7; i >= 0; i--) {
            out[at++] = (byte) (LATEST_TIMESTAMP >>> (8 * i));
        }
        out[at] = MAX_TYPE;
        return out;
    }

    private static void check(byte[] bytes, String what) {
        if (bytes == null) {
            throw new IllegalArgumentException(what + " must not be null");
        }
    }
}
