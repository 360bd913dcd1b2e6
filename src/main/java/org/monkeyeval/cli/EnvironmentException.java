package org.monkeyeval.cli;

import org.monkeyeval.engine.rocksdb.RocksDbNative;

/**
 * The machine cannot do what was asked, whatever the input (exit code 4), e.g. RocksDB's native
 * library does not load on this platform. The message says what is missing, in one line.
 */
final class EnvironmentException extends Exception {
    private static final long serialVersionUID = 1L;

    EnvironmentException(String message) {
        super(message);
    }

    /** Nothing when RocksDB's native library loads here; else this error, "{@code what}: the reason". */
    static void requireRocksDb(String what) throws EnvironmentException {
        if (!RocksDbNative.available()) {
            throw new EnvironmentException(what + ": " + RocksDbNative.problem().orElse(""));
        }
    }
}
