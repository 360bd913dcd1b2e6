package org.monkeyeval.engine.sst;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.rocksdb.Options;
import org.rocksdb.SstFileReader;

import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.engine.sst.SstFixtures.FilterKind;
import org.monkeyeval.engine.sst.SstFixtures.Spec;

/**
 * The reader agrees with RocksDB about tables RocksDB wrote: for format versions 2 to 7 (Ribbon and no
 * filter at 4, 5 and 6), every checksum type, full and partitioned, Bloom, Ribbon and no filter, the properties this reader
 * decodes equal those RocksJava's {@code SstFileReader} reports for the same file; the filter's raw
 * bytes add up to {@code rocksdb.filter.size}; the key range is the first and last key written.
 */
final class SstFileTest {

    static final int KEYS = 6_000;
    static final List<byte[]> KEY_SET = SstFixtures.keys(20_260_101L, KEYS);

    @TempDir
    static Path dir;

    @BeforeAll
    static void nativeLibrary() {
        assumeTrue(RocksDbNative.available(), () -> "RocksJava tests skipped: " + RocksDbNative.problem().orElse(""));
    }

    static Stream<Spec> specs() {
        List<Spec> out = new ArrayList<>();
        for (int fv = Footer.MIN_FORMAT_VERSION; fv <= Footer.MAX_FORMAT_VERSION; fv++) {
            for (boolean partitioned : new boolean[] {false, true}) {
                out.add(Spec.bloom(fv, 10, partitioned));
                if (fv >= 4 && fv <= 6) {
                    out.add(Spec.bloom(fv, 10, partitioned).withFilter(FilterKind.RIBBON, 8));
                    out.add(Spec.bloom(fv, 10, partitioned).withFilter(FilterKind.NONE, 0));
                }
            }
        }
        out.add(Spec.bloom(5, 7.5, false).withWholeKeyFiltering(false));
        out.add(Spec.bloom(6, 14, true).withChecksum(org.rocksdb.ChecksumType.kXXH3));
        return out.stream();
    }

    private static Path write(Spec spec) throws Exception {
        return SstFixtures.write(dir, spec.toString().replace('/', '_') + ".sst", spec, KEY_SET);
    }

