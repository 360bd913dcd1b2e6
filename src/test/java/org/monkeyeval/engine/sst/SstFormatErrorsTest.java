package org.monkeyeval.engine.sst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.engine.sst.SstFixtures.Spec;

/**
 * A file that is not an intact block-based table gives an {@link SstFormatException} whose message
 * starts with the file's path and says what is wrong: too short, foreign magic, unknown format
 * version, a checksum mismatch naming the block and its offset, a footer checksum mismatch.
 */
final class SstFormatErrorsTest {

    @TempDir
    static Path dir;

    static Path v5;
    static Path v6;

    @BeforeAll
    static void write() throws Exception {
        assumeTrue(RocksDbNative.available(), () -> "RocksJava tests skipped: " + RocksDbNative.problem().orElse(""));
        v5 = SstFixtures.write(dir, "v5.sst", Spec.bloom(5, 10, false), SstFixtures.keys(7, 2_000));
        v6 = SstFixtures.write(dir, "v6.sst", Spec.bloom(6, 10, true), SstFixtures.keys(7, 2_000));
    }

    private static Path variant(String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private static SstFormatException refused(Path file) {
        SstFormatException e = assertThrows(SstFormatException.class, () -> SstFile.read(file));
        assertEquals(file.toString(), e.file());
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        return e;
    }

    @Test
    void read_tailCutOff_badMagicSaysTruncated() throws Exception {
        byte[] all = Files.readAllBytes(v5);
        Path cut = variant("cut.sst", Arrays.copyOf(all, all.length - 100));
        assertTrue(refused(cut).getMessage().contains("bad magic number"));
        assertTrue(refused(cut).getMessage().contains("truncated"));
    }

    @Test
    void read_shorterThanFooter_saysTruncated() throws Exception {
        Path tiny = variant("tiny.sst", Arrays.copyOf(Files.readAllBytes(v5), 20));
        assertTrue(refused(tiny).getMessage().contains("truncated or not an SST file: 20 bytes"));
    }

    @Test
    void read_middleCutOut_blockRunsPastTheData() throws Exception {
        byte[] all = Files.readAllBytes(v5);
        int keep = all.length / 2;
        byte[] shortened = new byte[keep + Footer.BYTES];
        System.arraycopy(all, 0, shortened, 0, keep);
        System.arraycopy(all, all.length - Footer.BYTES, shortened, keep, Footer.BYTES);
        String message = refused(variant("middle.sst", shortened)).getMessage();
        assertTrue(message.contains("block metaindex") && message.contains("runs past the end"), message);
    }

    @Test
    void read_textFile_badMagic() throws Exception {
        Path text = variant("notes.sst", "These are notes, not a table.\n".repeat(10).getBytes(StandardCharsets.UTF_8));
        assertTrue(refused(text).getMessage().contains("bad magic number"));
    }

    @Test
    void read_flippedByteInProperties_badChecksumNamesBlockAndOffset() throws Exception {
        for (Path original : new Path[] {v5, v6}) {
            BlockHandle props = SstFile.read(original).metaindex().get("rocksdb.properties");
            byte[] all = Files.readAllBytes(original);
            all[(int) props.offset() + 7] ^= 0x10;
            String message = refused(variant("flipped-" + original.getFileName(), all)).getMessage();
            assertTrue(message.contains("bad checksum in block rocksdb.properties at offset " + props.offset()), message);
        }
    }

    @Test
    void read_flippedByteInFilterPartition_badChecksumNamesPartition() throws Exception {
        SstFilter.Partition second = SstFile.read(v6).filter().partitions().get(1);
        byte[] all = Files.readAllBytes(v6);
        all[(int) second.handle().offset()] ^= 0x01;
        String message = refused(variant("flipped-partition.sst", all)).getMessage();
        assertTrue(message.contains("partition 1 at offset " + second.handle().offset()), message);
    }

    @Test
    void read_formatVersionField99_unknownFormatVersion() throws Exception {
        byte[] all = Files.readAllBytes(v5);
        Coding.putFixed32(all, all.length - 12, 99);
        assertTrue(refused(variant("v99.sst", all)).getMessage().contains("unknown format version 99"));
    }

    @Test
    void read_formatVersion6FooterPaddingChanged_footerChecksumMismatch() throws Exception {
        byte[] all = Files.readAllBytes(v6);
        all[all.length - Footer.BYTES + 20] ^= 0x40;
        assertTrue(refused(variant("v6-footer.sst", all)).getMessage().contains("footer checksum mismatch"));
    }

    @Test
    void read_missingFile_isAnIoErrorNotAFormatError() {
        Path absent = dir.resolve("absent.sst");
        assertThrows(java.nio.file.NoSuchFileException.class, () -> SstFile.read(absent));
    }
}
