package org.monkeyeval.engine.sst;

/**
 * A file that is not a RocksDB block-based table this package can read: too short, a foreign magic
 * number, an unknown format version, a checksum that does not match, a block that does not decode, or
 * a block this reader needs that is compressed. The message is one line,
 * {@code FILE: what is wrong}, naming the block and its offset where one is at fault; a command turns
 * it into an input error naming the file.
 */
public final class SstFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String file;

    /**
     * @param file    the file's name as the caller gave it (a path, or a label for bytes in memory)
     * @param problem what is wrong, without the file name
     */
    public SstFormatException(String file, String problem) {
        super(file + ": " + problem);
        this.file = file;
    }

    /** The file's name as given to the reader. */
    public String file() {
        return file;
    }
}
