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
 * An OPTIONS-file export of a database that filters key prefixes keeps its prefix_extractor and
 * whole_key_filtering, and its bits per key are per prefix the filters hold (the entries the allocation
 * sized them by); a case that says nothing of prefixes exports whole-key filtering as before.
 */
final class ExportPrefixOptionsTest {

    @TempDir
    Path dir;

    /** One L6 run of 10,000 keys whose filter holds 4,000 prefixes, 41,000 bits: about 10 bits per prefix. */
    private static final String PREFIX_CASE = "{\"id\": \"px\", \"runs\": [{\"name\": \"L6\", \"entries\": 4000,"
            + " \"level\": 6, \"files\": [{\"name\": \"000009.sst\", \"entries\": 10000, \"filterEntries\": 4000,"
            + " \"wholeKeyFiltering\": false, \"prefixExtractor\": \"rocksdb.FixedPrefix.3\", \"filter\":"
            + " {\"family\": \"rocksdb\", \"bits\": 1064, \"parameters\": {\"lines\": 2, \"probes\": 6}}}]}],"
            + " \"budget\": {\"totalBits\": 41000}, \"rocksdb\": {\"numLevels\": 7,"
            + " \"levelCompactionDynamicLevelBytes\": false, \"prefixExtractor\": \"rocksdb.FixedPrefix.3\","
            + " \"wholeKeyFiltering\": false}}";

    private String export(String json) throws Exception {
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Files.writeString(cases.resolve("c.json"), json);
        String id = json.substring(json.indexOf(":") + 3, json.indexOf("\",")).trim();
        Cli.Outcome o = Cli.run("export", "--engine", "rocksdb", "--cases", cases.toString(), "--case", id);
        assertEquals(0, o.exitCode(), o.err());
        return o.out();
    }

    @Test
    void export_prefixOnlyDatabase_keepsItsExtractorAndBitsPerPrefix() throws Exception {
        String out = export(PREFIX_CASE);
        assertTrue(out.contains("\n  prefix_extractor=rocksdb.FixedPrefix.3\n"), out);
        assertTrue(out.contains("\n  whole_key_filtering=false\n"), out);
        Matcher m = Pattern.compile("filter_policy=bloomfilter:([0-9.]+):false").matcher(out);
        assertTrue(m.find(), out);
        // 41,000 bits over the 4,000 prefixes the filter holds, not over the 10,000 keys (4.1 bits)
        assertEquals(10.0, Double.parseDouble(m.group(1)), 1.0, out);
    }

    @Test
    void export_caseWithoutPrefixes_wholeKeyFilteringAsBefore() throws Exception {
        String out = export("{\"id\": \"plain\", \"runs\": [{\"entries\": 1000}], \"budget\": {\"bitsPerEntry\": 10}}");
        assertTrue(out.contains("\n  whole_key_filtering=true\n"), out);
        assertFalse(out.contains("prefix_extractor"), out);
    }
}
