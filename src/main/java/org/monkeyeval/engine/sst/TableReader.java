package org.monkeyeval.engine.sst;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.monkeyeval.engine.sst.Coding.MalformedException;

/**
 * Reads a table from a {@link Source} of its bytes: footer, metaindex, properties, filter, key range.
 * Positioned reads are the only I/O; everything else is decoding.
 */
final class TableReader {

    /** The file's bytes, by position. */
    interface Source {
        long size();

        /** {@code length} bytes at {@code offset}, both within {@link #size()}. */
        byte[] read(long offset, int length);
    }

    static final String PROPERTIES_BLOCK = "rocksdb.properties";
    /** The properties block's name before RocksDB 3.x ({@code kPropertiesBlockOldName}). */
    static final String LEGACY_PROPERTIES_BLOCK = "rocksdb.stats";
    static final String INDEX_BLOCK = "rocksdb.index";

    /** Compression types of the block trailer (include/rocksdb/compression_type.h). */
    private static final String[] COMPRESSION_NAMES = {
        "none", "Snappy", "Zlib", "BZip2", "LZ4", "LZ4HC", "Xpress", "ZSTD"};

    private final String name;
    private final Source source;
    /** Pairs of consecutive data blocks read at most (a larger table's sampled evenly); 0: none read. */
    private final int maxPairs;
    private Footer footer;

    private TableReader(String name, Source source, int maxPairs) {
        this.name = name;
        this.source = source;
        this.maxPairs = maxPairs;
    }

    static SstFile read(String name, Source source) throws SstFormatException {
        return read(name, source, false);
    }

    /** As {@link #read(String, Source)}, reading the data blocks' boundaries too when {@code withBoundaries}. */
    static SstFile read(String name, Source source, boolean withBoundaries) throws SstFormatException {
        return read(name, source, withBoundaries ? BlockBoundaries.MAX_PAIRS : 0);
    }

    /** As {@link #read(String, Source)}, reading up to {@code maxPairs} of the data blocks' boundaries (0: none). */
    static SstFile read(String name, Source source, int maxPairs) throws SstFormatException {
        return new TableReader(name, source, maxPairs).read();
    }

    private SstFile read() throws SstFormatException {
        long size = source.size();
        if (size < Footer.BYTES) {
            throw fail("truncated or not an SST file: " + size + " bytes, fewer than the " + Footer.BYTES
                    + "-byte footer");
        }
        long footerOffset = size - Footer.BYTES;
        try {
            footer = Footer.decode(source.read(footerOffset, Footer.BYTES), footerOffset);
        } catch (MalformedException e) {
            throw fail(e.getMessage());
        }
        Map<String, BlockHandle> metaindex = metaindex(block("metaindex", footer.metaindex(), true));
        BlockHandle index = footer.index().orElse(null);
        if (index == null) {
            index = metaindex.get(INDEX_BLOCK);
            if (index == null) {
                throw fail("format version " + footer.formatVersion() + " metaindex has no " + INDEX_BLOCK + " entry");
            }
        }
        BlockHandle propertiesHandle = metaindex.getOrDefault(PROPERTIES_BLOCK, metaindex.get(LEGACY_PROPERTIES_BLOCK));
        if (propertiesHandle == null) {
            throw fail("metaindex has no " + PROPERTIES_BLOCK + " entry");
        }
        TableProperties properties;
        byte[] propertiesBlock = block(PROPERTIES_BLOCK, propertiesHandle, true);
        try {
            properties = TableProperties.decode(propertiesBlock);
        } catch (MalformedException e) {
            throw failIn(PROPERTIES_BLOCK, propertiesHandle, e);
        }
        SstFilter filter = filter(metaindex, properties);
        KeyRange range = keyRange(index, properties);
        BlockBoundaries boundaries = maxPairs > 0 ? boundaries(index, properties) : null;
        return new SstFile(name, size, footer, index, metaindex, properties, filter, range, boundaries);
    }

