package org.monkeyeval.engine.sst;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one RocksDB block-based table (SST) file says about itself: its footer, its metaindex, its
 * table properties, its filter's raw bytes and, where cheap, its key range. Immutable.
 *
 * <p>Reading touches only the file's tail and two data blocks: the footer, the metaindex, the
 * properties block, the filter blocks, the index (for a partitioned index, its top level and first and
 * last partition) and the first and last data block; read with its block boundaries, every index
 * partition and every data block too (a sample of a large table's). Every block read is checked against its trailer's
 * checksum (CRC-32C, xxHash, xxHash64 or XXH3, with the format_version 6 context), and so is a
 * version 6 footer; a table whose checksum type is {@code kNoChecksum} has nothing to check
 * ({@link #checksumsVerified()} is then false). Meta blocks must be uncompressed, as RocksDB writes
 * them; index and data blocks compressed with Snappy, LZ4 or zlib are decompressed ({@link Decompression}),
 * and the key range is left out when a block it needs is compressed otherwise (ZSTD).
 *
 * <p>Sources: RocksDB's wiki page "Rocksdb BlockBasedTable Format" and, at facebook/rocksdb commit
 * 1dfa7297933df05237ac11376d6cb69d32591b1d, table/format.{h,cc}, table/meta_blocks.cc,
 * table/block_based/block_based_table_builder.cc, block_based_table_reader.cc, block.cc,
 * block_builder.cc, partitioned_filter_block.cc, reader_common.cc, util/coding.h, util/crc32c.h;
 * each class cites the parts it follows.
 */
public final class SstFile {

    private final String name;
    private final long fileSize;
    private final Footer footer;
    private final BlockHandle index;
    private final Map<String, BlockHandle> metaindex;
    private final TableProperties properties;
    private final SstFilter filter;
    private final KeyRange keyRange;
    private final BlockBoundaries boundaries;

    SstFile(String name, long fileSize, Footer footer, BlockHandle index, Map<String, BlockHandle> metaindex,
            TableProperties properties, SstFilter filter, KeyRange keyRange, BlockBoundaries boundaries) {
        this.name = Objects.requireNonNull(name, "name");
        this.fileSize = fileSize;
        this.footer = Objects.requireNonNull(footer, "footer");
        this.index = Objects.requireNonNull(index, "index");
        this.metaindex = Collections.unmodifiableMap(new LinkedHashMap<>(metaindex));
        this.properties = Objects.requireNonNull(properties, "properties");
        this.filter = Objects.requireNonNull(filter, "filter");
        this.keyRange = keyRange;
        this.boundaries = boundaries;
    }

    /**
     * Reads the table at {@code path}.
     *
     * @throws SstFormatException the file is not a block-based table this reader can read; the message
     *                            starts with the path
     * @throws IOException        the file cannot be opened or read
     */
    public static SstFile read(Path path) throws IOException, SstFormatException {
        return read(path, false);
    }

    /**
     * Reads the table at {@code path}; with {@code withBoundaries}, its data blocks' boundaries too
     * ({@link #blockBoundaries()}: every data block is read, or an even sample of a large table's).
     */
    public static SstFile read(Path path, boolean withBoundaries) throws IOException, SstFormatException {
        return read(path, withBoundaries ? BlockBoundaries.MAX_PAIRS : 0);
    }

    /**
     * Reads the table at {@code path} with every one of its data blocks' boundaries, however many (for counting
     * what each key meets; {@link #read(Path, boolean)} samples a large table's).
     */
    public static SstFile readWithEveryBoundary(Path path) throws IOException, SstFormatException {
        return read(path, Integer.MAX_VALUE);
    }

    private static SstFile read(Path path, int maxPairs) throws IOException, SstFormatException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            TableReader.Source source = new TableReader.Source() {
                @Override
                public long size() {
                    return size;
                }

                @Override
                public byte[] read(long offset, int length) {
                    ByteBuffer buffer = ByteBuffer.allocate(length);
                    try {
                        while (buffer.hasRemaining()) {
                            if (channel.read(buffer, offset + buffer.position()) < 0) {
                                throw new IOException(path + ": ended at " + (offset + buffer.position())
                                        + " while reading " + length + " bytes at " + offset);
                            }
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    return buffer.array();
                }
            };
            try {
                return TableReader.read(path.toString(), source, maxPairs);
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
    }

    /**
     * Reads a table held in memory (the whole file, from the buffer's position to its limit); the
     * buffer is not changed.
     *
     * @param name how messages name the file
     * @throws SstFormatException the bytes are not a block-based table this reader can read
     */
    public static SstFile parse(String name, ByteBuffer file) throws SstFormatException {
        return parse(name, file, false);
    }

    /** As {@link #parse(String, ByteBuffer)}, with the data blocks' boundaries when {@code withBoundaries}. */
    public static SstFile parse(String name, ByteBuffer file, boolean withBoundaries) throws SstFormatException {
        ByteBuffer view = file.slice();
        long size = view.remaining();
        return TableReader.read(name, new TableReader.Source() {
            @Override
            public long size() {
                return size;
            }

            @Override
            public byte[] read(long offset, int length) {
                byte[] out = new byte[length];
                view.get((int) offset, out);
                return out;
            }
        }, withBoundaries);
    }

    /** The file's name as given (its path for {@link #read(Path)}). */
    public String name() {
        return name;
    }

    public long fileSize() {
        return fileSize;
    }

    public Footer footer() {
        return footer;
    }

    public int formatVersion() {
        return footer.formatVersion();
    }

    public ChecksumType checksumType() {
        return footer.checksumType();
    }

    /** Whether every block read (and a version 6 footer) was checked against a checksum: false only for kNoChecksum. */
    public boolean checksumsVerified() {
        return Checksums.computable(footer.checksumType());
    }

    /** The (top-level) index block: from the footer before format_version 6, from the metaindex entry "rocksdb.index" after. */
    public BlockHandle indexHandle() {
        return index;
    }

    /** The metaindex: meta block name to handle, in the block's (bytewise sorted) order. */
    public Map<String, BlockHandle> metaindex() {
        return metaindex;
    }

    public TableProperties properties() {
        return properties;
    }

    public SstFilter filter() {
        return filter;
    }

    /** Smallest and largest user key; empty for a table with no data blocks, or whose index or first or last data block is compressed or in a layout not read here. */
    public Optional<KeyRange> keyRange() {
        return Optional.ofNullable(keyRange);
    }

    /**
     * Where the data blocks meet ({@link BlockBoundaries}), when read with them (separators alone where the
     * data blocks are compressed); empty otherwise, and for a table whose index blocks are compressed.
     */
    public Optional<BlockBoundaries> blockBoundaries() {
        return Optional.ofNullable(boundaries);
    }

    @Override
    public String toString() {
        return name + ": format version " + formatVersion() + ", " + checksumType() + ", "
                + properties.numEntries() + " entries, " + filter;
    }
}
