package org.monkeyeval.bench;

import java.util.Locale;
import java.util.SplittableRandom;

import org.monkeyeval.family.rocksdb.FastLocalBloomBuilder;
import org.monkeyeval.family.rocksdb.FastLocalBloomReader;
import org.monkeyeval.family.rocksdb.RocksDbFamily;
import org.monkeyeval.family.rocksdb.RocksDbLocalBloom;
import org.monkeyeval.family.Setting;

/**
 * The measurement behind docs/families.md's table of RocksDB's fast local Bloom rates: at 6, 10, 16,
 * 20 and 24 bits per key and 10^3 to 10^7 keys, filters built byte for byte as RocksDB builds them
 * ({@link FastLocalBloomBuilder}: XXH3 of each key, RocksDB's sizing and probes; its bytes equal
 * RocksDB's in the tests), each asked uniformly random 64-bit hashes, as distinct absent keys from a
 * space much larger than the fill hash. Prints the measured rate with its standard error (the spread
 * of the per-filter rates, so build-to-build variation is in it), the family's rate and RocksDB's own
 * CacheLocalFpRate estimate, each with its z. Run after {@code mvn -q -Pbench -DskipTests package}:
 * {@code java -cp target/classes:target/test-classes org.monkeyeval.bench.RocksDbRateSimulation}
 * (an optional argument scales the queries).
 */
public final class RocksDbRateSimulation {

    private RocksDbRateSimulation() {
    }

    public static void main(String[] args) {
        double scale = args.length > 0 ? Double.parseDouble(args[0]) : 1.0;
        long[] sizes = {1_000, 10_000, 100_000, 1_000_000, 10_000_000};
        int[] bits = {6, 10, 16, 20, 24};
        System.out.println("bits keys filters queries measured se family z_family cache_local z_cache_local");
        for (int b : bits) {
            for (long n : sizes) {
                Setting setting = RocksDbFamily.INSTANCE.settingFor(b);
                double family = RocksDbFamily.INSTANCE.fpr(n, setting);
                long wanted = (long) (scale * Math.min(4e8, 40_000 / family)); // about 40,000 false positives
                int filters = (int) Math.max(8, Math.min(2_000, 20_000_000 / n));
                long perFilter = Math.max(1, wanted / filters);
                SplittableRandom random = new SplittableRandom(0x5EEDL * 31 + b * 1_000_003L + n);
                double sum = 0;
                double sumSquares = 0;
                long lines = 0;
                for (int f = 0; f < filters; f++) {
                    FastLocalBloomBuilder builder = new FastLocalBloomBuilder(b);
                    byte[] key = new byte[16];
                    for (long i = 0; i < n; i++) {
                        long v = random.nextLong();
                        long w = random.nextLong();
                        for (int j = 0; j < 8; j++) {
                            key[j] = (byte) (v >>> (8 * j));
                            key[8 + j] = (byte) (w >>> (8 * j));
                        }
                        builder.addKey(key);
                    }
                    FastLocalBloomReader reader = FastLocalBloomReader.of(builder.finish());
                    lines = reader.lines();
                    long positives = 0;
                    for (long q = 0; q < perFilter; q++) {
                        if (reader.mayContainHash(random.nextLong())) {
                            positives++;
                        }
                    }
                    double rate = (double) positives / perFilter;
                    sum += rate;
                    sumSquares += rate * rate;
                }
                double mean = sum / filters;
                double se = Math.sqrt(Math.max(0, (sumSquares - filters * mean * mean) / (filters - 1)) / filters);
                double cacheLocal = RocksDbLocalBloom.cacheLocalFpRate(512.0 * lines / n, setting.probes());
                System.out.printf(Locale.ROOT, "%d %d %d %d %.5g %.3g %.5g %.2f %.5g %.2f%n", b, n, filters,
                        perFilter * filters, mean, se, family, (mean - family) / se, cacheLocal,
                        (mean - cacheLocal) / se);
            }
        }
    }
}
