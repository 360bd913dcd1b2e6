package org.monkeyeval.cli;

import java.nio.file.Path;

import picocli.CommandLine.Option;

import org.monkeyeval.engine.rocksdb.RocksDbMeasure;

/** The options of the commands that send absent-key lookups through a RocksDB database (measure, rehearse). */
final class DatabaseLookups {

    @Option(names = "--rocksdb", required = true, paramLabel = "DIR", description = "The database folder.")
    Path dir;

    @Option(names = "--queries", defaultValue = "100000", paramLabel = "N",
            description = "Absent-key lookups, per column family and per measurement (default: ${DEFAULT-VALUE}).")
    long queries;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S",
            description = "Seed of the sampled keys and their extensions (default: ${DEFAULT-VALUE}).")
    long seed;

    /** The lookups asked for, or a usage error naming --queries. */
    RocksDbMeasure.Settings settings() throws UsageException {
        try {
            return new RocksDbMeasure.Settings(queries, seed);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--queries: " + e.getMessage());
        }
    }
}
