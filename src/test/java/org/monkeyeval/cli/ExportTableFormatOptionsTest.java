package org.monkeyeval.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An OPTIONS-file export of an imported database keeps its compaction style, and says where it sets a table
 * option otherwise than the database has it (format_version, which decides legacy or fast local Bloom;
 * optimize_filters_for_memory, which changes the filters' size); a case that says nothing of them exports as
 * before.
 */
final class ExportTableFormatOptionsTest {

    @TempDir
    Path dir;

    private static String caseWith(String options) {
        return "{\"id\": \"fmt\", \"runs\": [{\"entries\": 1000, \"level\": 1}, {\"entries\": 10000, \"level\": 2}],"
                + " \"budget\": {\"bitsPerEntry\": 10}, \"rocksdb\": {\"numLevels\": 7,"
                + " \"levelCompactionDynamicLevelBytes\": false" + options + "}}";
    }

    private String export(String engine, String json) throws Exception {
        Path cases = Files.createDirectories(dir.resolve("cases"));
        Files.writeString(cases.resolve("c.json"), json);
        Cli.Outcome o = Cli.run("export", "--engine", engine, "--cases", cases.toString(), "--case", "fmt");
        assertEquals(0, o.exitCode(), o.err());
        return o.out();
    }

    @Test
    void export_legacyDatabaseToFastLocalBloom_saysTheFormatVersionChanges() throws Exception {
        String out = export("rocksdb", caseWith(", \"formatVersion\": 4, \"compactionStyle\": \"kCompactionStyleUniversal\","
                + " \"optimizeFiltersForMemory\": true"));
        assertTrue(out.contains("# the database has format_version=4; this sets 5: below 5 RocksDB builds the legacy"
                + " Bloom filter"), out);
        assertTrue(out.contains("# the database has optimize_filters_for_memory=true; this sets false"), out);
        assertTrue(out.contains("\n  compaction_style=kCompactionStyleUniversal\n"), out);
        assertTrue(out.contains("\n  format_version=5\n"), out);
    }

    @Test
    void export_legacyGranularityOnALegacyDatabase_noDifferenceToState() throws Exception {
        String out = export("rocksdb-legacy", caseWith(", \"formatVersion\": 4, \"optimizeFiltersForMemory\": false"));
        assertTrue(out.contains("\n  format_version=4\n"), out);
        assertFalse(out.contains("# the database has"), out);
    }

    @Test
    void export_caseWithoutTableFormat_asBefore() throws Exception {
        String out = export("rocksdb", caseWith(""));
        assertFalse(out.contains("# the database has"), out);
        assertFalse(out.contains("compaction_style"), out);
    }
}
