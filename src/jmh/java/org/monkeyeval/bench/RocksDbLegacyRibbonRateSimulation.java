package org.monkeyeval.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

import org.monkeyeval.family.Setting;
import org.monkeyeval.family.rocksdb.FastLocalBloomBuilder;
import org.monkeyeval.family.rocksdb.FastLocalBloomReader;
import org.monkeyeval.family.rocksdb.LegacyBloom;
import org.monkeyeval.family.rocksdb.LegacyBloomRate;
import org.monkeyeval.family.rocksdb.Ribbon;
import org.monkeyeval.family.rocksdb.RibbonFilter;
import org.monkeyeval.family.rocksdb.RocksDbHash32;
import org.monkeyeval.family.rocksdb.RocksDbLegacyFamily;
import org.monkeyeval.family.rocksdb.RocksDbRibbonFamily;
import org.monkeyeval.family.rocksdb.Xxph3;

/**
 * The measurement behind docs/families.md's tables of RocksDB's legacy Bloom and Ribbon rates, the
 * sibling of {@link RocksDbRateSimulation} (fast local Bloom) on the same grid and with the same
 * statistics: at 6, 10, 16, 20 and 24 bits per key and 10^3 to 10^7 keys, filters built byte for byte
 * as RocksDB builds them over random 16-byte keys, each asked uniformly random hashes, as distinct
 * absent keys.
 *
 * <ul>
 *   <li>{@code legacy}: {@link RocksDbLegacyFamily}'s setting for the bits, built by
 *       {@link LegacyBloom#builder(int)} from each key's RocksDB 32-bit {@code BloomHash}
 *       ({@link LegacyBloom.Builder#add}), read by {@link LegacyBloom#read} and asked uniformly random
 *       32-bit hashes ({@link LegacyBloom#mayContainHash}); a query hash equal to a stored key's, or
 *       sharing its line and probes, is a false positive as it is in RocksDB, and the family counts it.
 *       The {@code same hash} column is the share of queries whose hash equals a stored key's hash,
 *       beside RocksDB's FingerprintFpRate(n, 32) = 1 - e^(-n / 2^32)
 *       ({@link LegacyBloomRate#fingerprintFpRate}). With {@code independent-lines} it builds instead a
 *       filter of the same lines and in-line probes whose line is drawn at random, independently of the
 *       32-bit hash that places the probes (RocksDB takes both from the one hash), for keys and queries
 *       alike, and sets it beside {@link LegacyBloomRate#lineRate}, the family's rate without the
 *       same-hash term, which assumes exactly that independence.
 *   <li>{@code ribbon}: {@link RocksDbRibbonFamily}'s rules for the bits ({@link Ribbon}: result bits
 *       from the Bloom filter's CacheLocalFpRate), built from each key's XXPH3 64-bit hash (an adjacent
 *       repeat dropped, as RocksDB's AddKey does) by {@link RibbonFilter#construct}, and asked uniformly
 *       random 64-bit hashes ({@link RibbonFilter#mayContain}). Where RocksDB builds its fast local Bloom
 *       filter instead ({@link Ribbon#usesBloom} for the filter's n and rounding bias, or no seed solves),
 *       the same keys go into {@link FastLocalBloomBuilder} at the rules' bits per key, as RocksDB's
 *       Finish does; the {@code built} column counts each kind.
 * </ul>
 *
 * <p>Each point aims at about 40,000 false positives (queries: 40,000 divided by the family's rate, at
 * most 4 * 10^8), spread over max(8, min(2000, 2 * 10^7 / n)) filters, as {@link RocksDbRateSimulation}
 * does; building the filters takes most of the time. Prints, per family, a Markdown table: the measured
 * rate with its standard error (the spread of the per-filter rates, so build-to-build variation is in
 * it) and the family's rate with its z, then the family's run time. Run after
 * {@code mvn -q -Pbench -DskipTests package}:
 * {@code java -XX:ActiveProcessorCount=1 -cp target/classes:target/test-classes
 * org.monkeyeval.bench.RocksDbLegacyRibbonRateSimulation} (both families; {@code legacy} or
 * {@code ribbon} as an argument runs one, {@code independent-lines} the legacy check above, a number
 * scales the queries, {@code bits=20,24} and {@code keys=9999948,10000000} replace the grid's bits per
 * key and key counts).
 */
