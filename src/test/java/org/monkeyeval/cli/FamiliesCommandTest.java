package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.monkeyeval.family.FilterFamily;
import org.monkeyeval.family.catalog.Families;
import org.monkeyeval.family.pebble.PebbleFamily;
import org.monkeyeval.text.CsvTable;

/** The families command answers for every family, and refuses bad requests with the limit in words. */
final class FamiliesCommandTest {

    @Test
    void noOptions_answersEveryFamilyFromOneToTwentyFourBitsOrItsLimit() {
        Cli.Outcome o = Cli.run("families", "--format", "csv");
        assertEquals(0, o.exitCode(), o.err());
        CsvTable t = CsvTable.parse(o.out());
        assertEquals(List.of("family", "requested_bits_per_key", "setting", "entries", "filter_bits", "bits_per_key",
                "fpr", "parameters", "source"), t.header());
        for (FilterFamily f : Families.all()) {
            long expected = (long) Math.min(24, Math.floor(f.maxBitsPerKey()));
            assertEquals(expected, t.rows().stream().filter(r -> r.get(0).equals(f.name())).count(), f.name());
        }
        assertEquals(20, t.rows().stream().filter(r -> r.get(0).equals("cassandra")).count(),
                "Cassandra's table stops at 20 buckets per element");
    }

    @Test
    void oneRequest_givesTheFamilysSettingSizeAndRate() throws Exception {
        Cli.Outcome o = Cli.run("families", "--family", "pebble", "--entries", "5000000", "--bits-per-key", "12",
                "--format", "json");
        assertEquals(0, o.exitCode(), o.err());
        JsonNode rows = new ObjectMapper().readTree(o.out());
        assertEquals(1, rows.size());
        JsonNode r = rows.get(0);
        var setting = PebbleFamily.INSTANCE.settingFor(12);
        assertEquals("12", r.get("setting").asText());
        assertEquals(PebbleFamily.INSTANCE.filterBits(5_000_000, setting), r.get("filter_bits").asDouble());
        assertEquals(PebbleFamily.INSTANCE.fpr(5_000_000, setting), r.get("fpr").asDouble());
        assertEquals(r.get("filter_bits").asDouble() / 5_000_000, r.get("bits_per_key").asDouble(), 1e-12);
        assertEquals("probes=" + setting.probes(), r.get("parameters").asText());
    }

    /** --engine E lists every family E chooses from: rocksdb-per-level and rocksdb-ribbon build Bloom and Ribbon. */
    @Test
    void engine_answersWithEveryFamilyTheEngineChoosesFrom() {
        for (String engine : List.of("rocksdb-per-level", "rocksdb-ribbon")) {
            Cli.Outcome o = Cli.run("families", "--engine", engine, "--bits-per-key", "10", "--format", "csv");
            assertEquals(0, o.exitCode(), o.err());
            assertTrue(o.out().contains("\r\nrocksdb,10,10,1000000,"), o.out());
            assertTrue(o.out().contains("\r\nrocksdb-ribbon,10,"), o.out());
        }
        Cli.Outcome one = Cli.run("families", "--engine", "rocksdb", "--bits-per-key", "10", "--format", "csv");
        assertFalse(one.out().contains("rocksdb-ribbon"), one.out());
    }

    @Test
    void unknownFamily_exitsTwoNamingTheChoices() {
        Cli.Outcome o = Cli.run("families", "--family", "lmdb");
        assertEquals(2, o.exitCode());
        assertTrue(o.err().contains("unknown family 'lmdb'") && o.err().contains("pebble"), o.err());
        assertEquals("", o.out());
    }

    @Test
    void entriesBelowOne_exitsTwo() {
        Cli.Outcome o = Cli.run("families", "--family", "rocksdb", "--entries", "0");
        assertEquals(2, o.exitCode());
        assertTrue(o.err().contains("at least 1 key"), o.err());
        assertEquals("", o.out());
    }

    @Test
    void bitsBeyondTheFamily_exitTwoNamingTheLimit() {
        Cli.Outcome o = Cli.run("families", "--family", "pebble", "--bits-per-key", "150");
        assertEquals(2, o.exitCode());
        assertTrue(o.err().contains("between 0 and 100 for pebble"), o.err());
        Cli.Outcome negative = Cli.run("families", "--family", "ideal", "--bits-per-key", "-1");
        assertEquals(2, negative.exitCode());
        assertEquals("", negative.out());
    }

    @Test
    void tableFormat_listsSourcesOnceBelowTheTable() {
        Cli.Outcome o = Cli.run("families", "--family", "xor8");
        assertEquals(0, o.exitCode(), o.err());
        assertEquals(1, o.out().split("\nxor8: FastFilter", -1).length - 1, o.out());
    }
}
