package org.monkeyeval.cli;

import picocli.CommandLine;

import org.monkeyeval.engine.rocksdb.RocksDbNative;
import org.monkeyeval.report.ToolInfo;

/**
 * {@code --version}: the build's name, version and git commit (recorded at build time when the
 * build ran in a git checkout, else "unknown"), the Java runtime, and the RocksDB native library.
 */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        ToolInfo tool = ToolInfo.current();
        return new String[] {
            tool.name() + " " + tool.version(),
            "commit: " + ToolInfo.buildCommit(),
            "Java: " + System.getProperty("java.runtime.version", System.getProperty("java.version")) + " ("
                    + System.getProperty("java.vendor") + ", " + System.getProperty("java.vm.name") + ") on "
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch"),
            "RocksDB: " + RocksDbNative.version().map(v -> v + " (native library loaded)")
                    .orElseGet(() -> "not available: " + RocksDbNative.problem().orElse("unknown"))};
    }
}
