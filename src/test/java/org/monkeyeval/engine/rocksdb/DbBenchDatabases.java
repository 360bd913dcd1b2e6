package org.monkeyeval.engine.rocksdb;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Databases built by RocksDB's own benchmark tool, {@code db_bench} of RocksDB 7.8.3 (Debian
 * {@code rocksdb-tools}), one per filter option, and db_bench's own count of the data blocks an
 * absent-key lookup reads on each ({@link #readMissing}).
 *
 * <p>Every database: {@code fillrandom} of 300,000 keys (16-byte keys, 100-byte values, db_bench's
 * defaults) with 1 MiB write buffers, compaction from L0 at 15 files, level 1 of 16 MiB, 1 MiB files,
 * no compression, then a flush and {@code waitforcompaction}: about 27 flushes, one L0 compaction, so
 * that 12-14 files stay in L0 and levels 1 and 2 hold the rest (leveled compaction). The L0 size score
 * (L0 bytes / max_bytes_for_level_base, db/version_set.cc, ComputeCompactionScore) is why level 1 is
 * 16 MiB: a smaller one would compact L0 by size long before 15 files. Seeds are fixed
 * ({@code --seed}); the key sequence is the same on every build, and the one L0 compaction leaves the
 * same files whatever the timing of the background threads.
 *
 * <p>The mixed database is written in three steps: 6 bits per key over the whole key space, L0
 * compacted into L1 ({@code compact0}, which spills into L2); then 14 bits per key by
 * {@code overwrite} of keys in the first third of the key space ({@code --num=100000}), whose L0
 * compaction rewrites only the L1 files of that third (and spills some into L2); then 25,000 writes at
 * 6 bits and 100,000 at 14 bits over the whole key space, left in L0 (compaction off). Each level then
 * holds files of both settings, most of L0 and L1 at 14 bits, most of L2 at 6.
 *
 * <p>Four databases change one thing each: Snappy-compressed blocks ({@code --compression_type=snappy}, in
 * place of the common none), filters sized to their allocations ({@code --optimize_filters_for_memory=1}),
 * 48-byte keys ({@code --key_size=48}: the key number, then '0's; readmissing's are 49 bytes), and table
 * format_version 2 ({@code --format_version=2}: legacy Bloom, index values not delta-encoded).
 *
 * <p>The prefix-only database filters 8-byte prefixes only ({@code --prefix_size=8}: db_bench's
 * {@code NewFixedPrefixTransform(8)}; {@code --whole_key_filtering=0}). With {@code keys_per_prefix} 0 a
 * key's first 8 bytes are its key number, big-endian (db_bench_tool.cc, {@code GenerateKeyFromInt}), so every
 * stored key has a prefix of its own, and readmissing's keys (key number, then one more byte than the
 * stored keys) have a present prefix whenever their number was written.
 */
public final class DbBenchDatabases {

    /** Where Debian's rocksdb-tools installs db_bench. */
    public static final Path DB_BENCH = Path.of("/usr/bin/db_bench");

    /** Keys written by fillrandom (db_bench's --num). */
    public static final int KEYS = 300_000;

    /**
     * Absent-key lookups each side sends on every database: at 10 bits per key, about 27,000 data blocks, a
     * relative standard error near 0.6%.
     */
    public static final long LOOKUPS = 200_000;

    /**
     * Draws of {@link #LOOKUPS} lookups each side makes per database, each at a seed of its own, their counts
     * added. One draw is one sample of the lookups a side can send, and with fixed seeds and nearly the same
     * files its error is the same on every build. On the universal-compaction database the db_bench draw at seed
     * 108 read 5,551 blocks, the lowest of 30 seeds (101 to 130: mean 5,805, standard deviation 89) and 3.4
     * Poisson standard errors below readmissing's own expectation over every key number it can send (5,820 per
     * 200,000), where the prediction is 5,786; measure's at seed 8 read 5,619, the lowest of 16 seeds (mean
     * 5,807). Five draws make each side's count a sample of 10^6 lookups (docs/measure.md).
     */
    public static final int DRAWS = 5;

    /** Flags every build and every readmissing shares. */
    static final List<String> COMMON = List.of("--write_buffer_size=1048576",
            "--level0_file_num_compaction_trigger=15", "--level0_slowdown_writes_trigger=40",
            "--level0_stop_writes_trigger=48", "--max_bytes_for_level_base=16777216",
            "--target_file_size_base=1048576", "--compression_type=none");

    /** The databases, each with the filter flags it is built and read with. */
    public enum Database {
        BLOOM_6("fast local Bloom, 6 bits/key", "--bloom_bits=6"),
        BLOOM_10("fast local Bloom, 10 bits/key", "--bloom_bits=10"),
        LEGACY_10("legacy Bloom (format_version=4), 10 bits/key", "--bloom_bits=10", "--format_version=4"),
        RIBBON_10("Ribbon (ribbonfilter:10: Bloom on flushes, Ribbon after)", "--bloom_bits=10",
                "--use_ribbon_filter=1"),
        PARTITIONED_10("partitioned filters, 10 bits/key", "--bloom_bits=10", "--partition_index_and_filters=1"),
        PARTITIONED_RIBBON_10("partitioned Ribbon filters (Bloom for partitions too small for Ribbon), ribbonfilter:10",
                "--bloom_bits=10", "--use_ribbon_filter=1", "--partition_index_and_filters=1"),
        HITS_10("optimize_filters_for_hits, 10 bits/key", "--bloom_bits=10", "--optimize_filters_for_hits=1"),
        UNIVERSAL_10("universal compaction, 10 bits/key", "--bloom_bits=10", "--compaction_style=1"),
        DYNAMIC_10("level_compaction_dynamic_level_bytes, 10 bits/key", "--bloom_bits=10",
                "--level_compaction_dynamic_level_bytes=1"),
        MIXED_6_14("6 bits/key, then written on at 14 (each level holds both)", "--bloom_bits=6"),
        PREFIX_8("prefix-only filters (8-byte fixed prefixes, whole_key_filtering=0), 10 bits/key",
                "--bloom_bits=10", "--prefix_size=8", "--whole_key_filtering=0"),
        SNAPPY_10("Snappy-compressed blocks, 10 bits/key", "--bloom_bits=10", "--compression_type=snappy"),
        MEMORY_10("optimize_filters_for_memory, 10 bits/key", "--bloom_bits=10",
                "--optimize_filters_for_memory=1"),
        LONG_KEYS_10("48-byte keys, 10 bits/key", "--bloom_bits=10", "--key_size=48"),
        FORMAT_2_10("legacy Bloom (format_version=2), 10 bits/key", "--bloom_bits=10", "--format_version=2"),
        NO_FILTER("no filter", "--bloom_bits=0");

        private final String label;
        private final List<String> flags;

        Database(String label, String... flags) {
            this.label = label;
            this.flags = List.of(flags);
        }

        /**
         * The seeds of measure's lookups on this database, {@code ordinal + 1 + 100 j} for j below {@link #DRAWS}:
         * seeds of its own, so that the databases' samples are independent where their files are alike (they
         * share one fill sequence).
         */
        public long[] measureSeeds() {
            return seeds(1);
        }

        /** The seeds of db_bench's readmissing on this database, {@code ordinal + 101 + 100 j}: its own, as measure's. */
        public long[] readMissingSeeds() {
            return seeds(101);
        }

        private long[] seeds(long first) {
            long[] seeds = new long[DRAWS];
            for (int j = 0; j < seeds.length; j++) {
                seeds[j] = ordinal() + first + 100L * j;
            }
            return seeds;
        }

        public String label() {
            return label;
        }

        /** The filter flags (the mixed database's first ones; its readmissing uses them too). */
        public List<String> flags() {
            return flags;
        }

        /** The db_bench command lines that build it into {@code db}, in order. */
        public List<List<String>> buildCommands(Path db) {
            List<List<String>> steps = new ArrayList<>();
            if (this == MIXED_6_14) {
                steps.add(command(db, List.of("--benchmarks=fillrandom,flush,compact0,waitforcompaction",
                        "--num=" + KEYS, "--seed=1", "--bloom_bits=6")));
                steps.add(command(db, List.of("--use_existing_db=1", "--benchmarks=overwrite,flush,waitforcompaction",
                        "--num=100000", "--writes=220000", "--seed=2", "--bloom_bits=14")));
                steps.add(command(db, List.of("--use_existing_db=1", "--benchmarks=overwrite,flush",
                        "--num=" + KEYS, "--writes=25000", "--disable_auto_compactions=1", "--seed=3",
                        "--bloom_bits=6")));
                steps.add(command(db, List.of("--use_existing_db=1", "--benchmarks=overwrite,flush",
                        "--num=" + KEYS, "--writes=100000", "--disable_auto_compactions=1", "--seed=4",
                        "--bloom_bits=14")));
                return steps;
            }
            List<String> args = new ArrayList<>(List.of("--benchmarks=fillrandom,flush,waitforcompaction",
                    "--num=" + KEYS, "--seed=1"));
            args.addAll(flags);
            steps.add(command(db, args));
            return steps;
        }

        /**
         * db_bench's readmissing on {@code db}: the database's own flags (so that its filters are read as
         * it wrote them, optimize_filters_for_hits included), no compaction, {@code reads} lookups.
         */
        public List<String> readMissingCommand(Path db, long reads, long seed) {
            List<String> args = new ArrayList<>(List.of("--use_existing_db=1", "--benchmarks=readmissing",
                    "--statistics=1", "--num=" + KEYS, "--reads=" + reads, "--seed=" + seed,
                    "--disable_auto_compactions=1"));
            args.addAll(flags);
            return command(db, args);
        }
    }

    private static List<String> command(Path db, List<String> args) {
        List<String> line = new ArrayList<>();
        line.add(DB_BENCH.toString());
        line.add("--db=" + db);
        line.addAll(args);
        for (String flag : COMMON) { // a database's own flag (its compression) takes the place of the common one
            String name = flag.substring(0, flag.indexOf('=') + 1);
            if (args.stream().noneMatch(a -> a.startsWith(name))) {
                line.add(flag);
            }
        }
        return line;
    }

    private DbBenchDatabases() {
    }

    /**
     * Builds every database into {@code folder} (one sub-folder per database, named by the enum), at most
     * three db_bench processes at a time (each mostly waits in waitforcompaction's sleep).
     *
     * @throws AssertionError db_bench is not installed (install Debian's rocksdb-tools), or a build failed
     */
    public static Map<Database, Path> build(Path folder) throws IOException, InterruptedException {
        requireDbBench();
        Files.createDirectories(folder);
        Map<Database, Path> dbs = new EnumMap<>(Database.class);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Map<Database, Future<?>> running = new EnumMap<>(Database.class);
            for (Database d : Database.values()) {
                Path db = folder.resolve(d.name().toLowerCase(java.util.Locale.ROOT));
                dbs.put(d, db);
                running.put(d, pool.submit(() -> {
                    for (List<String> step : d.buildCommands(db)) {
                        run(folder, step);
                    }
                    return null;
                }));
            }
            for (Map.Entry<Database, Future<?>> e : running.entrySet()) {
                try {
                    e.getValue().get();
                } catch (ExecutionException failed) {
                    throw new AssertionError(e.getKey() + ": " + failed.getCause().getMessage(), failed.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return dbs;
    }

    /** Builds one database into {@code db} (which must not exist yet). */
    public static Path build(Database d, Path db) throws IOException, InterruptedException {
        requireDbBench();
        Path work = Files.createDirectories(db.toAbsolutePath().getParent());
        for (List<String> step : d.buildCommands(db)) {
            run(work, step);
        }
        return db;
    }

    /** Fails, saying what to install, when db_bench is not there. */
    public static void requireDbBench() {
        if (!Files.isExecutable(DB_BENCH)) {
            throw new AssertionError("no " + DB_BENCH + ": install Debian's rocksdb-tools (apt-get install"
                    + " rocksdb-tools; CI installs it) to build the db_bench databases");
        }
    }

    /** db_bench's benchmark line: {@code readmissing : ... N operations; (F of N found)}. */
    private static final Pattern READ_MISSING_LINE =
            Pattern.compile("(?m)^readmissing\\s+:.*?(\\d+) operations;.*\\((\\d+) of (\\d+) found\\)");

    /** What db_bench's readmissing counted: reads, and the block cache data hit and miss tickers (over its draws). */
    public record ReadMissing(long reads, long found, long dataHits, long dataMisses, List<String> command) {

        /** Data blocks read per lookup: (hit + miss) / reads. */
        public double blocksPerRead() {
            return (dataHits + dataMisses) / (double) reads;
        }
    }

    /**
     * db_bench's readmissing on a copy of {@code db} (made in {@code scratch}, without the LOCK file, and
     * removed after), once per seed of {@code reads} lookups, the counts added (the record's command is the first
     * seed's): the database itself is never opened read-write.
     *
     * <p>Parsed lines of db_bench's output: the benchmark line
     * {@code readmissing : ... N operations; (F of N found)} and the statistics dump lines
     * {@code rocksdb.block.cache.data.hit COUNT : H} and {@code rocksdb.block.cache.data.miss COUNT : M}
     * (printed by {@code --statistics} at the end, for the whole db_bench run: the open reads no data
     * block, and compaction is off).
     */
    public static ReadMissing readMissing(Database d, Path db, Path scratch, long reads, long... seeds)
            throws IOException, InterruptedException {
        if (seeds.length == 0) {
            throw new IllegalArgumentException("no seed");
        }
        Path copy = Files.createTempDirectory(scratch, "readmissing-");
        try {
            try (Stream<Path> files = Files.list(db)) {
                for (Path f : files.toList()) {
                    if (!f.getFileName().toString().equals("LOCK")) {
                        Files.copy(f, copy.resolve(f.getFileName()));
                    }
                }
            }
            long total = 0;
            long found = 0;
            long hits = 0;
            long misses = 0;
            for (long seed : seeds) {
                String out = run(scratch, d.readMissingCommand(copy, reads, seed));
                Matcher line = READ_MISSING_LINE.matcher(out);
                if (!line.find()) {
                    throw new AssertionError("db_bench printed no readmissing line:\n" + out);
                }
                total += Long.parseLong(line.group(3));
                found += Long.parseLong(line.group(2));
                hits += ticker(out, "rocksdb.block.cache.data.hit");
                misses += ticker(out, "rocksdb.block.cache.data.miss");
            }
            return new ReadMissing(total, found, hits, misses, d.readMissingCommand(Path.of("COPY"), reads, seeds[0]));
        } finally {
            deleteTree(copy);
        }
    }

    private static long ticker(String out, String name) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + " COUNT : (\\d+)$").matcher(out);
        if (!m.find()) {
            throw new AssertionError("db_bench printed no " + name + " ticker:\n" + out);
        }
        return Long.parseLong(m.group(1));
    }

    /** Runs one command, its output to a file in {@code workDir}; fails on a non-zero exit or after 180 s. */
    static String run(Path workDir, List<String> command) throws IOException, InterruptedException {
        Path log = Files.createTempFile(workDir, "db_bench-", ".txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish in 180 s");
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.delete(log);
        if (p.exitValue() != 0) {
            throw new AssertionError(String.join(" ", command) + " failed (exit " + p.exitValue() + "):\n" + out);
        }
        return out;
    }

    public static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
