package org.monkeyeval.engine.rocksdb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.Env;
import org.rocksdb.OptionsUtil;
import org.rocksdb.RocksDBException;

/**
 * A database's OPTIONS file as text, for the opens that change a few of its lines (the filter policy a
 * process cannot create, a rewrite's filter): its sections, and loading an edited text through a temporary
 * copy outside every database folder, so that the database's own folder is never written.
 */
final class OptionsText {

    /** {@code [TableOptions/BlockBasedTable "NAME"]}: a column family's table options. */
    static final Pattern TABLE_SECTION = Pattern.compile("^\\s*\\[TableOptions/BlockBasedTable \"(.*)\"\\]\\s*$");
    /** {@code [CFOptions "NAME"]}: a column family's options. */
    static final Pattern CF_SECTION = Pattern.compile("^\\s*\\[CFOptions \"(.*)\"\\]\\s*$");
    /** Any section header. */
    static final Pattern SECTION = Pattern.compile("^\\s*\\[.*\\]\\s*$");

    private OptionsText() {
    }

    /** The text of the database's latest OPTIONS file. */
    static String latest(Path dir) throws RocksDBException, IOException {
        String name = OptionsUtil.getLatestOptionsFileName(dir.toString(), Env.getDefault());
        return Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
    }

    /**
     * The value of {@code key} in column family {@code columnFamily}'s section of OPTIONS text
     * ({@code table}: its {@code [TableOptions/BlockBasedTable]} section, else its {@code [CFOptions]} one),
     * empty when the section or the key is not there.
     */
    static java.util.Optional<String> value(String text, String columnFamily, boolean table, String key) {
        Pattern wanted = table ? TABLE_SECTION : CF_SECTION;
        boolean inside = false;
        for (String line : text.split("\n", -1)) {
            if (SECTION.matcher(line).matches()) {
                java.util.regex.Matcher m = wanted.matcher(line);
                inside = m.matches() && m.group(1).equals(columnFamily);
            } else if (inside) {
                int eq = line.indexOf('=');
                if (eq > 0 && line.substring(0, eq).trim().equals(key)) {
                    return java.util.Optional.of(line.substring(eq + 1).trim());
                }
            }
        }
        return java.util.Optional.empty();
    }

    /** Fills {@code options} and {@code descriptors} from OPTIONS text, as RocksDB loads an OPTIONS file. */
    static void load(ConfigOptions config, String text, DBOptions options, List<ColumnFamilyDescriptor> descriptors)
            throws RocksDBException, IOException {
        Path copy = Files.createTempFile("monkey-eval-options", ".ini");
        try {
            Files.writeString(copy, text, StandardCharsets.UTF_8);
            OptionsUtil.loadOptionsFromFile(config, copy.toString(), options, descriptors);
        } finally {
            Files.deleteIfExists(copy);
        }
    }
}