    private Map<String, BlockHandle> metaindex(byte[] contents) throws SstFormatException {
        Map<String, BlockHandle> out = new LinkedHashMap<>();
        try {
            for (Block.Entry e : Block.entries(contents)) {
                Coding value = new Coding(e.value(), 0, e.value().length);
                long offset = value.varint64();
                long length = value.varint64();
                if (offset < 0 || length < 0) {
                    throw new MalformedException("handle of " + new String(e.key(), StandardCharsets.UTF_8) + " is out of range");
                }
                out.put(new String(e.key(), StandardCharsets.UTF_8), new BlockHandle(offset, length));
            }
        } catch (MalformedException e) {
            throw failIn("metaindex", footer.metaindex(), e);
        }
        return out;
    }

    private SstFilter filter(Map<String, BlockHandle> metaindex, TableProperties properties) throws SstFormatException {
        String full = null;
        String partitioned = null;
        String blockBased = null;
        for (String key : metaindex.keySet()) {
            if (full == null && key.startsWith(SstFilter.FULL_PREFIX)) {
                full = key;
            } else if (partitioned == null && key.startsWith(SstFilter.PARTITIONED_PREFIX)) {
                partitioned = key;
            } else if (blockBased == null && key.startsWith(SstFilter.BLOCK_BASED_PREFIX)) {
                blockBased = key;
            }
        }
        // RocksDB's reader tries the prefixes in this order (PrefetchIndexAndFilterBlocks).
        if (full != null) {
            BlockHandle h = metaindex.get(full);
            return SstFilter.single(SstFilter.Kind.FULL, full, h, block(full, h, true));
        }
        if (partitioned != null) {
            BlockHandle h = metaindex.get(partitioned);
            byte[] top = block(partitioned, h, true);
            List<Block.IndexEntry> entries;
            try {
                entries = Block.indexEntries(top, properties.indexValueIsDeltaEncoded(), false);
            } catch (MalformedException e) {
                throw failIn(partitioned + " (partition index)", h, e);
            }
            List<SstFilter.Partition> parts = new ArrayList<>(entries.size());
            for (int i = 0; i < entries.size(); i++) {
                Block.IndexEntry e = entries.get(i);
                byte[] contents = block(partitioned + " partition " + i, e.handle(), true);
                parts.add(new SstFilter.Partition(e.key(), e.handle(), contents));
            }
            return SstFilter.partitioned(partitioned, h, top, parts);
        }
        if (blockBased != null) {
            BlockHandle h = metaindex.get(blockBased);
            return SstFilter.single(SstFilter.Kind.BLOCK_BASED, blockBased, h, block(blockBased, h, true));
        }
        return SstFilter.none();
    }

    /**
     * The entries of the table's (top-level) index, or null when it is compressed with a type not decoded
     * here; for a partitioned index, the partitions' handles.
     */
    private List<Block.IndexEntry> topIndex(BlockHandle indexHandle, TableProperties properties)
            throws SstFormatException {
        byte[] top = block("index", indexHandle, false);
        if (top == null) {
            return null;
        }
        return indexEntries("index", indexHandle, top, properties.indexValueIsDeltaEncoded(),
                properties.indexType().orElse(0) == TableProperties.INDEX_TYPE_WITH_FIRST_KEY);
    }

