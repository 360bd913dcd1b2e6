package org.monkeyeval.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The jar this program runs from, when it runs from one. */
final class RunningJar {

    private RunningJar() {
    }

    static Optional<Path> path() {
        try {
            var source = MonkeyEval.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return Optional.empty();
            }
            Path p = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(p) && p.toString().endsWith(".jar") ? Optional.of(p) : Optional.empty();
        } catch (URISyntaxException | SecurityException e) {
            return Optional.empty();
        }
    }
}
