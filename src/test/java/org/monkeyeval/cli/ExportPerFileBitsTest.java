package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The export of a case whose runs list their files states the filter bits the engine builds, one filter per
 * file: equal to the run-level size where every run is one file, more where a run's filters round up file by
 * file, and the headroom or excess against the budget as the sign says; a case without files says nothing of it.
 */
final class ExportPerFileBitsTest {

    private static final Pattern USED = Pattern.compile("filters use ([0-9.eE+]+) bits");
    private static final Pattern PER_FILE = Pattern.compile(
            "one filter per file, each rounded up on its own: ([0-9.eE+]+) bits, ([0-9.eE+]+) bits (of the budget left|over)");

    @TempDir
    Path dir;

    /** One L1 run of 10,000 keys in {@code files} files of equal size, each with a 10-bit fast local Bloom. */
    private static String caseOf(int files) {
        StringBuilder b = new StringBuilder("{\"id\": \"pf\", \"runs\": [{\"entries\": 10000,"
                + " \"level\": 1, \"files\": [");
        for (int f = 0; f < files; f++) {
            long keys = 10_000 / files;
            b.append(f == 0 ? "" : ", ").append("{\"name\": \"").append(10 + f).append(".sst\", \"entries\": ")
                    .append(keys).append(", \"filter\": {\"family\": \"rocksdb\", \"bits\": ").append(keys * 10)
                    .append(", \"parameters\": {\"lines\": ").append(keys * 10 / 512).append(", \"probes\": 6}}}");
        }
        return b.append("]}], \"budget\": {\"totalBits\": 101000}, \"rocksdb\": {\"numLevels\": 7,"
                + " \"levelCompactionDynamicLevelBytes\": false}}").toString();
    }

    private String export(String json) throws Exception {
        Path cases = Files.createDirectories(dir.resolve("cases-" + json.hashCode()));
        Files.writeString(cases.resolve("c.json"), json);
        Cli.Outcome o = Cli.run("export", "--engine", "rocksdb-per-level", "--cases", cases.toString(), "--case", "pf");
        assertEquals(0, o.exitCode(), o.err());
        return o.out();
    }

    @Test
    void export_oneFilePerRun_perFileBitsAreTheRunsFilters() throws Exception {
        String out = export(caseOf(1));
        Matcher used = USED.matcher(out);
        Matcher perFile = PER_FILE.matcher(out);
        assertTrue(used.find() && perFile.find(), out);
        assertEquals(Double.parseDouble(used.group(1)), Double.parseDouble(perFile.group(1)), 0.0, out);
    }

    @Test
    void export_runOfManyFiles_roundsUpFileByFileAndStatesTheSign() throws Exception {
        String out = export(caseOf(20));
        Matcher used = USED.matcher(out);
        Matcher perFile = PER_FILE.matcher(out);
        assertTrue(used.find() && perFile.find(), out);
        double bits = Double.parseDouble(perFile.group(1));
        assertTrue(bits > Double.parseDouble(used.group(1)), out);
        assertEquals(bits > 101_000 ? "over" : "of the budget left", perFile.group(3), out);
        assertEquals(Math.abs(101_000 - bits), Double.parseDouble(perFile.group(2)), 1e-6, out);
    }

    @Test
    void export_caseWithoutFiles_saysNothingOfFiles() throws Exception {
        String out = export("{\"id\": \"pf\", \"runs\": [{\"entries\": 100, \"level\": 0}, {\"entries\": 10000,"
                + " \"level\": 1}], \"budget\": {\"bitsPerEntry\": 10}}");
        assertFalse(out.contains("one filter per file"), out);
    }
}