    /** First key of the first data block and last key of the last, or null where that needs a compressed block. */
    private KeyRange keyRange(BlockHandle indexHandle, TableProperties properties) throws SstFormatException {
        if (properties.numDataBlocks() == 0 && properties.numEntries() == 0) {
            return null;
        }
        List<Block.IndexEntry> entries = topIndex(indexHandle, properties);
        if (entries == null || entries.isEmpty()) {
            return null;
        }
        int type = properties.indexType().orElse(0);
        boolean delta = properties.indexValueIsDeltaEncoded();
        BlockHandle first = entries.get(0).handle();
        BlockHandle last = entries.get(entries.size() - 1).handle();
        if (type == TableProperties.INDEX_TYPE_TWO_LEVEL) {
            first = firstOrLastHandle("index partition 0", first, delta, true);
            last = firstOrLastHandle("index partition " + (entries.size() - 1), last, delta, false);
            if (first == null || last == null) {
                return null;
            }
        }
        byte[] firstBlock = block("first data block", first, false);
        byte[] lastBlock = first.equals(last) ? firstBlock : block("last data block", last, false);
        if (firstBlock == null || lastBlock == null
                || Block.separatesKeysAndValues(firstBlock) || Block.separatesKeysAndValues(lastBlock)) {
            return null;
        }
        List<Block.Entry> head = dataEntries("first data block", first, firstBlock);
        List<Block.Entry> tail = first.equals(last) ? head : dataEntries("last data block", last, lastBlock);
        if (head.isEmpty() || tail.isEmpty()) {
            return null;
        }
        return new KeyRange(userKey("first data block", first, head.get(0).key()),
                userKey("last data block", last, tail.get(tail.size() - 1).key()));
    }

    /**
     * Every data block's index entry in order (through the partitions of a partitioned index), then for
     * consecutive blocks (all, or every k-th pair beyond {@link #maxPairs}) the last key,
     * the separator and the next block's first key; the separators alone where a data block is compressed
     * with a type not decoded here (ZSTD), null where an index block is.
     */
    private BlockBoundaries boundaries(BlockHandle indexHandle, TableProperties properties) throws SstFormatException {
        List<Block.IndexEntry> entries = topIndex(indexHandle, properties);
        if (entries == null) {
            return null;
        }
        boolean delta = properties.indexValueIsDeltaEncoded();
        if (properties.indexType().orElse(0) == TableProperties.INDEX_TYPE_TWO_LEVEL) {
            List<Block.IndexEntry> all = new ArrayList<>();
            for (int i = 0; i < entries.size(); i++) {
                String what = "index partition " + i;
                byte[] partition = block(what, entries.get(i).handle(), false);
                if (partition == null) {
                    return null;
                }
                all.addAll(indexEntries(what, entries.get(i).handle(), partition, delta, false));
            }
            entries = all;
        }
        if (entries.isEmpty()) {
            return null;
        }
        int pairs = entries.size() - 1;
        int stride = Math.max(1, (int) (((long) pairs + maxPairs - 1) / maxPairs));
        List<BlockBoundaries.Pair> out = new ArrayList<>();
        List<Block.Entry> held = null;
        int heldAt = -1;
        boolean keys = true;
        for (int i = 0; i < pairs; i += stride) {
            BlockHandle h = entries.get(i).handle();
            byte[] separator = entries.get(i).key();
            if (!properties.indexKeyIsUserKey()) {
                separator = userKey("index entry of data block " + i, h, separator);
            }
            List<Block.Entry> block = !keys ? null : heldAt == i ? held : dataBlock(i, h);
            List<Block.Entry> next = block == null ? null : dataBlock(i + 1, entries.get(i + 1).handle());
            if (block == null || next == null) {
                if (keys && !out.isEmpty()) {
                    out.replaceAll(p -> new BlockBoundaries.Pair(null, p.separator(), null));
                }
                keys = false;
                out.add(new BlockBoundaries.Pair(null, separator, null));
                continue;
            }
            out.add(new BlockBoundaries.Pair(userKey("data block " + i, h, block.get(block.size() - 1).key()),
                    separator, userKey("data block " + (i + 1), entries.get(i + 1).handle(), next.get(0).key())));
            held = next;
            heldAt = i + 1;
        }
        return new BlockBoundaries(out, entries.size());
    }

    /** A data block's entries, or null when it is compressed with a type not decoded here or keeps its values apart. */
    private List<Block.Entry> dataBlock(int i, BlockHandle h) throws SstFormatException {
        String what = "data block " + i;
        byte[] contents = block(what, h, false);
        if (contents == null || Block.separatesKeysAndValues(contents)) {
            return null;
        }
        List<Block.Entry> entries = dataEntries(what, h, contents);
        if (entries.isEmpty()) {
            throw fail(what + " at " + h + " has no entries");
        }
        return entries;
    }

