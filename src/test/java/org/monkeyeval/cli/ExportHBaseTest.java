package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.monkeyeval.family.Setting;
import org.monkeyeval.family.hbase.HBaseFamily;

/**
 * Guards {@code export --engine hbase} on a published case: one HBase shell {@code alter} of the named
 * table and column family (the case id and {@code cf} by default) with {@code BLOOMFILTER => 'ROW'} and
 * the error rate in its CONFIGURATION, the same rate as the hbase-site.xml property; the rate is the
 * deployable setting {@code run --engine-granularity hbase} prices in cases.csv and rows.csv, and it gives
 * that setting back; the header's cost is run's deployable cost; bad names are usage errors.
 */
final class ExportHBaseTest {

    private static final Pattern ALTER = Pattern.compile("(?m)^alter '([^']+)', \\{NAME => '([^']+)', BLOOMFILTER => "
            + "'ROW', CONFIGURATION => \\{'io.storefile.bloom.error.rate' => '([0-9.]+)'\\}\\}$");

    @TempDir
    Path dir;

    @Test
    void export_publishedCase_alterWithTheRateRunPrices() throws Exception {
        Cli.Outcome o = Cli.run("export", "--engine", "hbase", "--case", "seed-10bpe");
        assertEquals(0, o.exitCode(), o.err());
        Matcher m = ALTER.matcher(o.out());
        assertTrue(m.find(), o.out());
        assertEquals("seed-10bpe", m.group(1));
        assertEquals("cf", m.group(2));
        String rate = m.group(3);
        assertTrue(o.out().contains("#     <name>io.storefile.bloom.error.rate</name>\n#     <value>" + rate
                + "</value>\n"), o.out());
        assertTrue(o.out().startsWith("# monkey-eval export: case seed-10bpe, engine hbase"), o.out());
        Setting s = HBaseFamily.ofRate(rate);

        Path out = dir.resolve("out");
        Cli.Outcome run = Cli.run("run", "--engine-granularity", "hbase", "--out", out.toString());
        assertEquals(0, run.exitCode(), run.err());
        List<String> cases = Files.readAllLines(out.resolve("cases.csv"));
        List<String> header = List.of(cases.get(0).split(","));
        String[] row = cases.stream().filter(l -> l.startsWith("seed-10bpe,")).findFirst().orElseThrow().split(",", -1);
        assertEquals("hbase", row[header.indexOf("engine_granularity")]);
        double cost = Double.parseDouble(row[header.indexOf("deployable_cost")]);
        Matcher expected = Pattern.compile("expected cost \\(run reads per lookup\\) (\\S+)").matcher(o.out());
        assertTrue(expected.find(), o.out());
        assertEquals(cost, Double.parseDouble(expected.group(1)), 1e-12 * cost);
        List<String> rows = Files.readAllLines(out.resolve("rows.csv"));
        List<String> rowHeader = List.of(rows.get(0).split(","));
        long seedRuns = rows.stream().filter(l -> l.startsWith("seed-10bpe,")).peek(l -> assertEquals(rate,
                l.split(",", -1)[rowHeader.indexOf("deployable_setting")], l)).count();
        assertEquals(3, seedRuns);
        double bits = Double.parseDouble(row[header.indexOf("deployable_bits")]);
        assertEquals(HBaseFamily.INSTANCE.filterBits(10_000, s) + HBaseFamily.INSTANCE.filterBits(100_000, s)
                + HBaseFamily.INSTANCE.filterBits(1_000_000, s), bits, 0.0);
        assertTrue(bits <= 10.0 * 1_110_000, "within the budget: " + bits);
    }

    @Test
    void export_namedTableAndColumnFamily_inTheAlter() {
        Cli.Outcome o = Cli.run("export", "--engine", "hbase", "--case", "seed-10bpe", "--table", "ns:usertable",
                "--column-family", "f");
        assertEquals(0, o.exitCode(), o.err());
        Matcher m = ALTER.matcher(o.out());
        assertTrue(m.find(), o.out());
        assertEquals("ns:usertable", m.group(1));
        assertEquals("f", m.group(2));
    }

    @Test
    void export_badNamesOrNamesForAnotherEngine_usageErrors() {
        Cli.Outcome quote = Cli.run("export", "--engine", "hbase", "--case", "seed-10bpe", "--column-family", "a'b");
        assertEquals(2, quote.exitCode(), quote.err());
        assertTrue(quote.err().contains("--column-family: column family 'a'b'"), quote.err());
        Cli.Outcome table = Cli.run("export", "--engine", "hbase", "--case", "seed-10bpe", "--table", "-x");
        assertEquals(2, table.exitCode(), table.err());
        assertTrue(table.err().contains("--table: table '-x'"), table.err());
        Cli.Outcome other = Cli.run("export", "--engine", "leveldb", "--case", "seed-10bpe", "--table", "t");
        assertEquals(2, other.exitCode(), other.err());
        assertTrue(other.err().contains("--table: applies to --engine hbase only"), other.err());
    }
}
