package org.monkeyeval.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.monkeyeval.model.LsmCase;
import org.monkeyeval.text.InvalidInputException;

/**
 * A case's keys stored as several versions: {@code versionsPerKey} (the case) or {@code filterEntries} (a run)
 * make the runs hold the entries their filters hold (Pebble's filter holds each key's Split prefix once:
 * cockroachdb/pebble {@code sstable/colblk_writer.go} adds {@code key.UserKey[:PrefixLen]} to the filter writer,
 * {@code sstable/tablefilters/bloom/hash_collector.go} skips a hash equal to the last one). Invariants: a case
 * without either reads as before; the fields are checked with the file, field, line and column.
 */
final class CaseReaderVersionsTest {

    private static LsmCase read(String json) throws InvalidInputException {
        return CaseReader.read("c.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void read_versionsPerKey_runsHoldTheirDistinctKeys() throws Exception {
        LsmCase c = read("{\"id\": \"v\", \"runs\": [{\"entries\": 3000}, {\"entries\": 30001}, {\"entries\": 1}],"
                + " \"budget\": {\"bitsPerEntry\": 10}, \"versionsPerKey\": 3}");
        assertArrayEquals(new long[] {1000, 10000, 1}, c.entries()); // 30001 / 3 = 10000.33; 1 / 3 kept at 1
        assertEquals(3.0, c.versions().perKey(), 0.0);
        assertFalse(c.versions().perRun());
        assertEquals(33002.0, c.versions().storedEntries(), 0.0);
        assertEquals(10.0 * 11001, c.budgetBits(), 0.0); // bits per filter entry
    }

    @Test
    void read_versionsPerKeyOnATree_dividesTheExpandedRuns() throws Exception {
        LsmCase c = read("{\"id\": \"t\", \"tree\": {\"policy\": \"leveling\", \"sizeRatio\": 10, \"levels\": 3,"
                + " \"entries\": 1110000}, \"budget\": {\"bitsPerEntry\": 10}, \"versionsPerKey\": 2.5}");
        assertArrayEquals(new long[] {4000, 40000, 400000}, c.entries());
        assertEquals(1110000.0, c.versions().storedEntries(), 0.0);
    }

    @Test
    void read_runFilterEntries_sizeTheRunAndGiveTheMeanVersions() throws Exception {
        LsmCase c = read("{\"id\": \"f\", \"runs\": [{\"entries\": 2000, \"filterEntries\": 1000},"
                + " {\"entries\": 4000}], \"budget\": {\"totalBits\": 50000}}");
        assertArrayEquals(new long[] {1000, 4000}, c.entries());
        assertTrue(c.versions().perRun());
        assertEquals(6000.0 / 5000.0, c.versions().perKey(), 0.0);
    }

    @Test
    void read_neither_noVersionsAndEntriesAsStored() throws Exception {
        LsmCase c = read("{\"id\": \"n\", \"runs\": [{\"entries\": 2000}], \"budget\": {\"bitsPerEntry\": 10}}");
        assertNull(c.versions());
        assertArrayEquals(new long[] {2000}, c.entries());
    }

    static Stream<Arguments> badVersions() {
        String runs = "{\"id\": \"p\", \"runs\": [{\"entries\": 10}], \"budget\": {\"bitsPerEntry\": 8},\n ";
        String file = "{\"name\": \"1.sst\", \"entries\": 10, \"filter\": {\"family\": \"none\", \"bits\": 0,"
                + " \"parameters\": {}}}";
        return Stream.of(
                Arguments.of("versionsPerKey below 1", runs + "\"versionsPerKey\": 0.5}",
                        "c.json:2:20: versionsPerKey: is the stored entries per distinct key and must be >= 1, got 0.5"),
                Arguments.of("versionsPerKey negative", runs + "\"versionsPerKey\": -2}",
                        "c.json:2:20: versionsPerKey: "),
                Arguments.of("versionsPerKey a string", runs + "\"versionsPerKey\": \"3\"}",
                        "c.json:2:20: versionsPerKey: "),
                Arguments.of("filterEntries above entries", "{\"id\": \"p\", \"budget\": {\"bitsPerEntry\": 8},\n"
                        + " \"runs\": [{\"entries\": 10, \"filterEntries\": 11}]}",
                        "c.json:2:44: runs[0].filterEntries: 11 is more than the run's 10 entries: a filter holds"
                                + " at most one entry per stored entry"),
                Arguments.of("filterEntries zero", "{\"id\": \"p\", \"budget\": {\"bitsPerEntry\": 8},\n"
                        + " \"runs\": [{\"entries\": 10, \"filterEntries\": 0}]}",
                        "c.json:2:44: runs[0].filterEntries: must be a positive integer, got 0"),
                Arguments.of("filterEntries a fraction", "{\"id\": \"p\", \"budget\": {\"bitsPerEntry\": 8},\n"
                        + " \"runs\": [{\"entries\": 10, \"filterEntries\": 2.5}]}",
                        "c.json:2:44: runs[0].filterEntries: must be a whole number, got 2.5"),
                Arguments.of("both", "{\"id\": \"p\", \"budget\": {\"bitsPerEntry\": 8}, \"versionsPerKey\": 2,\n"
                        + " \"runs\": [{\"entries\": 10, \"filterEntries\": 5}]}",
                        "c.json:1:62: versionsPerKey: give either versionsPerKey or the runs' filterEntries, not both"),
                Arguments.of("versionsPerKey with files", "{\"id\": \"p\", \"budget\": {\"bitsPerEntry\": 8},"
                        + " \"versionsPerKey\": 2,\n \"runs\": [{\"entries\": 10, \"files\": [" + file + "]}]}",
                        "c.json:1:62: versionsPerKey: not with runs that list their files (runs[0].files)"),
                Arguments.of("filterEntries with files", "{\"id\": \"p\", \"budget\": {\"bitsPerEntry\": 8},\n"
                        + " \"runs\": [{\"entries\": 10, \"filterEntries\": 5, \"files\": [" + file + "]}]}",
                        "c.json:2:44: runs[0].filterEntries: give either filterEntries or files, not both"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badVersions")
    void read_badVersionFields_refusedWithFileFieldLineAndColumn(String label, String json, String expected) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> read(json));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }
}
