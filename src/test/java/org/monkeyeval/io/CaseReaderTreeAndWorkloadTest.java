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

import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.TreeShape;
import org.monkeyeval.model.Workload;
import org.monkeyeval.text.InvalidInputException;

/**
 * Tree shapes, workloads and per-run lookups in case files: good ones read to what they say, bad ones
 * are refused with one line naming the file, line, column and field.
 */
final class CaseReaderTreeAndWorkloadTest {

    private static LsmCase read(String json) throws InvalidInputException {
        return CaseReader.read("c.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static String tree(String tree) {
        return "{\"id\": \"t\",\n \"tree\": " + tree + ",\n \"budget\": {\"bitsPerEntry\": 10}}";
    }

    @Test
    void read_tree_expandsToItsRunsAndKeepsTheShape() throws Exception {
        LsmCase c = read(tree("{\"policy\": \"tiering\", \"sizeRatio\": 4, \"levels\": 3, \"entries\": 100000,"
                + " \"l0\": {\"runs\": 2, \"entriesPerRun\": 7}}"));
        assertEquals(11, c.runs().size());
        assertEquals("L0.2", c.runs().get(1).name());
        assertEquals(1588, c.runs().get(2).entries());
        assertEquals(TreeShape.Policy.TIERING, c.tree().policy());
        assertEquals(100_014, c.totalEntries().longValueExact());
        assertEquals(Workload.ABSENT_KEYS, c.workload());
    }

    @Test
    void read_workloadAndLevels_areKept() throws Exception {
        LsmCase c = read("{\"id\": \"w\", \"runs\": [{\"entries\": 5, \"level\": 0}, {\"entries\": 50, \"level\": 3}],"
                + " \"budget\": {\"bitsPerEntry\": 10}, \"workload\": {\"zeroResultShare\": 0.25}}");
        assertEquals(new Workload.ZeroResultShare(0.25), c.workload());
        assertEquals(3, c.runs().get(1).level());
    }

    @Test
    void read_lookupsOnEveryRun_makeAMeasuredWorkload() throws Exception {
        LsmCase c = read("{\"id\": \"m\", \"runs\": [{\"entries\": 5, \"lookups\": 0}, {\"entries\": 50, \"lookups\": 9.5}],"
                + " \"budget\": {\"bitsPerEntry\": 10}}");
        assertTrue(c.workload() instanceof Workload.MeasuredLookups);
        assertEquals(9.5, c.runs().get(1).lookups());
    }

    static Stream<Arguments> badFiles() {
        String runs = "[{\"entries\": 1}]";
        return Stream.of(
                Arguments.of("runs and tree", "{\"id\": \"t\", \"runs\": " + runs + ",\n \"tree\": {\"policy\": \"leveling\","
                        + " \"sizeRatio\": 10, \"levels\": 2, \"entries\": 100}, \"budget\": {\"totalBits\": 1}}",
                        "c.json:2:2: runs", "either runs or tree"),
                Arguments.of("tiering with fractional ratio", tree("{\"policy\": \"tiering\", \"sizeRatio\": 4.5,"
                        + " \"levels\": 3, \"entries\": 100000}"), "c.json:2:45: tree.sizeRatio", "whole number"),
                Arguments.of("lazy leveling with fractional ratio", tree("{\"policy\": \"lazy-leveling\", \"sizeRatio\":"
                        + " 2.5, \"levels\": 3, \"entries\": 100000}"), "tree.sizeRatio", "whole number"),
                Arguments.of("ratio below 2", tree("{\"policy\": \"leveling\", \"sizeRatio\": 1.5, \"levels\": 3,"
                        + " \"entries\": 100}"), "c.json:2:46: tree.sizeRatio", "must be >= 2"),
                Arguments.of("unknown policy", tree("{\"policy\": \"size-tiered\", \"sizeRatio\": 4, \"levels\": 3,"
                        + " \"entries\": 100}"), "c.json:2:21: tree.policy", "not a policy"),
                Arguments.of("missing levels", tree("{\"policy\": \"leveling\", \"sizeRatio\": 4, \"entries\": 100}"),
                        "c.json:2:10: tree.levels", "missing"),
                Arguments.of("too deep", tree("{\"policy\": \"leveling\", \"sizeRatio\": 10, \"levels\": 7,"
                        + " \"entries\": 1000}"), "c.json:2:2: tree", "too deep for its entries"),
                Arguments.of("more than a million runs", tree("{\"policy\": \"tiering\", \"sizeRatio\": 100001,"
                        + " \"levels\": 11, \"entries\": 9223372036854775807}"), "c.json:2:10: tree", "more than the limit"),
                Arguments.of("L0 without entries", tree("{\"policy\": \"leveling\", \"sizeRatio\": 4, \"levels\": 2,"
                        + " \"entries\": 100, \"l0\": {\"runs\": 2}}"), "tree.l0.entriesPerRun", "missing"),
                Arguments.of("share above 1", "{\"id\": \"w\", \"runs\": " + runs + ", \"budget\": {\"totalBits\": 1},\n"
                        + " \"workload\": {\"zeroResultShare\": 1.5}}", "c.json:2:34: workload.zeroResultShare",
                        "must be in [0, 1]"),
                Arguments.of("negative share", "{\"id\": \"w\", \"runs\": " + runs + ", \"budget\": {\"totalBits\": 1},"
                        + " \"workload\": {\"zeroResultShare\": -0.1}}", "workload.zeroResultShare", "must be >= 0"),
                Arguments.of("lookups on some runs only", "{\"id\": \"m\",\n \"runs\": [{\"entries\": 5, \"lookups\": 3},"
                        + " {\"entries\": 50}], \"budget\": {\"totalBits\": 1}}", "c.json:2:2: runs[1].lookups",
                        "on every run or on none"),
                Arguments.of("all lookups zero", "{\"id\": \"m\",\n \"runs\": [{\"entries\": 5, \"lookups\": 0},"
                        + " {\"entries\": 50, \"lookups\": 0}], \"budget\": {\"totalBits\": 1}}", "c.json:2:2: runs",
                        "lookups are 0 on every run"),
                Arguments.of("negative lookups", "{\"id\": \"m\", \"runs\": [{\"entries\": 5, \"lookups\": -2}],"
                        + " \"budget\": {\"totalBits\": 1}}", "runs[0].lookups", "must be >= 0"),
                Arguments.of("lookups and workload", "{\"id\": \"m\", \"runs\": [{\"entries\": 5, \"lookups\": 2}],"
                        + " \"budget\": {\"totalBits\": 1},\n \"workload\": {\"zeroResultShare\": 1}}", "c.json:2:2: workload",
                        "not both"),
                Arguments.of("fractional level", "{\"id\": \"m\", \"runs\": [{\"entries\": 5, \"level\": 1.5}],"
                        + " \"budget\": {\"totalBits\": 1}}", "runs[0].level", "whole number"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFiles")
    void read_badTreeOrWorkload_refusedWithLocatedOneLineMessage(String label, String json, String where, String what) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> read(json));
        String message = e.getMessage();
        assertTrue(message.contains(where), () -> "expected '" + where + "' in: " + message);
        assertTrue(message.contains(what), () -> "expected '" + what + "' in: " + message);
        assertFalse(message.contains("\n"), () -> "not one line: " + message);
        assertFalse(message.contains("Exception"), () -> "leaks an exception name: " + message);
    }
}