public final class RocksDbLegacyRibbonRateSimulation {

    private static final long[] GRID_KEYS = {1_000, 10_000, 100_000, 1_000_000, 10_000_000};
    private static final int[] GRID_BITS = {6, 10, 16, 20, 24};

    /** False positives aimed for per point, as in {@link RocksDbRateSimulation}. */
    private static final double FALSE_POSITIVES = 40_000;

    /** Most queries of a point (over all its filters), as in {@link RocksDbRateSimulation}. */
    private static final double MAX_QUERIES = 4e8;

    private RocksDbLegacyRibbonRateSimulation() {
    }

    public static void main(String[] args) {
        double scale = 1.0;
        boolean legacy = false;
        boolean ribbon = false;
        boolean independentLines = false;
        long[] sizes = GRID_KEYS;
        int[] bitsPerKey = GRID_BITS;
        for (String a : args) {
            if (a.startsWith("bits=")) {
                bitsPerKey = Arrays.stream(a.substring(5).split(",")).mapToInt(Integer::parseInt).toArray();
            } else if (a.startsWith("keys=")) {
                sizes = Arrays.stream(a.substring(5).split(",")).mapToLong(Long::parseLong).toArray();
            } else {
                switch (a) {
                    case "legacy" -> legacy = true;
                    case "ribbon" -> ribbon = true;
                    case "independent-lines" -> independentLines = true;
                    default -> scale = Double.parseDouble(a);
                }
            }
        }
        if (independentLines) {
            System.out.println("| bits/key | keys | lines × probes | filters × queries | measured, line independent "
                    + "| bit-array rate (z) |");
            System.out.println("|---|---|---|---|---|---|");
            for (int b : bitsPerKey) {
                for (long n : sizes) {
                    independentLinePoint(b, n, scale);
                }
            }
            return;
        }
        if (!legacy && !ribbon) {
            legacy = true;
            ribbon = true;
        }
        if (legacy) {
            long t0 = System.nanoTime();
            System.out.println("| bits/key | keys | lines × probes | filters × queries | measured | family (z) "
                    + "| same hash (1 − e^(−n/2^32)) |");
            System.out.println("|---|---|---|---|---|---|---|");
            for (int b : bitsPerKey) {
                for (long n : sizes) {
                    legacyPoint(b, n, scale);
                }
            }
            System.out.printf(Locale.ROOT, "%nlegacy Bloom: %.0f s%n%n", (System.nanoTime() - t0) / 1e9);
        }
        if (ribbon) {
            long t0 = System.nanoTime();
            System.out.println("| bits/key | keys | built | filters × queries | measured | family (z) |");
            System.out.println("|---|---|---|---|---|---|");
            for (int b : bitsPerKey) {
                for (long n : sizes) {
                    ribbonPoint(b, n, scale);
                }
            }
            System.out.printf(Locale.ROOT, "%nRibbon: %.0f s%n", (System.nanoTime() - t0) / 1e9);
        }
    }

    /** Filters at n keys: as many as {@link RocksDbRateSimulation} builds. */
    private static int filters(long n) {
        return (int) Math.max(8, Math.min(2_000, 20_000_000 / n));
    }

    private static long queriesPerFilter(double family, double scale, int filters) {
        long wanted = (long) (scale * Math.min(MAX_QUERIES, FALSE_POSITIVES / family));
        return Math.max(1, wanted / filters);
    }

