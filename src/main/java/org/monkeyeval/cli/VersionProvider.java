package org.monkeyeval.cli;

import picocli.CommandLine;

import org.monkeyeval.report.ToolInfo;

/** {@code --version}: the build's name and version. */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        ToolInfo tool = ToolInfo.current();
        return new String[] {tool.name() + " " + tool.version()};
    }
}