    private static org.rocksdb.TableProperties rocksProperties(Path file) throws Exception {
        try (Options options = new Options(); SstFileReader reader = new SstFileReader(options)) {
            reader.open(file.toString());
            return reader.getTableProperties();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void read_rocksJavaTable_propertiesEqualRocksDbs(Spec spec) throws Exception {
        Path file = write(spec);
        SstFile sst = SstFile.read(file);
        org.rocksdb.TableProperties expected = rocksProperties(file);
        TableProperties p = sst.properties();
        assertEquals(expected.getNumEntries(), p.numEntries(), "num entries");
        assertEquals(KEYS, p.numEntries(), "num entries written");
        assertEquals(expected.getNumDeletions(), p.numDeletions().orElseThrow(), "deletions");
        assertEquals(expected.getRawKeySize(), p.rawKeySize(), "raw key size");
        assertEquals(expected.getRawValueSize(), p.rawValueSize(), "raw value size");
        assertEquals(expected.getDataSize(), p.dataSize(), "data size");
        assertEquals(expected.getNumDataBlocks(), p.numDataBlocks(), "data blocks");
        assertEquals(expected.getIndexSize(), p.indexSize(), "index size");
        assertEquals(expected.getIndexPartitions(), p.indexPartitions().orElse(0), "index partitions");
        assertEquals(expected.getTopLevelIndexSize(), p.topLevelIndexSize().orElse(0), "top-level index size");
        assertEquals(expected.getFilterSize(), p.filterSize(), "filter size");
        // RocksJava gives null where the table has no filter policy property; this reader gives "".
        assertEquals(Objects.toString(expected.getFilterPolicyName(), ""), p.filterPolicyName(), "filter policy");
        assertEquals(expected.getFilterPolicyName() != null, p.has(TableProperties.FILTER_POLICY), "filter policy present");
        assertEquals(expected.getComparatorName(), p.comparatorName(), "comparator");
        assertEquals(new String(expected.getColumnFamilyName(), java.nio.charset.StandardCharsets.UTF_8),
                p.columnFamilyName(), "column family name");
        assertEquals(expected.getColumnFamilyId(), p.columnFamilyId(), "column family id");
        assertEquals(expected.getPrefixExtractorName(), p.prefixExtractorName(), "prefix extractor");
        assertEquals(expected.getCompressionName(), p.compressionName(), "compression");
        assertEquals(expected.getCreationTime(), p.creationTime(), "creation time");
        assertEquals(expected.getFormatVersion(), p.formatVersion(), "format version property");
        assertEquals(expected.getUserCollectedProperties().get(TableProperties.WHOLE_KEY_FILTERING),
                p.string(TableProperties.WHOLE_KEY_FILTERING).orElse(null), "whole key filtering");
        assertEquals(spec.wholeKeyFiltering(), p.wholeKeyFiltering().orElseThrow(), "whole key filtering flag");
        assertEquals(spec.formatVersion(), sst.formatVersion(), "footer format version");
        assertEquals(spec.checksum().getValue(), sst.checksumType().code(), "footer checksum type");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void read_rocksJavaTable_filterBytesAddUpToFilterSize(Spec spec) throws Exception {
        SstFile sst = SstFile.read(write(spec));
        SstFilter filter = sst.filter();
        boolean hasFilter = spec.filter() != FilterKind.NONE && spec.wholeKeyFiltering();
        SstFilter.Kind kind = !hasFilter ? SstFilter.Kind.NONE
                : spec.partitioned() ? SstFilter.Kind.PARTITIONED : SstFilter.Kind.FULL;
        assertEquals(kind, filter.kind());
        assertEquals(sst.properties().filterSize(), filter.totalBytes());
        long blocks = filter.filterBlocks().stream().mapToLong(b -> b.length).sum();
        long index = filter.partitionIndex().map(b -> (long) b.length).orElse(0L);
        assertEquals(sst.properties().filterSize(), blocks + index, "filter blocks plus partition index");
        if (hasFilter) {
            assertEquals("rocksdb.BuiltinBloomFilter", filter.policyName());
            assertTrue(sst.metaindex().containsKey(filter.metaindexKey().orElseThrow()));
        }
        if (kind == SstFilter.Kind.PARTITIONED) {
            assertTrue(filter.partitions().size() > 1, "several partitions: " + filter.partitions().size());
            long previousEnd = -1;
            for (SstFilter.Partition part : filter.partitions()) {
                assertTrue(part.handle().offset() >= previousEnd, "partitions in file order");
                previousEnd = part.handle().end();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void read_rocksJavaTable_keyRangeIsFirstAndLastKeyWritten(Spec spec) throws Exception {
        SstFile sst = SstFile.read(write(spec));
        KeyRange range = sst.keyRange().orElseThrow();
        assertArrayEquals(KEY_SET.get(0), range.smallestUserKey());
        assertArrayEquals(KEY_SET.get(KEYS - 1), range.largestUserKey());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(org.rocksdb.ChecksumType.class)
    void read_everyChecksumTypeAtFormatVersions5And6_verifiesAndReads(org.rocksdb.ChecksumType type) throws Exception {
        for (int fv : new int[] {5, 6}) {
            Spec spec = Spec.bloom(fv, 10, true).withChecksum(type);
            Path file = write(spec);
            SstFile sst = SstFile.read(file);
            assertEquals(type != org.rocksdb.ChecksumType.kNoChecksum, sst.checksumsVerified(), spec.toString());
            assertEquals(rocksProperties(file).getFilterSize(), sst.filter().totalBytes(), spec.toString());
        }
    }

    @Test
    void parse_bytesOfFile_sameAsRead() throws Exception {
        Path file = write(Spec.bloom(6, 10, true));
        SstFile fromPath = SstFile.read(file);
        SstFile fromBytes = SstFile.parse("in-memory", ByteBuffer.wrap(Files.readAllBytes(file)));
        assertEquals(fromPath.properties().readable(), fromBytes.properties().readable());
        assertEquals(fromPath.metaindex(), fromBytes.metaindex());
        assertEquals(fromPath.keyRange(), fromBytes.keyRange());
        assertEquals("in-memory", fromBytes.name());
    }

    @Test
    void read_formatVersion6_indexHandleComesFromMetaindex() throws Exception {
        SstFile sst = SstFile.read(write(Spec.bloom(6, 10, false)));
        assertTrue(sst.footer().index().isEmpty());
        assertEquals(sst.metaindex().get("rocksdb.index"), sst.indexHandle());
        SstFile v5 = SstFile.read(write(Spec.bloom(5, 10, false)));
        assertEquals(v5.footer().index().orElseThrow(), v5.indexHandle());
    }
}
