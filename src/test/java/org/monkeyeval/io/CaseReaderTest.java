package org.monkeyeval.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.monkeyeval.model.Budget;
import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.RocksDbOptions;
import org.monkeyeval.text.InvalidInputException;

/**
 * Every class of bad case file is refused with one line naming the file, the field and the
 * line:column of the offending token; good files parse to exactly what they say.
 */
final class CaseReaderTest {

    private static LsmCase read(String json) throws InvalidInputException {
        return CaseReader.read("c.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static String good(String runs, String budget) {
        return "{\"id\": \"x\", \"runs\": " + runs + ", \"budget\": " + budget + "}";
    }

    @Test
    void read_validCase_returnsRunsAndBudget() throws Exception {
        LsmCase c = read("{\"id\": \"seed-10bpe\", \"description\": \"d\",\n"
                + " \"runs\": [{\"name\": \"L1\", \"entries\": 10000}, {\"entries\": 9223372036854775807}],\n"
                + " \"budget\": {\"bitsPerEntry\": 0.5}}");
        assertEquals("seed-10bpe", c.id());
        assertEquals("d", c.description());
        assertEquals("L1", c.runs().get(0).name());
        assertEquals(null, c.runs().get(1).name());
        assertEquals(Long.MAX_VALUE, c.runs().get(1).entries());
        assertEquals(new Budget.BitsPerEntry(0.5), c.budget());
    }

    @Test
    void read_totalBits_isKeptAsTotal() throws Exception {
        assertEquals(new Budget.TotalBits(4_000_000), read(good("[{\"entries\": 5000}]", "{\"totalBits\": 4000000}")).budget());
    }

    static Stream<Arguments> badFiles() {
        return Stream.of(
                Arguments.of("not JSON", "hello", "c.json:1:", "not valid JSON"),
                Arguments.of("empty file", "", "c.json", "empty"),
                Arguments.of("array at top", "[1]", "c.json:1:1", "expected a JSON object"),
                Arguments.of("unknown field", "{\"id\": \"x\", \"colour\": 1}", "c.json:1:13: colour", "unknown field"),
                Arguments.of("duplicate field", "{\"id\": \"x\", \"id\": \"y\"}", "c.json:1:", "Duplicate field 'id'"),
                Arguments.of("missing id", "{\"runs\": [{\"entries\": 1}], \"budget\": {\"totalBits\": 1}}",
                        "c.json:1:1: id", "missing"),
                Arguments.of("missing runs", "{\"id\": \"x\", \"budget\": {\"totalBits\": 1}}", "c.json:1:1: runs",
                        "missing"),
                Arguments.of("missing budget", "{\"id\": \"x\", \"runs\": [{\"entries\": 1}]}", "c.json:1:1: budget",
                        "missing"),
                Arguments.of("empty budget", good("[{\"entries\": 1}]", "{}"), "budget", "needs one of"),
                Arguments.of("both budgets", good("[{\"entries\": 1}]", "{\"bitsPerEntry\": 1, \"totalBits\": 2}"),
                        "budget.totalBits", "only one of"),
                Arguments.of("unknown budget", good("[{\"entries\": 1}]", "{\"bits\": 1}"), "budget.bits",
                        "unknown field"),
                Arguments.of("zero entries", good("[{\"entries\": 0}]", "{\"totalBits\": 1}"), "runs[0].entries",
                        "positive integer, got 0"),
                Arguments.of("negative entries", good("[{\"entries\": 1}, {\"entries\": -5}]", "{\"totalBits\": 1}"),
                        "c.json:1:50: runs[1].entries", "got -5"),
                Arguments.of("fractional entries", good("[{\"entries\": 1.5}]", "{\"totalBits\": 1}"),
                        "runs[0].entries", "whole number, got 1.5"),
                Arguments.of("exponent entries", good("[{\"entries\": 1e3}]", "{\"totalBits\": 1}"),
                        "runs[0].entries", "whole number"),
                Arguments.of("string entries", good("[{\"entries\": \"10\"}]", "{\"totalBits\": 1}"),
                        "runs[0].entries", "got the string \"10\""),
                Arguments.of("null entries", good("[{\"entries\": null}]", "{\"totalBits\": 1}"),
                        "runs[0].entries", "got null"),
                Arguments.of("oversized entries", good("[{\"entries\": 9223372036854775808}]", "{\"totalBits\": 1}"),
                        "runs[0].entries", "larger than 2^63-1"),
                Arguments.of("huge literal", good("[{\"entries\": 1" + "0".repeat(100) + "}]", "{\"totalBits\": 1}"),
                        "c.json:1:", "too large"),
                Arguments.of("missing entries", good("[{\"name\": \"L1\"}]", "{\"totalBits\": 1}"),
                        "runs[0].entries", "missing"),
                Arguments.of("empty runs", good("[]", "{\"totalBits\": 1}"), "c.json:1:21: runs", "at least one run"),
                Arguments.of("runs not array", good("{}", "{\"totalBits\": 1}"), "runs", "expected an array"),
                Arguments.of("run not object", good("[5]", "{\"totalBits\": 1}"), "runs[0]", "expected a run object"),
                Arguments.of("unknown run field", good("[{\"entries\": 1, \"size\": 2}]", "{\"totalBits\": 1}"),
                        "runs[0].size", "unknown field"),
                Arguments.of("null name", good("[{\"entries\": 1, \"name\": null}]", "{\"totalBits\": 1}"),
                        "runs[0].name", "expected a string, got null"),
                Arguments.of("negative budget", good("[{\"entries\": 1}]", "{\"bitsPerEntry\": -1}"),
                        "budget.bitsPerEntry", "must be >= 0"),
                Arguments.of("string budget", good("[{\"entries\": 1}]", "{\"bitsPerEntry\": \"10\"}"),
                        "budget.bitsPerEntry", "expected a number"),
                Arguments.of("null budget", good("[{\"entries\": 1}]", "{\"totalBits\": null}"),
                        "budget.totalBits", "got null"),
                Arguments.of("absurd bits per entry", good("[{\"entries\": 1}]", "{\"bitsPerEntry\": 5000}"),
                        "budget.bitsPerEntry", "over the limit"),
                Arguments.of("infinite budget", good("[{\"entries\": 1}]", "{\"totalBits\": 1e400}"),
                        "budget.totalBits", "too large"),
                Arguments.of("unsafe id", "{\"id\": \"../etc\", \"runs\": [{\"entries\": 1}], \"budget\": {\"totalBits\": 1}}",
                        "c.json:1:8: id", "not a safe id"),
                Arguments.of("upper-case id", "{\"id\": \"Seed\"}", "id", "not a safe id"),
                Arguments.of("numeric id", "{\"id\": 5}", "c.json:1:8: id", "expected a string"),
                Arguments.of("absurd nesting", good("[{\"entries\": 1}]", "{\"totalBits\": 1}")
                        .replace("{\"id\"", "{\"description\": " + "[".repeat(5000) + "]".repeat(5000) + ", \"id\""),
                        "c.json:1:17: description", "expected a string, got an array"),
                Arguments.of("trailing garbage", good("[{\"entries\": 1}]", "{\"totalBits\": 1}") + " x",
                        "c.json:1:", ""),
                Arguments.of("second object", good("[{\"entries\": 1}]", "{\"totalBits\": 1}") + "\n{}",
                        "c.json:2:1", "unexpected content after the case object"),
                Arguments.of("line comment", "{\"id\": \"x\", // note\n\"runs\": []}", "c.json:1:13",
                        "comments are not allowed in JSON"),
                Arguments.of("block comment", "{/* note */ \"id\": \"x\"}", "c.json:1:2",
                        "comments are not allowed in JSON"),
                Arguments.of("trailing comma in object", "{\"id\": \"x\",}", "c.json:1:12",
                        "a comma before '}' is not allowed in JSON (trailing comma)"),
                Arguments.of("trailing comma in array", good("[{\"entries\": 1},]", "{\"totalBits\": 1}"),
                        "c.json:1:37", "a comma before ']' is not allowed in JSON (trailing comma)"),
                Arguments.of("single quotes", "{'id': 'x'}", "c.json:1:2", "need double quotes"),
                Arguments.of("unclosed object", "{\"id\": \"x\"", "c.json:1:", "the file ends before every"),
                Arguments.of("total bits far over the per-entry limit",
                        good("[{\"entries\": 1}]", "{\"totalBits\": 1e308}"),
                        "c.json:1:" + (good("[{\"entries\": 1}]", "{\"totalBits\": 1e308}").indexOf("1e308") + 1)
                                + ": budget.totalBits", "bits per entry, over the limit of 1000"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFiles")
    void read_badFile_refusedWithLocatedOneLineMessage(String label, String json, String where, String what) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> read(json));
        String message = e.getMessage();
        assertTrue(message.startsWith("c.json"), message);
        assertTrue(message.contains(where), () -> "expected '" + where + "' in: " + message);
        assertTrue(message.contains(what), () -> "expected '" + what + "' in: " + message);
        assertFalse(message.contains("\n"), () -> "not one line: " + message);
        assertFalse(message.contains("Exception"), () -> "leaks an exception name: " + message);
        for (String internal : new String[] {"(code ", "Feature", "[Source", "JsonReadFeature"}) {
            assertFalse(message.contains(internal), () -> "leaks parser internals: " + message);
        }
    }

    @Test
    void read_idWithControlOrBidiCharacters_escapedInMessage() {
        for (String id : new String[] {"a\\u202eb", "a\\u0007b", "a\\u2066b", "a\\u0085b"}) {
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> read("{\"id\": \"" + id + "\"}"));
            assertTrue(e.getMessage().contains("\"" + id + "\""), e.getMessage());
            assertTrue(e.getMessage().chars().allMatch(ch -> ch >= 0x20 && ch < 0x7f), e.getMessage());
        }
    }

    @Test
    void read_presentPrefixShare_keptAndZeroResultShareDefaultsToOne() throws Exception {
        String base = "{\"id\": \"p\", \"runs\": [{\"entries\": 10}], \"budget\": {\"bitsPerEntry\": 8}";
        LsmCase only = read(base + ", \"workload\": {\"presentPrefixShare\": 0.25}}");
        assertEquals(0.25, only.presentPrefixShare(), 0.0);
        assertTrue(only.presentPrefixShareGiven());
        assertEquals(new org.monkeyeval.model.Workload.ZeroResultShare(1.0), only.workload());
        LsmCase both = read(base + ", \"workload\": {\"zeroResultShare\": 0.5, \"presentPrefixShare\": 1}}");
        assertEquals(1.0, both.presentPrefixShare(), 0.0);
        assertEquals(new org.monkeyeval.model.Workload.ZeroResultShare(0.5), both.workload());
        LsmCase none = read(base + "}");
        assertEquals(0.0, none.presentPrefixShare(), 0.0);
        assertFalse(none.presentPrefixShareGiven());
    }

    static Stream<Arguments> badPresentPrefixShares() {
        String base = "{\"id\": \"p\", \"runs\": [{\"entries\": 10}], \"budget\": {\"bitsPerEntry\": 8},\n ";
        return Stream.of(
                Arguments.of("above 1", base + "\"workload\": {\"presentPrefixShare\": 1.5}}",
                        "c.json:2:37: workload.presentPrefixShare: is a share of the absent-key lookups and must be in [0, 1], got 1.5"),
                Arguments.of("negative", base + "\"workload\": {\"presentPrefixShare\": -0.1}}",
                        "c.json:2:37: workload.presentPrefixShare: "),
                Arguments.of("a string", base + "\"workload\": {\"presentPrefixShare\": \"0.1\"}}",
                        "c.json:2:37: workload.presentPrefixShare: "),
                Arguments.of("with an uncertain share but no share", base
                        + "\"workload\": {\"presentPrefixShare\": 0.1, \"klRadius\": 0.1}}",
                        "c.json:2:14: workload.zeroResultShare: missing"),
                Arguments.of("misspelt", base + "\"workload\": {\"presentPrefixShares\": 0.1}}",
                        "c.json:2:15: workload.presentPrefixShares: unknown field (expected zeroResultShare,"
                        + " zeroResultShareRange, klRadius, presentPrefixShare)"),
                Arguments.of("empty prefix extractor", base + "\"rocksdb\": {\"prefixExtractor\": \"\"}}",
                        "c.json:2:33: rocksdb.prefixExtractor: is empty"),
                Arguments.of("prefix extractor not a string", base + "\"rocksdb\": {\"prefixExtractor\": 8}}",
                        "c.json:2:33: rocksdb.prefixExtractor: expected a string"),
                Arguments.of("whole-key filtering not a boolean", base + "\"rocksdb\": {\"wholeKeyFiltering\": \"no\"}}",
                        "c.json:2:35: rocksdb.wholeKeyFiltering: "));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badPresentPrefixShares")
    void read_badPrefixFields_refusedWithFileFieldLineAndColumn(String label, String json, String expected) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> read(json));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void read_rocksdbReadPathOptions_kept() throws Exception {
        String base = "{\"id\": \"h\", \"runs\": [{\"entries\": 10, \"level\": 6}], \"budget\": {\"bitsPerEntry\": 8}";
        assertEquals(new RocksDbOptions(7, true, false, "rocksdb.FixedPrefix.8", false), read(base
                + ", \"rocksdb\": {\"prefixExtractor\": \"rocksdb.FixedPrefix.8\", \"wholeKeyFiltering\": false}}").rocksdb());
        assertEquals(new RocksDbOptions(7, true, false, null, true), read(base + ", \"rocksdb\": {}}").rocksdb());
    }

    @Test
    void read_rocksdbTableFormatOptions_keptAndCheckedAndAbsentAsNull() throws Exception {
        String base = "{\"id\": \"h\", \"runs\": [{\"entries\": 10, \"level\": 6}], \"budget\": {\"bitsPerEntry\": 8}";
        assertEquals(new RocksDbOptions(7, true, false, null, true, "kCompactionStyleUniversal", 4, true),
                read(base + ", \"rocksdb\": {\"compactionStyle\": \"kCompactionStyleUniversal\", \"formatVersion\": 4,"
                        + " \"optimizeFiltersForMemory\": true}}").rocksdb());
        RocksDbOptions older = read(base + ", \"rocksdb\": {\"numLevels\": 7}}").rocksdb();
        assertEquals(null, older.compactionStyle());
        assertEquals(null, older.formatVersion());
        assertEquals(null, older.optimizeFiltersForMemory());
        InvalidInputException tooNew = assertThrows(InvalidInputException.class,
                () -> read(base + ",\n  \"rocksdb\": {\"formatVersion\": 8}}"));
        assertTrue(tooNew.getMessage().startsWith("c.json:2:"), tooNew.getMessage());
        assertTrue(tooNew.getMessage().contains("rocksdb.formatVersion: 8 is not a table format_version RocksDB writes"),
                tooNew.getMessage());
        InvalidInputException empty = assertThrows(InvalidInputException.class,
                () -> read(base + ", \"rocksdb\": {\"compactionStyle\": \"\"}}"));
        assertTrue(empty.getMessage().contains("rocksdb.compactionStyle: is empty"), empty.getMessage());
    }

    @Test
    void read_rocksdbOptions_keptWithDefaultsAndCheckedAgainstTheLevels() throws Exception {
        String base = "{\"id\": \"h\", \"runs\": [{\"entries\": 10, \"level\": 6}], \"budget\": {\"bitsPerEntry\": 8}";
        assertEquals(new RocksDbOptions(7, false, true), read(base + ", \"rocksdb\": {\"numLevels\": 7,"
                + " \"levelCompactionDynamicLevelBytes\": false, \"optimizeFiltersForHits\": true}}").rocksdb());
        assertEquals(new RocksDbOptions(7, true, false), read(base + ", \"rocksdb\": {}}").rocksdb());
        assertTrue(read(base + ", \"rocksdb\": {\"optimizeFiltersForHits\": true}}").optimizeFiltersForHits());
        assertFalse(read(base + "}").optimizeFiltersForHits());
        assertEquals(null, read(base + "}").rocksdb());
        InvalidInputException notBool = assertThrows(InvalidInputException.class,
                () -> read(base + ",\n  \"rocksdb\": {\"optimizeFiltersForHits\": 1}}"));
        assertTrue(notBool.getMessage().startsWith("c.json:2:41: rocksdb.optimizeFiltersForHits: "), notBool.getMessage());
        InvalidInputException unknown = assertThrows(InvalidInputException.class,
                () -> read(base + ", \"rocksdb\": {\"blockSize\": 4096}}"));
        assertTrue(unknown.getMessage().contains("rocksdb.blockSize: unknown field"), unknown.getMessage());
        InvalidInputException past = assertThrows(InvalidInputException.class,
                () -> read(base + ", \"rocksdb\": {\"numLevels\": 5}}"));
        assertTrue(past.getMessage().contains("runs[0].level: L6 is past the database's levels (rocksdb.numLevels 5)"),
                past.getMessage());
    }

    @Test
    void read_fieldNameWithBidiOverride_escapedInMessage() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> read("{\"id\u202e\": 1}"));
        assertEquals("c.json:1:2: id\\u202e: unknown field (expected id, description, runs, tree, budget, workload,"
                + " engineGranularity, rocksdb, versionsPerKey)", e.getMessage());
    }

    @Test
    void read_errorOnLaterLine_reportsThatLineAndColumn() {
        String json = "{\n  \"id\": \"x\",\n  \"runs\": [\n    {\"entries\": 10},\n    {\"entries\": 2.5}\n  ],\n"
                + "  \"budget\": {\"totalBits\": 1}\n}\n";
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> read(json));
        assertEquals("c.json:5:17: runs[1].entries: must be a whole number, got 2.5", e.getMessage());
    }

    @Test
    void read_engineGranularity_keptAsTheEngineLabel() throws InvalidInputException {
        LsmCase c = read("{\"id\": \"x\", \"runs\": [{\"entries\": 10}], \"budget\": {\"totalBits\": 1},"
                + " \"engineGranularity\": \"rocksdb-per-level\"}");
        assertEquals("rocksdb-per-level", c.engineGranularity());
        LsmCase none = read("{\"id\": \"x\", \"runs\": [{\"entries\": 10}], \"budget\": {\"totalBits\": 1}}");
        assertEquals(null, none.engineGranularity());
    }

    @Test
    void read_unknownEngineGranularity_namesFieldLineColumnAndTheChoices() {
        String json = "{\"id\": \"x\", \"runs\": [{\"entries\": 10}], \"budget\": {\"totalBits\": 1},\n"
                + "  \"engineGranularity\": \"lmdb\"}";
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> read(json));
        assertEquals("c.json:2:24: engineGranularity: unknown engine 'lmdb' (expected one of pebble,"
                + " pebble-use-l6-filters, rocksdb, rocksdb-per-level, rocksdb-ribbon, rocksdb-legacy, fjall, leveldb, cassandra, hbase)", e.getMessage());
        InvalidInputException notText = assertThrows(InvalidInputException.class, () -> read(
                "{\"id\": \"x\", \"engineGranularity\": 3}"));
        assertTrue(notText.getMessage().contains("engineGranularity: expected a string"), notText.getMessage());
    }
}
