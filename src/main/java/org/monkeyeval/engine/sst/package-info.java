/**
 * A reader of RocksDB block-based table (SST) files, written from RocksDB's format documentation and
 * source: {@link org.monkeyeval.engine.sst.SstFile#read(java.nio.file.Path)} gives a file's footer
 * (format version, checksum type), its metaindex (meta block name to
 * {@link org.monkeyeval.engine.sst.BlockHandle}), its {@link org.monkeyeval.engine.sst.TableProperties},
 * its {@link org.monkeyeval.engine.sst.SstFilter} (kind, policy name and raw filter bytes, full or per
 * partition) and its {@link org.monkeyeval.engine.sst.KeyRange}. Every block read is verified against
 * its checksum (CRC-32C, xxHash, xxHash64, XXH3; the format_version 6 footer checksum and context
 * included). A file that cannot be read as a table throws
 * {@link org.monkeyeval.engine.sst.SstFormatException}, whose message names the file.
 *
 * <p>Decoding works on bytes (a block's contents, the footer's 53 bytes) and does no I/O; the only
 * file access is positioned reads of the blocks named above, in {@code SstFile.read}. Filter bytes are
 * returned as stored: decoding a filter's metadata trailer belongs to its family.
 */
package org.monkeyeval.engine.sst;
