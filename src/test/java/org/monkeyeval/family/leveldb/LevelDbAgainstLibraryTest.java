package org.monkeyeval.family.leveldb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.ExternalProcess;

/**
 * The Java filter is LevelDB's, byte for byte: filters built by the installed LevelDB
 * ({@code leveldb::NewBloomFilterPolicy(bits)->CreateFilter}, through the small C++ program
 * src/test/resources/cpp/leveldb_filter_check.cc compiled against Debian's libleveldb-dev) equal
 * {@link LevelDbBloom}'s for 1, 7, 100 and 10000 keys at 1, 6, 10, 20 and 40 bits per key, keys of 0..20
 * random bytes (so tail bytes of 0x80 and more), and LevelDB's {@code KeyMayMatch} answers as
 * {@link LevelDbBloom#keyMayMatch} does; a filter built with RocksDB's sign-extending hash would not be
 * equal. A whole table written by LevelDB's {@code TableBuilder} has the filter block that
 * {@link LevelDbFilterBlock} builds from the table's own data blocks and their offsets. Skipped where
 * g++ or the LevelDB headers are missing.
 */
final class LevelDbAgainstLibraryTest {

    private static final int[] SIZES = {1, 7, 100, 10_000};
    private static final int[] BITS = {1, 6, 10, 20, 40};
    private static final int QUERIES = 300;
    private static final HexFormat HEX = HexFormat.of();

    @TempDir
    static Path dir;

    private static Path checker;

    @BeforeAll
    static void compileTheChecker() throws Exception {
        assumeTrue(Files.exists(Path.of("/usr/include/leveldb/filter_policy.h"))
                && Files.exists(Path.of("/usr/include/leveldb/table_builder.h")),
                "LevelDB headers not installed (apt-get install libleveldb-dev)");
        assumeTrue(run(List.of("g++", "--version")) == 0, "g++ not installed (apt-get install g++)");
        try (InputStream source = LevelDbAgainstLibraryTest.class.getResourceAsStream("/cpp/leveldb_filter_check.cc")) {
            Files.write(dir.resolve("check.cc"), source.readAllBytes());
        }
        assertEquals(0, run(List.of("g++", "-std=c++17", "-O1", "check.cc", "-o", "check", "-lleveldb")),
                () -> "compile and link: " + log());
        checker = dir.resolve("check");
    }

    @Test
    void filterBytesAndMatches_equalLevelDbs_forEverySizeAndBitsPerKey() throws Exception {
        StringBuilder request = new StringBuilder();
        List<List<byte[]>> keySets = new ArrayList<>();
        List<List<byte[]>> querySets = new ArrayList<>();
        for (int n : SIZES) {
            for (int b : BITS) {
                SplittableRandom random = new SplittableRandom(1000L * n + b);
                List<byte[]> keys = randomKeys(random, n);
                List<byte[]> queries = randomKeys(random, QUERIES);
                keys.addAll(queries.subList(0, 10)); // some queries are stored keys
                keySets.add(keys);
                querySets.add(queries);
                request.append("filter ").append(b).append(' ').append(keys.size()).append(' ').append(QUERIES).append('\n');
                appendHex(request, keys);
                appendHex(request, queries);
            }
        }
        List<String> answers = ask(request.toString());
        assertEquals(keySets.size(), answers.size());
        int highTailKeys = 0;
        int i = 0;
        for (int n : SIZES) {
            for (int b : BITS) {
                String[] answer = answers.get(i).split(" ");
                byte[] filter = LevelDbBloom.policy(b).createFilter(keySets.get(i));
                assertEquals(answer[0], HEX.formatHex(filter), n + " keys at " + b + " bits per key");
                StringBuilder matches = new StringBuilder();
                for (byte[] q : querySets.get(i)) {
                    matches.append(LevelDbBloom.keyMayMatch(q, filter) ? '1' : '0');
                }
                assertEquals(answer[1], matches.toString(), n + " keys at " + b + " bits per key");
                for (byte[] key : keySets.get(i)) {
                    highTailKeys += hasHighTailByte(key) ? 1 : 0;
                }
                i++;
            }
        }
        assertTrue(highTailKeys > 1000, highTailKeys + " keys with a tail byte >= 0x80");
        // RocksDB's hash (tail bytes sign-extended) builds other bytes for the same keys
        List<byte[]> keys = keySets.get(2 * BITS.length + 2); // 100 keys at 10 bits per key
        assertNotEquals(answers.get(2 * BITS.length + 2).split(" ")[0], HEX.formatHex(signExtendingFilter(keys, 10)));
    }

