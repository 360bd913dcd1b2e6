package org.monkeyeval.family.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.monkeyeval.engine.sst.SstFile;
import org.monkeyeval.engine.sst.SstFilter;

/**
 * Guards byte-for-byte agreement with the RocksDB C++ library installed on the machine (Debian's
 * librocksdb-dev, RocksDB 7.8.3 here; .ci/run installs it): a small program (resource
 * {@code write_bloom_sst.cc}) writes an SST file with {@code NewBloomFilterPolicy(b)}, format_version
 * 5, optimize_filters_for_memory false and no compression; its full filter block, read with
 * {@link SstFile}, equals the block {@link FastLocalBloomBuilder} builds over the same keys. With
 * RocksJavaFilterBytesTest (RocksDB 10.10) this covers both versions the family cites. Skipped where
 * g++ or the headers are missing.
 */
final class RocksDbLibraryFilterBytesTest {

    @TempDir
    static Path dir;

    private static Path program;

    @BeforeAll
    static void compile() throws Exception {
        assumeTrue(Files.exists(Path.of("/usr/include/rocksdb/sst_file_writer.h")),
                "RocksDB headers not installed (apt-get install librocksdb-dev)");
        assumeTrue(run(List.of("g++", "--version")).exit() == 0, "g++ not installed");
        try (InputStream source = RocksDbLibraryFilterBytesTest.class.getResourceAsStream("write_bloom_sst.cc")) {
            Files.write(dir.resolve("write_bloom_sst.cc"), source.readAllBytes());
        }
        Result compiled = run(List.of("g++", "-std=c++17", "-O0", "write_bloom_sst.cc", "-o", "write_bloom_sst",
                "-lrocksdb"));
        assertEquals(0, compiled.exit(), () -> "compile and link: " + compiled.output());
        program = dir.resolve("write_bloom_sst");
    }

    private record Result(int exit, String output) {
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Path log = Files.createTempFile(dir, "run", ".log");
        Process p;
        try {
            p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            return new Result(-1, e.getMessage()); // not installed
        }
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-2, "timed out");
        }
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    /** The full filter block of the table the library writes for {@code keys} at {@code bitsPerKey}. */
    private static byte[] libraryBlock(String name, List<byte[]> keys, double bitsPerKey) throws Exception {
        Path keyFile = dir.resolve(name + ".hex");
        List<String> lines = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            lines.add(HexFormat.of().formatHex(key));
        }
        Files.write(keyFile, lines, StandardCharsets.US_ASCII);
        Path sst = dir.resolve(name + ".sst");
        Result written = run(List.of(program.toString(), sst.toString(), Double.toString(bitsPerKey),
                keyFile.toString()));
        assertEquals(0, written.exit(), written::output);
        SstFilter filter = SstFile.read(sst).filter();
        assertEquals(SstFilter.Kind.FULL, filter.kind());
        return filter.contents().orElseThrow();
    }

    @ParameterizedTest(name = "n={0} bits={1}")
    @CsvSource({
        "1, 10", "100, 6.5", "10000, 1", "10000, 10", "10000, 23",
    })
    void finish_librarySstOfEightByteKeys_equalsFileFilterBlock(int n, double bitsPerKey) throws Exception {
        List<byte[]> keys = new ArrayList<>(n);
        for (long k = 0; k < n; k++) {
            keys.add(ByteBuffer.allocate(Long.BYTES).putLong(k * 7919).array());
        }
        assertArrayEquals(libraryBlock("keys-" + n + "-" + bitsPerKey, keys, bitsPerKey),
                FastLocalBloomBuilder.build(keys, bitsPerKey));
    }

    /** Keys of every length from 1 to 3000 bytes, cut from xxHash's sanity buffer, in bytewise order. */
    @Test
    void finish_librarySstOfKeysOfEveryLength_equalsFileFilterBlock() throws Exception {
        byte[] buffer = Xxh3Test.sanityBuffer(3001);
        TreeSet<byte[]> sorted = new TreeSet<>(Arrays::compareUnsigned);
        for (int length = 1; length <= 3000; length++) {
            sorted.add(Arrays.copyOfRange(buffer, length % 2, length % 2 + length));
        }
        List<byte[]> keys = new ArrayList<>(sorted);
        assertArrayEquals(libraryBlock("lengths", keys, 10), FastLocalBloomBuilder.build(keys, 10));
    }
}