    private static void legacyPoint(int b, long n, double scale) {
        Setting setting = RocksDbLegacyFamily.INSTANCE.settingFor(b);
        int whole = RocksDbLegacyFamily.wholeBitsPerKey(setting);
        double family = RocksDbLegacyFamily.INSTANCE.fpr(n, setting);
        int filters = filters(n);
        long perFilter = queriesPerFilter(family, scale, filters);
        SplittableRandom random = new SplittableRandom(0x5EEDL * 37 + b * 1_000_003L + n);
        Moments rates = new Moments();
        int lines = 0;
        int probes = 0;
        long sameHash = 0;
        byte[] key = new byte[16];
        int[] stored = new int[Math.toIntExact(n)];
        for (int f = 0; f < filters; f++) {
            LegacyBloom.Builder builder = LegacyBloom.builder(whole);
            for (int i = 0; i < n; i++) {
                randomKey(random, key);
                stored[i] = RocksDbHash32.bloomHash(key);
                builder.addHash(stored[i]); // LegacyBloom.Builder.add(key), the hash kept for the count below
            }
            LegacyBloom reader = LegacyBloom.read(builder.finish());
            Arrays.sort(stored);
            lines = reader.numLines();
            probes = reader.numProbes();
            long positives = 0;
            for (long q = 0; q < perFilter; q++) {
                int h = random.nextInt();
                if (reader.mayContainHash(h)) {
                    positives++;
                    if (Arrays.binarySearch(stored, h) >= 0) {
                        sameHash++;
                    }
                }
            }
            rates.add((double) positives / perFilter);
        }
        String same = String.format(Locale.ROOT, " %s (%s) |", g((double) sameHash / (perFilter * filters), 4),
                g(LegacyBloomRate.fingerprintFpRate(n), 4));
        row(b, n, group(lines) + " × " + probes, filters, perFilter, rates, family, same);
    }

    /**
     * The legacy filter's probes in a line (start h &amp; 511, step h rotated right by 17, as
     * {@link LegacyBloom} places them) in a line drawn uniformly at random apart from h.
     */
    private static void independentLinePoint(int b, long n, double scale) {
        Setting setting = RocksDbLegacyFamily.INSTANCE.settingFor(b);
        int whole = RocksDbLegacyFamily.wholeBitsPerKey(setting);
        int lines = Math.toIntExact(LegacyBloom.numLines(n, whole));
        int probes = LegacyBloom.chooseNumProbes(whole);
        double bitArrayRate = LegacyBloomRate.lineRate(n, lines, probes);
        int filters = filters(n);
        long perFilter = queriesPerFilter(bitArrayRate, scale, filters);
        SplittableRandom random = new SplittableRandom(0x5EEDL * 43 + b * 1_000_003L + n);
        Moments rates = new Moments();
        byte[] key = new byte[16];
        int lineBits = LegacyBloom.CACHE_LINE_BITS;
        for (int f = 0; f < filters; f++) {
            long[] words = new long[lines * (lineBits / Long.SIZE)];
            for (long i = 0; i < n; i++) {
                randomKey(random, key);
                int h = RocksDbHash32.bloomHash(key);
                long base = (long) random.nextInt(lines) * lineBits;
                int step = Integer.rotateRight(h, 17);
                for (int j = 0; j < probes; j++) {
                    long bit = base + (h & (lineBits - 1));
                    words[(int) (bit >>> 6)] |= 1L << bit;
                    h += step;
                }
            }
            long positives = 0;
            for (long q = 0; q < perFilter; q++) {
                int h = random.nextInt();
                long base = (long) random.nextInt(lines) * lineBits;
                int step = Integer.rotateRight(h, 17);
                boolean all = true;
                for (int j = 0; j < probes && all; j++) {
                    long bit = base + (h & (lineBits - 1));
                    all = (words[(int) (bit >>> 6)] & (1L << bit)) != 0;
                    h += step;
                }
                if (all) {
                    positives++;
                }
            }
            rates.add((double) positives / perFilter);
        }
        row(b, n, group(lines) + " × " + probes, filters, perFilter, rates, bitArrayRate, "");
    }

