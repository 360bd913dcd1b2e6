package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code export --engine pebble} says what Pebble's bits per key count: filter entries, each key's Split prefix
 * added once (cockroachdb/pebble {@code sstable/colblk_writer.go} adds {@code key.UserKey[:PrefixLen]} to the
 * filter writer; {@code sstable/tablefilters/bloom/hash_collector.go} skips a hash equal to the last one), the
 * case's versions per key when it gives them, and whether absent keys were priced with present prefixes. The
 * bits per key it writes are the allocation's, per filter entry.
 */
final class ExportPebblePrefixTest {

    @TempDir
    Path cases;

    private Cli.Outcome export(String engine, String json) throws Exception {
        Files.writeString(cases.resolve("mvcc.json"), json, StandardCharsets.UTF_8);
        Cli.Outcome o = Cli.run("export", "--engine", engine, "--case", "mvcc", "--cases", cases.toString());
        assertEquals(0, o.exitCode(), o.err());
        return o;
    }

    private static final String RUNS = "\"runs\": [{\"name\": \"L4\", \"entries\": 300000, \"level\": 4},"
            + " {\"name\": \"L5\", \"entries\": 3000000, \"level\": 5},"
            + " {\"name\": \"L6\", \"entries\": 30000000, \"level\": 6}], \"budget\": {\"bitsPerEntry\": 10}";

    @Test
    void exportPebble_versionsPerKey_saysBitsPerKeyArePerFilterEntryAndGivesTheVersions() throws Exception {
        String out = export("pebble", "{\"id\": \"mvcc\", " + RUNS + ", \"versionsPerKey\": 3,"
                + " \"workload\": {\"presentPrefixShare\": 0.25}}").out();
        assertTrue(out.contains("// bits per key are per filter entry: Pebble's filter holds each key's Split prefix"
                + " once (sstable/colblk_writer.go adds key[:Split(key)]; bloom/hash_collector.go skips a hash equal"
                + " to the last), so a key's versions are one entry\n"), out);
        assertTrue(out.contains("// the case's 11100000 filter entries are its distinct keys (prefixes), of 33300000"
                + " stored entries: 3 versions per key (versionsPerKey); the budget and every bits per key here are"
                + " per filter entry\n"), out);
        assertTrue(out.contains("// absent keys whose prefix is present: 0.25 (workload.presentPrefixShare); each run"
                + " a Get reads costs s + (1 - s) fpr, s its share of them"), out);
        assertTrue(out.contains("// budget 111000000 bits;"), out); // 10 bits per filter entry
    }

    @Test
    void runAndReport_versionsPerKey_summaryPageAndProvenanceSayTheFilterEntries(@TempDir Path out) throws Exception {
        Files.writeString(cases.resolve("mvcc.json"), "{\"id\": \"mvcc\", " + RUNS + ", \"versionsPerKey\": 3,"
                + " \"engineGranularity\": \"pebble\"}", StandardCharsets.UTF_8);
        Cli.Outcome o = Cli.run("run", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, o.exitCode(), o.err());
        assertTrue(o.out().contains("mvcc: the case's 11100000 filter entries are its distinct keys (prefixes), of"
                + " 33300000 stored entries: 3 versions per key (versionsPerKey); every allocation sized and its budget"
                + " per entry taken on those"), o.out());
        Cli.Outcome report = Cli.run("report", "--cases", cases.toString(), "--out", out.toString());
        assertEquals(0, report.exitCode(), report.err());
        String page = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);
        assertTrue(page.contains("<dt>filter entries</dt><dd>the case&#39;s 11100000 filter entries are its distinct"
                + " keys (prefixes), of 33300000 stored entries: 3 versions per key (versionsPerKey); the runs, every"
                + " allocation and the budget per entry count these</dd>"), page);
        String provenance = Files.readString(out.resolve("provenance.json"), StandardCharsets.UTF_8);
        assertTrue(provenance.contains("\"versionsPerKey\": 3") && provenance.contains("\"filterEntries\": 11100000")
                && provenance.contains("\"storedEntries\": 33300000"), provenance);
    }

    @Test
    void exportPebble_noVersionsNoShare_saysAbsentPrefixes() throws Exception {
        String out = export("pebble-use-l6-filters", "{\"id\": \"mvcc\", " + RUNS + "}").out();
        assertTrue(out.contains("// bits per key are per filter entry: Pebble's filter holds each key's Split"), out);
        assertFalse(out.contains("versions per key"), out);
        assertTrue(out.contains("// absent keys priced as absent prefixes (workload.presentPrefixShare 0"), out);
    }

    @Test
    void exportRocksDb_runFilterEntries_givesTheVersionsButNoPrefixLines() throws Exception {
        String out = export("rocksdb", "{\"id\": \"mvcc\", " + RUNS.replace("\"entries\": 30000000,",
                "\"entries\": 30000000, \"filterEntries\": 10000000,") + "}").out();
        assertTrue(out.contains("# the case's 13300000 filter entries are its distinct keys, of 33300000 stored"
                + " entries: the runs' filterEntries, 2.5037593984962405 versions per key on average;"), out);
        assertFalse(out.contains("Split prefix"), out);
        assertFalse(out.contains("absent keys"), out);
    }
}
