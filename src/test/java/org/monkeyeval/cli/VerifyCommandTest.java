package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.engine.rocksdb.RocksDbNative;

/**
 * {@code verify} passes on the published table and fails (exit 1) on any change to a number,
 * a row, or an input behind the published SHA-256.
 */
final class VerifyCommandTest {

    private static final Path PUBLISHED_CASES = Path.of("cases");
    private static final Path PUBLISHED_OUT = Path.of("out");

    @TempDir
    Path dir;
    Path cases;
    Path out;

    /**
     * Copies the published folders; the confirmation files are left out unless asked for, since
     * their presence makes verify rerun the confirmation (seconds, not milliseconds), and so is the
     * report (sweep, page and figures drawn from the confirmation too; ReportCommandTest checks them).
     */
    @BeforeEach
    void copyPublished() throws IOException {
        cases = copy(PUBLISHED_CASES, dir.resolve("cases"), true);
        out = copy(PUBLISHED_OUT, dir.resolve("out"), false);
    }

    private static Path copy(Path from, Path to, boolean withConfirm) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.sorted(Comparator.naturalOrder()).toList()) {
                String name = f.getFileName().toString();
                boolean report = name.startsWith("report") || name.equals("sweep.csv") || name.equals("figures");
                if (withConfirm || !(name.startsWith("confirm") || report)) {
                    Files.copy(f, to.resolve(f.getFileName()));
                }
            }
        }
        return to;
    }

    private Cli.Outcome verify(String... extra) {
        String[] args = Stream.concat(Stream.of("verify", "--cases", cases.toString(), "--out", out.toString()),
                Stream.of(extra)).toArray(String[]::new);
        return Cli.run(args);
    }

    @Test
    @Tag("integration")
    void verify_publishedTable_passes() {
        assumeTrue(RocksDbNative.available(), () -> "reruns the engine check: " + RocksDbNative.problem().orElse(""));
        Cli.Outcome o = Cli.run("verify", "--cases", PUBLISHED_CASES.toString(), "--out", PUBLISHED_OUT.toString());
        assertEquals(0, o.exitCode(), o.out() + o.err());
        assertTrue(o.out().contains("rows.csv: byte-identical"), o.out());
        assertTrue(o.out().contains("confirm.csv: byte-identical"), o.out());
    }

    /**
     * A count edited in a confirmation fails on that count. Made on a small confirmation of its own
     * (verify_publishedTable_passes reruns the published one in full; a second full rerun would double
     * the suite's longest test for the same property).
     */
    @Test
    void verify_editedConfirmCount_fails() throws IOException {
        Path small = Files.createDirectories(dir.resolve("edited"));
        Files.writeString(small.resolve("seed-10bpe.json"), "{\"id\": \"seed-10bpe\", \"runs\": [{\"entries\": 10000},"
                + " {\"entries\": 100000}], \"budget\": {\"bitsPerEntry\": 10}}");
        Path confirmedOut = dir.resolve("edited-out");
        assertEquals(0, Cli.run("confirm", "--cases", small.toString(), "--out", confirmedOut.toString(),
                "--queries", "20000", "--layout", "standard").exitCode());
        Path confirm = confirmedOut.resolve("confirm.csv");
        String text = Files.readString(confirm);
        String edited = text.replaceFirst(
                "(seed-10bpe,optimized,standard,1,10000,[^,]*,[^,]*,[^,]*,[^,]*,20000,)(\\d+)",
                "$1" + "999");
        assertTrue(!edited.equals(text), "fixture: the row to edit exists");
        Files.writeString(confirm, edited);
        Cli.Outcome o = Cli.run("verify", "--cases", small.toString(), "--out", confirmedOut.toString());
        assertEquals(1, o.exitCode(), o.out());
        assertTrue(o.out().contains("FAIL confirm.csv"), o.out());
        assertTrue(o.out().contains("positives: published 999"), o.out());
    }

    @Test
    void verify_editedNumber_failsNamingRowAndColumn() throws IOException {
        Path rows = out.resolve("rows.csv");
        String text = Files.readString(rows);
        String edited = text.replaceFirst("seed-10bpe,1,L1,10000,([^,]*),10,", "seed-10bpe,1,L1,10000,$1,10.001,");
        assertTrue(!edited.equals(text), "fixture: the row to edit exists");
        Files.writeString(rows, edited);
        Cli.Outcome o = verify();
        assertEquals(1, o.exitCode(), o.out());
        assertTrue(o.out().contains("case_id=seed-10bpe run=1 uniform_bits_per_entry: published 10.001, recomputed 10"),
                o.out());
    }

    @Test
    void verify_lastDigitNoise_passesWithinTolerance() throws IOException {
        Path cases = out.resolve("cases.csv");
        String text = Files.readString(cases);
        // 0.024577648404536884 -> ...885: a relative change of 4e-17, far inside 1e-9
        String edited = text.replaceFirst("0\\.024577648404536884", "0.024577648404536885");
        assertTrue(!edited.equals(text), "fixture: the value to nudge exists");
        Files.writeString(cases, edited);
        // the output checksum in provenance now fails, so check the table comparison alone
        Cli.Outcome o = verify();
        assertTrue(o.out().contains("cases.csv: equal within relative tolerance"), o.out());
    }

    @Test
    void verify_removedRow_reportsMissingRow() throws IOException {
        Path rows = out.resolve("rows.csv");
        String text = Files.readString(rows);
        Files.writeString(rows, text.replaceFirst("ratio-2,2,[^\\r\\n]*\\r\\n", ""));
        Cli.Outcome o = verify();
        assertEquals(1, o.exitCode());
        assertTrue(o.out().contains("missing from the published table: case_id=ratio-2 run=2"), o.out());
    }

    @Test
    void verify_changedInput_failsOnChecksum() throws IOException {
        Path input = cases.resolve("seed-10bpe.json");
        Files.writeString(input, Files.readString(input).replace("worked example", "worked  example"));
        Cli.Outcome o = verify();
        assertEquals(1, o.exitCode());
        assertTrue(o.out().contains("input seed-10bpe.json changed"), o.out());
    }

    @Test
    void verify_changedBudget_failsOnTable() throws IOException {
        Path input = cases.resolve("seed-20bpe.json");
        Files.writeString(input, Files.readString(input).replace("\"bitsPerEntry\": 20", "\"bitsPerEntry\": 21"));
        Cli.Outcome o = verify("--tolerance", "0.01");
        assertEquals(1, o.exitCode());
        assertTrue(o.out().contains("FAIL rows.csv"), o.out());
    }

    @Test
    void verify_missingOutputFolder_exits3AsInputError() throws IOException {
        Files.walk(out).sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        Cli.Outcome o = verify();
        assertEquals(3, o.exitCode(), o.out() + o.err());
        assertEquals("monkey-eval: " + out + ": the output folder does not exist", o.err().strip());
        assertEquals("", o.out());
    }

    @Test
    void verify_folderWithoutProvenance_exits3NothingToVerify() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Cli.Outcome o = Cli.run("verify", "--cases", cases.toString(), "--out", empty.toString());
        assertEquals(3, o.exitCode(), o.out() + o.err());
        assertTrue(o.err().contains("nothing to verify"), o.err());
    }

    @Test
    void verify_folderMadeByConfirmAlone_checksItAndNamesWhatIsAbsent() throws IOException {
        Path small = Files.createDirectories(dir.resolve("small"));
        Files.writeString(small.resolve("a.json"), "{\"id\": \"a\", \"runs\": [{\"entries\": 1000},"
                + " {\"entries\": 10000}], \"budget\": {\"bitsPerEntry\": 8}}");
        Path confirmed = dir.resolve("confirmed");
        assertEquals(0, Cli.run("confirm", "--cases", small.toString(), "--out", confirmed.toString(),
                "--queries", "2000", "--layout", "standard").exitCode());
        Cli.Outcome o = Cli.run("verify", "--cases", small.toString(), "--out", confirmed.toString());
        assertEquals(0, o.exitCode(), o.out() + o.err());
        assertTrue(o.out().contains("ok   confirm.csv: byte-identical"), o.out());
        assertTrue(o.out().contains("absent cases.csv, rows.csv, provenance.json: no output of run here"), o.out());
    }

    @Test
    void verify_confirmationWithCap_rerunsAtTheRecordedCap() throws IOException {
        Path small = Files.createDirectories(dir.resolve("small-cases"));
        Files.writeString(small.resolve("two.json"), "{\"id\": \"two\", \"runs\": [{\"entries\": 2000},"
                + " {\"entries\": 30000}], \"budget\": {\"bitsPerEntry\": 8}}");
        Path smallOut = dir.resolve("small-out");
        assertEquals(0, Cli.run("run", "--cases", small.toString(), "--out", smallOut.toString()).exitCode());
        Cli.Outcome confirmed = Cli.run("confirm", "--cases", small.toString(), "--out", smallOut.toString(),
                "--queries", "20000", "--max-filter-entries", "5000");
        assertEquals(0, confirmed.exitCode(), confirmed.err());
        Path provenance = smallOut.resolve("confirm-provenance.json");
        String recorded = Files.readString(provenance);
        assertTrue(recorded.contains("\"maxFilterEntries\": 5000"), recorded);
        assertTrue(Files.readString(smallOut.resolve("confirm.csv")).contains(",2,30000,5000,"));

        Cli.Outcome same = Cli.run("verify", "--cases", small.toString(), "--out", smallOut.toString());
        assertEquals(0, same.exitCode(), same.out());

        // without the recorded cap, verify rebuilds the full-size filter: the counts no longer match
        Files.writeString(provenance, recorded.replace("\"maxFilterEntries\": 5000,", ""));
        Cli.Outcome uncapped = Cli.run("verify", "--cases", small.toString(), "--out", smallOut.toString());
        assertEquals(1, uncapped.exitCode(), uncapped.out());
        assertTrue(uncapped.out().contains("FAIL confirm.csv"), uncapped.out());
    }

    @Test
    void confirm_maxFilterEntriesZero_exits2() {
        Cli.Outcome o = Cli.run("confirm", "--cases", cases.toString(), "--out", dir.resolve("x").toString(),
                "--max-filter-entries", "0");
        assertEquals(2, o.exitCode(), o.err());
        assertTrue(o.err().contains("max filter entries (0) must be >= 1"), o.err());
    }
}
