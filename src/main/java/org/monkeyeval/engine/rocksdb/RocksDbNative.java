package org.monkeyeval.engine.rocksdb;

import java.util.Optional;

import org.rocksdb.RocksDB;

/**
 * Whether RocksJava's native library loads on this machine. The build ships the {@code linux64}
 * classifier of {@code rocksdbjni}, which carries the library for Linux on x86-64 (glibc) only;
 * elsewhere the engine check cannot run, and callers say so instead of failing with a linkage error.
 */
public final class RocksDbNative {

    private static final Optional<String> PROBLEM = load();

    private RocksDbNative() {
    }

    private static Optional<String> load() {
        try {
            RocksDB.loadLibrary();
            return Optional.empty();
        } catch (LinkageError | RuntimeException e) {
            return Optional.of(describe(System.getProperty("os.name"), System.getProperty("os.arch"), e));
        }
    }

    /** True when the native library is loaded. */
    public static boolean available() {
        return PROBLEM.isEmpty();
    }

    /** Why the library cannot be loaded, in one line; empty when it is loaded. */
    public static Optional<String> problem() {
        return PROBLEM;
    }

    /** RocksDB's version as the loaded native library reports it, e.g. "10.10.1"; empty when not loaded. */
    public static Optional<String> version() {
        if (!available()) {
            return Optional.empty();
        }
        RocksDB.Version v = RocksDB.rocksdbVersion();
        return Optional.of(v.getMajor() + "." + v.getMinor() + "." + v.getPatch());
    }

    static String describe(String os, String arch, Throwable failure) {
        String detail = failure.getMessage() == null ? "" : ": " + failure.getMessage().lines().findFirst().orElse("");
        return "RocksDB's native library cannot be loaded on " + os + " " + arch
                + " (this build carries it for Linux x86-64 only)" + detail;
    }
}
