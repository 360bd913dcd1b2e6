package org.monkeyeval.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import org.monkeyeval.model.LsmCase;
import org.monkeyeval.model.RunFile;
import org.monkeyeval.text.InvalidInputException;

/**
 * A run's {@code files} parse to exactly what they say, and every bad file entry is refused naming
 * the case file, the field path and the line:column of the offending token; a run without files
 * reads as before.
 */
final class CaseReaderFilesTest {

    private static LsmCase read(String json) throws InvalidInputException {
        return CaseReader.read("c.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static final String FILTER = "{\"family\": \"rocksdb\", \"bits\": 8000, \"parameters\": {\"lines\": 15, \"probes\": 6}}";

    /** A case of one level run holding {@code files}, its entries {@code entries}. */
    private static String caseWith(long entries, String files) {
        return "{\"id\": \"x\",\n \"runs\": [{\"name\": \"L6\", \"entries\": " + entries + ", \"level\": 6,"
                + " \"currentBitsPerEntry\": 8,\n \"files\": " + files + "}],\n \"budget\": {\"totalBits\": 8000}}";
    }

    @Test
    void read_prefixFiles_runEntriesWhatTheirFiltersHoldOrTheirKeys() throws Exception {
        String files = "[{\"name\": \"a.sst\", \"entries\": 600, \"filterEntries\": 51, \"filter\": " + FILTER + ","
                + " \"wholeKeyFiltering\": false, \"prefixExtractor\": \"rocksdb.FixedPrefix.4\"},"
                + " {\"name\": \"b.sst\", \"entries\": 400, \"filter\": " + FILTER + "}]";
        assertEquals(451, read(caseWith(451, files)).entries(0)); // as import writes it: 51 prefixes, 400 keys
        assertEquals(1000, read(caseWith(1000, files)).entries(0)); // a case written before: the files' keys
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> read(caseWith(900, files)));
        assertTrue(e.getMessage().startsWith("c.json:3:11: runs[0].files: the files' entries sum to 1000 (451 counting"
                + " the filterEntries of the files with a prefixExtractor), not to the run's 900"), e.getMessage());
    }

    @Test
    void read_files_keptAsWritten() throws Exception {
        LsmCase c = read(caseWith(1000, "[{\"name\": \"000012.sst\", \"entries\": 600, \"filterEntries\": 601,"
                + " \"filter\": " + FILTER + ", \"partitioned\": true, \"wholeKeyFiltering\": false,"
                + " \"prefixExtractor\": \"rocksdb.FixedPrefix.4\", \"smallestKey\": \"6b6579\", \"largestKey\": \"6B657A\"},"
                + " {\"name\": \"000013.sst\", \"entries\": 400, \"filter\": {\"family\": \"none\", \"bits\": 0,"
                + " \"parameters\": {}}}]"));
        RunFile a = c.runs().get(0).files().get(0);
        assertEquals(new RunFile("000012.sst", 600, 601L, "rocksdb", Map.of("lines", 15, "probes", 6), 8000, true,
                false, "rocksdb.FixedPrefix.4", "6b6579", "6B657A"), a);
        assertTrue(a.prefixOnly());
        RunFile b = c.runs().get(0).files().get(1);
        assertEquals(new RunFile("000013.sst", 400, null, "none", Map.of(), 0, false, true, null, null, null), b);
        assertEquals(400, b.rateEntries());
    }

    @Test
    void read_separatorGapShare_keptOnTheFile() throws Exception {
        LsmCase c = read(caseWith(1000, "[{\"name\": \"a.sst\", \"entries\": 1000, \"filter\": " + FILTER + ","
                + " \"separatorGapShare\": 0.0125}]"));
        assertEquals(0.0125, c.runs().get(0).files().get(0).separatorGapShare());
        assertEquals(1.0125, c.runs().get(0).files().get(0).blocksPerPositive());
        assertEquals(null, c.runs().get(0).files().get(0).filterRate());
        LsmCase rated = read(caseWith(1000, "[{\"name\": \"a.sst\", \"entries\": 1000, \"filter\": " + FILTER + ","
                + " \"filterRate\": 0.0093}]"));
        assertEquals(0.0093, rated.runs().get(0).files().get(0).filterRate());
    }

    @Test
    void read_newestShare_keptOnTheFile_itsNewestEntriesTheShareOfItsEntries() throws Exception {
        LsmCase c = read(caseWith(1000, "[{\"name\": \"a.sst\", \"entries\": 1000, \"filter\": " + FILTER + ","
                + " \"newestShare\": 0.75}]"));
        assertEquals(0.75, c.runs().get(0).files().get(0).newestShare());
        assertEquals(750.0, c.runs().get(0).files().get(0).newestEntries());
        LsmCase unknown = read(caseWith(1000, "[{\"name\": \"a.sst\", \"entries\": 1000, \"filter\": " + FILTER + "}]"));
        assertEquals(null, unknown.runs().get(0).files().get(0).newestShare());
        assertEquals(1000.0, unknown.runs().get(0).files().get(0).newestEntries());
    }

    @Test
    void read_runWithoutFiles_hasNone() throws Exception {
        LsmCase c = read("{\"id\": \"x\", \"runs\": [{\"entries\": 10, \"currentBitsPerEntry\": 5}],"
                + " \"budget\": {\"totalBits\": 50}}");
        assertTrue(c.runs().get(0).files().isEmpty());
    }

    static Stream<Arguments> badFiles() {
        String file = "{\"name\": \"f.sst\", \"entries\": 1000, \"filter\": " + FILTER + "}";
        return Stream.of(
                Arguments.of("files not an array", caseWith(1000, "{}"), "c.json:3:11: runs[0].files",
                        "expected an array of files"),
                Arguments.of("empty files", caseWith(1000, "[]"), "c.json:3:11: runs[0].files", "at least one file"),
                Arguments.of("entries do not sum", caseWith(999, "[" + file + "]"), "c.json:3:11: runs[0].files",
                        "sum to 1000, not to the run's 999"),
                Arguments.of("unknown field", caseWith(1000, "[{\"colour\": 1}]"), "c.json:3:13: runs[0].files[0].colour",
                        "unknown field"),
                Arguments.of("missing filter", caseWith(1000, "[{\"name\": \"f\", \"entries\": 1000}]"),
                        "c.json:3:12: runs[0].files[0].filter", "missing"),
                Arguments.of("unknown family", caseWith(1000, "[{\"name\": \"f\", \"entries\": 1000, \"filter\":"
                        + " {\"family\": \"cuckoo\", \"bits\": 1, \"parameters\": {}}}]"),
                        "c.json:3:53: runs[0].files[0].filter", "family \"cuckoo\" is not one of"),
                Arguments.of("missing parameter", caseWith(1000, "[{\"name\": \"f\", \"entries\": 1000, \"filter\":"
                        + " {\"family\": \"rocksdb\", \"bits\": 1, \"parameters\": {\"probes\": 6}}}]"),
                        "c.json:3:53: runs[0].files[0].filter", "takes the parameters lines, probes, got probes"),
                Arguments.of("zero parameter", caseWith(1000, "[{\"name\": \"f\", \"entries\": 1000, \"filter\":"
                        + " {\"family\": \"rocksdb\", \"bits\": 1, \"parameters\": {\"lines\": 0, \"probes\": 6}}}]"),
                        "c.json:3:110: runs[0].files[0].filter.parameters.lines", "must be a positive integer, got 0"),
                Arguments.of("partitioned not boolean", caseWith(1000, "[{\"partitioned\": 1}]"),
                        "c.json:3:28: runs[0].files[0].partitioned", "expected true or false"),
                Arguments.of("a run with neither files nor current bits", "{\"id\": \"x\", \"runs\": [{\"entries\": 5},\n"
                        + " {\"entries\": 1000, \"files\": [" + file + "]}], \"budget\": {\"totalBits\": 1}}",
                        "c.json:1:22: runs[0].files", "give files or currentBitsPerEntry on every run"),
                Arguments.of("gap share above 1", caseWith(1000, "[{\"separatorGapShare\": 1.5}]"),
                        "c.json:3:34: runs[0].files[0].separatorGapShare", "must be in [0, 1], got 1.5"),
                Arguments.of("filter rate above 1", caseWith(1000, "[{\"filterRate\": 2}]"),
                        "c.json:3:27: runs[0].files[0].filterRate", "must be in [0, 1], got 2"),
                Arguments.of("newest share above 1", caseWith(1000, "[{\"newestShare\": 1.25}]"),
                        "c.json:3:28: runs[0].files[0].newestShare", "share of the file's entries and must be in [0, 1]"),
                Arguments.of("key not hex", caseWith(1000, "[{\"smallestKey\": \"xyz\"}]"),
                        "c.json:3:28: runs[0].files[0].smallestKey", "expected hex digits"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFiles")
    void read_badFiles_refusedNamingFileFieldLineAndColumn(String what, String json, String where, String problem) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> read(json));
        assertTrue(e.getMessage().startsWith(where), what + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(problem), what + ": " + e.getMessage());
    }
}
