package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.monkeyeval.report.Provenance;
import org.monkeyeval.text.Json;

/**
 * A table published once stays verifiable: the folder version 0.1.0 published (its 14 cases, tables,
 * provenance, confirmation and engine check, kept as a fixture) passes {@code verify} of this version,
 * which compares the columns that folder has and the provenance sections it records. A report drawn
 * before the page showed the deployable and current allocations (drawing revision 1, kept as a
 * fixture of two cases) passes too: its tables are compared, its page and figures are held to the
 * hashes its provenance recorded, and they are not redrawn, since this version draws other bytes. A
 * folder solved at rocksdb-per-level before each level could also choose Ribbon (its provenance names
 * no families) is solved again over Bloom alone and passes; described with both families, it is solved
 * over both and fails on the settings that move.
 */
@Tag("integration")
final class PublishedFolderCompatibilityTest {

    private static final Path FIXTURE = Path.of("src/test/resources/published-0.1.0");
    private static final Path REVISION_1 = Path.of("src/test/resources/published-report-revision-1");
    /**
     * The allocations of two cases as 0.1.0 at commit fd646ad wrote them, one at rocksdb-per-level when
     * each level chose among RocksDB's Bloom settings alone (its provenance names no families).
     */
    private static final Path BLOOM_PER_LEVEL = Path.of("src/test/resources/published-bloom-per-level");

    /**
     * Three cases as commit 6375d70 wrote them at rate revision 2, when the legacy Bloom filter was priced at
     * independent line and probes at every size: rocksdb-many-l0 (its Pebble columns priced on filters of
     * more than 2^17 lines), seed-10bpe (none), and many-l0-pebble, the first at pebble granularity (its
     * deployable allocation on Pebble's settings up to 21 bits per key).
     */
    private static final Path RATE_REVISION_2 = Path.of("src/test/resources/published-rate-revision-2");

    @TempDir
    Path dir;

    @Test
    void verify_folderPublishedBy010_passes() throws IOException {
        copyTree(FIXTURE, dir);
        Cli.Outcome outcome = Cli.run("verify", "--cases", dir.resolve("cases").toString(),
                "--out", dir.resolve("out").toString());
        assertEquals(0, outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("rows.csv: equal within relative tolerance"), outcome.out());
        assertTrue(outcome.out().contains("columns added since it was published: level, lookup_weight"),
                outcome.out());
        assertTrue(outcome.out().contains("columns renamed since it was published: uniform_R -> uniform_ideal_R"),
                outcome.out());
        assertTrue(outcome.out().contains("confirm.csv"), outcome.out());
        assertTrue(outcome.out().contains("engine.csv"), outcome.out());
    }

    @Test
    void verify_folderPublishedBy010WithAChangedNumber_failsOnThatNumber() throws IOException {
        copyTree(FIXTURE, dir);
        Path rows = dir.resolve("out/rows.csv");
        Files.writeString(rows, Files.readString(rows).replace("0.008192549468178961,10,", "0.008192549468179,10,"));
        try (Stream<Path> confirm = Files.list(dir.resolve("out"))) {
            for (Path f : confirm.filter(p -> p.getFileName().toString().startsWith("confirm")
                    || p.getFileName().toString().startsWith("engine")).toList()) {
                Files.delete(f);
            }
        }
        Cli.Outcome outcome = Cli.run("verify", "--cases", dir.resolve("cases").toString(),
                "--out", dir.resolve("out").toString(), "--tolerance", "0");
        assertEquals(1, outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("FAIL rows.csv (its columns compared under today's names: uniform_fpr ->"
                + " uniform_ideal_fpr"), outcome.out());
        assertTrue(outcome.out().contains("uniform_ideal_fpr: published 0.008192549468179"), outcome.out());
    }

    @Test
    void verify_reportDrawnAtRevision1_passesWithItsTablesComparedAndItsBytesNotRedrawn() throws IOException {
        copyTree(REVISION_1, dir);
        Cli.Outcome outcome = Cli.run("verify", "--cases", dir.resolve("cases").toString(),
                "--out", dir.resolve("out").toString());
        assertEquals(0, outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("ok   rows.csv"), outcome.out());
        assertTrue(outcome.out().contains("ok   sweep.csv"), outcome.out());
        assertTrue(outcome.out().contains("note report.html and figures/: drawn at drawing revision 1"),
                outcome.out());
    }

    @Test
    void verify_reportDrawnAtRevision1WithAChangedFigure_failsOnItsRecordedHash() throws IOException {
        copyTree(REVISION_1, dir);
        Path figure = dir.resolve("out/figures/rocksdb-imported-bits.svg");
        Files.writeString(figure, Files.readString(figure).replace("L0.1", "L0.9"));
        Cli.Outcome outcome = Cli.run("verify", "--cases", dir.resolve("cases").toString(),
                "--out", dir.resolve("out").toString());
        assertEquals(1, outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("figures/rocksdb-imported-bits.svg"), outcome.out());
    }

    @Test
    void verify_perLevelFolderFromBeforeRibbonChoice_passesSolvedOverBloomAlone() throws IOException {
        copyTree(BLOOM_PER_LEVEL, dir);
        Cli.Outcome outcome = Cli.run("verify", "--cases", dir.resolve("cases").toString(),
                "--out", dir.resolve("out").toString());
        assertEquals(0, outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("columns added since it was published: deployable_family"), outcome.out());
    }

