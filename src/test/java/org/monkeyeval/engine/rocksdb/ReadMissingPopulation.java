package org.monkeyeval.engine.rocksdb;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.monkeyeval.engine.sst.BlockBoundaries;
import org.monkeyeval.engine.sst.SstFile;
import org.monkeyeval.family.rocksdb.FastLocalBloomReader;

/**
 * The data blocks db_bench's readmissing expects to read per lookup on a database of fast local Bloom
 * filters, counted over every key it can send: each key number of {@code --num}, 8 bytes big-endian and
 * '0'-padded one byte past the stored keys (db_bench_tool.cc, {@code GenerateKeyFromInt}), through every file
 * whose key range holds it, its filter asked bit for bit ({@link FastLocalBloomReader}, the key's own hash),
 * and a second block where the key falls above a block's last key and at or below its separator (every block
 * boundary of the file, {@link SstFile#readWithEveryBoundary}: import's sample of a large file's would miss the
 * rest). readmissing
 * draws its keys evenly from these, so its count is this figure plus the error of its own sample.
 */
public final class ReadMissingPopulation {

    private record File(byte[] smallest, byte[] largest, FastLocalBloomReader filter, List<BlockBoundaries.Pair> pairs) {
    }

    private ReadMissingPopulation() {
    }

    /** Data blocks per lookup over the {@code num} key numbers, keys of {@code keyBytes} + 1 bytes. */
    public static double blocksPerLookup(RocksDbImport.Imported imported, Path db, int num, int keyBytes)
            throws Exception {
        List<File> files = new ArrayList<>();
        for (RocksDbImport.ImportedRun run : imported.runs()) {
            for (RocksDbImport.ImportedFile f : run.files()) {
                SstFile sst = SstFile.readWithEveryBoundary(db.resolve(f.name()));
                files.add(new File(f.smallestKey(), f.largestKey(),
                        FastLocalBloomReader.of(sst.filter().contents().orElseThrow()),
                        sst.blockBoundaries().orElseThrow().pairs()));
            }
        }
        long blocks = 0;
        byte[] key = new byte[keyBytes + 1];
        for (long v = 0; v < num; v++) {
            Arrays.fill(key, (byte) '0');
            ByteBuffer.wrap(key).putLong(v);
            for (File f : files) {
                if (Arrays.compareUnsigned(key, f.smallest()) < 0 || Arrays.compareUnsigned(key, f.largest()) > 0
                        || !f.filter().mayContain(key)) {
                    continue;
                }
                blocks++;
                for (BlockBoundaries.Pair p : f.pairs()) {
                    if (Arrays.compareUnsigned(key, p.lastKey()) > 0 && Arrays.compareUnsigned(key, p.separator()) <= 0) {
                        blocks++;
                        break;
                    }
                }
            }
        }
        return (double) blocks / num;
    }
}