    @Test
    void tableFilterBlock_equalsLevelDbFilterBlockOverTheTablesOwnBlocks() throws Exception {
        int[][] tables = {{10, 4096, 3000, 200}, {7, 512, 2000, 60}, {20, 16_384, 500, 30}}; // bits, block, keys, max value
        for (int[] t : tables) {
            SplittableRandom random = new SplittableRandom(t[0] * 31L + t[1]);
            TreeSet<byte[]> sorted = new TreeSet<>(Arrays::compareUnsigned);
            while (sorted.size() < t[2]) {
                byte[] key = new byte[1 + random.nextInt(20)];
                random.nextBytes(key);
                sorted.add(key);
            }
            Path table = dir.resolve("table-" + t[0] + "-" + t[1] + ".ldb");
            StringBuilder request = new StringBuilder("table " + t[0] + " " + t[1] + " " + table + " " + t[2] + "\n");
            for (byte[] key : sorted) {
                byte[] value = new byte[random.nextInt(t[3] + 1)];
                random.nextBytes(value);
                request.append(hex(key)).append(' ').append(hex(value)).append('\n');
            }
            List<String> answer = ask(request.toString());
            assertEquals(1, answer.size());
            LevelDbTableFile file = new LevelDbTableFile(Files.readAllBytes(table));
            byte[] filterBlock = file.metaBlock("filter." + LevelDbBloom.NAME);
            assertNotNull(filterBlock, "no filter block in the metaindex");

            List<LevelDbTableFile.Handle> blocks = file.dataBlocks();
            List<List<byte[]>> keysOfBlock = new ArrayList<>();
            long[] offsets = new long[blocks.size() + 1];
            List<byte[]> written = new ArrayList<>();
            for (int i = 0; i < blocks.size(); i++) {
                List<byte[]> keys = new ArrayList<>();
                for (LevelDbTableFile.Entry e : file.entries(blocks.get(i))) {
                    keys.add(e.key());
                }
                keysOfBlock.add(keys);
                written.addAll(keys);
                offsets[i] = blocks.get(i).offset();
            }
            LevelDbTableFile.Handle last = blocks.get(blocks.size() - 1);
            offsets[blocks.size()] = last.offset() + last.size() + LevelDbLayout.BLOCK_TRAILER_BYTES;
            assertEquals(new ArrayList<>(sorted).stream().map(HEX::formatHex).toList(),
                    written.stream().map(HEX::formatHex).toList(), "the reader gives back the keys written");
            String where = t[2] + " keys, " + blocks.size() + " blocks of " + t[1] + " bytes at " + t[0] + " bits per key";
            assertArrayEquals(filterBlock, LevelDbFilterBlock.build(LevelDbBloom.policy(t[0]), keysOfBlock, offsets), where);

            LevelDbFilterBlock reader = LevelDbFilterBlock.read(LevelDbBloom.policy(t[0]), filterBlock);
            for (int i = 0; i < blocks.size(); i++) {
                for (byte[] key : keysOfBlock.get(i)) {
                    assertTrue(reader.keyMayMatch(offsets[i], key), where);
                }
            }
        }
    }

    /** LevelDB's filter with RocksDB's form of the hash (tail bytes sign-extended). */
    private static byte[] signExtendingFilter(List<byte[]> keys, int bits) {
        byte[] filter = new byte[(int) LevelDbBloom.filterBytes(keys.size(), bits)];
        long m = 8L * (filter.length - 1);
        int k = LevelDbBloom.hashes(bits);
        for (byte[] key : keys) {
            int h = LevelDbHash.signExtendingTailHash(key, 0, key.length, LevelDbHash.BLOOM_SEED);
            int delta = LevelDbBloom.delta(h);
            for (int j = 0; j < k; j++) {
                long pos = Integer.toUnsignedLong(h) % m;
                filter[(int) (pos >>> 3)] |= (byte) (1 << (pos & 7));
                h += delta;
            }
        }
        filter[filter.length - 1] = (byte) k;
        return filter;
    }

    private static boolean hasHighTailByte(byte[] key) {
        for (int i = key.length & ~3; i < key.length; i++) {
            if ((key[i] & 0x80) != 0) {
                return true;
            }
        }
        return false;
    }

    private static List<byte[]> randomKeys(SplittableRandom random, int n) {
        List<byte[]> keys = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] key = new byte[random.nextInt(21)];
            random.nextBytes(key);
            keys.add(key);
        }
        return keys;
    }

    private static void appendHex(StringBuilder out, List<byte[]> keys) {
        for (byte[] key : keys) {
            out.append(hex(key)).append('\n');
        }
    }

    /** The checker's hex token: "-" for no bytes. */
    private static String hex(byte[] bytes) {
        return bytes.length == 0 ? "-" : HEX.formatHex(bytes);
    }

    /** Runs the checker on {@code request}; its output lines. */
    private static List<String> ask(String request) throws IOException, InterruptedException {
        Path in = Files.writeString(dir.resolve("request.txt"), request, StandardCharsets.US_ASCII);
        Path out = dir.resolve("answer.txt");
        Path err = dir.resolve("error.txt");
        Process p = new ProcessBuilder(checker.toString()).directory(dir.toFile()).redirectInput(in.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "checker timed out");
        assertEquals(0, p.exitValue(), () -> read(err));
        return Files.readAllLines(out, StandardCharsets.US_ASCII);
    }

    private static int run(List<String> command) throws InterruptedException {
        return ExternalProcess.run(dir, "build.log", command);
    }

    private static String log() {
        return read(dir.resolve("build.log"));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(" + e.getMessage() + ")";
        }
    }
}
