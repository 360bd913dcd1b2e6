package org.monkeyeval.engine.sst;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.monkeyeval.engine.sst.Coding.MalformedException;

/**
 * Decodes the entries of one uncompressed block (its contents, trailer already removed). Pure: bytes
 * in, entries out.
 *
 * <pre>
 * Layout (RocksDB table/block_based/block_builder.cc header comment, BlockBuilder::AddWithLastKeyImpl;
 * table/block_based/block.cc Block::Block, ParseNextKey; table/block_based/data_block_footer.{h,cc};
 * read at facebook/rocksdb commit 1dfa7297933df05237ac11376d6cb69d32591b1d):
 *
 *   entry*            shared: varint32, unshared: varint32, value_length: varint32 (absent in
 *                     index blocks whose values are delta-encoded, format_version &gt;= 4),
 *                     key bytes [unshared] appended to the first `shared` bytes of the previous key,
 *                     value bytes [value_length]
 *   [hash index]      data blocks only (footer bit 31): bucket bytes, then uint16 bucket count
 *   restarts          uint32 offsets [num_restarts]
 *   footer            uint32: low 28 bits num_restarts; bit 31 hash index, bit 30 reserved,
 *                     bit 29 uniform keys (advisory), bit 28 separated keys and values (not read
 *                     here: values then live in their own section)
 *
 * Index block values (table/format.cc IndexValue::DecodeFrom): an entry whose key shares no bytes
 * with the previous one (every restart point) holds a full handle, varint64 offset and varint64 size;
 * with delta encoding an entry with shared &gt; 0 holds only a signed varint64, its size minus the
 * previous handle's size, and starts where the previous block's trailer ends. Index type
 * kBinarySearchWithFirstKey appends the block's first key, length-prefixed.
 * </pre>
 */
final class Block {

    /** Bytes after every block: compression type (1) and checksum (4). */
    static final int TRAILER_BYTES = 5;

    private static final int HASH_INDEX_BIT = 1 << 31;
    private static final int RESERVED_BIT = 1 << 30;
    private static final int SEPARATED_KV_BIT = 1 << 28;
    private static final int MAX_RESTARTS = (1 << 28) - 1;

    /** One key and its value, both copied out of the block. */
    record Entry(byte[] key, byte[] value) {
    }

    /** One index entry: a separator key and the handle of the block it covers. */
    record IndexEntry(byte[] key, BlockHandle handle, byte[] firstKey) {
    }

    private Block() {
    }

    /** The entries of a block whose entries carry their value length (data, metaindex, properties). */
    static List<Entry> entries(byte[] contents) {
        int end = entriesEnd(contents);
        Coding in = new Coding(contents, 0, end);
        List<Entry> out = new ArrayList<>();
        byte[] key = new byte[0];
        while (in.hasRemaining()) {
            int shared = in.length();
            int unshared = in.length();
            int valueLength = in.length();
            key = nextKey(key, shared, in.bytes(unshared), in.position());
            out.add(new Entry(key, in.bytes(valueLength)));
        }
        return out;
    }

    /**
     * The entries of an index block (a table's index, an index partition, or a partitioned filter's
     * top-level index).
     *
     * @param deltaEncoded   the table property {@code rocksdb.index.value.is.delta.encoded}
     * @param haveFirstKey   index type kBinarySearchWithFirstKey (values carry the block's first key)
     */
    static List<IndexEntry> indexEntries(byte[] contents, boolean deltaEncoded, boolean haveFirstKey) {
        int end = entriesEnd(contents);
        Coding in = new Coding(contents, 0, end);
        List<IndexEntry> out = new ArrayList<>();
        byte[] key = new byte[0];
        BlockHandle previous = null;
        while (in.hasRemaining()) {
            int shared = in.length();
            int unshared = in.length();
            int valueEnd = end;
            if (!deltaEncoded) {
                int valueLength = in.length();
                valueEnd = in.position() + unshared + valueLength;
                if (valueEnd < 0 || valueEnd > end) {
                    throw new MalformedException("index value at " + in.position() + " runs past the entries (" + end + ")");
                }
            }
            key = nextKey(key, shared, in.bytes(unshared), in.position());
            Coding value = new Coding(contents, in.position(), valueEnd);
            BlockHandle handle;
            if (deltaEncoded && shared > 0) {
                if (previous == null) {
                    throw new MalformedException("delta-encoded index value at " + value.position() + " has no previous handle");
                }
                long size = previous.size() + value.signedVarint64();
                handle = handleOf(previous.end(), size, value.position());
            } else {
                long offset = value.varint64();
                handle = handleOf(offset, value.varint64(), value.position());
            }
            byte[] firstKey = haveFirstKey ? value.bytes(value.length()) : null;
            in.skip(value.position() - in.position());
            if (!deltaEncoded) {
                in.skip(valueEnd - in.position());
            }
            out.add(new IndexEntry(key, handle, firstKey));
            previous = handle;
        }
        return out;
    }

    private static BlockHandle handleOf(long offset, long size, int at) {
        if (offset < 0 || size < 0) {
            throw new MalformedException("block handle before " + at + " has a negative offset or size");
        }
        return new BlockHandle(offset, size);
    }

    private static byte[] nextKey(byte[] previous, int shared, byte[] unshared, int at) {
        if (shared > previous.length) {
            throw new MalformedException("entry before " + at + " shares " + shared + " bytes of a " + previous.length
                    + "-byte previous key");
        }
        byte[] key = Arrays.copyOf(previous, shared + unshared.length);
        System.arraycopy(unshared, 0, key, shared, unshared.length);
        return key;
    }

    /** Where the entries end: the start of the hash index or of the restart array. */
    static int entriesEnd(byte[] contents) {
        if (contents.length < 4) {
            throw new MalformedException("block of " + contents.length + " bytes is too short for its footer");
        }
        int packed = (int) Coding.fixed32(contents, contents.length - 4);
        if ((packed & SEPARATED_KV_BIT) != 0) {
            throw new MalformedException("block stores keys and values in separate sections, which this reader does not decode");
        }
        if ((packed & RESERVED_BIT) != 0) {
            throw new MalformedException("block footer sets the reserved bit 30 (a feature this reader does not know)");
        }
        int restarts = packed & MAX_RESTARTS;
        int end = contents.length - 4;
        if ((packed & HASH_INDEX_BIT) != 0) {
            if (end < 2) {
                throw new MalformedException("block with a hash index is too short for its bucket count");
            }
            int buckets = (contents[end - 2] & 0xFF) | (contents[end - 1] & 0xFF) << 8;
            if (buckets == 0 || buckets + 2 > end) {
                throw new MalformedException("hash index of " + buckets + " buckets does not fit the block");
            }
            end -= 2 + buckets;
        }
        long restartBytes = 4L * restarts;
        if (restartBytes > end) {
            throw new MalformedException(restarts + " restart points do not fit a block of " + contents.length + " bytes");
        }
        if (restarts == 0 && end > 0) {
            throw new MalformedException("block has entries but no restart points");
        }
        return end - (int) restartBytes;
    }

    /** Whether a block keeps its values in a section of their own (footer bit 28), which {@link #entries} refuses. */
    static boolean separatesKeysAndValues(byte[] contents) {
        return contents.length >= 4 && ((int) Coding.fixed32(contents, contents.length - 4) & SEPARATED_KV_BIT) != 0;
    }
}
