package org.monkeyeval.engine.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/**
 * Where RocksJava's native library does not load, the engine check says so in one line naming the
 * platform; on Linux x86-64, the platform this build carries it for, it loads and reports a version.
 */
final class RocksDbNativeTest {

    @Test
    void describe_failedLoad_namesPlatformAndFirstLineOfTheCause() {
        assertEquals("RocksDB's native library cannot be loaded on Mac OS X aarch64 (this build carries it for Linux"
                + " x86-64 only): no rocksdbjni in java.library.path",
                RocksDbNative.describe("Mac OS X", "aarch64",
                        new UnsatisfiedLinkError("no rocksdbjni in java.library.path\nsecond line")));
    }

    @Test
    void available_onLinuxX8664_loadsAndReportsVersion() {
        assumeTrue(System.getProperty("os.name").equals("Linux") && System.getProperty("os.arch").equals("amd64"),
                "the build carries the native library for Linux x86-64 only");
        assertTrue(RocksDbNative.available(), () -> RocksDbNative.problem().orElse(""));
        assertTrue(RocksDbNative.version().orElseThrow().matches("\\d+\\.\\d+\\.\\d+"));
    }
}
