package org.monkeyeval.cli;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/** The two folders every command works on, as a picocli mixin. */
final class Folders {

    @Option(names = "--cases", defaultValue = "cases", paramLabel = "DIR",
            description = "Folder of *.json case files (default: ${DEFAULT-VALUE}).")
    Path cases;

    @Option(names = "--out", defaultValue = "out", paramLabel = "DIR",
            description = "Output folder: written by run and confirm, read by verify and bundle"
                    + " (default: ${DEFAULT-VALUE}).")
    Path out;
}