    @Test
    void verify_perLevelFolderDescribedWithBothFamilies_isSolvedOverBothAndFails() throws IOException {
        copyTree(BLOOM_PER_LEVEL, dir);
        Path provenance = dir.resolve("out/provenance.json");
        String text = Files.readString(provenance);
        String settings = "\"settings\": \"99002 settings";
        assertTrue(text.contains(settings), "the fixture describes rocksdb-per-level's settings");
        // described as solved over both families, and priced at today's rates, so every column is compared
        Files.writeString(provenance, text.replace(settings,
                "\"families\": \"rocksdb, rocksdb-ribbon\", " + settings)
                .replace("\"solver\": {", "\"" + Provenance.RATES + "\": " + Provenance.rates() + ", \"solver\": {"));
        Cli.Outcome outcome = Cli.run("verify", "--cases", dir.resolve("cases").toString(),
                "--out", dir.resolve("out").toString());
        assertEquals(1, outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("case_id=rocksdb-imported run=1 deployable_setting"), outcome.out());
    }

    /**
     * The search's description lives in its own section, compared only where the published folder has it:
     * a folder that records today's passes, and one that records an earlier search over the same problem
     * ({@link Provenance#earlierDeployableSearches}) passes with a note; one that records another search
     * fails on that section.
     */
    @Test
    void verify_perLevelFolderRecordingADifferentDeployableSearch_failsOnThatSection() throws IOException {
        copyTree(BLOOM_PER_LEVEL, dir);
        Path provenance = dir.resolve("out/provenance.json");
        String text = Files.readString(provenance);
        String inputs = "\"inputs\": [";
        assertTrue(text.contains(inputs), "the fixture lists its inputs");
        Files.writeString(provenance, text.replace(inputs, "\"" + Provenance.DEPLOYABLE_SEARCH + "\": "
                + Provenance.deployableSearch() + ", " + inputs));
        Cli.Outcome same = Cli.run("verify", "--cases", dir.resolve("cases").toString(),
                "--out", dir.resolve("out").toString());
        assertEquals(0, same.exitCode(), same.out() + same.err());

        for (var earlier : Provenance.earlierDeployableSearches()) {
            Files.writeString(provenance, text.replace(inputs, "\"" + Provenance.DEPLOYABLE_SEARCH + "\": "
                    + earlier + ", " + inputs));
            Cli.Outcome recorded = Cli.run("verify", "--cases", dir.resolve("cases").toString(),
                    "--out", dir.resolve("out").toString());
            assertEquals(0, recorded.exitCode(), recorded.out() + recorded.err());
            assertTrue(recorded.out().contains("section \"" + Provenance.DEPLOYABLE_SEARCH
                    + "\" as an earlier version recorded it"), recorded.out());
        }

        Files.writeString(provenance, text.replace(inputs, "\"" + Provenance.DEPLOYABLE_SEARCH
                + "\": {\"method\": \"a search with a node budget\"}, " + inputs));
        Cli.Outcome other = Cli.run("verify", "--cases", dir.resolve("cases").toString(),
                "--out", dir.resolve("out").toString());
        assertEquals(1, other.exitCode(), other.out() + other.err());
        assertTrue(other.out().contains("section \"" + Provenance.DEPLOYABLE_SEARCH + "\" differs"), other.out());
    }

    /**
     * A folder priced at rate revision 2 passes: the columns today's legacy Bloom rate reprices are not
     * compared where it priced them (Pebble's columns of every case, the deployable columns of the case at
     * pebble), its rates and deployable sections are taken as revision 2 recorded them, and the rest is
     * compared as ever.
     */
    @Test
    void verify_folderPricedAtRateRevision2_passesWithTheRepricedColumnsNotCompared() throws IOException {
        copyTree(RATE_REVISION_2, dir);
        Cli.Outcome outcome = Cli.run("verify", "--cases", dir.resolve("cases").toString(),
                "--out", dir.resolve("out").toString());
        assertEquals(0, outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("not compared: progressive_cost"), outcome.out());
        assertTrue(outcome.out().contains("on rows of case_id many-l0-pebble not compared: deployable_setting"),
                outcome.out());
        assertTrue(outcome.out().contains("section \"" + Provenance.RATES + "\" as an earlier version"), outcome.out());
        assertTrue(outcome.out().contains("section \"" + Provenance.DEPLOYABLE + "\" as an earlier version"),
                outcome.out());
    }

    /**
     * The same folder described as priced at today's rates is compared on every column, and fails where the
     * rate of filters of 2^17 lines or more moved: the best Pebble allocation of rocksdb-many-l0 and the settings
     * of many-l0-pebble.
     */
    @Test
    void verify_folderPricedAtRateRevision2DescribedAsToday_failsOnTheRepricedColumns() throws IOException {
        copyTree(RATE_REVISION_2, dir);
        Path provenance = dir.resolve("out/provenance.json");
        ObjectNode recorded = (ObjectNode) Json.parse(Files.readString(provenance));
        recorded.set(Provenance.RATES, Provenance.rates());
        Files.writeString(provenance, Json.write(recorded));
        Cli.Outcome outcome = Cli.run("verify", "--cases", dir.resolve("cases").toString(),
                "--out", dir.resolve("out").toString());
        assertEquals(1, outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("case_id=rocksdb-many-l0 pebble_uniform_optimum_cost"), outcome.out());
        assertTrue(outcome.out().contains("case_id=many-l0-pebble run="), outcome.out());
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.sorted(Comparator.naturalOrder()).toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