    private static void ribbonPoint(int b, long n, double scale) {
        Setting setting = RocksDbRibbonFamily.INSTANCE.settingFor(b);
        Ribbon rules = RocksDbRibbonFamily.INSTANCE.rules(setting);
        double family = RocksDbRibbonFamily.INSTANCE.fpr(n, setting);
        int filters = filters(n);
        long perFilter = queriesPerFilter(family, scale, filters);
        SplittableRandom random = new SplittableRandom(0x5EEDL * 41 + b * 1_000_003L + n);
        Moments rates = new Moments();
        int ribbons = 0;
        int blooms = 0;
        int bloomProbes = 0;
        byte[] key = new byte[16];
        long[] hashes = new long[Math.toIntExact(n)];
        for (int f = 0; f < filters; f++) {
            long keySeed = random.nextLong(); // the keys again from this seed, should RocksDB fall back to Bloom
            SplittableRandom keys = new SplittableRandom(keySeed);
            int count = 0;
            for (long i = 0; i < n; i++) {
                randomKey(keys, key);
                long h = Xxph3.hash64(key);
                if (count == 0 || hashes[count - 1] != h) { // XXPH3FilterBitsBuilder::AddKey
                    hashes[count++] = h;
                }
            }
            long[] kept = count == hashes.length ? hashes : Arrays.copyOf(hashes, count);
            RibbonFilter ribbon = null;
            if (!rules.usesBloom(count, (int) (kept[0] >>> 32))) {
                try {
                    ribbon = RibbonFilter.construct(kept, rules);
                } catch (IllegalStateException noSeedSolves) {
                    // Standard128RibbonBitsBuilder::Finish falls back to Bloom after too many re-seeds
                }
            }
            long positives = 0;
            if (ribbon != null) {
                ribbons++;
                for (long q = 0; q < perFilter; q++) {
                    if (ribbon.mayContain(random.nextLong())) {
                        positives++;
                    }
                }
            } else {
                blooms++;
                FastLocalBloomBuilder bloom = new FastLocalBloomBuilder(rules.bitsPerKey());
                keys = new SplittableRandom(keySeed);
                for (long i = 0; i < n; i++) {
                    randomKey(keys, key);
                    bloom.addKey(key);
                }
                FastLocalBloomReader reader = FastLocalBloomReader.of(bloom.finish());
                bloomProbes = reader.numProbes();
                for (long q = 0; q < perFilter; q++) {
                    if (reader.mayContainHash(random.nextLong())) {
                        positives++;
                    }
                }
            }
            rates.add((double) positives / perFilter);
        }
        String built = blooms == 0
                ? "Ribbon, " + rules.lowerResultBits() + "/" + rules.upperResultBits() + " result bits"
                : ribbons == 0
                        ? "Bloom, " + bloomProbes + " probes"
                        : group(ribbons) + " Ribbon (" + rules.lowerResultBits() + "/" + rules.upperResultBits()
                                + " result bits), " + group(blooms) + " Bloom (" + bloomProbes + " probes)";
        row(b, n, built, filters, perFilter, rates, family, "");
    }

    /** 16 random bytes, as {@link RocksDbRateSimulation}'s keys. */
    private static void randomKey(SplittableRandom random, byte[] key) {
        long v = random.nextLong();
        long w = random.nextLong();
        for (int j = 0; j < 8; j++) {
            key[j] = (byte) (v >>> (8 * j));
            key[8 + j] = (byte) (w >>> (8 * j));
        }
    }

    private static void row(int b, long n, String built, int filters, long perFilter, Moments rates, double family,
            String more) {
        double mean = rates.mean();
        double se = rates.standardError();
        System.out.printf(Locale.ROOT, "| %d | %s | %s | %s × %s | %s ± %s | %s (%+.2f) |%s%n", b, group(n), built,
                group(filters), group(perFilter), g(mean, 4), g(se, 2), g(family, 4), (mean - family) / se, more);
    }

    /** A count with thousands separators. */
    private static String group(long count) {
        return String.format(Locale.ROOT, "%,d", count);
    }

    /** {@code x} to {@code digits} significant digits, trailing zeros dropped (0.05373, 4.5e-05). */
    private static String g(double x, int digits) {
        String s = String.format(Locale.ROOT, "%." + digits + "g", x);
        int e = s.indexOf('e');
        String mantissa = e < 0 ? s : s.substring(0, e);
        String exponent = e < 0 ? "" : s.substring(e);
        if (mantissa.indexOf('.') >= 0) {
            mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return mantissa + exponent;
    }

    /** The mean of per-filter rates and its standard error over the filters. */
    private static final class Moments {
        private double sum;
        private double sumSquares;
        private int count;

        void add(double rate) {
            sum += rate;
            sumSquares += rate * rate;
            count++;
        }

        double mean() {
            return sum / count;
        }

        double standardError() {
            double mean = mean();
            return Math.sqrt(Math.max(0, (sumSquares - count * mean * mean) / (count - 1)) / count);
        }
    }
}