    private BlockHandle firstOrLastHandle(String what, BlockHandle partition, boolean delta, boolean firstEntry)
            throws SstFormatException {
        byte[] contents = block(what, partition, false);
        if (contents == null) {
            return null;
        }
        List<Block.IndexEntry> entries = indexEntries(what, partition, contents, delta, false);
        if (entries.isEmpty()) {
            throw fail(what + " at " + partition + " has no entries");
        }
        return entries.get(firstEntry ? 0 : entries.size() - 1).handle();
    }

    private List<Block.IndexEntry> indexEntries(String what, BlockHandle h, byte[] contents, boolean delta,
                                                boolean firstKey) throws SstFormatException {
        try {
            return Block.indexEntries(contents, delta, firstKey);
        } catch (MalformedException e) {
            throw failIn(what, h, e);
        }
    }

    private List<Block.Entry> dataEntries(String what, BlockHandle h, byte[] contents) throws SstFormatException {
        try {
            return Block.entries(contents);
        } catch (MalformedException e) {
            throw failIn(what, h, e);
        }
    }

    private byte[] userKey(String what, BlockHandle h, byte[] internalKey) throws SstFormatException {
        if (internalKey.length < 8) {
            throw fail(what + " at " + h + ": key of " + internalKey.length
                    + " bytes is shorter than an internal key's 8-byte sequence and type");
        }
        byte[] user = new byte[internalKey.length - 8];
        System.arraycopy(internalKey, 0, user, 0, user.length);
        return user;
    }

    /**
     * A block's contents after its trailer's checksum has been verified.
     *
     * @param mustBeUncompressed throw if the block is compressed; otherwise return null for it
     */
    private byte[] block(String what, BlockHandle h, boolean mustBeUncompressed) throws SstFormatException {
        long end = h.offset() + h.size() + Block.TRAILER_BYTES;
        if (h.size() > Integer.MAX_VALUE - Block.TRAILER_BYTES || end > footer.offset()) {
            throw fail("block " + what + " at " + h + " runs past the end of the table data (footer at "
                    + footer.offset() + "): truncated or corrupt");
        }
        int n = (int) h.size();
        byte[] withTrailer = source.read(h.offset(), n + Block.TRAILER_BYTES);
        ChecksumType type = footer.checksumType();
        if (Checksums.computable(type)) {
            int stored = (int) Coding.fixed32(withTrailer, n + 1);
            int computed = Checksums.compute(type, withTrailer, 0, n + 1);
            int modifier = Checksums.contextModifier(footer.baseContextChecksum(), h.offset());
            if (stored - modifier != computed) {
                throw fail("bad checksum in block " + what + " at offset " + h.offset() + " size " + h.size()
                        + " (" + type + ": stored " + Integer.toUnsignedString(stored - modifier)
                        + (modifier != 0 ? " less context" : "") + ", computed " + Integer.toUnsignedString(computed) + ")");
            }
        }
        int compression = withTrailer[n] & 0xFF;
        if (compression != 0) {
            if (mustBeUncompressed) {
                throw fail("block " + what + " at offset " + h.offset() + " is compressed ("
                        + (compression < COMPRESSION_NAMES.length ? COMPRESSION_NAMES[compression] : "type " + compression)
                        + "), which this reader does not decompress");
            }
            if (!Decompression.decodes(compression)) {
                return null;
            }
            try {
                return Decompression.decompress(compression, withTrailer, n);
            } catch (MalformedException e) {
                throw fail("block " + what + " at offset " + h.offset() + " ("
                        + COMPRESSION_NAMES[compression] + "): " + e.getMessage());
            }
        }
        byte[] contents = new byte[n];
        System.arraycopy(withTrailer, 0, contents, 0, n);
        return contents;
    }

    private SstFormatException fail(String problem) {
        return new SstFormatException(name, problem);
    }

    private SstFormatException failIn(String what, BlockHandle h, MalformedException e) {
        return fail("block " + what + " at offset " + h.offset() + " size " + h.size() + ": " + e.getMessage());
    }
}
